//! The beginners' card mahjong as the host plays it ([`Play`]): dealing each round from the match's seed, who
//! acts, applying an action, the end. Each other trait of the interface sits in the file that
//! holds its code, the same file in every game: `Stored` in `codes.rs`, `Records` in
//! `records.rs`, `Settings` in `options.rs`, `Computer` in `computer`, `ScenarioFiles` in
//! `scenario` and `Shows` in `shown.rs`.

use super::action::{Action, Refusal};
use super::card::{full_deck, Card};
use super::game::{Event, Game};
use super::options::Options;
use super::round::Phase;
use super::view::SeatView;
use crate::games::interface::deal::DeckSeed;
use crate::games::interface::seat::{Seat, SeatCount};
use crate::games::interface::{Acting, Finish, Play};
use crate::games::kit::play::{deal_shuffled, forward_play};

/// かんたん麻雀ボドゲ, the game of `beginners-rules.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Beginners;

deal_shuffled!(full_deck, Card, Game, Event);

impl Play for Beginners {
    const ID: &'static str = super::scenario::GAME_ID;

    const SEATS: &'static [SeatCount] = &SeatCount::ALL;

    type State = Game;

    type Action = Action;

    type Event = Event;

    type Refusal = Refusal;

    type Options = Options;

    type View = SeatView;

    fn start(
        seed: &DeckSeed,
        seats: SeatCount,
        first_dealer: Seat,
        options: Options,
    ) -> (Game, Vec<Event>) {
        let mut game = Game::new(seats, first_dealer, options);
        let events = deal_if_due(&mut game, seed);
        (game, events)
    }

    fn seat_count(state: &Game) -> SeatCount {
        state.seats
    }

    forward_play!(proof_of(deck_for_round));

    fn to_act(state: &Game) -> Acting {
        match state.round.as_ref().map(|r| r.phase) {
            _ if state.is_over() => Acting::Over,
            Some(Phase::Turn { seat, .. }) => Acting::Turn(seat),
            Some(Phase::Claims(window)) => Acting::Claims(window.pending),
            // A round is dealt as soon as one ends and the game goes on.
            Some(Phase::Over) | None => Acting::Over,
        }
    }

    fn legal_actions(state: &Game, seat: Seat) -> Vec<Action> {
        state.legal_actions(seat)
    }

    forward_play!(apply_dealing(deal_if_due));

    forward_play!(seat_views);

    forward_play!(kept_points);

    fn finish(state: &Game) -> Option<Finish> {
        state.outcome.as_ref().map(|o| Finish {
            ranking: o.ranking.clone(),
            reason: o.reason.id(),
            balances: state.balances,
        })
    }

    /// A turn whose only legal action is the draw, or (in riichi) the discard of the card
    /// drawn, is no choice: the host plays it at once.
    fn forced_action(state: &Game) -> Option<(Seat, Action)> {
        let Acting::Turn(seat) = Self::to_act(state) else {
            return None;
        };
        match state.legal_actions(seat).as_slice() {
            [only @ (Action::Draw | Action::Discard { .. })] => Some((seat, *only)),
            _ => None,
        }
    }

    /// Pass on a discard, draw, and throw the card drawn: never a win, a call or riichi.
    fn timeout_action(state: &Game, seat: Seat) -> Option<Action> {
        let legal = state.legal_actions(seat);
        let drawn = state.seat_view(seat).drawn.map(|card| Action::Discard {
            card,
            riichi: false,
        });
        [Some(Action::Pass), Some(Action::Draw), drawn]
            .into_iter()
            .flatten()
            .find(|a| legal.contains(a))
            .or_else(|| legal.first().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_deals_a_fresh_shuffle_of_the_108_cards_with_its_proof() {
        let seed = [5; 32];
        let deck = deck_for_round(&seed, 0);
        assert_eq!(crate::games::beginners::card::check_deck(&deck), Ok(()));
        assert_ne!(deck, deck_for_round(&seed, 1));
        let proof = Beginners::deal_proof(&seed, 0, &Options::default());
        assert_eq!(proof.deck.split(' ').count(), 108);
        assert!(crate::games::interface::deal::verify(
            &proof.commitment,
            &proof.salt,
            &proof.deck
        ));
        let (game, _) = Beginners::start(&seed, SeatCount::THREE, Seat::ONE, Options::default());
        assert_eq!(game.round.as_ref().unwrap().deck, deck);
        assert_eq!(Beginners::to_act(&game), Acting::Turn(Seat::ONE));
        assert_eq!(
            Beginners::forced_action(&game),
            Some((Seat::ONE, Action::Draw))
        );
    }
}
