//! The cost the search lowers, Σ over pairs of max(0, meetings − 1)², its changes by one
//! meeting (which a Swiss round weighs too), and its lower bounds, where the search stops.

use super::Field;

/// The squared excess of a pair that met `m` times: max(0, m − 1)².
pub(super) fn excess(m: u16) -> u64 {
    let e = u64::from(m.saturating_sub(1));
    e * e
}

/// The change of [`excess`] when a pair that met `m` times meets once more.
pub(super) fn gain(m: u16) -> i64 {
    if m == 0 {
        0
    } else {
        2 * i64::from(m) - 1
    }
}

/// The change of [`excess`] when a pair that met `m ≥ 1` times meets once less.
pub(super) fn loss(m: u16) -> i64 {
    if m <= 1 {
        0
    } else {
        -(2 * i64::from(m) - 3)
    }
}

/// The least Σ excess any schedule with `total` meetings among `pairs` pairs can have: the
/// meetings spread evenly.
pub(super) fn excess_bound(total: u64, pairs: u64) -> u64 {
    if pairs == 0 {
        return 0;
    }
    let (q, rem) = (total / pairs, total % pairs);
    let e = |m: u64| m.saturating_sub(1).pow(2);
    (pairs - rem) * e(q) + rem * e(q + 1)
}

/// A second least Σ excess: whenever a round has fewer full tables than seats, the players of a
/// full table in it sat at fewer tables than they are in any earlier round, so some of them met
/// there before. Take two rounds: each full table of the later one holds S players, of whom
/// some may have sat out the earlier round or played at its computers' table (the field's rest,
/// spread over the tables as evenly as can be, which helps the most); the others come from the
/// T full tables of the earlier round, at best spread evenly over them. Two players together in
/// both rounds are a repeat, and Σ excess ≥ Σ over pairs of C(m, 2) (max(0, m − 1)² ≥
/// m(m − 1)/2 for every m), which counts exactly those pairs of rounds. So Σ excess ≥ C(R, 2)
/// times the least repeats between two rounds. At 12 players in tables of 4 that is 3 per pair
/// of rounds: 45 in 6 rounds, above the 42 of an even spread; at 13 with a computers' table, 2.
pub(super) fn crowding_bound(field: &Field, rounds: usize) -> u64 {
    let (s, t, rest) = (field.seats, field.full_tables(), field.rest());
    if t == 0 {
        return 0;
    }
    let pairs = |n: usize| (n * n.saturating_sub(1) / 2) as u64;
    // The least repeats of n players spread over t tables: as evenly as can be.
    let spread = |n: usize| (t - n % t) as u64 * pairs(n / t) + (n % t) as u64 * pairs(n / t + 1);
    let per_round_pair: u64 = (0..t)
        .map(|k| {
            let others = rest / t + usize::from(k < rest % t);
            spread(s.saturating_sub(others))
        })
        .sum();
    pairs(rounds) * per_round_pair
}
