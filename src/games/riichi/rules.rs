//! Riichi mahjong as the host plays it ([`Play`]): dealing each round from the match's seed, who
//! acts, applying an action, the end. Each other trait of the interface sits in the file that
//! holds its code, the same file in every game: `Stored` in `codes.rs`, `Records` in
//! `records.rs`, `Settings` in `options.rs`, `Computer` in `computer`, `ScenarioFiles` in
//! `scenario` and `Shows` in `shown.rs`.

use super::action::{Action, Refusal};
use super::game::{Event, Game};
use super::options::Options;
use super::view::SeatView;
use super::wall::seeded_wall;
use crate::games::interface::deal::{DealProof, DeckSeed};
use crate::games::interface::seat::{PerSeat, Seat, SeatCount};
use crate::games::interface::{Acting, Finish, Play};
use crate::games::kit::play::forward_play;

/// Four-player riichi mahjong, the game of `riichi-rules.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Riichi;

/// Deals the next round from the seed when one is due.
fn deal_if_due(game: &mut Game, seed: &DeckSeed) -> Vec<Event> {
    if !game.needs_deal() {
        return Vec::new();
    }
    let round = game.records.len() as u32;
    game.deal(seeded_wall(seed, round, game.options.aka))
}

impl Play for Riichi {
    const ID: &'static str = "riichi";

    const SEATS: &'static [SeatCount] = &[SeatCount::FOUR];

    type State = Game;

    type Action = Action;

    type Event = Event;

    type Refusal = Refusal;

    type Options = Options;

    type View = SeatView;

    // Riichi seats four: `seats` is always [`SeatCount::FOUR`].
    forward_play!(start_at(SeatCount::FOUR, deal_if_due));

    fn seat_count(_state: &Game) -> SeatCount {
        SeatCount::FOUR
    }

    /// The proof commits to the wall played: the shuffled 136 tiles, their red fives plain
    /// fives when the game has none.
    fn deal_proof(seed: &DeckSeed, round: u32, options: &Options) -> DealProof {
        DealProof::new(seed, round, &seeded_wall(seed, round, options.aka))
    }

    fn to_act(state: &Game) -> Acting {
        state.acting()
    }

    fn legal_actions(state: &Game, seat: Seat) -> Vec<Action> {
        state.legal_actions(seat)
    }

    forward_play!(apply_dealing(deal_if_due));

    forward_play!(seat_views);

    fn balances(state: &Game) -> PerSeat<i64> {
        state.scores.points
    }

    fn pot(state: &Game) -> i64 {
        state.scores.pot
    }

    fn rounds_played(state: &Game) -> usize {
        state.records.len()
    }

    fn finish(state: &Game) -> Option<Finish> {
        state.outcome.as_ref().map(|o| Finish {
            ranking: o.ranking.clone(),
            reason: o.reason.id(),
            balances: state.scores.points,
        })
    }

    /// A turn with one legal action is no choice (in riichi, the discard of the tile drawn
    /// when it neither wins nor makes a kan): the host plays it at once.
    fn forced_action(state: &Game) -> Option<(Seat, Action)> {
        let Acting::Turn(seat) = state.acting() else {
            return None;
        };
        match state.legal_actions(seat).as_slice() {
            [only @ Action::Discard { .. }] => Some((seat, *only)),
            _ => None,
        }
    }

    /// Pass on every claim, discard the tile drawn (or the first allowed discard), play on.
    fn timeout_action(state: &Game, seat: Seat) -> Option<Action> {
        let legal = state.legal_actions(seat);
        let drawn = state
            .live_round()
            .and_then(|r| r.players[seat].drawn)
            .map(Action::discard);
        [Some(Action::Pass), drawn, Some(Action::Continue)]
            .into_iter()
            .flatten()
            .find(|a| legal.contains(a))
            .or_else(|| {
                legal
                    .iter()
                    .copied()
                    .find(|a| matches!(a, Action::Discard { riichi: false, .. }))
            })
            .or_else(|| legal.first().copied())
    }
}
