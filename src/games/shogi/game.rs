//! A game (rules §8–§9): rounds in order, the pot, honba and the dealer, settlement with its
//! transfers, and the end of the game with the 40 return.

use crate::games::interface::seat::{Opponent, BOTH};
use crate::games::kit::ends::concession_ends;
use serde::{Deserialize, Serialize};

use super::action::{Action, Refusal};
use super::options::Options;
use super::piece::{full_set, Counts, Kind};
use super::round::{Round, RoundEnd, RoundEvent, RIICHI_STICKS};
use crate::games::interface::seat::{PerSeat, Seat};
use crate::games::kit::ids::stable_ids;

/// Each player's points at the start.
pub const STARTING_POINTS: i64 = 30;
/// The final score is counted against this return (rules §9).
pub const RETURN: i64 = 40;
/// The game ends after this many rounds (rules §9, ruling).
pub const ROUND_LIMIT: usize = 32;
/// What a chombo costs, and the noten payment.
pub const CHOMBO: i64 = 15;
pub const NOTEN: i64 = 5;

pub use crate::games::interface::ledger::Party;

stable_ids! {
    /// Why points moved.
    pub enum Reason {
        Riichi,
        Win,
        Pot,
        Chombo,
        Noten,
    }
}

/// Points moving from one party to another.
pub type Transfer = crate::games::interface::ledger::Transfer<Reason>;

stable_ids! {
    /// Why the game ended.
    pub enum EndReason {
        /// A player's balance went below zero (箱下).
        Bust,
        /// The 32nd round was played.
        RoundLimit,
        Resigned,
        Forfeit,
    }
}

concession_ends!(EndReason);

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Seat,
    pub reason: EndReason,
    /// The loser's balance − 40 and the winner's, the sign turned (rules §9).
    pub final_score: PerSeat<i64>,
}

/// A finished round (or, from [`Game::current_record`], the one in play).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRecord {
    pub index: u32,
    pub dealer: Seat,
    pub honba: u32,
    pub minimum: u32,
    pub indicators: Vec<Kind>,
    /// `None` while the round is in play.
    pub end: Option<RoundEnd>,
    /// Both concealed hands when the round ended.
    pub final_hands: Option<PerSeat<Vec<Kind>>>,
    /// Both players' declared groups when the round ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_melds: Option<PerSeat<Vec<super::group::Meld>>>,
    pub transfers: Vec<Transfer>,
    pub balances: PerSeat<i64>,
    pub pot: i64,
}

/// Something that happened, for the event log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    RoundStarted {
        index: u32,
        dealer: Seat,
        honba: u32,
        indicator: Kind,
    },
    Round(RoundEvent),
    Transferred(Transfer),
    GameOver(Outcome),
}

/// A game of shogi mahjong between seats 0 and 1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub options: Options,
    pub first_dealer: Seat,
    pub balances: PerSeat<i64>,
    pub pot: i64,
    /// Dealer and honba of the round in play, or of the next one.
    pub dealer: Seat,
    pub honba: u32,
    pub records: Vec<RoundRecord>,
    pub round: Option<Round>,
    /// Transfers of the round in play so far (its riichi sticks).
    pub pending: Vec<Transfer>,
    pub outcome: Option<Outcome>,
}

impl Game {
    pub fn new(first_dealer: Seat, options: Options) -> Game {
        Game {
            options,
            first_dealer,
            balances: PerSeat::new(STARTING_POINTS, STARTING_POINTS),
            pot: 0,
            dealer: first_dealer,
            honba: 0,
            records: Vec::new(),
            round: None,
            pending: Vec::new(),
            outcome: None,
        }
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// A round is due: the game goes on and none is in play.
    pub fn needs_deal(&self) -> bool {
        self.round.is_none() && self.outcome.is_none()
    }

    /// Deals the next round from `deck`.
    ///
    /// # Errors
    /// A deck that is not the 34 pieces, or no round due.
    pub fn deal(&mut self, deck: &[Kind]) -> Result<Vec<Event>, String> {
        if !self.needs_deal() {
            return Err("no round is due".into());
        }
        check_deck(deck)?;
        let round = Round::deal(deck, self.dealer, self.honba);
        let event = Event::RoundStarted {
            index: self.records.len() as u32,
            dealer: self.dealer,
            honba: self.honba,
            indicator: round.indicators[0],
        };
        self.round = Some(round);
        Ok(vec![event])
    }

    pub fn to_act(&self) -> Option<Seat> {
        self.round.as_ref().and_then(Round::to_act)
    }

    pub fn legal_actions(&self) -> Vec<Action> {
        self.round
            .as_ref()
            .map(|r| r.legal_actions(self.balances, &self.options))
            .unwrap_or_default()
    }

    /// Applies one action; a round that ends is settled at once.
    ///
    /// # Errors
    /// The refusal; the game is unchanged then.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, Refusal> {
        if self.outcome.is_some() {
            return Err(Refusal::GameOver);
        }
        let balances = self.balances;
        let round = self.round.as_mut().ok_or(Refusal::RoundOver)?;
        let round_events = round.apply(seat, action, balances, &self.options)?;
        let mut events = Vec::new();
        for e in round_events {
            if let RoundEvent::RiichiDeclared { seat } = e {
                events.push(Event::Round(e));
                events.push(self.transfer(
                    Party::Seat(seat),
                    Party::Pot,
                    RIICHI_STICKS,
                    Reason::Riichi,
                ));
            } else {
                events.push(Event::Round(e));
            }
        }
        if self.round.as_ref().is_some_and(|r| r.end.is_some()) {
            events.extend(self.settle());
        }
        Ok(events)
    }

    /// `seat` gives the game up: the round in play is abandoned and the other seat wins.
    ///
    /// # Errors
    /// [`Refusal::GameOver`] when it is already over.
    pub fn concede(&mut self, seat: Seat, reason: EndReason) -> Result<Vec<Event>, Refusal> {
        if self.outcome.is_some() {
            return Err(Refusal::GameOver);
        }
        self.round = None;
        self.pending.clear();
        Ok(vec![self.finish(seat.opponent(), reason)])
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

    /// Pays the round that just ended, records it, and checks the end of the game.
    fn settle(&mut self) -> Vec<Event> {
        let round = self.round.take().expect("a round just ended");
        let end = round.end.clone().expect("the round is over");
        let mut events = Vec::new();
        match &end {
            RoundEnd::Win { winner, score, .. } => {
                let (winner, loser) = (*winner, winner.opponent());
                let total = i64::try_from(score.total).unwrap_or(i64::MAX);
                events.push(self.transfer(
                    Party::Seat(loser),
                    Party::Seat(winner),
                    total,
                    Reason::Win,
                ));
                if self.pot > 0 {
                    let pot = self.pot;
                    events.push(self.transfer(Party::Pot, Party::Seat(winner), pot, Reason::Pot));
                }
                if winner == self.dealer {
                    self.honba += 1;
                } else {
                    self.dealer = winner;
                    self.honba = 0;
                }
            }
            RoundEnd::Draw { tenpai, chombo } => {
                for &s in chombo {
                    events.push(self.transfer(
                        Party::Seat(s),
                        Party::Seat(s.opponent()),
                        CHOMBO,
                        Reason::Chombo,
                    ));
                }
                if chombo.is_empty() && tenpai[Seat::ZERO] != tenpai[Seat::ONE] {
                    let (to, from) = if tenpai[Seat::ZERO] {
                        (Seat::ZERO, Seat::ONE)
                    } else {
                        (Seat::ONE, Seat::ZERO)
                    };
                    events.push(self.transfer(
                        Party::Seat(from),
                        Party::Seat(to),
                        NOTEN,
                        Reason::Noten,
                    ));
                }
                self.honba += 2;
            }
        }
        self.records.push(RoundRecord {
            index: self.records.len() as u32,
            dealer: round.dealer,
            honba: round.honba,
            minimum: round.minimum(),
            indicators: round.indicators.clone(),
            end: Some(end),
            final_hands: Some(round.players.map(|_, p| p.concealed.to_vec())),
            final_melds: Some(round.players.map(|_, p| p.melds.clone())),
            transfers: std::mem::take(&mut self.pending),
            balances: self.balances,
            pot: self.pot,
        });
        if let Some(bust) = BOTH.into_iter().find(|s| self.balances[*s] < 0) {
            events.push(self.finish(bust.opponent(), EndReason::Bust));
        } else if self.records.len() >= ROUND_LIMIT {
            let winner = match self.balances[Seat::ZERO].cmp(&self.balances[Seat::ONE]) {
                std::cmp::Ordering::Greater => Seat::ZERO,
                std::cmp::Ordering::Less => Seat::ONE,
                std::cmp::Ordering::Equal => self.first_dealer,
            };
            events.push(self.finish(winner, EndReason::RoundLimit));
        }
        events
    }

    /// Ends the game: the pot goes to the winner, the final score against the 40 return.
    fn finish(&mut self, winner: Seat, reason: EndReason) -> Event {
        self.balances[winner] += self.pot;
        self.pot = 0;
        let loser = winner.opponent();
        let lost = self.balances[loser] - RETURN;
        let mut final_score = PerSeat::new(0, 0);
        final_score[loser] = lost;
        final_score[winner] = -lost;
        let outcome = Outcome {
            winner,
            reason,
            final_score,
        };
        self.outcome = Some(outcome);
        Event::GameOver(outcome)
    }

    /// The record of the round in play (result still open), if any.
    pub fn current_record(&self) -> Option<RoundRecord> {
        let round = self.round.as_ref()?;
        Some(RoundRecord {
            index: self.records.len() as u32,
            dealer: round.dealer,
            honba: round.honba,
            minimum: round.minimum(),
            indicators: round.indicators.clone(),
            end: None,
            final_hands: None,
            final_melds: None,
            transfers: self.pending.clone(),
            balances: self.balances,
            pot: self.pot,
        })
    }

    /// Every piece of the round in play, wherever it lies, for the invariant tests.
    pub fn pieces_in_play(&self) -> Option<Counts> {
        let round = self.round.as_ref()?;
        let mut all = Counts::default();
        for s in BOTH {
            let p = &round.players[s];
            for k in Kind::ALL {
                all.add_n(k, p.all_pieces().get(k));
            }
            for d in p.discards.iter().filter(|d| !d.claimed) {
                all.add(d.card);
            }
        }
        for &k in round.wall() {
            all.add(k);
        }
        Some(all)
    }
}

/// Checks that a deck is exactly the 34 pieces of rules §1.
///
/// # Errors
/// What is wrong, in words.
pub fn check_deck(deck: &[Kind]) -> Result<(), String> {
    if deck.len() != 34 {
        return Err(format!("a deck has 34 pieces, not {}", deck.len()));
    }
    let have = Counts::of(deck);
    for k in Kind::ALL {
        if have.get(k) != k.copies() {
            return Err(format!(
                "a deck has {} {k}, not {}",
                k.copies(),
                have.get(k)
            ));
        }
    }
    debug_assert_eq!(Counts::of(&full_set()), have);
    Ok(())
}
