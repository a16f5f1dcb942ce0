//! What a teaching table tells a player about their choices (issue 39): for each legal action
//! what it does for the hand in the game's own terms, and a one-line reason for a move (the
//! `normal` computer's suggestion, and the **Why?** of a computer's move).
//!
//! Both are worked out from ONE seat's view only, so a hint can never show what that seat may
//! not see. A reason is also shown to other players (the **Why?** of a computer's move is
//! computed from the computer's own view and read by the humans at the table), so a reason
//! names only what everyone saw: the piece the move played or took, public discards and calls,
//! who declared riichi — never a piece or a count from the mover's concealed hand.

use super::play::Play;
use super::shows::Words;

/// A game's teaching words.
pub trait Teach: Play {
    /// What each legal action of `view` does for the hand, one [`Words`] per action, in the
    /// order of [`Play::view_actions`] (empty when the seat may not act).
    fn hints(view: &Self::View, options: &Self::Options) -> Vec<(Self::Action, Words)>;
    /// Why `action` is a good move from `view`, in one line that names only public things
    /// (the piece the move plays or takes, public discards): it may be read by other seats.
    fn reason(view: &Self::View, options: &Self::Options, action: Self::Action) -> Words;
}

/// What the games' teaching tests share: views met in a game the `normal` computer plays, and
/// the pieces a reason names.
#[cfg(test)]
pub(crate) mod testing {
    use super::super::computer::{Budget, Computer, Level};
    use super::super::play::Play;
    use super::super::seat::{Seat, SeatCount};
    use super::super::shows::{Piece, Say, Words};

    /// The view of every seat asked to act, at each of the first `steps` decisions of a game
    /// of `seats` dealt from `seed` and played by the `normal` computer (with its choice).
    pub fn views<G: Play + Computer>(
        seed: u8,
        seats: SeatCount,
        steps: usize,
    ) -> Vec<(G::View, G::Action)> {
        let seed = [seed; 32];
        let options = G::Options::default();
        let (mut state, _) = G::start(&seed, seats, Seat::ZERO, options.clone());
        let mut out = Vec::new();
        for step in 0..steps {
            let acting = G::to_act(&state);
            let Some(seat) = acting.first() else { break };
            let view = G::view(&state, seat);
            let Some(action) = G::decide(
                Level::Normal,
                &view,
                &options,
                Budget::samples(4),
                step as u64,
            ) else {
                break;
            };
            out.push((view, action));
            if G::apply(&mut state, &seed, seat, action).is_err() {
                break;
            }
        }
        out
    }

    /// Every piece the words name, at any depth.
    pub fn pieces(words: &Words) -> Vec<Piece> {
        fn walk(say: &Say, out: &mut Vec<Piece>) {
            match say {
                Say::Piece(p) => out.push(p.clone()),
                Say::Pieces(list) => out.extend(list.iter().cloned()),
                Say::Group(g) => out.extend(g.pieces.iter().cloned()),
                Say::Words(w) => w.args.iter().for_each(|(_, s)| walk(s, out)),
                Say::Join(items, _) => items.iter().for_each(|s| walk(s, out)),
                Say::Num(_) | Say::Text(_) | Say::Player(_) => {}
            }
        }
        let mut out = Vec::new();
        words.args.iter().for_each(|(_, s)| walk(s, &mut out));
        out
    }

    /// Whether the words carry a number or a text argument at any depth (a reason must not:
    /// a count or a list of tiles would come from the mover's hand).
    pub fn has_count_or_text(words: &Words) -> bool {
        fn walk(say: &Say) -> bool {
            match say {
                Say::Num(_) | Say::Text(_) => true,
                Say::Words(w) => w.args.iter().any(|(_, s)| walk(s)),
                Say::Join(items, _) => items.iter().any(walk),
                _ => false,
            }
        }
        words.args.iter().any(|(_, s)| walk(s))
    }

    /// A plain discard (`discard`) of each distinct piece of `concealed`, in piece order: the
    /// legal actions of a view set up with a hand to test.
    pub fn each_discard<P: Ord + Clone, A>(concealed: &[P], discard: impl Fn(P) -> A) -> Vec<A> {
        let mut distinct = concealed.to_vec();
        distinct.sort();
        distinct.dedup();
        distinct.into_iter().map(discard).collect()
    }

    /// That `hints` answer the `legal` actions, one each and in their order.
    pub fn assert_hints_cover<A: PartialEq>(hints: &[(A, Words)], legal: &[A]) {
        assert_eq!(hints.len(), legal.len());
        assert!(hints.iter().zip(legal).all(|((a, _), l)| a == l));
    }

    /// That the reason for `action` carries no count or text and names no piece but `public`:
    /// the piece the move played (a discard, a kan) or, for another move, the discard a claim
    /// window is open on.
    pub fn assert_reason_is_public(
        action: &impl std::fmt::Debug,
        why: &Words,
        public: Option<Piece>,
    ) {
        assert!(!has_count_or_text(why), "{action:?}: {why:?}");
        for p in pieces(why) {
            assert!(public.as_ref() == Some(&p), "{action:?} names {p:?}");
        }
    }
}
