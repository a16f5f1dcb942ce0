//! Riichi benchmarks, release, one thread: shanten of 14-tile hands, the legal actions after a
//! draw, complete random hanchan, and the hard computer's decision time. Run with
//! `cargo bench --bench riichi`; the decision alone with `cargo bench --bench riichi --
//! decide/hard`. They measure the engine's own functions, so they live in its folder
//! (`src/games/riichi/bench.rs`).

use criterion::{criterion_group, criterion_main};
use momojan::games::registry::benches;

criterion_group!(riichi, benches::riichi);
criterion_main!(riichi);
