//! One round (局): the deal, turns, claim windows, kans, riichi and furiten, and how it ends
//! (§3–§7, §11). Legal actions are listed in `legal.rs`; a win's score and the settlement are
//! in `settle.rs`.

use serde::{Deserialize, Serialize};

use super::action::{Action, Refusal};
use super::closed::Closed;
use super::options::Options;
use super::wall::Wall;
use crate::games::interface::ledger::Party;
use crate::games::interface::seat::{PerSeat, Seat, SeatCount, SeatSet};
pub use crate::games::interface::Acting;
use crate::games::kit::ids::stable_ids;
use crate::games::kit::mahjong::hand::{Hand, Meld, MeldKind};
use crate::games::kit::mahjong::score::Score;
use crate::games::kit::mahjong::tile::{Kind, KindSet, Tile};
use crate::games::kit::mahjong::yaku::{RiichiKind, WinBy};

/// Four players, always.
pub const SEATS: SeatCount = SeatCount::FOUR;
/// A riichi stick.
pub const RIICHI_STICK: i64 = 1000;

stable_ids! {
    /// Why points moved (the scenario format's reasons).
    #[derive(Hash)]
    pub enum Reason {
        Riichi,
        Win,
        Pot,
        Noten,
    }
}

/// Points moving from one party to another.
pub type Transfer = crate::games::interface::ledger::Transfer<Reason>;

/// Every player's points and the pot, which the rounds move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scores {
    pub points: PerSeat<i64>,
    pub pot: i64,
}

impl Scores {
    /// Moves points and notes the transfer.
    pub fn apply(&mut self, t: &Transfer) {
        t.move_points(&mut self.points, &mut self.pot);
    }
}

/// A tile in a player's pond.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Discarded {
    pub tile: Tile,
    /// Declared riichi with it.
    pub riichi: bool,
    /// Taken by another player's call (it still counts as this player's discard, §5).
    pub claimed: bool,
    /// The tile just drawn (ツモ切り).
    pub tsumogiri: bool,
}

/// One player in a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub hand: Hand,
    pub melds: Vec<Meld>,
    pub pond: Vec<Discarded>,
    /// Every kind this player discarded this round, claimed ones included (furiten).
    pub discarded: KindSet,
    /// The accepted riichi (its stick paid).
    pub riichi: RiichiKind,
    /// In riichi, and no call, kan or own discard since the declaration ([R21]).
    pub ippatsu: bool,
    /// Declined a legal ron since the last own discard ([R12]).
    pub temporary_furiten: bool,
    /// Declined a legal ron while in riichi.
    pub riichi_furiten: bool,
    /// The tile just drawn, while it is this player's turn after a draw.
    pub drawn: Option<Tile>,
    /// Draws from the live wall so far.
    pub draws: u32,
    /// Kans made.
    pub kans: u8,
}

impl Player {
    fn dealt(tiles: &[Tile]) -> Player {
        Player {
            hand: Hand::from_tiles(tiles),
            melds: Vec::new(),
            pond: Vec::new(),
            discarded: KindSet::EMPTY,
            riichi: RiichiKind::None,
            ippatsu: false,
            temporary_furiten: false,
            riichi_furiten: false,
            drawn: None,
            draws: 0,
            kans: 0,
        }
    }

    /// No chi, pon, open or added kan.
    pub fn is_closed(&self) -> bool {
        self.melds.iter().all(|m| !m.kind.opens_hand())
    }

    pub fn in_riichi(&self) -> bool {
        self.riichi != RiichiKind::None
    }
}

/// What the player to act did just before.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "after", rename_all = "snake_case")]
pub enum After {
    /// Drew from the live wall or, after a kan, a replacement tile; `first`: the player's first
    /// draw with no call or kan in the round before it.
    Draw { replacement: bool, first: bool },
    /// Called a chi or pon: a discard is due, not of these kinds (kuikae, [R4]).
    Call { forbidden: KindSet },
}

/// What opened a claim window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "cause", rename_all = "snake_case")]
pub enum Cause {
    /// A discard; `only_ron` when it ends the round unless ronned (or the wall is empty).
    Discard { only_ron: bool },
    /// An added kan of the tile's kind, which others may rob.
    AddedKan,
    /// A closed kan, which only thirteen orphans may rob.
    ClosedKan,
}

/// A claim window (§5): the tile, each asked seat's legal answers, and the answers so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Window {
    /// The discarder or the kanning player.
    pub from: Seat,
    pub tile: Tile,
    pub cause: Cause,
    /// Each seat's legal answers; empty for a seat not asked.
    pub offers: PerSeat<Vec<Action>>,
    pub answers: PerSeat<Option<Action>>,
}

impl Window {
    /// The asked seats that have not answered.
    pub fn waiting(&self) -> SeatSet {
        SEATS
            .seats()
            .filter(|&s| !self.offers[s].is_empty() && self.answers[s].is_none())
            .collect()
    }
}

/// Whose move it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    Turn { seat: Seat, after: After },
    Claims { window: Window },
    Ended,
}

/// The four abortive draws (§11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Abort {
    FourWinds,
    FourRiichi,
    FourKans,
    NineTerminals,
}

impl Abort {
    pub fn id(self) -> &'static str {
        match self {
            Abort::FourWinds => "four_winds",
            Abort::FourRiichi => "four_riichi",
            Abort::FourKans => "four_kans",
            Abort::NineTerminals => "nine_terminals",
        }
    }
}

/// One winner of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WinRecord {
    pub seat: Seat,
    /// The discarder or kanning player; `None` for tsumo.
    pub from: Option<Seat>,
    pub by: WinBy,
    pub tile: Tile,
    pub score: Score,
    /// The honba bonus received (300 × honba).
    pub honba: i64,
}

/// How a round ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum RoundEnd {
    /// The winners in turn order from the discarder.
    Win {
        wins: Vec<WinRecord>,
    },
    ExhaustiveDraw {
        tenpai: PerSeat<bool>,
    },
    AbortiveDraw {
        abort: Abort,
    },
}

/// One round in play or just ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The game's 0-based round index.
    pub index: usize,
    /// The dealership 0–7 (E1 … S4).
    pub dealership: u8,
    pub dealer: Seat,
    pub honba: u32,
    pub minimum_han: u8,
    pub options: Options,
    pub wall: Wall,
    pub players: PerSeat<Player>,
    pub phase: Phase,
    /// A call or kan has been made this round.
    pub calls_made: bool,
    /// A riichi declared with the discard in the claim window, its stick not paid yet.
    pub declaring: Option<(Seat, RiichiKind)>,
    /// This round's transfers, in order.
    pub transfers: Vec<Transfer>,
    pub end: Option<RoundEnd>,
    /// Every action played, in order (with the wall, enough to write the round's log).
    pub log: Vec<(Seat, Action)>,
}

impl Round {
    /// Deals a round from its wall; the dealer draws at once (§3).
    pub fn deal(
        index: usize,
        dealership: u8,
        dealer: Seat,
        honba: u32,
        options: Options,
        tiles: Vec<Tile>,
    ) -> Round {
        let wall = Wall::new(tiles);
        let players = PerSeat::from_fn(SEATS, |seat| {
            Player::dealt(wall.dealt(usize::from(dealer.distance_to(seat, SEATS))))
        });
        let mut round = Round {
            index,
            dealership,
            dealer,
            honba,
            minimum_han: if options.two_han_shibari && honba >= 5 {
                2
            } else {
                1
            },
            options,
            wall,
            players,
            phase: Phase::Ended,
            calls_made: false,
            declaring: None,
            transfers: Vec::new(),
            end: None,
            log: Vec::new(),
        };
        round.draw(dealer);
        round
    }

    /// East for the first four dealerships, South after.
    pub fn round_wind(&self) -> Kind {
        wind(self.dealership / 4)
    }

    /// East for the dealer, then South, West, North in turn order.
    pub fn seat_wind(&self, seat: Seat) -> Kind {
        wind(self.dealer.distance_to(seat, SEATS))
    }

    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// Who may act now.
    pub fn acting(&self) -> Acting {
        match &self.phase {
            Phase::Turn { seat, .. } => Acting::Turn(*seat),
            Phase::Claims { window } => Acting::Claims(window.waiting()),
            Phase::Ended => Acting::Over,
        }
    }

    /// Applies one action of `seat`, with the game's points for riichi and settlement; an
    /// answer that closes a claim window returns it closed.
    ///
    /// # Errors
    /// The refusal; the round is unchanged then.
    pub fn apply(
        &mut self,
        seat: Seat,
        action: Action,
        scores: &mut Scores,
    ) -> Result<Option<Closed>, Refusal> {
        match self.acting() {
            Acting::Over => return Err(Refusal::RoundOver),
            acting if !acting.includes(seat) => return Err(Refusal::NotYourTurn),
            _ => {}
        }
        if !self.legal_actions(seat, &scores.points).contains(&action) {
            return Err(self.explain(seat, action));
        }
        self.log.push((seat, action));
        Ok(match &self.phase {
            Phase::Turn { .. } => {
                self.play_turn(seat, action, scores);
                None
            }
            _ => self.answer(seat, action, scores),
        })
    }

    fn play_turn(&mut self, seat: Seat, action: Action, scores: &mut Scores) {
        match action {
            Action::Tsumo => {
                let tile = self.players[seat]
                    .drawn
                    .expect("tsumo is listed after a draw");
                self.settle_wins(&[seat], WinBy::Tsumo, None, tile, scores);
            }
            Action::Ankan { card } => self.declare_kan(seat, card, Cause::ClosedKan, scores),
            Action::Kakan { card } => self.declare_kan(seat, card, Cause::AddedKan, scores),
            Action::Kyuushu => self.end_abortive(Abort::NineTerminals),
            Action::Discard { card, riichi } => self.discard(seat, card, riichi, scores),
            _ => unreachable!("only turn actions are listed on a turn"),
        }
    }

    fn draw(&mut self, seat: Seat) {
        let tile = self
            .wall
            .draw()
            .expect("a draw is made only from a live wall");
        let first = self.players[seat].draws == 0 && !self.calls_made;
        let p = &mut self.players[seat];
        p.hand.add(tile);
        p.drawn = Some(tile);
        p.draws += 1;
        self.phase = Phase::Turn {
            seat,
            after: After::Draw {
                replacement: false,
                first,
            },
        };
    }

    fn discard(&mut self, seat: Seat, tile: Tile, riichi: bool, scores: &mut Scores) {
        let calls_made = self.calls_made;
        let p = &mut self.players[seat];
        p.hand.remove(tile);
        let tsumogiri = p.drawn == Some(tile);
        p.drawn = None;
        p.pond.push(Discarded {
            tile,
            riichi,
            claimed: false,
            tsumogiri,
        });
        p.discarded.insert(tile.kind());
        p.temporary_furiten = false;
        p.ippatsu = false;
        if riichi {
            let double = p.pond.len() == 1 && !calls_made;
            let kind = if double {
                RiichiKind::Double
            } else {
                RiichiKind::Single
            };
            self.declaring = Some((seat, kind));
        }
        let only_ron = self.wall.live_left() == 0 || self.pending_abort().is_some();
        let offers = PerSeat::from_fn(SEATS, |s| {
            if s == seat {
                Vec::new()
            } else {
                self.claims_on(s, seat, tile, only_ron)
            }
        });
        self.open_window(seat, tile, Cause::Discard { only_ron }, offers, scores);
    }

    fn open_window(
        &mut self,
        from: Seat,
        tile: Tile,
        cause: Cause,
        offers: PerSeat<Vec<Action>>,
        scores: &mut Scores,
    ) {
        self.phase = Phase::Claims {
            window: Window {
                from,
                tile,
                cause,
                offers,
                answers: PerSeat::filled(SEATS, None),
            },
        };
        // A window nobody is asked in closes at once, with nothing to tell.
        self.resolve_if_answered(scores);
    }

    /// The abortive draw the last discard causes unless it is ronned ([R13], [R31]).
    pub fn pending_abort(&self) -> Option<Abort> {
        let winds = !self.calls_made
            && self.players.values().all(|p| p.pond.len() == 1)
            && self.players.values().all(|p| {
                let first = self.players[self.dealer].pond[0].tile.kind();
                first.is_wind() && p.pond[0].tile.kind() == first
            });
        if winds {
            return Some(Abort::FourWinds);
        }
        if let Some((seat, _)) = self.declaring {
            if self.players.iter().all(|(s, p)| s == seat || p.in_riichi()) {
                return Some(Abort::FourRiichi);
            }
        }
        let one_kanner = self.players.values().any(|p| usize::from(p.kans) == 4);
        if self.wall.kans() == 4 && !one_kanner {
            return Some(Abort::FourKans);
        }
        None
    }

    fn answer(&mut self, seat: Seat, action: Action, scores: &mut Scores) -> Option<Closed> {
        let Phase::Claims { window } = &mut self.phase else {
            return None;
        };
        window.answers[seat] = Some(action);
        let declined_ron = window.offers[seat].contains(&Action::Ron) && action != Action::Ron;
        if declined_ron {
            let p = &mut self.players[seat];
            p.temporary_furiten = true;
            if p.in_riichi() {
                p.riichi_furiten = true;
            }
        }
        self.resolve_if_answered(scores)
    }

    /// Resolves the window once every asked seat has answered (§5), and returns it closed
    /// with the answers carried out (`None` while it is open, or when no seat was asked).
    fn resolve_if_answered(&mut self, scores: &mut Scores) -> Option<Closed> {
        let Phase::Claims { window } = &self.phase else {
            return None;
        };
        if !window.waiting().is_empty() {
            return None;
        }
        let window = window.clone();
        let winners = self.ron_winners(&window);
        let taken_by = if winners.is_empty() {
            match window.cause {
                Cause::Discard { .. } => self.after_discard(&window, scores).into_iter().collect(),
                Cause::AddedKan => {
                    self.complete_kan(window.from, window.tile.kind(), MeldKind::Kakan);
                    Vec::new()
                }
                Cause::ClosedKan => {
                    self.complete_kan(window.from, window.tile.kind(), MeldKind::Ankan);
                    Vec::new()
                }
            }
        } else {
            self.declaring = None;
            let by = match window.cause {
                Cause::Discard { .. } => WinBy::Ron,
                _ => WinBy::Chankan,
            };
            self.settle_wins(&winners, by, Some(window.from), window.tile, scores);
            winners
        };
        let asked = window.offers.values().any(|o| !o.is_empty());
        asked.then(|| Closed::new(window.from, window.tile, window.answers, taken_by))
    }

    /// The seats whose ron wins (§5 step 1, [R9]), nearest to the discarder first.
    fn ron_winners(&self, window: &Window) -> Vec<Seat> {
        let mut rons: Vec<Seat> = SEATS
            .from_seat(window.from)
            .filter(|&s| window.answers[s] == Some(Action::Ron))
            .collect();
        let most = match (self.options.double_ron, self.options.triple_ron) {
            (false, _) => 1,
            (true, false) => 2,
            (true, true) => 3,
        };
        rons.truncate(most);
        rons
    }

    /// §5 steps 2 and 3: the riichi stick, the draws, then a call or the next draw. Returns
    /// the seat whose call is made, if one is.
    fn after_discard(&mut self, window: &Window, scores: &mut Scores) -> Option<Seat> {
        // Four riichi is judged with the declaration still pending.
        let abort = self.pending_abort();
        if let Some((seat, kind)) = self.declaring.take() {
            let p = &mut self.players[seat];
            p.riichi = kind;
            p.ippatsu = true;
            self.pay(
                Transfer {
                    from: Party::Seat(seat),
                    to: Party::Pot,
                    amount: RIICHI_STICK,
                    reason: Reason::Riichi,
                },
                scores,
            );
        }
        if let Some(abort) = abort {
            self.end_abortive(abort);
            return None;
        }
        if self.wall.live_left() == 0 {
            self.end_exhaustive(scores);
            return None;
        }
        let claim = |pred: fn(&Action) -> bool| {
            SEATS
                .seats()
                .find_map(|s| window.answers[s].filter(pred).map(|a| (s, a)))
        };
        let call = claim(|a| matches!(a, Action::Pon { .. } | Action::Daiminkan { .. }))
            .or_else(|| claim(|a| matches!(a, Action::Chi { .. })));
        match call {
            Some((seat, action)) => self.make_call(seat, action, window),
            None => self.draw(window.from.next(SEATS)),
        }
        call.map(|(seat, _)| seat)
    }

    pub(super) fn pay(&mut self, t: Transfer, scores: &mut Scores) {
        scores.apply(&t);
        self.transfers.push(t);
    }

    fn make_call(&mut self, seat: Seat, action: Action, window: &Window) {
        let tile = window.tile;
        if let Some(last) = self.players[window.from].pond.last_mut() {
            last.claimed = true;
        }
        self.calls_made = true;
        self.end_ippatsu();
        let (kind, mut tiles) = match action {
            Action::Chi { cards } => (MeldKind::Chi, cards.to_vec()),
            Action::Pon { cards } => (MeldKind::Pon, cards.to_vec()),
            _ => (MeldKind::Daiminkan, self.all_of(seat, tile.kind())),
        };
        let p = &mut self.players[seat];
        for t in &tiles {
            p.hand.remove(*t);
        }
        tiles.push(tile);
        tiles.sort();
        p.melds.push(Meld {
            kind,
            tiles,
            claimed: Some(tile),
            from: Some(window.from),
        });
        if kind == MeldKind::Daiminkan {
            return self.kan_made(seat);
        }
        let forbidden = kuikae(action, tile);
        self.phase = Phase::Turn {
            seat,
            after: After::Call { forbidden },
        };
    }

    /// Every tile of `kind` in the seat's hand.
    fn all_of(&self, seat: Seat, kind: Kind) -> Vec<Tile> {
        let hand = &self.players[seat].hand;
        let mut out = Vec::new();
        for t in [Some(kind.tile()), kind.red()].into_iter().flatten() {
            out.extend(std::iter::repeat_n(t, usize::from(hand.count_tile(t))));
        }
        out
    }

    fn declare_kan(&mut self, seat: Seat, kind: Kind, cause: Cause, scores: &mut Scores) {
        let tile = self.all_of(seat, kind)[0];
        let closed = cause == Cause::ClosedKan;
        let offers = PerSeat::from_fn(SEATS, |s| {
            if s != seat && self.can_rob(s, tile, closed) {
                vec![Action::Ron, Action::Pass]
            } else {
                Vec::new()
            }
        });
        if offers.values().all(Vec::is_empty) {
            let meld = if closed {
                MeldKind::Ankan
            } else {
                MeldKind::Kakan
            };
            return self.complete_kan(seat, kind, meld);
        }
        self.open_window(seat, tile, cause, offers, scores);
    }

    fn complete_kan(&mut self, seat: Seat, kind: Kind, meld: MeldKind) {
        let tiles = self.all_of(seat, kind);
        let p = &mut self.players[seat];
        if meld == MeldKind::Ankan {
            for t in &tiles {
                p.hand.remove(*t);
            }
            p.melds.push(Meld {
                kind: MeldKind::Ankan,
                tiles,
                claimed: None,
                from: None,
            });
        } else if let Some(pon) = p
            .melds
            .iter_mut()
            .find(|m| m.kind == MeldKind::Pon && m.first() == kind)
        {
            p.hand.remove(tiles[0]);
            pon.kind = MeldKind::Kakan;
            pon.tiles.push(tiles[0]);
            pon.tiles.sort();
        }
        self.kan_made(seat);
    }

    /// A kan is made: it counts as a call, ends every ippatsu, reveals its indicator and draws
    /// the replacement tile (§4, [R5]).
    fn kan_made(&mut self, seat: Seat) {
        self.calls_made = true;
        self.end_ippatsu();
        let tile = self.wall.kan();
        let p = &mut self.players[seat];
        p.kans += 1;
        p.hand.add(tile);
        p.drawn = Some(tile);
        self.phase = Phase::Turn {
            seat,
            after: After::Draw {
                replacement: true,
                first: false,
            },
        };
    }

    /// Any call or kan ends every ippatsu ([R21]).
    fn end_ippatsu(&mut self) {
        for seat in SEATS.seats() {
            self.players[seat].ippatsu = false;
        }
    }

    pub(super) fn end_abortive(&mut self, abort: Abort) {
        self.finish(RoundEnd::AbortiveDraw { abort });
    }

    pub(super) fn finish(&mut self, end: RoundEnd) {
        self.end = Some(end);
        self.phase = Phase::Ended;
        for seat in SEATS.seats() {
            self.players[seat].drawn = None;
        }
    }
}

/// The wind `n` after East.
fn wind(n: u8) -> Kind {
    Kind::new(Kind::EAST.index() as u8 + n % 4).unwrap_or(Kind::EAST)
}

/// The kinds a caller may not discard right after a chi or pon ([R4]).
pub fn kuikae(action: Action, claimed: Tile) -> KindSet {
    let k = claimed.kind();
    let mut forbidden = KindSet::EMPTY.with(k);
    if let Action::Chi { cards: [a, b] } = action {
        let (a, b) = (a.kind(), b.kind());
        if a.up(1) == Some(b) {
            // Two-sided or edge: the kind at the other end of the two hand tiles.
            let other = if k < a {
                b.up(1)
            } else if a.number() > 1 {
                Kind::new(a.index() as u8 - 1)
            } else {
                None
            };
            if let Some(other) = other {
                forbidden.insert(other);
            }
        }
    }
    forbidden
}
