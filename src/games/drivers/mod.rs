//! What drives games, written once over the interface and run for every game: a finished
//! game as a scenario file and its replay, self-play between random players and between
//! computer levels, and the hard computer's search.

pub mod export;
pub mod matchup;
pub mod random_play;
pub mod search;
