//! Shuffled decks from a cryptographically seeded RNG (rules §3.1).
//!
//! A game keeps one 32-byte secret seed; each round's deck is the ChaCha20 stream numbered by
//! the round index, so a match can be replayed from its seed and nothing else.

use rand::{seq::SliceRandom, RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;

use super::card::{full_deck, Card};

/// A secret deck seed.
pub type DeckSeed = [u8; 32];

/// A fresh seed from the operating system's cryptographic RNG.
pub fn fresh_seed() -> DeckSeed {
    let mut seed = [0u8; 32];
    // ThreadRng is a CSPRNG (ChaCha12) seeded and periodically reseeded from the OS.
    rand::rng().fill_bytes(&mut seed);
    seed
}

/// The deck of round `round` of the game with this seed.
pub fn deck_for_round(seed: &DeckSeed, round: u32) -> Vec<Card> {
    let mut rng = ChaCha20Rng::from_seed(*seed);
    rng.set_stream(u64::from(round));
    let mut deck = full_deck();
    deck.shuffle(&mut rng);
    deck
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::check_deck;

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
