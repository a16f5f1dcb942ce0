//! One round (rules §3–§6, §8): the wall, the turn state machine, legal actions, furiten and
//! riichi. Settlement and balances are the game's (`game.rs`).

use crate::games::interface::seat::{Opponent, BOTH};
use serde::{Deserialize, Serialize};

use super::action::{Action, Refusal};
use super::group::{is_winning, waits, Group, How, Meld};
use super::options::Options;
use super::piece::{Counts, Kind};
use super::score::{score, Score, Win, WinBy};
use crate::games::interface::seat::{PerSeat, Seat};

/// The pieces dealt to the dealer, and to the other player.
pub const DEALER_HAND: usize = 8;
pub const OTHER_HAND: usize = 7;
/// The front and back of the live wall at the deal, and the first indicator (`d[33]`).
const FRONT: usize = 15;
const BACK: usize = 33;
/// Riichi sticks paid at the declaration.
pub const RIICHI_STICKS: i64 = 2;

/// A discarded piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Discard {
    pub card: Kind,
    /// Taken by the opponent's pon or open kan.
    pub claimed: bool,
    /// The riichi declaration.
    pub riichi: bool,
}

/// One player in a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub concealed: Counts,
    pub melds: Vec<Meld>,
    pub discards: Vec<Discard>,
    pub riichi: bool,
    /// Declared riichi while in discard furiten: a chombo if the round is drawn.
    pub chombo_risk: bool,
    /// Declined a legal ron since their own last discard.
    pub temporary_furiten: bool,
    /// Declined a legal ron while in riichi (for the rest of the round).
    pub riichi_furiten: bool,
    /// Pieces drawn from the live wall (not replacements).
    pub draws: u32,
}

impl Player {
    fn new(hand: &[Kind]) -> Player {
        Player {
            concealed: Counts::of(hand),
            melds: Vec::new(),
            discards: Vec::new(),
            riichi: false,
            chombo_risk: false,
            temporary_furiten: false,
            riichi_furiten: false,
            draws: 0,
        }
    }

    pub fn groups(&self) -> Vec<Group> {
        self.melds.iter().map(|m| m.group).collect()
    }

    pub fn is_closed(&self) -> bool {
        !self.melds.iter().any(Meld::opens_hand)
    }

    /// The waits of the hand as it stands between turns.
    pub fn waits(&self) -> Vec<Kind> {
        waits(&self.concealed, &self.groups())
    }

    pub fn is_tenpai(&self) -> bool {
        !self.waits().is_empty()
    }

    /// A wait is among the kinds this player discarded this round.
    pub fn is_discard_furiten(&self) -> bool {
        self.waits()
            .iter()
            .any(|w| self.discards.iter().any(|d| d.card == *w))
    }

    pub fn is_furiten(&self) -> bool {
        self.temporary_furiten || self.riichi_furiten || self.is_discard_furiten()
    }

    /// Every piece the player holds, concealed and declared.
    pub fn all_pieces(&self) -> Counts {
        let mut all = self.concealed;
        for m in &self.melds {
            for k in Kind::ALL {
                all.add_n(k, m.group.pieces().get(k));
            }
        }
        all
    }
}

/// Whose move it is, and what kind of move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// After a draw, a replacement piece, or the dealer's first turn (`drawn` is `None`).
    Turn {
        seat: Seat,
        drawn: Option<Kind>,
        rinshan: bool,
    },
    /// After a pon: a discard.
    AfterPon {
        seat: Seat,
    },
    /// The opponent discarded `discard`: draw, claim it, ron, or (wall empty) pass.
    Claim {
        seat: Seat,
        discard: Kind,
    },
    /// `by` declared a kan of `card` that `seat` could rob: ron or pass.
    Rob {
        seat: Seat,
        card: Kind,
        by: Seat,
    },
    Over,
}

impl Phase {
    pub fn seat(self) -> Option<Seat> {
        match self {
            Phase::Turn { seat, .. }
            | Phase::AfterPon { seat }
            | Phase::Claim { seat, .. }
            | Phase::Rob { seat, .. } => Some(seat),
            Phase::Over => None,
        }
    }
}

/// How a round ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum RoundEnd {
    Win {
        winner: Seat,
        by: WinBy,
        /// `None` for 天和.
        winning: Option<Kind>,
        score: Score,
    },
    /// The live wall ran out (rules §8).
    Draw {
        tenpai: PerSeat<bool>,
        /// The seats that declared riichi in discard furiten, in seat order.
        chombo: Vec<Seat>,
    },
}

/// What an action did, for the event log and the game's ledger.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum RoundEvent {
    Acted { seat: Seat, action: Action },
    Drew { seat: Seat, card: Kind },
    IndicatorRevealed { card: Kind },
    RiichiDeclared { seat: Seat },
    Ended(RoundEnd),
}

/// A round in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The deal order (secret until the round is over).
    pub deck: Vec<Kind>,
    front: usize,
    back: usize,
    pub indicators: Vec<Kind>,
    pub dealer: Seat,
    pub honba: u32,
    pub players: PerSeat<Player>,
    pub phase: Phase,
    discards_made: u32,
    /// A pon or kan has been made this round (no 天和/地和 after one).
    called: bool,
    pub end: Option<RoundEnd>,
}

impl Round {
    /// Deals `deck` (34 pieces, checked by the caller) as rules §3 orders it.
    pub fn deal(deck: &[Kind], dealer: Seat, honba: u32) -> Round {
        let other = dealer.opponent();
        let mut players = PerSeat::new(Player::new(&[]), Player::new(&[]));
        players[dealer] = Player::new(&deck[..DEALER_HAND]);
        players[other] = Player::new(&deck[DEALER_HAND..DEALER_HAND + OTHER_HAND]);
        Round {
            deck: deck.to_vec(),
            front: FRONT,
            back: BACK,
            indicators: vec![deck[BACK]],
            dealer,
            honba,
            players,
            phase: Phase::Turn {
                seat: dealer,
                drawn: None,
                rinshan: false,
            },
            discards_made: 0,
            called: false,
            end: None,
        }
    }

    /// A round in the middle of play from its parts (the search's sampled games): `wall` is the
    /// live wall front first, `indicators` every indicator revealed.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn assemble(
        wall: &[Kind],
        indicators: &[Kind],
        dealer: Seat,
        honba: u32,
        players: PerSeat<Player>,
        phase: Phase,
        discards_made: u32,
        called: bool,
    ) -> Round {
        // Pieces already dealt or drawn are not needed again: only the live wall and the
        // indicators behind it keep their places (`d[33]` is the first indicator).
        let mut deck = vec![Kind::Fu; 34];
        let back = 34 - indicators.len();
        let front = back - wall.len();
        deck[front..back].copy_from_slice(wall);
        for (i, &k) in indicators.iter().enumerate() {
            deck[33 - i] = k;
        }
        Round {
            deck,
            front,
            back,
            indicators: indicators.to_vec(),
            dealer,
            honba,
            players,
            phase,
            discards_made,
            called,
            end: None,
        }
    }

    /// The minimum han: 2, or 4 from five honba.
    pub fn minimum(&self) -> u32 {
        if self.honba >= 5 {
            4
        } else {
            2
        }
    }

    /// The pieces not yet drawn or revealed, and the indicators and dead pieces behind them.
    pub fn wall(&self) -> &[Kind] {
        &self.deck[self.front..]
    }

    /// Pieces left in the live wall.
    pub fn wall_left(&self) -> usize {
        self.back - self.front
    }

    pub fn to_act(&self) -> Option<Seat> {
        self.phase.seat()
    }

    /// Every legal action of the seat to act, in the order of the scenario format.
    pub fn legal_actions(&self, balances: PerSeat<i64>, options: &Options) -> Vec<Action> {
        match self.phase {
            Phase::Turn { seat, drawn, .. } => self.turn_actions(seat, drawn, balances, options),
            Phase::AfterPon { seat } => self.plain_discards(seat),
            Phase::Claim { seat, discard } => self.claim_actions(seat, discard, options),
            Phase::Rob { .. } => vec![Action::Ron, Action::Pass],
            Phase::Over => Vec::new(),
        }
    }

    fn turn_actions(
        &self,
        seat: Seat,
        drawn: Option<Kind>,
        balances: PerSeat<i64>,
        options: &Options,
    ) -> Vec<Action> {
        let p = &self.players[seat];
        let mut out = Vec::new();
        if self.win_score(seat, drawn, WinBy::Tsumo, options).is_some() {
            out.push(Action::Tsumo);
        }
        for card in Kind::WINDS {
            if self.can_ankan(seat, card, drawn) {
                out.push(Action::Ankan { card });
            }
        }
        if !p.riichi && self.wall_left() >= 2 {
            for m in &p.melds {
                if let (How::Pon, Group::WindTriplet { kind }) = (m.how, m.group) {
                    if p.concealed.get(kind) > 0 {
                        out.push(Action::Kakan { card: kind });
                    }
                }
            }
            out.sort();
        }
        if p.riichi {
            if let Some(card) = drawn {
                out.push(Action::Discard {
                    card,
                    riichi: false,
                });
            }
            return out;
        }
        out.extend(self.plain_discards(seat));
        let may_riichi = p.is_closed() && balances[seat] >= RIICHI_STICKS && self.wall_left() > 0;
        if may_riichi {
            for card in p.concealed.kinds() {
                let mut after = p.concealed;
                after.remove(card);
                if !waits(&after, &p.groups()).is_empty() {
                    out.push(Action::Discard { card, riichi: true });
                }
            }
        }
        out
    }

    fn plain_discards(&self, seat: Seat) -> Vec<Action> {
        self.players[seat]
            .concealed
            .kinds()
            .map(|card| Action::Discard {
                card,
                riichi: false,
            })
            .collect()
    }

    fn can_ankan(&self, seat: Seat, card: Kind, drawn: Option<Kind>) -> bool {
        let p = &self.players[seat];
        if !card.is_wind() || p.concealed.get(card) < 4 || self.wall_left() < 2 {
            return false;
        }
        if !p.riichi {
            return true;
        }
        // In riichi: only with the piece just drawn, and the waits must stay the same.
        if drawn != Some(card) {
            return false;
        }
        let mut before = p.concealed;
        before.remove(card);
        let mut after = p.concealed;
        for _ in 0..4 {
            after.remove(card);
        }
        let mut groups = p.groups();
        let waits_before = waits(&before, &groups);
        groups.push(Group::WindKan { kind: card });
        waits_before == waits(&after, &groups)
    }

    fn claim_actions(&self, seat: Seat, discard: Kind, options: &Options) -> Vec<Action> {
        let p = &self.players[seat];
        let mut out = Vec::new();
        let wall = self.wall_left();
        if wall > 0 {
            out.push(Action::Draw);
            if !p.riichi {
                out.extend(self.pons(seat, discard));
                if discard.is_wind() && p.concealed.get(discard) == 3 && wall >= 2 {
                    out.push(Action::Daiminkan { card: discard });
                }
            }
        }
        let ron = self.can_ron(seat, discard, WinBy::Ron, options);
        if ron {
            out.push(Action::Ron);
        }
        if wall == 0 && ron {
            out.push(Action::Pass);
        }
        out
    }

    /// Every pon of `discard` (rules §4), ordered by their pieces.
    fn pons(&self, seat: Seat, discard: Kind) -> Vec<Action> {
        let c = &self.players[seat].concealed;
        let mut out = Vec::new();
        if discard.is_wind() && c.get(discard) >= 2 {
            out.push(Action::pon(discard, discard));
        }
        if discard == Kind::Fu {
            for dragon in Kind::DRAGONS {
                if c.get(dragon) >= 2 {
                    out.push(Action::pon(dragon, dragon));
                }
            }
        }
        if discard.is_dragon() && c.get(discard) >= 1 && c.get(Kind::Fu) >= 1 {
            out.push(Action::pon(Kind::Fu, discard));
        }
        out.sort();
        out
    }

    /// Whether `seat` may ron on `card` now (shape, minimum, pawn rule and furiten).
    fn can_ron(&self, seat: Seat, card: Kind, by: WinBy, options: &Options) -> bool {
        let p = &self.players[seat];
        let mut with = p.concealed;
        with.add(card);
        is_winning(&with, &p.groups())
            && !p.is_furiten()
            && self.win_score(seat, Some(card), by, options).is_some()
    }

    /// The score of `seat` winning on `winning` (`None`: the dealt pieces, 天和).
    pub fn win_score(
        &self,
        seat: Seat,
        winning: Option<Kind>,
        by: WinBy,
        options: &Options,
    ) -> Option<Score> {
        let p = &self.players[seat];
        let mut concealed = p.concealed;
        if by != WinBy::Tsumo {
            concealed.add(winning?);
        }
        if !is_winning(&concealed, &p.groups()) {
            return None;
        }
        let rinshan = matches!(self.phase, Phase::Turn { rinshan: true, .. });
        let dealer = seat == self.dealer;
        let win = Win {
            concealed,
            winning,
            melds: &p.melds,
            by,
            riichi: p.riichi,
            rinshan,
            tenhou: by == WinBy::Tsumo && dealer && winning.is_none(),
            chiihou: by == WinBy::Tsumo && !dealer && p.draws == 1 && !self.called && !rinshan,
            renhou: by == WinBy::Ron && !dealer && self.discards_made == 1 && p.draws == 0,
            indicators: &self.indicators,
            honba: self.honba,
            minimum: self.minimum(),
        };
        score(&win, options)
    }

    /// Applies one action of `seat`, or says why not (nothing changes then).
    ///
    /// # Errors
    /// The refusal.
    pub fn apply(
        &mut self,
        seat: Seat,
        action: Action,
        balances: PerSeat<i64>,
        options: &Options,
    ) -> Result<Vec<RoundEvent>, Refusal> {
        let to_act = self.to_act().ok_or(Refusal::RoundOver)?;
        if seat != to_act {
            return Err(Refusal::NotYourTurn);
        }
        let legal = self.legal_actions(balances, options);
        if !legal.contains(&action) {
            return Err(self.why_not(seat, action, options));
        }
        let mut events = vec![RoundEvent::Acted { seat, action }];
        if legal.contains(&Action::Ron) && action != Action::Ron {
            let p = &mut self.players[seat];
            p.temporary_furiten = true;
            p.riichi_furiten |= p.riichi;
        }
        match action {
            Action::Draw => self.draw(seat, &mut events),
            Action::Pon { cards } => self.pon(seat, cards),
            Action::Daiminkan { card } => self.open_kan(seat, card, &mut events),
            Action::Ron => self.ron(seat, options, &mut events),
            Action::Tsumo => self.tsumo(seat, options, &mut events),
            Action::Ankan { card } => self.closed_kan(seat, card, options, &mut events),
            Action::Kakan { card } => self.added_kan(seat, card, options, &mut events),
            Action::Discard { card, riichi } => {
                self.discard(seat, card, riichi, options, &mut events)
            }
            Action::Pass => self.pass(&mut events),
        }
        Ok(events)
    }

    fn draw(&mut self, seat: Seat, events: &mut Vec<RoundEvent>) {
        let card = self.deck[self.front];
        self.front += 1;
        let p = &mut self.players[seat];
        p.concealed.add(card);
        p.draws += 1;
        events.push(RoundEvent::Drew { seat, card });
        self.phase = Phase::Turn {
            seat,
            drawn: Some(card),
            rinshan: false,
        };
    }

    fn claimed_discard(&mut self, seat: Seat) -> Kind {
        let from = &mut self.players[seat.opponent()];
        let last = from.discards.last_mut().expect("a claim follows a discard");
        last.claimed = true;
        self.called = true;
        last.card
    }

    fn pon(&mut self, seat: Seat, cards: [Kind; 2]) {
        let discard = self.claimed_discard(seat);
        let p = &mut self.players[seat];
        for c in cards {
            p.concealed.remove(c);
        }
        let group = if discard.is_wind() {
            Group::WindTriplet { kind: discard }
        } else {
            let dragon = if discard.is_dragon() {
                discard
            } else {
                cards[0]
            };
            Group::DragonSet { kind: dragon }
        };
        p.melds.push(Meld {
            group,
            how: How::Pon,
            called: Some(discard),
        });
        self.phase = Phase::AfterPon { seat };
    }

    fn open_kan(&mut self, seat: Seat, card: Kind, events: &mut Vec<RoundEvent>) {
        self.claimed_discard(seat);
        let p = &mut self.players[seat];
        for _ in 0..3 {
            p.concealed.remove(card);
        }
        p.melds.push(Meld {
            group: Group::WindKan { kind: card },
            how: How::OpenKan,
            called: Some(card),
        });
        self.complete_kan(seat, events);
    }

    fn closed_kan(
        &mut self,
        seat: Seat,
        card: Kind,
        options: &Options,
        events: &mut Vec<RoundEvent>,
    ) {
        let p = &mut self.players[seat];
        for _ in 0..4 {
            p.concealed.remove(card);
        }
        p.melds.push(Meld {
            group: Group::WindKan { kind: card },
            how: How::ClosedKan,
            called: None,
        });
        self.called = true;
        self.offer_robbing(seat, card, options, events);
    }

    fn added_kan(
        &mut self,
        seat: Seat,
        card: Kind,
        options: &Options,
        events: &mut Vec<RoundEvent>,
    ) {
        let p = &mut self.players[seat];
        p.concealed.remove(card);
        let pon = p
            .melds
            .iter_mut()
            .find(|m| m.how == How::Pon && m.group == Group::WindTriplet { kind: card })
            .expect("checked: a pon of this wind");
        pon.group = Group::WindKan { kind: card };
        pon.how = How::AddedKan;
        self.called = true;
        self.offer_robbing(seat, card, options, events);
    }

    /// A declared added or closed kan waits for the opponent when they could rob it.
    fn offer_robbing(
        &mut self,
        seat: Seat,
        card: Kind,
        options: &Options,
        events: &mut Vec<RoundEvent>,
    ) {
        let robber = seat.opponent();
        if self.can_ron(robber, card, WinBy::Chankan, options) {
            self.phase = Phase::Rob {
                seat: robber,
                card,
                by: seat,
            };
        } else {
            self.complete_kan(seat, events);
        }
    }

    /// The kan's indicator (the haitei turned up) and replacement piece (rules §3).
    fn complete_kan(&mut self, seat: Seat, events: &mut Vec<RoundEvent>) {
        self.back -= 1;
        let indicator = self.deck[self.back];
        self.indicators.push(indicator);
        events.push(RoundEvent::IndicatorRevealed { card: indicator });
        let card = self.deck[self.front];
        self.front += 1;
        self.players[seat].concealed.add(card);
        events.push(RoundEvent::Drew { seat, card });
        self.phase = Phase::Turn {
            seat,
            drawn: Some(card),
            rinshan: true,
        };
    }

    fn ron(&mut self, seat: Seat, options: &Options, events: &mut Vec<RoundEvent>) {
        let (card, by) = match self.phase {
            Phase::Claim { discard, .. } => (discard, WinBy::Ron),
            Phase::Rob { card, .. } => (card, WinBy::Chankan),
            _ => unreachable!("checked: ron is legal"),
        };
        let score = self
            .win_score(seat, Some(card), by, options)
            .expect("checked: ron wins");
        self.players[seat].concealed.add(card);
        self.end(
            RoundEnd::Win {
                winner: seat,
                by,
                winning: Some(card),
                score,
            },
            events,
        );
    }

    fn tsumo(&mut self, seat: Seat, options: &Options, events: &mut Vec<RoundEvent>) {
        let Phase::Turn { drawn, .. } = self.phase else {
            unreachable!("checked: tsumo is legal")
        };
        let score = self
            .win_score(seat, drawn, WinBy::Tsumo, options)
            .expect("checked: tsumo wins");
        self.end(
            RoundEnd::Win {
                winner: seat,
                by: WinBy::Tsumo,
                winning: drawn,
                score,
            },
            events,
        );
    }

    fn discard(
        &mut self,
        seat: Seat,
        card: Kind,
        riichi: bool,
        options: &Options,
        events: &mut Vec<RoundEvent>,
    ) {
        let p = &mut self.players[seat];
        p.concealed.remove(card);
        p.discards.push(Discard {
            card,
            claimed: false,
            riichi,
        });
        p.temporary_furiten = false;
        if riichi {
            p.riichi = true;
            // Judged after the declaration discard, that discard included (rules §6).
            p.chombo_risk = p.is_discard_furiten();
            events.push(RoundEvent::RiichiDeclared { seat });
        }
        self.discards_made += 1;
        let opponent = seat.opponent();
        if self.wall_left() == 0 && !self.can_ron(opponent, card, WinBy::Ron, options) {
            self.exhaustive_draw(events);
        } else {
            self.phase = Phase::Claim {
                seat: opponent,
                discard: card,
            };
        }
    }

    fn pass(&mut self, events: &mut Vec<RoundEvent>) {
        match self.phase {
            Phase::Rob { by, .. } => self.complete_kan(by, events),
            _ => self.exhaustive_draw(events),
        }
    }

    fn exhaustive_draw(&mut self, events: &mut Vec<RoundEvent>) {
        let tenpai = self.players.map(|_, p| p.is_tenpai());
        let chombo = BOTH
            .into_iter()
            .filter(|s| self.players[*s].chombo_risk)
            .collect();
        self.end(RoundEnd::Draw { tenpai, chombo }, events);
    }

    fn end(&mut self, end: RoundEnd, events: &mut Vec<RoundEvent>) {
        self.phase = Phase::Over;
        self.end = Some(end.clone());
        events.push(RoundEvent::Ended(end));
    }

    /// The reason an action that is not legal now is refused.
    fn why_not(&self, seat: Seat, action: Action, options: &Options) -> Refusal {
        let p = &self.players[seat];
        let in_hand = |k: Kind| p.concealed.get(k) > 0;
        match (self.phase, action) {
            (_, Action::Discard { card, .. }) if !in_hand(card) => Refusal::NotInHand(card),
            (Phase::Turn { .. }, Action::Discard { riichi: false, .. }) if p.riichi => {
                Refusal::RiichiLocked
            }
            (Phase::Turn { .. } | Phase::AfterPon { .. }, Action::Discard { riichi: true, .. }) => {
                Refusal::BadRiichi
            }
            (Phase::AfterPon { .. }, _) => Refusal::MustDiscard,
            (Phase::Claim { .. }, Action::Draw) => Refusal::WallEmpty,
            (Phase::Claim { .. }, Action::Pon { .. }) if p.riichi => Refusal::RiichiLocked,
            (Phase::Claim { .. }, Action::Pon { .. }) if self.wall_left() == 0 => {
                Refusal::BadPon("the live wall is empty")
            }
            (Phase::Claim { .. }, Action::Pon { .. }) => {
                Refusal::BadPon("a pon takes two winds like the discard, a pair of a dragon for a pawn, or a dragon and a pawn for that dragon")
            }
            (Phase::Claim { .. }, Action::Daiminkan { .. }) if p.riichi => Refusal::RiichiLocked,
            (_, Action::Daiminkan { .. } | Action::Ankan { .. } | Action::Kakan { .. })
                if self.wall_left() < 2 =>
            {
                Refusal::BadKan("a kan needs two pieces in the live wall")
            }
            (_, Action::Daiminkan { .. } | Action::Ankan { .. } | Action::Kakan { .. }) => {
                Refusal::BadKan("only four identical winds make a kan (three concealed and the discard, four concealed, or a pon and the fourth); in riichi only a closed kan that keeps the waits")
            }
            (Phase::Claim { discard, .. }, Action::Ron) => {
                if p.is_furiten() && self.win_score(seat, Some(discard), WinBy::Ron, options).is_some() {
                    Refusal::Furiten
                } else {
                    Refusal::NoWin
                }
            }
            (Phase::Turn { .. }, Action::Tsumo) => Refusal::NoWin,
            (Phase::Turn { .. }, Action::Ron | Action::Pon { .. }) => Refusal::NothingToClaim,
            (Phase::Turn { .. }, Action::Draw) => Refusal::NoDraw,
            (_, Action::Pass) => Refusal::NothingToPass,
            (_, other) => Refusal::NotNow(other),
        }
    }
}
