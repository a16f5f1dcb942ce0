//! Riichi benchmarks, release, one thread (`cargo bench --bench riichi`): shanten of 14-tile
//! hands, the legal actions after a draw (each with its median over states met in play, the
//! targets' measure), complete random hanchan, and the hard computer's decision time (median
//! and p99 over states met in play, the target's measure); the decision alone with
//! `cargo bench --bench riichi -- decide/hard`. They measure the engine's own functions, so they
//! live in its folder; `benches/riichi.rs` runs them through the registry. Built with the
//! `test-support` feature only.

use std::hint::black_box;
use std::time::{Duration, Instant};

use super::computer::{choose, decide};
use super::game::{Game, Stage};
use super::options::Options;
use super::round::RoundEnd;
use super::round::{After, Phase};
use super::wall::seeded_wall;
use super::Riichi;
use crate::games::drivers::random_play;
use crate::games::interface::seat::{Seat, SeatCount};
use crate::games::interface::{Budget, Level};
use crate::games::kit::mahjong::hand::Hand;
use crate::games::kit::mahjong::shanten::shanten;
use crate::games::kit::mahjong::yaku::RiichiKind;
use criterion::Criterion;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Random 14-tile hands: the first 14 tiles of seeded walls.
fn hands() -> Vec<Hand> {
    (0..4000u32)
        .map(|r| Hand::from_tiles(&seeded_wall(&[7; 32], r, true)[..14]))
        .collect()
}

/// Plays a game with the computer (or uniformly random players), calling `visit` before each
/// action; returns the number of actions.
fn play(seed: u64, random: bool, mut visit: impl FnMut(&Game)) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let deck_seed: [u8; 32] = rng.random();
    let options = Options::default();
    let mut game = Game::new(Seat::ZERO, options);
    let mut actions = 0;
    loop {
        deal_when_due(&mut game, &deck_seed, options);
        let Some(seat) = game.acting().seats().first() else {
            return actions;
        };
        visit(&game);
        let action = if random {
            let legal = game.legal_actions(seat);
            legal[rng.random_range(0..legal.len())]
        } else {
            decide(&game.seat_view(seat)).expect("a legal action")
        };
        game.apply(seat, action).expect("a legal action applies");
        actions += 1;
    }
}

/// States right after a draw (live or replacement), met in the computer's games.
fn after_draw_states() -> Vec<(Game, Seat)> {
    let mut out = Vec::new();
    for seed in 0..40 {
        play(seed, false, |g| {
            if let Some(Phase::Turn {
                seat,
                after: After::Draw { .. },
            }) = g.round.as_ref().map(|r| &r.phase)
            {
                out.push((g.clone(), *seat));
            }
        });
    }
    out
}

/// Median and tail of a per-item cost.
fn distribution<T>(name: &str, items: &[T], mut f: impl FnMut(&T)) {
    const REPS: u32 = 20;
    let mut nanos: Vec<u128> = items
        .iter()
        .map(|item| {
            let t = Instant::now();
            for _ in 0..REPS {
                f(item);
            }
            t.elapsed().as_nanos() / u128::from(REPS)
        })
        .collect();
    nanos.sort_unstable();
    let at = |q: f64| nanos[((nanos.len() - 1) as f64 * q) as usize] as f64 / 1000.0;
    eprintln!(
        "{name}: {} items, median {:.2} µs, p90 {:.2} µs, p99 {:.2} µs, max {:.2} µs",
        nanos.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    );
}

fn shanten_of_14(c: &mut Criterion) {
    let hands = hands();
    distribution("shanten/14_tiles", &hands, |h| {
        black_box(shanten(black_box(h.counts()), 0));
    });
    c.bench_function("shanten/14_tiles_all_4000", |b| {
        b.iter(|| {
            for h in &hands {
                black_box(shanten(h.counts(), 0));
            }
        })
    });
}

fn legal_after_draw(c: &mut Criterion) {
    let states = after_draw_states();
    distribution("legal_actions/after_draw", &states, |(g, seat)| {
        black_box(g.legal_actions(*seat));
    });
    let sample: Vec<_> = states.iter().step_by(10).cloned().collect();
    c.bench_function("legal_actions/after_draw_sample", |b| {
        b.iter(|| {
            for (g, seat) in &sample {
                black_box(g.legal_actions(*seat));
            }
        })
    });
}

fn complete_hanchan(c: &mut Criterion) {
    // The host's own self-play (`momojan selfplay --game riichi --policy random`).
    let (results, took) = random_play::run::<Riichi>(1000, SeatCount::FOUR, 0);
    eprint!(
        "{}",
        random_play::report::<Riichi>(SeatCount::FOUR, &results, took)
    );
    let started = Instant::now();
    let mut games = 0u64;
    while started.elapsed() < Duration::from_secs(5) {
        play(games, true, |_| {});
        games += 1;
    }
    eprintln!(
        "complete random hanchan: {games} in {:.2} s = {:.0} games/s (one thread)",
        started.elapsed().as_secs_f64(),
        games as f64 / started.elapsed().as_secs_f64()
    );
    let mut seed = 0;
    c.bench_function("complete_game/random_hanchan", |b| {
        b.iter(|| {
            seed += 1;
            black_box(play(seed, true, |_| {}))
        })
    });
}

/// Decision states of the computer's games, and whether another seat is in riichi there (the
/// only states where hard samples games, so its costly ones).
fn decision_states() -> Vec<(Game, Seat, bool)> {
    let mut out = Vec::new();
    for seed in 100..112 {
        play(seed, false, |g| {
            let Some(seat) = g.acting().seats().first() else {
                return;
            };
            let threat = g.round.as_ref().is_some_and(|r| {
                r.players
                    .iter()
                    .any(|(s, p)| s != seat && p.riichi != RiichiKind::None)
            });
            out.push((g.clone(), seat, threat));
        });
    }
    out
}

/// Milliseconds at quantile `q` of sorted durations.
fn quantile(sorted: &[Duration], q: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * q) as usize].as_secs_f64() * 1000.0
}

fn hard_decision(c: &mut Criterion) {
    // The default budget's samples without its clock, so the figure is the full search's cost
    // (the clock would only cut it short).
    let budget = Budget::samples(Budget::default().samples);
    let states = decision_states();
    for (name, threatened) in [("all decisions", false), ("facing a riichi", true)] {
        let mut times: Vec<Duration> = states
            .iter()
            .filter(|(_, _, t)| !threatened || *t)
            .enumerate()
            .map(|(i, (g, seat, _))| {
                let view = g.seat_view(*seat);
                let started = Instant::now();
                black_box(choose(Level::Hard, &view, budget, i as u64));
                started.elapsed()
            })
            .collect();
        times.sort_unstable();
        eprintln!(
            "decide/hard, {name}: {} states, median {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, \
             max {:.3} ms ({} samples, one thread)",
            times.len(),
            quantile(&times, 0.5),
            quantile(&times, 0.9),
            quantile(&times, 0.99),
            quantile(&times, 1.0),
            budget.samples,
        );
    }
    let threatened: Vec<_> = states.iter().filter(|s| s.2).take(50).collect();
    c.bench_function("decide/hard_facing_riichi_50_states", |b| {
        b.iter(|| {
            for (i, (g, seat, _)) in threatened.iter().enumerate() {
                black_box(choose(Level::Hard, &g.seat_view(*seat), budget, i as u64));
            }
        })
    });
}

/// With `RIICHI_DIAG=<games>`: hard at one seat (rotated) against three normal, and each
/// side's rates per round: wins and their mean value, deal-ins and their mean cost, riichi
/// declared, open hands, tenpai at a drawn end. A diagnosis of where hard gains or loses; off
/// by default.
fn hard_diagnosis(_: &mut Criterion) {
    let Some(games) = std::env::var("RIICHI_DIAG")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
    else {
        return;
    };
    // For hard (0) and normal (1): rounds, wins, win points, deal-ins, deal-in points, riichi,
    // open hands, drawn-end tenpai, points.
    let mut stats = [[0f64; 9]; 2];
    let budget = Budget::samples(64);
    for g in 0..games {
        let hard_seat = Seat::ALL[(g % 4) as usize];
        let mut rng = ChaCha8Rng::seed_from_u64(g / 4);
        let deck_seed: [u8; 32] = rng.random();
        let options = Options::default();
        let mut game = Game::new(Seat::ZERO, options);
        let mut steps = 0u64;
        loop {
            deal_when_due(&mut game, &deck_seed, options);
            let Some(seat) = game.acting().seats().first() else {
                break;
            };
            let level = if seat == hard_seat {
                Level::Hard
            } else {
                Level::Normal
            };
            let action = choose(level, &game.seat_view(seat), budget, g ^ steps).expect("legal");
            game.apply(seat, action).expect("applies");
            steps += 1;
        }
        for r in &game.records {
            for s in SeatCount::FOUR.seats() {
                let st = &mut stats[usize::from(s != hard_seat)];
                st[0] += 1.0;
                st[8] += (r.points[s] - r.start_points[s]) as f64;
                if r.melds[s].iter().any(|m| m.kind.opens_hand()) {
                    st[6] += 1.0;
                }
                let riichi = r.log.iter().any(|(who, a)| {
                    *who == s && matches!(a, super::action::Action::Discard { riichi: true, .. })
                });
                st[5] += f64::from(u8::from(riichi));
                match &r.end {
                    Some(RoundEnd::Win { wins }) => {
                        for w in wins {
                            if w.seat == s {
                                st[1] += 1.0;
                                st[2] += w.score.points as f64;
                            }
                            if w.from == Some(s) {
                                st[3] += 1.0;
                                st[4] += w.score.points as f64;
                            }
                        }
                    }
                    Some(RoundEnd::ExhaustiveDraw { tenpai }) => {
                        st[7] += f64::from(u8::from(tenpai[s]));
                    }
                    _ => {}
                }
            }
        }
    }
    for (name, st) in ["hard", "normal"].iter().zip(stats) {
        let n = st[0];
        eprintln!(
            "diag {name}: {n} seat-rounds, win {:.1} % (mean {:.0}), deal-in {:.1} % (mean {:.0}), \
             riichi {:.1} %, open {:.1} %, tenpai at a draw {:.1} %, points/round {:+.0}",
            100.0 * st[1] / n,
            st[2] / st[1].max(1.0),
            100.0 * st[3] / n,
            st[4] / st[3].max(1.0),
            100.0 * st[5] / n,
            100.0 * st[6] / n,
            100.0 * st[7] / n,
            st[8] / n,
        );
    }
}

/// Every benchmark of this file, for `benches/riichi.rs`.
pub fn all(c: &mut Criterion) {
    hard_diagnosis(c);
    shanten_of_14(c);
    legal_after_draw(c);
    complete_hanchan(c);
    hard_decision(c);
}

/// Deals the next round's wall from `deck_seed` when the game waits for one.
fn deal_when_due(game: &mut Game, deck_seed: &[u8; 32], options: Options) {
    if game.stage == Stage::NeedsDeal {
        game.deal(seeded_wall(
            deck_seed,
            game.records.len() as u32,
            options.aka,
        ));
    }
}
