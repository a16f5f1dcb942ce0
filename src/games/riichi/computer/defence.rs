//! How dangerous a discard is against the players in riichi: a rule of thumb from the table
//! (`normal`), and the share of sampled hands that ron it (`hard`).

use super::super::round::Discarded;
use super::sample::sample;
use super::sight::Sight;
use crate::games::interface::Budget;
use crate::games::kit::mahjong::tile::{Kind, KindSet, KINDS};
use crate::games::kit::mahjong::waits::waits;
use std::time::Instant;

/// Danger classes, safest first.
pub const GENBUTSU: u8 = 0;
/// The most dangerous class: a middle tile no discard makes safer.
pub const WORST: u8 = 6;

/// The rule-of-thumb danger of discarding `kind` against every threat (the worst of them): 0
/// for a kind the threat discarded itself (it cannot ron it, §6), then honors by how many
/// copies are seen, then suji (the kind three away on both sides discarded), terminals, and
/// middle tiles last.
pub fn danger_class(sight: &Sight, kind: Kind) -> u8 {
    sight
        .threats
        .iter()
        .map(|&s| class_against(sight, &sight.round.players[s].pond, kind))
        .max()
        .unwrap_or(GENBUTSU)
}

fn class_against(sight: &Sight, pond: &[Discarded], kind: Kind) -> u8 {
    let discarded: KindSet = pond
        .iter()
        .map(|d| d.tile.kind())
        .collect::<Vec<_>>()
        .into();
    if discarded.contains(kind) {
        return GENBUTSU;
    }
    let seen = sight.seen[kind.index()];
    if kind.is_honor() {
        // Four seen: nobody waits on it; three: only a single wait can.
        return match seen {
            3.. => 1,
            2 => 2,
            _ => 3,
        };
    }
    let n = kind.number();
    let suji_below =
        n <= 3 || Kind::new(kind.index() as u8 - 3).is_some_and(|k| discarded.contains(k));
    let suji_above = n >= 7 || kind.up(3).is_some_and(|k| discarded.contains(k));
    match (suji_below && suji_above, kind.is_terminal(), n) {
        (true, true, _) => 2,
        (true, false, _) => 3,
        (false, true, _) => 4,
        (false, false, 2 | 8) => 5,
        _ => WORST,
    }
}

/// For each kind, the share of `budget.samples` sampled games (fewer when the clock runs out)
/// in which some threat's sampled hand waits on it and may ron it.
pub fn sampled_danger(sight: &Sight, budget: Budget, seed: u64) -> [f64; KINDS] {
    let started = Instant::now();
    let mut hits = [0u32; KINDS];
    let mut n = 0u32;
    for s in 0..budget.samples.max(1) {
        if n > 0 && budget.time.is_some_and(|t| started.elapsed() >= t) {
            break;
        }
        let Some(game) = sample(
            sight.view,
            seed.wrapping_mul(0x9E37_79B9).wrapping_add(u64::from(s)),
        ) else {
            continue;
        };
        let Some(round) = game.round.as_ref() else {
            continue;
        };
        n += 1;
        let mut ronned = KindSet::EMPTY;
        for &threat in &sight.threats {
            let p = &round.players[threat];
            let w = waits(p.hand.counts(), &p.melds);
            for k in w.iter().filter(|k| !p.discarded.contains(*k)) {
                ronned.insert(k);
            }
        }
        for k in ronned.iter() {
            hits[k.index()] += 1;
        }
    }
    let mut out = [0.0; KINDS];
    if n > 0 {
        for (o, h) in out.iter_mut().zip(hits) {
            *o = f64::from(h) / f64::from(n);
        }
    }
    out
}
