//! What the games use and share, written once over the interface's vocabulary: the frame of a
//! scenario document and its readers, and the riichi hand (tiles, shapes, waits, yaku, score)
//! of the games played with riichi's hands.

pub mod mahjong;
pub mod scenario;
