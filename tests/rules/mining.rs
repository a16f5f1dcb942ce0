//! Mining mahjong's public sample scenarios (copies in `tests/data/mining-samples/`) through
//! the library and through `momojan scenario`, each equal to its `.expected.json` as parsed
//! JSON, and the format's error documents for malformed files.

use std::path::Path;

use crate::support::{first_difference, read_json, scenarios_in};
use momojan::games::mining::scenario;
use serde_json::{json, Value};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/mining-samples");

#[test]
fn every_mining_sample_matches_its_expected_output() {
    let files = scenarios_in(DIR);
    assert_eq!(files.len(), 8, "four games and four cut points");
    let mut failures = Vec::new();
    for path in files {
        let expected = read_json(&path.with_extension("expected.json"));
        let actual =
            scenario::scenario(&std::fs::read(&path).unwrap()).unwrap_or_else(|e| e.to_json());
        if let Some(diff) = first_difference(&actual, &expected, "") {
            let name = path.file_name().unwrap().to_string_lossy();
            failures.push(format!("{name}: {diff}"));
        }
    }
    assert!(
        failures.is_empty(),
        "samples that differ:\n{}",
        failures.join("\n")
    );
}

#[test]
fn every_mining_sample_plays_the_same_through_the_binary() {
    for path in scenarios_in(DIR) {
        let expected = read_json(&path.with_extension("expected.json"));
        let (code, actual) = crate::support::run_binary(path.to_str().unwrap(), None);
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        assert_eq!(code, 0, "{name}");
        assert_eq!(first_difference(&actual, &expected, ""), None, "{name}");
    }
}

/// A file of one round on the first sample's deck, with these top-level fields and actions.
fn document(top: Value, actions: Value) -> Vec<u8> {
    let sample = read_json(&Path::new(DIR).join("mining-0-p2.json"));
    let mut doc = json!({ "game": "mining", "players": 2, "rounds": [
        { "deck": sample["rounds"][0]["deck"].clone(), "actions": actions }
    ]});
    for (k, v) in top.as_object().unwrap() {
        doc[k] = v.clone();
    }
    serde_json::to_vec(&doc).unwrap()
}

fn error_of(bytes: &[u8]) -> (String, Value, Value) {
    let (code, doc) = crate::support::run_binary_bytes(bytes);
    assert_eq!(code, 2, "{doc}");
    let e = &doc["error"];
    (
        e["kind"].as_str().unwrap().to_string(),
        e["round"].clone(),
        e["action"].clone(),
    )
}

#[test]
fn malformed_mining_files_exit_2_with_the_error_document() {
    let kind = |top: Value, actions: Value| error_of(&document(top, actions));
    let m = "malformed_scenario".to_string();
    assert_eq!(error_of(b"{\"game\": \"mining\", ").0, "malformed_json");
    assert_eq!(kind(json!({ "players": 5 }), json!([])).0, m);
    assert_eq!(kind(json!({ "first_dealer": 2 }), json!([])).0, m);
    assert_eq!(kind(json!({ "options": { "turns": 7 } }), json!([])).0, m);
    assert_eq!(
        kind(json!({ "options": { "chess": true } }), json!([])).0,
        m
    );
    let path = kind(
        json!({}),
        json!([{ "seat": 0, "type": "move", "path": "NX" }]),
    );
    assert_eq!(path, (m.clone(), json!(0), json!(0)));
    let cell = json!([{ "seat": 0, "type": "discard", "cards": ["1m"], "to": [[1]] }]);
    assert_eq!(kind(json!({}), cell).0, m);
    let fly = json!([{ "seat": 0, "type": "fly" }]);
    assert_eq!(kind(json!({}), fly).0, "unknown_action");
    let card = json!([{ "seat": 0, "type": "pon", "cards": ["1m", "xx"] }]);
    assert_eq!(kind(json!({}), card).0, "unknown_card");
    let aka_off = kind(json!({ "options": { "aka": false } }), json!([]));
    assert_eq!(aka_off, ("bad_deck".to_string(), json!(0), Value::Null));
    let wrong = json!([{ "seat": 1, "type": "move", "path": "" }]);
    assert_eq!(
        kind(json!({}), wrong),
        ("wrong_seat".to_string(), json!(0), json!(0))
    );
    let climb = json!([{ "seat": 0, "type": "move", "path": "NNNN" }]);
    assert_eq!(kind(json!({}), climb).0, "illegal_action");
    // The dealer's first move stays on the ground: a discard then is illegal.
    let early = json!([
        { "seat": 0, "type": "move", "path": "" },
        { "seat": 1, "type": "move", "path": "" },
        { "seat": 0, "type": "discard", "cards": ["1m"], "to": [[20, 0]] }
    ]);
    assert_eq!(
        kind(json!({}), early),
        ("illegal_action".to_string(), json!(0), json!(2))
    );
}

#[test]
fn a_script_that_stops_offers_the_seat_its_moves() {
    let doc = scenario::scenario(&document(json!({}), json!([]))).unwrap();
    assert_eq!(doc["next"]["seats"], json!([0]));
    let moves = doc["next"]["legal_actions"].as_array().unwrap();
    assert_eq!(moves[0], json!({ "seat": 0, "type": "move", "path": "" }));
    assert!(moves.len() <= 85);
    assert_eq!(doc["rounds"][0]["result"], "incomplete");
    assert_eq!(
        doc["rounds"][0]["state"]["mine"].as_array().unwrap().len(),
        69
    );
}

mod properties {
    //! Over random legal play: the 136 tiles are all accounted for at every step, and points
    //! plus pot stay 25,000 per player.

    use momojan::games::kit::mahjong::tile::Tile;
    use momojan::games::mining::computer::{easy_action, random_action};
    use momojan::games::mining::game::Game;
    use momojan::games::mining::options::{Length, Options};
    use proptest::prelude::*;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn play(seed: u64, n: usize, options: Options) -> Result<(), TestCaseError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Game::new(options, n, (seed % n as u64) as usize);
        for _ in 0..30_000 {
            if game.over.is_some() {
                return Ok(());
            }
            if !game.in_round() && !game.choosing {
                let mut deck = Tile::full_set(options.aka);
                deck.shuffle(&mut rng);
                game.start_round(deck);
            }
            let seat = game.to_act()[0];
            let action = if rng.random_bool(0.8) {
                easy_action(&game, seat, &mut rng)
            } else {
                random_action(&game, seat, &mut rng)
            }
            .expect("a seat to act has actions");
            game.apply(seat, action.clone())
                .map_err(|e| TestCaseError::fail(format!("{action:?} refused: {e}")))?;
            let round = game.round().unwrap();
            if round.outcome.is_none() {
                prop_assert_eq!(round.tiles_accounted(), 136);
            }
            let total: i64 = round.points.iter().sum::<i64>() + round.pot;
            prop_assert_eq!(total, 25_000 * n as i64);
            prop_assert_eq!(
                game.points.iter().sum::<i64>() + game.pot,
                25_000 * n as i64
            );
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

        #[test]
        fn tiles_and_points_are_conserved_over_random_play(
            seed in any::<u64>(),
            n in 2usize..=4,
            jump in any::<bool>(),
            discard_first in any::<bool>(),
            warp in any::<bool>(),
            aka in any::<bool>(),
        ) {
            let options = Options {
                length: Length::East,
                turns: 8,
                jump,
                discard_first,
                warp,
                aka,
                ..Options::default()
            };
            play(seed, n, options)?;
        }
    }
}

mod round_trip {
    //! Random legal games written as scenario files play back to the same end through
    //! `momojan scenario`'s reader: everything the engine offers, the format can say.

    use momojan::games::kit::mahjong::tile::Tile;
    use momojan::games::mining::computer::{easy_action, random_action};
    use momojan::games::mining::game::Game;
    use momojan::games::mining::options::{Length, Options};
    use momojan::games::mining::scenario;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use serde_json::{json, Value};

    /// A random game as a scenario document, with the game it played.
    fn random_document(seed: u64, n: usize, options: Options) -> (Value, Game, Vec<String>) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Game::new(options, n, 0);
        let mut rounds: Vec<Value> = Vec::new();
        let mut types = Vec::new();
        while game.over.is_none() && rounds.len() < 12 {
            if !game.in_round() && !game.choosing {
                let mut deck = Tile::full_set(options.aka);
                deck.shuffle(&mut rng);
                let names: Vec<String> = deck.iter().map(Tile::to_string).collect();
                rounds.push(json!({ "deck": names, "actions": [] }));
                game.start_round(deck);
            }
            let seat = game.to_act()[0];
            let action = if rng.random_bool(0.8) {
                easy_action(&game, seat, &mut rng)
            } else {
                random_action(&game, seat, &mut rng)
            }
            .unwrap();
            let written = action.to_json(seat);
            types.push(written["type"].as_str().unwrap().to_string());
            rounds.last_mut().unwrap()["actions"]
                .as_array_mut()
                .unwrap()
                .push(written);
            game.apply(seat, action).unwrap();
        }
        let doc = json!({
            "game": "mining", "players": n, "first_dealer": 0,
            "options": options.to_json(), "rounds": rounds,
        });
        (doc, game, types)
    }

    #[test]
    fn random_games_play_back_through_the_scenario_reader() {
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..6u64 {
            let n = 2 + (seed % 3) as usize;
            let options = Options {
                length: Length::East,
                turns: 8,
                jump: seed % 2 == 0,
                discard_first: seed % 3 != 1,
                warp: true,
                ..Options::default()
            };
            let (doc, game, types) = random_document(seed, n, options);
            seen.extend(types);
            let out = scenario::scenario(&serde_json::to_vec(&doc).unwrap())
                .unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
            assert_eq!(out["game"]["points"], json!(game.points), "seed {seed}");
            assert_eq!(
                out["game"]["over"],
                json!(game.over.is_some()),
                "seed {seed}"
            );
        }
        println!("action types played: {seen:?}");
        for t in ["move", "discard", "pass"] {
            assert!(seen.contains(t), "{t} never played");
        }
    }
}

/// A long soak over many easy games (not run by default): `cargo nextest run --test rules
/// mining::soak --run-ignored only --no-capture`.
#[test]
#[ignore]
fn soak() {
    use momojan::games::kit::mahjong::tile::Tile;
    use momojan::games::mining::computer::easy_action;
    use momojan::games::mining::game::Game;
    use momojan::games::mining::options::{Length, Options};
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    let mut types = std::collections::BTreeMap::<String, usize>::new();
    let mut results = std::collections::BTreeMap::<String, usize>::new();
    for seed in 0..24u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let n = 2 + (seed % 3) as usize;
        let options = Options {
            length: Length::East,
            turns: rng.random_range(16..=40),
            jump: rng.random_bool(0.5),
            discard_first: rng.random_bool(0.5),
            warp: rng.random_bool(0.5),
            double_ron: rng.random_bool(0.5),
            ..Options::default()
        };
        let mut game = Game::new(options, n, 0);
        let mut rounds = 0;
        while game.over.is_none() && rounds < 8 {
            if !game.in_round() && !game.choosing {
                if let Some(r) = game.round() {
                    let doc = momojan::games::mining::scenario::report(&game);
                    let _ = r;
                    *results
                        .entry(
                            doc["rounds"].as_array().unwrap().last().unwrap()["result"].to_string(),
                        )
                        .or_default() += 1;
                }
                let mut deck = Tile::full_set(options.aka);
                deck.shuffle(&mut rng);
                game.start_round(deck);
                rounds += 1;
            }
            let seat = game.to_act()[0];
            let action = easy_action(&game, seat, &mut rng).unwrap();
            *types
                .entry(
                    format!("{:?}", action)
                        .split([' ', '{', '('])
                        .next()
                        .unwrap()
                        .to_string(),
                )
                .or_default() += 1;
            game.apply(seat, action).unwrap();
        }
    }
    println!("{types:?}\n{results:?}");
}
