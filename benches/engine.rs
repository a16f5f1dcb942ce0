//! Engine benchmarks: `legal_actions` at each decision point, win evaluation of a full hand,
//! and a complete random game. Run with `cargo bench --bench engine`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use momojan::games::drivers::random_play;
use momojan::games::drivers::seeded::Seeded;
use momojan::games::interface::seat::SeatCount;
use momojan::games::interface::{Budget, Computer as _, Level};
use momojan::games::momojan::card::parse_cards;
use momojan::games::momojan::meld::{Meld, MeldSource};
use momojan::games::momojan::round::Phase;
use momojan::games::momojan::score::{score_win, WinningHand};
use momojan::games::momojan::shape::classify;
use momojan::games::momojan::{CardCounts, Game, RuleOptions, Seat, WinBy, YakuPoints};
use momojan::games::registry::Momojan;

/// Every state met in some games of the easy computer (the greedy player), by decision point.
fn states_by_phase() -> [(&'static str, Vec<Game>); 4] {
    let mut out: [(&'static str, Vec<Game>); 4] = [
        ("turn_start", Vec::new()),
        ("after_draw", Vec::new()),
        ("after_opening", Vec::new()),
        ("after_kan", Vec::new()),
    ];
    for seed in 0..60u64 {
        let mut deck_seed = [0u8; 32];
        deck_seed[..8].copy_from_slice(&seed.to_le_bytes());
        let (mut game, _) = Seeded::<Momojan>::start(
            deck_seed,
            SeatCount::TWO,
            Seat::ZERO,
            RuleOptions::default(),
        );
        while let Some(seat) = game.game.to_act() {
            let slot = match game.game.round.as_ref().map(|r| r.phase) {
                Some(Phase::TurnStart { .. }) => 0,
                Some(Phase::AfterDraw { .. }) => 1,
                Some(Phase::AfterOpening { .. }) => 2,
                _ => 3,
            };
            out[slot].1.push(game.game.clone());
            let view = game.game.seat_view(seat);
            let action =
                Momojan::decide(Level::Easy, &view, &game.game.options, Budget::default(), 0)
                    .expect("a seat to act has a choice");
            game.apply(seat, action).expect("legal");
        }
    }
    out
}

fn legal_actions(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_actions");
    for (name, states) in states_by_phase() {
        if states.is_empty() {
            continue;
        }
        // Mean over every state of this decision point met in play.
        group.throughput(Throughput::Elements(states.len() as u64));
        group.bench_function(format!("{name}/all_{}_states", states.len()), |b| {
            b.iter(|| {
                for g in &states {
                    black_box(g.legal_actions());
                }
            })
        });
        print_distribution(name, &states);
        // The costliest single state of this decision point.
        let worst = states
            .iter()
            .max_by_key(|g| {
                let t = std::time::Instant::now();
                for _ in 0..20 {
                    black_box(g.legal_actions());
                }
                t.elapsed()
            })
            .expect("non-empty")
            .clone();
        group.throughput(Throughput::Elements(1));
        group.bench_function(format!("{name}/worst"), |b| {
            b.iter(|| black_box(worst.legal_actions()))
        });
    }
    group.finish();
}

/// Median and tail of the per-state cost: criterion times the whole set, and the target is
/// stated for the median state.
fn print_distribution(name: &str, states: &[Game]) {
    const REPS: u32 = 50;
    let mut nanos: Vec<u128> = states
        .iter()
        .map(|g| {
            let t = std::time::Instant::now();
            for _ in 0..REPS {
                black_box(g.legal_actions());
            }
            t.elapsed().as_nanos() / u128::from(REPS)
        })
        .collect();
    nanos.sort_unstable();
    let at = |q: f64| nanos[((nanos.len() - 1) as f64 * q) as usize] as f64 / 1000.0;
    eprintln!(
        "legal_actions/{name}: {} states, per state median {:.2} µs, p90 {:.2} µs, p99 {:.2} µs, max {:.2} µs",
        nanos.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    );
}

fn win_evaluation(c: &mut Criterion) {
    let meld = |source, text: &str| {
        let cards = parse_cards(text).unwrap();
        Meld::new(source, classify(&cards).unwrap(), &cards, None)
    };
    let melds = [meld(MeldSource::Kai, "Dog Dog Dog")];
    // Eight concealed cards with many partitions (peaches as wild, 1s with moons).
    let concealed = CardCounts::from_cards(&parse_cards("p1 p2 p3 l1 l2 l3 o1 o2").unwrap());
    let hand = WinningHand {
        concealed: &concealed,
        winning_card: "o2".parse().unwrap(),
        melds: &melds,
        by: WinBy::Tsumo,
        situation: Default::default(),
    };
    let indicators = parse_cards("l1").unwrap();
    let points = YakuPoints::default();
    c.bench_function("win_evaluation/full_hand", |b| {
        b.iter(|| black_box(score_win(black_box(&hand), &indicators, &points)))
    });
}

fn complete_game(c: &mut Criterion) {
    let mut seed = 0u64;
    c.bench_function("complete_game/random_policy", |b| {
        b.iter_batched(
            || {
                seed += 1;
                seed
            },
            |s| {
                black_box(random_play::play::<Momojan>(
                    s,
                    SeatCount::TWO,
                    &RuleOptions::default(),
                ))
            },
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, legal_actions, win_evaluation, complete_game);
criterion_main!(benches);
