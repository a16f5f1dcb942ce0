//! Computer opponents. Pure: depends on the engine only, and decides from what one seat may
//! see ([`SeatView`]) — never from the [`crate::engine::Game`] — so a computer player cannot
//! cheat by construction.
//!
//! - `easy`: the greedy self-play policy (wins, opens everything, never defends).
//! - `normal`: a one-step heuristic with tenpai distance, riichi on good waits and defence.
//! - `hard`: determinized Monte Carlo over the hidden cards with `normal` playouts.

mod defense;
mod easy;
pub mod hard;
mod normal;
pub mod obs;
mod sample;
mod shape;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

pub use hard::Budget;
pub use obs::Obs;

use crate::engine::view::SeatView;
use crate::engine::{Action, RuleOptions};

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

/// The action of the seat `view` belongs to. Always one of `view.legal_actions`; `None`
/// only when that list is empty (the seat is not to act). `budget` bounds `hard` only;
/// `seed` makes `hard`'s sampling reproducible.
pub fn decide(
    level: Level,
    view: &SeatView,
    options: &RuleOptions,
    budget: Budget,
    seed: u64,
) -> Option<Action> {
    let first = view.legal_actions.first().copied()?;
    if view.legal_actions.len() == 1 {
        return Some(first);
    }
    let Some(obs) = Obs::from_view(view) else {
        return Some(first);
    };
    let chosen = match level {
        Level::Easy => easy::choose(&obs),
        Level::Normal => normal::choose(&obs),
        Level::Hard => hard::choose(&obs, options, budget, seed),
    };
    // Defensive: a policy bug must never turn into an illegal move.
    Some(
        chosen
            .filter(|a| view.legal_actions.contains(a))
            .unwrap_or(first),
    )
}

#[cfg(test)]
mod tests;
