//! The `hard` computer's search, written once over [`Rules`]: determinized Monte Carlo. For
//! each legal action it samples whole games consistent with the seat's view (the game's
//! `Rules::sample`), plays the action and then the round out with the `normal` player at
//! every seat, and keeps the action with the best average points swing. It never sees more
//! than the view: the samples are made from it.

use std::time::Instant;

use super::computer::{Budget, Level};
use super::deal::DeckSeed;
use super::rules::Rules;
use super::seat::Seat;

/// Actions a playout may take before it is cut (a round never comes near it).
const PLAYOUT_LIMIT: usize = 2_000;

/// The search's choice for the seat `view` belongs to; `normal`'s when the game offers no
/// samples or there is nothing to choose.
pub fn choose<G: Rules>(
    view: &G::View,
    options: &G::Options,
    budget: Budget,
    seed: u64,
) -> Option<G::Action> {
    let legal = G::view_actions(view).to_vec();
    let fallback = G::decide(Level::Normal, view, options, budget, seed);
    if legal.len() < 2 {
        return fallback;
    }
    let started = Instant::now();
    let mut totals = vec![0i64; legal.len()];
    for s in 0..budget.samples.max(1) {
        if budget.time.is_some_and(|t| started.elapsed() >= t) && s > 0 {
            break;
        }
        let Some(sample) = G::sample(
            view,
            seed.wrapping_mul(0x9E37_79B9).wrapping_add(u64::from(s)),
        ) else {
            return fallback;
        };
        let seat = G::view_seat(view);
        for (i, &action) in legal.iter().enumerate() {
            totals[i] += playout::<G>(&sample, seat, action, options, budget);
        }
    }
    // The best average; ties go to `normal`'s choice, then to the first listed.
    let best = totals.iter().copied().max()?;
    legal
        .iter()
        .zip(&totals)
        .filter(|(_, t)| **t == best)
        .map(|(a, _)| *a)
        .find(|a| Some(*a) == fallback)
        .or_else(|| {
            legal
                .iter()
                .zip(&totals)
                .find(|(_, t)| **t == best)
                .map(|(a, _)| *a)
        })
}

/// `seat`'s points swing (its gain minus the others' mean gain) from `action` to the end of the
/// round.
fn playout<G: Rules>(
    start: &G::State,
    seat: Seat,
    action: G::Action,
    options: &G::Options,
    budget: Budget,
) -> i64 {
    let mut state = start.clone();
    let before = G::balances(&state);
    let rounds = G::rounds_played(&state);
    // The next round is never played: any seed serves the deal that would follow.
    let seed: DeckSeed = [0; 32];
    if G::apply(&mut state, &seed, seat, action).is_err() {
        return i64::MIN / 4;
    }
    let mut steps = 0;
    while G::rounds_played(&state) == rounds && steps < PLAYOUT_LIMIT {
        let Some(next) = G::to_act(&state).first() else {
            break;
        };
        let view = G::view(&state, next);
        let Some(a) = G::decide(Level::Normal, &view, options, budget, 0) else {
            break;
        };
        if G::apply(&mut state, &seed, next, a).is_err() {
            break;
        }
        steps += 1;
    }
    let after = G::balances(&state);
    let gain = |s: Seat| after[s] - before[s];
    let others: Vec<i64> = after.seats().filter(|s| *s != seat).map(gain).collect();
    // In whole points, scaled so that the others' mean needs no division.
    let n = others.len() as i64;
    gain(seat) * n - others.iter().sum::<i64>()
}
