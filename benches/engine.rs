//! MOMOJAN's engine benchmarks: `legal_actions` at each decision point, win evaluation of a
//! full hand, and a complete random game. Run with `cargo bench --bench engine`. They measure
//! the engine's own functions, so they live in its folder (`src/games/momojan/bench.rs`).

use criterion::{criterion_group, criterion_main};
use momojan::games::registry::benches;

criterion_group!(engine, benches::momojan);
criterion_main!(engine);
