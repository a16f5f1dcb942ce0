//! Decks built from the cards a test cares about, scripts from short lines, and the scenario
//! runner.

use momojan::games::beginners::card::{full_deck, Card, Counts};
use serde_json::{json, Value};

/// Cards from a space-separated list of card ids.
pub fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|id| {
            id.parse()
                .unwrap_or_else(|e| panic!("bad card {id:?}: {e}"))
        })
        .collect()
}

/// A 108-card deck for `players`: `hands[i]` (five cards each) to the player `i` places after
/// the dealer, `pile` from `d[5P]` on; every other slot takes the remaining cards in card
/// order, so the same call always gives the same deck.
pub fn deck(players: usize, hands: &[&str], pile: &str) -> Vec<Card> {
    let mut slots: Vec<Option<Card>> = vec![None; 108];
    for (i, hand) in hands.iter().enumerate() {
        let hand = cards(hand);
        assert_eq!(hand.len(), 5, "a hand has five cards: {hand:?}");
        for (k, c) in hand.into_iter().enumerate() {
            slots[5 * i + k] = Some(c);
        }
    }
    for (k, c) in cards(pile).into_iter().enumerate() {
        slots[5 * players + k] = Some(c);
    }
    let mut left = Counts::of(&full_deck());
    for c in slots.iter().flatten() {
        assert!(left.remove(*c), "the deck has no more {c}");
    }
    let mut filler = left.to_vec().into_iter();
    slots
        .into_iter()
        .map(|s| s.unwrap_or_else(|| filler.next().expect("108 cards")))
        .collect()
}

/// Deck card ids as the format writes them.
pub fn deck_ids(deck: &[Card]) -> Vec<String> {
    deck.iter().map(Card::to_string).collect()
}

/// One action from a line: `"2 draw"`, `"0 discard I-pin"`, `"0 riichi I-pin"` (a discard
/// declaring riichi), `"1 pon"`.
pub fn action(line: &str) -> Value {
    let words: Vec<&str> = line.split_whitespace().collect();
    let seat: u64 = words[0].parse().expect("a seat");
    match words[1..] {
        ["discard", card] => json!({"seat": seat, "type": "discard", "card": card}),
        ["riichi", card] => json!({"seat": seat, "type": "discard", "card": card, "riichi": true}),
        [kind] => json!({"seat": seat, "type": kind}),
        _ => panic!("bad action line {line:?}"),
    }
}

/// A round entry: a deck and its actions, one per line of `script` (`;` or new lines).
pub fn round(deck: &[Card], script: &str) -> Value {
    let actions: Vec<Value> = script
        .split([';', '\n'])
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(action)
        .collect();
    json!({"deck": deck_ids(deck), "actions": actions})
}

/// A document of `players` with its round entries.
pub fn doc(players: usize, first_dealer: usize, rounds: Vec<Value>) -> Value {
    json!({"game": "beginners", "players": players, "first_dealer": first_dealer, "rounds": rounds})
}

/// The output document, or the error document, as `momojan scenario` makes it (through the
/// registry).
pub fn run(doc: &Value) -> Value {
    crate::support::run_value(doc).unwrap_or_else(|e| e)
}

/// The output of a document that must play.
pub fn play(doc: &Value) -> Value {
    let out = run(doc);
    assert!(
        out.get("error").is_none(),
        "the document does not play: {out}"
    );
    out
}

/// The error of a document that must not play: its kind, round and action.
pub fn error(doc: &Value) -> (String, Value, Value) {
    let out = run(doc);
    let e = out
        .get("error")
        .unwrap_or_else(|| panic!("the document plays: {out}"));
    (
        e["kind"].as_str().expect("a kind").to_string(),
        e["round"].clone(),
        e["action"].clone(),
    )
}

/// The yaku of a round entry as (id, points).
pub fn yaku(round: &Value) -> Vec<(String, u64)> {
    round["yaku"]
        .as_array()
        .expect("a win lists its yaku")
        .iter()
        .map(|y| {
            (
                y["id"].as_str().unwrap().to_string(),
                y["points"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// The legal actions of `next` as lines (`"1 pon"`, `"0 discard I-pin"`, `"0 riichi I-pin"`).
pub fn next_lines(out: &Value) -> Vec<String> {
    out["next"]["legal_actions"]
        .as_array()
        .expect("a game that goes on lists its actions")
        .iter()
        .map(|a| {
            let seat = &a["seat"];
            match a["type"].as_str().unwrap() {
                "discard" if a["riichi"] == true => {
                    format!("{seat} riichi {}", a["card"].as_str().unwrap())
                }
                "discard" => format!("{seat} discard {}", a["card"].as_str().unwrap()),
                other => format!("{seat} {other}"),
            }
        })
        .collect()
}
