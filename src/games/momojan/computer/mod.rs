//! Computer opponents. Pure: depends on the engine only, and decides from what one seat may
//! see ([`SeatView`]) — never from the [`crate::games::momojan::Game`] — so a computer player cannot
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
pub(in crate::games::momojan) mod shape;

pub use obs::Obs;

use crate::games::interface::{Budget, Computer, Level};
use crate::games::momojan::view::SeatView;
use crate::games::momojan::{Action, Game, Momojan, RuleOptions};

impl Computer for Momojan {
    /// The action of the seat `view` belongs to. Always one of `view.legal_actions`; `None`
    /// only when that list is empty (the seat is not to act). `budget` bounds `hard` only;
    /// `seed` makes `hard`'s sampling reproducible.
    fn decide(
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

    /// MOMOJAN's `hard` computer has a search of its own (`hard`), tuned to its piles.
    fn sample(_view: &SeatView, _seed: u64) -> Option<Game> {
        None
    }
}

#[cfg(test)]
mod tests;
