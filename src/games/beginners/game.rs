//! A game (rules §2, §8–§9): rounds in order with the dealer moving on every round, the pot,
//! settlement with its transfers, and the end of the game with its ranking.

use crate::games::kit::ends::concession_ends;
use serde::{Deserialize, Serialize};

use super::action::{Action, Refusal};
use super::card::{check_deck, BadDeck, Card};
use super::claim::Closed;
use super::hand::OpenMeld;
use super::options::Options;
use super::round::{Round, RoundEnd, RoundEvent, WinBy, RIICHI_COST};
use crate::games::interface::seat::{PerSeat, Seat, SeatCount, SeatSet};
use crate::games::kit::ids::stable_ids;

pub use crate::games::interface::ledger::Party;

/// Each player's points at the start (rules §2).
pub const STARTING_POINTS: i64 = 15;

stable_ids! {
    /// Why points moved.
    pub enum Reason {
        Riichi,
        Win,
        Pot,
    }
}

/// Points moving from one party to another.
pub type Transfer = crate::games::interface::ledger::Transfer<Reason>;

stable_ids! {
    /// Why the game ended.
    pub enum EndReason {
        /// A balance went below 0 (R21).
        Bust,
        /// Every player dealt twice: 2 × P rounds.
        Complete,
        Resigned,
        Forfeit,
    }
}

impl EndReason {
    pub const ALL: [EndReason; 4] = [
        EndReason::Bust,
        EndReason::Complete,
        EndReason::Resigned,
        EndReason::Forfeit,
    ];
}

concession_ends!(EndReason);

/// How the game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Every seat from first to last (R22).
    pub ranking: Vec<Seat>,
    pub reason: EndReason,
    /// The pot handed to the first-ranked seat at the end (in no round's transfers).
    pub final_pot: i64,
}

impl Outcome {
    pub fn winner(&self) -> Seat {
        self.ranking[0]
    }
}

/// A finished round (or, from [`Game::current_record`], the one in play).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRecord {
    pub index: u32,
    pub dealer: Seat,
    /// `None` while the round is in play.
    pub end: Option<RoundEnd>,
    /// Each player's concealed cards and open melds when the round ended.
    pub final_hands: Option<PerSeat<(Vec<Card>, Vec<OpenMeld>)>>,
    pub transfers: Vec<Transfer>,
    pub balances: PerSeat<i64>,
    pub pot: i64,
}

/// Something that happened, for the event log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    RoundStarted { index: u32, dealer: Seat },
    Round(RoundEvent),
    Transferred(Transfer),
    GameOver(Outcome),
}

/// A game of the beginners' card mahjong at a table of two to four.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub seats: SeatCount,
    pub options: Options,
    pub first_dealer: Seat,
    pub balances: PerSeat<i64>,
    pub pot: i64,
    /// The dealer of the round in play, or of the next one.
    pub dealer: Seat,
    pub records: Vec<RoundRecord>,
    pub round: Option<Round>,
    /// Transfers of the round in play so far (its riichi points).
    pub pending: Vec<Transfer>,
    pub outcome: Option<Outcome>,
    /// The last claim window that closed, its answers public, until the next discard (also
    /// across a deal: a ron ends its round). Absent from states stored before it was kept.
    #[serde(default)]
    pub last_claims: Option<Closed>,
}

impl Game {
    pub fn new(seats: SeatCount, first_dealer: Seat, options: Options) -> Game {
        Game {
            seats,
            options,
            first_dealer,
            balances: PerSeat::filled(seats, STARTING_POINTS),
            pot: 0,
            dealer: first_dealer,
            records: Vec::new(),
            round: None,
            pending: Vec::new(),
            outcome: None,
            last_claims: None,
        }
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// A round is due: the game goes on and none is in play.
    pub fn needs_deal(&self) -> bool {
        self.round.is_none() && self.outcome.is_none()
    }

    /// The rounds a game lasts when nobody busts: every player deals twice.
    pub fn round_limit(&self) -> usize {
        2 * self.seats.get()
    }

    /// Deals the next round from `deck`.
    ///
    /// # Errors
    /// A deck that is not the 108 cards. Dealing when no round is due is a bug.
    pub fn deal(&mut self, deck: &[Card]) -> Result<Vec<Event>, BadDeck> {
        assert!(self.needs_deal(), "a round is dealt only when one is due");
        check_deck(deck)?;
        self.round = Some(Round::deal(deck, self.seats, self.dealer));
        Ok(vec![Event::RoundStarted {
            index: self.records.len() as u32,
            dealer: self.dealer,
        }])
    }

    /// The seats that may act now, ascending (none between rounds or once over).
    pub fn acting(&self) -> SeatSet {
        self.round.as_ref().map_or(SeatSet::EMPTY, Round::acting)
    }

    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        match &self.round {
            Some(round) if self.seats.has(seat) => {
                round.legal_actions(seat, self.balances[seat], &self.options)
            }
            _ => Vec::new(),
        }
    }

    /// Applies one action; a round that ends is settled at once.
    ///
    /// # Errors
    /// The refusal; the game is unchanged then.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, Refusal> {
        if self.outcome.is_some() {
            return Err(Refusal::GameOver);
        }
        if !self.seats.has(seat) {
            return Err(Refusal::NotYourTurn);
        }
        let balance = self.balances[seat];
        let round = self.round.as_mut().ok_or(Refusal::RoundOver)?;
        let round_events = round.apply(seat, action, balance, &self.options)?;
        let mut events = Vec::with_capacity(round_events.len() + 1);
        for e in round_events {
            match &e {
                RoundEvent::Resolved(closed) => self.last_claims = Some(*closed),
                RoundEvent::Discarded { .. } => self.last_claims = None,
                _ => {}
            }
            let riichi = matches!(e, RoundEvent::RiichiDeclared { .. });
            events.push(Event::Round(e));
            if riichi {
                events.push(self.transfer(
                    Party::Seat(seat),
                    Party::Pot,
                    RIICHI_COST,
                    Reason::Riichi,
                ));
            }
        }
        if self.round.as_ref().is_some_and(|r| r.end.is_some()) {
            events.extend(self.settle());
        }
        Ok(events)
    }

    /// `seat` gives the game up: the round in play is abandoned, `seat` is ranked last and
    /// the others as the game ranks them; the pot goes to the first-ranked.
    ///
    /// # Errors
    /// [`Refusal::GameOver`] when it is already over.
    pub fn concede(&mut self, seat: Seat, reason: EndReason) -> Result<Vec<Event>, Refusal> {
        if self.outcome.is_some() {
            return Err(Refusal::GameOver);
        }
        self.round = None;
        self.pending.clear();
        let mut ranking = self.ranking();
        ranking.retain(|s| *s != seat);
        ranking.push(seat);
        Ok(vec![self.finish(ranking, reason)])
    }

    fn transfer(&mut self, from: Party, to: Party, amount: i64, reason: Reason) -> Event {
        let t = Transfer {
            from,
            to,
            amount,
            reason,
        };
        t.move_points(&mut self.balances, &mut self.pot);
        self.pending.push(t);
        Event::Transferred(t)
    }

    /// Pays the round that just ended, records it, passes the deal on and checks the end.
    fn settle(&mut self) -> Vec<Event> {
        let round = self.round.take().expect("a round just ended");
        let end = round.end.clone().expect("the round is over");
        let mut events = Vec::new();
        if let RoundEnd::Win {
            winner, by, score, ..
        } = &end
        {
            let total = i64::try_from(score.total).unwrap_or(i64::MAX);
            for (payer, amount) in self.payments(*winner, *by, total, round.dealer) {
                events.push(self.transfer(
                    Party::Seat(payer),
                    Party::Seat(*winner),
                    amount,
                    Reason::Win,
                ));
            }
            if self.pot > 0 {
                let pot = self.pot;
                events.push(self.transfer(Party::Pot, Party::Seat(*winner), pot, Reason::Pot));
            }
        }
        self.records.push(RoundRecord {
            index: self.records.len() as u32,
            dealer: round.dealer,
            end: Some(end),
            final_hands: Some(
                round
                    .players
                    .map(|_, p| (p.concealed.clone(), p.open.clone())),
            ),
            transfers: std::mem::take(&mut self.pending),
            balances: self.balances,
            pot: self.pot,
        });
        self.dealer = round.dealer.next(self.seats);
        let bust = self.balances.values().any(|&b| b < 0);
        if bust || self.records.len() >= self.round_limit() {
            let reason = if bust {
                EndReason::Bust
            } else {
                EndReason::Complete
            };
            events.push(self.finish(self.ranking(), reason));
        }
        events
    }

    /// Who pays how much for a win, seats ascending, leaving out those who pay nothing
    /// (rules §8): a ron's discarder all of it; on a tsumo each other player its share, the
    /// remainder on top by the dealer or, when the dealer won, by the next dealer (R18).
    pub fn payments(&self, winner: Seat, by: WinBy, total: i64, dealer: Seat) -> Vec<(Seat, i64)> {
        if let WinBy::Ron { from } = by {
            return vec![(from, total)];
        }
        let others = self.seats.get() as i64 - 1;
        let (share, remainder) = (total / others, total % others);
        let remainder_payer = if winner == dealer {
            dealer.next(self.seats)
        } else {
            dealer
        };
        self.seats
            .seats()
            .filter(|&s| s != winner)
            .map(|s| {
                let extra = if s == remainder_payer { remainder } else { 0 };
                (s, share + extra)
            })
            .filter(|&(_, amount)| amount > 0)
            .collect()
    }

    /// Every seat by balance, highest first; equal balances in turn order from the first
    /// dealer (R22).
    pub fn ranking(&self) -> Vec<Seat> {
        let mut ranking: Vec<Seat> = self.seats.from_seat(self.first_dealer).collect();
        // A stable sort keeps the turn order among equals.
        ranking.sort_by_key(|&s| std::cmp::Reverse(self.balances[s]));
        ranking
    }

    /// Ends the game: the pot goes to the first-ranked seat.
    fn finish(&mut self, ranking: Vec<Seat>, reason: EndReason) -> Event {
        let final_pot = self.pot;
        self.balances[ranking[0]] += final_pot;
        self.pot = 0;
        let outcome = Outcome {
            ranking,
            reason,
            final_pot,
        };
        self.outcome = Some(outcome.clone());
        Event::GameOver(outcome)
    }

    /// The record of the round in play (result still open), if any.
    pub fn current_record(&self) -> Option<RoundRecord> {
        let round = self.round.as_ref()?;
        Some(RoundRecord {
            index: self.records.len() as u32,
            dealer: round.dealer,
            end: None,
            final_hands: None,
            transfers: self.pending.clone(),
            balances: self.balances,
            pot: self.pot,
        })
    }
}
