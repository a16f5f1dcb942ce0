//! Scenario files, the black-box contract of each game: the `error` document every format
//! prints with exit code 2 (its kind, a message in words, and where: the round entry and its
//! action), and the files in a game's own formats an export attaches beside its scenario file.

use serde::Serialize;

use crate::games::interface::seat::PerSeat;

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

/// What a game's own export formats may say about a match beside its moves.
#[derive(Debug, Clone, Copy)]
pub struct ExportContext<'a> {
    /// The match, as the file's title says it (`momojan match 12`).
    pub title: &'a str,
    /// Each seat's player as the match knew them (a display name, or the computer's level).
    pub names: &'a PerSeat<String>,
}

/// One more file an export attaches, in a game's own format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExtraFile {
    /// What follows the match's file stem `<game>-match-<id>.` (`tenhou.json`).
    pub extension: &'static str,
    pub bytes: Vec<u8>,
}

/// A game's scenario files (its black-box contract) and the files in its own formats an
/// export attaches.
pub trait ScenarioFiles: super::Play {
    /// `momojan scenario` for this game's files: the output document, or the error document's
    /// contents.
    ///
    /// # Errors
    /// The first problem in the file, as the game's scenario format describes it.
    fn scenario(bytes: &[u8]) -> Result<serde_json::Value, ScenarioError>;
    /// The scenario output document of a state: what `momojan scenario` prints for a file that
    /// plays the same game (an export's result is checked against it).
    fn report(state: &Self::State) -> serde_json::Value;
    /// The rule options as a scenario file's `options` object.
    fn scenario_options(options: &Self::Options) -> serde_json::Value;
    /// One action as a scenario file's action object (without its `seat`).
    fn scenario_action(action: Self::Action) -> serde_json::Value;
    /// One logged action of `seat`, played on `before`, as the export writes it (without its
    /// `seat`): [`ScenarioFiles::scenario_action`] by default. A game whose moves are made of
    /// several parts (mining's path, tiles and cells) writes a whole move with the part that
    /// completes it and nothing, `None`, for the parts before it.
    fn scenario_step(
        before: &Self::State,
        seat: crate::games::interface::seat::Seat,
        action: Self::Action,
    ) -> Option<serde_json::Value> {
        let _ = (before, seat);
        Some(Self::scenario_action(action))
    }
    /// Files in the game's own formats that an export attaches beside the scenario file of a
    /// finished game (riichi: its tenhou.net/6 log); none by default.
    ///
    /// # Errors
    /// What is wrong with the state, in words (a stored game that does not make the file).
    fn extra_exports(
        _state: &Self::State,
        _context: &ExportContext,
    ) -> Result<Vec<ExtraFile>, String> {
        Ok(Vec::new())
    }
}
