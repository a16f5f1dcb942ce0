//! Mining's computer players, round by round: one seat of level A (rotated through the seats
//! on every deal, as `selfplay --mirrored` does) against B at the others, and for each level
//! the share of its seat-rounds it won, dealt in, declared riichi, opened its hand, was tenpai
//! at an exhaustive draw, its points per round; the share of rounds that ended by exhaustion;
//! and each level's decision time (median, p99, max) on this thread. `selfplay` gives the
//! points and places; this says where they come from. Run by
//! `examples/mining_computers.rs` through the registry.

use std::time::Instant;

use crate::games::interface::prelude::*;
use crate::games::interface::seat::{PerSeat, Seat, SeatCount};
use crate::games::interface::{Budget, Level};
use crate::games::mining::settle::Outcome;
use crate::games::mining::Mining;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One level's sums over its seat-rounds.
#[derive(Default)]
struct Rates {
    seat_rounds: f64,
    wins: f64,
    win_points: f64,
    deal_ins: f64,
    riichi: f64,
    open: f64,
    drawn_tenpai: f64,
    points: f64,
    times: Vec<f64>,
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

/// Plays `deals` deals, each once with A at every seat of `seats` (B at the others), and
/// reports each level's round rates and decision times.
pub fn report(a: Level, b: Level, deals: u64, seats: SeatCount, samples: u32) -> String {
    let budget = Budget::samples(samples);
    let options = <Mining as Play>::Options::default();
    // [A, B]
    let mut rates = [Rates::default(), Rates::default()];
    let (mut rounds, mut drawn) = (0f64, 0f64);
    let started = Instant::now();
    let mut out = String::new();
    for deal in 0..deals {
        for a_seat in seats.seats() {
            let mut rng = ChaCha8Rng::seed_from_u64(deal);
            let mut deck = [0u8; 32];
            rng.fill_bytes(&mut deck);
            let (mut state, _) = Mining::start(&deck, seats, Seat::ZERO, options);
            let side = |s: Seat| usize::from(s != a_seat);
            let levels = PerSeat::from_fn(seats, |s| if s == a_seat { a } else { b });
            let mut steps = 0u64;
            while let Some(seat) = Mining::to_act(&state).first() {
                let view = Mining::view(&state, seat);
                let t = Instant::now();
                let act = Mining::decide(levels[seat], &view, &options, budget, deal ^ steps)
                    .expect("a seat to act has an action");
                rates[side(seat)]
                    .times
                    .push(t.elapsed().as_secs_f64() * 1e3);
                Mining::apply(&mut state, &deck, seat, act).expect("a listed action");
                steps += 1;
                if steps > 200_000 {
                    break;
                }
            }
            for r in &state.game.rounds {
                rounds += 1.0;
                if matches!(r.outcome, Some(Outcome::Draw { .. })) {
                    drawn += 1.0;
                }
                for s in seats.seats() {
                    let st = &mut rates[side(s)];
                    let i = s.index();
                    st.seat_rounds += 1.0;
                    st.points += r.transfers.iter().fold(0.0, |acc, t| {
                        use crate::games::mining::settle::Party;
                        let into = f64::from(u8::from(t.to == Party::Seat(i)));
                        let out = f64::from(u8::from(t.from == Party::Seat(i)));
                        acc + (into - out) * t.amount as f64
                    });
                    st.riichi += f64::from(u8::from(r.players[i].in_riichi()));
                    st.open += f64::from(u8::from(
                        r.players[i].melds.iter().any(|m| m.kind.opens_hand()),
                    ));
                    match &r.outcome {
                        Some(Outcome::Wins(wins)) => {
                            for w in wins {
                                if w.seat == i {
                                    st.wins += 1.0;
                                    st.win_points += w.score.points as f64;
                                }
                                if w.from == Some(i) {
                                    st.deal_ins += 1.0;
                                }
                            }
                        }
                        Some(Outcome::Draw { tenpai }) => {
                            st.drawn_tenpai += f64::from(u8::from(tenpai[i]));
                        }
                        None => {}
                    }
                }
            }
        }
    }
    out += &format!(
        "mining, {a} (A) vs {b} (B), {seats} seats, {deals} deals mirrored ({} games), \
         {samples} samples for hard, {:.1} s\n",
        deals * seats.get() as u64,
        started.elapsed().as_secs_f64()
    );
    out += &format!(
        "rounds {rounds}, ended by exhaustion {:.1} %\n",
        100.0 * drawn / rounds.max(1.0)
    );
    let names = [format!("A {a}"), format!("B {b}")];
    for (name, st) in names.iter().zip(rates.iter_mut()) {
        let n = st.seat_rounds.max(1.0);
        st.times.sort_by(f64::total_cmp);
        out += &format!(
            "{name}: {} seat-rounds, won {:.1} % (mean {:.0}), dealt in {:.1} %, riichi {:.1} %, \
             open {:.1} %, tenpai at a draw {:.1} %, points/round {:+.0}\n",
            st.seat_rounds,
            100.0 * st.wins / n,
            st.win_points / st.wins.max(1.0),
            100.0 * st.deal_ins / n,
            100.0 * st.riichi / n,
            100.0 * st.open / n,
            100.0 * st.drawn_tenpai / n,
            st.points / n,
        );
        out += &format!(
            "{name}: {} decisions, median {:.3} ms, p99 {:.3} ms, max {:.3} ms\n",
            st.times.len(),
            quantile(&st.times, 0.5),
            quantile(&st.times, 0.99),
            quantile(&st.times, 1.0),
        );
    }
    out
}
