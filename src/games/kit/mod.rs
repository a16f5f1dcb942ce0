//! What the games use and share, written once over the interface's vocabulary: the frame of a
//! scenario document and its readers, the records every game keeps the same way, and what the
//! games' shows have in common.

pub mod ends;
pub mod records;
pub mod scenario;
pub mod shown;
