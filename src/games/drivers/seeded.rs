//! A game with its secret seed beside it, the way the host keeps one: each round is dealt from
//! the seed the moment it is due, so replaying the same actions from the same seed gives the
//! same game. Written once over [`Play`] for the tests, benches and tools that drive one game
//! by hand.

use crate::games::interface::deal::DeckSeed;
use crate::games::interface::seat::{Seat, SeatCount};
use crate::games::interface::{Concession, Play};

/// A game's state and the seed its decks come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seeded<G: Play> {
    /// Secret until the match ends: it decides every deck.
    pub seed: DeckSeed,
    pub game: G::State,
}

impl<G: Play> Seeded<G> {
    /// A new game at a table of `seats`, its first round dealt, with the events of the deal.
    pub fn start(
        seed: DeckSeed,
        seats: SeatCount,
        first_dealer: Seat,
        options: G::Options,
    ) -> (Seeded<G>, Vec<G::Event>) {
        let (game, events) = G::start(&seed, seats, first_dealer, options);
        (Seeded { seed, game }, events)
    }

    /// Applies one action, dealing the next round if this one ended and the game goes on.
    ///
    /// # Errors
    /// The game's refusal; nothing changes then.
    pub fn apply(&mut self, seat: Seat, action: G::Action) -> Result<Vec<G::Event>, G::Refusal> {
        G::apply(&mut self.game, &self.seed, seat, action)
    }

    /// `seat` resigns or forfeits.
    ///
    /// # Errors
    /// The game's refusal; nothing changes then.
    pub fn concede(&mut self, seat: Seat, why: Concession) -> Result<Vec<G::Event>, G::Refusal> {
        G::concede(&mut self.game, seat, why)
    }
}
