//! The seating's randomness: ChaCha8 keyed by the [`Seed`], read through our own uniform draw
//! and shuffle (not `rand`'s, whose values may change between versions), and the fair rule
//! that hands out byes and the computers' table by it.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::Seed;

/// `items` shuffled by `seed` alone (stream 0), with this module's own draw: the same seed
/// gives the same order on every machine and version.
pub fn shuffled<T>(seed: &Seed, items: &mut [T]) {
    Draw::new(seed, 0).shuffle(items);
}

/// ChaCha8 read through this module's own uniform draw and shuffle.
pub(super) struct Draw(ChaCha8Rng);

impl Draw {
    pub(super) fn new(seed: &Seed, stream: u64) -> Draw {
        let mut rng = ChaCha8Rng::from_seed(seed.0);
        rng.set_stream(stream);
        Draw(rng)
    }

    /// Uniform in `0..n` (`n > 0`), by rejection.
    pub(super) fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.0.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }

    /// Fisher–Yates, from the back.
    pub(super) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// The `k` players of `pool` with the fewest `counts`, ties in the seed's order.
pub(super) fn fewest_first(
    pool: &[usize],
    counts: &[u32],
    k: usize,
    draw: &mut Draw,
) -> Vec<usize> {
    let mut order = pool.to_vec();
    draw.shuffle(&mut order);
    order.sort_by_key(|&p| counts[p]);
    order.truncate(k);
    order.sort_unstable();
    order
}
