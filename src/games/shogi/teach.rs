//! Shogi mahjong's teaching words ([`Teach`]): each choice's effect on the hand in this game's
//! terms — the pieces a discard leaves it waiting on (each with the copies the seat has not
//! seen), or, one piece short, which pieces would make it ready — and a one-line reason for a
//! move. Both from one seat's view; a reason names only the piece the move played or took and
//! who declared riichi, because the other player reads it too (the **Why?** of a computer's
//! move).

use super::action::Action;
use super::group::{waits, Group};
use super::options::Options;
use super::piece::{Counts, Kind};
use super::shown::piece;
use super::view::SeatView;
use super::Shogi;
use crate::games::interface::seat::Seat;
use crate::games::interface::{Say, Teach, Words};

impl Teach for Shogi {
    fn hints(view: &SeatView, _options: &Options) -> Vec<(Action, Words)> {
        let reader = Reader::of(view);
        view.legal_actions
            .iter()
            .map(|&a| (a, reader.hint(a)))
            .collect()
    }

    fn reason(view: &SeatView, _options: &Options, action: Action) -> Words {
        let reader = Reader::of(view);
        let claimed = view.public.round.as_ref().and_then(|r| r.claimable);
        let on = |key: &'static str, k: Kind| Words::with(key, vec![("piece", piece(k).into())]);
        match action {
            Action::Tsumo | Action::Ron => Words::key("shogi-reason-win"),
            Action::Draw => match claimed {
                Some(k) => on("shogi-reason-draw", k),
                None => Words::key("shogi-reason-draw-plain"),
            },
            Action::Discard { card, riichi: true } => on("shogi-reason-riichi", card),
            Action::Discard { card, .. } => reader.discard_reason(card),
            Action::Pon { .. } | Action::Daiminkan { .. } => match claimed {
                Some(k) => on("shogi-reason-call", k),
                None => Words::key("shogi-reason-call-plain"),
            },
            Action::Ankan { card } | Action::Kakan { card } => on("shogi-reason-kan", card),
            Action::Pass => Words::key("shogi-reason-pass"),
        }
    }
}

/// One seat's hand and what it sees.
struct Reader<'a> {
    view: &'a SeatView,
    hand: Counts,
    declared: Vec<Group>,
    /// Copies of each kind the seat has not seen.
    unseen: [u8; 8],
}

impl<'a> Reader<'a> {
    fn of(view: &'a SeatView) -> Reader<'a> {
        let hand = Counts::of(&view.concealed);
        let mut seen = hand;
        let mut declared = Vec::new();
        if let Some(round) = &view.public.round {
            round.indicators.iter().for_each(|&k| seen.add(k));
            for (seat, p) in round.players.iter() {
                for m in &p.melds {
                    Kind::ALL
                        .iter()
                        .for_each(|&k| seen.add_n(k, m.group.pieces().get(k)));
                    if seat == view.seat {
                        declared.push(m.group);
                    }
                }
                p.discards
                    .iter()
                    .filter(|d| !d.claimed)
                    .for_each(|d| seen.add(d.card));
            }
        }
        let unseen = Kind::ALL.map(|k| k.copies().saturating_sub(seen.get(k)));
        Reader {
            view,
            hand,
            declared,
            unseen,
        }
    }

    fn hint(&self, action: Action) -> Words {
        match action {
            Action::Draw => Words::key("shogi-teach-draw"),
            Action::Tsumo | Action::Ron => Words::key("shogi-teach-win"),
            Action::Discard { card, riichi } => {
                let mut after = self.hand;
                after.remove(card);
                let key = if riichi {
                    "shogi-teach-riichi"
                } else {
                    "shogi-teach-discard"
                };
                Words::with(key, vec![("piece", piece(card).into())])
                    .and("after", self.after(&after, &self.declared).into())
            }
            Action::Pon { cards } => self.after_taking(&cards),
            Action::Daiminkan { card } => self.after_taking(&[card; 3]),
            Action::Ankan { card } | Action::Kakan { card } => {
                Words::with("shogi-teach-kan", vec![("piece", piece(card).into())])
            }
            Action::Pass => Words::key("shogi-teach-pass"),
        }
    }

    /// A claim using `used` from the hand: the best wait the hand reaches after it and its
    /// discard (the claimed group is declared: read among the seat's groups by the waits).
    fn after_taking(&self, used: &[Kind]) -> Words {
        let mut rest = self.hand;
        used.iter().for_each(|&k| {
            rest.remove(k);
        });
        let best = Kind::ALL
            .iter()
            .filter(|&&k| rest.get(k) > 0)
            .map(|&k| {
                let mut after = rest;
                after.remove(k);
                self.waiting(&after, &self.declared).len()
            })
            .max()
            .unwrap_or(0);
        Words::with("shogi-teach-call", vec![("waits", best.into())])
    }

    /// The kinds `hand` wins on, with their unseen copies.
    fn waiting(&self, hand: &Counts, declared: &[Group]) -> Vec<(Kind, u8)> {
        waits(hand, declared)
            .into_iter()
            .map(|k| (k, self.unseen[k.index()]))
            .collect()
    }

    /// What a hand between turns is: ready with its waits, one piece from ready with the
    /// pieces that would make it so, or farther.
    fn after(&self, hand: &Counts, declared: &[Group]) -> Words {
        let ready = self.waiting(hand, declared);
        if !ready.is_empty() {
            return listed("shogi-teach-ready", &ready);
        }
        let makes_ready: Vec<(Kind, u8)> = Kind::ALL
            .iter()
            .filter(|&&k| self.unseen[k.index()] > 0)
            .filter(|&&k| {
                let mut with = *hand;
                with.add(k);
                Kind::ALL.iter().any(|&d| {
                    let mut after = with;
                    after.remove(d) && !waits(&after, declared).is_empty()
                })
            })
            .map(|&k| (k, self.unseen[k.index()]))
            .collect();
        if makes_ready.is_empty() {
            Words::key("shogi-teach-far")
        } else {
            listed("shogi-teach-one-away", &makes_ready)
        }
    }

    /// Safe against a riichi (in its discards), the discard with the most waits, or another.
    fn discard_reason(&self, card: Kind) -> Words {
        let with = |key: &'static str| Words::with(key, vec![("piece", piece(card).into())]);
        if let Some(player) = self.riichi_with(card) {
            return with("shogi-reason-safe").and("player", Say::Player(player));
        }
        let waits_after = |k: Kind| {
            let mut after = self.hand;
            after.remove(k);
            self.waiting(&after, &self.declared).len()
        };
        let most = self
            .view
            .legal_actions
            .iter()
            .filter_map(|a| match a {
                Action::Discard { card, .. } => Some(waits_after(*card)),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        let shape_after = |k: Kind| {
            let mut after = self.hand;
            after.remove(k);
            shape(&after)
        };
        let best_shape = self
            .view
            .legal_actions
            .iter()
            .filter_map(|a| match a {
                Action::Discard { card, .. } => Some(shape_after(*card)),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        match waits_after(card) {
            0 if most == 0 && shape_after(card) == best_shape => with("shogi-reason-shape"),
            n if n == most && n > 0 => with("shogi-reason-waits"),
            _ => with("shogi-reason-other"),
        }
    }

    /// The opponent in riichi with `card` among its discards.
    fn riichi_with(&self, card: Kind) -> Option<Seat> {
        let round = self.view.public.round.as_ref()?;
        round
            .players
            .iter()
            .find(|(s, p)| {
                *s != self.view.seat && p.riichi && p.discards.iter().any(|d| d.card == card)
            })
            .map(|(s, _)| s)
    }
}

/// What a hand's pairs and sets are worth toward a win: 2 a pair, 3 a triplet or more (as the
/// `normal` computer weighs a hand without waits).
fn shape(hand: &Counts) -> u32 {
    Kind::ALL
        .iter()
        .map(|&k| match hand.get(k) {
            0 | 1 => 0,
            2 => 2,
            _ => 3,
        })
        .sum()
}

/// Words listing pieces with their unseen copies in all.
fn listed(key: &'static str, kinds: &[(Kind, u8)]) -> Words {
    let unseen: u32 = kinds.iter().map(|(_, n)| u32::from(*n)).sum();
    Words::with(
        key,
        vec![
            (
                "pieces",
                Say::Pieces(kinds.iter().map(|(k, _)| piece(*k)).collect()),
            ),
            ("unseen", unseen.into()),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::interface::seat::SeatCount;
    use crate::games::interface::testing::{
        assert_hints_cover, assert_reason_is_public, each_discard, views,
    };

    #[test]
    fn hints_cover_every_choice_and_a_reason_names_only_the_piece_played_or_taken() {
        let mut checked = 0;
        let mut ready = 0;
        for seed in 1..4 {
            for (view, action) in views::<Shogi>(seed, SeatCount::TWO, 300) {
                let hints = Shogi::hints(&view, &Options::default());
                assert_hints_cover(&hints, &view.legal_actions);
                ready += hints
                    .iter()
                    .filter(|(_, w)| {
                        w.args.iter().any(
                            |(_, s)| matches!(s, Say::Words(w) if w.key == "shogi-teach-ready"),
                        )
                    })
                    .count();
                let why = Shogi::reason(&view, &Options::default(), action);
                let played = match action {
                    Action::Discard { card, .. }
                    | Action::Ankan { card }
                    | Action::Kakan { card } => Some(card),
                    _ => None,
                };
                let claimed = view.public.round.as_ref().and_then(|r| r.claimable);
                assert_reason_is_public(&action, &why, played.or(claimed).map(piece));
                checked += 1;
            }
        }
        assert!(checked > 300, "{checked}");
        assert!(ready > 0, "some discard in these games reaches tenpai");
    }

    /// Seat 0's view of its first turn, holding `hand` (8 pieces), with every discard legal
    /// and an empty table.
    fn view_with(hand: &str) -> SeatView {
        let (game, _) = <Shogi as crate::games::interface::Play>::start(
            &[9; 32],
            SeatCount::TWO,
            Seat::ZERO,
            Options::default(),
        );
        let mut view = <Shogi as crate::games::interface::Play>::view(&game, Seat::ZERO);
        view.concealed = crate::games::shogi::piece::parse_pieces(hand).unwrap();
        let round = view.public.round.as_mut().unwrap();
        round.indicators.clear();
        for seat in [Seat::ZERO, Seat::ONE] {
            round.players[seat].discards.clear();
            round.players[seat].melds.clear();
        }
        view.legal_actions = each_discard(&view.concealed, |card| Action::Discard {
            card,
            riichi: false,
        });
        view
    }

    fn after_of(view: &SeatView, card: Kind) -> Words {
        let hints = Shogi::hints(view, &Options::default());
        let (_, w) = hints
            .into_iter()
            .find(|(a, _)| {
                *a == Action::Discard {
                    card,
                    riichi: false,
                }
            })
            .unwrap();
        match &w.args[1].1 {
            Say::Words(after) => (**after).clone(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_discard_to_a_ready_hand_names_its_waits_and_their_unseen_copies() {
        // Kokushi waiting on the king after the second lance goes.
        let view = view_with("FU KY KY KE GI KI KA HI");
        let after = after_of(&view, Kind::Ky);
        assert_eq!(after.key, "shogi-teach-ready");
        assert_eq!(after.args[0].1, Say::Pieces(vec![piece(Kind::Gy)]));
        assert_eq!(after.args[1].1, Say::Num(i64::from(Kind::Gy.copies())));
        let why = Shogi::reason(
            &view,
            &Options::default(),
            Action::Discard {
                card: Kind::Ky,
                riichi: false,
            },
        );
        assert_eq!(why.key, "shogi-reason-waits");
        let why = Shogi::reason(
            &view,
            &Options::default(),
            Action::Discard {
                card: Kind::Fu,
                riichi: false,
            },
        );
        assert_eq!(why.key, "shogi-reason-other");
    }

    #[test]
    fn a_discard_one_piece_short_names_the_pieces_that_would_make_it_ready() {
        // Kokushi one away: a second lance and a second knight, no king yet.
        let view = view_with("FU KY KY KE KE GI KI KA");
        let after = after_of(&view, Kind::Ke);
        assert_eq!(after.key, "shogi-teach-one-away");
        let Say::Pieces(list) = &after.args[0].1 else {
            panic!("{after:?}")
        };
        assert!(list.contains(&piece(Kind::Gy)), "{list:?}");
    }
}
