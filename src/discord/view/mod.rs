//! Views: pure functions from game state to messages and buttons. No Discord types and no
//! I/O, so each is unit-tested here, including the largest states the rules allow against
//! Discord's limits.

pub mod cards;
pub mod hand;
pub mod model;
pub mod records;
pub mod summary;
pub mod table;

pub use hand::hand;
pub use model::Message;
pub use summary::{game_result, resign_confirmation, round_summary};
pub use table::{table, MatchLabel, TableInfo};

#[cfg(test)]
mod tests;
