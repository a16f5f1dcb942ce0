//! Shogi mahjong as the host plays it ([`Play`]): dealing each round from the match's seed, who
//! acts, applying an action, the end. Each other trait of the interface sits in the file that
//! holds its code, the same file in every game: `Stored` in `codes.rs`, `Records` in
//! `records.rs`, `Settings` in `options.rs`, `Computer` in `computer`, `ScenarioFiles` in
//! `scenario` and `Shows` in `shown.rs`.

use super::action::{Action, Refusal};
use super::game::{Event, Game};
use super::options::Options;
use super::piece::{full_set, Kind};
use super::view::SeatView;
use super::Shogi;
use crate::games::interface::deal::{shuffled, DealProof, DeckSeed};
use crate::games::interface::seat::{Opponent, PerSeat, Seat, SeatCount};
use crate::games::interface::{Acting, Concession, Finish, Play};

/// The deck of round `round` of the game with this seed.
pub fn deck_for_round(seed: &DeckSeed, round: u32) -> Vec<Kind> {
    shuffled(seed, round, &full_set())
}

fn deal_if_due(game: &mut Game, seed: &DeckSeed) -> Vec<Event> {
    if !game.needs_deal() {
        return Vec::new();
    }
    let deck = deck_for_round(seed, game.records.len() as u32);
    game.deal(&deck).expect("a seeded deck is always complete")
}

impl Play for Shogi {
    const ID: &'static str = "shogi";

    const SEATS: &'static [SeatCount] = &[SeatCount::TWO];

    type State = Game;

    type Action = Action;

    type Event = Event;

    type Refusal = Refusal;

    type Options = Options;

    type View = SeatView;

    /// Shogi mahjong seats two: `seats` is always [`SeatCount::TWO`].
    fn start(
        seed: &DeckSeed,
        seats: SeatCount,
        first_dealer: Seat,
        options: Options,
    ) -> (Game, Vec<Event>) {
        debug_assert_eq!(seats, SeatCount::TWO);
        let mut game = Game::new(first_dealer, options);
        let events = deal_if_due(&mut game, seed);
        (game, events)
    }

    fn deal_proof(seed: &DeckSeed, round: u32, _options: &Self::Options) -> DealProof {
        DealProof::new(seed, round, &deck_for_round(seed, round))
    }

    fn seat_count(_state: &Game) -> SeatCount {
        SeatCount::TWO
    }

    /// Every decision, a ron or a pon included, is one player's turn.
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
    ) -> Result<Vec<Event>, Refusal> {
        let mut events = state.apply(seat, action)?;
        events.extend(deal_if_due(state, seed));
        Ok(events)
    }

    fn concede(state: &mut Game, seat: Seat, why: Concession) -> Result<Vec<Event>, Refusal> {
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

    /// A turn whose only legal action is the draw (or, in riichi, the discard of the piece
    /// drawn) is no choice: the host plays it at once.
    fn forced_action(state: &Game) -> Option<(Seat, Action)> {
        match state.legal_actions().as_slice() {
            [only @ (Action::Draw | Action::Discard { .. })] => Some((state.to_act()?, *only)),
            _ => None,
        }
    }

    /// Decline every claim (draw, or pass with an empty wall) and discard the piece drawn.
    fn timeout_action(state: &Game, seat: Seat) -> Option<Action> {
        if state.to_act() != Some(seat) {
            return None;
        }
        let legal = state.legal_actions();
        let drawn = state.seat_view(seat).drawn;
        let prefer = [
            Some(Action::Draw),
            Some(Action::Pass),
            drawn.map(|card| Action::Discard {
                card,
                riichi: false,
            }),
        ];
        prefer
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
