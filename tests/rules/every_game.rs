//! What every game must do behind the host's interface, written once over `Rules` and run for
//! each registered game: games end, points are conserved, exactly the listed actions apply
//! (an action legal elsewhere but not listed now is refused and changes nothing), each seat's
//! view lists its own legal actions and none when it may not act, and the state survives the
//! JSON round trip the store makes after every action. Each game is played at every table size
//! it seats, and in a claim window the seats answer in a random order.

use momojan::games::drivers::export::{export, replay, ExportError};
use momojan::games::drivers::random_play;
use momojan::games::interface::deal::DeckSeed;
use momojan::games::interface::ledger::Party;
use momojan::games::interface::seat::{PerSeat, Seat, SeatCount};
use momojan::games::interface::{AutoSet, AutoSwitch};
use momojan::games::interface::{Budget, Concession, Hosted, Level, Step};
use momojan::games::registry::{for_each_game, EachGame, GameId};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const GAMES: u64 = 12;

/// Every table size of `G`.
fn sizes<G: Hosted>() -> impl Iterator<Item = SeatCount> {
    G::SEATS.iter().copied()
}

/// Points at the table: every balance and the pot.
fn points_at_table<G: Hosted>(state: &G::State) -> i64 {
    G::balances(state).values().sum::<i64>() + G::pot(state)
}

/// One seat of those that may act, picked at random (a claim window's answers come in any
/// order).
fn any_acting<G: Hosted>(state: &G::State, rng: &mut ChaCha8Rng) -> Option<Seat> {
    let acting = G::to_act(state).seats();
    acting.iter().nth(rng.random_range(0..acting.len().max(1)))
}

/// One random game with every check after every action; returns how many actions were refused
/// as they should be, and how many were played.
fn checked_game<G: Hosted>(seed: u64, seats: SeatCount) -> (usize, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let deck_seed: DeckSeed = rng.random();
    let (mut state, _) = G::start(&deck_seed, seats, Seat::ZERO, G::Options::default());
    assert_eq!(G::seat_count(&state), seats);
    let total = points_at_table::<G>(&state);
    let mut seen: Vec<G::Action> = Vec::new();
    let mut refused = 0;
    let mut steps = 0;
    while let Some(seat) = any_acting::<G>(&state, &mut rng) {
        steps += 1;
        assert!(
            steps < random_play::MAX_ACTIONS,
            "{} game {seed} does not end",
            G::ID
        );
        let acting = G::to_act(&state);
        let legal = G::legal_actions(&state, seat);
        assert!(!legal.is_empty(), "{}: a seat to act has an action", G::ID);
        for other in seats.seats() {
            let view = G::view(&state, other);
            assert_eq!(G::view_seat(&view), other);
            assert_eq!(
                G::view_actions(&view),
                G::legal_actions(&state, other).as_slice()
            );
            if !acting.includes(other) {
                assert!(
                    G::view_actions(&view).is_empty(),
                    "{}: {other} may not act",
                    G::ID
                );
            }
        }
        // An action that was legal somewhere but is not listed now is refused, with no change,
        // and so is a listed action sent by a seat that may not act.
        let before = serde_json::to_string(&state).unwrap();
        if let Some(stale) = seen.iter().find(|a| !legal.contains(a)).copied() {
            assert!(G::apply(&mut state, &deck_seed, seat, stale).is_err());
            assert_eq!(serde_json::to_string(&state).unwrap(), before);
            refused += 1;
        }
        for idle in seats.seats().filter(|s| !acting.includes(*s)) {
            assert!(G::apply(&mut state, &deck_seed, idle, legal[0]).is_err());
            assert_eq!(serde_json::to_string(&state).unwrap(), before);
        }

        let action = legal[rng.random_range(0..legal.len())];
        if !seen.contains(&action) {
            seen.push(action);
        }
        G::apply(&mut state, &deck_seed, seat, action).expect("a listed action is accepted");
        assert_eq!(
            points_at_table::<G>(&state),
            total,
            "{}: points kept",
            G::ID
        );
        let json = serde_json::to_string(&state).unwrap();
        let back: G::State = serde_json::from_str(&json).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), json);
    }
    let finish = G::finish(&state).expect("a game with no one to act is over");
    assert_eq!(finish.balances, G::balances(&state));
    let mut ranked = finish.ranking.clone();
    ranked.sort();
    assert_eq!(
        ranked,
        seats.seats().collect::<Vec<_>>(),
        "{}: every seat ranked",
        G::ID
    );
    assert_eq!(
        G::pot(&state),
        0,
        "{}: the last pot goes to the winner",
        G::ID
    );
    (refused, steps)
}

/// Random games per table size: [`GAMES`], or fewer once [`FEWEST_GAMES`] have played
/// [`ENOUGH_ACTIONS`] (a random riichi or mining game is hundreds of actions, a MOMOJAN game
/// a few dozen: the checks then cover a like number of actions in every game).
const FEWEST_GAMES: u64 = 3;
const ENOUGH_ACTIONS: usize = 3_000;

struct Invariants;

impl EachGame for Invariants {
    fn game<G: Hosted>(&mut self, id: GameId) {
        assert_eq!(GameId::from_id(G::ID), Some(id));
        // Each table size on a thread of its own: this is the binary's longest test.
        std::thread::scope(|scope| {
            for seats in sizes::<G>() {
                scope.spawn(move || {
                    let (mut refused, mut actions) = (0, 0);
                    for seed in 0..GAMES {
                        if seed >= FEWEST_GAMES && actions >= ENOUGH_ACTIONS {
                            break;
                        }
                        let (r, a) = checked_game::<G>(seed, seats);
                        refused += r;
                        actions += a;
                    }
                    assert!(refused > 0, "{} at {seats}: the refusal check ran", G::ID);
                });
            }
        });
    }
}

/// Runs `visitor` for game `only` alone.
pub struct Only<'a, V>(pub GameId, pub &'a mut V);

impl<V: EachGame> EachGame for Only<'_, V> {
    fn game<G: Hosted>(&mut self, id: GameId) {
        if id == self.0 {
            self.1.game::<G>(id);
        }
    }
}

/// One `#[test]` per registered game, each running `$check(GameId::…)`, so that the games
/// run side by side; and a test that no registered game is left out.
macro_rules! test_each_game {
    ($check:path) => {
        #[test]
        fn momojan() {
            $check(momojan::games::registry::GameId::Momojan);
        }

        #[test]
        fn shogi() {
            $check(momojan::games::registry::GameId::Shogi);
        }

        #[test]
        fn riichi() {
            $check(momojan::games::registry::GameId::Riichi);
        }

        #[test]
        fn beginners() {
            $check(momojan::games::registry::GameId::Beginners);
        }

        #[test]
        fn mining() {
            $check(momojan::games::registry::GameId::Mining);
        }

        #[test]
        fn every_registered_game_has_its_test() {
            use momojan::games::registry::GameId;
            let tested = [
                GameId::Momojan,
                GameId::Shogi,
                GameId::Riichi,
                GameId::Beginners,
                GameId::Mining,
            ];
            assert_eq!(tested, GameId::ALL);
        }
    };
}
pub(crate) use test_each_game;

/// One test per game: the longest of this binary, so that they run side by side.
mod every_game_ends_keeps_its_points_and_accepts_exactly_its_listed_actions {
    use super::*;

    fn check(id: GameId) {
        for_each_game(&mut Only(id, &mut Invariants));
    }

    test_each_game!(check);
}

struct Switches;

impl EachGame for Switches {
    fn game<G: Hosted>(&mut self, _: GameId) {
        let switches = G::auto_switches();
        let sets: Vec<AutoSet> = (0..1 << switches.len())
            .map(|bits: usize| {
                switches
                    .iter()
                    .enumerate()
                    .fold(AutoSet::NONE, |set, (i, s)| {
                        set.with(*s, bits & (1 << i) != 0)
                    })
            })
            .collect();
        for seats in sizes::<G>() {
            for seed in 0..GAMES {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let deck_seed: DeckSeed = rng.random();
                let (mut state, _) = G::start(&deck_seed, seats, Seat::ZERO, G::Options::default());
                while let Some(seat) = any_acting::<G>(&state, &mut rng) {
                    for other in G::to_act(&state).seats().iter() {
                        let view = G::view(&state, other);
                        let legal = G::legal_actions(&state, other);
                        for on in &sets {
                            let taken = G::auto_action(&view, *on);
                            assert!(
                                taken.is_none_or(|a| legal.contains(&a)),
                                "{}: {taken:?} is not legal",
                                G::ID
                            );
                        }
                        assert_eq!(G::auto_action(&view, AutoSet::NONE), None, "{}", G::ID);
                        // No calls passes only where auto-win would take nothing: never a win.
                        let no_calls = AutoSet::NONE.with(AutoSwitch::NoCalls, true);
                        let win = AutoSet::NONE.with(AutoSwitch::Win, true);
                        if G::auto_action(&view, no_calls).is_some() {
                            assert_eq!(G::auto_action(&view, win), None, "{}", G::ID);
                        }
                    }
                    let legal = G::legal_actions(&state, seat);
                    let action = legal[rng.random_range(0..legal.len())];
                    G::apply(&mut state, &deck_seed, seat, action).unwrap();
                }
            }
        }
    }
}

/// Whatever switches a player has on, an auto switch takes only a legal action of their own
/// seat, nothing with every switch off, and no calls never passes a win.
#[test]
fn every_auto_switch_takes_only_a_legal_action_and_no_calls_never_passes_a_win() {
    for_each_game(&mut Switches);
}

struct Resigning;

impl EachGame for Resigning {
    fn game<G: Hosted>(&mut self, _: GameId) {
        for seats in sizes::<G>() {
            let seed: DeckSeed = [3; 32];
            let (mut state, _) = G::start(&seed, seats, Seat::ONE, G::Options::default());
            let total = points_at_table::<G>(&state);
            G::concede(&mut state, Seat::ZERO, Concession::Resigned).unwrap();
            let finish = G::finish(&state).expect("over");
            assert_ne!(finish.winner(), Seat::ZERO);
            assert_eq!(
                finish.ranking.last(),
                Some(&Seat::ZERO),
                "the resigner is last"
            );
            assert_eq!(finish.reason, "resigned");
            assert_eq!(finish.balances.values().sum::<i64>(), total);
            assert!(G::to_act(&state).is_over());
            let before = serde_json::to_string(&state).unwrap();
            assert!(G::concede(&mut state, Seat::ONE, Concession::Forfeit).is_err());
            assert_eq!(serde_json::to_string(&state).unwrap(), before);
        }
    }
}

#[test]
fn in_every_game_a_resignation_ends_it_as_the_other_seats_win_once() {
    for_each_game(&mut Resigning);
}

struct Proofs;

impl EachGame for Proofs {
    fn game<G: Hosted>(&mut self, _: GameId) {
        let seed: DeckSeed = [9; 32];
        for round in 0..3 {
            let p = G::deal_proof(&seed, round, &G::Options::default());
            assert!(momojan::games::interface::deal::verify(
                &p.commitment,
                &p.salt,
                &p.deck
            ));
            let next = G::deal_proof(&seed, round + 1, &G::Options::default());
            assert_ne!(p.deck, next.deck);
        }
    }
}

#[test]
fn every_game_publishes_a_fair_deal_proof_per_round() {
    for_each_game(&mut Proofs);
}

/// A random game, recorded as the host logs it; with `resign_after`, the seat to act gives the
/// game up after that many actions.
fn recorded_game<G: Hosted>(
    seed: u64,
    seats: SeatCount,
    resign_after: Option<usize>,
) -> (DeckSeed, G::State, Vec<Step<G::Action>>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let deck_seed: DeckSeed = rng.random();
    let (mut state, _) = G::start(&deck_seed, seats, Seat::ONE, G::Options::default());
    let mut steps = Vec::new();
    while let Some(seat) = any_acting::<G>(&state, &mut rng) {
        if resign_after == Some(steps.len()) {
            G::concede(&mut state, seat, Concession::Forfeit).unwrap();
            steps.push(Step::Concede(seat, Concession::Forfeit));
            break;
        }
        let legal = G::legal_actions(&state, seat);
        let action = legal[rng.random_range(0..legal.len())];
        G::apply(&mut state, &deck_seed, seat, action).unwrap();
        steps.push(Step::Play(seat, action));
    }
    (deck_seed, state, steps)
}

struct Exports;

impl EachGame for Exports {
    fn game<G: Hosted>(&mut self, id: GameId) {
        for seats in sizes::<G>() {
            exports::<G>(id, seats);
        }
    }
}

fn exports<G: Hosted>(id: GameId, seats: SeatCount) {
    for (seed, resign_after) in [(1, None), (2, None), (3, Some(0)), (4, Some(150))] {
        let (deck_seed, state, steps) = recorded_game::<G>(seed, seats, resign_after);
        assert!(G::finish(&state).is_some());
        let options = G::Options::default();
        let file = export::<G>(&deck_seed, seats, Seat::ONE, &options, &steps)
            .expect("a game's own log exports");
        assert_eq!(file["game"], G::ID);
        // The file runs through the registry like any file, and prints the game's result.
        let bytes = serde_json::to_vec(&file).unwrap();
        let output = momojan::games::registry::scenario(&bytes)
            .unwrap_or_else(|e| panic!("{}: the export does not play: {e:?}", G::ID));
        assert_eq!(output, G::report(&state), "{} game {seed}", G::ID);
        let rounds = file["rounds"].as_array().unwrap();
        assert!(rounds.len() >= G::rounds_played(&state).max(1));
        // Every round's proof checks against its deck, as `momojan verify` checks it.
        for round in rounds {
            let deck: Vec<&str> = round["deck"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap())
                .collect();
            let proof = &round["proof"];
            assert!(momojan::games::interface::deal::verify(
                proof["commitment"].as_str().unwrap(),
                proof["salt"].as_str().unwrap(),
                &deck.join(" ")
            ));
        }
        let _ = id;
    }
    // A damaged log (a move the game refuses) is an error naming the move, not a file.
    let (deck_seed, _, mut steps) = recorded_game::<G>(5, seats, None);
    let Step::Play(seat, action) = steps[0] else {
        unreachable!()
    };
    steps.insert(1, Step::Play(seat, action));
    let options = G::Options::default();
    let err = export::<G>(&deck_seed, seats, Seat::ONE, &options, &steps).unwrap_err();
    assert!(matches!(err, ExportError::Replay { index: 1, .. }));
}

#[test]
fn every_finished_game_exports_to_a_scenario_file_that_prints_its_result() {
    for_each_game(&mut Exports);
}

struct Replays;

impl EachGame for Replays {
    fn game<G: Hosted>(&mut self, _: GameId) {
        for seats in sizes::<G>() {
            replays::<G>(seats);
        }
    }
}

fn replays<G: Hosted>(seats: SeatCount) {
    let options = G::Options::default();
    for (seed, resign_after) in [(6, None), (7, Some(40))] {
        let (deck_seed, _, steps) = recorded_game::<G>(seed, seats, resign_after);
        // The states as the game went, recorded independently of the replay.
        let (mut state, _) = G::start(&deck_seed, seats, Seat::ONE, options.clone());
        let mut states = vec![serde_json::to_value(&state).unwrap()];
        let mut starts = vec![0];
        for (k, step) in steps.iter().enumerate() {
            let before = G::rounds_played(&state);
            match *step {
                Step::Play(seat, a) => G::apply(&mut state, &deck_seed, seat, a).map(drop),
                Step::Concede(seat, why) => G::concede(&mut state, seat, why).map(drop),
            }
            .unwrap();
            if !G::to_act(&state).is_over() && G::rounds_played(&state) > before {
                starts.push(k + 1);
            }
            states.push(serde_json::to_value(&state).unwrap());
        }
        // Every 7th step and every round's first (the whole log each time: quadratic).
        let checked = states
            .iter()
            .enumerate()
            .filter(|(k, _)| k % 7 == 0 || starts.contains(k) || *k == steps.len());
        for (k, expected) in checked {
            let at = replay::<G>(&deck_seed, seats, Seat::ONE, &options, &steps, k).unwrap();
            assert_eq!(
                &serde_json::to_value(&at.state).unwrap(),
                expected,
                "step {k}"
            );
            assert_eq!(at.round_starts, starts, "{} game {seed}", G::ID);
        }
        // Past the end is the end.
        let last = replay::<G>(&deck_seed, seats, Seat::ONE, &options, &steps, 9999);
        assert_eq!(
            &serde_json::to_value(&last.unwrap().state).unwrap(),
            states.last().unwrap()
        );
    }
}

#[test]
fn every_game_replays_to_each_step_of_its_log() {
    for_each_game(&mut Replays);
}

/// The host's records, written once over `Rules`: the ledger of every step (the start
/// included) adds up to the balances and pot the game keeps, with reasons from the game's own
/// list; each seat's record names only the game's yaku and nets its balance.
struct Records;

impl EachGame for Records {
    fn game<G: Hosted>(&mut self, _id: GameId) {
        for seats in sizes::<G>() {
            records::<G>(seats);
        }
    }
}

/// Games of [`records`] played by the `normal` computer.
const PLAYED_TO_WIN: u64 = 2;

fn records<G: Hosted>(seats: SeatCount) {
    for seed in 0..GAMES {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let deck_seed: DeckSeed = rng.random();
        let options = G::Options::default();
        let (mut state, events) = G::start(&deck_seed, seats, Seat::ZERO, options.clone());
        // Each seat's balance before the game's opening transfers (an ante).
        let opening = G::ledger(None, &state, &events);
        let mut start = G::balances(&state);
        for e in &opening {
            let t = e.transfer;
            for (party, sign) in [(t.from, 1), (t.to, -1)] {
                if let Party::Seat(s) = party {
                    start[s] += sign * t.amount;
                }
            }
        }
        let mut balances: PerSeat<i64> = start;
        let mut pot = 0_i64;
        let mut book = |entries: Vec<momojan::games::interface::LedgerEntry>| {
            for e in entries {
                let t = e.transfer;
                assert!(G::TRANSFER_REASONS.contains(&t.reason), "{}", t.reason);
                for (party, sign) in [(t.from, -1), (t.to, 1)] {
                    match party {
                        Party::Seat(s) => balances[s] += sign * t.amount,
                        Party::Pot => pot += sign * t.amount,
                    }
                }
            }
        };
        book(opening);
        // Every other game is conceded part of the way in (riichi sticks may be in the pot of
        // the round cut short); the others are played to their end.
        let mut moves_left = (seed % 2 == 1).then(|| rng.random_range(10..300_u32));
        while let Some(seat) = any_acting::<G>(&state, &mut rng) {
            let before = state.clone();
            let events = if moves_left == Some(0) {
                let loser = Seat::ALL[rng.random_range(0..seats.get())];
                G::concede(&mut state, loser, Concession::Resigned).unwrap()
            } else {
                moves_left = moves_left.map(|m| m - 1);
                let legal = G::legal_actions(&state, seat);
                // The first games as the `normal` computer plays them (riichi sticks, wins and
                // draws with sticks in the pot); the others at random.
                let action = if seed < PLAYED_TO_WIN {
                    let view = G::view(&state, seat);
                    G::decide(Level::Normal, &view, &options, Budget::default(), seed)
                        .expect("a seat to act has an action")
                } else {
                    legal[rng.random_range(0..legal.len())]
                };
                G::apply(&mut state, &deck_seed, seat, action).unwrap()
            };
            book(G::ledger(Some(&before), &state, &events));
        }
        let b = G::balances(&state);
        assert_eq!(balances, b, "{} game {seed}", G::ID);
        assert_eq!(pot, G::pot(&state), "{} game {seed}", G::ID);
        let finish = G::finish(&state).unwrap();
        assert!(G::END_REASONS.contains(&finish.reason), "{}", finish.reason);
        let yaku = G::yaku_ids();
        for seat in seats.seats() {
            let record = G::seat_record(&state, seat);
            assert_eq!(record.net, b[seat] - start[seat], "{} game {seed}", G::ID);
            assert_eq!(record.rounds, G::rounds_played(&state) as i64);
            for hand in &record.won {
                assert!(hand.points > 0);
                assert!(!hand.yaku.is_empty(), "{}: a win names its yaku", G::ID);
                assert!(hand.yaku.iter().all(|y| yaku.contains(y)));
            }
        }
    }
}

#[test]
fn every_game_books_its_points_and_records_for_the_host() {
    for_each_game(&mut Records);
}
