//! Computer-player benchmarks: the decision time of `hard` at its default budget over
//! decision points met in real (seeded, `normal` against `normal`) games. Run with
//! `cargo bench --bench ai`. The target is p99 ≤ 300 ms on one core; criterion times a few
//! representative states, and the per-state distribution is printed first.

use std::hint::black_box;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion};
use momojan::games::drivers::seeded::Seeded;
use momojan::games::interface::prelude::*;
use momojan::games::interface::seat::{Seat, SeatCount};
use momojan::games::interface::{Budget, Level};
use momojan::games::registry::Momojan;

type RuleOptions = <Momojan as Play>::Options;
type SeatView = <Momojan as Play>::View;

/// Decision points with a real choice (two or more legal actions), from seeded games.
fn decision_points(games: u64) -> Vec<SeatView> {
    let mut out = Vec::new();
    let options = RuleOptions::default();
    for seed in 0..games {
        let mut deck_seed = [0u8; 32];
        deck_seed[..8].copy_from_slice(&seed.to_le_bytes());
        let (mut game, _) =
            Seeded::<Momojan>::start(deck_seed, SeatCount::TWO, Seat::ZERO, options.clone());
        while let Some(seat) = game.game.to_act() {
            let view = game.game.seat_view(seat);
            let action = Momojan::decide(Level::Normal, &view, &options, Budget::default(), seed)
                .expect("a seat to act has a legal action");
            if view.legal_actions.len() > 1 {
                out.push(view);
            }
            game.apply(seat, action)
                .expect("decide returns a legal action");
        }
    }
    out
}

/// Median and tail of `hard`'s decision time over every collected decision point.
fn print_distribution(views: &[SeatView]) {
    let options = RuleOptions::default();
    let mut millis: Vec<f64> = views
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let t = Instant::now();
            black_box(Momojan::decide(
                Level::Hard,
                v,
                &options,
                Budget::default(),
                i as u64,
            ));
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    millis.sort_by(f64::total_cmp);
    let at = |q: f64| millis[((millis.len() - 1) as f64 * q) as usize];
    eprintln!(
        "hard/default budget: {} decision points, median {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        millis.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    );
}

fn hard_decision(c: &mut Criterion) {
    let views = decision_points(12);
    print_distribution(&views);
    let options = RuleOptions::default();
    let mut group = c.benchmark_group("hard");
    group.sample_size(10);
    // A spread of the decision points where `hard` simulates (not a plain pile draw).
    let simulated = views.iter().filter(|v| {
        v.legal_actions
            .iter()
            .any(|&a| !Momojan::action_code(a).starts_with("draw-"))
    });
    for (i, view) in simulated.step_by(40).take(6).enumerate() {
        group.bench_function(
            format!("decision_{i}_{}_actions", view.legal_actions.len()),
            |b| {
                b.iter(|| {
                    black_box(Momojan::decide(
                        Level::Hard,
                        view,
                        &options,
                        Budget::default(),
                        1,
                    ))
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, hard_decision);
criterion_main!(benches);
