//! The computer player of shogi mahjong, deciding from one seat's view only. At `easy` and
//! `normal` it wins when it can, declines claims that do not complete a group toward a win, and
//! discards the piece whose removal keeps the most ways to win (waits, then pairs and groups
//! kept), declaring riichi when it may (not at `easy`). At `hard` it searches, playing its
//! candidate moves out in whole games consistent with its view, everything the view hides
//! (the opponent's concealed pieces and the order of the wall) dealt at random, so it never
//! reads what it may not see.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::action::Action;
use super::game::{Game, RoundRecord};
use super::group::waits;
use super::options::Options;
use super::piece::{full_set, Counts, Kind};
use super::round::{Phase, Player, Round};
use super::view::SeatView;
use super::Shogi;
use crate::games::interface::seat::{Opponent, PerSeat};
use crate::games::interface::{Budget, Computer, Level};
use crate::games::kit::choice::first_legal;

impl Computer for Shogi {
    /// `hard` searches (`games::drivers::search`, its candidates played out in the games
    /// [`Computer::sample`] deals); `easy` and `normal` decide from the view alone, the action
    /// of the seat `view` belongs to, `None` when it has none.
    fn decide(
        level: Level,
        view: &SeatView,
        options: &Options,
        budget: Budget,
        seed: u64,
    ) -> Option<Action> {
        if level == Level::Hard {
            return crate::games::drivers::search::choose::<Shogi>(view, options, budget, seed);
        }
        let legal = &view.legal_actions;
        let first = *legal.first()?;
        if let Some(take) = first_legal(legal, &[Action::Tsumo, Action::Ron, Action::Draw]) {
            return Some(take);
        }
        let discards: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Discard { .. }))
            .collect();
        if discards.is_empty() {
            return Some(first);
        }
        let hand = Counts::of(&view.concealed);
        let best = discards
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Discard { riichi: false, .. }))
            .max_by_key(|a| keep_value(&hand, *a))
            .unwrap_or(first);
        // Riichi on the same discard when it may (not at `easy`).
        let riichi = Action::Discard {
            card: discard_card(best),
            riichi: true,
        };
        if level != Level::Easy && legal.contains(&riichi) {
            return Some(riichi);
        }
        Some(best)
    }

    /// A game that gives `view`, with the hidden pieces shuffled by `seed`; `None` between
    /// rounds.
    fn sample(view: &SeatView, seed: u64) -> Option<Game> {
        let public = view.public.round.as_ref()?;
        let me = view.seat;
        let mut unseen = Counts::of(&full_set());
        let mut take = |k: Kind| {
            unseen.remove(k);
        };
        view.concealed.iter().for_each(|&k| take(k));
        for seat in [me, me.opponent()] {
            let p = &public.players[seat];
            for m in &p.melds {
                m.group.pieces().to_vec().into_iter().for_each(&mut take);
            }
            p.discards
                .iter()
                .filter(|d| !d.claimed)
                .for_each(|d| take(d.card));
        }
        public.indicators.iter().for_each(|&k| take(k));
        let mut hidden = unseen.to_vec();
        hidden.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
        let theirs = public.players[me.opponent()].hand_size;
        if hidden.len() < theirs + public.wall_left {
            return None;
        }
        let (their_hand, wall) = hidden.split_at(theirs);
        let player = |seat, concealed: Counts| {
            let p = &public.players[seat];
            Player {
                concealed,
                melds: p.melds.clone(),
                discards: p.discards.clone(),
                riichi: p.riichi,
                chombo_risk: false,
                temporary_furiten: false,
                riichi_furiten: false,
                draws: p.discards.len() as u32,
            }
        };
        let mut players =
            PerSeat::new(player(me, Counts::default()), player(me, Counts::default()));
        players[me] = player(me, Counts::of(&view.concealed));
        players[me.opponent()] = player(me.opponent(), Counts::of(their_hand));
        let discards: u32 = [me, me.opponent()]
            .iter()
            .map(|s| public.players[*s].discards.len() as u32)
            .sum();
        let called = [me, me.opponent()]
            .iter()
            .any(|s| !public.players[*s].melds.is_empty());
        let phase = phase_of(view)?;
        let round = Round::assemble(
            &wall[..public.wall_left],
            &public.indicators,
            public.dealer,
            public.honba,
            players,
            phase,
            discards,
            called,
        );
        let mut game = Game::new(public.dealer, Default::default());
        game.balances = view.public.balances;
        game.pot = view.public.pot;
        game.dealer = public.dealer;
        game.honba = public.honba;
        // The finished rounds are not in the view, only how many there were: empty stand-ins keep
        // the round numbers (nothing the search reads).
        game.records = (0..view.public.rounds_played)
            .map(|index| RoundRecord {
                index: index as u32,
                dealer: public.dealer,
                honba: 0,
                minimum: 2,
                indicators: Vec::new(),
                end: None,
                final_hands: None,
                final_melds: None,
                transfers: Vec::new(),
                balances: view.public.balances,
                pot: 0,
            })
            .collect();
        game.round = Some(round);
        Some(game)
    }
}

fn discard_card(action: Action) -> Kind {
    match action {
        Action::Discard { card, .. } => card,
        _ => Kind::Fu,
    }
}

/// How good the hand is after a discard: its waits first, then pairs and triplets kept.
fn keep_value(hand: &Counts, action: Action) -> (usize, u32, u8) {
    let mut after = *hand;
    after.remove(discard_card(action));
    let waits = waits(&after, &[]).len();
    let shape: u32 = Kind::ALL
        .iter()
        .map(|&k| match after.get(k) {
            0 | 1 => 0,
            2 => 2,
            _ => 3,
        })
        .sum();
    // Prefer keeping dragons and pawns (they make sets), so throw winds first.
    let keep_kind = match discard_card(action) {
        k if k.is_wind() => 2,
        Kind::Fu => 1,
        _ => 0,
    };
    (waits, shape, keep_kind)
}

/// The phase the view shows, with the seat's own drawn piece put back.
fn phase_of(view: &SeatView) -> Option<Phase> {
    let public = view.public.round.as_ref()?;
    Some(match public.phase {
        Phase::Turn { seat, rinshan, .. } => Phase::Turn {
            seat,
            drawn: if seat == view.seat { view.drawn } else { None },
            rinshan,
        },
        other => other,
    })
}
