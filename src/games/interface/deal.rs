//! Seeded decks and the fair-deal proof, shared by every game.
//!
//! A match keeps one 32-byte secret seed. Round `r`'s deck is the game's full deck shuffled by
//! the ChaCha20 stream numbered `r`; its salt comes from a stream of its own above
//! [`SALT_STREAMS`], so it is as secret as the seed and never needs storing. Before a round
//! anyone may see `commitment = SHA-256(salt_hex + ":" + deck)` (the deck's pieces in deal order,
//! joined by single spaces); after it the salt and the deck are revealed and anyone can check
//! that the deck was fixed before play: `printf '%s' "SALT:DECK" | sha256sum`.

use std::fmt::Display;

use rand::{seq::SliceRandom, RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use sha2::{Digest, Sha256};

use crate::games::interface::seat::{Seat, SeatCount};

/// A secret deck seed.
pub type DeckSeed = [u8; 32];

/// Stream numbers from here on are salts; lower ones are decks (one per round).
const SALT_STREAMS: u64 = 1 << 63;

/// The stream that seats the players and picks the first dealer (below the salts, far above
/// any round).
const SEATING_STREAM: u64 = SALT_STREAMS - 1;

/// A fresh seed from the operating system's cryptographic RNG.
pub fn fresh_seed() -> DeckSeed {
    let mut seed = [0u8; 32];
    // ThreadRng is a CSPRNG (ChaCha12) seeded and periodically reseeded from the OS.
    rand::rng().fill_bytes(&mut seed);
    seed
}

/// `full` shuffled for round `round` of the game with this seed.
pub fn shuffled<T: Clone>(seed: &DeckSeed, round: u32, full: &[T]) -> Vec<T> {
    let mut rng = ChaCha20Rng::from_seed(*seed);
    rng.set_stream(u64::from(round));
    let mut deck = full.to_vec();
    deck.shuffle(&mut rng);
    deck
}

/// Who sits where and who deals first, from the match's seed: `order[k]` is the index (in the
/// order the players came to the table) of the player in seat k, and the first dealer is a
/// seat drawn from the same stream. Anyone can check it once the seed is revealed.
pub fn seating(seed: &DeckSeed, seats: SeatCount) -> (Vec<usize>, Seat) {
    let mut rng = ChaCha20Rng::from_seed(*seed);
    rng.set_stream(SEATING_STREAM);
    let mut order: Vec<usize> = (0..seats.get()).collect();
    order.shuffle(&mut rng);
    let first = seats
        .seats()
        .nth(rng.next_u32() as usize % seats.get())
        .expect("a seat of the table");
    (order, first)
}

/// What is published before a round and what is revealed after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealProof {
    /// Published at the deal: 64 hex digits.
    pub commitment: String,
    /// Revealed after the round.
    pub salt: String,
    /// Revealed after the round: the deck in deal order.
    pub deck: String,
}

impl DealProof {
    /// The proof of a round whose deck is `deck`.
    pub fn new<T: Display>(seed: &DeckSeed, round: u32, deck: &[T]) -> DealProof {
        let salt = salt(seed, round);
        let deck = deck_text(deck);
        DealProof {
            commitment: commit(&salt, &deck),
            salt,
            deck,
        }
    }
}

/// The salt of round `round`, as 64 lowercase hex digits.
fn salt(seed: &DeckSeed, round: u32) -> String {
    let mut rng = ChaCha20Rng::from_seed(*seed);
    rng.set_stream(SALT_STREAMS + u64::from(round));
    let mut salt = [0u8; 32];
    rng.fill_bytes(&mut salt);
    hex::encode(salt)
}

/// The deck as the proof spells it: each piece's name, separated by single spaces.
pub fn deck_text<T: Display>(deck: &[T]) -> String {
    deck.iter().map(T::to_string).collect::<Vec<_>>().join(" ")
}

/// SHA-256 of `salt:deck`, as 64 lowercase hex digits.
pub fn commit(salt: &str, deck: &str) -> String {
    hex::encode(Sha256::digest(format!("{salt}:{deck}").as_bytes()))
}

/// Whether a revealed salt and deck match a published commitment.
pub fn verify(commitment: &str, salt: &str, deck: &str) -> bool {
    commit(salt, deck).eq_ignore_ascii_case(commitment.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shuffles_are_reproducible_and_differ_by_round_and_seed() {
        let full: Vec<u32> = (0..40).collect();
        let a = shuffled(&[7; 32], 0, &full);
        assert_eq!(a, shuffled(&[7; 32], 0, &full));
        assert_ne!(a, shuffled(&[7; 32], 1, &full));
        assert_ne!(a, shuffled(&[8; 32], 0, &full));
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, full);
        assert_ne!(fresh_seed(), fresh_seed());
    }

    #[test]
    fn the_commitment_is_plain_sha256_of_salt_and_deck() {
        // `printf '%s' 'ab:p1 l2' | sha256sum`
        assert_eq!(
            commit("ab", "p1 l2"),
            hex::encode(Sha256::digest(b"ab:p1 l2"))
        );
        let p = DealProof::new(&[1; 32], 0, &["a", "b"]);
        assert!(verify(&p.commitment, &p.salt, &p.deck));
        assert!(!verify(&p.commitment, &p.salt, "b a"));
        assert_ne!(p.salt, DealProof::new(&[2; 32], 0, &["a", "b"]).salt);
    }
}
