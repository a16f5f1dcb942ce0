//! The Discord adapter: typed component ids and the views (pure functions from game state to
//! messages and buttons). The poise commands and interaction handlers build on these.

pub mod ids;
pub mod view;
