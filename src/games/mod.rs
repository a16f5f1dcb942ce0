//! The games the bot hosts, each a pure rules engine in its own folder (no I/O, no async), and
//! what every game shares: seats, seeded decks with the fair-deal commitment, the computer's
//! levels, the scenario error document, the switches of a game's options, a player's auto switches, and the interface the host reaches a game through
//! ([`rules::Rules`]). [`registry`] lists the games.

pub mod art;
pub mod auto;
pub mod beginners;
pub mod computer;
pub mod contact_sheet;
pub mod deal;
pub mod export;
pub mod extra_export;
pub mod ledger;
pub mod matchup;
pub mod momojan;
pub mod random_play;
pub mod registry;
pub mod riichi;
pub mod rules;
pub mod scenario;
pub mod scenario_error;
pub mod search;
pub mod seat;
pub mod shogi;
pub mod shown;
pub mod switch;
