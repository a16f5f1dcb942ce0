//! Mining mahjong's computer players, round by round: each level's share of rounds won, dealt
//! in, with riichi, tenpai at a draw, the share of rounds ended by exhaustion, and each level's
//! decision time (the measuring code is the game's own, `src/games/mining/computer/rates.rs`).
//!
//! `cargo run --release --example mining_computers -- A B DEALS [SEATS] [SAMPLES]`
//! (levels `easy`, `normal`, `hard`; each deal played once with A at every seat; seats default
//! 4; hard's samples default 64, no clock).

use momojan::games::interface::seat::SeatCount;
use momojan::games::interface::Level;
use momojan::games::registry::benches::mining_computers;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let level = |i: usize, d: Level| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let deals: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(50);
    let seats = args
        .get(3)
        .and_then(|s| s.parse().ok())
        .and_then(SeatCount::new)
        .unwrap_or(SeatCount::FOUR);
    let samples: u32 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(64);
    print!(
        "{}",
        mining_computers(
            level(0, Level::Normal),
            level(1, Level::Easy),
            deals,
            seats,
            samples
        )
    );
}
