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
use crate::games::interface::seat::{Seat, SeatCount};
use crate::games::interface::Play;
use crate::games::kit::play::{deal_shuffled, forward_play};

deal_shuffled!(full_set, Kind, Game, Event);

impl Play for Shogi {
    const ID: &'static str = "shogi";

    const SEATS: &'static [SeatCount] = &[SeatCount::TWO];

    type State = Game;

    type Action = Action;

    type Event = Event;

    type Refusal = Refusal;

    type Options = Options;

    type View = SeatView;

    // Shogi mahjong seats two, and every decision, a ron or a pon included, is one player's turn.
    forward_play!(two_seat_game(deal_if_due));

    forward_play!(proof_of(deck_for_round));

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
