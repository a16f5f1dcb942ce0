//! One round (§4–§9): turns, moves, discards and their placements, claim windows on either
//! discard, kans and robbing, riichi, furiten, and the end of the round.

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::board::{Board, Cell, Dir, MINE_TILES};
use super::options::Options;
use super::settle::{payments, Outcome, Party, Transfer, Win};
use crate::games::interface::seat::Seat;
use crate::games::kit::mahjong::hand::{Hand, Meld, MeldKind};
use crate::games::kit::mahjong::reading::Reading;
use crate::games::kit::mahjong::score::{score, Bonus, Score, WinningHand};
use crate::games::kit::mahjong::tile::{Kind, KindSet, Tile};
use crate::games::kit::mahjong::waits::waits;
use crate::games::kit::mahjong::yaku::{RiichiKind, Situation, WinBy};

/// A riichi stick.
pub const STICK: i64 = 1000;

/// The start cells of §2 by table size.
pub fn start_cells(n: usize) -> Vec<Cell> {
    let c = |x, y| Cell { x, y };
    match n {
        2 => vec![c(6, 11), c(6, 1)],
        3 => vec![c(6, 11), c(11, 6), c(6, 1)],
        _ => vec![c(6, 11), c(11, 6), c(6, 1), c(1, 6)],
    }
}

/// One seat in a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The concealed tiles.
    pub hand: Hand,
    pub melds: Vec<Meld>,
    /// Discarded this round, in order (claimed and warp tiles included).
    pub discards: Vec<Tile>,
    pub piece: Cell,
    pub riichi: RiichiKind,
    pub ippatsu: bool,
    /// The tiles obtained this turn still in the hand, in order, and whether each was a
    /// replacement tile.
    pub obtained: Vec<(Tile, bool)>,
    pub temporary_furiten: bool,
    pub riichi_furiten: bool,
    pub discard_actions: u32,
}

impl Player {
    /// Concealed tiles plus 3 per call (§4).
    pub fn size(&self) -> usize {
        self.hand.len() + 3 * self.melds.len()
    }

    pub fn in_riichi(&self) -> bool {
        self.riichi != RiichiKind::None
    }

    pub(super) fn is_closed(&self) -> bool {
        self.melds.iter().all(|m| m.kind == MeldKind::Ankan)
    }
}

/// What a turn's player decides after (§4 step 3, §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum After {
    Move,
    Replacement,
    /// A chi or pon: one discard, not of these kinds (kuikae).
    Call {
        forbidden: KindSet,
    },
}

/// Why tiles are discarded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DiscardKind {
    /// After a move or replacement tile: the turn ends with it.
    Turn,
    /// `discard_first`: the move follows unless one is called.
    First,
    /// After a call.
    Caller,
}

/// A discard action whose tiles are going through their windows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub seat: usize,
    pub tiles: Vec<Tile>,
    pub cells: Vec<Cell>,
    pub riichi: bool,
    pub kind: DiscardKind,
    /// The tile whose window is open.
    pub index: usize,
    /// The seat that called the first tile.
    pub caller: Option<usize>,
    /// Made during the last turn (houtei; no calls).
    pub last_turn: bool,
}

/// A claim window: each asked seat's offers and answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Window {
    pub tile: Tile,
    pub from: usize,
    pub offers: Vec<Vec<Action>>,
    pub answers: Vec<Option<Action>>,
}

impl Window {
    pub fn waiting(&self) -> Vec<usize> {
        (0..self.offers.len())
            .filter(|&s| !self.offers[s].is_empty() && self.answers[s].is_none())
            .collect()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The start of a turn: a move, or a warp or discards first.
    Start {
        seat: usize,
    },
    /// The move after `discard_first` or `warp`.
    Refill {
        seat: usize,
    },
    Decide {
        seat: usize,
        after: After,
    },
    Claims {
        window: Window,
        pending: Pending,
    },
    /// A declared closed (`closed`) or added kan others may rob.
    Robbing {
        window: Window,
        closed: bool,
    },
    Ended,
}

/// One round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub n: usize,
    pub options: Options,
    pub dealer: usize,
    pub round_wind: Kind,
    pub honba: u32,
    pub wall: Vec<Tile>,
    pub board: Board,
    pub players: Vec<Player>,
    pub points: Vec<i64>,
    pub pot: i64,
    pub transfers: Vec<Transfer>,
    pub kans: usize,
    /// Turns started.
    pub turn: u32,
    /// A call or kan was made this round.
    pub called: bool,
    pub phase: Phase,
    pub outcome: Option<Outcome>,
}

impl Round {
    /// A round dealt from `wall` (136 tiles): the stage built, the dealer's first turn.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        options: Options,
        dealer: usize,
        round_wind: Kind,
        honba: u32,
        points: Vec<i64>,
        pot: i64,
        wall: Vec<Tile>,
    ) -> Round {
        let n = points.len();
        let players = start_cells(n)
            .into_iter()
            .map(|piece| Player {
                hand: Hand::new(),
                melds: Vec::new(),
                discards: Vec::new(),
                piece,
                riichi: RiichiKind::None,
                ippatsu: false,
                obtained: Vec::new(),
                temporary_furiten: false,
                riichi_furiten: false,
                discard_actions: 0,
            })
            .collect();
        Round {
            n,
            options,
            dealer,
            round_wind,
            honba,
            board: Board::build(&wall[..MINE_TILES]),
            wall,
            players,
            points,
            pot,
            transfers: Vec::new(),
            kans: 0,
            turn: 1,
            called: false,
            phase: Phase::Start { seat: dealer },
            outcome: None,
        }
    }

    pub fn last_turn(&self) -> u32 {
        self.options.turns * self.n as u32
    }

    pub fn pieces(&self) -> Vec<Cell> {
        self.players.iter().map(|p| p.piece).collect()
    }

    /// Every revealed dora indicator, in order.
    pub fn indicators(&self) -> Vec<Tile> {
        self.wall[126..=126 + self.kans].to_vec()
    }

    fn seat_wind(&self, seat: usize) -> Kind {
        let offset = (seat + self.n - self.dealer) % self.n;
        Kind::new(Kind::EAST.index() as u8 + offset as u8).unwrap_or(Kind::EAST)
    }

    pub(super) fn next_seat(&self, seat: usize) -> usize {
        (seat + 1) % self.n
    }

    /// The seats that must act now, by seat number.
    pub fn to_act(&self) -> Vec<usize> {
        match &self.phase {
            Phase::Start { seat } | Phase::Refill { seat } | Phase::Decide { seat, .. } => {
                vec![*seat]
            }
            Phase::Claims { window, .. } | Phase::Robbing { window, .. } => window.waiting(),
            Phase::Ended => Vec::new(),
        }
    }

    // ---- the hand ------------------------------------------------------------------------

    /// The best scoring of a win of `seat` with concealed tiles `hand` (the winning tile
    /// among them), or `None` when it does not win.
    #[allow(clippy::too_many_arguments)]
    fn score_win(
        &self,
        seat: usize,
        hand: &Hand,
        won: Tile,
        by: WinBy,
        rinshan: bool,
        haitei: bool,
        houtei: bool,
    ) -> Option<Score> {
        let p = &self.players[seat];
        let s = Situation {
            by,
            seat_wind: self.seat_wind(seat),
            round_wind: self.round_wind,
            riichi: p.riichi,
            ippatsu: p.ippatsu && p.in_riichi(),
            haitei,
            houtei,
            rinshan,
            first_draw: false,
            dealer: seat == self.dealer,
            kuitan: self.options.kuitan,
        };
        let dora: Vec<Kind> = self
            .indicators()
            .iter()
            .map(|t| t.kind().dora_after())
            .collect();
        let mut ura: Vec<Kind> = Vec::new();
        if p.in_riichi() {
            let last = if self.options.kan_ura { self.kans } else { 0 };
            ura = self.wall[131..=131 + last]
                .iter()
                .map(|t| t.kind().dora_after())
                .collect();
        }
        let winning = WinningHand {
            concealed: hand,
            melds: &p.melds,
            won,
        };
        score(
            winning,
            &s,
            Bonus {
                dora: &dora,
                ura: &ura,
            },
            1,
        )
    }

    fn waits_of(&self, seat: usize) -> KindSet {
        let p = &self.players[seat];
        waits(p.hand.counts(), &p.melds)
    }

    pub fn is_furiten(&self, seat: usize) -> bool {
        let p = &self.players[seat];
        let w = self.waits_of(seat);
        p.temporary_furiten || p.riichi_furiten || p.discards.iter().any(|t| w.contains(t.kind()))
    }

    /// A ron of `seat` on `tile` (§7), scored; for a robbed closed kan only thirteen orphans.
    pub(super) fn ron_score(
        &self,
        seat: usize,
        tile: Tile,
        by: WinBy,
        houtei: bool,
        closed_kan: bool,
    ) -> Option<Score> {
        let p = &self.players[seat];
        if p.size() != 13 || self.is_furiten(seat) {
            return None;
        }
        let mut hand = p.hand.clone();
        hand.add(tile);
        let s = self.score_win(seat, &hand, tile, by, false, false, houtei)?;
        if closed_kan && !matches!(s.reading, Reading::ThirteenOrphans { .. }) {
            return None;
        }
        Some(s)
    }

    /// The tsumo of `seat` leaving out `left_out` (an obtained tile, with 15), scored.
    pub(super) fn tsumo_score(&self, seat: usize, left_out: Option<Tile>) -> Option<(Score, Tile)> {
        let p = &self.players[seat];
        let mut obtained = p.obtained.clone();
        let mut hand = p.hand.clone();
        if let Some(out) = left_out {
            let i = obtained.iter().rposition(|(t, _)| *t == out)?;
            obtained.remove(i);
            hand.remove(out);
        }
        let &(won, replacement) = obtained.last()?;
        let haitei = self.turn == self.last_turn() && !replacement;
        let s = self.score_win(seat, &hand, won, WinBy::Tsumo, replacement, haitei, false)?;
        Some((s, won))
    }

    // ---- applying ------------------------------------------------------------------------

    /// Applies a legal action of `seat`; `Err` says why it is not legal.
    pub fn apply(&mut self, seat: usize, action: Action) -> Result<(), String> {
        if self.phase == Phase::Ended {
            return Err("the round is over".into());
        }
        let action = self.check_action(seat, action)?;
        match (self.phase.clone(), action) {
            (Phase::Start { .. } | Phase::Refill { .. }, Action::Move { path }) => {
                self.walk_path(seat, &path);
                if matches!(self.phase, Phase::Refill { .. }) || self.players[seat].size() <= 13 {
                    self.end_turn(seat);
                } else {
                    self.phase = Phase::Decide {
                        seat,
                        after: After::Move,
                    };
                }
            }
            (Phase::Start { .. }, Action::Warp { cards, to, target }) => {
                self.begin_discard_action(seat);
                for (t, c) in cards.iter().zip(&to) {
                    self.take_out(seat, *t);
                    self.board.place(*c, *t);
                }
                self.players[seat].piece = target.unwrap_or(self.players[seat].piece);
                self.phase = Phase::Refill { seat };
            }
            (Phase::Start { .. }, Action::Discard { cards, to, .. }) => {
                self.start_discard(seat, cards, to, false, DiscardKind::First);
            }
            (Phase::Decide { after, .. }, Action::Discard { cards, to, riichi }) => {
                let kind = match after {
                    After::Call { .. } => DiscardKind::Caller,
                    _ => DiscardKind::Turn,
                };
                self.start_discard(seat, cards, to, riichi, kind);
            }
            (Phase::Decide { .. }, Action::Tsumo { card }) => {
                // The tile left out stays with the hand (§4 [R8]).
                if let Some((score, won)) = self.tsumo_score(seat, card) {
                    let win = Win {
                        seat,
                        from: None,
                        by: WinBy::Tsumo,
                        card: won,
                        score,
                    };
                    self.finish(vec![win]);
                }
            }
            (Phase::Decide { .. }, Action::Ankan { card }) => self.declare_kan(seat, card, true),
            (Phase::Decide { .. }, Action::Kakan { card }) => self.declare_kan(seat, card, false),
            (
                Phase::Claims {
                    mut window,
                    pending,
                },
                answer,
            ) => {
                window.answers[seat] = Some(answer);
                if window.waiting().is_empty() {
                    self.resolve(window, pending);
                } else {
                    self.phase = Phase::Claims { window, pending };
                }
            }
            (Phase::Robbing { mut window, closed }, answer) => {
                window.answers[seat] = Some(answer);
                if window.waiting().is_empty() {
                    self.resolve_robbing(window, closed);
                } else {
                    self.phase = Phase::Robbing { window, closed };
                }
            }
            _ => return Err("that action cannot be taken now".into()),
        }
        Ok(())
    }

    /// The legal action of `seat` matching `action`: a move one of its paths (walked, not
    /// listed), any other as [`Round::check`] finds it among the other legal actions.
    fn check_action(&self, seat: usize, action: Action) -> Result<Action, String> {
        match action {
            Action::Move { path } if self.is_path(seat, &path) => Ok(Action::Move { path }),
            Action::Move { .. } => Err("that path is not a legal move now".into()),
            a => self.check(a, &self.legal_actions_but_moves(seat)),
        }
    }

    /// The legal action matching `action` (a discard's cards as a multiset, its cells checked).
    fn check(&self, action: Action, legal: &[Action]) -> Result<Action, String> {
        let sorted = |cards: &[Tile]| {
            let mut c = cards.to_vec();
            c.sort();
            c
        };
        match action {
            Action::Discard { cards, to, riichi } => {
                let wanted = sorted(&cards);
                let offered = legal.iter().any(|a| {
                    matches!(a, Action::Discard { cards: c, riichi: r, .. } if *c == wanted && *r == riichi)
                });
                if !offered {
                    return Err(if riichi {
                        "riichi cannot be declared with those tiles now".into()
                    } else {
                        "those tiles cannot be discarded now".into()
                    });
                }
                if to.len() != cards.len() {
                    return Err("give one cell for each discarded tile".into());
                }
                if !self.board.legal_cells(&to, &self.pieces()) {
                    return Err("the tiles must go on different legal cells, one of them on the ground next to the mine when one is free".into());
                }
                Ok(Action::Discard { cards, to, riichi })
            }
            Action::Warp { cards, to, target } => {
                let wanted = sorted(&cards);
                if !legal
                    .iter()
                    .any(|a| matches!(a, Action::Warp { cards: c, .. } if *c == wanted))
                {
                    return Err(
                        "a warp needs three tiles of one kind at the start of a turn".into(),
                    );
                }
                if to.len() != 3 || !self.board.legal_cells(&to, &self.pieces()) {
                    return Err("the three tiles must go on different legal cells, one of them on the ground next to the mine when one is free".into());
                }
                match target {
                    Some(t) if !self.pieces().contains(&t) => {
                        Ok(Action::Warp { cards, to, target })
                    }
                    _ => Err("the piece must warp to a cell without a piece".into()),
                }
            }
            Action::Chi { cards } | Action::Pon { cards } if cards[0] > cards[1] => {
                let cards = [cards[1], cards[0]];
                let a = match action {
                    Action::Chi { .. } => Action::Chi { cards },
                    _ => Action::Pon { cards },
                };
                self.check(a, legal)
            }
            a if legal.contains(&a) => Ok(a),
            Action::Move { .. } => Err("that path is not a legal move now".into()),
            Action::Tsumo { .. } => Err("that is not a winning hand".into()),
            Action::Ron => Err("ron is not possible on this tile".into()),
            _ => Err("that action is not possible now".into()),
        }
    }

    /// Walks `path`, taking the tiles left behind (§3).
    fn walk_path(&mut self, seat: usize, path: &[Dir]) {
        let others: Vec<Cell> = (0..self.n)
            .filter(|&s| s != seat)
            .map(|s| self.players[s].piece)
            .collect();
        for dir in path {
            let at = self.players[seat].piece;
            let Some(to) = self.board.step(at, *dir, &others, self.options.jump) else {
                return;
            };
            if let Some(t) = self.board.take(at) {
                let p = &mut self.players[seat];
                p.hand.add(t);
                p.obtained.push((t, false));
            }
            self.players[seat].piece = to;
        }
    }

    /// A discard action begins: it ends temporary furiten and the player's ippatsu.
    fn begin_discard_action(&mut self, seat: usize) {
        let p = &mut self.players[seat];
        p.temporary_furiten = false;
        p.ippatsu = false;
        p.discard_actions += 1;
    }

    /// One tile leaves the hand for the discards.
    fn take_out(&mut self, seat: usize, tile: Tile) {
        let p = &mut self.players[seat];
        p.hand.remove(tile);
        if let Some(i) = p.obtained.iter().position(|(o, _)| *o == tile) {
            p.obtained.remove(i);
        }
        p.discards.push(tile);
    }

    fn start_discard(
        &mut self,
        seat: usize,
        tiles: Vec<Tile>,
        cells: Vec<Cell>,
        riichi: bool,
        kind: DiscardKind,
    ) {
        let first_action = self.players[seat].discard_actions == 0;
        self.begin_discard_action(seat);
        if riichi {
            let p = &mut self.players[seat];
            p.riichi = if first_action && !self.called {
                RiichiKind::Double
            } else {
                RiichiKind::Single
            };
            p.ippatsu = true;
        }
        let pending = Pending {
            seat,
            tiles,
            cells,
            riichi,
            kind,
            index: 0,
            caller: None,
            last_turn: self.turn == self.last_turn(),
        };
        self.open_window(pending);
    }

    /// Discards the pending action's current tile and asks the seats with a claim on it.
    fn open_window(&mut self, pending: Pending) {
        let tile = pending.tiles[pending.index];
        let from = pending.seat;
        // Each tile is discarded when its window opens (§6: "then the second is discarded").
        self.take_out(from, tile);
        let only_ron = pending.caller.is_some() || pending.last_turn;
        let offers: Vec<Vec<Action>> = (0..self.n)
            .map(|s| self.claims_on(s, from, tile, only_ron, pending.last_turn))
            .collect();
        let window = Window {
            tile,
            from,
            answers: vec![None; self.n],
            offers,
        };
        if window.waiting().is_empty() {
            self.resolve(window, pending);
        } else {
            self.phase = Phase::Claims { window, pending };
        }
    }

    /// Declined rons: temporary furiten, and riichi furiten in riichi (§7).
    fn decline_rons(&mut self, window: &Window) {
        for s in 0..self.n {
            if window.offers[s].contains(&Action::Ron) && window.answers[s] != Some(Action::Ron) {
                self.players[s].temporary_furiten = true;
                if self.players[s].in_riichi() {
                    self.players[s].riichi_furiten = true;
                }
            }
        }
    }

    /// The ron answers that win, in turn order from `from` (§6 [R13]).
    fn winners(&self, window: &Window) -> Vec<usize> {
        let mut rons: Vec<usize> = (1..self.n)
            .map(|d| (window.from + d) % self.n)
            .filter(|&s| window.answers[s] == Some(Action::Ron))
            .collect();
        if !self.options.double_ron {
            rons.truncate(1);
        }
        rons
    }

    fn resolve(&mut self, window: Window, mut pending: Pending) {
        let from = pending.seat;
        let rons = self.winners(&window);
        if !rons.is_empty() {
            if pending.riichi {
                self.players[from].riichi = RiichiKind::None;
                self.players[from].ippatsu = false;
            }
            let wins = rons
                .into_iter()
                .filter_map(|s| {
                    let score =
                        self.ron_score(s, window.tile, WinBy::Ron, pending.last_turn, false)?;
                    Some(Win {
                        seat: s,
                        from: Some(from),
                        by: WinBy::Ron,
                        card: window.tile,
                        score,
                    })
                })
                .collect();
            self.finish(wins);
            return;
        }
        self.decline_rons(&window);
        let call = (0..self.n)
            .filter_map(|s| window.answers[s].clone().map(|a| (s, a)))
            .filter(|(_, a)| matches!(a, Action::Pon { .. } | Action::Daiminkan { .. }))
            .chain(
                (0..self.n)
                    .filter_map(|s| window.answers[s].clone().map(|a| (s, a)))
                    .filter(|(_, a)| matches!(a, Action::Chi { .. })),
            )
            .next();
        match call {
            Some((caller, call)) => {
                self.make_call(caller, from, window.tile, call);
                pending.caller = Some(caller);
            }
            None => self.board.place(pending.cells[pending.index], window.tile),
        }
        if pending.index + 1 < pending.tiles.len() {
            pending.index += 1;
            self.open_window(pending);
            return;
        }
        // The action's last window closed without a ron.
        if pending.riichi {
            self.pay(Transfer {
                from: Party::Seat(from),
                to: Party::Pot,
                amount: STICK,
                reason: "riichi".to_string(),
            });
        }
        match pending.caller {
            Some(caller) => {
                let after = self.caller_after(caller);
                self.phase = Phase::Decide {
                    seat: caller,
                    after,
                };
            }
            None if pending.kind == DiscardKind::First => self.phase = Phase::Refill { seat: from },
            None => self.end_turn(from),
        }
    }

    fn make_call(&mut self, caller: usize, from: usize, tile: Tile, call: Action) {
        self.called = true;
        for p in &mut self.players {
            p.ippatsu = false;
        }
        let p = &mut self.players[caller];
        p.obtained.clear();
        let (kind, mut tiles) = match call {
            Action::Chi { cards } => (MeldKind::Chi, cards.to_vec()),
            Action::Pon { cards } => (MeldKind::Pon, cards.to_vec()),
            _ => {
                let mut ts = Vec::new();
                for _ in 0..3 {
                    ts.extend(p.hand.remove_kind(tile.kind()));
                }
                (MeldKind::Daiminkan, ts)
            }
        };
        if kind != MeldKind::Daiminkan {
            for t in &tiles {
                p.hand.remove(*t);
            }
        }
        tiles.push(tile);
        tiles.sort();
        p.melds.push(Meld {
            kind,
            tiles,
            claimed: Some(tile),
            from: Some(Seat::ALL[from]),
        });
        if kind == MeldKind::Daiminkan {
            self.draw_replacement(caller);
        }
    }

    /// The next kan indicator and replacement tile (§2).
    fn draw_replacement(&mut self, seat: usize) {
        self.kans += 1;
        let t = self.wall[121 + self.kans];
        let p = &mut self.players[seat];
        p.hand.add(t);
        p.obtained.push((t, true));
    }

    fn declare_kan(&mut self, seat: usize, kind: Kind, closed: bool) {
        let tile = self.players[seat]
            .hand
            .distinct()
            .into_iter()
            .find(|t| t.kind() == kind)
            .unwrap_or(kind.tile());
        let offers: Vec<Vec<Action>> = (0..self.n)
            .map(|s| {
                let by = WinBy::Chankan;
                if s != seat && self.ron_score(s, tile, by, false, closed).is_some() {
                    vec![Action::Ron, Action::Pass]
                } else {
                    Vec::new()
                }
            })
            .collect();
        let window = Window {
            tile,
            from: seat,
            answers: vec![None; self.n],
            offers,
        };
        if window.waiting().is_empty() {
            self.make_kan(seat, kind, closed);
        } else {
            self.phase = Phase::Robbing { window, closed };
        }
    }

    fn resolve_robbing(&mut self, window: Window, closed: bool) {
        let rons = self.winners(&window);
        if rons.is_empty() {
            self.decline_rons(&window);
            self.make_kan(window.from, window.tile.kind(), closed);
            return;
        }
        let wins = rons
            .into_iter()
            .filter_map(|s| {
                let score = self.ron_score(s, window.tile, WinBy::Chankan, false, closed)?;
                Some(Win {
                    seat: s,
                    from: Some(window.from),
                    by: WinBy::Chankan,
                    card: window.tile,
                    score,
                })
            })
            .collect();
        self.finish(wins);
    }

    fn make_kan(&mut self, seat: usize, kind: Kind, closed: bool) {
        self.called = true;
        for p in &mut self.players {
            p.ippatsu = false;
        }
        let p = &mut self.players[seat];
        if closed {
            let mut tiles = Vec::new();
            while let Some(t) = p.hand.remove_kind(kind) {
                tiles.push(t);
            }
            tiles.sort();
            p.obtained.retain(|(t, _)| t.kind() != kind);
            p.melds.push(Meld {
                kind: MeldKind::Ankan,
                tiles,
                claimed: None,
                from: None,
            });
        } else if let Some(t) = p.hand.remove_kind(kind) {
            if let Some(i) = p.obtained.iter().position(|(o, _)| o.kind() == kind) {
                p.obtained.remove(i);
            }
            if let Some(m) = p
                .melds
                .iter_mut()
                .find(|m| m.kind == MeldKind::Pon && m.first() == kind)
            {
                m.kind = MeldKind::Kakan;
                m.tiles.push(t);
                m.tiles.sort();
            }
        }
        self.draw_replacement(seat);
        self.phase = Phase::Decide {
            seat,
            after: After::Replacement,
        };
    }

    /// The turn of `seat` is over: the next turn, or the exhaustive draw after the last.
    fn end_turn(&mut self, seat: usize) {
        if self.turn >= self.last_turn() {
            let tenpai = (0..self.n)
                .map(|s| self.players[s].size() == 13 && !self.waits_of(s).is_empty())
                .collect();
            self.outcome = Some(Outcome::Draw { tenpai });
            self.phase = Phase::Ended;
            return;
        }
        let next = self.next_seat(seat);
        self.turn += 1;
        self.players[next].obtained.clear();
        self.phase = Phase::Start { seat: next };
    }

    fn finish(&mut self, wins: Vec<Win>) {
        self.outcome = Some(Outcome::Wins(wins));
        self.phase = Phase::Ended;
    }

    /// Pays the round's outcome (§9).
    pub fn settle(&mut self) {
        if let Some(outcome) = &self.outcome {
            for t in payments(self.n, self.dealer, self.honba, self.pot, outcome) {
                self.pay(t);
            }
        }
    }

    fn pay(&mut self, t: Transfer) {
        for (party, sign) in [(t.from, -1), (t.to, 1)] {
            match party {
                Party::Seat(s) => self.points[s] += sign * t.amount,
                Party::Pot => self.pot += sign * t.amount,
            }
        }
        self.transfers.push(t);
    }

    /// Every tile: hands, melds, board and the dead wall's unused part; for the invariant.
    pub fn tiles_accounted(&self) -> usize {
        let held: usize = self
            .players
            .iter()
            .map(|p| p.hand.len() + p.melds.iter().map(|m| m.tiles.len()).sum::<usize>())
            .sum();
        let in_window = match &self.phase {
            Phase::Claims { .. } => 1,
            _ => 0,
        };
        held + self.board.tiles() + in_window + (14 - self.kans)
    }
}

#[cfg(test)]
mod tests;
