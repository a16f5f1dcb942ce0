//! The `error` document every game's scenario format prints, with exit code 2: its kind, a
//! message in words, and where (the round entry and its action). Part of the game interface
//! ([`super::rules::Rules::scenario`]), so it imports nothing of the games.

use serde::Serialize;

/// The error kinds of the scenario format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    MalformedJson,
    MalformedScenario,
    UnknownCard,
    BadDeck,
    UnknownAction,
    WrongSeat,
    IllegalAction,
}

/// A scenario that cannot be played, and where.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{kind:?}: {message}")]
pub struct ScenarioError {
    pub kind: ErrorKind,
    pub message: String,
    /// 0-based round entry, when the problem is in one.
    pub round: Option<usize>,
    /// 0-based action of that entry, when the problem is in one.
    pub action: Option<usize>,
}

impl ScenarioError {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> ScenarioError {
        ScenarioError {
            kind,
            message: message.into(),
            round: None,
            action: None,
        }
    }

    pub fn in_round(mut self, round: usize) -> ScenarioError {
        self.round = Some(round);
        self
    }

    pub fn at_action(mut self, action: usize) -> ScenarioError {
        self.action = Some(action);
        self
    }

    /// `{"error": {...}}`, as printed.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({ "error": self })
    }
}
