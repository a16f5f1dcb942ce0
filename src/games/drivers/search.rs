//! The `hard` computer's search, written once over [`Hosted`]: determinized Monte Carlo. For
//! each legal action it samples whole games consistent with the seat's view (the game's
//! `Hosted::sample`), plays the action and then the round out with the `normal` player at
//! every seat, and keeps the action with the best average points swing. It never sees more
//! than the view: the samples are made from it.

use std::time::Instant;

use crate::games::interface::deal::DeckSeed;
use crate::games::interface::seat::Seat;
use crate::games::interface::Hosted;
use crate::games::interface::{Budget, Level};

/// Actions a playout may take before it is cut (a round never comes near it).
const PLAYOUT_LIMIT: usize = 2_000;

/// The search's choice for the seat `view` belongs to; `normal`'s when the game offers no
/// samples or there is nothing to choose. The action with the best average wins, ties going
/// to `normal`'s choice.
pub fn choose<G: Hosted>(
    view: &G::View,
    options: &G::Options,
    budget: Budget,
    seed: u64,
) -> Option<G::Action> {
    choose_with_margin::<G>(view, options, budget, seed, 0.0)
}

/// [`choose`], keeping `normal`'s choice unless another action beats it by more than `z`
/// standard errors of their difference over the same samples. Where `normal`'s heuristic is
/// already good (the beginners' game) a few dozen noisy playouts otherwise swap it for an
/// action that only looked better; `z = 0` is the plain best average.
pub fn choose_with_margin<G: Hosted>(
    view: &G::View,
    options: &G::Options,
    budget: Budget,
    seed: u64,
    z: f64,
) -> Option<G::Action> {
    let legal = G::view_actions(view).to_vec();
    let fallback = G::decide(Level::Normal, view, options, budget, seed);
    if legal.len() < 2 {
        return fallback;
    }
    let started = Instant::now();
    // Each sample's swing for every legal action, in `legal`'s order.
    let mut results: Vec<Vec<i64>> = Vec::new();
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
        results.push(
            legal
                .iter()
                .map(|&action| playout::<G>(&sample, seat, action, options, budget))
                .collect(),
        );
    }
    let totals: Vec<i64> = (0..legal.len())
        .map(|i| results.iter().map(|r| r[i]).sum())
        .collect();
    let normal = fallback.and_then(|f| legal.iter().position(|a| *a == f));
    let best = match normal {
        // Against `normal`'s choice: the best average among the actions that beat it by the
        // margin (paired over the same samples, so a deal's luck cancels out).
        Some(n) => (0..legal.len())
            .filter(|&i| i != n && totals[i] > totals[n])
            .filter(|&i| beats_by(&results, i, n, z))
            .max_by_key(|&i| (totals[i], std::cmp::Reverse(i)))
            .unwrap_or(n),
        None => {
            let top = *totals.iter().max()?;
            totals.iter().position(|t| *t == top)?
        }
    };
    legal.get(best).copied()
}

/// Whether action `i`'s swing beats action `n`'s by more than `z` standard errors of their
/// per-sample difference.
fn beats_by(results: &[Vec<i64>], i: usize, n: usize, z: f64) -> bool {
    if z <= 0.0 {
        return true;
    }
    let diffs: Vec<f64> = results.iter().map(|r| (r[i] - r[n]) as f64).collect();
    let k = diffs.len() as f64;
    if k < 2.0 {
        return false;
    }
    let mean = diffs.iter().sum::<f64>() / k;
    let var = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (k - 1.0);
    mean > z * (var / k).sqrt()
}

/// `seat`'s points swing (its gain minus the others' mean gain) from `action` to the end of the
/// round.
fn playout<G: Hosted>(
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

#[cfg(test)]
mod tests {
    use super::beats_by;

    /// Paired samples: an action ahead in every sample beats `normal`'s clearly; one ahead
    /// on average only by luck of a sample or two does not, unless no margin is asked.
    #[test]
    fn an_action_beats_normals_only_by_a_clear_paired_margin() {
        let steady: Vec<Vec<i64>> = (0..20).map(|s| vec![10 + s, 12 + s]).collect();
        assert!(
            beats_by(&steady, 1, 0, 1.5),
            "2 points ahead in every sample"
        );
        let lucky: Vec<Vec<i64>> = (0..20)
            .map(|s| if s == 0 { vec![0, 300] } else { vec![10, 0] })
            .collect();
        let totals = |i: usize| lucky.iter().map(|r| r[i]).sum::<i64>();
        assert!(totals(1) > totals(0), "ahead on average");
        assert!(!beats_by(&lucky, 1, 0, 1.5), "by one sample's luck");
        assert!(beats_by(&lucky, 1, 0, 0.0), "no margin: the best average");
        assert!(
            !beats_by(&steady[..1], 1, 0, 1.5),
            "one sample says nothing"
        );
    }
}
