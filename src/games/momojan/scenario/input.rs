//! Reading and checking a scenario document (`scenario-format.md`, Input and Errors).
//!
//! The whole document is checked before play, in the order the format fixes: options, then
//! each round entry in order (deck names, the 54-card check, then each action's type, seat,
//! fields and card names).

use serde_json::{Map, Value};

use crate::games::interface::{ErrorKind, ScenarioError};
use crate::games::kit::scenario::{
    malformed, parse_document, two_seat_action, two_seat_round, yaku_table, Document,
};
use crate::games::kit::script::{self, ActionTypes};
use crate::games::momojan::game::check_deck;
use crate::games::momojan::{Action, Card, RuleOptions, Seat, YakuPoints};

/// A checked scenario, ready to play.
pub type Scenario = Document<RuleOptions, RoundScript>;

/// One round entry: its deck and the scripted actions.
pub type RoundScript = script::RoundScript<Card, Action>;

/// Parses and checks a scenario document from raw bytes.
///
/// # Errors
/// The first problem found, with the error kind and position of the format doc.
pub fn parse(bytes: &[u8]) -> Result<Scenario, ScenarioError> {
    parse_document(bytes, parse_options, parse_round)
}

fn parse_options(value: Option<&Value>) -> Result<RuleOptions, ScenarioError> {
    let Some(points) = yaku_table(value, "yaku_points", "points")? else {
        return Ok(RuleOptions::default());
    };
    let mut overrides = Vec::with_capacity(points.len());
    for (id, v) in points {
        let value = v
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| {
                malformed(format!(
                    "the points of {id:?} must be a whole number from 0 to {}, not {v}",
                    u32::MAX
                ))
            })?;
        overrides.push((id.as_str(), value));
    }
    let yaku_points = YakuPoints::with_overrides(overrides).map_err(malformed)?;
    Ok(RuleOptions { yaku_points })
}

fn parse_round(entry: &Value) -> Result<RoundScript, ScenarioError> {
    let check = |deck: &[Card]| check_deck(deck).map_err(|e| e.to_string());
    two_seat_round(entry, "card names", card, check, parse_action)
}

fn card(value: &Value) -> Result<Card, ScenarioError> {
    let name = value
        .as_str()
        .ok_or_else(|| malformed(format!("a card must be a name such as \"l5\", not {value}")))?;
    name.parse()
        .map_err(|e: crate::games::momojan::card::UnknownCard| {
            ScenarioError::new(ErrorKind::UnknownCard, e.to_string())
        })
}

const ACTION_TYPES: ActionTypes = ActionTypes::new(&[
    "draw", "pon", "chi", "ron", "tsumo", "kai", "kan", "draw3", "discard", "pass",
])
.type_missing_apart();

fn parse_action(value: &Value) -> Result<(Seat, Action), ScenarioError> {
    let (obj, kind, seat) = two_seat_action(&ACTION_TYPES, value)?;
    let action = match kind {
        "draw" => Action::Draw { pile: pile(obj)? },
        "pon" => Action::Pon {
            cards: cards::<2>(obj)?,
        },
        "chi" => Action::Chi {
            cards: cards::<2>(obj)?,
        },
        "ron" => Action::Ron,
        "tsumo" => Action::Tsumo,
        "kai" => Action::Kai {
            cards: cards::<3>(obj)?,
        },
        "kan" => Action::Kan {
            cards: cards::<4>(obj)?,
        },
        "draw3" => Action::DrawThree,
        "discard" => discard(obj)?,
        _ => Action::Pass,
    };
    Ok((seat, action))
}

fn pile(obj: &Map<String, Value>) -> Result<u8, ScenarioError> {
    obj.get("pile")
        .and_then(Value::as_u64)
        .filter(|p| *p < 3)
        .map(|p| p as u8)
        .ok_or_else(|| malformed("a draw needs a \"pile\" of 0, 1 or 2"))
}

/// A `cards` field of exactly `N` names; the structure is checked before the names.
fn cards<const N: usize>(obj: &Map<String, Value>) -> Result<[Card; N], ScenarioError> {
    let list = obj
        .get("cards")
        .and_then(Value::as_array)
        .filter(|l| l.len() == N && l.iter().all(Value::is_string))
        .ok_or_else(|| {
            malformed(format!(
                "this action needs \"cards\": a list of {N} card names"
            ))
        })?;
    let parsed: Vec<Card> = list.iter().map(card).collect::<Result<_, _>>()?;
    Ok(parsed.try_into().expect("length checked"))
}

fn discard(obj: &Map<String, Value>) -> Result<Action, ScenarioError> {
    let name = obj
        .get("card")
        .filter(|v| v.is_string())
        .ok_or_else(|| malformed("a discard needs a \"card\" name"))?;
    let riichi = script::flag(obj.get("riichi"), "riichi")?;
    Ok(Action::Discard {
        card: card(name)?,
        riichi,
    })
}
