//! Tournaments (issue 38).
//!
//! - [`seating`]: who sits at which table and in which seat, round by round — a whole fixed
//!   schedule, exact round robins where they exist, one Swiss round from the standings, and
//!   the figures (repeat meetings, wind balance, byes) anyone can recount. Every seating is a
//!   function of its seed and inputs alone, so `momojan verify` can re-derive it. Pure code.
//! - [`draw`]: the seed, from the organiser's committed secret and the entrants' Join clicks.
//!   Pure code.
//! - `signup.rs`: an event created, joined and left, and its sign-up closed with round 1
//!   seated — one transaction each.
//! - `rounds.rs`: a round's tables started as matches, each exactly once.
//! - `standings.rs`: results collected from the finished matches, and an event moved on when
//!   its round ends (the next round seated from the standings, or the event finished).
//! - `control.rs`: the organiser's controls while it runs: drop and add a player for the next
//!   round, pause and resume, end early.
//! - `grace.rs`: a no-show's grace: the computer plays for a seated player who has not moved
//!   within the event's grace.
//! - `results.rs`: an event's results as CSV, and the progress its standings message follows.
//! - [`lobby`]: the rolling format's pure rules: a table's seat order from its draw, the
//!   queue's order, the best run an entrant is ranked by, and the draw re-derived.
//! - `rolling.rs`: the rolling format's queue, its tables formed as entrants wait, and its end
//!   once the window has closed.
//! - `reseat.rs`: a table of the running round re-seated by the organiser: its match
//!   cancelled, a new one started for the same players in seats drawn again.
//! - `verify.rs`: an event's draw re-derived from its revealed secret once it is over.
//! - `history.rs`: a server's events looked back on, and any one's standings.

mod control;
pub mod draw;
mod grace;
mod history;
pub mod lobby;
mod reseat;
mod results;
mod rolling;
mod rounds;
pub mod seating;
mod signup;
mod standings;
mod verify;

pub use control::Added;
pub use grace::NoShows;
pub use history::{PastEvent, HISTORY_EVENTS};
pub use reseat::{reseated, Reseated};
pub use results::{ResultsCsv, CSV_HEADER};
pub use rolling::RollingDue;
pub use rounds::StartedTable;
pub use signup::{
    ClosedEvent, NewEvent, RollingRules, SignUp, TournamentRefusal, MAX_GRACE, MAX_NAME,
};
pub use standings::{Advanced, Meetings, RoundSeated, Standing, Standings};
pub use verify::Verification;
