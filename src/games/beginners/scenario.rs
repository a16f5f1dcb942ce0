//! `momojan scenario` for `"game": "beginners"` documents (`beginners-scenario-format.md`): the
//! whole document is checked before play, in the format's order (the JSON, the top level,
//! `game`, `players`, `first_dealer`, `options`, then each round entry and its actions), then
//! played, each action checked for a finished round, its seat and its legality in that order.

use serde_json::{json, Map, Value};

use super::action::{Action, Refusal};
use super::card::{check_deck, Card};
use super::game::{Game, RoundRecord};
use super::options::Options;
use super::round::{RoundEnd, WinBy};
use super::yaku::Yaku;
use super::Beginners;
use crate::games::interface::seat::{Seat, SeatCount};
use crate::games::interface::Concession;
use crate::games::interface::{ErrorKind, ScenarioError, ScenarioFiles};
use crate::games::kit::scenario::{concession_refused, document_object, malformed};
use crate::games::kit::script::{self, present, ActionTypes};

/// The game id the documents carry.
pub const GAME_ID: &str = "beginners";

/// A checked document.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    pub seats: SeatCount,
    pub first_dealer: Seat,
    pub options: Options,
    pub rounds: Vec<RoundScript>,
    /// The seat giving the game up after the scripted rounds (the export's extension).
    pub concession: Option<(Seat, Concession)>,
}

/// One round entry: its deck and its actions.
pub type RoundScript = script::RoundScript<Card, Action>;

/// Parses, checks and plays a document, returning the output document.
///
/// # Errors
/// The first problem, as the format's error document describes it.
pub fn run(bytes: &[u8]) -> Result<Value, ScenarioError> {
    let scenario = parse(bytes)?;
    let game = play(&scenario)?;
    Ok(Beginners::report(&game))
}

impl ScenarioFiles for Beginners {
    fn scenario(bytes: &[u8]) -> Result<Value, ScenarioError> {
        run(bytes)
    }

    /// The output document for a game as a script left it.
    fn report(game: &Game) -> Value {
        let current = game.current_record();
        let outcome = game.outcome.as_ref();
        script::output(
            game.records.iter().chain(current.as_ref()).map(round),
            json!({
                "over": game.is_over(),
                "reason": outcome.map(|o| o.reason.id()),
                "winner": outcome.map(|o| o.winner().index()),
                "ranking": outcome.map(|o| o.ranking.iter().map(|s| s.index()).collect::<Vec<_>>()),
                "balances": game.balances.to_vec(),
                "pot": game.pot,
            }),
            (!game.is_over()).then(|| next(game)),
        )
    }

    fn scenario_options(options: &Options) -> Value {
        // Every value written out, so the file plays the same whatever the defaults become.
        serde_json::to_value(options).expect("options serialise")
    }

    fn scenario_action(action: Action) -> Value {
        serde_json::to_value(action).expect("actions serialise")
    }
}

/// Reads and checks a whole document, in the format's order of checks.
///
/// # Errors
/// The first problem, with its round and action indices.
pub fn parse(bytes: &[u8]) -> Result<Scenario, ScenarioError> {
    let top = &document_object(bytes)?;
    match top.get("game") {
        Some(Value::String(id)) if id == GAME_ID => {}
        _ => return Err(malformed("\"game\" must be \"beginners\" in this format")),
    }
    let seats = top
        .get("players")
        .and_then(Value::as_u64)
        .and_then(|n| usize::try_from(n).ok())
        .and_then(SeatCount::new)
        .ok_or_else(|| malformed("\"players\" must be 2, 3 or 4"))?;
    let first_dealer = match present(top, "first_dealer") {
        None => Seat::ZERO,
        Some(v) => seat(v, seats).ok_or_else(|| {
            malformed(format!(
                "\"first_dealer\" must be a seat from 0 to {}",
                seats.get() - 1
            ))
        })?,
    };
    let options = parse_options(present(top, "options"))?;
    let rounds = script::rounds(top, |entry| parse_round(entry, seats))?;
    let concession = script::concession(present(top, "concession"), |v| seat(v, seats), "a seat")?;
    Ok(Scenario {
        seats,
        first_dealer,
        options,
        rounds,
        concession,
    })
}

/// A seat of the table: a JSON integer from 0 to players − 1.
fn seat(value: &Value, seats: SeatCount) -> Option<Seat> {
    value
        .as_u64()
        .and_then(Seat::from_index)
        .filter(|s| seats.has(*s))
}

fn parse_options(value: Option<&Value>) -> Result<Options, ScenarioError> {
    let mut options = Options::default();
    let Some(value) = value else {
        return Ok(options);
    };
    let object = value
        .as_object()
        .ok_or_else(|| malformed("\"options\" must be an object"))?;
    let Some(points) = present(object, "yaku_points") else {
        return Ok(options);
    };
    let points = points
        .as_object()
        .ok_or_else(|| malformed("\"yaku_points\" must be an object of yaku id to points"))?;
    for (id, v) in points {
        let yaku = Yaku::from_id(id).ok_or_else(|| malformed(format!("unknown yaku {id:?}")))?;
        // At most u32::MAX, as a server's `/momojan config` and MOMOJAN's files take: the
        // points of every yaku together then fit a balance (an i64) with room to spare.
        let value = v
            .as_u64()
            .filter(|&n| u32::try_from(n).is_ok())
            .ok_or_else(|| {
                malformed(format!(
                    "the points of {id:?} must be a whole number from 0 to {}, not {v}",
                    u32::MAX
                ))
            })?;
        options.yaku_points.set(yaku, value);
    }
    Ok(options)
}

fn parse_round(entry: &Value, seats: SeatCount) -> Result<RoundScript, ScenarioError> {
    let entry = entry
        .as_object()
        .ok_or_else(|| malformed("a round entry must be an object"))?;
    let names = entry
        .get("deck")
        .and_then(Value::as_array)
        .filter(|list| list.iter().all(Value::is_string))
        .ok_or_else(|| malformed("a round entry needs a \"deck\": a list of card ids"))?;
    let deck: Vec<Card> = names
        .iter()
        .map(|name| card(name.as_str().unwrap_or_default()))
        .collect::<Result<_, _>>()?;
    check_deck(&deck).map_err(|e| ScenarioError::new(ErrorKind::BadDeck, e.to_string()))?;
    let actions = script::actions(present(entry, "actions"), |a| parse_action(a, seats))?;
    Ok(RoundScript { deck, actions })
}

fn card(name: &str) -> Result<Card, ScenarioError> {
    name.parse().map_err(|e: super::card::UnknownCard| {
        ScenarioError::new(ErrorKind::UnknownCard, e.to_string())
    })
}

/// The seven action types of the format (an unknown one's message lists them).
const ACTION_TYPES: ActionTypes =
    ActionTypes::new(&["draw", "tsumo", "discard", "ron", "pon", "chi", "pass"])
        .listed_when_unknown();

fn parse_action(value: &Value, seats: SeatCount) -> Result<(Seat, Action), ScenarioError> {
    let (obj, kind) = ACTION_TYPES.read(value)?;
    let seat = obj
        .get("seat")
        .and_then(|v| seat(v, seats))
        .ok_or_else(|| {
            malformed(format!(
                "an action needs a \"seat\" from 0 to {}",
                seats.get() - 1
            ))
        })?;
    let action = match kind {
        "draw" => Action::Draw,
        "tsumo" => Action::Tsumo,
        "ron" => Action::Ron,
        "pon" => Action::Pon,
        "chi" => Action::Chi,
        "pass" => Action::Pass,
        _ => parse_discard(obj)?,
    };
    Ok((seat, action))
}

/// A discard's fields: their JSON types first, then the card id.
fn parse_discard(obj: &Map<String, Value>) -> Result<Action, ScenarioError> {
    let name = obj
        .get("card")
        .and_then(Value::as_str)
        .ok_or_else(|| malformed("a discard needs a \"card\": a card id"))?;
    let riichi = script::flag(present(obj, "riichi"), "riichi")?;
    Ok(Action::Discard {
        card: card(name)?,
        riichi,
    })
}

/// Plays a checked document.
///
/// # Errors
/// The first action refused, as `wrong_seat` or `illegal_action`, with its indices.
pub fn play(scenario: &Scenario) -> Result<Game, ScenarioError> {
    let mut game = Game::new(scenario.seats, scenario.first_dealer, scenario.options);
    script::play_rounds(
        &mut game,
        &scenario.rounds,
        Game::needs_deal,
        |game, deck| {
            game.deal(deck).expect("the deck was checked before play");
        },
        |game, seat, &action| {
            game.apply(seat, action)
                .map(drop)
                .map_err(|e| refusal(e, seat, action))
        },
    )?;
    if let Some((seat, why)) = scenario.concession {
        game.concede(seat, why.into()).map_err(concession_refused)?;
    }
    Ok(game)
}

fn refusal(e: Refusal, seat: Seat, action: Action) -> ScenarioError {
    match e {
        Refusal::NotYourTurn | Refusal::AlreadyAnswered => {
            ScenarioError::new(ErrorKind::WrongSeat, format!("{seat} cannot act now: {e}"))
        }
        Refusal::GameOver | Refusal::RoundOver => script::round_ended(action),
        other => ScenarioError::new(
            ErrorKind::IllegalAction,
            format!("{seat} cannot {action}: {other}"),
        ),
    }
}

fn round(record: &RoundRecord) -> Value {
    let mut v = json!({
        "index": record.index,
        "dealer": record.dealer.index(),
        "result": "incomplete",
        "winner": null, "by": null, "winning_card": null, "yaku": null, "total": null,
        "tenpai": null,
        // Seats as numbers and the pot as `"pot"`, reasons by id.
        "transfers": record.transfers,
        "balances": record.balances.to_vec(),
        "pot": record.pot,
    });
    match &record.end {
        Some(RoundEnd::Win {
            winner,
            by,
            winning,
            score,
            ..
        }) => {
            v["result"] = json!("win");
            v["winner"] = json!(winner.index());
            v["by"] = json!(match by {
                WinBy::Ron { .. } => "ron",
                WinBy::Tsumo => "tsumo",
            });
            v["winning_card"] = json!(winning);
            v["yaku"] = score
                .yaku
                .iter()
                .map(|(y, points)| json!({"id": y.id(), "points": points}))
                .collect();
            v["total"] = json!(score.total);
        }
        Some(RoundEnd::Draw { tenpai }) => {
            v["result"] = json!("draw");
            v["tenpai"] = json!(tenpai.to_vec());
        }
        None => {}
    }
    v
}

/// The seats that may act and all their legal actions; between rounds, the next dealer and
/// nothing (the next deck is not known).
fn next(game: &Game) -> Value {
    if game.round.is_none() {
        return json!({"seats": [game.dealer.index()], "legal_actions": []});
    }
    let seats = game.acting();
    let actions: Vec<Value> = seats
        .iter()
        .flat_map(|seat| {
            script::seat_actions(seat, game.legal_actions(seat), Beginners::scenario_action)
        })
        .collect();
    let seats: Vec<usize> = seats.iter().map(Seat::index).collect();
    json!({"seats": seats, "legal_actions": actions})
}
