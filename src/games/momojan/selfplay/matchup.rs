//! `momojan selfplay --policy A --vs B`: one player against another, with luck cancelled by
//! mirroring (every deal is played twice with the seats swapped) and a 95 % confidence
//! interval on the points difference. Games run on worker threads, but each game depends
//! only on its own seed, and results are summed in game order, so the table never depends on
//! the thread count.

use crate::games::interface::seat::Opponent;
use crate::games::interface::seat::SeatCount;
use std::fmt;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::policy::Policy;
use crate::games::interface::Computer;
use crate::games::interface::{Budget, Level};
use crate::games::momojan::{
    Game, Momojan, PerSeat, RoundEnd, RuleOptions, Seat, SeededGame, WinBy,
};

/// A player of a match: a self-play policy or a computer level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Contestant {
    Random,
    Greedy,
    Easy,
    Normal,
    Hard,
}

impl Contestant {
    /// The old single-policy summary only knows the two self-play policies.
    pub fn as_policy(self) -> Option<Policy> {
        match self {
            Contestant::Random => Some(Policy::Random),
            Contestant::Greedy => Some(Policy::Greedy),
            _ => None,
        }
    }

    fn level(self) -> Option<Level> {
        match self {
            Contestant::Easy => Some(Level::Easy),
            Contestant::Normal => Some(Level::Normal),
            Contestant::Hard => Some(Level::Hard),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Contestant::Random => "random",
            Contestant::Greedy => "greedy",
            Contestant::Easy => "easy",
            Contestant::Normal => "normal",
            Contestant::Hard => "hard",
        }
    }
}

/// What to play.
#[derive(Debug, Clone, Copy)]
pub struct MatchConfig {
    pub a: Contestant,
    pub b: Contestant,
    /// Games in all (rounded up to an even number when mirrored).
    pub games: u64,
    pub mirrored: bool,
    pub seed: u64,
    /// `hard`'s budget; give it no clock to keep results reproducible.
    pub budget: Budget,
    pub threads: usize,
}

/// A's results in one game (or, summed, in many).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Tally {
    pub games: u64,
    pub a_games_won: u64,
    pub rounds: u64,
    pub round_wins: [u64; 2],
    /// Rounds B (index 0) or A (index 1) won by ron on the other's discard, by loser: A's
    /// deal-ins first.
    pub deal_ins: [u64; 2],
    pub win_points: [u64; 2],
    pub draws: u64,
    pub points_diff: i64,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.games += other.games;
        self.a_games_won += other.a_games_won;
        self.rounds += other.rounds;
        self.draws += other.draws;
        self.points_diff += other.points_diff;
        for i in 0..2 {
            self.round_wins[i] += other.round_wins[i];
            self.deal_ins[i] += other.deal_ins[i];
            self.win_points[i] += other.win_points[i];
        }
    }

    /// A's view of a finished game where A sat at `a_seat` (index 0 = A, 1 = B below).
    fn of_game(game: &Game, a_seat: Seat) -> Tally {
        let who = |s: Seat| usize::from(s != a_seat);
        let mut t = Tally {
            games: 1,
            points_diff: game.balances[a_seat] - game.balances[a_seat.opponent()],
            a_games_won: u64::from(game.outcome.is_some_and(|o| o.winner == a_seat)),
            ..Tally::default()
        };
        for record in &game.records {
            t.rounds += 1;
            match &record.end {
                Some(RoundEnd::Win {
                    winner, by, score, ..
                }) => {
                    t.round_wins[who(*winner)] += 1;
                    t.win_points[who(*winner)] += score.total;
                    if *by == WinBy::Ron {
                        t.deal_ins[who(winner.opponent())] += 1;
                    }
                }
                Some(RoundEnd::Draw { .. }) => t.draws += 1,
                None => {}
            }
        }
        t
    }
}

/// The result of a match.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchReport {
    pub a: Contestant,
    pub b: Contestant,
    pub mirrored: bool,
    pub total: Tally,
    /// Points difference (A − B) per game, one value per sample (a mirrored pair or a game).
    pub sample_means: Vec<f64>,
    pub elapsed: Duration,
}

impl MatchReport {
    /// Mean points per game (A − B) and the half-width of its 95 % confidence interval.
    pub fn mean_and_ci(&self) -> (f64, f64) {
        let n = self.sample_means.len() as f64;
        if n < 2.0 {
            return (self.sample_means.first().copied().unwrap_or(0.0), f64::NAN);
        }
        let mean = self.sample_means.iter().sum::<f64>() / n;
        let var = self
            .sample_means
            .iter()
            .map(|x| (x - mean).powi(2))
            .sum::<f64>()
            / (n - 1.0);
        (mean, 1.96 * (var / n).sqrt())
    }

    /// The table without the wall-clock time (for comparing runs).
    pub fn same_results(&self, other: &MatchReport) -> bool {
        MatchReport {
            elapsed: Duration::ZERO,
            ..self.clone()
        } == MatchReport {
            elapsed: Duration::ZERO,
            ..other.clone()
        }
    }
}

/// Plays the match.
pub fn run_match(config: MatchConfig) -> MatchReport {
    let start = Instant::now();
    let samples = if config.mirrored {
        config.games.div_ceil(2)
    } else {
        config.games
    };
    let threads = config.threads.max(1);
    let mut results: Vec<(u64, Tally)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads as u64)
            .map(|w| {
                scope.spawn(move || {
                    (w..samples)
                        .step_by(threads)
                        .map(|j| (j, play_sample(&config, j)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    results.sort_by_key(|(j, _)| *j);
    let mut total = Tally::default();
    let mut sample_means = Vec::with_capacity(results.len());
    for (_, t) in &results {
        total.add(t);
        sample_means.push(t.points_diff as f64 / t.games.max(1) as f64);
    }
    MatchReport {
        a: config.a,
        b: config.b,
        mirrored: config.mirrored,
        total,
        sample_means,
        elapsed: start.elapsed(),
    }
}

/// Sample `j`: deal `seed + j` played once (A in seat j % 2) or, mirrored, twice.
fn play_sample(config: &MatchConfig, j: u64) -> Tally {
    let deal = config.seed.wrapping_add(j);
    let seatings: Vec<Seat> = if config.mirrored {
        vec![Seat::ZERO, Seat::ONE]
    } else {
        vec![if j % 2 == 0 { Seat::ZERO } else { Seat::ONE }]
    };
    let mut tally = Tally::default();
    for a_seat in seatings {
        let players = PerSeat::from_fn(SeatCount::TWO, |s| {
            if s == a_seat {
                config.a
            } else {
                config.b
            }
        });
        let game = play_seated(deal, players, config.budget);
        tally.add(&Tally::of_game(&game, a_seat));
    }
    tally
}

/// One complete game on the deal of `seed` (decks and first dealer as in
/// [`super::play_game`]); the players' own randomness also follows the seed.
pub fn play_seated(seed: u64, players: PerSeat<Contestant>, budget: Budget) -> Game {
    let mut deck_seed = [0u8; 32];
    deck_seed[..8].copy_from_slice(&seed.to_le_bytes());
    let first = if seed % 2 == 0 { Seat::ZERO } else { Seat::ONE };
    let (mut game, _) = SeededGame::with_seed(deck_seed, first, RuleOptions::default());
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while let Some(seat) = game.game.to_act() {
        let action = choose(&game.game, players[seat], budget, &mut rng);
        let Some(action) = action else { break };
        if game.apply(seat, action).is_err() {
            break;
        }
    }
    game.game
}

fn choose(
    game: &Game,
    who: Contestant,
    budget: Budget,
    rng: &mut ChaCha8Rng,
) -> Option<crate::games::momojan::Action> {
    if let Some(policy) = who.as_policy() {
        let legal = game.legal_actions();
        return (!legal.is_empty()).then(|| policy.choose(game, &legal, rng));
    }
    let level = who.level()?;
    let seat = game.to_act()?;
    Momojan::decide(
        level,
        &game.seat_view(seat),
        &game.options,
        budget,
        rng.random(),
    )
}

impl fmt::Display for MatchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.total;
        let per = |n: u64, of: u64| 100.0 * n as f64 / of.max(1) as f64;
        let avg = |p: u64, n: u64| p as f64 / n.max(1) as f64;
        let (mean, ci) = self.mean_and_ci();
        let (a, b) = (self.a.name(), self.b.name());
        let unit = if self.mirrored {
            "mirrored pairs"
        } else {
            "games"
        };
        writeln!(f, "A = {a}, B = {b}")?;
        writeln!(
            f,
            "games:                 {} ({} {unit})",
            t.games,
            self.sample_means.len()
        )?;
        writeln!(
            f,
            "time:                  {:.1} s",
            self.elapsed.as_secs_f64()
        )?;
        writeln!(
            f,
            "points per game A − B: {mean:+.3} (95% CI {:+.3} … {:+.3})",
            mean - ci,
            mean + ci
        )?;
        writeln!(
            f,
            "games won by A:        {:.1}%",
            per(t.a_games_won, t.games)
        )?;
        writeln!(
            f,
            "rounds:                {} ({:.2} per game)",
            t.rounds,
            avg(t.rounds, t.games)
        )?;
        writeln!(
            f,
            "rounds won:            A {:.1}%, B {:.1}%, exhaustive draw {:.1}%",
            per(t.round_wins[0], t.rounds),
            per(t.round_wins[1], t.rounds),
            per(t.draws, t.rounds)
        )?;
        writeln!(
            f,
            "deal-in rate (ron on own discard / rounds): A {:.2}%, B {:.2}%",
            per(t.deal_ins[0], t.rounds),
            per(t.deal_ins[1], t.rounds)
        )?;
        writeln!(
            f,
            "average winning hand:  A {:.2}, B {:.2} points",
            avg(t.win_points[0], t.round_wins[0]),
            avg(t.win_points[1], t.round_wins[1])
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_table_whatever_the_threads() {
        let config = MatchConfig {
            a: Contestant::Normal,
            b: Contestant::Easy,
            games: 6,
            mirrored: true,
            seed: 11,
            budget: Budget::samples(2),
            threads: 2,
        };
        let two = run_match(config);
        let one = run_match(MatchConfig {
            threads: 1,
            ..config
        });
        assert!(two.same_results(&one), "{two}\n{one}");
        assert!(two.same_results(&run_match(config)));
        assert_eq!(two.total.games, 6);
        assert_eq!(two.sample_means.len(), 3);
        assert_eq!(two.to_string().lines().count(), 9);
    }

    #[test]
    fn a_mirrored_self_match_is_even_on_each_deal() {
        let report = run_match(MatchConfig {
            a: Contestant::Easy,
            b: Contestant::Easy,
            games: 4,
            mirrored: true,
            seed: 3,
            budget: Budget::samples(1),
            threads: 2,
        });
        // Deterministic players on both seats: each deal's two games mirror each other.
        assert!(report.sample_means.iter().all(|m| m.abs() < 1e-9));
    }
}
