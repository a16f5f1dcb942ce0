//! A game whose decks come from its own secret seed: what the bot plays.

use serde::{Deserialize, Serialize};

use super::action::{Action, Seat};
use super::deck::{deck_for_round, fresh_seed, DeckSeed};
use super::error::RuleError;
use super::game::{Event, Game};
use super::options::RuleOptions;

/// A [`Game`] that deals each round from `deck_for_round(seed, round)` as soon as it is due,
/// so a round is always in play until the game ends. Replaying the same actions from the same
/// seed gives the same game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeededGame {
    /// Secret until the match ends: it decides every deck.
    pub seed: DeckSeed,
    pub game: Game,
}

impl SeededGame {
    /// A new game with a fresh cryptographic seed.
    pub fn new(first_dealer: Seat, options: RuleOptions) -> (SeededGame, Vec<Event>) {
        SeededGame::with_seed(fresh_seed(), first_dealer, options)
    }

    /// A new game with a given seed (replays and tests).
    pub fn with_seed(
        seed: DeckSeed,
        first_dealer: Seat,
        options: RuleOptions,
    ) -> (SeededGame, Vec<Event>) {
        let mut game = SeededGame {
            seed,
            game: Game::new(first_dealer, options),
        };
        let events = game.deal_if_due();
        (game, events)
    }

    /// Applies one action, dealing the next round if this one ended and the game goes on.
    ///
    /// # Errors
    /// As [`Game::apply`]; nothing changes then.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut events = self.game.apply(seat, action)?;
        events.extend(self.deal_if_due());
        Ok(events)
    }

    /// See [`Game::concede`].
    ///
    /// # Errors
    /// As [`Game::concede`].
    pub fn concede(
        &mut self,
        seat: Seat,
        reason: super::EndReason,
    ) -> Result<Vec<Event>, RuleError> {
        self.game.concede(seat, reason)
    }

    fn deal_if_due(&mut self) -> Vec<Event> {
        deal_if_due(&mut self.game, &self.seed)
    }
}

/// Deals the next round from `seed` when one is due (the game goes on and no round is in play).
pub fn deal_if_due(game: &mut Game, seed: &DeckSeed) -> Vec<Event> {
    if !game.needs_deal() {
        return Vec::new();
    }
    let deck = deck_for_round(seed, game.records.len() as u32);
    game.deal(&deck).expect("a seeded deck is always complete")
}
