//! What drives games, written once over the interface and run for every game: a finished
//! game as a scenario file and its replay, self-play between random players and between
//! computer levels, the hard computer's search, and a game kept with its seed.

pub mod export;
pub mod highlight_counts;
pub mod matchup;
pub mod random_play;
pub mod search;
pub mod seeded;
