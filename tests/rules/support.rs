//! Shared helpers for the engine's acceptance and rule tests: decks built from the cards a test
//! cares about, hands from strings, scripted play, and the scenario runner (library and binary).

use std::io::Write;
use std::process::{Command, Stdio};

use momojan::games::momojan::card::{full_deck, parse_cards};
use momojan::games::momojan::meld::{Meld, MeldSource};
use momojan::games::momojan::score::{score_win, Score, WinningHand};
use momojan::games::momojan::shape::classify;
use momojan::games::momojan::yaku::WinSituation;
use momojan::games::momojan::{
    Action, Card, CardCounts, Game, RuleError, RuleOptions, Seat, WinBy, Yaku, YakuPoints,
};
use serde_json::{json, Value};

/// Cards from a space-separated list such as `"l1 l2 l3 Moon Moon"`.
pub fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap_or_else(|e| panic!("bad card list {text:?}: {e}"))
}

/// One card by name.
pub fn card(name: &str) -> Card {
    name.parse()
        .unwrap_or_else(|e| panic!("bad card {name:?}: {e}"))
}

/// Slot numbers of the deal layout (rules §3).
pub const DEALER: usize = 0;
pub const NON_DEALER: usize = 7;
pub const DORA: usize = 14;
pub const KAN_DORA: usize = 15;
pub const UNUSED: usize = 16;
pub const REPLACEMENT: usize = 17;
pub const PILE: [usize; 3] = [18, 30, 42];

/// Builds a valid 54-card deck from the cards a test cares about. Every slot not given is
/// filled with the remaining cards in printing order (`p1 … s9 Dog … Moon`), slot by slot from
/// `d[0]` up, so the same builder always gives the same deck.
#[derive(Debug, Clone, Default)]
pub struct DeckBuilder {
    slots: Vec<(usize, Card)>,
}

impl DeckBuilder {
    pub fn new() -> DeckBuilder {
        DeckBuilder::default()
    }

    /// Places `text` from slot `start` on; `_` leaves a slot to the filler.
    pub fn at(mut self, start: usize, text: &str) -> DeckBuilder {
        for (i, name) in text.split_whitespace().enumerate() {
            if name != "_" {
                self.slots.push((start + i, card(name)));
            }
        }
        self
    }

    /// The dealer's hand, `d[0..7]` (up to 7 cards).
    pub fn dealer(self, text: &str) -> DeckBuilder {
        assert!(text.split_whitespace().count() <= 7, "a hand has 7 cards");
        self.at(DEALER, text)
    }

    /// The non-dealer's hand, `d[7..14]`.
    pub fn non_dealer(self, text: &str) -> DeckBuilder {
        assert!(text.split_whitespace().count() <= 7, "a hand has 7 cards");
        self.at(NON_DEALER, text)
    }

    pub fn dora(self, name: &str) -> DeckBuilder {
        self.at(DORA, name)
    }

    pub fn kan_dora(self, name: &str) -> DeckBuilder {
        self.at(KAN_DORA, name)
    }

    pub fn replacement(self, name: &str) -> DeckBuilder {
        self.at(REPLACEMENT, name)
    }

    /// Pile `pile` from its top down (up to 12 cards, `_` for filler).
    pub fn pile(self, pile: usize, text: &str) -> DeckBuilder {
        assert!(text.split_whitespace().count() <= 12, "a pile has 12 cards");
        self.at(PILE[pile], text)
    }

    /// The deck; panics when a slot is given twice or a card more often than it exists.
    pub fn build(&self) -> Vec<Card> {
        let mut deck: Vec<Option<Card>> = vec![None; 54];
        let mut rest = CardCounts::from_cards(&full_deck());
        for &(slot, c) in &self.slots {
            assert!(slot < 54, "slot {slot} is outside the deck");
            assert!(deck[slot].is_none(), "slot {slot} given twice");
            assert!(rest.remove(c), "more {c} cards than the deck holds");
            deck[slot] = Some(c);
        }
        let mut filler = rest.to_vec().into_iter();
        deck.into_iter()
            .map(|c| c.unwrap_or_else(|| filler.next().expect("54 cards")))
            .collect()
    }

    /// The deck as card names, for scenario files.
    pub fn names(&self) -> Vec<String> {
        self.build().iter().map(Card::to_string).collect()
    }
}

/// A seat by number.
pub fn seat(n: u8) -> Seat {
    match n {
        0 => Seat::ZERO,
        1 => Seat::ONE,
        _ => panic!("seats are 0 and 1"),
    }
}

/// One scripted step such as `"0 draw 2"`, `"1 pon Moon Moon"`, `"0 discard l5"`,
/// `"0 riichi l5"` (discard with riichi), `"1 kai l1 l2 l3"`, `"1 draw3"`, `"0 ron"`, `"1 pass"`.
pub fn step(text: &str) -> (Seat, Action) {
    let mut words = text.split_whitespace();
    let who = words.next().expect("a step starts with the seat");
    let verb = words.next().expect("a step names its action");
    let words: Vec<&str> = words.collect();
    let rest: Vec<Card> = if verb == "draw" {
        Vec::new()
    } else {
        words.iter().map(|w| card(w)).collect()
    };
    let need = |n: usize| {
        assert_eq!(rest.len(), n, "{text:?} needs {n} cards");
        rest.clone()
    };
    let action = match verb {
        "draw" => {
            let pile = words.first().expect("draw needs a pile");
            Action::Draw {
                pile: pile.parse().expect("pile number"),
            }
        }
        "pon" => Action::Pon {
            cards: need(2).try_into().unwrap(),
        },
        "chi" => Action::Chi {
            cards: need(2).try_into().unwrap(),
        },
        "ron" => Action::Ron,
        "tsumo" => Action::Tsumo,
        "kai" => Action::Kai {
            cards: need(3).try_into().unwrap(),
        },
        "kan" => Action::Kan {
            cards: need(4).try_into().unwrap(),
        },
        "draw3" => Action::DrawThree,
        "discard" | "riichi" => Action::Discard {
            card: need(1)[0],
            riichi: verb == "riichi",
        },
        "pass" => Action::Pass,
        other => panic!("unknown step {other:?} in {text:?}"),
    };
    let who = who.parse().expect("seat number");
    (seat(who), action)
}

/// A new game with default options, first dealer seat 0, dealt from `deck`.
pub fn dealt(deck: &[Card]) -> Game {
    dealt_with(deck, Seat::ZERO, RuleOptions::default())
}

pub fn dealt_with(deck: &[Card], first_dealer: Seat, options: RuleOptions) -> Game {
    let mut game = Game::new(first_dealer, options);
    game.deal(deck).expect("a valid deck deals");
    game
}

/// Plays every step and asserts that each is accepted.
pub fn play(game: &mut Game, steps: &[&str]) {
    for (i, text) in steps.iter().enumerate() {
        let (s, action) = step(text);
        if let Err(e) = game.apply(s, action) {
            panic!("step {i} {text:?} was refused: {e}");
        }
    }
}

/// Applies one step and returns the engine's answer.
#[allow(dead_code)] // no rule test uses it at present
pub fn try_step(game: &mut Game, text: &str) -> Result<(), RuleError> {
    let (s, action) = step(text);
    game.apply(s, action).map(drop)
}

/// Asserts that a step is refused and returns the refusal's message.
pub fn refused(game: &mut Game, text: &str) -> String {
    let (s, action) = step(text);
    let before = game.clone();
    match game.apply(s, action) {
        Ok(_) => panic!("{text:?} was accepted"),
        Err(e) => {
            assert_eq!(*game, before, "a refused action must change nothing");
            e.to_string()
        }
    }
}

/// Whether the step is among the legal actions now (and `check` agrees).
pub fn is_legal(game: &Game, text: &str) -> bool {
    let (s, action) = step(text);
    let listed = game.to_act() == Some(s) && game.legal_actions().contains(&action.normalized());
    assert_eq!(
        listed,
        game.check(s, action).is_ok(),
        "legal_actions and check disagree on {text:?}"
    );
    listed
}

/// Both players draw from the first non-empty pile and discard the drawn card until fewer
/// than `leave` cards remain in the piles or the round ends.
pub fn drain_piles(game: &mut Game, leave: usize) {
    while let Some(round) = game.round.as_ref() {
        if round.cards_in_piles() <= leave {
            return;
        }
        let seat = game.to_act().expect("a seat acts");
        let pile = round.piles.iter().position(|p| !p.is_empty()).unwrap() as u8;
        game.apply(seat, Action::Draw { pile }).expect("draw");
        let Some(momojan::games::momojan::Phase::AfterDraw { drawn, .. }) =
            game.round.as_ref().map(|r| r.phase)
        else {
            panic!("a draw leads to the after-draw phase")
        };
        game.apply(
            seat,
            Action::Discard {
                card: drawn,
                riichi: false,
            },
        )
        .expect("discarding the drawn card");
    }
}

/// The concealed hand of a seat in the round in play, in printing order.
pub fn hand(game: &Game, s: Seat) -> Vec<Card> {
    game.round.as_ref().expect("a round").players[s]
        .hand
        .to_vec()
}

/// The yaku ids of a score, in order.
pub fn yaku_ids(score: &Score) -> Vec<&'static str> {
    score.yaku.iter().map(|(y, _)| y.0.id()).collect()
}

// ---------------------------------------------------------------------------------------------
// Scoring a hand directly.

/// A winning hand for direct scoring: open sets, concealed cards, the winning card, how.
#[derive(Debug, Clone)]
pub struct HandSpec {
    pub melds: Vec<Meld>,
    pub concealed: Vec<Card>,
    pub winning: Card,
    pub by: WinBy,
    pub situation: WinSituation,
    pub indicators: Vec<Card>,
    pub points: YakuPoints,
}

/// An open set of `source` from `text`; for pon and chi the first card is the claimed one.
pub fn meld(source: MeldSource, text: &str) -> Meld {
    let cs = cards(text);
    let shape = classify(&cs).unwrap_or_else(|| panic!("{text:?} is not a set"));
    let called = matches!(source, MeldSource::Pon | MeldSource::Chi).then(|| cs[0]);
    Meld::new(source, shape, &cs, called)
}

pub fn kai(text: &str) -> Meld {
    meld(MeldSource::Kai, text)
}
pub fn pon(text: &str) -> Meld {
    meld(MeldSource::Pon, text)
}
pub fn chi(text: &str) -> Meld {
    meld(MeldSource::Chi, text)
}
pub fn kan(text: &str) -> Meld {
    meld(MeldSource::Kan, text)
}

impl HandSpec {
    /// `concealed` holds the cards in hand before the winning card.
    pub fn new(concealed: &str, winning: &str, by: WinBy) -> HandSpec {
        HandSpec {
            melds: Vec::new(),
            concealed: cards(concealed),
            winning: card(winning),
            by,
            situation: WinSituation::default(),
            // Moon names Sun as dora; tests that hold a sun set choose their own indicator.
            indicators: cards("Moon"),
            points: YakuPoints::default(),
        }
    }

    pub fn ron(concealed: &str, winning: &str) -> HandSpec {
        HandSpec::new(concealed, winning, WinBy::Ron)
    }

    pub fn tsumo(concealed: &str, winning: &str) -> HandSpec {
        HandSpec::new(concealed, winning, WinBy::Tsumo)
    }

    pub fn open(mut self, m: Meld) -> HandSpec {
        self.melds.push(m);
        self
    }

    pub fn indicators(mut self, text: &str) -> HandSpec {
        self.indicators = cards(text);
        self
    }

    pub fn situation(mut self, f: impl FnOnce(&mut WinSituation)) -> HandSpec {
        f(&mut self.situation);
        self
    }

    pub fn points(mut self, yaku: Yaku, value: u32) -> HandSpec {
        self.points.set(yaku, value);
        self
    }

    /// The best score, or `None` when this is not a win.
    pub fn score(&self) -> Option<Score> {
        let mut concealed = CardCounts::from_cards(&self.concealed);
        concealed.add(self.winning);
        let hand = WinningHand {
            concealed: &concealed,
            winning_card: self.winning,
            melds: &self.melds,
            by: self.by,
            situation: self.situation,
        };
        score_win(&hand, &self.indicators, &self.points)
    }

    /// The yaku ids of the best score; panics when the hand does not win.
    pub fn yaku(&self) -> Vec<&'static str> {
        let score = self
            .score()
            .unwrap_or_else(|| panic!("{self:?} should win"));
        yaku_ids(&score)
    }

    pub fn has(&self, id: &str) -> bool {
        self.yaku().contains(&id)
    }
}

// ---------------------------------------------------------------------------------------------
// Scenario documents.

/// A scenario action object from a step.
pub fn action_json(text: &str) -> Value {
    let (s, action) = step(text);
    let mut v = serde_json::to_value(action).expect("actions serialise");
    v["seat"] = json!(s);
    v
}

/// A scenario round entry.
pub fn round_json(deck: &DeckBuilder, steps: &[&str]) -> Value {
    let actions: Vec<Value> = steps.iter().map(|s| action_json(s)).collect();
    json!({ "deck": deck.names(), "actions": actions })
}

/// A whole scenario document with default options.
pub fn scenario_json(first_dealer: u8, rounds: Vec<Value>) -> Value {
    json!({ "first_dealer": first_dealer, "rounds": rounds })
}

/// Runs a scenario through the library: the output document, or the error document.
pub fn run_lib(bytes: &[u8]) -> Result<Value, Value> {
    momojan::games::registry::scenario(bytes).map_err(|e| e.to_json())
}

pub fn run_value(doc: &Value) -> Result<Value, Value> {
    run_lib(doc.to_string().as_bytes())
}

/// Runs the built binary on a file path (or `-` with `stdin`): exit code and parsed stdout.
pub fn run_binary(arg: &str, stdin: Option<&[u8]>) -> (i32, Value) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_momojan"))
        .arg("scenario")
        .arg(arg)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the momojan binary runs");
    {
        let mut input = child.stdin.take().expect("stdin");
        if let Some(bytes) = stdin {
            input.write_all(bytes).expect("write stdin");
        }
    }
    let out = child.wait_with_output().expect("the binary finishes");
    let code = out.status.code().expect("an exit code");
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        )
    });
    (code, doc)
}

/// Runs bytes through the binary via standard input.
pub fn run_binary_bytes(bytes: &[u8]) -> (i32, Value) {
    run_binary("-", Some(bytes))
}

/// Reads and parses a JSON file.
pub fn read_json(path: &std::path::Path) -> Value {
    let text = std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {path:?}: {e}"));
    serde_json::from_slice(&text).unwrap_or_else(|e| panic!("{path:?} is not JSON: {e}"))
}

/// The first round of an output document.
pub fn round0(doc: &Value) -> &Value {
    &doc["rounds"][0]
}

/// The yaku ids of a round of an output document.
pub fn doc_yaku(round: &Value) -> Vec<String> {
    round["yaku"]
        .as_array()
        .expect("a win lists its yaku")
        .iter()
        .map(|y| y["id"].as_str().unwrap().to_string())
        .collect()
}

/// Every `*.json` scenario in one sample directory.
pub fn scenarios_in(dir: &str) -> Vec<std::path::PathBuf> {
    let dir = std::path::Path::new(dir);
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| {
        panic!(
            "the sample directory {} is missing or unreadable ({e}); \
             the samples are copied into tests/data/samples (see tests/data/README.md)",
            dir.display()
        )
    });
    let mut files: Vec<std::path::PathBuf> = entries
        .map(|e| e.expect("directory entry").path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            name.ends_with(".json") && !name.ends_with(".expected.json")
        })
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "no sample scenarios in {}",
        dir.display()
    );
    files
}

/// The first place two documents differ, as a path.
pub fn first_difference(a: &Value, b: &Value, at: &str) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            keys.into_iter().find_map(|k| match (x.get(k), y.get(k)) {
                (Some(p), Some(q)) => first_difference(p, q, &format!("{at}.{k}")),
                _ => Some(format!("{at}.{k} (missing on one side)")),
            })
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (p, q))| first_difference(p, q, &format!("{at}[{i}]"))),
        _ if a == b => None,
        _ => Some(format!("{at}: {a} ≠ {b}")),
    }
}
