//! Mining mahjong's engine as a fingerprint: the same lines from two builds mean the same
//! legal actions, parts, placements, states and refusals over random games at 2–4 seats under
//! every movement option (see `games/mining/trace.rs`). Build it before and after a change to
//! the engine and compare the outputs.
//!
//! `cargo run --release --features test-support --example mining_trace [games]` (default 12).

fn main() {
    let arg = std::env::args().nth(1);
    if arg.as_deref() == Some("--help") {
        println!("Usage: mining_trace [games]  (random games a configuration, default 12)");
        return;
    }
    let games: u64 = arg.and_then(|a| a.parse().ok()).unwrap_or(12);
    print!("{}", momojan::games::registry::traces::mining(games));
}
