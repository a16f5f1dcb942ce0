//! What a game's own export formats (beside the scenario file) are given and give back: kept
//! apart from `export.rs` so that `Rules` can name them without importing the exporter that
//! drives `Rules`.

use super::seat::PerSeat;

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
