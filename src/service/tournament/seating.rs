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

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

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

/// The tabu tenure: a player swapped stays put for `TENURE_MIN + [0, TENURE_SPAN)` steps.
const TENURE_MIN: u64 = 4;
const TENURE_SPAN: usize = 20;

/// The figures of a seating, as anyone can recount them from its rounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figures {
    /// The most times any two players sat at one table (computers are nobody).
    pub most_meetings: u32,
    /// Pairs of players that sat at one table more than once.
    pub repeated_pairs: u32,
    /// For each player, how many times they sat in each seat (East first).
    pub seat_counts: Vec<Vec<u32>>,
    /// For each player, the spread of `seat_counts`: most minus fewest.
    pub wind_spread: Vec<u32>,
    /// The largest wind spread of any player.
    pub worst_wind_spread: u32,
    /// For each player, the rounds they sat out.
    pub byes: Vec<u32>,
    /// For each player, their games at the computers' table.
    pub computer_games: Vec<u32>,
}

/// The figures of a schedule.
pub fn figures(schedule: &Schedule) -> Figures {
    let field = &schedule.field;
    let mut tally = Tally::new(field.players, field.seats);
    for round in &schedule.rounds {
        tally.add(round);
    }
    let p = field.players;
    let mut most = 0;
    let mut repeated = 0;
    for a in 0..p {
        for b in a + 1..p {
            let m = u32::from(tally.meet[a * p + b]);
            most = most.max(m);
            repeated += u32::from(m > 1);
        }
    }
    let seat_counts: Vec<Vec<u32>> = tally
        .seat_counts
        .chunks(field.seats)
        .map(<[u32]>::to_vec)
        .collect();
    let wind_spread: Vec<u32> = seat_counts
        .iter()
        .map(|c| c.iter().max().unwrap_or(&0) - c.iter().min().unwrap_or(&0))
        .collect();
    Figures {
        most_meetings: most,
        repeated_pairs: repeated,
        worst_wind_spread: wind_spread.iter().copied().max().unwrap_or(0),
        seat_counts,
        wind_spread,
        byes: tally.byes,
        computer_games: tally.computer_games,
    }
}

/// What the rounds so far add up to for each player and pair.
struct Tally {
    players: usize,
    seats: usize,
    /// `meet[a * P + b]`: times `a` and `b` sat at one table (symmetric).
    meet: Vec<u16>,
    /// `seat_counts[p * S + s]`: times `p` sat in seat `s`.
    seat_counts: Vec<u32>,
    /// Games played so far, and since the last full block of S (the seats used in it, a mask).
    games: Vec<u32>,
    block: Vec<u8>,
    byes: Vec<u32>,
    computer_games: Vec<u32>,
}

impl Tally {
    fn new(players: usize, seats: usize) -> Tally {
        Tally {
            players,
            seats,
            meet: vec![0; players * players],
            seat_counts: vec![0; players * seats],
            games: vec![0; players],
            block: vec![0; players],
            byes: vec![0; players],
            computer_games: vec![0; players],
        }
    }

    fn meetings(&self, a: usize, b: usize) -> u16 {
        self.meet[a * self.players + b]
    }

    fn add(&mut self, round: &Round) {
        for table in &round.tables {
            let seated: Vec<(usize, usize)> =
                table.players().map(|(s, p)| (s, p.index())).collect();
            for (i, &(seat, a)) in seated.iter().enumerate() {
                for &(_, b) in &seated[i + 1..] {
                    self.meet[a * self.players + b] =
                        self.meet[a * self.players + b].saturating_add(1);
                    self.meet[b * self.players + a] = self.meet[a * self.players + b];
                }
                self.seat_counts[a * self.seats + seat] += 1;
                if self.games[a] % self.seats as u32 == 0 {
                    self.block[a] = 0;
                }
                self.block[a] |= 1 << seat;
                self.games[a] += 1;
                self.computer_games[a] += u32::from(table.has_computers());
            }
        }
        for p in &round.sitting_out {
            self.byes[p.index()] += 1;
        }
    }
}

/// `items` shuffled by `seed` alone (stream 0), with this module's own draw: the same seed
/// gives the same order on every machine and version.
pub fn shuffled<T>(seed: &Seed, items: &mut [T]) {
    Draw::new(seed, 0).shuffle(items);
}

/// ChaCha8 read through this module's own uniform draw and shuffle.
struct Draw(ChaCha8Rng);

impl Draw {
    fn new(seed: &Seed, stream: u64) -> Draw {
        let mut rng = ChaCha8Rng::from_seed(seed.0);
        rng.set_stream(stream);
        Draw(rng)
    }

    /// Uniform in `0..n` (`n > 0`), by rejection.
    fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.0.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }

    /// Fisher–Yates, from the back.
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// The `k` players of `pool` with the fewest `counts`, ties in the seed's order.
fn fewest_first(pool: &[usize], counts: &[u32], k: usize, draw: &mut Draw) -> Vec<usize> {
    let mut order = pool.to_vec();
    draw.shuffle(&mut order);
    order.sort_by_key(|&p| counts[p]);
    order.truncate(k);
    order.sort_unstable();
    order
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

/// The rounds of an exact design, players `0 … P−1` and, for an odd field at tables of 2, a
/// stand-in `P` (a bye or a computer).
fn exact_design(field: &Field) -> Option<Vec<Vec<Vec<usize>>>> {
    let (p, s) = (field.players, field.seats);
    match s {
        2 if p >= 2 => Some(circle(p + p % 2)),
        3 | 4 if p == s * s => Some(affine_plane(s)),
        _ => None,
    }
}

/// A resolvable transversal design RTD(S, n) when the field is S·n players with n ≥ S a prime
/// power this module has a field for (primes, 4, 8, 9, 16, 25, 27, 32, 49): players (g, x)
/// numbered `g·n + x` for g < S and x in GF(n); round a ∈ GF(n) seats at table b the players
/// (g, a·g + b). Two players of different g meet exactly once in the n rounds, two of the same
/// g never: no repeat in n rounds (20 players at tables of 4 in 5 rounds, 32 in 8, 28 in 7…).
fn transversal_design(field: &Field) -> Option<Vec<Vec<Vec<usize>>>> {
    let (p, s) = (field.players, field.seats);
    if s < 3 || p % s != 0 || p / s < s {
        return None;
    }
    let n = p / s;
    let (add, mul) = galois(n)?;
    Some(
        (0..n)
            .map(|a| {
                (0..n)
                    .map(|b| {
                        (0..s)
                            .map(|g| g * n + add[mul[a * n + g] * n + b])
                            .collect()
                    })
                    .collect()
            })
            .collect(),
    )
}

/// 24 players at tables of 4 in up to 7 rounds with no repeat (the social golfer problem
/// 6-4-7; no transversal design serves, as there is no pair of orthogonal Latin squares of
/// order 6): a resolvable 4-GDD of type 3⁸. Points (x, l) for x in Z₇ and a level l in Z₃,
/// numbered `3·x + l`, and three more ∞₀ ∞₁ ∞₂ (21, 22, 23); the groups {(x, 0), (x, 1),
/// (x, 2)} and {∞₀, ∞₁, ∞₂} never meet. Round r ∈ Z₇ adds r to every x of the base round:
/// for each l the table {(0, l), (1, l), (3, l), (6, l + 1)}, and for each k the table
/// {∞ₖ, (2, k), (4, k + 1), (5, k + 2)}. {0, 1, 3} is a difference set of Z₇ (every pair of a
/// level meets once), and the mixed differences of each two levels are the six non-zero
/// elements once each (every pair of different groups meets once); see the test.
fn group_divisible_24(field: &Field) -> Option<Vec<Vec<Vec<usize>>>> {
    if (field.players, field.seats) != (24, 4) {
        return None;
    }
    let point = |x: usize, l: usize| 3 * (x % 7) + l % 3;
    Some(
        (0..7)
            .map(|r| {
                let mut round: Vec<Vec<usize>> = (0..3)
                    .map(|l| {
                        let mut table: Vec<usize> =
                            [0, 1, 3].iter().map(|&x| point(x + r, l)).collect();
                        table.push(point(6 + r, l + 1));
                        table
                    })
                    .collect();
                round.extend((0..3).map(|k| {
                    vec![
                        21 + k,
                        point(2 + r, k),
                        point(4 + r, k + 1),
                        point(5 + r, k + 2),
                    ]
                }));
                round
            })
            .collect(),
    )
}

/// 21 players at tables of 3 in up to 10 rounds with no repeat: a Kirkman triple system of
/// order 21 (every pair meets exactly once in the 10 rounds). Points (x, l) for x in Z₇ and a
/// level l, numbered `3·x + l`. Seven rounds are a base round with r ∈ Z₇ added to every x:
/// {(0, l), (1, l), (3, l)} for each level ({0, 1, 3} is a difference set of Z₇: every pair of
/// a level meets once), and the four triples (x, 0), (y, 1), (z, 2) below, whose differences
/// y − x, z − x and z − y between levels are four distinct values each. The three other
/// rounds are fixed by adding r: {(x, 0), (x + a, 1), (x + b, 2)} for x in Z₇, with (a, b) =
/// (0, 0), (3, 1), (4, 6), which give the three differences of each two levels that the base
/// round leaves out. See the test.
fn kirkman_21(field: &Field) -> Option<Vec<Vec<Vec<usize>>>> {
    if (field.players, field.seats) != (21, 3) {
        return None;
    }
    const ACROSS: [[usize; 3]; 4] = [[2, 4, 5], [4, 2, 6], [5, 6, 2], [6, 5, 4]];
    const FIXED: [(usize, usize); 3] = [(0, 0), (3, 1), (4, 6)];
    let point = |x: usize, l: usize| 3 * (x % 7) + l;
    let developed = (0..7).map(|r| {
        let mut round: Vec<Vec<usize>> = (0..3)
            .map(|l| [0, 1, 3].iter().map(|&x| point(x + r, l)).collect())
            .collect();
        round.extend(
            ACROSS
                .iter()
                .map(|t| (0..3).map(|l| point(t[l] + r, l)).collect()),
        );
        round
    });
    let fixed = FIXED.iter().map(|&(a, b)| {
        (0..7)
            .map(|x| vec![point(x, 0), point(x + a, 1), point(x + b, 2)])
            .collect()
    });
    Some(developed.chain(fixed).collect())
}

/// GF(n) as addition and multiplication tables (`add[a·n + b]`), elements numbered by their
/// coefficients in base p, for a prime n or one of the prime powers below; `None` otherwise.
fn galois(n: usize) -> Option<(Vec<usize>, Vec<usize>)> {
    // x^k reduced: the coefficients of x^0 … x^(k−1) it equals, for an irreducible polynomial.
    let (p, reduce): (usize, &[usize]) = match n {
        4 => (2, &[1, 1]),
        8 => (2, &[1, 1, 0]),
        16 => (2, &[1, 1, 0, 0]),
        32 => (2, &[1, 0, 1, 0, 0]),
        9 => (3, &[2, 0]),
        27 => (3, &[2, 1, 0]),
        25 => (5, &[3, 0]),
        49 => (7, &[6, 0]),
        _ if n >= 2 && (2..n).take_while(|d| d * d <= n).all(|d| n % d != 0) => (n, &[]),
        _ => return None,
    };
    let k = reduce.len().max(1);
    let digits = |mut a: usize| -> Vec<usize> {
        (0..k)
            .map(|_| {
                let d = a % p;
                a /= p;
                d
            })
            .collect()
    };
    let number = |d: &[usize]| d.iter().rev().fold(0, |acc, &c| acc * p + c);
    let mut add = vec![0; n * n];
    let mut mul = vec![0; n * n];
    for a in 0..n {
        for b in 0..n {
            let (da, db) = (digits(a), digits(b));
            let sum: Vec<usize> = da.iter().zip(&db).map(|(x, y)| (x + y) % p).collect();
            add[a * n + b] = number(&sum);
            let mut prod = vec![0; 2 * k - 1];
            for (i, x) in da.iter().enumerate() {
                for (j, y) in db.iter().enumerate() {
                    prod[i + j] = (prod[i + j] + x * y) % p;
                }
            }
            for d in (k..2 * k - 1).rev() {
                let c = prod[d];
                for (i, r) in reduce.iter().enumerate() {
                    prod[d - k + i] = (prod[d - k + i] + c * r) % p;
                }
            }
            mul[a * n + b] = number(&prod[..k]);
        }
    }
    Some((add, mul))
}

/// The circle method for an even `n`: `n − 1` rounds of `n / 2` pairs, each pair once.
fn circle(n: usize) -> Vec<Vec<Vec<usize>>> {
    let m = n - 1;
    (0..m)
        .map(|r| {
            let mut tables = vec![vec![r, n - 1]];
            for k in 1..n / 2 {
                tables.push(vec![(r + k) % m, (r + m - k) % m]);
            }
            tables
        })
        .collect()
}

/// The affine plane AG(2, q) over GF(q), q = 3 or 4: points (x, y) numbered `x·q + y`, its
/// q + 1 parallel classes of q lines of q points as rounds. Any two points lie on exactly one
/// line: every pair meets once.
fn affine_plane(q: usize) -> Vec<Vec<Vec<usize>>> {
    // GF(4) = {0, 1, a, a+1} numbered 0..4 with a² = a + 1: addition is XOR.
    const MUL4: [[usize; 4]; 4] = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]];
    let add = |a: usize, b: usize| if q == 4 { a ^ b } else { (a + b) % q };
    let mul = |a: usize, b: usize| if q == 4 { MUL4[a][b] } else { (a * b) % q };
    let mut rounds: Vec<Vec<Vec<usize>>> = (0..q)
        .map(|slope| {
            (0..q)
                .map(|b| (0..q).map(|x| x * q + add(mul(slope, x), b)).collect())
                .collect()
        })
        .collect();
    rounds.push(
        (0..q)
            .map(|x| (0..q).map(|y| x * q + y).collect())
            .collect(),
    );
    rounds
}

/// `rounds` rounds from an exact design: its rounds in a drawn order, the entrants drawn onto
/// its points, afresh for each cycle through it.
fn cycled(
    field: &Field,
    design: &[Vec<Vec<usize>>],
    rounds: usize,
    draw: &mut Draw,
) -> Vec<Groups> {
    let p = field.players;
    let mut out = Vec::with_capacity(rounds);
    while out.len() < rounds {
        let mut label: Vec<usize> = (0..p).collect();
        draw.shuffle(&mut label);
        // The stand-in of an odd field keeps its own number.
        label.push(p);
        let mut order: Vec<usize> = (0..design.len()).collect();
        draw.shuffle(&mut order);
        for &k in order.iter().take(rounds - out.len()) {
            let mut groups = Groups {
                tables: Vec::new(),
                computers_last: false,
                sitting_out: Vec::new(),
            };
            let mut with_stand_in = None;
            for table in &design[k] {
                let players: Vec<usize> =
                    table.iter().map(|&x| label[x]).filter(|&x| x < p).collect();
                if players.len() == table.len() {
                    groups.tables.push(players);
                } else {
                    with_stand_in = Some(players);
                }
            }
            groups.tables.sort();
            if let Some(players) = with_stand_in {
                match field.filler {
                    Filler::SitOut => groups.sitting_out = players,
                    Filler::Computers => {
                        groups.tables.push(players);
                        groups.computers_last = true;
                    }
                }
            }
            out.push(groups);
        }
    }
    out
}

/// The squared excess of a pair that met `m` times: max(0, m − 1)².
fn excess(m: u16) -> u64 {
    let e = u64::from(m.saturating_sub(1));
    e * e
}

/// The change of [`excess`] when a pair that met `m` times meets once more.
fn gain(m: u16) -> i64 {
    if m == 0 {
        0
    } else {
        2 * i64::from(m) - 1
    }
}

/// The change of [`excess`] when a pair that met `m ≥ 1` times meets once less.
fn loss(m: u16) -> i64 {
    if m <= 1 {
        0
    } else {
        -(2 * i64::from(m) - 3)
    }
}

/// The least Σ excess any schedule with `total` meetings among `pairs` pairs can have: the
/// meetings spread evenly.
fn excess_bound(total: u64, pairs: u64) -> u64 {
    if pairs == 0 {
        return 0;
    }
    let (q, rem) = (total / pairs, total % pairs);
    let e = |m: u64| m.saturating_sub(1).pow(2);
    (pairs - rem) * e(q) + rem * e(q + 1)
}

/// A second least Σ excess: whenever a round has fewer full tables than seats, the players of a
/// full table in it sat at fewer tables than they are in any earlier round, so some of them met
/// there before. Take two rounds: each full table of the later one holds S players, of whom
/// some may have sat out the earlier round or played at its computers' table (the field's rest,
/// spread over the tables as evenly as can be, which helps the most); the others come from the
/// T full tables of the earlier round, at best spread evenly over them. Two players together in
/// both rounds are a repeat, and Σ excess ≥ Σ over pairs of C(m, 2) (max(0, m − 1)² ≥
/// m(m − 1)/2 for every m), which counts exactly those pairs of rounds. So Σ excess ≥ C(R, 2)
/// times the least repeats between two rounds. At 12 players in tables of 4 that is 3 per pair
/// of rounds: 45 in 6 rounds, above the 42 of an even spread; at 13 with a computers' table, 2.
fn crowding_bound(field: &Field, rounds: usize) -> u64 {
    let (s, t, rest) = (field.seats, field.full_tables(), field.rest());
    if t == 0 {
        return 0;
    }
    let pairs = |n: usize| (n * n.saturating_sub(1) / 2) as u64;
    // The least repeats of n players spread over t tables: as evenly as can be.
    let spread = |n: usize| (t - n % t) as u64 * pairs(n / t) + (n % t) as u64 * pairs(n / t + 1);
    let per_round_pair: u64 = (0..t)
        .map(|k| {
            let others = rest / t + usize::from(k < rest % t);
            spread(s.saturating_sub(others))
        })
        .sum();
    pairs(rounds) * per_round_pair
}

/// The tabu search's state: for each round, the players of its full tables (table t holds
/// positions `t·S … t·S + S − 1`), who may be swapped, and those of the computers' table, who
/// may not (they were chosen by the fair rule).
struct Search {
    players: usize,
    seats: usize,
    movable: Vec<Vec<usize>>,
    fixed: Vec<Vec<usize>>,
    meet: Vec<u16>,
    cost: u64,
}

impl Search {
    fn meet_mut(&mut self, a: usize, b: usize, by: i32) {
        let p = self.players;
        let m = (i32::from(self.meet[a * p + b]) + by) as u16;
        self.meet[a * p + b] = m;
        self.meet[b * p + a] = m;
    }

    fn count_all(&mut self) {
        self.meet.iter_mut().for_each(|m| *m = 0);
        let s = self.seats;
        let groups: Vec<Vec<usize>> = self
            .movable
            .iter()
            .flat_map(|r| r.chunks(s).map(<[usize]>::to_vec))
            .chain(self.fixed.iter().cloned())
            .collect();
        for table in &groups {
            for (i, &a) in table.iter().enumerate() {
                for &b in &table[i + 1..] {
                    self.meet_mut(a, b, 1);
                }
            }
        }
        let p = self.players;
        self.cost = (0..p)
            .flat_map(|a| (a + 1..p).map(move |b| (a, b)))
            .map(|(a, b)| excess(self.meet[a * p + b]))
            .sum();
    }

    /// Positions (round, index) of players in a pair of their table that met more than once.
    fn conflicts(&self, out: &mut Vec<(usize, usize)>) {
        out.clear();
        let (p, s) = (self.players, self.seats);
        for (r, arr) in self.movable.iter().enumerate() {
            for (t, table) in arr.chunks(s).enumerate() {
                for i in 0..s {
                    let a = table[i];
                    if (0..s).any(|j| j != i && self.meet[a * p + table[j]] > 1) {
                        out.push((r, t * s + i));
                    }
                }
            }
        }
    }

    /// The change of the cost if positions `i` and `j` of round `r` swap players.
    fn delta(&self, r: usize, i: usize, j: usize) -> i64 {
        let (p, s) = (self.players, self.seats);
        let arr = &self.movable[r];
        let (a, b) = (arr[i], arr[j]);
        let (ta, tb) = (i / s * s, j / s * s);
        let mut d = 0;
        for &x in &arr[ta..ta + s] {
            if x != a {
                d += gain(self.meet[b * p + x]) + loss(self.meet[a * p + x]);
            }
        }
        for &y in &arr[tb..tb + s] {
            if y != b {
                d += gain(self.meet[a * p + y]) + loss(self.meet[b * p + y]);
            }
        }
        d
    }

    fn swap(&mut self, r: usize, i: usize, j: usize) {
        let s = self.seats;
        let (a, b) = (self.movable[r][i], self.movable[r][j]);
        let (ta, tb) = (i / s * s, j / s * s);
        let d = self.delta(r, i, j);
        for k in ta..ta + s {
            let x = self.movable[r][k];
            if x != a {
                self.meet_mut(a, x, -1);
                self.meet_mut(b, x, 1);
            }
        }
        for k in tb..tb + s {
            let y = self.movable[r][k];
            if y != b {
                self.meet_mut(b, y, -1);
                self.meet_mut(a, y, 1);
            }
        }
        self.movable[r].swap(i, j);
        self.cost = (self.cost as i64 + d) as u64;
    }
}

/// The general schedule: the fair rule sets aside the sitters-out and the computers' table
/// round by round, a random first draw (or the rounds of `start`, a design too short for the
/// schedule) seats the rest, and a tabu search swaps players between tables of a round to
/// lower Σ excess.
fn searched(
    field: &Field,
    rounds: usize,
    budget: Budget,
    start: Option<Vec<Vec<Vec<usize>>>>,
    draw: &mut Draw,
) -> Vec<Groups> {
    let (p, s) = (field.players, field.seats);
    let everyone: Vec<usize> = (0..p).collect();
    let mut byes = vec![0u32; p];
    let mut computer_games = vec![0u32; p];
    let mut sitting_out = Vec::with_capacity(rounds);
    let mut fixed = Vec::with_capacity(rounds);
    let mut movable = Vec::with_capacity(rounds);
    let mut label = everyone.clone();
    draw.shuffle(&mut label);
    for _ in 0..rounds {
        let out = fewest_first(&everyone, &byes, field.sitting_out(), draw);
        out.iter().for_each(|&x| byes[x] += 1);
        let rest: Vec<usize> = everyone
            .iter()
            .copied()
            .filter(|x| out.binary_search(x).is_err())
            .collect();
        let with_computers = fewest_first(&rest, &computer_games, field.with_computers(), draw);
        with_computers.iter().for_each(|&x| computer_games[x] += 1);
        let mut seated: Vec<usize> = rest
            .into_iter()
            .filter(|x| with_computers.binary_search(x).is_err())
            .collect();
        draw.shuffle(&mut seated);
        if let Some(design) = start.as_ref().and_then(|d| d.get(movable.len())) {
            // A field that divides: the design's round, its points drawn onto the players.
            seated = design.iter().flatten().map(|&x| label[x]).collect();
        }
        sitting_out.push(out);
        fixed.push(with_computers);
        movable.push(seated);
    }
    let mut search = Search {
        players: p,
        seats: s,
        movable,
        fixed,
        meet: vec![0; p * p],
        cost: 0,
    };
    search.count_all();
    let per_table = (s * (s - 1) / 2) as u64;
    let total = rounds as u64
        * (field.full_tables() as u64 * per_table
            + (field.with_computers() * field.with_computers().saturating_sub(1) / 2) as u64);
    let bound = excess_bound(total, (p * (p - 1) / 2) as u64).max(crowding_bound(field, rounds));
    tabu(&mut search, bound, budget, draw);
    (0..rounds)
        .map(|r| {
            let mut tables: Vec<Vec<usize>> = search.movable[r]
                .chunks(s)
                .map(|t| {
                    let mut t = t.to_vec();
                    t.sort_unstable();
                    t
                })
                .collect();
            tables.sort();
            let computers_last = !search.fixed[r].is_empty();
            if computers_last {
                tables.push(search.fixed[r].clone());
            }
            Groups {
                tables,
                computers_last,
                sitting_out: sitting_out[r].clone(),
            }
        })
        .collect()
}

/// Tabu search on swaps (after Dotú and Van Hentenryck, "Scheduling social golfers locally",
/// 2005): each step makes the best swap, of a player in a repeated pair with a player of
/// another table of that round, that is not tabu (unless it beats the best cost so far), ties
/// drawn; both players stay put for a drawn tenure. After a long run without a new best it goes
/// back to the best and shakes it with a few random swaps. It stops at `bound` or once
/// `budget` swaps were weighed, holding the best schedule found.
fn tabu(search: &mut Search, bound: u64, budget: Budget, draw: &mut Draw) {
    let (p, s) = (search.players, search.seats);
    let rounds = search.movable.len();
    let tables = search.movable.first().map_or(0, |r| r.len() / s);
    if tables < 2 || search.cost <= bound {
        return;
    }
    let mut best = search.movable.clone();
    let mut best_cost = search.cost;
    let mut since_best = 0u64;
    let mut until = vec![0u64; rounds * p];
    let mut conflicts = Vec::new();
    let stall = 4_000 + 100 * p as u64;
    let mut spent = 0u64;
    for step in 1.. {
        if search.cost <= bound || spent >= budget.swaps {
            break;
        }
        search.conflicts(&mut conflicts);
        if conflicts.is_empty() {
            break;
        }
        let mut chosen = None;
        let mut best_delta = i64::MAX;
        let mut ties = 0;
        for &(r, i) in &conflicts {
            let a = search.movable[r][i];
            for j in 0..search.movable[r].len() {
                if j / s == i / s {
                    continue;
                }
                let b = search.movable[r][j];
                let d = search.delta(r, i, j);
                let tabu = until[r * p + a] > step || until[r * p + b] > step;
                if tabu && search.cost.saturating_add_signed(d) >= best_cost {
                    continue;
                }
                if d < best_delta {
                    best_delta = d;
                    chosen = Some((r, i, j));
                    ties = 1;
                } else if d == best_delta {
                    ties += 1;
                    if draw.below(ties) == 0 {
                        chosen = Some((r, i, j));
                    }
                }
            }
            spent += (tables * s) as u64;
        }
        if let Some((r, i, j)) = chosen {
            let (a, b) = (search.movable[r][i], search.movable[r][j]);
            search.swap(r, i, j);
            let tenure = TENURE_MIN + draw.below(TENURE_SPAN) as u64;
            until[r * p + a] = step + tenure;
            until[r * p + b] = step + tenure;
        }
        if search.cost < best_cost {
            best_cost = search.cost;
            best.clone_from(&search.movable);
            since_best = 0;
        } else {
            since_best += 1;
        }
        if since_best > stall {
            search.movable.clone_from(&best);
            for _ in 0..2 + draw.below(3) {
                let r = draw.below(rounds);
                let i = draw.below(tables * s);
                let mut j = draw.below(tables * s);
                while j / s == i / s {
                    j = draw.below(tables * s);
                }
                search.movable[r].swap(i, j);
            }
            search.count_all();
            until.iter_mut().for_each(|u| *u = 0);
            since_best = 0;
        }
    }
    search.movable = best;
    search.count_all();
}

/// Seats for every round of a schedule, by a proper S-edge-colouring (Kőnig) of the bipartite
/// graph between tables and (player, block of S consecutive games of theirs): colour k is
/// seat k. Each table gets distinct seats; each full block holds every seat once, so every
/// player's count of each seat is ⌊n/S⌋ or ⌈n/S⌉ for their n games.
fn balanced_winds(field: &Field, groups: &[Groups], draw: &mut Draw) -> Vec<Round> {
    let s = field.seats;
    // Left nodes: (player, block); right nodes: tables, numbered in order.
    let mut games = vec![0usize; field.players];
    let mut left_of = Vec::new();
    let mut left_index = std::collections::BTreeMap::new();
    let mut edges = Vec::new();
    let mut right = 0;
    for round in groups {
        for table in &round.tables {
            for &x in table {
                let block = games[x] / s;
                games[x] += 1;
                let next = left_of.len();
                let l = *left_index.entry((x, block)).or_insert(next);
                if l == next {
                    left_of.push((x, block));
                }
                edges.push((l, right));
            }
            right += 1;
        }
    }
    let colour = colour_edges(left_of.len(), right, s, &edges, draw);
    let mut k = 0;
    groups
        .iter()
        .map(|round| {
            let tables = round
                .tables
                .iter()
                .map(|table| {
                    let mut places = vec![Place::Computer; s];
                    for &x in table {
                        places[colour[k]] = Place::Player(Player::new(x));
                        k += 1;
                    }
                    Table { places }
                })
                .collect();
            Round {
                tables,
                sitting_out: round.sitting_out.iter().map(|&x| Player::new(x)).collect(),
            }
        })
        .collect()
}

/// A proper `colours`-edge-colouring of a bipartite multigraph of degree at most `colours`:
/// each edge in turn takes a colour free at both ends, or, failing one, a colour `a` free at
/// its left end after the a/b path from its right end is flipped (b free there). Returns each
/// edge's colour.
fn colour_edges(
    lefts: usize,
    rights: usize,
    colours: usize,
    edges: &[(usize, usize)],
    draw: &mut Draw,
) -> Vec<usize> {
    const NONE: usize = usize::MAX;
    // at[side][node * colours + c]: the edge of colour c at that node.
    let mut at = [vec![NONE; lefts * colours], vec![NONE; rights * colours]];
    let mut colour = vec![NONE; edges.len()];
    let ends = |e: usize| [edges[e].0, edges[e].1];
    for (e, &(u, v)) in edges.iter().enumerate() {
        let free = |side: usize, node: usize, c: usize, at: &[Vec<usize>; 2]| {
            at[side][node * colours + c] == NONE
        };
        let mut both: Vec<usize> = (0..colours)
            .filter(|&c| free(0, u, c, &at) && free(1, v, c, &at))
            .collect();
        let c = if both.is_empty() {
            let a = (0..colours)
                .find(|&c| free(0, u, c, &at))
                .expect("a left node has a free colour");
            let b = (0..colours)
                .find(|&c| free(1, v, c, &at))
                .expect("a right node has a free colour");
            // The path from v alternating a, b, b, a… never reaches u (a is free there).
            let mut path = Vec::new();
            let (mut side, mut node, mut c) = (1, v, a);
            loop {
                let f = at[side][node * colours + c];
                if f == NONE {
                    break;
                }
                path.push(f);
                side = 1 - side;
                node = ends(f)[side];
                c = if c == a { b } else { a };
            }
            for &f in &path {
                let [l, r] = ends(f);
                at[0][l * colours + colour[f]] = NONE;
                at[1][r * colours + colour[f]] = NONE;
            }
            for &f in &path {
                let [l, r] = ends(f);
                colour[f] = if colour[f] == a { b } else { a };
                at[0][l * colours + colour[f]] = f;
                at[1][r * colours + colour[f]] = f;
            }
            a
        } else {
            draw.shuffle(&mut both);
            both[0]
        };
        colour[e] = c;
        at[0][u * colours + c] = e;
        at[1][v * colours + c] = e;
    }
    colour
}

/// How much one repeat meeting weighs against standing: a pair meeting for the (m+1)-th time
/// costs `REPEAT_WEIGHT × (2m − 1)`, a player seated `d` tables from their place by standing
/// costs `d²` (so swapping two players of neighbouring tables costs 2).
pub const REPEAT_WEIGHT: i64 = 10;

/// One Swiss round after `history`: the fair rule sets aside the sitters-out and the computers'
/// table, the others are ranked by `totals` (entrant `k`'s total at index `k`, higher first,
/// ties drawn) and seated by rank, four by four (S by S), then players are swapped between
/// tables while that lowers repeat meetings more than it strays from the ranking (see
/// [`REPEAT_WEIGHT`]); each table takes the seat order that repeats the fewest seats. With no
/// history every total is equal: a random draw. The round's draws use stream `history.len()
/// + 1` of the seed.
///
/// # Errors
/// Totals not one per entrant, or a history round that does not seat the field.
pub fn swiss_round(
    field: &Field,
    totals: &[i64],
    history: &[Round],
    seed: &Seed,
) -> Result<Round, SeatingError> {
    let everyone: Vec<Player> = (0..field.players).map(Player::new).collect();
    swiss_round_among(field, &everyone, totals, history, seed)
}

/// [`swiss_round`] seating only `seated` (the field's players, in entrant order) among the
/// entrants `0 … totals.len()−1` the history numbers: the others (dropped, or added for a
/// later round) sit nowhere and count in no fair rule. With everyone seated it is
/// [`swiss_round`].
///
/// # Errors
/// `seated` not the field's count of distinct entrants in order, or a history round that
/// does not seat the entrants.
pub fn swiss_round_among(
    field: &Field,
    seated: &[Player],
    totals: &[i64],
    history: &[Round],
    seed: &Seed,
) -> Result<Round, SeatingError> {
    let (p, s) = (totals.len(), field.seats);
    let in_order = seated.windows(2).all(|w| w[0] < w[1]);
    if seated.len() != field.players || !in_order || seated.iter().any(|x| x.index() >= p) {
        return Err(SeatingError::Standings {
            given: totals.len(),
            players: field.players,
        });
    }
    let entrants = Field {
        players: p,
        ..*field
    };
    check_history(&entrants, history)?;
    let mut tally = Tally::new(p, s);
    history.iter().for_each(|r| tally.add(r));
    let mut draw = Draw::new(seed, history.len() as u64 + 1);
    let everyone: Vec<usize> = seated.iter().map(|x| x.index()).collect();
    let out = fewest_first(&everyone, &tally.byes, field.sitting_out(), &mut draw);
    let rest: Vec<usize> = everyone
        .into_iter()
        .filter(|x| out.binary_search(x).is_err())
        .collect();
    let with_computers = fewest_first(
        &rest,
        &tally.computer_games,
        field.with_computers(),
        &mut draw,
    );
    let mut ranked: Vec<usize> = rest
        .into_iter()
        .filter(|x| with_computers.binary_search(x).is_err())
        .collect();
    draw.shuffle(&mut ranked);
    ranked.sort_by_key(|&x| std::cmp::Reverse(totals[x]));
    let arrangement = swiss_swaps(&tally, ranked, s);
    let mut tables: Vec<Table> = arrangement
        .chunks(s)
        .map(|t| seat_table(&tally, t, s, &mut draw))
        .collect();
    if !with_computers.is_empty() {
        tables.push(seat_table(&tally, &with_computers, s, &mut draw));
    }
    Ok(Round {
        tables,
        sitting_out: out.into_iter().map(Player::new).collect(),
    })
}

/// Steepest descent on swaps between the tables of a Swiss round (`ranked[k]`'s place by
/// standing is table `k / S`): the best improving swap, the first in order on ties, until
/// none improves or after a bounded number of passes.
fn swiss_swaps(tally: &Tally, mut arr: Vec<usize>, s: usize) -> Vec<usize> {
    let home: Vec<(usize, usize)> = arr.iter().enumerate().map(|(k, &x)| (x, k / s)).collect();
    let mut home_of = vec![0usize; tally.players];
    home.iter().for_each(|&(x, t)| home_of[x] = t);
    let repeat = |a: usize, b: usize| REPEAT_WEIGHT * gain(tally.meetings(a, b));
    let strays = |x: usize, t: usize| {
        let d = t.abs_diff(home_of[x]) as i64;
        d * d
    };
    let n = arr.len();
    for _ in 0..4 * n {
        let mut best = (0i64, 0, 0);
        for i in 0..n {
            for j in (i / s + 1) * s..n {
                let (a, b) = (arr[i], arr[j]);
                let (ta, tb) = (i / s, j / s);
                let mut d = strays(a, tb) + strays(b, ta) - strays(a, ta) - strays(b, tb);
                for &x in &arr[ta * s..ta * s + s] {
                    if x != a {
                        d += repeat(b, x) - repeat(a, x);
                    }
                }
                for &y in &arr[tb * s..tb * s + s] {
                    if y != b {
                        d += repeat(a, y) - repeat(b, y);
                    }
                }
                if d < best.0 {
                    best = (d, i, j);
                }
            }
        }
        if best.0 >= 0 {
            break;
        }
        arr.swap(best.1, best.2);
    }
    arr
}

/// A Swiss table's seats: of all ways to seat its players (computers in the seats left), the
/// one that gives the fewest players a seat they already had in their current block of S
/// games, then the lowest most-repeated seat count, then the lowest Σ count²; ties drawn.
fn seat_table(tally: &Tally, players: &[usize], s: usize, draw: &mut Draw) -> Table {
    let mut orders = Vec::new();
    permutations(s, &mut Vec::new(), &mut orders);
    draw.shuffle(&mut orders);
    let score = |order: &Vec<usize>| {
        let mut repeats = 0;
        let mut most = 0;
        let mut squares = 0;
        for (k, &x) in players.iter().enumerate() {
            let seat = order[k];
            let fresh_block = tally.games[x] % s as u32 == 0;
            repeats += u32::from(!fresh_block && tally.block[x] & (1 << seat) != 0);
            let c = tally.seat_counts[x * s + seat] + 1;
            most = most.max(c);
            squares += c * c;
        }
        (repeats, most, squares)
    };
    let order = orders
        .iter()
        .min_by_key(|o| score(o))
        .expect("a table has a seat order");
    let mut places = vec![Place::Computer; s];
    for (k, &x) in players.iter().enumerate() {
        places[order[k]] = Place::Player(Player::new(x));
    }
    Table { places }
}

/// Every ordering of `0..n`, in lexicographic order.
fn permutations(n: usize, prefix: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    if prefix.len() == n {
        out.push(prefix.clone());
        return;
    }
    for k in 0..n {
        if !prefix.contains(&k) {
            prefix.push(k);
            permutations(n, prefix, out);
            prefix.pop();
        }
    }
}

#[cfg(test)]
mod tests;
