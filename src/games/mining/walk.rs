//! Paths walked over the board without copying it (§3, §4 step 1): a [`Walk`] sees the board
//! through the tiles its path has taken so far, so trying every path of a turn costs no
//! board clone and no allocation but the paths it lists.

use super::action::Action;
use super::board::{Board, Cell, Dir, SIZE};
use crate::games::kit::mahjong::tile::Tile;

/// The board as a piece walking a path sees it: the heights less the tiles the path took.
pub(super) struct Walk<'a> {
    board: &'a Board,
    /// Tiles taken from each cell so far, by [`Cell`] index.
    taken: [u8; SIZE * SIZE],
    /// The other pieces' cells (they block a step, or are jumped with `jump`).
    others: &'a [Cell],
    jump: bool,
}

impl<'a> Walk<'a> {
    pub(super) fn new(board: &'a Board, others: &'a [Cell], jump: bool) -> Walk<'a> {
        Walk {
            board,
            taken: [0; SIZE * SIZE],
            others,
            jump,
        }
    }

    fn height(&self, c: Cell) -> usize {
        self.board.height(c) - usize::from(self.taken[c.index()])
    }

    /// Where a step in `dir` from `from` lands, `None` when it is illegal: the rule of
    /// [`Board::step`] on the heights as this walk left them.
    pub(super) fn step(&self, from: Cell, dir: Dir) -> Option<Cell> {
        let next = from.toward(dir)?;
        let landing = if self.others.contains(&next) {
            if !self.jump {
                return None;
            }
            let beyond = next.toward(dir)?;
            if self.others.contains(&beyond) {
                return None;
            }
            beyond
        } else {
            next
        };
        super::board::climbable(self.height(from), self.height(landing)).then_some(landing)
    }

    /// Takes the top tile of `c` as the walk leaves it, `None` on the ground.
    pub(super) fn take(&mut self, c: Cell) -> Option<Tile> {
        let h = self.height(c);
        let t = h.checked_sub(1).map(|i| self.board.column(c)[i])?;
        self.taken[c.index()] += 1;
        Some(t)
    }

    /// Puts back the tile [`Walk::take`] took from `c`.
    fn untake(&mut self, c: Cell) {
        self.taken[c.index()] -= 1;
    }
}

/// The tree of a turn's paths: a piece at `from` holding `size` tiles walks up to `max`
/// steps; while `collecting`, a path stops once the hand holds 13.
pub(super) struct Tree {
    pub from: Cell,
    pub size: usize,
    pub collecting: bool,
    pub max: usize,
}

impl Tree {
    /// Whether a path of `steps` steps that leaves `size` tiles goes no further.
    fn ends(&self, steps: usize, size: usize) -> bool {
        steps == self.max || (self.collecting && size >= 13)
    }

    /// Every path, each with the hand size it leaves, in the walk's order (a path before
    /// its longer ones, the steps `N E S W`).
    pub(super) fn paths(&self, walk: &mut Walk) -> Vec<(Action, usize)> {
        let mut out = Vec::new();
        let mut path = Vec::with_capacity(self.max);
        self.visit(
            walk,
            self.from,
            self.size,
            &mut path,
            &mut |path, size, _| {
                out.push((
                    Action::Move {
                        path: path.to_vec(),
                    },
                    size,
                ));
            },
        );
        out
    }

    /// Where every path ends, in the walk's order.
    pub(super) fn ends_of(&self, walk: &mut Walk) -> Vec<Cell> {
        let mut out = Vec::new();
        let mut path = Vec::with_capacity(self.max);
        self.visit(walk, self.from, self.size, &mut path, &mut |_, _, at| {
            out.push(at)
        });
        out
    }

    /// Whether `path` is one of the tree's paths: each step legal, none past the end.
    pub(super) fn contains(&self, walk: &mut Walk, path: &[Dir]) -> bool {
        self.walk_to(walk, path).is_some()
    }

    /// Walks `path` from the root, taking its tiles: where it stands and the size it
    /// leaves, `None` when `path` is not one of the tree's paths.
    fn walk_to(&self, walk: &mut Walk, path: &[Dir]) -> Option<(Cell, usize)> {
        let mut at = self.from;
        let mut size = self.size;
        for (i, dir) in path.iter().enumerate() {
            if self.ends(i, size) {
                return None;
            }
            let to = walk.step(at, *dir)?;
            size += usize::from(walk.take(at).is_some());
            at = to;
        }
        Some((at, size))
    }

    /// The next steps of the paths that begin with `prefix` (each path's steps legal and
    /// not past its end), each with the most tiles a path through it leaves and the cell it
    /// lands on, in the order `N E S W`; empty when `prefix` is no path or ends there.
    pub(super) fn extensions(&self, walk: &mut Walk, prefix: &[Dir]) -> Vec<(Dir, usize, Cell)> {
        let Some((at, size)) = self.walk_to(walk, prefix) else {
            return Vec::new();
        };
        if self.ends(prefix.len(), size) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for dir in Dir::ALL {
            let Some(to) = walk.step(at, dir) else {
                continue;
            };
            let taken = walk.take(at).is_some();
            let most = self.most(walk, to, size + usize::from(taken), prefix.len() + 1);
            if taken {
                walk.untake(at);
            }
            out.push((dir, most, to));
        }
        out
    }

    /// The most tiles a path through the node at `at` (`steps` steps from the root, `size`
    /// tiles held) leaves the hand. A step takes at most one tile, so once a path reaches
    /// `size` plus the steps left, no other can leave more and the rest is not walked.
    fn most(&self, walk: &mut Walk, at: Cell, size: usize, steps: usize) -> usize {
        if self.ends(steps, size) {
            return size;
        }
        let bound = size + self.max.saturating_sub(steps);
        let mut most = size;
        for dir in Dir::ALL {
            if most >= bound {
                break;
            }
            let Some(to) = walk.step(at, dir) else {
                continue;
            };
            let taken = walk.take(at).is_some();
            most = most.max(self.most(walk, to, size + usize::from(taken), steps + 1));
            if taken {
                walk.untake(at);
            }
        }
        most
    }

    /// Calls `seen` with every path from `at` (with `path` walked so far, `size` tiles held),
    /// the size it leaves and the cell it ends on, depth first.
    fn visit(
        &self,
        walk: &mut Walk,
        at: Cell,
        size: usize,
        path: &mut Vec<Dir>,
        seen: &mut impl FnMut(&[Dir], usize, Cell),
    ) {
        seen(path, size, at);
        if self.ends(path.len(), size) {
            return;
        }
        for dir in Dir::ALL {
            let Some(to) = walk.step(at, dir) else {
                continue;
            };
            let taken = walk.take(at).is_some();
            path.push(dir);
            self.visit(walk, to, size + usize::from(taken), path, seen);
            path.pop();
            if taken {
                walk.untake(at);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! The walk against the rule as first written: every path tried on a copy of the board,
    //! taking real tiles. Over random games with and without jumps, the paths, their ends,
    //! the next steps of every prefix and the check of a path must be the same.

    use super::super::game::Game;
    use super::super::options::{Length, Options};
    use super::super::round::Round;
    use super::*;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The paths as the engine first listed them: a depth-first walk of a copied board.
    #[allow(clippy::too_many_arguments)]
    fn copied(
        board: &mut Board,
        at: Cell,
        size: usize,
        tree: &Tree,
        others: &[Cell],
        jump: bool,
        path: &mut Vec<Dir>,
        out: &mut Vec<(Vec<Dir>, usize, Cell)>,
    ) {
        out.push((path.clone(), size, at));
        if path.len() == tree.max || (tree.collecting && size >= 13) {
            return;
        }
        for dir in Dir::ALL {
            let Some(to) = board.step(at, dir, others, jump) else {
                continue;
            };
            let taken = board.take(at);
            path.push(dir);
            copied(
                board,
                to,
                size + usize::from(taken.is_some()),
                tree,
                others,
                jump,
                path,
                out,
            );
            path.pop();
            if let Some(t) = taken {
                board.place(at, t);
            }
        }
    }

    /// Compares the walk with the copied board for the seat to move, if one is.
    fn compare(round: &Round, seat: usize, rng: &mut ChaCha8Rng) -> bool {
        let paths = round.paths(seat);
        if paths.is_empty() {
            return false;
        }
        let p = &round.players[seat];
        let tree = Tree {
            from: p.piece,
            size: p.size(),
            collecting: p.size() < 13,
            max: paths
                .iter()
                .map(|(a, _)| path_of(a).len())
                .max()
                .unwrap_or(0),
        };
        let others: Vec<Cell> = (0..round.n)
            .filter(|s| *s != seat)
            .map(|s| round.players[s].piece)
            .collect();
        let mut want = Vec::new();
        let mut board = round.board.clone();
        copied(
            &mut board,
            p.piece,
            p.size(),
            &tree,
            &others,
            round.options.jump,
            &mut Vec::new(),
            &mut want,
        );
        assert_eq!(board, round.board, "the copy is restored");
        let got: Vec<(Vec<Dir>, usize)> = paths
            .iter()
            .map(|(a, s)| (path_of(a).to_vec(), *s))
            .collect();
        let listed: Vec<(Vec<Dir>, usize)> = want.iter().map(|(p, s, _)| (p.clone(), *s)).collect();
        assert_eq!(got, listed);
        let mut ends: Vec<Cell> = want.iter().map(|(_, _, c)| *c).collect();
        ends.sort();
        ends.dedup();
        assert_eq!(round.reachable(seat), ends);
        for (prefix, _, _) in &want {
            let mut steps: Vec<(Dir, usize, Cell)> = Vec::new();
            for (path, size, _) in &want {
                if path.len() > prefix.len() && path.starts_with(prefix) {
                    let d = path[prefix.len()];
                    let first = &path[..=prefix.len()];
                    let at = want.iter().find(|(q, _, _)| q == first).map(|(_, _, c)| *c);
                    match steps.iter_mut().find(|(x, _, _)| *x == d) {
                        Some((_, s, _)) => *s = (*s).max(*size),
                        None => steps.push((d, *size, at.unwrap_or(p.piece))),
                    }
                }
            }
            steps.sort_by_key(|(d, _, _)| *d);
            assert_eq!(round.extensions(seat, prefix), steps, "after {prefix:?}");
            assert!(round.is_path(seat, prefix));
        }
        for _ in 0..8 {
            let forged: Vec<Dir> = (0..rng.random_range(0..5))
                .map(|_| Dir::ALL[rng.random_range(0..4)])
                .collect();
            let listed = want.iter().any(|(p, _, _)| *p == forged);
            assert_eq!(round.is_path(seat, &forged), listed, "{forged:?}");
            if !listed {
                assert!(round.extensions(seat, &forged).is_empty(), "{forged:?}");
            }
        }
        true
    }

    fn path_of(a: &Action) -> &[Dir] {
        match a {
            Action::Move { path } => path,
            _ => &[],
        }
    }

    /// A random legal action, with legal cells for its tiles.
    fn random_legal(game: &Game, seat: usize, rng: &mut ChaCha8Rng) -> Action {
        let legal = game.legal_actions(seat);
        let mut action = legal[rng.random_range(0..legal.len())].clone();
        if let Some(r) = game.round() {
            let (mut cells, ground) = r.board.placements(&r.pieces());
            cells.shuffle(rng);
            let mut to: Vec<Cell> = ground.first().copied().into_iter().collect();
            to.extend(
                cells
                    .into_iter()
                    .filter(|c| ground.first().is_none_or(|g| g != c)),
            );
            match &mut action {
                Action::Discard { cards, to: t, .. } => {
                    *t = to.iter().copied().take(cards.len()).collect();
                }
                Action::Warp { to: t, target, .. } => {
                    *t = to.iter().copied().take(3).collect();
                    let pieces = r.pieces();
                    *target = Cell::all().find(|c| !pieces.contains(c));
                }
                _ => {}
            }
        }
        action
    }

    #[test]
    fn mining_paths_walked_without_a_copy_match_the_copied_board() {
        let mut compared = 0;
        for seed in 0..24u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let n = 2 + (seed % 3) as usize;
            let options = Options {
                length: Length::East,
                turns: 8,
                jump: seed % 2 == 0,
                warp: seed % 4 < 2,
                discard_first: seed % 3 == 0,
                ..Options::default()
            };
            let mut game = Game::new(options, n, 0);
            for _ in 0..5_000 {
                if game.over.is_some() {
                    break;
                }
                if !game.in_round() && !game.choosing {
                    let mut deck = Tile::full_set(true);
                    deck.shuffle(&mut rng);
                    game.start_round(deck);
                }
                let seat = game.to_act()[0];
                if let Some(r) = game.round().filter(|r| r.outcome.is_none()) {
                    compared += usize::from(compare(r, seat, &mut rng));
                }
                let action = random_legal(&game, seat, &mut rng);
                game.apply(seat, action).expect("a legal action");
            }
        }
        assert!(compared > 500, "only {compared} moves compared");
    }
}
