//! Shuffled decks from a cryptographically seeded RNG (rules §3.1).
//!
//! A game keeps one 32-byte secret seed; each round's deck is the ChaCha20 stream numbered by
//! the round index, so a match can be replayed from its seed and nothing else.

use super::card::{full_deck, Card};
pub use crate::games::interface::deal::{fresh_seed, DeckSeed};

/// The deck of round `round` of the game with this seed.
pub fn deck_for_round(seed: &DeckSeed, round: u32) -> Vec<Card> {
    crate::games::interface::deal::shuffled(seed, round, &full_deck())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::momojan::game::check_deck;

    #[test]
    fn decks_are_complete_reproducible_and_differ_by_round() {
        let seed = [7u8; 32];
        let a = deck_for_round(&seed, 0);
        assert!(check_deck(&a).is_ok());
        assert_eq!(a, deck_for_round(&seed, 0));
        assert_ne!(a, deck_for_round(&seed, 1));
        assert_ne!(fresh_seed(), fresh_seed());
    }
}
