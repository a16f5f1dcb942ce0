//! The draw anyone can check: every seating of an event comes from one 32-byte seed, which
//! no single party chooses. The organiser's side is a secret drawn when the event is created,
//! committed to at once (its SHA-256 is on the sign-up message); the entrants' side is the ids
//! Discord gave their Join clicks. When sign-up closes the seed is SHA-256 of both, and its own
//! SHA-256 is shown; the secret is revealed once the event is over, so that anyone can redo the
//! hashes and the seating.

use sha2::{Digest, Sha256};

/// What the seed's hash starts with, so it cannot be mistaken for another of the bot's hashes.
const DOMAIN: &[u8] = b"momojan tournament seed v1";

/// A fresh organiser's secret.
pub fn fresh_secret() -> [u8; 32] {
    crate::games::interface::deal::fresh_seed()
}

/// SHA-256 of `bytes`: the commitment to a secret or a seed.
pub fn commitment(bytes: &[u8; 32]) -> [u8; 32] {
    Sha256::digest(bytes).into()
}

/// The event's seed: SHA-256 of the domain, the organiser's secret and each entrant's Join
/// interaction id (8 bytes, big-endian), in join order.
pub fn seed(secret: &[u8; 32], joins: &[i64]) -> [u8; 32] {
    let mut hash = Sha256::new();
    hash.update(DOMAIN);
    hash.update(secret);
    for join in joins {
        hash.update(join.to_be_bytes());
    }
    hash.finalize().into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_depends_on_every_side_and_on_the_order() {
        let a = seed(&[1; 32], &[10, 20]);
        assert_eq!(
            a,
            seed(&[1; 32], &[10, 20]),
            "the same inputs give the same seed"
        );
        assert_ne!(a, seed(&[2; 32], &[10, 20]));
        assert_ne!(a, seed(&[1; 32], &[10, 21]));
        assert_ne!(a, seed(&[1; 32], &[20, 10]));
        assert_ne!(a, seed(&[1; 32], &[10]));
        assert_ne!(commitment(&a), a);
        // SHA-256 of 32 zero bytes.
        assert_eq!(
            hex::encode(commitment(&[0; 32])),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
    }
}
