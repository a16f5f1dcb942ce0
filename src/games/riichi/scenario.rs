//! `momojan scenario` for `"game": "riichi"` documents (`riichi-scenario-format.md`): the whole
//! document is checked before play, in the format's order, then played and reported.

use serde_json::{json, Map, Value};

use super::action::{Action, Refusal};
use super::game::{Game, RoundRecord, Stage};
use super::options::{Length, Options};
use super::round::{Acting, Round, RoundEnd, WinRecord, SEATS};
use super::Riichi;
use crate::games::interface::seat::Seat;
use crate::games::interface::Concession;
use crate::games::interface::{ErrorKind, ExportContext, ExtraFile, ScenarioError, ScenarioFiles};
use crate::games::kit::mahjong::tile::Tile;
use crate::games::kit::scenario::{concession_refused, document_object, malformed, parse_rounds};
use crate::games::kit::script::{self, present, ActionTypes};

/// One scripted action as written: its tile fields are names checked before play; a chi or
/// pon's number of tiles is checked when it is played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scripted {
    Plain(Action),
    Chi(Vec<Tile>),
    Pon(Vec<Tile>),
}

/// A checked round entry: its wall and its actions.
pub type RoundScript = script::RoundScript<Tile, Scripted>;

/// A checked document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scenario {
    pub first_dealer: Seat,
    pub options: Options,
    pub rounds: Vec<RoundScript>,
    pub concession: Option<(Seat, Concession)>,
}

/// Parses, checks and plays a document, returning the output document.
///
/// # Errors
/// The first problem, as the format's error document describes it.
pub fn run(bytes: &[u8]) -> Result<Value, ScenarioError> {
    let scenario = parse(bytes)?;
    let game = play(&scenario)?;
    Ok(Riichi::report(&game))
}

impl ScenarioFiles for Riichi {
    fn scenario(bytes: &[u8]) -> Result<Value, ScenarioError> {
        run(bytes)
    }

    /// The output document for a game as a script left it.
    fn report(game: &Game) -> Value {
        let live = game.live_round().map(|round| live_round(round, game));
        let outcome = game.outcome.as_ref();
        script::output(
            game.records.iter().map(finished_round).chain(live),
            json!({
                "over": game.is_over(),
                "reason": outcome.map(|o| o.reason.id()),
                "points": game.scores.points.to_vec(),
                "pot": game.scores.pot,
                "ranks": outcome.map(|o| SEATS.seats().map(|s| o.rank(s)).collect::<Vec<_>>()),
                "final_score": outcome.map(|o| o.final_tenths.values().map(|&t| t as f64 / 10.0).collect::<Vec<_>>()),
            }),
            (!game.is_over()).then(|| next(game)),
        )
    }

    /// The tenhou.net/6 log of the game's finished rounds, which Tenhou's viewer,
    /// mjai-reviewer and NAGA read (`tenhou.rs`).
    fn extra_exports(state: &Game, context: &ExportContext) -> Result<Vec<ExtraFile>, String> {
        let doc = super::tenhou::log(state, context.names, ["momojan", context.title])
            .map_err(|e| e.to_string())?;
        Ok(vec![ExtraFile {
            extension: "tenhou.json",
            bytes: serde_json::to_vec(&doc).map_err(|e| e.to_string())?,
        }])
    }

    /// Every option written out, so the file plays the same whatever the defaults become.
    fn scenario_options(options: &Options) -> Value {
        let mut out = Map::new();
        out.insert("length".into(), options.length.id().into());
        for key in Options::FLAGS {
            out.insert(key.into(), options.flag(key).unwrap_or_default().into());
        }
        out.into()
    }

    /// One action in the format's shape (without its seat).
    fn scenario_action(action: Action) -> Value {
        serde_json::to_value(action).expect("an action serialises")
    }
}

/// Checks a whole document in the format's order.
///
/// # Errors
/// The first problem found.
pub fn parse(bytes: &[u8]) -> Result<Scenario, ScenarioError> {
    let top = &document_object(bytes)?;
    if top.get("game").and_then(Value::as_str) != Some("riichi") {
        return Err(malformed("\"game\" must be \"riichi\""));
    }
    let first_dealer = match present(top, "first_dealer") {
        None => Seat::ZERO,
        Some(v) => seat(v).ok_or_else(|| malformed("first_dealer must be an integer 0 to 3"))?,
    };
    let options = parse_options(present(top, "options"))?;
    let rounds = parse_rounds(top, |entry| parse_round(entry, &options))?;
    let concession = script::concession(present(top, "concession"), seat, "0 to 3")?;
    Ok(Scenario {
        first_dealer,
        options,
        rounds,
        concession,
    })
}

fn seat(value: &Value) -> Option<Seat> {
    value.as_u64().and_then(Seat::from_index)
}

fn parse_options(value: Option<&Value>) -> Result<Options, ScenarioError> {
    let mut options = Options::default();
    let Some(value) = value else {
        return Ok(options);
    };
    let obj = value
        .as_object()
        .ok_or_else(|| malformed("\"options\" must be an object"))?;
    for (key, v) in obj {
        if key != "length" && options.flag(key).is_none() {
            return Err(malformed(format!("unknown option {key:?}")));
        }
        // Null is the same as absent: the default stays.
        if v.is_null() {
            continue;
        }
        if key == "length" {
            options.length = match v.as_str() {
                Some("east") => Length::East,
                Some("south") => Length::South,
                _ => return Err(malformed("option \"length\" must be \"east\" or \"south\"")),
            };
            continue;
        }
        let slot = options
            .flag_mut(key)
            .ok_or_else(|| malformed(format!("unknown option {key:?}")))?;
        *slot = v
            .as_bool()
            .ok_or_else(|| malformed(format!("option {key:?} must be true or false")))?;
    }
    Ok(options)
}

fn parse_round(entry: &Value, options: &Options) -> Result<RoundScript, ScenarioError> {
    let entry = entry
        .as_object()
        .ok_or_else(|| malformed("a round entry must be an object"))?;
    let deck = entry
        .get("deck")
        .and_then(Value::as_array)
        .filter(|d| d.iter().all(Value::is_string))
        .ok_or_else(|| malformed("a round entry needs a \"deck\": a list of tile names"))?;
    let wall: Vec<Tile> = deck.iter().map(tile).collect::<Result<_, _>>()?;
    check_wall(&wall, options.aka)?;
    let actions = script::actions(present(entry, "actions"), parse_action)?;
    Ok(RoundScript {
        deck: wall,
        actions,
    })
}

/// A tile name (the value is known to be a string).
fn tile(value: &Value) -> Result<Tile, ScenarioError> {
    let name = value.as_str().unwrap_or_default();
    name.parse()
        .map_err(|e: crate::games::kit::mahjong::tile::UnknownTile| {
            ScenarioError::new(ErrorKind::UnknownCard, e.to_string())
        })
}

/// Exactly the 136 tiles of the `aka` option.
fn check_wall(wall: &[Tile], aka: bool) -> Result<(), ScenarioError> {
    let mut got = wall.to_vec();
    got.sort();
    if got != Tile::full_set(aka) {
        let reds = if aka {
            "one each of 0m 0p 0s and three of each plain five"
        } else {
            "four of each five and no red tile"
        };
        return Err(ScenarioError::new(
            ErrorKind::BadDeck,
            format!(
                "the deck must hold the 136 tiles, four of each kind ({reds}); it has {} tiles",
                wall.len()
            ),
        ));
    }
    Ok(())
}

const ACTION_TYPES: ActionTypes = ActionTypes::new(&[
    "discard",
    "tsumo",
    "ankan",
    "kakan",
    "kyuushu",
    "ron",
    "chi",
    "pon",
    "daiminkan",
    "pass",
    "agari_yame",
    "continue",
]);

fn parse_action(value: &Value) -> Result<(Seat, Scripted), ScenarioError> {
    let (obj, kind) = ACTION_TYPES.read(value)?;
    let seat = obj
        .get("seat")
        .and_then(seat)
        .ok_or_else(|| malformed("an action needs a \"seat\": an integer 0 to 3"))?;
    let scripted = match kind {
        "discard" => {
            let riichi = script::flag(present(obj, "riichi"), "riichi")?;
            let card = tile(card_field(obj)?)?;
            Scripted::Plain(Action::Discard { card, riichi })
        }
        "ankan" | "kakan" | "daiminkan" => {
            let card = tile(card_field(obj)?)?.kind();
            Scripted::Plain(match kind {
                "ankan" => Action::Ankan { card },
                "kakan" => Action::Kakan { card },
                _ => Action::Daiminkan { card },
            })
        }
        "chi" | "pon" => {
            let tiles = cards_field(obj)?
                .iter()
                .map(tile)
                .collect::<Result<Vec<_>, _>>()?;
            if kind == "chi" {
                Scripted::Chi(tiles)
            } else {
                Scripted::Pon(tiles)
            }
        }
        "tsumo" => Scripted::Plain(Action::Tsumo),
        "kyuushu" => Scripted::Plain(Action::Kyuushu),
        "ron" => Scripted::Plain(Action::Ron),
        "pass" => Scripted::Plain(Action::Pass),
        "agari_yame" => Scripted::Plain(Action::AgariYame),
        _ => Scripted::Plain(Action::Continue),
    };
    Ok((seat, scripted))
}

fn card_field(obj: &Map<String, Value>) -> Result<&Value, ScenarioError> {
    obj.get("card")
        .filter(|v| v.is_string())
        .ok_or_else(|| malformed("this action needs a \"card\": a tile name"))
}

fn cards_field(obj: &Map<String, Value>) -> Result<&Vec<Value>, ScenarioError> {
    obj.get("cards")
        .and_then(Value::as_array)
        .filter(|l| l.iter().all(Value::is_string))
        .ok_or_else(|| malformed("a chi or pon needs \"cards\": a list of tile names"))
}

/// Plays a checked document.
///
/// # Errors
/// The first action that may not be played, as the format's error.
pub fn play(scenario: &Scenario) -> Result<Game, ScenarioError> {
    let mut game = Game::new(scenario.first_dealer, scenario.options);
    script::play_rounds(
        &mut game,
        &scenario.rounds,
        Game::needs_deal,
        |game, wall| {
            game.deal(wall.to_vec());
        },
        play_one,
    )?;
    if let Some((seat, why)) = scenario.concession {
        game.concede(seat, why).map_err(concession_refused)?;
    }
    Ok(game)
}

fn play_one(game: &mut Game, seat: Seat, scripted: &Scripted) -> Result<(), ScenarioError> {
    let illegal = |m: String| ScenarioError::new(ErrorKind::IllegalAction, m);
    match game.stage {
        Stage::Over => return Err(illegal("the game is over".into())),
        Stage::NeedsDeal => return Err(illegal("the round is over".into())),
        _ => {}
    }
    if !game.acting().includes(seat) {
        return Err(ScenarioError::new(
            ErrorKind::WrongSeat,
            format!("seat {} need not act now", seat.index()),
        ));
    }
    let action = match scripted {
        Scripted::Plain(a) => *a,
        Scripted::Chi(t) | Scripted::Pon(t) if t.len() != 2 => {
            return Err(illegal(format!(
                "a chi or pon takes two tiles from the hand, not {}",
                t.len()
            )))
        }
        Scripted::Chi(t) => Action::chi(t[0], t[1]),
        Scripted::Pon(t) => Action::pon(t[0], t[1]),
    };
    game.apply(seat, action)
        .map(|_| ())
        .map_err(|e| refusal(e, action))
}

fn refusal(e: Refusal, action: Action) -> ScenarioError {
    let kind = match e {
        Refusal::NotYourTurn => ErrorKind::WrongSeat,
        _ => ErrorKind::IllegalAction,
    };
    ScenarioError::new(kind, format!("cannot {action}: {e}"))
}

fn round_head(index: usize, dealership: u8, dealer: Seat, honba: u32, minimum: u8) -> Value {
    json!({
        "index": index,
        "wind": if dealership < 4 { "east" } else { "south" },
        "number": dealership % 4 + 1,
        "dealer": dealer.index(),
        "honba": honba,
        "minimum_han": minimum,
    })
}

fn finished_round(r: &RoundRecord) -> Value {
    let mut v = round_head(r.index, r.dealership, r.dealer, r.honba, r.minimum_han);
    v["dora_indicators"] = json!(r.dora_indicators);
    let (result, abort, wins, tenpai) = match &r.end {
        Some(RoundEnd::Win { wins }) => (
            "win",
            Value::Null,
            wins.iter().map(win).collect(),
            Value::Null,
        ),
        Some(RoundEnd::ExhaustiveDraw { tenpai }) => (
            "exhaustive_draw",
            Value::Null,
            Vec::new(),
            json!(tenpai.to_vec()),
        ),
        Some(RoundEnd::AbortiveDraw { abort }) => {
            ("abortive_draw", json!(abort.id()), Vec::new(), Value::Null)
        }
        None => ("incomplete", Value::Null, Vec::new(), Value::Null),
    };
    v["result"] = json!(result);
    v["abort"] = abort;
    v["wins"] = Value::Array(wins);
    v["tenpai"] = tenpai;
    v["transfers"] = json!(r.transfers);
    v["points"] = json!(r.points.to_vec());
    v["pot"] = json!(r.pot);
    v
}

fn live_round(r: &Round, game: &Game) -> Value {
    let mut v = round_head(r.index, r.dealership, r.dealer, r.honba, r.minimum_han);
    v["dora_indicators"] = json!(r.wall.dora_indicators());
    v["result"] = json!("incomplete");
    v["abort"] = Value::Null;
    v["wins"] = json!([]);
    v["tenpai"] = Value::Null;
    v["transfers"] = json!(r.transfers);
    v["points"] = json!(game.scores.points.to_vec());
    v["pot"] = json!(game.scores.pot);
    v
}

fn win(w: &WinRecord) -> Value {
    let s = &w.score;
    json!({
        "seat": w.seat.index(),
        "from": w.from.map(Seat::index),
        "by": w.by.id(),
        "card": w.tile,
        "yaku": s.yaku.iter().map(|(y, han)| json!({"id": y.id(), "han": han})).collect::<Vec<_>>(),
        "han": s.han,
        "fu": s.fu,
        "dora": s.dora,
        "aka": s.aka,
        "ura": s.ura,
        "limit": s.limit.map(|l| l.id()),
        "points": s.points,
        "honba": w.honba,
    })
}

fn next(game: &Game) -> Value {
    let seats = match game.acting() {
        Acting::Over => vec![game.dealer()],
        acting => acting.seats().iter().collect(),
    };
    let actions: Vec<Value> = seats
        .iter()
        .flat_map(|&seat| {
            script::seat_actions(seat, game.legal_actions(seat), Riichi::scenario_action)
        })
        .collect();
    json!({
        "seats": seats.iter().map(|s| s.index()).collect::<Vec<_>>(),
        "legal_actions": actions,
    })
}
