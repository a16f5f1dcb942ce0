//! The board and the mine (§2), steps, jumps and reachability (§3), legal placements (§5).

use serde::{Deserialize, Serialize};

use crate::games::kit::mahjong::tile::Tile;

/// The board's side: cells `(x, y)` with `x, y` in `0..SIZE`.
pub const SIZE: usize = 13;

/// The tiles that build the mine (`w[0..122)`).
pub const MINE_TILES: usize = 122;

/// The height map of §2: rows `y` = 2…10, columns `x` = 2…10.
const MAP: [[u8; 9]; 9] = [
    [0, 0, 1, 1, 1, 1, 1, 0, 0],
    [0, 1, 1, 2, 2, 2, 1, 1, 0],
    [1, 1, 2, 2, 4, 2, 2, 1, 1],
    [1, 2, 2, 3, 3, 3, 2, 2, 1],
    [1, 2, 4, 3, 2, 3, 4, 2, 1],
    [1, 2, 2, 3, 3, 3, 2, 2, 1],
    [1, 1, 2, 2, 4, 2, 2, 1, 1],
    [0, 1, 1, 2, 2, 2, 1, 1, 0],
    [0, 0, 1, 1, 1, 1, 1, 0, 0],
];

/// A cell of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Cell {
    pub x: u8,
    pub y: u8,
}

impl Cell {
    /// The cell at `(x, y)`, `None` off the board.
    pub fn at(x: i64, y: i64) -> Option<Cell> {
        let on = |v: i64| (0..SIZE as i64).contains(&v);
        (on(x) && on(y)).then_some(Cell {
            x: x as u8,
            y: y as u8,
        })
    }

    pub(super) fn index(self) -> usize {
        usize::from(self.y) * SIZE + usize::from(self.x)
    }

    /// The neighbour in `dir`, `None` off the board.
    pub fn toward(self, dir: Dir) -> Option<Cell> {
        // The walks of a turn step thousands of times: `Cell::at` on the neighbour's
        // coordinates, without widening them.
        let Cell { x, y } = self;
        let next = match dir {
            Dir::N => Cell {
                x,
                y: y.checked_sub(1)?,
            },
            Dir::E => Cell {
                x: x.checked_add(1)?,
                y,
            },
            Dir::S => Cell {
                x,
                y: y.checked_add(1)?,
            },
            Dir::W => Cell {
                x: x.checked_sub(1)?,
                y,
            },
        };
        let on = |v: u8| usize::from(v) < SIZE;
        (on(next.x) && on(next.y)).then_some(next)
    }

    /// Every cell, ordered by `y`, then `x`.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..SIZE as u8).flat_map(|y| (0..SIZE as u8).map(move |x| Cell { x, y }))
    }
}

/// A direction of a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Dir {
    N,
    E,
    S,
    W,
}

impl Dir {
    /// In the order paths are compared (`N E S W`).
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    pub fn letter(self) -> char {
        match self {
            Dir::N => 'N',
            Dir::E => 'E',
            Dir::S => 'S',
            Dir::W => 'W',
        }
    }

    pub fn from_letter(c: char) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.letter() == c)
    }
}

/// Whether a piece at height `from` may step onto height `to` (§3).
pub(super) fn climbable(from: usize, to: usize) -> bool {
    to <= from + 1 && from <= to + 2
}

/// The 169 columns, bottom tile first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    columns: Vec<Vec<Tile>>,
}

impl Board {
    /// The stage of §2 built from `w[0..122)`, layer by layer in row-major order.
    pub fn build(mine: &[Tile]) -> Board {
        let mut columns = vec![Vec::new(); SIZE * SIZE];
        let mut tiles = mine.iter().copied();
        for layer in 1..=4 {
            for (row, heights) in MAP.iter().enumerate() {
                for (col, &h) in heights.iter().enumerate() {
                    if h >= layer {
                        let cell = Cell {
                            x: col as u8 + 2,
                            y: row as u8 + 2,
                        };
                        columns[cell.index()].extend(tiles.next());
                    }
                }
            }
        }
        Board { columns }
    }

    /// A board of these 169 columns (bottom tile first), cells in [`Cell::all`]'s order.
    pub fn from_columns(columns: Vec<Vec<Tile>>) -> Board {
        Board { columns }
    }

    /// Every cell's top tile, `None` on the ground, in [`Cell::all`]'s order.
    pub fn tops(&self) -> Vec<Option<Tile>> {
        self.columns.iter().map(|c| c.last().copied()).collect()
    }

    pub fn height(&self, c: Cell) -> usize {
        self.columns[c.index()].len()
    }

    pub fn column(&self, c: Cell) -> &[Tile] {
        &self.columns[c.index()]
    }

    /// Takes the top tile of `c` (§3), `None` on the ground.
    pub fn take(&mut self, c: Cell) -> Option<Tile> {
        self.columns[c.index()].pop()
    }

    pub fn place(&mut self, c: Cell, t: Tile) {
        self.columns[c.index()].push(t);
    }

    /// Every tile on the board.
    pub fn tiles(&self) -> usize {
        self.columns.iter().map(Vec::len).sum()
    }

    /// A ground cell adjacent to a column (§5).
    pub fn is_ground_by_mine(&self, c: Cell) -> bool {
        self.height(c) == 0
            && Dir::ALL
                .iter()
                .filter_map(|d| c.toward(*d))
                .any(|n| self.height(n) > 0)
    }

    /// Where a step in `dir` from `from` lands (§3; a jump with `jump` on), `None` when it is
    /// illegal. `pieces` are every piece's cell (the mover's included).
    pub fn step(&self, from: Cell, dir: Dir, pieces: &[Cell], jump: bool) -> Option<Cell> {
        let next = from.toward(dir)?;
        let landing = if pieces.contains(&next) {
            if !jump {
                return None;
            }
            let beyond = next.toward(dir)?;
            if pieces.contains(&beyond) {
                return None;
            }
            beyond
        } else {
            next
        };
        climbable(self.height(from), self.height(landing)).then_some(landing)
    }

    /// Whether some piece could walk to `target` (§3: heights as they are, `extra` tiles more
    /// on `target`, pieces ignored, no jumps).
    pub fn reachable(&self, target: Cell, pieces: &[Cell], extra: usize) -> bool {
        let height = |c: Cell| self.height(c) + if c == target { extra } else { 0 };
        let mut seen = [false; SIZE * SIZE];
        let mut queue: Vec<Cell> = pieces.to_vec();
        for p in pieces {
            seen[p.index()] = true;
        }
        while let Some(c) = queue.pop() {
            if c == target {
                return true;
            }
            for d in Dir::ALL {
                if let Some(n) = c.toward(d) {
                    if !seen[n.index()] && climbable(height(c), height(n)) {
                        seen[n.index()] = true;
                        queue.push(n);
                    }
                }
            }
        }
        false
    }

    /// The legal placements of §5 and, among them, the ground cells next to the mine, each
    /// ordered by `y`, then `x`. The last answer of this thread is kept: a turn asks the same
    /// board several times (the parts' lists, the engine's check).
    pub fn placements(&self, pieces: &[Cell]) -> (Vec<Cell>, Vec<Cell>) {
        type Key = (Vec<u8>, Vec<Cell>);
        type Last = Option<(Key, (Vec<Cell>, Vec<Cell>))>;
        thread_local! {
            static LAST: std::cell::RefCell<Last> = const { std::cell::RefCell::new(None) };
        }
        let key: Key = (
            self.columns.iter().map(|c| c.len() as u8).collect(),
            pieces.to_vec(),
        );
        if let Some(hit) = LAST.with_borrow(|last| {
            last.as_ref()
                .filter(|(k, _)| *k == key)
                .map(|(_, v)| v.clone())
        }) {
            return hit;
        }
        let answer = self.placements_now(pieces);
        LAST.with_borrow_mut(|last| *last = Some((key, answer.clone())));
        answer
    }

    fn placements_now(&self, pieces: &[Cell]) -> (Vec<Cell>, Vec<Cell>) {
        let mut cells = Vec::new();
        let mut ground = Vec::new();
        for c in Cell::all() {
            if pieces.contains(&c) {
                continue;
            }
            let by_mine = self.is_ground_by_mine(c);
            if (self.height(c) > 0 || by_mine) && self.reachable(c, pieces, 1) {
                cells.push(c);
                if by_mine {
                    ground.push(c);
                }
            }
        }
        (cells, ground)
    }

    /// Whether `to` is a legal choice of cells for the tiles of one discard action (§5).
    pub fn legal_cells(&self, to: &[Cell], pieces: &[Cell]) -> bool {
        let (cells, ground) = self.placements(pieces);
        let distinct = to.iter().enumerate().all(|(i, c)| !to[..i].contains(c));
        distinct
            && to.iter().all(|c| cells.contains(c))
            && (ground.is_empty() || to.iter().any(|c| ground.contains(c)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(x: u8, y: u8) -> Cell {
        Cell { x, y }
    }

    fn deck() -> Vec<Tile> {
        (0..MINE_TILES)
            .map(|i| Tile::full_set(false)[i % 136])
            .collect()
    }

    #[test]
    fn the_stage_follows_the_height_map_layer_by_layer() {
        let tiles = deck();
        let b = Board::build(&tiles);
        assert_eq!(b.tiles(), 122);
        for y in 0..SIZE as u8 {
            for x in 0..SIZE as u8 {
                let want = if (2..=10).contains(&x) && (2..=10).contains(&y) {
                    MAP[usize::from(y - 2)][usize::from(x - 2)]
                } else {
                    0
                };
                assert_eq!(b.height(cell(x, y)), usize::from(want), "({x}, {y})");
            }
        }
        // w[0] is the bottom of (4, 2); layer 1 holds 69 tiles, so w[69] starts layer 2 at
        // (5, 3); w[121] is the top of (6, 8), and the four peaks hold w[118..122).
        assert_eq!(b.column(cell(4, 2)), &[tiles[0]]);
        assert_eq!(b.column(cell(5, 3))[1], tiles[69]);
        assert_eq!(b.column(cell(6, 4))[3], tiles[118]);
        assert_eq!(b.column(cell(4, 6))[3], tiles[119]);
        assert_eq!(b.column(cell(8, 6))[3], tiles[120]);
        assert_eq!(b.column(cell(6, 8))[3], tiles[121]);
        // layer 2 starts at (5, 3), layer 3 at (5, 5) with w[106].
        assert_eq!(b.column(cell(5, 5))[2], tiles[106]);
        let counts: Vec<usize> = (1..=4)
            .map(|l| Cell::all().filter(|c| b.height(*c) >= l).count())
            .collect();
        assert_eq!(counts, [69, 37, 12, 4]);
    }

    #[test]
    fn steps_climb_one_and_drop_two() {
        let b = Board::build(&deck());
        let none: [Cell; 0] = [];
        // ground to height 1, ground to ground.
        assert_eq!(b.step(cell(6, 1), Dir::S, &none, false), Some(cell(6, 2)));
        assert_eq!(b.step(cell(6, 1), Dir::W, &none, false), Some(cell(5, 1)));
        // height 2 (6, 3) to the height-4 peak (6, 4): a climb of two.
        assert_eq!(b.step(cell(6, 3), Dir::S, &none, false), None);
        // height 3 (6, 5) to the peak: one; the peak (6, 4) to (5, 4) (2): a drop of two.
        assert_eq!(b.step(cell(6, 5), Dir::N, &none, false), Some(cell(6, 4)));
        assert_eq!(b.step(cell(6, 4), Dir::W, &none, false), Some(cell(5, 4)));
        // off the board.
        assert_eq!(b.step(cell(0, 0), Dir::N, &none, false), None);
    }

    #[test]
    fn a_piece_blocks_a_step_unless_jumped() {
        let b = Board::build(&deck());
        let pieces = [cell(6, 11), cell(6, 10)];
        assert_eq!(b.step(cell(6, 11), Dir::N, &pieces, false), None);
        // jump from the ground over (6, 10) onto (6, 9) (height 2): a climb of two.
        assert_eq!(b.step(cell(6, 11), Dir::N, &pieces, true), None);
        let pieces = [cell(5, 11), cell(5, 10)];
        // (5, 9) has height 2 too; over (5, 11)→(5, 10) onto (5, 9) still climbs two.
        assert_eq!(b.step(cell(5, 11), Dir::N, &pieces, true), None);
        let pieces = [cell(6, 12), cell(6, 11)];
        // ground to ground-height (6, 10) is 1: over (6, 11) lands on (6, 10).
        assert_eq!(
            b.step(cell(6, 12), Dir::N, &pieces, true),
            Some(cell(6, 10))
        );
        // landing on another piece or off the board is illegal.
        let pieces = [cell(6, 12), cell(6, 11), cell(6, 10)];
        assert_eq!(b.step(cell(6, 12), Dir::N, &pieces, true), None);
        let pieces = [cell(0, 1), cell(0, 0)];
        assert_eq!(b.step(cell(0, 1), Dir::N, &pieces, true), None);
    }

    #[test]
    fn reachability_ignores_pieces_but_not_heights() {
        let mut b = Board::build(&deck());
        let pieces = [cell(6, 11)];
        // the peaks are reachable (from height-3 cells); a fifth tile on a peak is not.
        assert!(b.reachable(cell(6, 4), &pieces, 0));
        assert!(!b.reachable(cell(6, 4), &pieces, 1));
        // a piece standing in the way does not matter.
        let pieces = [cell(6, 11), cell(6, 10)];
        assert!(b.reachable(cell(6, 9), &pieces, 1));
        // a column grown out of reach: (0, 0) at height 2 next to ground is not reachable.
        b.place(cell(0, 0), Tile::full_set(false)[0]);
        assert!(b.reachable(cell(0, 0), &pieces, 0));
        assert!(!b.reachable(cell(0, 0), &pieces, 1));
    }

    #[test]
    fn placements_exclude_pieces_and_far_ground() {
        let b = Board::build(&deck());
        let pieces = [cell(6, 11), cell(6, 1)];
        let (cells, ground) = b.placements(&pieces);
        assert!(!cells.contains(&cell(6, 11)));
        assert!(!cells.contains(&cell(0, 0)), "ground away from the mine");
        assert!(!ground.contains(&cell(6, 11)) && ground.contains(&cell(5, 11)));
        assert!(ground.contains(&cell(4, 1)) && cells.contains(&cell(4, 1)));
        assert!(
            !cells.contains(&cell(6, 4)),
            "a fifth tile on a peak is out of reach"
        );
        assert!(cells.contains(&cell(6, 6)));
        assert!(b.legal_cells(&[cell(6, 6), cell(4, 1)], &pieces));
        assert!(
            !b.legal_cells(&[cell(6, 6), cell(5, 6)], &pieces),
            "no ground cell"
        );
        assert!(
            !b.legal_cells(&[cell(4, 1), cell(4, 1)], &pieces),
            "the same cell twice"
        );
    }
}
