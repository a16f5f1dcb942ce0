//! What reaches the engines from outside, fuzzed in every game, none of it able to panic:
//!
//! - **Scenario files.** Each game's reader, given a sample with a few of its values removed,
//!   swapped for another of its values, set to an edge number or to random JSON, a sample cut
//!   short, random bytes or random JSON, answers with an output document or a typed error,
//!   the same answer each time (a malformed scenario file gets a clear error). The samples are
//!   each game's own (`tests/data/<game>-samples`), so the edits reach deep into the format: a
//!   seat past the table, a deck one card short, an action of another game.
//! - **Action codes**, as a forged or damaged button brings them: random codes and real ones
//!   with a few characters changed are read as nothing or as an action whose own code reads
//!   back as it.

use std::path::PathBuf;

use momojan::games::interface::deal::DeckSeed;
use momojan::games::interface::seat::Seat;
use momojan::games::interface::{Hosted, ACTION_CODE_MAX};
use momojan::games::registry::{for_each_game, EachGame, GameId};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};
use serde_json::{json, Value};

use crate::support::read_json;

/// Random JSON: leaves and small arrays and objects, with words of every game's format.
pub fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        (0u64..60).prop_map(|n| json!(n)),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| json!(f)),
        "[a-zA-Z0-9_]{0,8}".prop_map(Value::String),
        prop::sample::select(vec![
            "p1",
            "l5",
            "s9",
            "Dog",
            "Moon",
            "Sun",
            "draw",
            "pon",
            "chi",
            "ron",
            "tsumo",
            "kai",
            "kan",
            "draw3",
            "discard",
            "pass",
            "seat",
            "type",
            "cards",
            "card",
            "pile",
            "deck",
            "actions",
            "rounds",
            "riichi",
            "FU",
            "GY",
            "I-man",
            "M-ko-wind",
            "5m",
            "0p",
            "7z",
            "ankan",
            "kakan",
            "daiminkan",
            "move",
            "warp",
            "agari_yame",
            "continue",
        ])
        .prop_map(|s| json!(s)),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(
                prop::sample::select(vec![
                    "first_dealer",
                    "options",
                    "yaku_points",
                    "rounds",
                    "deck",
                    "actions",
                    "seat",
                    "type",
                    "pile",
                    "cards",
                    "card",
                    "riichi",
                    "players",
                    "path",
                    "to",
                    "x",
                ])
                .prop_map(String::from),
                inner,
                0..5
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Walks into `doc` following `path` (each step picks a child by index modulo the count) and
/// replaces the node reached with `new`, or removes it when `new` is `None`.
pub fn mutate(doc: &mut Value, path: &[usize], new: Option<Value>) {
    let Some((&first, rest)) = path.split_first() else {
        if let Some(v) = new {
            *doc = v;
        }
        return;
    };
    match doc {
        Value::Array(items) if !items.is_empty() => {
            let i = first % items.len();
            if rest.is_empty() && new.is_none() {
                items.remove(i);
            } else {
                mutate(&mut items[i], rest, new);
            }
        }
        Value::Object(map) if !map.is_empty() => {
            let key = map.keys().nth(first % map.len()).unwrap().clone();
            if rest.is_empty() && new.is_none() {
                map.remove(&key);
            } else {
                mutate(map.get_mut(&key).unwrap(), rest, new);
            }
        }
        _ => {
            if let Some(v) = new {
                *doc = v;
            }
        }
    }
}

/// The node `path` leads to (as [`mutate`] walks), cloned.
fn node_at(doc: &Value, path: &[usize]) -> Value {
    let Some((&first, rest)) = path.split_first() else {
        return doc.clone();
    };
    match doc {
        Value::Array(items) if !items.is_empty() => node_at(&items[first % items.len()], rest),
        Value::Object(map) if !map.is_empty() => {
            node_at(map.values().nth(first % map.len()).unwrap(), rest)
        }
        _ => doc.clone(),
    }
}

/// One edit of a sample.
#[derive(Debug, Clone)]
enum Edit {
    Remove,
    /// Another node of the same document (a card where a seat was, a round's actions in
    /// another round).
    CopyOf(Vec<usize>),
    /// A number at an edge: a seat or count past the table, zero, negative, huge.
    Number(i64),
    Random(Value),
}

fn edit() -> impl Strategy<Value = Edit> {
    let path = || prop::collection::vec(any::<usize>(), 0..7);
    prop_oneof![
        2 => Just(Edit::Remove),
        3 => path().prop_map(Edit::CopyOf),
        3 => prop::sample::select(vec![
            -1,
            0,
            1,
            2,
            3,
            4,
            5,
            7,
            13,
            34,
            136,
            255,
            256,
            i64::from(u32::MAX),
            i64::MAX,
            i64::MIN,
        ])
        .prop_map(Edit::Number),
        2 => json_value().prop_map(Edit::Random),
    ]
}

/// `G`'s sample scenarios (not their expected outputs), in name order.
fn samples(id: GameId) -> Vec<Value> {
    let folder = match id {
        GameId::Momojan => "samples".to_string(),
        other => format!("{}-samples", other.id()),
    };
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(folder);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("the samples {} are missing ({e})", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.to_string_lossy();
            name.ends_with(".json") && !name.ends_with(".expected.json")
        })
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no samples in {}", dir.display());
    paths.iter().map(|p| read_json(p)).collect()
}

/// `G`'s answer to `bytes`, checked: an output document with its rounds and its game, or a
/// typed error; and the same answer a second time.
fn answer<G: Hosted>(bytes: &[u8]) -> Result<(), TestCaseError> {
    let first = G::scenario(bytes);
    let again = G::scenario(bytes);
    match (&first, &again) {
        (Ok(doc), Ok(doc_again)) => {
            prop_assert!(doc["rounds"].is_array(), "{}: no rounds in {}", G::ID, doc);
            prop_assert!(doc["game"]["over"].is_boolean(), "{}: {}", G::ID, doc);
            prop_assert_eq!(doc, doc_again, "{}: the same file played twice", G::ID);
        }
        (Err(e), Err(e_again)) => {
            prop_assert_eq!(e.to_json(), e_again.to_json(), "{}: errors differ", G::ID);
            prop_assert!(!e.message.is_empty(), "{}: an error without words", G::ID);
        }
        _ => prop_assert!(false, "{}: played once, refused once", G::ID),
    }
    Ok(())
}

/// Cases of each kind per game in the suite: enough to reach the formats' corners in a few
/// seconds, the same cases every run (a failure is never luck). `PROPTEST_CASES` asks for a
/// search instead: that many cases, new ones each run (20,000 ran clean).
const CASES: u32 = 96;

fn runner() -> TestRunner {
    let search = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok());
    let config = Config {
        cases: search.unwrap_or(CASES),
        // Failures are reported, not stored next to the tests.
        failure_persistence: None,
        ..Config::default()
    };
    match search {
        Some(_) => TestRunner::new(config),
        None => TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha)),
    }
}

/// Runs `check` over `strategy` for `G`, failing with the smallest input found.
fn run<G: Hosted, S: Strategy>(
    what: &str,
    strategy: S,
    check: impl Fn(S::Value) -> Result<(), TestCaseError>,
) where
    S::Value: std::fmt::Debug,
{
    if let Err(e) = runner().run(&strategy, check) {
        panic!("{} ({what}): {e}", G::ID);
    }
}

struct Fuzz;

impl EachGame for Fuzz {
    fn game<G: Hosted>(&mut self, id: GameId) {
        let docs = samples(id);
        let sample_edits = (
            any::<prop::sample::Index>(),
            prop::collection::vec((prop::collection::vec(any::<usize>(), 0..7), edit()), 1..4),
        );
        run::<G, _>("edited samples", sample_edits, |(sample, edits)| {
            let mut doc = docs[sample.index(docs.len())].clone();
            for (path, edit) in edits {
                let new = match edit {
                    Edit::Remove => None,
                    Edit::CopyOf(from) => Some(node_at(&doc, &from)),
                    Edit::Number(n) => Some(json!(n)),
                    Edit::Random(v) => Some(v),
                };
                mutate(&mut doc, &path, new);
            }
            answer::<G>(doc.to_string().as_bytes())
        });
        let cut = (any::<prop::sample::Index>(), any::<prop::sample::Index>());
        run::<G, _>("samples cut short", cut, |(sample, at)| {
            let text = docs[sample.index(docs.len())].to_string();
            answer::<G>(&text.as_bytes()[..at.index(text.len())])
        });
        let bytes = prop::collection::vec(any::<u8>(), 0..256);
        run::<G, _>("random bytes", bytes, |bytes| answer::<G>(&bytes));
        run::<G, _>("random JSON", json_value(), |doc| {
            answer::<G>(doc.to_string().as_bytes())?;
            answer::<G>(json!({ "rounds": [doc] }).to_string().as_bytes())
        });
        let codes = real_codes::<G>();
        assert!(codes.len() > 3, "{}: codes to start from", G::ID);
        let changed = (
            any::<prop::sample::Index>(),
            prop::collection::vec(char_edit(), 1..4),
        );
        run::<G, _>("action codes changed", changed, |(code, edits)| {
            read_code::<G>(&edited(&codes[code.index(codes.len())], &edits))
        });
        let random = prop_oneof!["[a-zA-Z0-9-]{0,24}", "\\PC{0,64}"];
        run::<G, _>("random action codes", random, |code| read_code::<G>(&code));
    }
}

/// The codes of every action listed in a few games of `G` played at random, at each of its
/// table sizes: real codes, for the edits to start from.
fn real_codes<G: Hosted>() -> Vec<String> {
    let mut codes = std::collections::BTreeSet::new();
    for &seats in G::SEATS {
        for seed in 0..3u8 {
            let deck: DeckSeed = [seed; 32];
            let (mut state, _) = G::start(&deck, seats, Seat::ZERO, G::Options::default());
            for step in 0..400usize {
                let Some((seat, legal)) = seats
                    .seats()
                    .map(|s| (s, G::legal_actions(&state, s)))
                    .find(|(_, legal)| !legal.is_empty())
                else {
                    break;
                };
                codes.extend(legal.iter().map(|a| G::action_code(*a)));
                let action = legal[(step * 7 + usize::from(seed)) % legal.len()];
                G::apply(&mut state, &deck, seat, action).expect("a listed action applies");
            }
        }
    }
    codes.into_iter().collect()
}

/// An action code as a button brings it: whatever `G` reads from it must be an action whose
/// own code is well formed and reads back as that action.
fn read_code<G: Hosted>(code: &str) -> Result<(), TestCaseError> {
    if let Some(action) = G::parse_action(code) {
        let own = G::action_code(action);
        prop_assert!(
            own.len() <= ACTION_CODE_MAX
                && own.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'),
            "{}: {code:?} reads as {action:?}, whose code is {own:?}",
            G::ID
        );
        prop_assert_eq!(G::parse_action(&own), Some(action), "{}: {}", G::ID, own);
    }
    Ok(())
}

/// One change to a code: a character replaced, inserted or removed at a place.
fn char_edit() -> impl Strategy<Value = (u8, prop::sample::Index, char)> {
    let chars = prop_oneof![
        8 => prop::sample::select(
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-"
                .chars()
                .collect::<Vec<_>>()
        ),
        1 => any::<char>(),
    ];
    (0u8..3, any::<prop::sample::Index>(), chars)
}

fn edited(code: &str, edits: &[(u8, prop::sample::Index, char)]) -> String {
    let mut chars: Vec<char> = code.chars().collect();
    for (how, at, c) in edits {
        let i = at.index(chars.len() + 1);
        match how {
            0 if i < chars.len() => chars[i] = *c,
            1 => chars.insert(i, *c),
            _ if i < chars.len() => {
                chars.remove(i);
            }
            _ => chars.push(*c),
        }
    }
    chars.into_iter().collect()
}

/// One test per game, so that they run side by side.
mod every_games_readers_answer_anything_without_panicking {
    use super::*;
    use crate::every_game::{test_each_game, Only};

    fn check(id: GameId) {
        for_each_game(&mut Only(id, &mut Fuzz));
    }

    test_each_game!(check);
}
