//! Fair-deal proof: before a round is played, anyone may see a SHA-256 commitment to its deck
//! order; after the round, the order and the salt are revealed and anyone can check that the
//! deck was fixed before play.
//!
//! `commitment = SHA-256(salt_hex + ":" + deck)`, where `deck` is the 54 card names in deal
//! order joined by single spaces (`"p1 l5 Dog …"`) and `salt_hex` is 64 lowercase hex digits.
//! The salt comes from the game's secret seed (a ChaCha20 stream of its own), so it is as
//! secret as the seed and never needs storing. Check by hand with:
//! `printf '%s' "SALT:DECK" | sha256sum`.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use sha2::{Digest, Sha256};

use super::card::Card;
use super::deck::{deck_for_round, DeckSeed};

/// Stream numbers from here on are salts; lower ones are decks (one per round).
const SALT_STREAMS: u64 = 1 << 63;

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

/// The proof of round `round` of the game with this seed.
pub fn deal_proof(seed: &DeckSeed, round: u32) -> DealProof {
    let mut rng = ChaCha20Rng::from_seed(*seed);
    rng.set_stream(SALT_STREAMS + u64::from(round));
    let mut salt = [0u8; 32];
    rng.fill_bytes(&mut salt);
    let salt = hex::encode(salt);
    let deck = deck_text(&deck_for_round(seed, round));
    DealProof {
        commitment: commit(&salt, &deck),
        salt,
        deck,
    }
}

/// The deck as the proof spells it.
pub fn deck_text(deck: &[Card]) -> String {
    deck.iter()
        .map(Card::to_string)
        .collect::<Vec<_>>()
        .join(" ")
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
    fn a_proof_verifies_and_a_tampered_one_does_not() {
        let seed = [9u8; 32];
        for round in 0..5 {
            let p = deal_proof(&seed, round);
            assert_eq!(p.commitment.len(), 64);
            assert!(verify(&p.commitment, &p.salt, &p.deck));
            let swapped = p.deck.replacen("Dog", "Cat", 1);
            assert!(!verify(&p.commitment, &p.salt, &swapped));
            let other_salt = deal_proof(&seed, round + 1).salt;
            assert!(!verify(&p.commitment, &other_salt, &p.deck));
        }
    }

    #[test]
    fn the_commitment_is_plain_sha256_of_salt_and_deck() {
        // `printf '%s' 'ab:p1 l2' | sha256sum`
        assert_eq!(
            commit("ab", "p1 l2"),
            hex::encode(Sha256::digest(b"ab:p1 l2"))
        );
        assert_ne!(deal_proof(&[1; 32], 0).salt, deal_proof(&[2; 32], 0).salt);
    }
}
