//! What a game implements for the host, split by what the host needs of it:
//!
//! - [`Play`] (`play.rs`): the state machine the store and the service drive (dealing, who
//!   acts, legal actions, applying one, one seat's view, the end), and [`Stored`]: how a game
//!   is kept (its state's JSON, its action codes, the event that deals a round);
//! - [`Records`] (`records.rs`): the ledger's reasons, a move's counters, a seat's record;
//! - [`Settings`] (`settings.rs`): yaku values and rule switches a server sets;
//! - [`Computer`] (`computer.rs`): the computer's decision and a sampled world for the
//!   search, with the auto switches a player lets the bot decide (`auto.rs`);
//! - [`ScenarioFiles`] (`scenario.rs`): the scenario contract and a game's extra export files;
//! - [`Shows`] (`shows.rs`): names, art and the game-neutral model the views draw;
//! - [`Teach`] (`teach.rs`): a teaching table's hints on each choice and reasons for a move.
//! - [`Highlights`] (`highlights.rs`): what happened to each player, after a round and a game.
//!
//! The vocabulary they are written in sits beside them: seats and per-seat values (`seat`),
//! seeded decks with the fair-deal proof (`deal`), point transfers (`ledger`).
//!
//! [`Hosted`] is all of them: the one bound of code that needs the whole game (a `with_game!`
//! site, the service); a driver names only what it uses (a replay `Play + ScenarioFiles`, the
//! hard search `Computer`).

pub mod deal;
pub mod ledger;
pub mod seat;

mod auto;
mod computer;
mod highlights;
mod play;
mod records;
mod scenario;
mod settings;
mod shows;
mod teach;

pub use auto::*;
pub use computer::*;
pub use highlights::{recap, Category, Highlight, HighlightKind, Highlights, RECAP_MAX};
pub use play::*;
pub use records::*;
pub use scenario::*;
pub use settings::*;
pub use shows::*;
pub use teach::*;

/// Everything a hosted game implements, for code that needs the whole game.
pub trait Hosted:
    Play + Stored + Records + Settings + Computer + ScenarioFiles + Shows + Teach + Highlights
{
}

impl<G> Hosted for G where
    G: Play + Stored + Records + Settings + Computer + ScenarioFiles + Shows + Teach + Highlights
{
}

/// Every trait of the interface, for code that calls them on a named game
/// (`Riichi::legal_actions`: a trait's items are reached through a concrete type only while
/// the trait is in scope). `use momojan::games::interface::prelude::*;`
pub mod prelude {
    pub use super::{
        Computer, Highlights, Hosted, Play, Records, ScenarioFiles, Settings, Shows, Stored, Teach,
    };
}
