//! Tournament seating: tables of the game's seat count, round after round.
//!
//! Entrants are numbered `0 … P−1` ([`Player`]) in the order they entered. When the field
//! does not divide into tables, either computers fill the last table (one table only, marked;
//! its game is practice, rated for nobody) or the remainder sits out; both are handed out by
//! the same fair rule — the fewest so far first (byes, or games at the computers' table),
//! ties drawn from the seed.
//!
//! - [`schedule`]: a whole fixed schedule. An exact round robin when one exists
//!   ([`round_robin`]: the affine planes AG(2,3) and AG(2,4) for 9 players at tables of 3 and
//!   16 at tables of 4; the circle method for tables of 2), cycled when there are more rounds;
//!   a resolvable transversal design when the field is S·n players for a prime power n ≥ S
//!   and there are at most n rounds (20 players in 5 rounds, 32 in 8: no repeat), or a
//!   resolvable group divisible design for 24 players at tables of 4 in up to 7 rounds (no
//!   repeat; no transversal design exists there), or Kirkman's triple system for 21 players at
//!   tables of 3 in up to 10 rounds (each pair once); otherwise a tabu search that swaps players
//!   between tables of a round to bring down Σ over pairs of max(0, meetings − 1)², starting
//!   from such a design's rounds when the schedule is longer, and stopping at that sum's lower
//!   bound (the larger of an even spread of the meetings and, for a field that fills its
//!   tables, the repeats any two rounds must share: 45 at 12 players in 6 rounds of 4) or
//!   after a fixed number of weighed swaps ([`Budget`]).
//! - [`swiss_round`]: one round from the standings: players of similar totals together, repeat
//!   meetings avoided; round 1 (all totals equal) is a random draw.
//! - Seat winds. In a [`schedule`] every player's count of each seat differs by at most one
//!   (spread ≤ 1, whatever the field and the rounds: every block of S consecutive games of a
//!   player holds each seat once), by a proper S-edge-colouring of the bipartite graph of
//!   (player, block) and tables (König). A [`swiss_round`] only sees the past: each table takes
//!   the seat order that repeats the fewest seats, a best effort without that bound.
//! - [`figures`]: the most times any pair met, the pairs that met more than once, each
//!   player's wind spread, byes and games with computers — recounted from the rounds alone.
//!
//! Determinism: all randomness comes from ChaCha8 keyed by the 32-byte [`Seed`] (stream 0 for
//! a schedule, stream k+1 for Swiss round k+1), read through this module's own uniform draw and
//! shuffle (not `rand`'s, whose values may change between versions); nothing iterates a hash
//! map or reads a clock. The same inputs give the same seating byte for byte.
//!
//! Its modules, each what it holds: the seeded draw and the fair rule (`draw`), the figures
//! and the running tally of meetings and seats (`figures`), the exact designs and their
//! cycling (`designs`), the cost of repeats and its lower bounds (`excess`), the tabu search
//! (`search`), the balanced seat winds (`winds`) and the Swiss rounds by standing (`swiss`).
//! This root holds the public types and the schedule's pipeline: a design or the search groups
//! the players, then the winds seat them.

mod designs;
mod draw;
mod excess;
mod figures;
mod search;
mod swiss;
mod winds;

pub use draw::shuffled;
pub use figures::{figures, Figures};
pub use swiss::{swiss_round, swiss_round_among, REPEAT_WEIGHT};

use designs::{cycled, exact_design, group_divisible_24, kirkman_21, transversal_design};
use draw::Draw;
use search::searched;
use winds::balanced_winds;

/// The most entrants a field may have (the meeting counts are a P × P table).
pub const MAX_PLAYERS: usize = 1024;
/// The most rounds a schedule may have.
pub const MAX_ROUNDS: usize = 100;

/// An entrant: its number in the order of entry, `0 … P−1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Player(u32);

impl Player {
    /// Entrant number `index`.
    ///
    /// # Panics
    /// When `index` does not fit in 32 bits.
    pub fn new(index: usize) -> Player {
        Player(u32::try_from(index).expect("an entrant number fits in 32 bits"))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What fills a field that does not divide into tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filler {
    /// Computers fill the last table (its game counts for nobody's rating).
    Computers,
    /// The players left over sit the round out.
    SitOut,
}

/// Why a field or its history cannot be seated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeatingError {
    #[error("a tournament needs at least one player")]
    NoPlayers,
    #[error("at most {MAX_PLAYERS} players, not {0}")]
    TooManyPlayers(usize),
    #[error("tables seat 2 to 4 players, not {0}")]
    Seats(usize),
    #[error("{players} players cannot fill a table of {seats} without computers")]
    TooFewPlayers { players: usize, seats: usize },
    #[error("a schedule has 1 to {MAX_ROUNDS} rounds, not {0}")]
    Rounds(usize),
    #[error("the standings give {given} totals for a field of {players}")]
    Standings { given: usize, players: usize },
    #[error("round {round} of the history does not seat this field")]
    History { round: usize },
}

/// The entrants of a tournament, the game's seat count and what fills an uneven field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    players: usize,
    seats: usize,
    filler: Filler,
}

impl Field {
    /// # Errors
    /// No players, too many, a seat count outside 2 to 4, or fewer players than seats without
    /// computers.
    pub fn new(players: usize, seats: usize, filler: Filler) -> Result<Field, SeatingError> {
        if players == 0 {
            return Err(SeatingError::NoPlayers);
        }
        if players > MAX_PLAYERS {
            return Err(SeatingError::TooManyPlayers(players));
        }
        if !(2..=4).contains(&seats) {
            return Err(SeatingError::Seats(seats));
        }
        if players < seats && filler == Filler::SitOut {
            return Err(SeatingError::TooFewPlayers { players, seats });
        }
        Ok(Field {
            players,
            seats,
            filler,
        })
    }

    pub fn players(&self) -> usize {
        self.players
    }

    pub fn seats(&self) -> usize {
        self.seats
    }

    pub fn filler(&self) -> Filler {
        self.filler
    }

    /// Tables of players alone in each round.
    fn full_tables(&self) -> usize {
        self.players / self.seats
    }

    /// Players left over by the full tables.
    fn rest(&self) -> usize {
        self.players % self.seats
    }

    /// Players who sit out each round.
    pub fn sitting_out(&self) -> usize {
        match self.filler {
            Filler::SitOut => self.rest(),
            Filler::Computers => 0,
        }
    }

    /// Players at the computers' table each round (0: no such table).
    pub fn with_computers(&self) -> usize {
        match self.filler {
            Filler::Computers => self.rest(),
            Filler::SitOut => 0,
        }
    }

    /// Tables in each round, the computers' one included.
    pub fn tables(&self) -> usize {
        self.full_tables() + usize::from(self.with_computers() > 0)
    }
}

/// A seat's occupant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    Player(Player),
    Computer,
}

/// One table of a round: its occupants in seat order, East first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    places: Vec<Place>,
}

impl Table {
    /// A table from its occupants in seat order (for a history read back from the store;
    /// [`Schedule::new`] and [`swiss_round`] check it against the field).
    pub fn new(places: Vec<Place>) -> Table {
        Table { places }
    }

    /// The occupants in seat order, East first.
    pub fn places(&self) -> &[Place] {
        &self.places
    }

    /// The players with their seats (0 is East).
    pub fn players(&self) -> impl Iterator<Item = (usize, Player)> + '_ {
        self.places
            .iter()
            .enumerate()
            .filter_map(|(seat, place)| match place {
                Place::Player(p) => Some((seat, *p)),
                Place::Computer => None,
            })
    }

    /// Whether computers play here (the game is rated for nobody).
    pub fn has_computers(&self) -> bool {
        self.places.contains(&Place::Computer)
    }
}

/// One round: its tables (the computers' one last) and who sits out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    tables: Vec<Table>,
    sitting_out: Vec<Player>,
}

impl Round {
    /// A round from its tables and sitters-out (checked against the field where it is used).
    pub fn new(tables: Vec<Table>, sitting_out: Vec<Player>) -> Round {
        Round {
            tables,
            sitting_out,
        }
    }

    pub fn tables(&self) -> &[Table] {
        &self.tables
    }

    /// Who sits this round out, in entrant order.
    pub fn sitting_out(&self) -> &[Player] {
        &self.sitting_out
    }

    /// Whether this round seats `field`: tables of its seat count, each entrant at most once,
    /// computers only at the last table and only when the field takes them.
    fn fits(&self, field: &Field) -> bool {
        let mut seen = vec![false; field.players];
        let mut mark = |p: Player| {
            let fresh = p.index() < field.players && !seen[p.index()];
            if fresh {
                seen[p.index()] = true;
            }
            fresh
        };
        let last = self.tables.len().saturating_sub(1);
        for (k, table) in self.tables.iter().enumerate() {
            let computers = table.has_computers();
            if table.places.len() != field.seats
                || (computers && (field.filler != Filler::Computers || k != last))
                || !table.players().all(|(_, p)| mark(p))
            {
                return false;
            }
        }
        self.sitting_out.iter().all(|&p| mark(p))
    }
}

/// A whole tournament's seating.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Schedule {
    field: Field,
    rounds: Vec<Round>,
}

impl Schedule {
    /// A schedule from rounds seated elsewhere (a history to measure with [`figures`]).
    ///
    /// # Errors
    /// [`SeatingError::History`] naming the first round (from 1) that does not seat `field`.
    pub fn new(field: Field, rounds: Vec<Round>) -> Result<Schedule, SeatingError> {
        check_history(&field, &rounds)?;
        Ok(Schedule { field, rounds })
    }

    pub fn field(&self) -> &Field {
        &self.field
    }

    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    /// `{"rounds": [[[0, 5, 10, 15], …], …]}`: each table's entrants in seat order, a computer
    /// as `null`; sitters-out are left out.
    pub fn to_json(&self) -> serde_json::Value {
        let rounds: Vec<serde_json::Value> = self
            .rounds
            .iter()
            .map(|round| {
                round
                    .tables
                    .iter()
                    .map(|table| {
                        table
                            .places
                            .iter()
                            .map(|place| match place {
                                Place::Player(p) => serde_json::Value::from(p.index()),
                                Place::Computer => serde_json::Value::Null,
                            })
                            .collect::<serde_json::Value>()
                    })
                    .collect::<serde_json::Value>()
            })
            .collect();
        serde_json::json!({ "rounds": rounds })
    }
}

fn check_history(field: &Field, rounds: &[Round]) -> Result<(), SeatingError> {
    match rounds.iter().position(|r| !r.fits(field)) {
        Some(k) => Err(SeatingError::History { round: k + 1 }),
        None => Ok(()),
    }
}

/// The 32 bytes every draw of a tournament comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seed(pub [u8; 32]);

impl From<u64> for Seed {
    /// `n`'s 8 little-endian bytes, then zeros (`momojan seating --seed N`).
    fn from(n: u64) -> Seed {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&n.to_le_bytes());
        Seed(bytes)
    }
}

/// How long the search for a schedule may run: the swaps it may weigh (a count, not a time,
/// so the same budget always gives the same schedule). The default takes a few seconds at
/// most in a release build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    pub swaps: u64,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget { swaps: 40_000_000 }
    }
}

/// A round before its seats are given: tables of players (the computers' table last, its
/// players alone), and the sitters-out.
#[derive(Debug, Clone)]
struct Groups {
    tables: Vec<Vec<usize>>,
    computers_last: bool,
    sitting_out: Vec<usize>,
}

/// A whole schedule of `rounds` rounds with the default [`Budget`].
///
/// # Errors
/// [`SeatingError::Rounds`] for 0 rounds or more than [`MAX_ROUNDS`].
pub fn schedule(field: &Field, rounds: usize, seed: &Seed) -> Result<Schedule, SeatingError> {
    schedule_with(field, rounds, seed, Budget::default())
}

/// A whole schedule: an exact round robin, cycled, when one exists for the field, otherwise
/// the search's best within `budget`; then the seats, balanced (spread ≤ 1 for every player).
///
/// # Errors
/// [`SeatingError::Rounds`] for 0 rounds or more than [`MAX_ROUNDS`].
pub fn schedule_with(
    field: &Field,
    rounds: usize,
    seed: &Seed,
    budget: Budget,
) -> Result<Schedule, SeatingError> {
    if !(1..=MAX_ROUNDS).contains(&rounds) {
        return Err(SeatingError::Rounds(rounds));
    }
    let mut draw = Draw::new(seed, 0);
    // Kirkman's 21 first: its 10 rounds outlast the transversal design's 7.
    let resolvable = kirkman_21(field)
        .or_else(|| transversal_design(field))
        .or_else(|| group_divisible_24(field));
    let groups = match (exact_design(field), resolvable) {
        (Some(design), _) => cycled(field, &design, rounds, &mut draw),
        (None, Some(design)) if rounds <= design.len() => cycled(field, &design, rounds, &mut draw),
        (None, start) => searched(field, rounds, budget, start, &mut draw),
    };
    let rounds = balanced_winds(field, &groups, &mut draw);
    Ok(Schedule {
        field: *field,
        rounds,
    })
}

/// The exact round robin of the field, when one exists: every pair of players meets exactly
/// once (16 players at tables of 4 in 5 rounds, 9 at tables of 3 in 4, an even field at
/// tables of 2 in P−1), or, for an odd field at tables of 2, once in P rounds with each player
/// sitting out (or playing a computer) once.
pub fn round_robin(field: &Field, seed: &Seed) -> Option<Schedule> {
    let design = exact_design(field)?;
    let rounds = design.len();
    schedule(field, rounds, seed).ok()
}

#[cfg(test)]
mod tests;
