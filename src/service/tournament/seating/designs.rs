//! The exact designs: round robins (the circle method, the affine planes), resolvable
//! transversal designs over Galois fields, the group divisible design of 24 and Kirkman's
//! triple system of 21; and a design cycled into a schedule's rounds.

use super::draw::Draw;
use super::{Field, Filler, Groups};

/// The rounds of an exact design, players `0 … P−1` and, for an odd field at tables of 2, a
/// stand-in `P` (a bye or a computer).
pub(super) fn exact_design(field: &Field) -> Option<Vec<Vec<Vec<usize>>>> {
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
pub(super) fn transversal_design(field: &Field) -> Option<Vec<Vec<Vec<usize>>>> {
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
pub(super) fn group_divisible_24(field: &Field) -> Option<Vec<Vec<Vec<usize>>>> {
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
pub(super) fn kirkman_21(field: &Field) -> Option<Vec<Vec<Vec<usize>>>> {
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
pub(super) fn circle(n: usize) -> Vec<Vec<Vec<usize>>> {
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
pub(super) fn affine_plane(q: usize) -> Vec<Vec<Vec<usize>>> {
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
pub(super) fn cycled(
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
