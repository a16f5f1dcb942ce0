//! The games the bot hosts, each a pure rules engine in its own folder (no I/O, no async),
//! and what sits beside them: [`interface`] (what a game implements for the host), [`kit`]
//! (what the games share), [`art`] (the card-art renderer), [`drivers`] (code written once
//! over the interface: exports and replays, self-play, the search) and [`registry`] (the list
//! of games, the one module outside a game's folder that imports from inside one).

pub mod art;
pub mod beginners;
pub mod drivers;
pub mod interface;
pub mod kit;
pub mod mining;
pub mod momojan;
pub mod registry;
pub mod riichi;
pub mod shogi;
