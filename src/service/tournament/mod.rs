//! Tournaments (issue 38). Pure code, no I/O: what the bot and the organisers' offline tools
//! compute the same way from the same inputs.
//!
//! - [`seating`]: who sits at which table and in which seat, round by round — a whole fixed
//!   schedule, exact round robins where they exist, one Swiss round from the standings, and
//!   the figures (repeat meetings, wind balance, byes) anyone can recount. Every seating is a
//!   function of its seed and inputs alone, so `momojan verify` can re-derive it.

pub mod seating;
