//! Complete games between players that pick uniformly among the legal actions, written once
//! over [`Hosted`]: the speed benchmark of every game (`momojan selfplay --game G --seats N
//! --policy random`) and the harness of the invariant tests each game runs. In a claim window
//! the seat that answers next is picked at random too, so every order of answers is played.

use std::time::{Duration, Instant};

use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::games::interface::deal::DeckSeed;
use crate::games::interface::seat::{Seat, SeatCount};
use crate::games::interface::Hosted;

/// Actions after which a game is abandoned as endless (no game should come near it).
pub const MAX_ACTIONS: usize = 200_000;

/// One random game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RandomGame {
    pub rounds: usize,
    pub actions: usize,
    /// The end reason's id, `None` when the game hit [`MAX_ACTIONS`].
    pub reason: Option<&'static str>,
    pub winner: Option<Seat>,
}

/// Plays game `seed` at a table of `seats` to its end, calling `check` with the state after
/// every action.
pub fn play_checked<G: Hosted>(
    seed: u64,
    seats: SeatCount,
    options: &G::Options,
    mut check: impl FnMut(&G::State),
) -> RandomGame {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut deck_seed: DeckSeed = [0; 32];
    rng.fill_bytes(&mut deck_seed);
    let first = seats
        .seats()
        .nth(rng.random_range(0..seats.get()))
        .expect("a seat");
    let (mut state, _) = G::start(&deck_seed, seats, first, options.clone());
    let mut actions = 0;
    loop {
        let acting = G::to_act(&state).seats();
        if acting.is_empty() || actions == MAX_ACTIONS {
            break;
        }
        let seat = acting
            .iter()
            .nth(rng.random_range(0..acting.len()))
            .expect("a seat");
        let legal = G::legal_actions(&state, seat);
        let action = legal[rng.random_range(0..legal.len())];
        G::apply(&mut state, &deck_seed, seat, action).expect("a legal action is accepted");
        actions += 1;
        check(&state);
    }
    let finish = G::finish(&state);
    RandomGame {
        rounds: G::rounds_played(&state),
        actions,
        reason: finish.as_ref().map(|f| f.reason),
        winner: finish.map(|f| f.winner()),
    }
}

/// Plays game `seed` at a table of `seats` to its end.
pub fn play<G: Hosted>(seed: u64, seats: SeatCount, options: &G::Options) -> RandomGame {
    play_checked::<G>(seed, seats, options, |_| {})
}

/// Games `seed .. seed + games` at a table of `seats`, with the time they took on this thread.
pub fn run<G: Hosted>(games: u64, seats: SeatCount, seed: u64) -> (Vec<RandomGame>, Duration) {
    let options = G::Options::default();
    let started = Instant::now();
    let results = (seed..seed + games)
        .map(|s| play::<G>(s, seats, &options))
        .collect();
    (results, started.elapsed())
}

/// A short report: games per second, rounds and actions per game, how games ended.
pub fn report<G: Hosted>(seats: SeatCount, results: &[RandomGame], took: Duration) -> String {
    let n = results.len().max(1) as f64;
    let rounds: usize = results.iter().map(|r| r.rounds).sum();
    let actions: usize = results.iter().map(|r| r.actions).sum();
    let mut reasons = std::collections::BTreeMap::<&str, usize>::new();
    for r in results {
        *reasons.entry(r.reason.unwrap_or("abandoned")).or_default() += 1;
    }
    let mut out = format!(
        "{} random self-play, {} seats: {} games in {:.3} s = {:.0} games/s (one thread)\n\
         rounds/game {:.2}, actions/game {:.1}\n",
        G::NAMES.en,
        seats,
        results.len(),
        took.as_secs_f64(),
        results.len() as f64 / took.as_secs_f64().max(1e-9),
        rounds as f64 / n,
        actions as f64 / n,
    );
    for (reason, count) in reasons {
        out += &format!("  {reason}: {count} ({:.1} %)\n", 100.0 * count as f64 / n);
    }
    out
}
