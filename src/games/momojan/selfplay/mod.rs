//! `momojan selfplay`: complete games between two built-in policies, with a summary, or one
//! player against another (`--vs`, see [`run_match`]).

mod matchup;
mod policy;

use std::collections::BTreeMap;
use std::fmt;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub use matchup::{play_seated, run_match, Contestant, MatchConfig, MatchReport, Tally};
pub use policy::Policy;

use crate::games::momojan::{
    EndReason, Game, RoundEnd, RuleOptions, Seat, SeededGame, WinBy, Yaku,
};

/// Plays one complete game; the deck seed and the policies' choices both follow `seed`.
pub fn play_game(seed: u64, policy: Policy, options: RuleOptions) -> Game {
    let mut deck_seed = [0u8; 32];
    deck_seed[..8].copy_from_slice(&seed.to_le_bytes());
    let first = if seed % 2 == 0 { Seat::ZERO } else { Seat::ONE };
    let (mut game, _) = SeededGame::with_seed(deck_seed, first, options);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while let Some(seat) = game.game.to_act() {
        let legal = game.game.legal_actions();
        let action = policy.choose(&game.game, &legal, &mut rng);
        game.apply(seat, action)
            .expect("a policy only picks legal actions");
    }
    game.game
}

/// What many games looked like.
#[derive(Debug, Default, Clone)]
pub struct Summary {
    pub games: u64,
    pub rounds: u64,
    pub wins_by_ron: u64,
    pub wins_by_tsumo: u64,
    pub draws: u64,
    pub yaku: BTreeMap<Yaku, u64>,
    pub end_reasons: BTreeMap<&'static str, u64>,
    pub elapsed: Duration,
}

impl Summary {
    fn add(&mut self, game: &Game) {
        self.games += 1;
        for record in &game.records {
            self.rounds += 1;
            match &record.end {
                Some(RoundEnd::Win { by, score, .. }) => {
                    match by {
                        WinBy::Ron => self.wins_by_ron += 1,
                        WinBy::Tsumo => self.wins_by_tsumo += 1,
                    }
                    for (y, _) in &score.yaku {
                        *self.yaku.entry(y.0).or_default() += 1;
                    }
                }
                Some(RoundEnd::Draw { .. }) => self.draws += 1,
                None => {}
            }
        }
        if let Some(outcome) = game.outcome {
            *self.end_reasons.entry(outcome.reason.id()).or_default() += 1;
        }
    }
}

/// Plays `games` games with seeds `seed, seed + 1, …` and summarises them.
pub fn run(games: u64, seed: u64, policy: Policy) -> Summary {
    let mut summary = Summary::default();
    let start = Instant::now();
    for i in 0..games {
        let game = play_game(seed.wrapping_add(i), policy, RuleOptions::default());
        summary.add(&game);
    }
    summary.elapsed = start.elapsed();
    summary
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.elapsed.as_secs_f64().max(1e-9);
        let per = |n: u64, of: u64| 100.0 * n as f64 / of.max(1) as f64;
        let wins = self.wins_by_ron + self.wins_by_tsumo;
        writeln!(f, "games:            {}", self.games)?;
        writeln!(f, "time:             {:.3} s", secs)?;
        writeln!(f, "games per second: {:.0}", self.games as f64 / secs)?;
        writeln!(
            f,
            "rounds per game:  {:.2}",
            self.rounds as f64 / self.games.max(1) as f64
        )?;
        writeln!(
            f,
            "round results:    win {:.1}% (ron {:.1}%, tsumo {:.1}%), exhaustive draw {:.1}%",
            per(wins, self.rounds),
            per(self.wins_by_ron, self.rounds),
            per(self.wins_by_tsumo, self.rounds),
            per(self.draws, self.rounds)
        )?;
        writeln!(f, "game end reasons:")?;
        for reason in EndReason::ALL {
            let n = self.end_reasons.get(reason.id()).copied().unwrap_or(0);
            writeln!(
                f,
                "  {:<18} {:>8} ({:.1}%)",
                reason.id(),
                n,
                per(n, self.games)
            )?;
        }
        writeln!(f, "yaku (share of winning hands):")?;
        for yaku in Yaku::ALL {
            let n = self.yaku.get(&yaku).copied().unwrap_or(0);
            writeln!(f, "  {:<18} {:>8} ({:.1}%)", yaku.id(), n, per(n, wins))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_reproducible_and_end() {
        for policy in [Policy::Random, Policy::Greedy] {
            let a = play_game(42, policy, RuleOptions::default());
            assert!(a.is_over());
            assert_eq!(a, play_game(42, policy, RuleOptions::default()));
        }
    }

    #[test]
    fn greedy_wins_more_rounds_than_random() {
        let random = run(60, 1, Policy::Random);
        let greedy = run(60, 1, Policy::Greedy);
        let rate = |s: &Summary| (s.wins_by_ron + s.wins_by_tsumo) as f64 / s.rounds as f64;
        assert!(
            rate(&greedy) > rate(&random),
            "{} vs {}",
            rate(&greedy),
            rate(&random)
        );
    }
}
