//! The general schedule: the fair rule's byes and computers' table round by round, the rest
//! drawn (or a design too short for the schedule) and a tabu search swapping players between
//! tables to bring the repeats down to their bound, within the [`Budget`].

use super::draw::{fewest_first, Draw};
use super::excess::{crowding_bound, excess, excess_bound, gain, loss};
use super::{Budget, Field, Groups};

/// The tabu tenure: a player swapped stays put for `TENURE_MIN + [0, TENURE_SPAN)` steps.
const TENURE_MIN: u64 = 4;
const TENURE_SPAN: usize = 20;

/// The tabu search's state: for each round, the players of its full tables (table t holds
/// positions `t·S … t·S + S − 1`), who may be swapped, and those of the computers' table, who
/// may not (they were chosen by the fair rule).
pub(super) struct Search {
    pub(super) players: usize,
    pub(super) seats: usize,
    pub(super) movable: Vec<Vec<usize>>,
    pub(super) fixed: Vec<Vec<usize>>,
    pub(super) meet: Vec<u16>,
    pub(super) cost: u64,
}

impl Search {
    fn meet_mut(&mut self, a: usize, b: usize, by: i32) {
        let p = self.players;
        let m = (i32::from(self.meet[a * p + b]) + by) as u16;
        self.meet[a * p + b] = m;
        self.meet[b * p + a] = m;
    }

    pub(super) fn count_all(&mut self) {
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

    pub(super) fn swap(&mut self, r: usize, i: usize, j: usize) {
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
pub(super) fn searched(
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
