//! `momojan highlight-counts --game G`: how often each highlight kind fires over complete
//! self-played games, and how long the recap comes out, written once over [`Hosted`]; the
//! figures the kinds' thresholds are tuned by (a recap should be two to five lines). Each game
//! depends only on its seed, and counts are summed in game order, so the table does not depend
//! on the thread count.

use std::collections::BTreeMap;
use std::time::Instant;

use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::games::drivers::random_play::MAX_ACTIONS;
use crate::games::interface::deal::DeckSeed;
use crate::games::interface::seat::{Seat, SeatCount};
use crate::games::interface::{recap, Budget, Hosted, Level, RECAP_MAX};

/// What one game's highlights came to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameCount {
    pub rounds: usize,
    /// Lines of each kind in the game's highlights (before the recap's cut).
    pub recap_kinds: BTreeMap<&'static str, usize>,
    /// Round lines of each kind, over the game's rounds.
    pub round_kinds: BTreeMap<&'static str, usize>,
    /// Lines the recap shows.
    pub recap_len: usize,
}

/// Plays one game: every seat at `level` (`None`: random players), then counts its lines.
pub fn count<G: Hosted>(seats: SeatCount, seed: u64, level: Option<Level>) -> GameCount {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut deck: DeckSeed = [0; 32];
    rng.fill_bytes(&mut deck);
    let options = G::Options::default();
    let (mut state, _) = G::start(&deck, seats, Seat::ZERO, options.clone());
    let mut steps = 0u64;
    while let Some(seat) = G::to_act(&state).first() {
        if steps as usize >= MAX_ACTIONS {
            break;
        }
        let action = match level {
            Some(level) => {
                let view = G::view(&state, seat);
                G::decide(level, &view, &options, Budget::samples(8), seed ^ steps)
                    .expect("a seat to act has an action")
            }
            None => {
                let legal = G::legal_actions(&state, seat);
                legal[rng.random_range(0..legal.len())]
            }
        };
        G::apply(&mut state, &deck, seat, action).expect("a computer plays a listed action");
        steps += 1;
    }
    let rounds = G::rounds_played(&state);
    let all = G::game_highlights(&state);
    let mut out = GameCount {
        rounds,
        recap_len: recap(all.clone(), &[], RECAP_MAX).len(),
        ..GameCount::default()
    };
    for h in &all {
        *out.recap_kinds.entry(h.kind).or_default() += 1;
    }
    for r in 0..rounds {
        for h in G::round_highlights(&state, r) {
            *out.round_kinds.entry(h.kind).or_default() += 1;
        }
    }
    out
}

/// Games `seed .. seed + games` on `threads` threads, and the table.
pub fn run<G: Hosted>(
    games: u64,
    seats: SeatCount,
    seed: u64,
    level: Option<Level>,
    threads: usize,
) -> String {
    let started = Instant::now();
    let threads = threads.max(1) as u64;
    let counts: Vec<GameCount> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    (0..games)
                        .filter(|i| i % threads == t)
                        .map(|i| (i, count::<G>(seats, seed.wrapping_add(i), level)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<(u64, GameCount)> = handles
            .into_iter()
            .flat_map(|h| h.join().expect("a worker finished"))
            .collect();
        all.sort_by_key(|(i, _)| *i);
        all.into_iter().map(|(_, c)| c).collect()
    });
    report::<G>(seats, level, &counts, started.elapsed().as_secs_f64())
}

/// The table: per kind, games with it and lines in all; the recap's length.
pub fn report<G: Hosted>(
    seats: SeatCount,
    level: Option<Level>,
    counts: &[GameCount],
    secs: f64,
) -> String {
    let n = counts.len().max(1) as f64;
    let rounds: usize = counts.iter().map(|c| c.rounds).sum();
    let who = level.map_or_else(|| "random".to_string(), |l| l.to_string());
    let mut out = format!(
        "{} highlights, {seats} seats, {who} players: {} games, {:.2} rounds per game, {secs:.1} s\n\
         kind                 category  games with it  lines  (recap)   round lines\n",
        G::NAMES.en,
        counts.len(),
        rounds as f64 / n,
    );
    for kind in G::KINDS {
        let with = counts
            .iter()
            .filter(|c| c.recap_kinds.contains_key(kind.id))
            .count();
        let lines: usize = counts
            .iter()
            .filter_map(|c| c.recap_kinds.get(kind.id))
            .sum();
        let round: usize = counts
            .iter()
            .filter_map(|c| c.round_kinds.get(kind.id))
            .sum();
        out += &format!(
            "{:<20} {:<9} {:>6} ({:>5.1} %)  {:>6}           {:>6}\n",
            kind.id,
            kind.category.id(),
            with,
            100.0 * with as f64 / n,
            lines,
            round,
        );
    }
    let mut lengths = [0usize; RECAP_MAX + 1];
    for c in counts {
        lengths[c.recap_len.min(RECAP_MAX)] += 1;
    }
    let mean = counts.iter().map(|c| c.recap_len).sum::<usize>() as f64 / n;
    let raw = counts
        .iter()
        .map(|c| c.recap_kinds.values().sum::<usize>())
        .sum::<usize>() as f64
        / n;
    let round_lines = counts
        .iter()
        .map(|c| c.round_kinds.values().sum::<usize>())
        .sum::<usize>() as f64
        / (rounds.max(1) as f64);
    out += &format!(
        "lines found per game {raw:.2}; recap lines per game {mean:.2}; round lines per round {round_lines:.3}\n\
         recap length 0..{RECAP_MAX}: {}\n",
        lengths
            .iter()
            .enumerate()
            .map(|(len, k)| format!("{len}: {:.1} %", 100.0 * *k as f64 / n))
            .collect::<Vec<_>>()
            .join(", ")
    );
    out
}
