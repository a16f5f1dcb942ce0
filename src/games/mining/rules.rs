//! Mining mahjong as the host plays it ([`Play`]): the engine's [`Game`] with the part of a
//! move chosen so far ([`Table`]), each round dealt from the match's seed, who acts, applying
//! one part, the end. Each other trait of the interface sits in the file that holds its code:
//! `Stored` in `codes.rs`, `Records` in `records.rs`, `Settings` in `options.rs`, `Computer`
//! in `computer.rs`, `ScenarioFiles` in `scenario.rs` and `Shows` in `shown.rs`.

use super::game::Game;
use super::options::Options;
use super::parts::{self, Act, Next};
use super::round::Phase;
pub use super::table::{seat, wall, Event, Reason, Refusal, Table};
use super::view::SeatView;
use crate::games::interface::deal::{DealProof, DeckSeed};
use crate::games::interface::seat::{PerSeat, Seat, SeatCount, SeatSet};
use crate::games::interface::{Acting, Concession, Finish, Play};
use crate::games::kit::mahjong::tile::Tile;

/// Mining mahjong for 2, 3 or 4 players, the game of `mining-rules.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mining;

/// Why `act` is refused for `seat`.
fn refusal(table: &Table, seat: usize, act: Act) -> Refusal {
    if table.game.over.is_some() {
        return Refusal::GameOver;
    }
    if !table.game.to_act().contains(&seat) {
        return Refusal::NotYourTurn;
    }
    match act {
        Act::Step { .. } => Refusal::BadStep,
        Act::Discard { card, .. } => Refusal::BadTile(card),
        Act::Place(_) | Act::Column(_) | Act::Row(_) => Refusal::BadCell,
        Act::Tsumo { .. } | Act::Ron => Refusal::NoWin,
        Act::Back if table.pending_of(seat).is_none() => Refusal::NothingChosen,
        other => Refusal::NotNow(other),
    }
}

impl Play for Mining {
    const ID: &'static str = "mining";

    const SEATS: &'static [SeatCount] = &[SeatCount::TWO, SeatCount::THREE, SeatCount::FOUR];

    type State = Table;

    type Action = Act;

    type Event = Event;

    type Refusal = Refusal;

    type Options = Options;

    type View = SeatView;

    fn start(
        seed: &DeckSeed,
        seats: SeatCount,
        first_dealer: Seat,
        options: Options,
    ) -> (Table, Vec<Event>) {
        let mut table = Table {
            game: Game::new(options, seats.get(), first_dealer.index()),
            pending: None,
        };
        let events = table.deal_if_due(seed);
        (table, events)
    }

    fn seat_count(state: &Table) -> SeatCount {
        SeatCount::new(state.game.n).unwrap_or(SeatCount::FOUR)
    }

    /// The proof commits to the tile order a round is built from (§2).
    fn deal_proof(seed: &DeckSeed, round: u32, options: &Options) -> DealProof {
        DealProof::new(seed, round, &wall(seed, round, options.aka))
    }

    fn to_act(state: &Table) -> Acting {
        let seats: SeatSet = state.game.to_act().into_iter().map(seat).collect();
        let window = state
            .game
            .round()
            .is_some_and(|r| matches!(r.phase, Phase::Claims { .. } | Phase::Robbing { .. }));
        match seats.single() {
            _ if seats.is_empty() => Acting::Over,
            Some(one) if !window || state.game.choosing => Acting::Turn(one),
            _ => Acting::Claims(seats),
        }
    }

    fn legal_actions(state: &Table, seat: Seat) -> Vec<Act> {
        parts::legal(&state.game, state.pending_of(seat.index()), seat.index())
    }

    fn apply(
        state: &mut Table,
        seed: &DeckSeed,
        seat: Seat,
        action: Act,
    ) -> Result<Vec<Event>, Refusal> {
        let s = seat.index();
        let pending = state.pending_of(s).cloned();
        if !parts::legal(&state.game, pending.as_ref(), s).contains(&action) {
            return Err(refusal(state, s, action));
        }
        match parts::next(&state.game, pending.as_ref(), s, action) {
            Next::Pending(p) => {
                state.pending = p;
                Ok(Vec::new())
            }
            Next::Complete(a) => {
                let rounds = state.game.rounds.len();
                let transfers = state.game.round().map_or(0, |r| r.transfers.len());
                let was_over = state.game.over.is_some();
                // The part is legal, so the engine takes the whole action it completes (and
                // a refused one leaves its game unchanged).
                state
                    .game
                    .apply(s, a)
                    .map_err(|_| Refusal::NotNow(action))?;
                state.pending = None;
                let mut events = state.events_since(rounds, transfers, was_over);
                events.extend(state.deal_if_due(seed));
                Ok(events)
            }
        }
    }

    fn concede(state: &mut Table, seat: Seat, why: Concession) -> Result<Vec<Event>, Refusal> {
        let end = super::scenario::end_of(why);
        state
            .game
            .concede(seat.index(), end)
            .map_err(|_| Refusal::GameOver)?;
        state.pending = None;
        Ok(vec![Event::Ended { reason: end }])
    }

    fn view(state: &Table, seat: Seat) -> SeatView {
        SeatView::of(state, seat)
    }

    fn view_actions(view: &SeatView) -> &[Act] {
        &view.legal_actions
    }

    fn view_seat(view: &SeatView) -> Seat {
        view.seat
    }

    fn balances(state: &Table) -> PerSeat<i64> {
        PerSeat::from_vec(state.points()).expect("2 to 4 seats")
    }

    fn pot(state: &Table) -> i64 {
        state.pot()
    }

    fn rounds_played(state: &Table) -> usize {
        state.rounds_played()
    }

    fn finish(state: &Table) -> Option<Finish> {
        let reason = state.game.over?;
        Some(Finish {
            ranking: state.game.ranking().into_iter().map(seat).collect(),
            reason: reason.id(),
            balances: Mining::balances(state),
        })
    }

    /// A turn with one legal part is no choice (a riichi hand's discard, a path that cannot
    /// go on): the host plays it at once.
    fn forced_action(state: &Table) -> Option<(Seat, Act)> {
        let Acting::Turn(seat) = Mining::to_act(state) else {
            return None;
        };
        match Mining::legal_actions(state, seat).as_slice() {
            [only] => Some((seat, *only)),
            _ => None,
        }
    }

    /// The least that ends a timed-out turn: pass a claim, stand still (an empty path), discard
    /// the tiles just obtained on the default cells, continue after a last-round win.
    fn timeout_action(state: &Table, seat: Seat) -> Option<Act> {
        let legal = Mining::legal_actions(state, seat);
        let obtained: Vec<Tile> = state
            .game
            .round()
            .map(|r| {
                r.players[seat.index()]
                    .obtained
                    .iter()
                    .map(|(t, _)| *t)
                    .collect()
            })
            .unwrap_or_default();
        let latest = obtained.iter().rev().map(|&card| Act::Discard {
            card,
            riichi: false,
        });
        [Act::Pass, Act::Continue, Act::Go]
            .into_iter()
            .chain(latest)
            .find(|a| legal.contains(a))
            .or_else(|| {
                legal.iter().copied().find(|a| {
                    matches!(
                        a,
                        Act::Discard { riichi: false, .. } | Act::Place(_) | Act::Row(_)
                    )
                })
            })
            .or_else(|| legal.iter().copied().find(|a| *a != Act::Back))
    }
}
