//! The legal actions of a round in the scenario format's order (§4–§7): paths, discards and
//! riichi discards, warps, tsumo, kans, and the claims on a discard, with kuikae.

use super::action::Action;
use super::board::{Cell, Dir};
use super::round::{After, Phase, Round, STICK};
use super::walk::{Tree, Walk};
use crate::games::kit::mahjong::calls::{chi_pairs, leaves_a_discard, pon_pairs};
use crate::games::kit::mahjong::hand::{Hand, Meld, MeldKind};
use crate::games::kit::mahjong::tile::{Kind, KindSet, Tile};
use crate::games::kit::mahjong::waits::{is_tenpai, waits};
use crate::games::kit::mahjong::yaku::WinBy;

/// The most kans of a round (§4).
const MAX_KANS: usize = 4;

impl Round {
    // ---- legal actions -------------------------------------------------------------------

    /// Every legal action of `seat` now, in the format's order; discards and warps with no
    /// cells.
    pub fn legal_actions(&self, seat: usize) -> Vec<Action> {
        let mut out = self.actions(seat, true);
        out.sort_by(Action::order);
        out
    }

    /// [`Round::legal_actions`] without the moves: what a part of a move or the check of an
    /// action needs besides the paths, which [`Round::is_path`] and [`Round::extensions`]
    /// answer without listing every path (the most of a turn's cost when listed).
    pub(super) fn legal_actions_but_moves(&self, seat: usize) -> Vec<Action> {
        let mut out = self.actions(seat, false);
        out.sort_by(Action::order);
        out
    }

    /// The legal actions of `seat` (its moves with `moves`), unordered.
    fn actions(&self, seat: usize, moves: bool) -> Vec<Action> {
        match &self.phase {
            Phase::Start { seat: s } if *s == seat => self.start_actions(seat, moves),
            Phase::Refill { seat: s } if *s == seat && moves => self.moves(seat, 2),
            Phase::Decide { seat: s, after } if *s == seat => self.decide_actions(seat, *after),
            Phase::Claims { window, .. } | Phase::Robbing { window, .. }
                if window.waiting().contains(&seat) =>
            {
                window.offers[seat].clone()
            }
            _ => Vec::new(),
        }
    }

    fn start_actions(&self, seat: usize, moves: bool) -> Vec<Action> {
        let p = &self.players[seat];
        let max = if p.size() < 13 { 3 } else { 2 };
        let mut out = if moves {
            self.moves(seat, max)
        } else {
            Vec::new()
        };
        let options = self.options.warp || self.options.discard_first;
        if options && p.size() == 13 && !p.in_riichi() {
            let cells = self.board.placements(&self.pieces()).0.len();
            if self.options.warp && cells >= 3 {
                out.extend(warps(&p.hand));
            }
            if self.options.discard_first {
                for k in 1..=2.min(cells) {
                    out.extend(
                        multisets(&p.hand, k, KindSet::EMPTY)
                            .into_iter()
                            .map(|cards| Action::Discard {
                                cards,
                                to: Vec::new(),
                                riichi: false,
                            }),
                    );
                }
            }
        }
        out
    }

    /// Every legal path of `seat` of up to `max` steps (§4 step 1).
    fn moves(&self, seat: usize, max: usize) -> Vec<Action> {
        self.paths_of(seat, max)
            .into_iter()
            .map(|(a, _)| a)
            .collect()
    }

    /// The cells `seat` may act on now: where its legal paths end when it has a move to make
    /// (its own cell included: an empty path), else the legal cells for its discards when it
    /// places some; empty otherwise. Ordered by `y`, then `x`.
    pub fn reachable(&self, seat: usize) -> Vec<Cell> {
        let round = self;
        if seat >= round.players.len() {
            return Vec::new();
        }
        let mut cells = Vec::new();
        if let Some(tree) = round.path_tree(seat) {
            let others = round.others(seat);
            cells = tree.ends_of(&mut Walk::new(&round.board, &others, round.options.jump));
        } else if matches!(&round.phase, Phase::Decide { seat: s, .. } if *s == seat) {
            cells = round.board.placements(&round.pieces()).0;
        }
        cells.sort();
        cells.dedup();
        cells
    }

    /// The moves `seat` may make now, each with the hand size it leaves (empty when `seat`
    /// has no move to make).
    pub fn paths(&self, seat: usize) -> Vec<(Action, usize)> {
        match self.path_tree(seat) {
            Some(tree) => self.walk_tree(seat, |walk| tree.paths(walk)),
            None => Vec::new(),
        }
    }

    fn paths_of(&self, seat: usize, max: usize) -> Vec<(Action, usize)> {
        let tree = self.tree(seat, max);
        self.walk_tree(seat, |walk| tree.paths(walk))
    }

    /// The tree of the paths `seat` may walk now, `None` when it has no move to make.
    fn path_tree(&self, seat: usize) -> Option<Tree> {
        match self.phase {
            Phase::Start { seat: s } if s == seat => {
                let max = if self.players[seat].size() < 13 { 3 } else { 2 };
                Some(self.tree(seat, max))
            }
            Phase::Refill { seat: s } if s == seat => Some(self.tree(seat, 2)),
            _ => None,
        }
    }

    /// The paths of `seat`'s piece of up to `max` steps (§4 step 1).
    fn tree(&self, seat: usize, max: usize) -> Tree {
        let p = &self.players[seat];
        Tree {
            from: p.piece,
            size: p.size(),
            collecting: p.size() < 13,
            max,
        }
    }

    /// The other pieces' cells, which block `seat`'s steps.
    fn others(&self, seat: usize) -> Vec<Cell> {
        (0..self.n)
            .filter(|&s| s != seat)
            .map(|s| self.players[s].piece)
            .collect()
    }

    /// `f` over a walk of `seat`'s piece on this board.
    fn walk_tree<T>(&self, seat: usize, f: impl FnOnce(&mut Walk) -> T) -> T {
        let others = self.others(seat);
        f(&mut Walk::new(&self.board, &others, self.options.jump))
    }

    /// Whether `path` is a legal move of `seat` now (one of [`Round::paths`]).
    pub(super) fn is_path(&self, seat: usize, path: &[Dir]) -> bool {
        self.path_tree(seat)
            .is_some_and(|tree| self.walk_tree(seat, |walk| tree.contains(walk, path)))
    }

    /// The next steps of `seat`'s legal moves that begin with `prefix`, `N E S W`, each with
    /// the most tiles a move through it leaves the hand and the cell it lands on.
    pub(super) fn extensions(&self, seat: usize, prefix: &[Dir]) -> Vec<(Dir, usize, Cell)> {
        match self.path_tree(seat) {
            Some(tree) => self.walk_tree(seat, |walk| tree.extensions(walk, prefix)),
            None => Vec::new(),
        }
    }

    fn decide_actions(&self, seat: usize, after: After) -> Vec<Action> {
        let p = &self.players[seat];
        let k = p.size().saturating_sub(13);
        if let After::Call { forbidden } = after {
            return discard_options(&p.hand, 1, forbidden, false);
        }
        let mut out = Vec::new();
        if k == 1 {
            if self.tsumo_score(seat, None).is_some() {
                out.push(Action::Tsumo { card: None });
            }
        } else {
            let mut names: Vec<Tile> = p.obtained.iter().map(|(t, _)| *t).collect();
            names.sort();
            names.dedup();
            for t in names {
                if self.tsumo_score(seat, Some(t)).is_some() {
                    out.push(Action::Tsumo { card: Some(t) });
                }
            }
        }
        let can_kan = self.kans < MAX_KANS;
        if p.in_riichi() {
            if can_kan {
                out.extend(self.riichi_kans(seat));
            }
            let mut cards: Vec<Tile> = p.obtained.iter().map(|(t, _)| *t).collect();
            cards.sort();
            out.push(Action::Discard {
                cards,
                to: Vec::new(),
                riichi: false,
            });
            return out;
        }
        if can_kan {
            out.extend(
                Kind::all()
                    .filter(|k| p.hand.count(*k) == 4)
                    .map(|card| Action::Ankan { card }),
            );
            out.extend(
                p.melds
                    .iter()
                    .filter(|m| m.kind == MeldKind::Pon && p.hand.count(m.first()) > 0)
                    .map(|m| Action::Kakan { card: m.first() }),
            );
        }
        out.extend(discard_options(&p.hand, k, KindSet::EMPTY, false));
        if self.may_riichi(seat) {
            out.extend(
                multisets(&p.hand, k, KindSet::EMPTY)
                    .into_iter()
                    .filter(|cards| {
                        let mut h = p.hand.clone();
                        cards.iter().for_each(|t| {
                            h.remove(*t);
                        });
                        is_tenpai(h.counts(), &p.melds)
                    })
                    .map(|cards| Action::Discard {
                        cards,
                        to: Vec::new(),
                        riichi: true,
                    }),
            );
        }
        out
    }

    fn may_riichi(&self, seat: usize) -> bool {
        let p = &self.players[seat];
        p.is_closed()
            && !p.in_riichi()
            && self.points[seat] >= STICK
            && self.last_turn().saturating_sub(self.turn) >= self.n as u32
    }

    /// In riichi: a closed kan of an obtained tile and three from the locked hand that keeps
    /// the waits (§7).
    fn riichi_kans(&self, seat: usize) -> Vec<Action> {
        let p = &self.players[seat];
        let mut locked = p.hand.clone();
        for (t, _) in &p.obtained {
            locked.remove(*t);
        }
        let mut kinds: Vec<Kind> = p.obtained.iter().map(|(t, _)| t.kind()).collect();
        kinds.sort();
        kinds.dedup();
        kinds
            .into_iter()
            .filter(|k| locked.count(*k) == 3)
            .filter(|k| {
                let before = waits(locked.counts(), &p.melds);
                let mut after = *locked.counts();
                after[k.index()] = 0;
                let mut melds = p.melds.clone();
                melds.push(Meld {
                    kind: MeldKind::Ankan,
                    tiles: vec![k.tile(); 4],
                    claimed: None,
                    from: None,
                });
                before == waits(&after, &melds)
            })
            .map(|card| Action::Ankan { card })
            .collect()
    }

    /// The claims of `seat` on `tile` discarded by `from` (§6), `pass` last; empty when none.
    pub(super) fn claims_on(
        &self,
        seat: usize,
        from: usize,
        tile: Tile,
        only_ron: bool,
        houtei: bool,
    ) -> Vec<Action> {
        let p = &self.players[seat];
        let mut out = Vec::new();
        if seat == from || p.size() != 13 {
            return out;
        }
        if self
            .ron_score(seat, tile, WinBy::Ron, houtei, false)
            .is_some()
        {
            out.push(Action::Ron);
        }
        if !only_ron && !p.in_riichi() {
            if self.next_seat(from) == seat {
                out.extend(chis(&p.hand, tile));
            }
            out.extend(pons(&p.hand, tile));
            if p.hand.count(tile.kind()) == 3 && self.kans < MAX_KANS {
                out.push(Action::Daiminkan { card: tile.kind() });
            }
        }
        if !out.is_empty() {
            out.push(Action::Pass);
        }
        out
    }

    /// What the caller decides after its call: a chi or pon's one discard, or after an open
    /// kan's replacement tile.
    pub(super) fn caller_after(&self, caller: usize) -> After {
        let meld = self.players[caller].melds.last();
        match meld {
            Some(m) if m.kind == MeldKind::Daiminkan => After::Replacement,
            Some(m) => After::Call {
                forbidden: kuikae(m),
            },
            None => After::Move,
        }
    }
}

/// The kinds a chi or pon forbids to discard (kuikae, riichi §5).
fn kuikae(m: &Meld) -> KindSet {
    let Some(claimed) = m.claimed else {
        return KindSet::EMPTY;
    };
    let c = claimed.kind();
    let mut set = KindSet::EMPTY.with(c);
    if m.kind == MeldKind::Chi {
        let first = m.first();
        if c == first {
            set.insert(first.up(3).unwrap_or(c));
        } else if Some(c) == first.up(2) && first.number() > 1 {
            if let Some(k) = Kind::new(first.index() as u8 - 1) {
                set.insert(k);
            }
        }
    }
    set
}

/// The multisets of `k` tiles of `hand` (kinds in `forbidden` left out), in tile order.
fn multisets(hand: &Hand, k: usize, forbidden: KindSet) -> Vec<Vec<Tile>> {
    let tiles: Vec<Tile> = hand
        .distinct()
        .into_iter()
        .filter(|t| !forbidden.contains(t.kind()))
        .collect();
    match k {
        1 => tiles.into_iter().map(|t| vec![t]).collect(),
        2 => {
            let mut out = Vec::new();
            for (i, a) in tiles.iter().enumerate() {
                for b in &tiles[i..] {
                    if a != b || hand.count_tile(*a) >= 2 {
                        out.push(vec![*a, *b]);
                    }
                }
            }
            out
        }
        _ => Vec::new(),
    }
}

fn discard_options(hand: &Hand, k: usize, forbidden: KindSet, riichi: bool) -> Vec<Action> {
    multisets(hand, k, forbidden)
        .into_iter()
        .map(|cards| Action::Discard {
            cards,
            to: Vec::new(),
            riichi,
        })
        .collect()
}

/// Three tiles of one kind (§4 `warp`), plain before red.
fn warps(hand: &Hand) -> Vec<Action> {
    let mut out = Vec::new();
    for kind in Kind::all() {
        let plain = hand.count_tile(kind.tile());
        let red = kind.red().filter(|r| hand.contains(*r));
        if plain >= 3 {
            out.push(vec![kind.tile(); 3]);
        }
        if let Some(r) = red {
            if plain >= 2 {
                out.push(vec![kind.tile(), kind.tile(), r]);
            }
        }
    }
    out.into_iter()
        .map(|cards| Action::Warp {
            cards,
            to: Vec::new(),
            target: None,
        })
        .collect()
}

fn call_meld(kind: MeldKind, used: [Tile; 2], tile: Tile) -> Meld {
    let mut tiles = used.to_vec();
    tiles.push(tile);
    tiles.sort();
    Meld {
        kind,
        tiles,
        claimed: Some(tile),
        from: None,
    }
}

fn pons(hand: &Hand, tile: Tile) -> Vec<Action> {
    pon_pairs(hand, tile)
        .into_iter()
        .filter(|used| {
            leaves_a_discard(hand, *used, kuikae(&call_meld(MeldKind::Pon, *used, tile)))
        })
        .map(|cards| Action::Pon { cards })
        .collect()
}

fn chis(hand: &Hand, tile: Tile) -> Vec<Action> {
    chi_pairs(hand, tile)
        .into_iter()
        .filter(|used| {
            leaves_a_discard(hand, *used, kuikae(&call_meld(MeldKind::Chi, *used, tile)))
        })
        .map(|cards| Action::Chi { cards })
        .collect()
}
