//! MOMOJAN behind the host's game interface ([`Rules`]): thin calls into the engine.

use super::ai;
use super::commitment::deal_proof;
use super::seeded::deal_if_due;
use super::view::SeatView;
use super::{Action, Event, Game, RuleError, RuleOptions};
use crate::games::interface::deal::{DealProof, DeckSeed};
use crate::games::interface::seat::{Opponent, PerSeat, Seat, SeatCount};
use crate::games::interface::ScenarioError;
use crate::games::interface::{
    Acting, Computer, Concession, Finish, LedgerEntry, MoveCounters, Play, Records, ScenarioFiles,
    SeatRecord, Settings, Stored,
};
use crate::games::interface::{Budget, Level};

/// MOMOJAN (桃雀), the game of `momojan-rules.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Momojan;

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

impl Stored for Momojan {
    /// A state from a newer release is refused rather than read wrong.
    fn restore(json: &str) -> Result<Game, String> {
        Game::from_json(json).map_err(|e| e.to_string())
    }

    fn starts_round(event: &Event) -> bool {
        matches!(event, Event::RoundStarted { .. })
    }

    fn action_code(action: Action) -> String {
        super::codes::action_code(action)
    }

    fn parse_action(code: &str) -> Option<Action> {
        super::codes::parse_action(code)
    }
}

impl Records for Momojan {
    const END_REASONS: &'static [&'static str] = &[
        "normal",
        "five_dealer_wins",
        "oshimai",
        "bust",
        "ante_unpaid",
        "resigned",
        "forfeit",
    ];

    const TRANSFER_REASONS: &'static [&'static str] = super::records::TRANSFER_REASONS;

    fn ledger(before: Option<&Game>, after: &Game, events: &[Event]) -> Vec<LedgerEntry> {
        super::records::ledger(before, after, events)
    }

    fn move_counters(before: &Game, after: &Game, seat: Seat, action: Action) -> MoveCounters {
        super::records::move_counters(before, after, seat, action)
    }

    fn seat_record(state: &Game, seat: Seat) -> SeatRecord {
        super::records::seat_record(state, seat)
    }
}

impl Settings for Momojan {
    fn set_yaku(options: &mut RuleOptions, id: &str, value: u32) -> Result<(), String> {
        let yaku = super::yaku::Yaku::from_id(id).ok_or_else(|| format!("no yaku {id:?}"))?;
        options.yaku_points.set(yaku, value);
        Ok(())
    }

    fn yaku_ids() -> Vec<&'static str> {
        super::Yaku::ALL.iter().map(|y| y.id()).collect()
    }
}

impl Computer for Momojan {
    fn decide(
        level: Level,
        view: &SeatView,
        options: &RuleOptions,
        budget: Budget,
        seed: u64,
    ) -> Option<Action> {
        ai::decide(level, view, options, budget, seed)
    }

    /// MOMOJAN's `hard` computer has a search of its own (`ai::hard`), tuned to its piles.
    fn sample(_view: &SeatView, _seed: u64) -> Option<Game> {
        None
    }
}

impl ScenarioFiles for Momojan {
    fn scenario(bytes: &[u8]) -> Result<serde_json::Value, ScenarioError> {
        super::scenario::run(bytes)
    }

    fn report(state: &Game) -> serde_json::Value {
        super::scenario::report(state)
    }

    fn scenario_options(options: &RuleOptions) -> serde_json::Value {
        // Every value written out, so the file plays the same whatever the defaults become.
        let points: serde_json::Map<String, serde_json::Value> = super::Yaku::ALL
            .iter()
            .map(|&y| (y.id().to_string(), options.yaku_points.get(y).into()))
            .collect();
        serde_json::json!({ "yaku_points": points })
    }

    fn scenario_action(action: Action) -> serde_json::Value {
        serde_json::to_value(action).expect("actions serialise")
    }
}
