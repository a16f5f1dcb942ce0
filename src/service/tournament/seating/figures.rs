//! The figures of a seating, recounted from its rounds alone, and the running tally of
//! meetings, seats, byes and computer games they come from (which a Swiss round reads too).

use super::{Round, Schedule};

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
pub(super) struct Tally {
    pub(super) players: usize,
    seats: usize,
    /// `meet[a * P + b]`: times `a` and `b` sat at one table (symmetric).
    meet: Vec<u16>,
    /// `seat_counts[p * S + s]`: times `p` sat in seat `s`.
    pub(super) seat_counts: Vec<u32>,
    /// Games played so far, and since the last full block of S (the seats used in it, a mask).
    pub(super) games: Vec<u32>,
    pub(super) block: Vec<u8>,
    pub(super) byes: Vec<u32>,
    pub(super) computer_games: Vec<u32>,
}

impl Tally {
    pub(super) fn new(players: usize, seats: usize) -> Tally {
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

    pub(super) fn meetings(&self, a: usize, b: usize) -> u16 {
        self.meet[a * self.players + b]
    }

    pub(super) fn add(&mut self, round: &Round) {
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
