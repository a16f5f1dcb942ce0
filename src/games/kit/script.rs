//! What the games' scenario readers and players share below a document's frame: optional
//! fields, the lists of round entries and of actions (an error marked with its entry's index),
//! an action's object and type, a true-or-false field, a concession, playing the entries in
//! order, and writing the output document with its seats' legal actions.
//!
//! The formats are public contracts: every accepted file and every message stays as it was.
//! Where the formats word a check differently, the game says which words its format uses.
//! The document's frame (`kit::scenario`) is read with these.

use serde_json::{json, Map, Value};

use crate::games::interface::seat::Seat;
use crate::games::interface::Concession;
use crate::games::interface::{ErrorKind, ScenarioError};

/// A `malformed_scenario` error.
pub fn malformed(message: impl Into<String>) -> ScenarioError {
    ScenarioError::new(ErrorKind::MalformedScenario, message)
}

/// One round entry as read: its deck (or wall) and its actions, each with its seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundScript<C, A> {
    pub deck: Vec<C>,
    pub actions: Vec<(Seat, A)>,
}

/// A field that is there and not `null` (for the formats that read `null` as an absent
/// optional field).
pub fn present<'a>(obj: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    obj.get(key).filter(|v| !v.is_null())
}

/// Reads each entry of a list in order, an error marked with its entry's index by `mark`
/// ([`ScenarioError::in_round`] or [`ScenarioError::at_action`]).
///
/// # Errors
/// The first entry's error.
pub fn read_each<T>(
    list: &[Value],
    read: impl Fn(&Value) -> Result<T, ScenarioError>,
    mark: fn(ScenarioError, usize) -> ScenarioError,
) -> Result<Vec<T>, ScenarioError> {
    list.iter()
        .enumerate()
        .map(|(i, entry)| read(entry).map_err(|e| mark(e, i)))
        .collect()
}

/// The document's `rounds` list, each entry read by `read`, for the formats that word a missing
/// list and one that is not a list alike.
///
/// # Errors
/// `malformed_scenario` for a missing or wrong list, or the first entry's error with its index.
pub fn rounds<R>(
    top: &Map<String, Value>,
    read: impl Fn(&Value) -> Result<R, ScenarioError>,
) -> Result<Vec<R>, ScenarioError> {
    let list = top
        .get("rounds")
        .and_then(Value::as_array)
        .ok_or_else(|| malformed("the document needs a \"rounds\" list"))?;
    read_each(list, read, ScenarioError::in_round)
}

/// A round entry's optional `actions` list, each action read by `read`. `field` is the
/// entry's `actions` as its format reads an optional field (with or without `null`).
///
/// # Errors
/// `malformed_scenario` for a field that is not a list, or the first action's error.
pub fn actions<T>(
    field: Option<&Value>,
    read: impl Fn(&Value) -> Result<T, ScenarioError>,
) -> Result<Vec<T>, ScenarioError> {
    match field {
        None => Ok(Vec::new()),
        Some(list) => read_each(
            list.as_array()
                .ok_or_else(|| malformed("\"actions\" must be a list"))?,
            read,
            ScenarioError::at_action,
        ),
    }
}

/// An optional true-or-false field such as a discard's `riichi`, false when absent. `field` is
/// the field as its format reads an optional field, `key` its name.
///
/// # Errors
/// `malformed_scenario` for a value that is not a boolean.
pub fn flag(field: Option<&Value>, key: &str) -> Result<bool, ScenarioError> {
    match field {
        None => Ok(false),
        Some(v) => v
            .as_bool()
            .ok_or_else(|| malformed(format!("{key:?} must be true or false"))),
    }
}

/// A format's action types and how it words the first checks of an action.
#[derive(Debug, Clone, Copy)]
pub struct ActionTypes {
    types: &'static [&'static str],
    /// A missing `type` and one that is not a string have a message each (the two-seat
    /// formats) rather than one for both.
    type_missing_apart: bool,
    /// The unknown-type message lists the known types.
    list_when_unknown: bool,
}

impl ActionTypes {
    /// The format's action types: a missing `type` and one that is not a string have one
    /// message, and an unknown type's does not list them.
    pub const fn new(types: &'static [&'static str]) -> ActionTypes {
        ActionTypes {
            types,
            type_missing_apart: false,
            list_when_unknown: false,
        }
    }

    /// The same, a missing `type` and one that is not a string worded apart.
    pub const fn type_missing_apart(self) -> ActionTypes {
        ActionTypes {
            type_missing_apart: true,
            ..self
        }
    }

    /// The same, an unknown type's message listing the known ones.
    pub const fn listed_when_unknown(self) -> ActionTypes {
        ActionTypes {
            list_when_unknown: true,
            ..self
        }
    }

    /// An action's object and its type, one of the format's: every format's first checks of an
    /// action, in this order.
    ///
    /// # Errors
    /// `malformed_scenario` for an action that is not an object or has no string `type`,
    /// `unknown_action` for a type the format does not have.
    pub fn read<'v>(
        &self,
        value: &'v Value,
    ) -> Result<(&'v Map<String, Value>, &'v str), ScenarioError> {
        let obj = value
            .as_object()
            .ok_or_else(|| malformed("an action must be an object"))?;
        let kind = if self.type_missing_apart {
            obj.get("type")
                .ok_or_else(|| malformed("an action needs a \"type\""))?
                .as_str()
                .ok_or_else(|| malformed("an action's \"type\" must be a string"))?
        } else {
            obj.get("type")
                .and_then(Value::as_str)
                .ok_or_else(|| malformed("an action needs a \"type\" string"))?
        };
        if !self.types.contains(&kind) {
            let listed = if self.list_when_unknown {
                format!(" (one of: {})", self.types.join(", "))
            } else {
                String::new()
            };
            return Err(ScenarioError::new(
                ErrorKind::UnknownAction,
                format!("unknown action type {kind:?}{listed}"),
            ));
        }
        Ok((obj, kind))
    }
}

/// The optional `concession`: `{"seat": s, "reason": "resigned" | "forfeit"}`, the seat giving
/// the game up after the scripted rounds. `field` is the document's `concession` as its format
/// reads an optional field, `seat` the format's reader of a seat, and `seats` how its message
/// words the seats (`0 or 1`).
///
/// # Errors
/// `malformed_scenario` for a wrong shape, seat or reason.
pub fn concession(
    field: Option<&Value>,
    seat: impl Fn(&Value) -> Option<Seat>,
    seats: &str,
) -> Result<Option<(Seat, Concession)>, ScenarioError> {
    let Some(value) = field else {
        return Ok(None);
    };
    let bad = || {
        malformed(format!(
            "\"concession\" must be {{\"seat\": {seats}, \"reason\": \"resigned\" or \"forfeit\"}}"
        ))
    };
    let obj = value.as_object().ok_or_else(bad)?;
    let seat = obj.get("seat").and_then(seat).ok_or_else(bad)?;
    let why = obj
        .get("reason")
        .and_then(Value::as_str)
        .and_then(Concession::from_id)
        .ok_or_else(bad)?;
    Ok(Some((seat, why)))
}

/// Plays a script's round entries in order: an entry is dealt only while the game awaits a
/// deal (a later entry is used only if the game goes on after a finished round), then each of
/// its actions is played, an error marked with the entry's and the action's indices.
///
/// # Errors
/// The first action `play` refuses.
pub fn play_rounds<G, C, A>(
    game: &mut G,
    rounds: &[RoundScript<C, A>],
    awaits_deal: impl Fn(&G) -> bool,
    mut deal: impl FnMut(&mut G, &[C]),
    mut play: impl FnMut(&mut G, Seat, &A) -> Result<(), ScenarioError>,
) -> Result<(), ScenarioError> {
    for (r, script) in rounds.iter().enumerate() {
        if !awaits_deal(game) {
            break;
        }
        deal(game, &script.deck);
        for (k, (seat, action)) in script.actions.iter().enumerate() {
            play(game, *seat, action).map_err(|e| e.in_round(r).at_action(k))?;
        }
    }
    Ok(())
}

/// The `illegal_action` error of an action played after its round ended.
pub fn round_ended(action: impl std::fmt::Display) -> ScenarioError {
    ScenarioError::new(
        ErrorKind::IllegalAction,
        format!("cannot {action}: the round has ended"),
    )
}

/// One seat's legal actions as the output's `legal_actions` entries: each action's object
/// (`write`) with its `seat`.
pub fn seat_actions<A>(
    seat: Seat,
    actions: impl IntoIterator<Item = A>,
    write: impl Fn(A) -> Value,
) -> impl Iterator<Item = Value> {
    actions.into_iter().map(move |a| {
        let mut v = write(a);
        v["seat"] = json!(seat.index());
        v
    })
}

/// The output document: its rounds, the game's fields, and while the game goes on (`next`
/// is there) the seats to act and their legal actions.
pub fn output(rounds: impl Iterator<Item = Value>, game: Value, next: Option<Value>) -> Value {
    let rounds: Vec<Value> = rounds.collect();
    let mut doc = json!({ "rounds": rounds, "game": game });
    if let Some(next) = next {
        doc["next"] = next;
    }
    doc
}

#[cfg(test)]
mod tests {
    use super::*;

    const TYPES: ActionTypes = ActionTypes::new(&["draw", "pass"]);

    fn message(e: ScenarioError) -> (ErrorKind, String) {
        (e.kind, e.message)
    }

    #[test]
    fn an_action_type_is_checked_in_each_formats_words() {
        let apart = TYPES.type_missing_apart();
        let listed = TYPES.listed_when_unknown();
        let no_type = json!({"seat": 0});
        let number = json!({"type": 3});
        let unknown = json!({"type": "kan"});
        let bad = |e| (ErrorKind::MalformedScenario, String::from(e));
        assert_eq!(
            message(TYPES.read(&json!([])).unwrap_err()),
            bad("an action must be an object")
        );
        assert_eq!(
            message(TYPES.read(&no_type).unwrap_err()),
            bad("an action needs a \"type\" string")
        );
        assert_eq!(
            message(TYPES.read(&number).unwrap_err()),
            bad("an action needs a \"type\" string")
        );
        assert_eq!(
            message(apart.read(&no_type).unwrap_err()),
            bad("an action needs a \"type\"")
        );
        assert_eq!(
            message(apart.read(&number).unwrap_err()),
            bad("an action's \"type\" must be a string")
        );
        assert_eq!(
            message(TYPES.read(&unknown).unwrap_err()),
            (
                ErrorKind::UnknownAction,
                "unknown action type \"kan\"".into()
            )
        );
        assert_eq!(
            message(listed.read(&unknown).unwrap_err()).1,
            "unknown action type \"kan\" (one of: draw, pass)"
        );
        let pass = json!({"type": "pass", "seat": 1});
        let (obj, kind) = TYPES.read(&pass).unwrap();
        assert_eq!((obj.len(), kind), (2, "pass"));
    }

    #[test]
    fn an_actions_list_marks_an_error_with_its_action_and_a_flag_is_a_boolean() {
        let read = |v: &Value| v.as_u64().ok_or_else(|| malformed("a number"));
        assert_eq!(actions(None, read), Ok(Vec::new()));
        assert_eq!(actions(Some(&json!([1, 2])), read), Ok(vec![1, 2]));
        let e = actions(Some(&json!([1, "x"])), read).unwrap_err();
        assert_eq!((e.action, e.message.as_str()), (Some(1), "a number"));
        let e = actions(Some(&json!({})), read).unwrap_err();
        assert_eq!(e.message, "\"actions\" must be a list");
        assert_eq!(flag(None, "riichi"), Ok(false));
        assert_eq!(flag(Some(&json!(true)), "riichi"), Ok(true));
        assert_eq!(
            flag(Some(&json!(1)), "riichi").unwrap_err().message,
            "\"riichi\" must be true or false"
        );
    }

    #[test]
    fn a_concession_names_its_seat_in_the_formats_words() {
        let seat = |v: &Value| v.as_u64().filter(|n| *n < 2).and_then(Seat::from_index);
        let doc = json!({"seat": 1, "reason": "forfeit"});
        assert_eq!(
            concession(Some(&doc), seat, "0 or 1"),
            Ok(Some((Seat::ONE, Concession::Forfeit)))
        );
        assert_eq!(concession(None, seat, "0 or 1"), Ok(None));
        let e = concession(
            Some(&json!({"seat": 2, "reason": "forfeit"})),
            seat,
            "0 or 1",
        );
        assert_eq!(
            e.unwrap_err().message,
            "\"concession\" must be {\"seat\": 0 or 1, \"reason\": \"resigned\" or \"forfeit\"}"
        );
    }

    #[test]
    fn rounds_are_played_while_a_deal_is_awaited_each_error_marked_with_its_place() {
        // A game of numbers: a deal adds its deck, an action adds itself; 0 is refused.
        let rounds = [
            RoundScript {
                deck: vec![10],
                actions: vec![(Seat::ZERO, 1), (Seat::ONE, 2)],
            },
            RoundScript {
                deck: vec![20],
                actions: vec![(Seat::ZERO, 0)],
            },
        ];
        let mut game = 0u32;
        let play = |g: &mut u32, _: Seat, a: &u32| match a {
            0 => Err(malformed("zero")),
            n => {
                *g += n;
                Ok(())
            }
        };
        let e = play_rounds(&mut game, &rounds, |_| true, |g, d| *g += d[0], play).unwrap_err();
        assert_eq!((e.round, e.action, game), (Some(1), Some(0), 33));
        let mut game = 0u32;
        play_rounds(&mut game, &rounds, |g| *g == 0, |g, d| *g += d[0], play).unwrap();
        assert_eq!(
            game, 13,
            "the second entry is not dealt: no deal is awaited"
        );
    }
}
