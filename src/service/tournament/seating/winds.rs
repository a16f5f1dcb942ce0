//! The seat winds of a schedule, balanced: a proper edge colouring (Kőnig) gives every player
//! each seat ⌊n/S⌋ or ⌈n/S⌉ times in their n games.

use super::draw::Draw;
use super::{Field, Groups, Place, Player, Round, Table};

/// Seats for every round of a schedule, by a proper S-edge-colouring (Kőnig) of the bipartite
/// graph between tables and (player, block of S consecutive games of theirs): colour k is
/// seat k. Each table gets distinct seats; each full block holds every seat once, so every
/// player's count of each seat is ⌊n/S⌋ or ⌈n/S⌉ for their n games.
pub(super) fn balanced_winds(field: &Field, groups: &[Groups], draw: &mut Draw) -> Vec<Round> {
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
