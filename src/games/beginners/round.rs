//! One round (rules §3–§6, §8): the deal, the draw pile, turns, riichi and tsumo. Answers to
//! a discard are the claim window's (`claim.rs`); settlement and balances are the game's
//! (`game.rs`).

use serde::{Deserialize, Serialize};

use super::action::{Action, Refusal, RiichiBar};
use super::card::{Card, Form, DECK_SIZE};
use super::claim::{Closed, Resolution, Table, Window};
use super::hand::{dealt_complete, Completed, OpenMeld, Set};
use super::options::Options;
use super::player::{Discard, Player};
use super::yaku::{score, Score, WinContext};
use crate::games::interface::seat::{PerSeat, Seat, SeatCount, SeatSet};

/// Cards dealt to each player (rules §3).
pub const HAND: usize = 5;
/// The draw pile holds 30 cards for every number of players (R4).
pub const PILE: usize = 30;
/// What a riichi declaration costs (rules §6).
pub const RIICHI_COST: i64 = 1;

/// How a round was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum WinBy {
    /// On `from`'s discard.
    Ron { from: Seat },
    /// With the card just drawn, or 天和.
    Tsumo,
}

/// How a round ended (rules §8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum RoundEnd {
    Win {
        winner: Seat,
        by: WinBy,
        /// The isolated card that won; `None` for 天和.
        winning: Option<Card>,
        hand: Completed,
        score: Score,
    },
    /// The draw pile was empty when a player should draw (R19): who was tenpai (§5 forms).
    Draw { tenpai: PerSeat<bool> },
}

/// Whose move it is, and what kind of move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// `seat`'s turn: before its draw (`drawn` is `None`) or after it.
    Turn {
        seat: Seat,
        drawn: Option<Card>,
    },
    /// A discarded isolated card waits for the answers of the seats that may claim it.
    Claims(Window),
    Over,
}

/// What an action did, for the event log and the game's ledger.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum RoundEvent {
    Drew {
        seat: Seat,
        card: Card,
    },
    Discarded {
        seat: Seat,
        card: Card,
        riichi: bool,
    },
    RiichiDeclared {
        seat: Seat,
    },
    /// These seats are asked to answer the discard.
    Asked {
        #[serde(with = "super::claim::seat_list")]
        seats: SeatSet,
    },
    /// `seat` answered (what it answered stays secret until the window closes).
    Answered {
        seat: Seat,
    },
    /// The window closed: every answer, now public, and who took the discard. Before the
    /// call or the win it led to.
    Resolved(Closed),
    /// `seat` made a pon or a chi on `from`'s discard.
    Called {
        seat: Seat,
        call: Action,
        from: Seat,
        card: Card,
    },
    Ended(RoundEnd),
}

/// A round in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The deal order of all 108 cards (secret until the round is over).
    pub deck: Vec<Card>,
    pub seats: SeatCount,
    pub dealer: Seat,
    /// Cards drawn from the pile so far.
    pub drawn: usize,
    pub players: PerSeat<Player>,
    pub phase: Phase,
    pub end: Option<RoundEnd>,
}

impl Round {
    /// Deals `deck` (the 108 cards, checked by the caller) as rules §3 orders it: the player
    /// `i` places after the dealer takes `d[5i..5i+5)`, the pile is the next 30 cards.
    pub fn deal(deck: &[Card], seats: SeatCount, dealer: Seat) -> Round {
        debug_assert_eq!(deck.len(), DECK_SIZE);
        let mut players = PerSeat::from_fn(seats, |_| Player::new(&[]));
        for (i, seat) in seats.from_seat(dealer).enumerate() {
            players[seat] = Player::new(&deck[HAND * i..HAND * (i + 1)]);
        }
        Round {
            deck: deck.to_vec(),
            seats,
            dealer,
            drawn: 0,
            players,
            phase: Phase::Turn {
                seat: dealer,
                drawn: None,
            },
            end: None,
        }
    }

    /// Cards left in the draw pile.
    pub fn pile_left(&self) -> usize {
        PILE - self.drawn
    }

    /// The cards still in the pile, front first.
    pub fn pile(&self) -> &[Card] {
        let start = HAND * self.seats.get() + self.drawn;
        &self.deck[start..HAND * self.seats.get() + PILE]
    }

    /// The cards set aside unseen for the round (rules §3).
    pub fn aside(&self) -> &[Card] {
        &self.deck[HAND * self.seats.get() + PILE..]
    }

    /// The seats that may act now, ascending.
    pub fn acting(&self) -> SeatSet {
        match self.phase {
            Phase::Turn { seat, .. } => SeatSet::one(seat),
            Phase::Claims(window) => window.pending,
            Phase::Over => SeatSet::EMPTY,
        }
    }

    /// Every legal action of `seat`, in the format's order: draw, tsumo, discards, riichi
    /// discards, ron, pon, chi, pass.
    pub fn legal_actions(&self, seat: Seat, balance: i64, options: &Options) -> Vec<Action> {
        match self.phase {
            Phase::Turn { seat: s, .. } if s != seat => Vec::new(),
            Phase::Turn { drawn: None, .. } => {
                let mut legal = vec![Action::Draw];
                if self.tenhou(options).is_some() {
                    legal.push(Action::Tsumo);
                }
                legal
            }
            Phase::Turn {
                drawn: Some(drawn), ..
            } => self.turn_actions(seat, drawn, balance, options),
            Phase::Claims(window) => window.legal_actions(self.table(), seat, options),
            Phase::Over => Vec::new(),
        }
    }

    /// After a draw: tsumo if it wins, then each distinct discard, then each riichi discard.
    fn turn_actions(
        &self,
        seat: Seat,
        drawn: Card,
        balance: i64,
        options: &Options,
    ) -> Vec<Action> {
        let player = &self.players[seat];
        let mut legal = Vec::with_capacity(2 * player.concealed.len() + 1);
        if self.tsumo(seat, drawn, options).is_ok() {
            legal.push(Action::Tsumo);
        }
        if player.riichi {
            legal.push(Action::Discard {
                card: drawn,
                riichi: false,
            });
            return legal;
        }
        legal.extend(player.distinct().map(|card| Action::Discard {
            card,
            riichi: false,
        }));
        if self.riichi_bar(seat, balance).is_none() {
            legal.extend(
                player
                    .distinct()
                    .filter(|&c| player.tenpai_without(c).is_some())
                    .map(|card| Action::Discard { card, riichi: true }),
            );
        }
        legal
    }

    /// Applies one action of `seat`, whose balance is `balance`.
    ///
    /// # Errors
    /// The refusal; the round is unchanged then.
    pub fn apply(
        &mut self,
        seat: Seat,
        action: Action,
        balance: i64,
        options: &Options,
    ) -> Result<Vec<RoundEvent>, Refusal> {
        match self.phase {
            Phase::Over => Err(Refusal::RoundOver),
            Phase::Claims(window) => self.answer(window, seat, action, options),
            Phase::Turn { seat: s, .. } if s != seat => Err(Refusal::NotYourTurn),
            Phase::Turn { drawn: None, .. } => self.before_draw(seat, action, options),
            Phase::Turn {
                drawn: Some(drawn), ..
            } => self.after_draw(seat, drawn, action, balance, options),
        }
    }

    fn before_draw(
        &mut self,
        seat: Seat,
        action: Action,
        options: &Options,
    ) -> Result<Vec<RoundEvent>, Refusal> {
        match action {
            Action::Draw => Ok(vec![self.draw(seat)]),
            Action::Tsumo => {
                let (hand, score) = self.tenhou(options).ok_or(Refusal::NoWin)?;
                Ok(vec![self.win(seat, WinBy::Tsumo, None, hand, score)])
            }
            Action::Discard { .. } => Err(Refusal::MustDraw),
            _ => Err(Refusal::NothingToAnswer),
        }
    }

    fn after_draw(
        &mut self,
        seat: Seat,
        drawn: Card,
        action: Action,
        balance: i64,
        options: &Options,
    ) -> Result<Vec<RoundEvent>, Refusal> {
        match action {
            Action::Draw => Err(Refusal::AlreadyDrew),
            Action::Tsumo => {
                let (hand, score) = self.tsumo(seat, drawn, options)?;
                Ok(vec![self.win(seat, WinBy::Tsumo, Some(drawn), hand, score)])
            }
            Action::Discard { card, riichi } => {
                self.check_discard(seat, drawn, card, riichi, balance)?;
                Ok(self.discard(seat, card, riichi, options))
            }
            _ => Err(Refusal::NothingToAnswer),
        }
    }

    fn draw(&mut self, seat: Seat) -> RoundEvent {
        let card = self.pile()[0];
        self.drawn += 1;
        self.players[seat].add(card);
        self.phase = Phase::Turn {
            seat,
            drawn: Some(card),
        };
        RoundEvent::Drew { seat, card }
    }

    /// The dealer's 天和: its first decision, its dealt hand 4 meld cards and a head card,
    /// and 天和 enabled (rules §7).
    fn tenhou(&self, options: &Options) -> Option<(Completed, Score)> {
        let first = self.drawn == 0
            && matches!(self.phase, Phase::Turn { seat, drawn: None } if seat == self.dealer);
        if !first {
            return None;
        }
        let hand = dealt_complete(&self.players[self.dealer].concealed)?;
        let how = WinContext {
            tenhou: true,
            riichi: false,
            closed: true,
            tsumo: true,
        };
        Some((hand, score(&hand, how, &options.yaku_points)?))
    }

    /// A tsumo with `drawn`: the 5 units before the draw are tenpai, `drawn` is an isolated
    /// card of their wait (R7), and the win has a yaku (R8).
    fn tsumo(
        &self,
        seat: Seat,
        drawn: Card,
        options: &Options,
    ) -> Result<(Completed, Score), Refusal> {
        let player = &self.players[seat];
        let tenpai = player
            .tenpai_without(drawn)
            .filter(|t| drawn == Card::isolated(t.wait))
            .ok_or(Refusal::NotTheWinningCard)?;
        let how = WinContext {
            tenhou: false,
            riichi: player.riichi,
            closed: player.is_closed(),
            tsumo: true,
        };
        let score = score(&tenpai.completed, how, &options.yaku_points).ok_or(Refusal::NoYaku)?;
        Ok((tenpai.completed, score))
    }

    /// Why `seat` may not declare riichi with some discard now, whatever the card.
    fn riichi_bar(&self, seat: Seat, balance: i64) -> Option<RiichiBar> {
        let player = &self.players[seat];
        if player.riichi {
            Some(RiichiBar::Already)
        } else if !player.is_closed() {
            Some(RiichiBar::OpenHand)
        } else if balance < RIICHI_COST {
            Some(RiichiBar::NoPoint)
        } else if self.pile_left() < self.seats.get() {
            Some(RiichiBar::PileTooShort)
        } else {
            None
        }
    }

    fn check_discard(
        &self,
        seat: Seat,
        drawn: Card,
        card: Card,
        riichi: bool,
        balance: i64,
    ) -> Result<(), Refusal> {
        let player = &self.players[seat];
        if !player.holds(card) {
            return Err(Refusal::NotInHand(card));
        }
        if player.riichi && riichi {
            return Err(Refusal::Riichi(RiichiBar::Already));
        }
        if player.riichi && card != drawn {
            return Err(Refusal::RiichiLocked);
        }
        if riichi {
            if let Some(bar) = self.riichi_bar(seat, balance) {
                return Err(Refusal::Riichi(bar));
            }
            if player.tenpai_without(card).is_none() {
                return Err(Refusal::Riichi(RiichiBar::NotTenpai));
            }
        }
        Ok(())
    }

    /// Discards a checked card and opens the claim window on it (closed at once when nobody
    /// may claim it).
    fn discard(
        &mut self,
        seat: Seat,
        card: Card,
        riichi: bool,
        options: &Options,
    ) -> Vec<RoundEvent> {
        let player = &mut self.players[seat];
        player.remove(card);
        player.discards.push(Discard {
            card,
            riichi,
            claimed: false,
        });
        let mut events = vec![RoundEvent::Discarded { seat, card, riichi }];
        if riichi {
            player.riichi = true;
            events.push(RoundEvent::RiichiDeclared { seat });
        }
        let window = Window::open(self.table(), seat, card, options);
        if window.pending.is_empty() {
            events.extend(self.pass_on(seat));
        } else {
            events.push(RoundEvent::Asked {
                seats: window.pending,
            });
            self.phase = Phase::Claims(window);
        }
        events
    }

    /// What the claims on a discard depend on.
    fn table(&self) -> Table<'_> {
        Table {
            players: &self.players,
            seats: self.seats,
            pile_left: self.pile_left(),
        }
    }

    /// Takes one answer to the discard; the last one closes the window (rules §4.2).
    fn answer(
        &mut self,
        mut window: Window,
        seat: Seat,
        action: Action,
        options: &Options,
    ) -> Result<Vec<RoundEvent>, Refusal> {
        let closed = window.answer(self.table(), seat, action, options)?;
        let mut events = vec![RoundEvent::Answered { seat }];
        if let Some(resolution) = &closed {
            events.push(RoundEvent::Resolved(window.closed(resolution)));
        }
        match closed {
            None => self.phase = Phase::Claims(window),
            Some(Resolution::Ron {
                winner,
                hand,
                score,
            }) => {
                let by = WinBy::Ron {
                    from: window.discarder,
                };
                events.push(self.win(winner, by, Some(window.card), hand, score));
            }
            Some(Resolution::Call {
                caller,
                call,
                shape,
            }) => events.push(self.call(&window, caller, call, shape)),
            Some(Resolution::Nothing) => events.extend(self.pass_on(window.discarder)),
        }
        Ok(events)
    }

    /// Lays the caller's taatsu and the discard out as an open meld; the caller's next seat
    /// plays, with no draw or discard for the caller (R12).
    fn call(
        &mut self,
        window: &Window,
        caller: Seat,
        call: Action,
        shape: super::card::Shape,
    ) -> RoundEvent {
        let kind = window.card.kind();
        let taatsu = Card::new(kind, Form::Taatsu(shape)).expect("a checked call's taatsu");
        let player = &mut self.players[caller];
        player.remove(taatsu);
        player.open.push(OpenMeld {
            set: Set { kind, shape },
            from: window.discarder,
        });
        if let Some(d) = self.players[window.discarder].discards.last_mut() {
            d.claimed = true;
        }
        self.phase = Phase::Turn {
            seat: caller.next(self.seats),
            drawn: None,
        };
        RoundEvent::Called {
            seat: caller,
            call,
            from: window.discarder,
            card: window.card,
        }
    }

    /// Nobody takes `discarder`'s discard: the next seat's turn, or an exhaustive draw when
    /// the pile is empty (rules §4.2 step 3).
    fn pass_on(&mut self, discarder: Seat) -> Option<RoundEvent> {
        if self.pile_left() == 0 {
            let tenpai = self.players.map(|_, p| p.tenpai().is_some());
            return Some(self.end(RoundEnd::Draw { tenpai }));
        }
        self.phase = Phase::Turn {
            seat: discarder.next(self.seats),
            drawn: None,
        };
        None
    }

    fn win(
        &mut self,
        winner: Seat,
        by: WinBy,
        winning: Option<Card>,
        hand: Completed,
        score: Score,
    ) -> RoundEvent {
        self.end(RoundEnd::Win {
            winner,
            by,
            winning,
            hand,
            score,
        })
    }

    fn end(&mut self, end: RoundEnd) -> RoundEvent {
        self.phase = Phase::Over;
        self.end = Some(end.clone());
        RoundEvent::Ended(end)
    }

    /// Every card of the round, wherever it lies: hands, open melds, unclaimed discards, the
    /// pile and the cards set aside (all 108, always).
    pub fn all_cards(&self) -> Vec<Card> {
        let mut all: Vec<Card> = self.pile().to_vec();
        all.extend_from_slice(self.aside());
        for player in self.players.values() {
            all.extend(player.cards());
            all.extend(
                player
                    .discards
                    .iter()
                    .filter(|d| !d.claimed)
                    .map(|d| d.card),
            );
        }
        all
    }
}
