//! The `hard` player: determinized Monte Carlo. Each sample is one full game state drawn
//! consistently with what the seat has seen ([`super::sample`]); every candidate action is
//! applied to the same sample (common random numbers, so differences between candidates
//! are not drowned by deal luck) and the round is played out by `normal` for both seats. The
//! candidate with the best mean change of (own balance − opponent's balance) is chosen when it
//! is clearly better than `normal`'s own choice.

use crate::games::interface::seat::Opponent;
use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::normal;
use super::obs::Obs;
use super::sample::determinize;
use crate::games::momojan::{Action, Game, RuleOptions, Seat};

/// Candidates simulated per decision: `normal`'s best few.
const MAX_CANDIDATES: usize = 6;
/// Safety stop for a playout (a round has at most a few dozen turns).
const MAX_PLAYOUT_STEPS: usize = 600;

pub use crate::games::interface::Budget;

/// The chosen action; `None` only when there is no legal action.
pub fn choose(obs: &Obs, options: &RuleOptions, budget: Budget, seed: u64) -> Option<Action> {
    let ranked = normal::rank(obs);
    let best = ranked.first().map(|(a, _)| *a)?;
    if ranked.len() == 1 || normal::is_trivial(obs) {
        return Some(best);
    }
    if matches!(best, Action::Ron | Action::Tsumo) {
        return Some(best);
    }
    let candidates: Vec<Action> = ranked
        .iter()
        .take(MAX_CANDIDATES)
        .map(|(a, _)| *a)
        .collect();
    let diffs = simulate(obs, options, &candidates, budget, seed);
    Some(candidates[diffs.pick()])
}

/// How sure the simulations must be before overruling `normal`: the mean gain over its
/// choice must exceed this many standard errors. Without it, sampling noise alone makes
/// `hard` play worse than `normal` at small budgets.
const SWITCH_Z: f64 = 1.0;

/// Per candidate, the sum and sum of squares of its gain over `normal`'s choice (candidate
/// 0) on the same sample: paired differences, so deal luck cancels.
struct Gains {
    counts: Vec<u32>,
    sum: Vec<f64>,
    sum_sq: Vec<f64>,
    active: Vec<bool>,
}

/// Samples before a candidate may be dropped as clearly worse than `normal`'s choice.
const PRUNE_AFTER: u32 = 8;
/// A candidate is dropped when even its mean plus this many standard errors is a loss.
const PRUNE_Z: f64 = 2.0;

impl Gains {
    fn new(candidates: usize) -> Gains {
        Gains {
            counts: vec![0; candidates],
            sum: vec![0.0; candidates],
            sum_sq: vec![0.0; candidates],
            active: vec![true; candidates],
        }
    }

    /// Records one sample: `values[i]` is candidate i's outcome, `None` when it was skipped.
    fn add(&mut self, values: &[Option<f64>]) {
        let Some(base) = values.first().copied().flatten() else {
            return;
        };
        for (i, v) in values.iter().enumerate() {
            if let Some(v) = v {
                let d = v - base;
                self.counts[i] += 1;
                self.sum[i] += d;
                self.sum_sq[i] += d * d;
            }
        }
        for i in 1..self.active.len() {
            if self.counts[i] >= PRUNE_AFTER {
                let (mean, se) = self.mean_se(i);
                if mean + PRUNE_Z * se < 0.0 {
                    self.active[i] = false;
                }
            }
        }
    }

    fn mean_se(&self, i: usize) -> (f64, f64) {
        let n = f64::from(self.counts[i]);
        if self.counts[i] < 2 {
            return (0.0, f64::INFINITY);
        }
        let mean = self.sum[i] / n;
        let var = ((self.sum_sq[i] / n - mean * mean) * n / (n - 1.0)).max(0.0);
        (mean, (var / n).sqrt())
    }

    /// The candidate with the best mean gain among those clearly better than candidate 0;
    /// candidate 0 when none is.
    fn pick(&self) -> usize {
        let mut pick = 0;
        let mut best = 0.0;
        for i in 1..self.sum.len() {
            let (mean, se) = self.mean_se(i);
            if self.active[i] && mean > best && mean > SWITCH_Z * se {
                pick = i;
                best = mean;
            }
        }
        pick
    }
}

/// Gains of each candidate over the samples drawn within the budget.
fn simulate(
    obs: &Obs,
    options: &RuleOptions,
    candidates: &[Action],
    budget: Budget,
    seed: u64,
) -> Gains {
    let start = Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut gains = Gains::new(candidates.len());
    for _ in 0..budget.samples {
        if budget.time.is_some_and(|t| start.elapsed() >= t) {
            break;
        }
        let Some(game) = determinize(obs, options, &mut rng) else {
            break;
        };
        let values: Vec<Option<f64>> = candidates
            .iter()
            .zip(&gains.active)
            .map(|(a, on)| on.then(|| playout(&game, obs.seat, *a)))
            .collect();
        gains.add(&values);
        if gains.active.iter().filter(|a| **a).count() == 1 {
            break;
        }
    }
    gains
}

/// Plays `first` and then `normal` for both seats to the end of the round; returns the
/// change of (own − opponent's) balance, pot included.
fn playout(game: &Game, me: Seat, first: Action) -> f64 {
    let mut game = game.clone();
    let before = game.balances[me] - game.balances[me.opponent()];
    if game.apply(me, first).is_err() {
        // Cannot happen (candidates are legal in every sample); never preferred if it does.
        return -1.0e6;
    }
    let mut steps = 0;
    while game.records.is_empty() && steps < MAX_PLAYOUT_STEPS {
        let Some(seat) = game.to_act() else { break };
        let legal = game.legal_actions();
        let action = match legal.as_slice() {
            [only] => Some(*only),
            _ => Obs::from_game(&game, seat, &legal).and_then(|o| normal::choose(&o)),
        };
        let Some(action) = action else { break };
        if game.apply(seat, action).is_err() {
            break;
        }
        steps += 1;
    }
    let after = match game.records.first() {
        Some(r) => r.balances[me] - r.balances[me.opponent()],
        None => before,
    };
    (after - before) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_clear_gain_overrules_normal() {
        let mut gains = Gains::new(3);
        // Candidate 1 is +1 on every sample; candidate 2 swings ±10 around +0.5.
        for i in 0..PRUNE_AFTER * 2 {
            let swing = if i % 2 == 0 { 10.5 } else { -9.5 };
            gains.add(&[Some(0.0), Some(1.0), Some(swing)]);
        }
        assert_eq!(gains.pick(), 1);
        let mut noisy = Gains::new(2);
        for i in 0..PRUNE_AFTER * 2 {
            noisy.add(&[Some(0.0), Some(if i % 2 == 0 { 10.5 } else { -9.5 })]);
        }
        assert_eq!(noisy.pick(), 0, "noise alone keeps normal's choice");
    }

    #[test]
    fn hopeless_candidates_are_dropped() {
        let mut gains = Gains::new(2);
        for _ in 0..PRUNE_AFTER {
            gains.add(&[Some(5.0), Some(-5.0)]);
        }
        assert!(!gains.active[1]);
    }
}
