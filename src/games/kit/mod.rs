//! What the games use and share, written once over the interface's vocabulary: the frame of a
//! scenario document and its readers, the records every game keeps the same way, what the
//! games' shows have in common, and the public view of a two-seat match.

pub mod ends;
pub mod records;
pub mod scenario;
pub mod shown;
pub mod view;
