//! What the games use and share, written once over the interface's vocabulary: the frame of a
//! scenario document and its readers.

pub mod scenario;
