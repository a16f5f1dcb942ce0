//! What the games use and share, written once over the interface's vocabulary: the frame of a
//! scenario document and its readers, and the records every game keeps the same way.

pub mod ends;
pub mod records;
pub mod scenario;
