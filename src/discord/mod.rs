//! The Discord adapter: configuration, the poise bot with its commands and component handler,
//! typed component ids, and the views (pure functions from game state to messages and
//! buttons) with their rendering into serenity builders.

pub mod admin;
pub mod bot;
pub mod config;
pub mod help;
pub mod ids;
pub mod play;
pub mod poster;
pub mod records;
pub mod render;
pub mod view;

pub use bot::{run_bot, BotError};
pub use config::{BotConfig, ConfigError};
