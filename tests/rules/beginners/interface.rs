//! The game behind the host's interface (`Rules`), at two, three and four seats, with the
//! shared harnesses written once over `Rules`: random self-play with the seats of a claim
//! window answering in random order, exports that replay through `momojan scenario` to the
//! same result, replays to any step, the ledger and records, resignations and deal proofs.
//! (`tests/rules/every_game.rs` runs the checks written for every game on it too.)

use momojan::games::beginners::{Beginners, Game, Options};
use momojan::games::drivers::export::{export, replay};
use momojan::games::drivers::random_play;
use momojan::games::interface::deal::{verify, DeckSeed};
use momojan::games::interface::ledger::Party;
use momojan::games::interface::prelude::*;
use momojan::games::interface::seat::{Seat, SeatCount};
use momojan::games::interface::{Acting, Concession, Step};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

type G = Beginners;

fn points(state: &Game) -> i64 {
    G::balances(state).values().sum::<i64>() + G::pot(state)
}

#[test]
fn random_self_play_ends_every_game_at_every_table_keeping_15_points_a_seat() {
    for seats in SeatCount::ALL {
        assert!(G::SEATS.contains(&seats));
        for seed in 0..20 {
            let game = random_play::play_checked::<G>(seed, seats, &Options::default(), |state| {
                assert_eq!(points(state), 15 * seats.get() as i64);
                assert_eq!(G::seat_count(state), seats);
            });
            assert!(game.reason.is_some(), "game {seed} at {seats} ends");
            assert!(game.rounds <= 2 * seats.get());
        }
        let (results, took) = random_play::run::<G>(10, seats, 100);
        let report = random_play::report::<G>(seats, &results, took);
        assert!(
            report.contains(&format!("{seats} seats: 10 games")),
            "{report}"
        );
    }
}

/// A random game as the host logs it; with `resign_after`, the seat to act gives up then.
fn recorded(
    seed: u64,
    seats: SeatCount,
    resign_after: Option<usize>,
) -> (DeckSeed, Game, Vec<Step<momojan::games::beginners::Action>>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let deck_seed: DeckSeed = rng.random();
    let (mut state, _) = G::start(&deck_seed, seats, Seat::ONE, Options::default());
    let mut steps = Vec::new();
    loop {
        let acting = G::to_act(&state).seats();
        let Some(seat) = acting.iter().nth(rng.random_range(0..acting.len().max(1))) else {
            break;
        };
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

#[test]
fn a_finished_game_exports_to_a_scenario_file_that_prints_its_result_and_proves_its_decks() {
    for seats in SeatCount::ALL {
        for (seed, resign_after) in [(1, None), (2, None), (3, Some(0)), (4, Some(90))] {
            let (deck_seed, state, steps) = recorded(seed, seats, resign_after);
            let file = export::<G>(&deck_seed, seats, Seat::ONE, &Options::default(), &steps)
                .expect("a game's own log exports");
            let bytes = serde_json::to_vec(&file).unwrap();
            let output = momojan::games::registry::scenario(&bytes)
                .unwrap_or_else(|e| panic!("the export does not play: {e:?}"));
            assert_eq!(output, G::report(&state), "game {seed} at {seats}");
            for round in file["rounds"].as_array().unwrap() {
                let deck: Vec<&str> = round["deck"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_str().unwrap())
                    .collect();
                assert_eq!(deck.len(), 108);
                let proof = &round["proof"];
                assert!(verify(
                    proof["commitment"].as_str().unwrap(),
                    proof["salt"].as_str().unwrap(),
                    &deck.join(" ")
                ));
            }
        }
    }
}

#[test]
fn a_log_replays_to_each_of_its_steps() {
    for seats in SeatCount::ALL {
        let (deck_seed, end, steps) = recorded(6, seats, None);
        let (mut state, _) = G::start(&deck_seed, seats, Seat::ONE, Options::default());
        for (k, step) in steps.iter().enumerate() {
            if k % 11 == 0 {
                let at = replay::<G>(&deck_seed, seats, Seat::ONE, &Options::default(), &steps, k)
                    .unwrap();
                assert_eq!(at.state, state, "step {k}");
            }
            if let Step::Play(seat, a) = *step {
                G::apply(&mut state, &deck_seed, seat, a).unwrap();
            }
        }
        let last = replay::<G>(
            &deck_seed,
            seats,
            Seat::ONE,
            &Options::default(),
            &steps,
            9999,
        )
        .unwrap();
        assert_eq!(last.state, end);
    }
}

#[test]
fn the_ledger_of_every_step_adds_up_to_the_balances_and_records_net_them() {
    for seats in SeatCount::ALL {
        for seed in 0..8 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let deck_seed: DeckSeed = rng.random();
            let (mut state, events) = G::start(&deck_seed, seats, Seat::ZERO, Options::default());
            let mut balances = G::balances(&state);
            let mut pot = 0;
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
            book(G::ledger(None, &state, &events));
            while let Some(seat) = G::to_act(&state).first() {
                let legal = G::legal_actions(&state, seat);
                let action = legal[rng.random_range(0..legal.len())];
                let before = state.clone();
                let events = G::apply(&mut state, &deck_seed, seat, action).unwrap();
                book(G::ledger(Some(&before), &state, &events));
            }
            assert_eq!((balances, pot), (G::balances(&state), G::pot(&state)));
            let finish = G::finish(&state).unwrap();
            assert!(G::END_REASONS.contains(&finish.reason));
            for seat in seats.seats() {
                let record = G::seat_record(&state, seat);
                assert_eq!(record.net, G::balances(&state)[seat] - 15);
                for hand in &record.won {
                    assert!(hand.points > 0 && !hand.yaku.is_empty());
                    assert!(hand.yaku.iter().all(|y| G::yaku_ids().contains(y)));
                }
            }
        }
    }
}

#[test]
fn a_resignation_ranks_the_resigner_last_and_ends_the_game_once() {
    for seats in SeatCount::ALL {
        let (mut state, _) = G::start(&[3; 32], seats, Seat::ONE, Options::default());
        G::concede(&mut state, Seat::ZERO, Concession::Resigned).unwrap();
        let finish = G::finish(&state).unwrap();
        assert_eq!(finish.ranking.last(), Some(&Seat::ZERO));
        assert_eq!(finish.ranking.len(), seats.get());
        assert_eq!(finish.reason, "resigned");
        assert_eq!(G::to_act(&state), Acting::Over);
        let before = state.clone();
        assert!(G::concede(&mut state, Seat::ONE, Concession::Forfeit).is_err());
        assert_eq!(state, before);
    }
}

#[test]
fn a_claim_window_is_several_seats_each_with_its_own_actions_and_timeouts_pass() {
    let mut seen = false;
    for seed in 0..30 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let deck_seed: DeckSeed = rng.random();
        let (mut state, _) = G::start(&deck_seed, SeatCount::FOUR, Seat::ZERO, Options::default());
        while !G::to_act(&state).is_over() {
            if let Acting::Claims(pending) = G::to_act(&state) {
                seen |= pending.len() > 1;
                for seat in pending.iter() {
                    let legal = G::legal_actions(&state, seat);
                    assert_eq!(legal.last(), Some(&momojan::games::beginners::Action::Pass));
                    assert_eq!(
                        G::timeout_action(&state, seat),
                        Some(momojan::games::beginners::Action::Pass)
                    );
                }
                assert_eq!(G::forced_action(&state), None);
            }
            if let Some((seat, action)) = G::forced_action(&state) {
                assert_eq!(G::legal_actions(&state, seat), [action]);
            }
            let acting = G::to_act(&state).seats();
            let seat = acting
                .iter()
                .nth(rng.random_range(0..acting.len()))
                .unwrap();
            let legal = G::legal_actions(&state, seat);
            let action = legal[rng.random_range(0..legal.len())];
            G::apply(&mut state, &deck_seed, seat, action).unwrap();
        }
    }
    assert!(seen, "some discard asked two seats at once");
}

/// The speed figure of the report: what `momojan selfplay --game G --seats N --policy random`
/// runs (`random_play::run` and its report), one thread. Run in release:
/// `cargo test --release --test rules beginners::interface::selfplay_speed -- --ignored --nocapture`.
#[test]
#[ignore = "a benchmark, run by hand in release"]
fn selfplay_speed() {
    for seats in SeatCount::ALL {
        let (results, took) = random_play::run::<G>(20_000, seats, 1);
        print!("{}", random_play::report::<G>(seats, &results, took));
    }
}
