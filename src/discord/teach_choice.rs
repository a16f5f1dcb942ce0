//! The `teach` option of `/momojan practice` and `/momojan table`: `on` or `off`, the server's
//! `teach` setting when not given (issue 39).

/// A teaching table (no turn clock, hints on every choice, not rated) or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum TeachChoice {
    #[name = "on"]
    On,
    #[name = "off"]
    Off,
}

impl TeachChoice {
    /// Whether teaching is on.
    pub fn is_on(self) -> bool {
        self == TeachChoice::On
    }
}
