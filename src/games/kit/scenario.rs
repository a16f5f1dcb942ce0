//! What the two-seat games' scenario formats share: the document's frame (`first_dealer`,
//! `options`, `rounds`, the optional `concession`), checked in the formats' order: options,
//! then each round entry in order, then the concession. The `error` document every format
//! prints is in [`crate::games::interface`].

use serde_json::{Map, Value};

use crate::games::interface::seat::Seat;
use crate::games::interface::Concession;
use crate::games::interface::{ErrorKind, ScenarioError};

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
    let rounds = top
        .get("rounds")
        .ok_or_else(|| malformed("the document needs a \"rounds\" list"))?
        .as_array()
        .ok_or_else(|| malformed("\"rounds\" must be a list"))?
        .iter()
        .enumerate()
        .map(|(r, entry)| round(entry).map_err(|e| e.in_round(r)))
        .collect::<Result<_, _>>()?;
    let concession = parse_concession(top)?;
    Ok(Document {
        first_dealer,
        options,
        rounds,
        concession,
    })
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

/// A `malformed_scenario` error.
pub fn malformed(message: impl Into<String>) -> ScenarioError {
    ScenarioError::new(ErrorKind::MalformedScenario, message)
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
    let Some(value) = top.get("concession") else {
        return Ok(None);
    };
    let malformed = || {
        ScenarioError::new(
            ErrorKind::MalformedScenario,
            "\"concession\" must be {\"seat\": 0 or 1, \"reason\": \"resigned\" or \"forfeit\"}",
        )
    };
    let obj = value.as_object().ok_or_else(malformed)?;
    let seat = obj
        .get("seat")
        .and_then(Value::as_u64)
        .and_then(Seat::from_index)
        .ok_or_else(malformed)?;
    let why = obj
        .get("reason")
        .and_then(Value::as_str)
        .and_then(Concession::from_id)
        .ok_or_else(malformed)?;
    Ok(Some((seat, why)))
}

/// The error for a concession the game refuses (it was already over).
pub fn concession_refused(refusal: impl std::fmt::Display) -> ScenarioError {
    ScenarioError::new(
        ErrorKind::IllegalAction,
        format!("cannot concede: {refusal}"),
    )
}
