//! momojan: a Discord host for two-player mahjong-family card games. Each game is a pure rules
//! engine in its own folder under `games/`; the store, the match service and the Discord adapter
//! sit above them, dependencies pointing one way.

pub mod clock;
pub mod discord;
pub mod games;
pub mod i18n;
pub mod service;
pub mod store;
