//! What the games use and share, written once over the interface's vocabulary: the frame of a
//! scenario document and its readers, the records every game keeps the same way, what the
//! games' shows have in common, the public view of a two-seat match, and the riichi hand
//! (tiles, shapes, waits, yaku, score) of the games played with riichi's hands.

pub mod ends;
pub mod highlights;
pub mod mahjong;
pub mod records;
pub mod scenario;
pub mod shown;
// Half B of issue 36 (code written once between game folders): files and words.
pub mod action_words;
pub mod choice;
pub mod script;
pub mod settings;
pub mod view;

// Half A of issue 36 (code written once between game folders: the play state, its views and
// the interface impls).
pub mod codes;
pub mod counts;
pub mod ids;
pub mod play;
