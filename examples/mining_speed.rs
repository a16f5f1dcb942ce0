//! Mining mahjong engine speed: the legal parts at a move's start (every path walked to list
//! its first steps; median and p99 over every such state met in random games) and complete
//! random games per second, on this thread.
//!
//! `cargo run --release --example mining_speed` (pin it with `taskset -c 0` for one core).

use std::time::Instant;

use momojan::games::drivers::random_play;
use momojan::games::interface::prelude::*;
use momojan::games::interface::seat::{Seat, SeatCount};
use momojan::games::registry::Mining;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Whether a seat's legal parts start a move: `go` (an empty path) and a first step.
fn starts_a_move(codes: &[String]) -> bool {
    codes.iter().any(|c| c == "go") && codes.iter().any(|c| c.starts_with("step0-"))
}

/// Every state at a move's start met in `games` random four-player games.
fn turn_starts(games: u64) -> Vec<(<Mining as Play>::State, Seat)> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut deck_seed = [0u8; 32];
        rng.fill_bytes(&mut deck_seed);
        let (mut state, _) =
            Mining::start(&deck_seed, SeatCount::FOUR, Seat::ZERO, Default::default());
        while let Some(seat) = Mining::to_act(&state).first() {
            let legal = Mining::legal_actions(&state, seat);
            let codes: Vec<String> = legal.iter().map(|a| Mining::action_code(*a)).collect();
            if starts_a_move(&codes) {
                out.push((state.clone(), seat));
            }
            let a = legal[rng.random_range(0..legal.len())];
            Mining::apply(&mut state, &deck_seed, seat, a).unwrap();
        }
    }
    out
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn main() {
    let states = turn_starts(5);
    let mut times: Vec<f64> = Vec::with_capacity(states.len());
    let mut paths = 0usize;
    for (state, seat) in &states {
        let start = Instant::now();
        let legal = Mining::legal_actions(state, *seat);
        times.push(start.elapsed().as_secs_f64() * 1e6);
        paths += legal.len();
    }
    times.sort_by(f64::total_cmp);
    println!(
        "legal parts at a move's start: {} states, median {:.2} µs, p99 {:.2} µs ({:.1} parts each)",
        times.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.99),
        paths as f64 / times.len().max(1) as f64
    );
    for seats in Mining::SEATS {
        let (results, took) = random_play::run::<Mining>(200, *seats, 1);
        print!("{}", random_play::report::<Mining>(*seats, &results, took));
    }
}
