//! Fair-deal proof: before a round is played, anyone may see a SHA-256 commitment to its deck
//! order; after the round, the order and the salt are revealed and anyone can check that the
//! deck was fixed before play.
//!
//! `commitment = SHA-256(salt_hex + ":" + deck)`, where `deck` is the 54 card names in deal
//! order joined by single spaces (`"p1 l5 Dog …"`) and `salt_hex` is 64 lowercase hex digits.
//! The salt comes from the game's secret seed (a ChaCha20 stream of its own), so it is as
//! secret as the seed and never needs storing. Check by hand with:
//! `printf '%s' "SALT:DECK" | sha256sum`.

use super::deck::{deck_for_round, DeckSeed};
pub use crate::games::interface::deal::{commit, verify, DealProof};

/// The proof of round `round` of the game with this seed.
pub fn deal_proof(seed: &DeckSeed, round: u32) -> DealProof {
    DealProof::new(seed, round, &deck_for_round(seed, round))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sha2::{Digest, Sha256};

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
