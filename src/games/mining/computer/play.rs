//! The `normal` and `hard` computers' parts, from one seat's view. Both take a win, answer
//! claims, walk the path whose tiles leave the best hand (shanten, then live acceptance, the
//! tile left under the piece counting toward it since the next move takes it for sure), let go
//! of what helps least (folding to a riichi when far from tenpai), declare riichi when offered
//! and place their discards where the next player cannot take them. `hard` looks one turn
//! further: for its best few paths (or discards) it walks each next move it could make from
//! where it will stand, over the top tiles it sees, and keeps the choice whose best next hand
//! is best.

use std::collections::HashMap;

use super::judge::{best_release, counts_of, worth, Outlook};
use crate::games::kit::mahjong::hand::{Counts, Hand};
use crate::games::kit::mahjong::shanten::shanten;
use crate::games::kit::mahjong::tile::{Kind, Tile, KINDS};
use crate::games::mining::action::Action;
use crate::games::mining::board::{Board, Cell, Dir};
use crate::games::mining::parts::{self, Act, Pending};
use crate::games::mining::round::Round;
use crate::games::mining::view::SeatView;

/// How much the tile under the piece at a path's end adds to a kind's acceptance: the next
/// move takes it for sure (nobody else can stand there), worth several unseen copies.
const RESERVED: i32 = 6;

/// How many of the best first-ply choices `hard` looks one turn further for.
const HARD_WIDTH: usize = 4;

/// `normal` (`hard` false) or `hard`'s part for the seat of `view`; `None` with no legal part.
pub fn choose(view: &SeatView, round: &Round, hard: bool) -> Option<Act> {
    let legal = &view.legal_actions;
    let first = *legal.iter().find(|a| **a != Act::Back).or(legal.first())?;
    let step = |a: &Act| matches!(a, Act::Step { .. } | Act::Go);
    Some(match &view.pending {
        Some(Pending::Path(path)) => path_part(view, round, path, hard).unwrap_or(first),
        None if legal.iter().any(step) => path_part(view, round, &[], hard).unwrap_or(first),
        Some(p @ Pending::Tiles { chosen: true, .. }) => cell_part(view, round, p).unwrap_or(first),
        pending => discard_part(view, round, pending.as_ref(), hard).unwrap_or(first),
    })
}

/// A claim: a pon of a value tile that brings the hand nearer, else pass.
pub fn answer(view: &SeatView, legal: &[Act]) -> Act {
    let Some(round) = view.public.round.as_ref() else {
        return Act::Pass;
    };
    let me = &round.players[view.seat.index()];
    let hand = Hand::from_tiles(&view.concealed);
    let now = shanten(hand.counts(), me.melds.len());
    let seat_wind = seat_wind(view);
    for a in legal {
        if let Act::Pon { cards } = a {
            let kind = cards[0].kind();
            let value = kind.is_dragon() || kind == round.round_wind || Some(kind) == seat_wind;
            let mut after = hand.clone();
            for t in cards {
                after.remove(*t);
            }
            if value && shanten(after.counts(), me.melds.len() + 1) < now {
                return *a;
            }
        }
    }
    Act::Pass
}

/// The seat's own wind: East for the dealer, then on in turn order.
fn seat_wind(view: &SeatView) -> Option<Kind> {
    let round = view.public.round.as_ref()?;
    let n = view.public.n;
    let from_dealer = (view.seat.index() + n - round.dealer) % n;
    Kind::new(Kind::EAST.index() as u8 + from_dealer as u8)
}

/// What the seat sees as dead to it, and the dora, as an [`Outlook`] with nothing near yet.
fn outlook(view: &SeatView) -> Outlook {
    let Some(pr) = view.public.round.as_ref() else {
        return Outlook::new(view.concealed.iter().copied(), &[]);
    };
    let melds = pr
        .players
        .iter()
        .flat_map(|p| p.melds.iter().flat_map(|m| m.tiles.iter().copied()));
    Outlook::new(view.concealed.iter().copied().chain(melds), &pr.indicators)
}

/// A path walked on a copy of the board as the view shows it.
struct Walk {
    /// The tiles it takes that the view shows (tops not taken before on the way).
    known: Vec<Tile>,
    /// Every tile it takes, seen or not.
    count: usize,
    /// Where the piece ends.
    end: Cell,
    /// The board after it.
    board: Board,
    /// The cells whose top it took (their new tops are hidden).
    dug: Vec<Cell>,
}

/// The other pieces' cells.
fn others(view: &SeatView) -> Vec<Cell> {
    let Some(pr) = view.public.round.as_ref() else {
        return Vec::new();
    };
    let me = view.seat.index();
    (0..pr.players.len())
        .filter(|s| *s != me)
        .map(|s| pr.players[s].piece)
        .collect()
}

/// The top tile of `cell` that the view shows, unless the walk dug into it.
fn shown_top(view: &SeatView, dug: &[Cell], cell: Cell) -> Option<Tile> {
    if dug.contains(&cell) {
        return None;
    }
    view.public.round.as_ref()?.top(cell)
}

fn walk(view: &SeatView, board: &Board, path: &[Dir]) -> Walk {
    let mut out = Walk {
        known: Vec::new(),
        count: 0,
        end: view
            .public
            .round
            .as_ref()
            .map_or(Cell { x: 6, y: 11 }, |r| r.players[view.seat.index()].piece),
        board: board.clone(),
        dug: Vec::new(),
    };
    let others = others(view);
    let jump = view.public.options.jump;
    for d in path {
        let Some(to) = out.board.step(out.end, *d, &others, jump) else {
            break;
        };
        if out.board.take(out.end).is_some() {
            out.count += 1;
            out.known.extend(shown_top(view, &out.dug, out.end));
            out.dug.push(out.end);
        }
        out.end = to;
    }
    out
}

/// The kinds the seat can count on taking from `at` next turn: the top under the piece (the
/// next move takes it for sure) and, for `hard`, the top of each cell one legal step away.
fn near_from(view: &SeatView, board: &Board, dug: &[Cell], at: Cell, hard: bool) -> [i32; KINDS] {
    let mut near = [0; KINDS];
    if let Some(t) = shown_top(view, dug, at).filter(|_| board.height(at) > 0) {
        near[t.kind().index()] += RESERVED;
    }
    if hard {
        let others = others(view);
        for d in Dir::ALL {
            if let Some(b) = board.step(at, d, &others, view.public.options.jump) {
                if let Some(t) = shown_top(view, dug, b).filter(|_| board.height(b) > 0) {
                    near[t.kind().index()] += 1;
                }
            }
        }
    }
    near
}

/// The best worth `hard` can reach on its next move from `at` (a two-step path over tops it
/// sees: the one under the piece, then the one it steps onto), holding `hand` (13 tiles).
fn next_turn_best(
    view: &SeatView,
    board: &Board,
    dug: &[Cell],
    at: Cell,
    hand: &Counts,
    melds: usize,
    base: &Outlook,
) -> i32 {
    let under = shown_top(view, dug, at).filter(|_| board.height(at) > 0);
    let others = others(view);
    let mut best = worth(hand, melds, base);
    for d in Dir::ALL {
        let Some(b) = board.step(at, d, &others, view.public.options.jump) else {
            continue;
        };
        let mut taken: Vec<Tile> = under.into_iter().collect();
        taken.extend(shown_top(view, dug, b).filter(|_| board.height(b) > 0));
        if taken.is_empty() {
            continue;
        }
        let mut c = *hand;
        for t in &taken {
            c[t.kind().index()] += 1;
        }
        best = best.max(best_release(&c, melds, taken.len(), base).0);
    }
    best
}

/// The next part of the best path that begins with `prefix`.
fn path_part(view: &SeatView, round: &Round, prefix: &[Dir], hard: bool) -> Option<Act> {
    let seat = view.seat.index();
    let me = &round.players[seat];
    let melds = me.melds.len();
    let collecting = me.size() < 13;
    let hand = counts_of(&view.concealed);
    let base = outlook(view);
    let riichi = me.in_riichi();
    let waits: Vec<usize> = if riichi {
        waits_of(&hand, melds)
    } else {
        Vec::new()
    };
    let mut scored: Vec<(i64, Vec<Dir>, Walk)> = Vec::new();
    let mut memo: HashMap<(Vec<Tile>, usize, Option<Kind>), i32> = HashMap::new();
    for (a, _) in round.paths(seat) {
        let Action::Move { path } = a else {
            continue;
        };
        if !path.starts_with(prefix) {
            continue;
        }
        let w = walk(view, &round.board, &path);
        let under = shown_top(view, &w.dug, w.end).filter(|_| w.board.height(w.end) > 0);
        let score: i64 = if collecting {
            // The most tiles first (the sooner at 13, the more turns to build), then the
            // nearest hand, then the tile left under the piece.
            let mut c = hand;
            for t in &w.known {
                c[t.kind().index()] += 1;
            }
            let s = i64::from(shanten(&c, melds));
            let helps = under.is_some_and(|t| !t.kind().is_honor() || c[t.kind().index()] > 0);
            1_000 * w.count as i64 - 10 * s + i64::from(helps) - path.len() as i64
        } else if riichi {
            // Locked: a winning tile taken, else one left under the piece; fewer tiles taken
            // are fewer tiles to pass on.
            let wins = w.known.iter().any(|t| waits.contains(&t.kind().index()));
            let next = under.is_some_and(|t| waits.contains(&t.kind().index()));
            1_000 * i64::from(wins) + 100 * i64::from(next) - w.count as i64
        } else {
            let mut known = w.known.clone();
            known.sort();
            let key = (known, w.count, under.map(|t| t.kind()));
            let value = *memo.entry(key).or_insert_with(|| {
                let mut c = hand;
                for t in &w.known {
                    c[t.kind().index()] += 1;
                }
                let mut o = base.clone();
                o.near = near_from(view, &w.board, &w.dug, w.end, hard);
                best_release(&c, melds, w.known.len(), &o).0
            });
            // A win among the tiles taken comes first (the tsumo is offered next); an unknown
            // tile taken (a top dug out twice) costs a little: it must go again.
            let mut c = hand;
            for t in &w.known {
                c[t.kind().index()] += 1;
            }
            let wins = !w.known.is_empty() && shanten(&c, melds) < 0;
            1_000_000_000 * i64::from(wins) + i64::from(value) - (w.count - w.known.len()) as i64
        };
        scored.push((score, path, w));
    }
    scored.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    if hard && !collecting && !riichi {
        // One turn further for the best few: the hand left after this move's best release,
        // then the best next move from where the piece stands.
        let mut deeper: Vec<(i64, usize)> = Vec::new();
        for (i, (score, _, w)) in scored.iter().take(HARD_WIDTH).enumerate() {
            let mut c = hand;
            for t in &w.known {
                c[t.kind().index()] += 1;
            }
            let (_, drop) = best_release(&c, melds, w.known.len(), &base);
            for k in drop {
                c[k.index()] -= 1;
            }
            let next = next_turn_best(view, &w.board, &w.dug, w.end, &c, melds, &base);
            deeper.push((score + i64::from(next), i));
        }
        if let Some(&(_, i)) = deeper
            .iter()
            .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)))
        {
            let chosen = scored.swap_remove(i);
            scored.insert(0, chosen);
        }
    }
    let (_, path, _) = scored.into_iter().next()?;
    let act = match path.get(prefix.len()) {
        Some(&dir) => Act::Step {
            n: prefix.len() as u8,
            dir,
        },
        None => Act::Go,
    };
    view.legal_actions.contains(&act).then_some(act)
}

/// The kinds that complete a tenpai hand of 3k + 1 tiles.
fn waits_of(hand: &Counts, melds: usize) -> Vec<usize> {
    let mut c = *hand;
    (0..KINDS)
        .filter(|&i| {
            if c[i] >= 4 {
                return false;
            }
            c[i] += 1;
            let done = shanten(&c, melds) < 0;
            c[i] -= 1;
            done
        })
        .collect()
}

/// How dangerous discarding `kind` is against the seats in riichi: 0 for a tile in every such
/// seat's discards (it cannot ron it: furiten), more for honors, terminals, then simples.
fn danger(view: &SeatView, kind: Kind) -> i32 {
    let Some(pr) = view.public.round.as_ref() else {
        return 0;
    };
    let me = view.seat.index();
    pr.players
        .iter()
        .enumerate()
        .filter(|(s, p)| *s != me && p.riichi)
        .map(|(_, p)| {
            if p.discards.iter().any(|t| t.kind() == kind) {
                0
            } else if kind.is_honor() {
                1
            } else if kind.is_terminal() {
                2
            } else {
                3
            }
        })
        .sum()
}

/// The best discard: the tiles leaving the best worth (riichi when it is offered then; the
/// safest tiles against a riichi when far from tenpai), and its next tile, or `Go` when
/// every tile is chosen.
fn discard_part(
    view: &SeatView,
    round: &Round,
    pending: Option<&Pending>,
    hard: bool,
) -> Option<Act> {
    let seat = view.seat.index();
    let me = &round.players[seat];
    let melds = me.melds.len();
    let chosen: Vec<Tile> = match pending {
        Some(Pending::Tiles { cards, .. }) => cards.clone(),
        _ => Vec::new(),
    };
    let riichi_now = match pending {
        Some(Pending::Tiles { riichi, .. }) => Some(*riichi),
        _ => None,
    };
    let hand = counts_of(&view.concealed);
    let mut base = outlook(view);
    let empty: Vec<Cell> = Vec::new();
    base.near = near_from(view, &round.board, &empty, me.piece, hard);
    let threatened = view.public.round.as_ref().is_some_and(|pr| {
        pr.players
            .iter()
            .enumerate()
            .any(|(s, p)| s != seat && p.riichi)
    });
    let mut scored: Vec<(i64, Vec<Tile>, bool, Counts)> = Vec::new();
    for a in round.legal_actions(seat) {
        let Action::Discard { cards, riichi, .. } = a else {
            continue;
        };
        if riichi_now.is_some_and(|r| r != riichi) || !holds_all(&cards, &chosen) {
            continue;
        }
        let mut after = hand;
        for t in &cards {
            after[t.kind().index()] -= 1;
        }
        let s = shanten(&after, melds);
        let mut score = i64::from(worth(&after, melds, &base));
        // Riichi gives a closed hand its yaku and a ron: declared whenever offered.
        score += 50 * i64::from(riichi);
        // A red five is a dora: let go of the plain copy.
        score -= 20 * cards.iter().filter(|t| t.is_red()).count() as i64;
        if threatened && s >= 1 {
            let weight = if s >= 2 { 30_000 } else { 6_000 };
            score -= weight
                * cards
                    .iter()
                    .map(|t| i64::from(danger(view, t.kind())))
                    .sum::<i64>();
        }
        scored.push((score, cards, riichi, after));
    }
    scored.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    if hard && !threatened && !me.in_riichi() {
        let empty: Vec<Cell> = Vec::new();
        let mut deeper: Vec<(i64, usize)> = Vec::new();
        for (i, (score, _, _, after)) in scored.iter().take(HARD_WIDTH).enumerate() {
            let next = next_turn_best(view, &round.board, &empty, me.piece, after, melds, &base);
            deeper.push((score + i64::from(next), i));
        }
        if let Some(&(_, i)) = deeper
            .iter()
            .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)))
        {
            let chosen = scored.swap_remove(i);
            scored.insert(0, chosen);
        }
    }
    let (_, cards, riichi, _) = scored.into_iter().next()?;
    let mut rest = cards.clone();
    for t in &chosen {
        if let Some(i) = rest.iter().position(|x| x == t) {
            rest.remove(i);
        }
    }
    let act = match rest.first() {
        Some(&card) => Act::Discard { card, riichi },
        None => Act::Go,
    };
    view.legal_actions.contains(&act).then_some(act)
}

/// Whether `set` holds every tile of `part`.
fn holds_all(set: &[Tile], part: &[Tile]) -> bool {
    let mut left = set.to_vec();
    part.iter().all(|t| match left.iter().position(|x| x == t) {
        Some(i) => {
            left.swap_remove(i);
            true
        }
        None => false,
    })
}

/// How much a discard on `cell` may help the others: a tile a step from a piece can be taken
/// on that player's next move, two steps away it can be left under the piece for the move
/// after; the next player moves first, so its reach counts most.
pub fn exposure(seat: usize, pieces: &[Cell], cell: Cell) -> u32 {
    let n = pieces.len();
    (1..n)
        .map(|k| {
            let d = parts::distance(cell, pieces[(seat + k) % n]);
            let reach = match d {
                0 | 1 => 4,
                2 => 2,
                _ => 0,
            };
            if k == 1 {
                reach * 3
            } else {
                reach
            }
        })
        .sum()
}

/// The cell for the next tile: the legal one least exposed to the others (the next player
/// above all), not covering a top tile the seat wants within its own reach, then the farthest
/// from the next player; as the part that chooses it.
fn cell_part(view: &SeatView, round: &Round, pending: &Pending) -> Option<Act> {
    let seat = view.seat.index();
    let cells = parts::cells_now(round, seat, pending);
    let pieces: Vec<Cell> = round.players.iter().map(|p| p.piece).collect();
    let next = pieces[(seat + 1) % round.n];
    let warp_target = matches!(pending, Pending::Tiles { cards, cells, warp: true, .. } if cells.len() == cards.len());
    let hand = counts_of(&view.concealed);
    let melds = round.players[seat].melds.len();
    let now = shanten(&hand, melds);
    let wanted = |c: Cell| -> bool {
        let Some(t) = view.public.round.as_ref().and_then(|r| r.top(c)) else {
            return false;
        };
        if parts::distance(c, pieces[seat]) > 2 {
            return false;
        }
        let mut h = hand;
        h[t.kind().index()] += 1;
        shanten(&h, melds) < now
    };
    let best = if warp_target {
        *cells.first()?
    } else {
        *cells.iter().min_by_key(|c| {
            (
                exposure(seat, &pieces, **c),
                wanted(**c),
                std::cmp::Reverse(parts::distance(**c, next)),
                (c.y, c.x),
            )
        })?
    };
    let legal = &view.legal_actions;
    [Act::Place(best), Act::Row(best.y), Act::Column(best.x)]
        .into_iter()
        .find(|a| legal.contains(a))
}
