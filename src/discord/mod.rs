//! The Discord adapter. Where things are:
//! - `run.rs`: start, event routing, shutdown; `config.rs`: settings from the environment;
//! - `context.rs`: `Data`, `Error`, `Context` and the helpers every handler uses;
//! - `emoji.rs`: the cards' faces as application emojis (`CardArt`, synced at start-up);
//! - `commands/`: the slash commands, one file per feature;
//! - `interactions/`: the click router and one file per kind of click;
//! - `ids.rs`: every custom id the bot emits (`ComponentId`);
//! - `announce.rs` + `outbox.rs`: what is posted for an outbox entry, and the worker that sends it;
//! - `follow.rs`: what follows an action (its announcement, the computer's reply in practice);
//! - `live.rs` + `hands.rs`: the players' live hands and the one turn notice of a thread;
//! - `watchers.rs` + `watching.rs`: the watchers' views of a table, kept current the same way;
//! - `table.rs`: where the public table is shown (an interaction's follow-up, moved to a
//!   fresh token before its own expires), so that playing spends none of the global budget;
//! - `budget.rs` + `rest.rs`: the token's global budget (a share per process) and the
//!   outbox's REST requests paced within it and within each route's bucket;
//! - `timers.rs`: challenge expiry and turn timeouts;
//! - `view/`: pure functions from state to messages; `render.rs`: messages to serenity.

mod announce;
pub mod budget;
mod commands;
pub mod config;
mod contain;
mod context;
pub mod emoji;
mod follow;
mod game_choice;
mod hands;
pub mod ids;
mod interactions;
mod live;
mod on_screen;
mod outbox;
mod reminder;
pub mod render;
pub mod rest;
mod run;
mod table;
mod teach_choice;
mod timers;
mod tournament;
mod tournament_board;
mod tournament_post;
pub mod view;
mod watch_choice;
mod watchers;
mod watching;

pub use commands::localized_commands;
pub use config::{BotConfig, ConfigError, ShardRange};
pub use emoji::{CardArt, CardArtConfig};
pub use run::{run_bot, BotError};

/// A command of this bot (for tests that check every command's names and descriptions).
pub type Command = poise::Command<context::Data, context::Error>;
