//! Mining's board picture, speed and size: draws the table and the acting seat's hand view
//! of positions met in random mining games (4 seats, default options), through the host's
//! interface (`Shows::table_picture`, `hand_picture`), and reports the median and p99 time
//! (drawing and PNG encoding) and the PNG sizes.
//!
//! `taskset -c 0 cargo run --release --example mining_picture` (one core);
//! `-- --out DIR` also writes a few of the pictures there to look at.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use momojan::games::interface::prelude::*;
use momojan::games::interface::seat::{Seat, SeatCount};
use momojan::games::interface::Picture;
use momojan::games::registry::Mining;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One position's picture, drawn when called.
type Draw = Box<dyn Fn() -> Option<Picture>>;

/// Renders board pictures of random mining positions on this thread: median and p99 time and
/// the PNG sizes. Pin it to one core with `taskset -c 0`.
#[derive(Debug, clap::Parser)]
#[command(name = "mining_picture")]
struct Args {
    /// Random games to take positions from.
    #[arg(long, default_value_t = 20)]
    games: u64,
    /// Writes the first pictures of the first game here.
    #[arg(long)]
    out: Option<PathBuf>,
}

fn main() {
    let args = <Args as clap::Parser>::parse();
    let pictures = positions(args.games);
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir).expect("the output folder");
        for (i, p) in pictures.iter().step_by(pictures.len() / 8 + 1).enumerate() {
            let png = p().expect("a board").png;
            std::fs::write(dir.join(format!("board-{i}.png")), png).expect("a picture");
        }
    }
    // One untimed render: the sprites are drawn once per process.
    let _ = pictures[0]();
    // The host keeps the pictures drawn last by what they show, so a picture asked for again
    // (the same mine from the table and from a seat not to move) is not drawn again: a PNG
    // not seen before was drawn, one seen before was (almost always) kept.
    let mut seen = std::collections::HashSet::new();
    let _ = seen.insert(pictures[0]().expect("a board").png);
    let (mut drawn, mut kept) = (Vec::new(), Vec::new());
    let mut sizes = Vec::with_capacity(pictures.len());
    for p in &pictures {
        let started = Instant::now();
        let png = p().expect("a board").png;
        let time = started.elapsed();
        sizes.push(png.len());
        if seen.insert(png) {
            drawn.push(time);
        } else {
            kept.push(time);
        }
    }
    sizes.sort_unstable();
    let n = sizes.len();
    let at = |n: usize, q: f64| ((n as f64 * q).ceil() as usize).clamp(1, n) - 1;
    println!(
        "{n} board pictures ({} games, table and hand views), {} drawn and {} kept:",
        args.games,
        drawn.len(),
        kept.len()
    );
    for (what, mut times) in [("drawn", drawn), ("kept", kept)] {
        if times.is_empty() {
            continue;
        }
        times.sort();
        let n = times.len();
        println!(
            "  {what}: median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            ms(times[at(n, 0.5)]),
            ms(times[at(n, 0.99)]),
            ms(times[n - 1]),
        );
    }
    println!(
        "PNG bytes: min {} / median {} / p99 {} / max {} (limit 153,600)",
        sizes[0],
        sizes[at(n, 0.5)],
        sizes[at(n, 0.99)],
        sizes[n - 1],
    );
}

/// The table and the acting seat's view before every action of the first round of `games`
/// random 4-seat games.
fn positions(games: u64) -> Vec<Draw> {
    let mut out: Vec<Draw> = Vec::new();
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let deck: [u8; 32] = rng.random();
        let (mut state, _) = Mining::start(&deck, SeatCount::FOUR, Seat::ZERO, Default::default());
        while Mining::rounds_played(&state) == 0 {
            let Some(seat) = Mining::to_act(&state).first() else {
                break;
            };
            let table = state.clone();
            out.push(Box::new(move || Mining::table_picture(&table)));
            let view = Mining::view(&state, seat);
            out.push(Box::new(move || Mining::hand_picture(&view)));
            let legal = Mining::legal_actions(&state, seat);
            let action = legal[rng.random_range(0..legal.len())];
            Mining::apply(&mut state, &deck, seat, action).expect("a legal action applies");
        }
    }
    out
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
