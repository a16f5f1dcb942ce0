//! MOMOJAN (桃雀): the rules engine, the scenario and self-play tools, and (to come) the store
//! and the Discord bot.

pub mod ai;
pub mod clock;
pub mod discord;
pub mod engine;
pub mod i18n;
pub mod scenario;
pub mod selfplay;
pub mod service;
pub mod store;
