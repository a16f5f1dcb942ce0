//! What every game's computer players share: their levels and how much work a decision may do.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// How strong a computer player is.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    clap::ValueEnum,
)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The stable id (stored settings, command options).
    pub fn id(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A level id that is not one of `easy`, `normal`, `hard`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {0:?} (easy, normal or hard)")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| l.id() == s)
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

/// How much work one decision may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Determinizations (each plays every candidate out once).
    pub samples: u32,
    /// Wall-clock cap; `None` keeps decisions reproducible (self-play, tests).
    pub time: Option<Duration>,
}

impl Default for Budget {
    /// Fits the 300 ms p99 target on one core with room to spare (see `benches/ai.rs`).
    fn default() -> Self {
        Budget {
            samples: 64,
            time: Some(Duration::from_millis(250)),
        }
    }
}

impl Budget {
    /// A fixed number of samples and no clock: the same seed always gives the same choice.
    pub fn samples(samples: u32) -> Budget {
        Budget {
            samples,
            time: None,
        }
    }
}

/// The computer players of a game, and the auto switches a player lets the bot decide with.
pub trait Computer: super::Play {
    /// The computer's choice at `level` from one seat's view only; `None` when that seat has no
    /// legal action.
    fn decide(
        level: Level,
        view: &Self::View,
        options: &Self::Options,
        budget: Budget,
        seed: u64,
    ) -> Option<Self::Action>;
    /// A whole state consistent with one seat's view, everything the view hides dealt at
    /// random by `seed` (the search of `games::drivers::search` plays its candidates out in
    /// these); `None` when the game offers none.
    fn sample(view: &Self::View, seed: u64) -> Option<Self::State>;
    /// The auto switches a player of this game may turn on, in the order the hand shows them;
    /// none by default.
    fn auto_switches() -> &'static [super::AutoSwitch] {
        &[]
    }
    /// The action the switches `on` take now for the seat whose view this is, `None` when the
    /// player decides (no switch applies, or the choice is one a switch never makes for them).
    fn auto_action(view: &Self::View, on: super::AutoSet) -> Option<Self::Action> {
        let _ = (view, on);
        None
    }
}
