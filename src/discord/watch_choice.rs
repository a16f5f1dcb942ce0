//! The `watch` option of `/momojan challenge`, `table` and `practice`: whether anyone in the
//! server may watch the match (on unless its players say `off`).

/// Watching allowed (`on`, the default) or forbidden (`off`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum WatchChoice {
    #[name = "on"]
    On,
    #[name = "off"]
    Off,
}

/// Whether the match may be watched, for an option given or not.
pub fn watchable(choice: Option<WatchChoice>) -> bool {
    choice != Some(WatchChoice::Off)
}
