//! Views: pure functions from game state to messages and buttons. No Discord types and no
//! I/O, so each is unit-tested here, including the largest states the rules allow against
//! Discord's limits.

pub mod challenge;
pub mod choices;
pub mod export;
pub mod hand;
pub mod help;
pub mod highlight_board;
pub mod label;
pub mod model;
pub mod news;
pub mod notice;
pub mod pen;
pub mod records;
pub mod refusal;
pub mod replay;
pub mod settings;
pub mod standing_words;
pub mod standings_picture;
pub mod summary;
pub mod table;
pub mod tournament;
pub mod tournament_board;
pub mod tournament_control;
pub mod tournament_history;
pub mod watch;
pub mod why;
pub mod words;

pub use hand::{hand, HandExtras};
pub use label::MatchLabel;
pub use model::Message;
pub use news::{news, round_news};
pub use summary::{game_result, resign_confirmation, round_summary, with_round_highlights};
pub use table::{table, table_message, TableInfo};
