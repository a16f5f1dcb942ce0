//! `momojan selfplay --game G --seats N --policy A --vs B [--mirrored]`: one computer of level
//! A against B at every other seat, in complete games, written once over [`Hosted`]. With
//! mirroring every deal is played once with A at each seat, so that luck cancels; the table
//! gives A's mean points and mean place per game with 95 % confidence intervals. Each game
//! depends only on its own seed and results are summed in game order, so the table does not
//! depend on the thread count.

use std::time::{Duration, Instant};

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::games::drivers::random_play::MAX_ACTIONS;
use crate::games::interface::deal::DeckSeed;
use crate::games::interface::seat::{PerSeat, Seat, SeatCount};
use crate::games::interface::Hosted;
use crate::games::interface::{Budget, Level};

/// What to play.
#[derive(Debug, Clone, Copy)]
pub struct Matchup {
    pub a: Level,
    pub b: Level,
    /// The table: A at one seat, B at the others.
    pub seats: SeatCount,
    /// Games in all (rounded up to a multiple of the seats when mirrored).
    pub games: u64,
    pub mirrored: bool,
    pub seed: u64,
    pub budget: Budget,
    pub threads: usize,
}

/// A's result in one game.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Played {
    /// A's final balance minus its starting balance.
    points: i64,
    /// A's place, 1 for first.
    place: usize,
    rounds: usize,
}

/// Plays one game: A sits in `a_seat`; the deal comes from `deal`.
fn play<G: Hosted>(m: &Matchup, deal: u64, a_seat: Seat) -> Played {
    let mut rng = ChaCha8Rng::seed_from_u64(deal);
    let mut deck: DeckSeed = [0; 32];
    rng.fill_bytes(&mut deck);
    let (mut state, _) = G::start(&deck, m.seats, Seat::ZERO, G::Options::default());
    let start = G::balances(&state);
    let options = G::Options::default();
    let levels = PerSeat::from_fn(m.seats, |s| if s == a_seat { m.a } else { m.b });
    let mut steps = 0u64;
    while let Some(seat) = G::to_act(&state).first() {
        if steps as usize >= MAX_ACTIONS {
            break;
        }
        let view = G::view(&state, seat);
        let action = G::decide(levels[seat], &view, &options, m.budget, deal ^ steps)
            .expect("a seat to act has an action");
        G::apply(&mut state, &deck, seat, action).expect("a computer plays a listed action");
        steps += 1;
    }
    let finish = G::finish(&state);
    Played {
        points: G::balances(&state)[a_seat] - start[a_seat],
        place: finish.map_or(m.seats.get(), |f| f.place(a_seat)),
        rounds: G::rounds_played(&state),
    }
}

/// Plays the matchup and returns the table.
pub fn run<G: Hosted>(m: Matchup) -> String {
    let started = Instant::now();
    let units = if m.mirrored {
        m.games.div_ceil(m.seats.get() as u64)
    } else {
        m.games
    };
    // One unit: a deal (played twice when mirrored); its points are summed per unit so the
    // interval is over independent deals.
    let unit = |i: u64| -> Vec<Played> {
        let deal = m.seed.wrapping_add(i);
        let a_seats = if m.mirrored { m.seats.get() } else { 1 };
        m.seats
            .seats()
            .take(a_seats)
            .map(|a_seat| play::<G>(&m, deal, a_seat))
            .collect::<Vec<_>>()
    };
    let threads = m.threads.max(1) as u64;
    let results: Vec<Vec<Played>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let unit = &unit;
                s.spawn(move || {
                    (0..units)
                        .filter(|i| i % threads == t)
                        .map(|i| (i, unit(i)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<(u64, Vec<Played>)> = handles
            .into_iter()
            .flat_map(|h| h.join().expect("a worker finished"))
            .collect();
        all.sort_by_key(|(i, _)| *i);
        all.into_iter().map(|(_, r)| r).collect()
    });
    report::<G>(&m, &results, started.elapsed())
}

/// The mean of `value` over independent deals (each deal's games averaged first) and the
/// half-width of its 95 % confidence interval.
fn interval(results: &[Vec<Played>], value: impl Fn(&Played) -> f64) -> (f64, f64) {
    let per_unit: Vec<f64> = results
        .iter()
        .map(|u| u.iter().map(&value).sum::<f64>() / u.len() as f64)
        .collect();
    let k = per_unit.len() as f64;
    let mean = per_unit.iter().sum::<f64>() / k;
    let var = per_unit.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (k - 1.0).max(1.0);
    (mean, 1.96 * (var / k).sqrt())
}

fn report<G: Hosted>(m: &Matchup, results: &[Vec<Played>], took: Duration) -> String {
    let games: Vec<&Played> = results.iter().flatten().collect();
    let n = games.len() as f64;
    let (mean, half) = interval(results, |p| p.points as f64);
    let (place, place_half) = interval(results, |p| p.place as f64);
    let won = games.iter().filter(|p| p.place == 1).count() as f64;
    let rounds = games.iter().map(|p| p.rounds).sum::<usize>() as f64;
    let others = if m.seats == SeatCount::TWO {
        String::new()
    } else {
        format!(" ×{}", m.seats.get() - 1)
    };
    format!(
        "{game}: {a} (A) vs {b} (B){others}, {seats} seats, {n} games{mirror}, seed {seed}, \
         {samples} samples for hard\n\
         A's points per game: {mean:+.2} (95 % CI {lo:+.2} … {hi:+.2})\n\
         A's mean place: {place:.3} (95 % CI {plo:.3} … {phi:.3})\n\
         A won {won_pct:.1} % of games; {rounds:.2} rounds per game; {secs:.1} s\n",
        game = G::NAMES.en,
        a = m.a,
        b = m.b,
        seats = m.seats,
        n = games.len(),
        mirror = if m.mirrored { " (mirrored deals)" } else { "" },
        seed = m.seed,
        samples = m.budget.samples,
        lo = mean - half,
        hi = mean + half,
        plo = place - place_half,
        phi = place + place_half,
        won_pct = 100.0 * won / n,
        rounds = rounds / n,
        secs = took.as_secs_f64(),
    )
}
