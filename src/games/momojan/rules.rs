//! MOMOJAN as the host plays it ([`Play`]): dealing each round from the match's seed, who
//! acts, applying an action, the end. Each other trait of the interface sits in the file that
//! holds its code, the same file in every game: `Stored` in `codes.rs`, `Records` in
//! `records.rs`, `Settings` in `options.rs`, `Computer` in `computer`, `ScenarioFiles` in
//! `scenario` and `Shows` in `shown.rs`.

use super::commitment::deal_proof;
use super::seeded::deal_if_due;
use super::view::SeatView;
use super::{Action, Event, Game, Momojan, RuleError, RuleOptions};
use crate::games::interface::deal::{DealProof, DeckSeed};
use crate::games::interface::seat::{Opponent, PerSeat, Seat, SeatCount};
use crate::games::interface::{Acting, Concession, Finish, Play};

impl Play for Momojan {
    const ID: &'static str = "momojan";

    const SEATS: &'static [SeatCount] = &[SeatCount::TWO];

    type State = Game;

    type Action = Action;

    type Event = Event;

    type Refusal = RuleError;

    type Options = RuleOptions;

    type View = SeatView;

    /// MOMOJAN seats two: `seats` is always [`SeatCount::TWO`].
    fn start(
        seed: &DeckSeed,
        seats: SeatCount,
        first_dealer: Seat,
        options: RuleOptions,
    ) -> (Game, Vec<Event>) {
        debug_assert_eq!(seats, SeatCount::TWO);
        let mut game = Game::new(first_dealer, options);
        let events = deal_if_due(&mut game, seed);
        (game, events)
    }

    fn deal_proof(seed: &DeckSeed, round: u32, _options: &Self::Options) -> DealProof {
        deal_proof(seed, round)
    }

    fn seat_count(_state: &Game) -> SeatCount {
        SeatCount::TWO
    }

    /// Every MOMOJAN decision, a claim included, is one player's turn.
    fn to_act(state: &Game) -> Acting {
        state.to_act().map_or(Acting::Over, Acting::Turn)
    }

    fn legal_actions(state: &Game, seat: Seat) -> Vec<Action> {
        if state.to_act() == Some(seat) {
            state.legal_actions()
        } else {
            Vec::new()
        }
    }

    fn apply(
        state: &mut Game,
        seed: &DeckSeed,
        seat: Seat,
        action: Action,
    ) -> Result<Vec<Event>, RuleError> {
        let mut events = state.apply(seat, action)?;
        events.extend(deal_if_due(state, seed));
        Ok(events)
    }

    fn concede(state: &mut Game, seat: Seat, why: Concession) -> Result<Vec<Event>, RuleError> {
        state.concede(seat, why.into())
    }

    fn view(state: &Game, seat: Seat) -> SeatView {
        state.seat_view(seat)
    }

    fn view_actions(view: &SeatView) -> &[Action] {
        &view.legal_actions
    }

    fn view_seat(view: &SeatView) -> Seat {
        view.seat
    }

    fn balances(state: &Game) -> PerSeat<i64> {
        state.balances
    }

    fn pot(state: &Game) -> i64 {
        state.pot
    }

    fn rounds_played(state: &Game) -> usize {
        state.records.len()
    }

    fn finish(state: &Game) -> Option<Finish> {
        state.outcome.map(|o| Finish {
            ranking: vec![o.winner, o.winner.opponent()],
            reason: o.reason.id(),
            balances: state.balances,
        })
    }

    fn forced_action(state: &Game) -> Option<(Seat, Action)> {
        Some((state.to_act()?, state.riichi_auto_discard()?))
    }

    fn timeout_action(state: &Game, seat: Seat) -> Option<Action> {
        state
            .timeout_action()
            .filter(|_| state.to_act() == Some(seat))
    }
}
