//! What the two-seat games' scenario formats share: the document's frame (`first_dealer`,
//! `options`, `rounds`, the optional `concession`), checked in the formats' order: options,
//! then each round entry in order, then the concession. The `error` document every format
//! prints is in [`crate::games::interface`].

use serde_json::{Map, Value};

use crate::games::interface::seat::Seat;
use crate::games::interface::Concession;
use crate::games::interface::{ErrorKind, ScenarioError};
pub use crate::games::kit::script::malformed;
use crate::games::kit::script::{self, ActionTypes, RoundScript};

/// A checked document: each game reads its own options and round entries into it.
#[derive(Debug, Clone, PartialEq)]
pub struct Document<O, R> {
    pub first_dealer: Seat,
    pub options: O,
    pub rounds: Vec<R>,
    /// The seat giving the game up after the scripted rounds (an optional extension).
    pub concession: Option<(Seat, Concession)>,
}

/// Reads a document's frame from raw bytes, with the game's own readers of `options` (given
/// the field, if present) and of one round entry.
///
/// # Errors
/// The first problem, as the formats' error document describes it (a round entry's with its
/// index).
pub fn parse_document<O, R>(
    bytes: &[u8],
    options: impl FnOnce(Option<&Value>) -> Result<O, ScenarioError>,
    round: impl Fn(&Value) -> Result<R, ScenarioError>,
) -> Result<Document<O, R>, ScenarioError> {
    let top = &document_object(bytes)?;
    let first_dealer = match top.get("first_dealer") {
        None => Seat::ZERO,
        Some(v) => seat(v).ok_or_else(|| malformed("first_dealer must be 0 or 1"))?,
    };
    let options = options(top.get("options"))?;
    let rounds = parse_rounds(top, round)?;
    let concession = parse_concession(top)?;
    Ok(Document {
        first_dealer,
        options,
        rounds,
        concession,
    })
}

/// An action of a two-seat format: its object, its type (one of `types`) and its seat.
///
/// # Errors
/// As [`ActionTypes::read`], then `malformed_scenario` for a missing or wrong seat.
pub fn two_seat_action<'v>(
    types: &ActionTypes,
    value: &'v Value,
) -> Result<(&'v Map<String, Value>, &'v str, Seat), ScenarioError> {
    let (obj, kind) = types.read(value)?;
    let seat = obj
        .get("seat")
        .and_then(seat)
        .ok_or_else(|| malformed("an action needs a \"seat\" of 0 or 1"))?;
    Ok((obj, kind, seat))
}

/// The yaku table of a two-seat format's `options` (the field, if present): its `key`, an
/// object of yaku id to `unit`; `None` when the options or the table are absent.
///
/// # Errors
/// `malformed_scenario` for options or a table that is not an object.
pub fn yaku_table<'v>(
    options: Option<&'v Value>,
    key: &str,
    unit: &str,
) -> Result<Option<&'v Map<String, Value>>, ScenarioError> {
    let Some(options) = options else {
        return Ok(None);
    };
    let options = options
        .as_object()
        .ok_or_else(|| malformed("\"options\" must be an object"))?;
    let Some(table) = options.get(key) else {
        return Ok(None);
    };
    let table = table
        .as_object()
        .ok_or_else(|| malformed(format!("{key:?} must be an object of yaku id to {unit}")))?;
    Ok(Some(table))
}

/// A round entry of a two-seat format: its `deck`, a list of `what` each read by `piece` and
/// then checked whole by `check`, and its optional `actions`, each read by `action`.
///
/// # Errors
/// `malformed_scenario` for a wrong entry or deck, the first piece's error, `bad_deck` for a
/// deck `check` refuses, or the first action's error with its index.
pub fn two_seat_round<C, A>(
    entry: &Value,
    what: &str,
    piece: impl Fn(&Value) -> Result<C, ScenarioError>,
    check: impl FnOnce(&[C]) -> Result<(), String>,
    action: impl Fn(&Value) -> Result<(Seat, A), ScenarioError>,
) -> Result<RoundScript<C, A>, ScenarioError> {
    let entry = entry
        .as_object()
        .ok_or_else(|| malformed("a round entry must be an object"))?;
    let deck = entry
        .get("deck")
        .ok_or_else(|| malformed("a round entry needs a \"deck\""))?
        .as_array()
        .ok_or_else(|| malformed(format!("\"deck\" must be a list of {what}")))?;
    let deck: Vec<C> = deck.iter().map(piece).collect::<Result<_, _>>()?;
    check(&deck).map_err(|e| ScenarioError::new(ErrorKind::BadDeck, e))?;
    let actions = script::actions(entry.get("actions"), action)?;
    Ok(RoundScript { deck, actions })
}

/// The document's `rounds` list, each entry read by `round`.
///
/// # Errors
/// `malformed_scenario` for a missing or wrong list, or the first entry's error with its index.
pub fn parse_rounds<R>(
    top: &Map<String, Value>,
    round: impl Fn(&Value) -> Result<R, ScenarioError>,
) -> Result<Vec<R>, ScenarioError> {
    let list = top
        .get("rounds")
        .ok_or_else(|| malformed("the document needs a \"rounds\" list"))?
        .as_array()
        .ok_or_else(|| malformed("\"rounds\" must be a list"))?;
    script::read_each(list, round, ScenarioError::in_round)
}

/// A document's top-level object, read from raw bytes: every format's first three checks
/// (UTF-8, JSON, an object), in that order.
///
/// # Errors
/// `malformed_json`, or `malformed_scenario` for JSON that is not an object.
pub fn document_object(bytes: &[u8]) -> Result<serde_json::Map<String, Value>, ScenarioError> {
    let text = std::str::from_utf8(bytes)
        .map_err(|e| ScenarioError::new(ErrorKind::MalformedJson, format!("not UTF-8: {e}")))?;
    let doc: Value = serde_json::from_str(text)
        .map_err(|e| ScenarioError::new(ErrorKind::MalformedJson, format!("not JSON: {e}")))?;
    match doc {
        Value::Object(top) => Ok(top),
        _ => Err(malformed("the document must be a JSON object")),
    }
}

/// A seat of a table of two, written as 0 or 1.
pub fn seat(value: &Value) -> Option<Seat> {
    value.as_u64().filter(|n| *n < 2).and_then(Seat::from_index)
}

/// The optional `concession` of a scenario document: `{"seat": 0|1, "reason":
/// "resigned"|"forfeit"}`, the seat giving the game up after the scripted rounds (an
/// extension of both formats: a file without it plays exactly as before).
///
/// # Errors
/// `malformed_scenario` for a wrong shape, seat or reason.
pub fn parse_concession(
    top: &Map<String, Value>,
) -> Result<Option<(Seat, Concession)>, ScenarioError> {
    script::concession(
        top.get("concession"),
        |v| v.as_u64().and_then(Seat::from_index),
        "0 or 1",
    )
}

/// The error for a concession the game refuses (it was already over).
pub fn concession_refused(refusal: impl std::fmt::Display) -> ScenarioError {
    ScenarioError::new(
        ErrorKind::IllegalAction,
        format!("cannot concede: {refusal}"),
    )
}
