//! Card art speed and size: renders every face of every game (the start-up work of the card
//! art) on this thread, several times, and reports the time per full set and the PNG sizes
//! (min / median / max per game).
//!
//! `taskset -c 0 cargo run --release --example art_speed` (one core).

use std::time::{Duration, Instant};

use momojan::games::registry::{self, GameId};

const RUNS: usize = 20;

/// Renders every card face of every game on this thread, 20 times: the time per full set
/// and the PNG sizes per game. Pin it to one core with `taskset -c 0`.
#[derive(Debug, clap::Parser)]
#[command(name = "art_speed")]
struct Args {}

fn main() {
    let _ = <Args as clap::Parser>::parse();
    // One untimed run: the fonts are parsed once per process.
    let _ = all_faces();
    let mut times: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let started = Instant::now();
            let faces = all_faces();
            let took = started.elapsed();
            assert_eq!(faces, 49, "every face of every game");
            took
        })
        .collect();
    times.sort();
    println!(
        "every face of every game ({} faces), {RUNS} runs on one thread: median {:.1} ms, \
         min {:.1} ms, max {:.1} ms ({:.2} ms per face at the median)",
        all_faces(),
        ms(times[RUNS / 2]),
        ms(times[0]),
        ms(times[RUNS - 1]),
        ms(times[RUNS / 2]) / all_faces() as f64,
    );
    for game in GameId::ALL {
        let mut sizes: Vec<usize> = registry::faces(game).iter().map(|f| f.png.len()).collect();
        sizes.sort_unstable();
        println!(
            "{game}: {} faces, PNG bytes min {} / median {} / max {} (Discord's limit 262,144)",
            sizes.len(),
            sizes[0],
            sizes[sizes.len() / 2],
            sizes[sizes.len() - 1],
        );
    }
}

/// Renders every face of every game; returns how many.
fn all_faces() -> usize {
    GameId::ALL
        .into_iter()
        .map(|game| registry::faces(game).len())
        .sum()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
