//! A move of many parts as the host plays it, one small `Copy` action per part ([`Act`]), so
//! that every list of choices stays short enough for a row of buttons: a path is its steps
//! one at a time (`Go` stops early), a discard is its tile or tiles, then a cell for each
//! (a few nearest cells at once, or a column then a row), a warp its three tiles, their cells
//! and the piece's target. The part chosen so far waits in a [`Pending`] beside the engine's
//! game; the part that completes the move applies the engine's whole [`Action`]. Claims,
//! wins, kans, pass and the dealer's last choice are one part each. `Back` drops the part
//! chosen so far.

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::board::{Cell, Dir};
use super::game::Game;
use super::round::{Phase, Round};
use crate::games::kit::mahjong::tile::{Kind, Tile};

/// How many nearest cells a placement offers at once, before the columns.
const NEAREST: usize = 4;

/// One part of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Act {
    /// Step `n` (0-based) of the path, toward `dir`.
    Step {
        n: u8,
        dir: Dir,
    },
    /// Ends the path here (an empty path at the start of a turn), or the choice of tiles
    /// (one tile where two are allowed).
    Go,
    /// A tile to discard (the first or the second), with riichi or not.
    Discard {
        card: Tile,
        riichi: bool,
    },
    /// Three tiles of one kind to warp with.
    Warp {
        cards: [Tile; 3],
    },
    /// The next tile's cell (or the warp's target), one of the nearest.
    Place(Cell),
    /// The column `x` of the next cell.
    Column(u8),
    /// The row `y` of the cell in the column chosen.
    Row(u8),
    /// Drops the part of the move chosen so far.
    Back,
    Tsumo {
        card: Option<Tile>,
    },
    Ron,
    Chi {
        cards: [Tile; 2],
    },
    Pon {
        cards: [Tile; 2],
    },
    Daiminkan {
        card: Kind,
    },
    Ankan {
        card: Kind,
    },
    Kakan {
        card: Kind,
    },
    Pass,
    AgariYame,
    Continue,
}

/// The part of a move chosen so far by the seat whose turn it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// The steps of a path.
    Path(Vec<Dir>),
    /// Tiles to discard or warp with, and the cells chosen for them.
    Tiles {
        cards: Vec<Tile>,
        riichi: bool,
        warp: bool,
        /// Every tile is chosen; the cells follow.
        chosen: bool,
        cells: Vec<Cell>,
        /// The column of the next cell, once chosen.
        column: Option<u8>,
    },
}

impl Act {
    /// The engine's action of a part that is a whole move by itself.
    fn whole(self) -> Option<Action> {
        Some(match self {
            Act::Tsumo { card } => Action::Tsumo { card },
            Act::Ron => Action::Ron,
            Act::Chi { cards } => Action::Chi { cards },
            Act::Pon { cards } => Action::Pon { cards },
            Act::Daiminkan { card } => Action::Daiminkan { card },
            Act::Ankan { card } => Action::Ankan { card },
            Act::Kakan { card } => Action::Kakan { card },
            Act::Pass => Action::Pass,
            Act::AgariYame => Action::AgariYame,
            Act::Continue => Action::Continue,
            _ => return None,
        })
    }
}

/// The round in play, while a turn's move is being chosen in it.
fn turn_round(game: &Game) -> Option<&Round> {
    game.round().filter(|r| {
        !game.choosing
            && matches!(
                r.phase,
                Phase::Start { .. } | Phase::Refill { .. } | Phase::Decide { .. }
            )
    })
}

/// The engine's legal actions of `seat` in a turn's round, but its moves: what
/// [`Game::legal_actions`] gives there, without listing every path (a move's parts walk the
/// paths they need through [`Round::extensions`]).
fn engine_actions(game: &Game, round: &Round, seat: usize) -> Vec<Action> {
    if game.over.is_some() || round.outcome.is_some() {
        return Vec::new();
    }
    round.legal_actions_but_moves(seat)
}

/// Whether the engine offers `seat` a move now (its empty path among them), as
/// [`Game::legal_actions`] would.
fn moves_now(game: &Game, round: &Round, seat: usize) -> bool {
    game.over.is_none() && round.outcome.is_none() && round.is_path(seat, &[])
}

/// Whether `set` holds every tile of `part` (as multisets).
fn holds(set: &[Tile], part: &[Tile]) -> bool {
    let mut left = set.to_vec();
    part.iter().all(|t| match left.iter().position(|x| x == t) {
        Some(i) => {
            left.swap_remove(i);
            true
        }
        None => false,
    })
}

fn sorted(tiles: &[Tile]) -> Vec<Tile> {
    let mut v = tiles.to_vec();
    v.sort();
    v
}

/// The engine's legal discards of `seat` with this riichi flag, each sorted.
fn discard_sets(legal: &[Action], riichi: bool) -> Vec<Vec<Tile>> {
    legal
        .iter()
        .filter_map(|a| match a {
            Action::Discard {
                cards, riichi: r, ..
            } if *r == riichi => Some(cards.clone()),
            _ => None,
        })
        .collect()
}

/// The legal cells for the next tile of a discard or warp of `count` tiles with `chosen`
/// cells so far (§5), the default first: ground next to the mine, then nearest `from`.
pub fn next_cells(round: &Round, count: usize, chosen: &[Cell], from: Cell) -> Vec<Cell> {
    let (cells, ground) = round.board.placements(&round.pieces());
    let last = chosen.len() + 1 == count;
    let need_ground = last && !ground.is_empty() && !chosen.iter().any(|c| ground.contains(c));
    let mut out: Vec<Cell> = cells
        .into_iter()
        .filter(|c| !chosen.contains(c) && (!need_ground || ground.contains(c)))
        .collect();
    out.sort_by_key(|c| (!ground.contains(c), distance(*c, from), c.y, c.x));
    out
}

/// Steps between two cells, along the grid.
pub fn distance(a: Cell, b: Cell) -> u32 {
    u32::from(a.x.abs_diff(b.x)) + u32::from(a.y.abs_diff(b.y))
}

/// The cells a warp may put the piece on: any without a piece.
fn targets(round: &Round) -> Vec<Cell> {
    let pieces = round.pieces();
    Cell::all().filter(|c| !pieces.contains(c)).collect()
}

/// The next steps of the paths `seat` may walk now that begin with `prefix`, the default
/// first: toward the most tiles within reach, then toward the middle of the mine.
fn extensions(round: &Round, seat: usize, prefix: &[Dir]) -> Vec<Dir> {
    let middle = Cell { x: 6, y: 6 };
    let mut keyed: Vec<_> = round
        .extensions(seat, prefix)
        .into_iter()
        .map(|(d, size, landing)| ((std::cmp::Reverse(size), distance(landing, middle), d), d))
        .collect();
    keyed.sort();
    keyed.into_iter().map(|(_, d)| d).collect()
}

/// A choice of cells: the nearest few, then every column that holds one.
fn cell_parts(cells: &[Cell], column: Option<u8>) -> Vec<Act> {
    match column {
        Some(x) => cells
            .iter()
            .filter(|c| c.x == x)
            .map(|c| c.y)
            .collect::<std::collections::BTreeSet<u8>>()
            .into_iter()
            .map(Act::Row)
            .collect(),
        None => {
            let mut out: Vec<Act> = cells.iter().take(NEAREST).map(|c| Act::Place(*c)).collect();
            let columns: std::collections::BTreeSet<u8> = cells.iter().map(|c| c.x).collect();
            out.extend(columns.into_iter().map(Act::Column));
            out
        }
    }
}

/// The cells the next part of `pending` chooses among, with the seat's piece (empty when it
/// chooses tiles or a path).
pub fn cells_now(round: &Round, seat: usize, pending: &Pending) -> Vec<Cell> {
    let Pending::Tiles {
        cards,
        warp,
        chosen: true,
        cells,
        ..
    } = pending
    else {
        return Vec::new();
    };
    if *warp && cells.len() == cards.len() {
        return targets(round);
    }
    next_cells(round, cards.len(), cells, round.players[seat].piece)
}

/// Every legal part of `seat` now, in a stable order (`Back` last).
pub fn legal(game: &Game, pending: Option<&Pending>, seat: usize) -> Vec<Act> {
    if game.over.is_some() || !game.to_act().contains(&seat) {
        return Vec::new();
    }
    let Some(round) = turn_round(game) else {
        return game
            .legal_actions(seat)
            .into_iter()
            .filter_map(|a| match a {
                Action::Move { .. } | Action::Discard { .. } | Action::Warp { .. } => None,
                a => whole_act(a),
            })
            .collect();
    };
    let mut out = Vec::new();
    match pending {
        None => {
            let go = moves_now(game, round, seat);
            let mut picks = std::collections::BTreeSet::new();
            for a in &engine_actions(game, round, seat) {
                match a {
                    Action::Move { .. } => {}
                    Action::Discard { cards, riichi, .. } => {
                        picks.extend(cards.iter().map(|t| (*riichi, *t)));
                    }
                    Action::Warp { cards, .. } => {
                        if let [a, b, c] = cards[..] {
                            out.push(Act::Warp { cards: [a, b, c] });
                        }
                    }
                    a => out.extend(whole_act(a.clone())),
                }
            }
            // A move's first steps (toward the most tiles first), then standing still.
            if go {
                let steps = extensions(round, seat, &[])
                    .into_iter()
                    .map(|dir| Act::Step { n: 0, dir });
                let mut moves: Vec<Act> = steps.chain([Act::Go]).collect();
                moves.append(&mut out);
                out = moves;
            }
            out.extend(
                picks
                    .into_iter()
                    .map(|(riichi, card)| Act::Discard { card, riichi }),
            );
        }
        Some(Pending::Path(path)) => {
            let n = path.len() as u8;
            out.extend(
                extensions(round, seat, path)
                    .into_iter()
                    .map(|dir| Act::Step { n, dir }),
            );
            out.push(Act::Go);
            out.push(Act::Back);
        }
        Some(Pending::Tiles {
            cards,
            riichi,
            chosen: false,
            ..
        }) => {
            let sets = discard_sets(&engine_actions(game, round, seat), *riichi);
            if sets.iter().any(|s| sorted(s) == sorted(cards)) {
                out.push(Act::Go);
            }
            let mut picks = std::collections::BTreeSet::new();
            for s in sets.iter().filter(|s| s.len() > cards.len()) {
                for t in s {
                    let mut more = cards.clone();
                    more.push(*t);
                    if holds(s, &more) {
                        picks.insert(*t);
                    }
                }
            }
            out.extend(picks.into_iter().map(|card| Act::Discard {
                card,
                riichi: *riichi,
            }));
            out.push(Act::Back);
        }
        Some(p @ Pending::Tiles { column, .. }) => {
            out.extend(cell_parts(&cells_now(round, seat, p), *column));
            out.push(Act::Back);
        }
    }
    out
}

/// The part of an engine action that is a whole move by itself.
fn whole_act(a: Action) -> Option<Act> {
    Some(match a {
        Action::Tsumo { card } => Act::Tsumo { card },
        Action::Ron => Act::Ron,
        Action::Chi { cards } => Act::Chi { cards },
        Action::Pon { cards } => Act::Pon { cards },
        Action::Daiminkan { card } => Act::Daiminkan { card },
        Action::Ankan { card } => Act::Ankan { card },
        Action::Kakan { card } => Act::Kakan { card },
        Action::Pass => Act::Pass,
        Action::AgariYame => Act::AgariYame,
        Action::Continue => Act::Continue,
        _ => return None,
    })
}

/// What a legal part does: the pending part it leaves, or the engine's whole action it
/// completes (with no part pending after it).
pub enum Next {
    Pending(Option<Pending>),
    Complete(Action),
}

/// The result of the legal part `act` of `seat` with `pending` chosen so far.
pub fn next(game: &Game, pending: Option<&Pending>, seat: usize, act: Act) -> Next {
    if let Some(a) = act.whole() {
        return Next::Complete(a);
    }
    let Some(round) = turn_round(game) else {
        return Next::Pending(pending.cloned());
    };
    match (pending.cloned(), act) {
        (_, Act::Back) => Next::Pending(None),
        (None, Act::Go) => Next::Complete(Action::Move { path: Vec::new() }),
        (Some(Pending::Path(path)), Act::Go) => Next::Complete(Action::Move { path }),
        (path, Act::Step { dir, .. }) => {
            let mut path = match path {
                Some(Pending::Path(p)) => p,
                _ => Vec::new(),
            };
            path.push(dir);
            if round.extensions(seat, &path).is_empty() {
                Next::Complete(Action::Move { path })
            } else {
                Next::Pending(Some(Pending::Path(path)))
            }
        }
        (None, Act::Warp { cards }) => Next::Pending(Some(Pending::Tiles {
            cards: cards.to_vec(),
            riichi: false,
            warp: true,
            chosen: true,
            cells: Vec::new(),
            column: None,
        })),
        (tiles, Act::Discard { card, riichi }) => {
            let mut cards = match tiles {
                Some(Pending::Tiles { cards, .. }) => cards,
                _ => Vec::new(),
            };
            cards.push(card);
            let engine = engine_actions(game, round, seat);
            let more = discard_sets(&engine, riichi)
                .iter()
                .any(|s| s.len() > cards.len() && holds(s, &cards));
            Next::Pending(Some(Pending::Tiles {
                cards,
                riichi,
                warp: false,
                chosen: !more,
                cells: Vec::new(),
                column: None,
            }))
        }
        (Some(Pending::Tiles { cards, riichi, .. }), Act::Go) => {
            Next::Pending(Some(Pending::Tiles {
                cards,
                riichi,
                warp: false,
                chosen: true,
                cells: Vec::new(),
                column: None,
            }))
        }
        (Some(Pending::Tiles { column: None, .. }), Act::Column(x)) => {
            let Some(Pending::Tiles {
                cards,
                riichi,
                warp,
                chosen,
                cells,
                ..
            }) = pending.cloned()
            else {
                return Next::Pending(None);
            };
            Next::Pending(Some(Pending::Tiles {
                cards,
                riichi,
                warp,
                chosen,
                cells,
                column: Some(x),
            }))
        }
        (
            Some(Pending::Tiles {
                column: Some(x), ..
            }),
            Act::Row(y),
        ) => place(pending.cloned(), Cell { x, y }),
        (p, Act::Place(cell)) => place(p, cell),
        (p, _) => Next::Pending(p),
    }
}

/// A cell chosen for the next tile (or the warp's target).
fn place(pending: Option<Pending>, cell: Cell) -> Next {
    let Some(Pending::Tiles {
        cards,
        riichi,
        warp,
        chosen,
        mut cells,
        ..
    }) = pending
    else {
        return Next::Pending(None);
    };
    if warp && cells.len() == cards.len() {
        return Next::Complete(Action::Warp {
            cards,
            to: cells,
            target: Some(cell),
        });
    }
    cells.push(cell);
    if !warp && cells.len() == cards.len() {
        return Next::Complete(Action::Discard {
            cards,
            to: cells,
            riichi,
        });
    }
    Next::Pending(Some(Pending::Tiles {
        cards,
        riichi,
        warp,
        chosen,
        cells,
        column: None,
    }))
}
