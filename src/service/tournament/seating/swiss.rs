//! One Swiss round from the standings: the fair rule's byes and computers' table, the rest
//! seated by rank and swapped away from repeat meetings, each table's seats by the fewest
//! repeated seats.

use super::check_history;
use super::draw::{fewest_first, Draw};
use super::excess::gain;
use super::figures::Tally;
use super::{Field, Place, Player, Round, SeatingError, Seed, Table};

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
pub(super) fn permutations(n: usize, prefix: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
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
