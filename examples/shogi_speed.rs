//! Shogi mahjong engine speed: legal actions after a draw (median and p99 over every such
//! state met in random games) and complete random games per second, on this thread.
//!
//! `cargo run --release --example shogi_speed` (pin it with `taskset -c 0` for one core).

use std::time::Instant;

use momojan::games::drivers::random_play;
use momojan::games::interface::prelude::*;
use momojan::games::interface::seat::{Seat, SeatCount};
use momojan::games::interface::{Budget, Level};
use momojan::games::registry::Shogi;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Every state after a draw (or a replacement piece) met in `games` random games.
fn after_draw_states(games: u64) -> Vec<<Shogi as Play>::State> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut deck_seed = [0u8; 32];
        rng.fill_bytes(&mut deck_seed);
        let (mut state, _) =
            Shogi::start(&deck_seed, SeatCount::TWO, Seat::ZERO, Default::default());
        while let Some(seat) = state.to_act() {
            if state.seat_view(seat).drawn.is_some() {
                out.push(state.clone());
            }
            let legal = state.legal_actions();
            let a = legal[rng.random_range(0..legal.len())];
            Shogi::apply(&mut state, &deck_seed, seat, a).unwrap();
        }
    }
    out
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// Shogi mahjong engine speed on this thread: legal actions after a draw (median and p99)
/// and complete random games per second. Pin it to one core with `taskset -c 0`.
#[derive(Debug, clap::Parser)]
#[command(name = "shogi_speed")]
struct Args {}

fn main() {
    let _ = <Args as clap::Parser>::parse();
    let states = after_draw_states(300);
    let mut times: Vec<f64> = Vec::with_capacity(states.len());
    let mut actions = 0usize;
    for state in &states {
        let start = Instant::now();
        let legal = state.legal_actions();
        times.push(start.elapsed().as_secs_f64() * 1e6);
        actions += legal.len();
    }
    times.sort_by(f64::total_cmp);
    println!(
        "legal actions after a draw: {} states, median {:.2} µs, p99 {:.2} µs, max {:.2} µs ({:.1} actions each)",
        states.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.99),
        times.last().unwrap(),
        actions as f64 / states.len() as f64,
    );
    // The hard computer's decision time at every decision point with a choice, in states met in
    // random games (64 samples, no clock: the natural cost).
    let mut hard: Vec<f64> = Vec::new();
    for (i, state) in states.iter().enumerate().step_by(40) {
        let seat = state.to_act().expect("someone acts");
        let view = state.seat_view(seat);
        if view.legal_actions.len() < 2 {
            continue;
        }
        let start = Instant::now();
        let chosen = Shogi::decide(
            Level::Hard,
            &view,
            &Default::default(),
            Budget::samples(64),
            i as u64,
        );
        hard.push(start.elapsed().as_secs_f64() * 1e3);
        assert!(chosen.is_some());
    }
    hard.sort_by(f64::total_cmp);
    println!(
        "hard decision (64 samples, no clock): {} decisions, median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        hard.len(),
        percentile(&hard, 0.5),
        percentile(&hard, 0.99),
        hard.last().unwrap(),
    );
    let (results, took) = random_play::run::<Shogi>(5_000, SeatCount::TWO, 1);
    print!(
        "{}",
        random_play::report::<Shogi>(SeatCount::TWO, &results, took)
    );
}
