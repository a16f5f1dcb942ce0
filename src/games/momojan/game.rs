//! A whole game: rounds, settlement, ante and pot, honba, dealer rotation and the end of the
//! game (rules §3, §8 and §9).

use crate::games::interface::ledger::Party;
use crate::games::interface::seat::{Opponent, BOTH};
use crate::games::kit::ends::concession_ends;
use serde::{Deserialize, Serialize};

use super::action::{Action, PerSeat, Seat};
use super::card::{Card, CardCounts, DECK_SIZE};
use super::meld::Meld;
use super::options::RuleOptions;
use super::refusal::RuleError;
use super::round::{Round, RoundEnd, RoundEvent};
use super::yaku::{Yaku, YakuPoints};
use crate::games::kit::ids::stable_ids;

/// Points each player starts with.
pub const STARTING_POINTS: i64 = 30;
/// A dealer who wins this many rounds in a row wins the game.
pub const DEALER_WIN_LIMIT: u32 = 5;
/// Dealerships in a game: A, B, A, B.
pub const DEALERSHIPS: u32 = 4;
/// Version of the serialised game state; bumped on any incompatible change.
pub const STATE_VERSION: u32 = 1;

stable_ids! {
    /// Why points moved.
    #[derive(Hash)]
    pub enum TransferReason {
        /// The non-dealer's ante into the pot.
        Ante,
        /// The loser pays the winner.
        Win,
        /// The exhaustive-draw payment.
        Draw,
        /// The pot goes to the round's winner.
        Pot,
    }
}

/// One movement of points.
pub type Transfer = crate::games::interface::ledger::Transfer<TransferReason>;

stable_ids! {
    /// Why the game ended.
    pub enum EndReason {
        Normal,
        FiveDealerWins,
        Oshimai,
        Bust,
        AnteUnpaid,
        /// A player resigned (the bot's resign command); the other wins.
        Resigned,
        /// A player ran out of time on three turns in a row; the other wins.
        Forfeit,
    }
}

concession_ends!(EndReason);

impl EndReason {
    /// The ends the rules themselves reach (rules §9); a resignation or forfeit is not one.
    pub const ALL: [EndReason; 5] = [
        EndReason::Normal,
        EndReason::FiveDealerWins,
        EndReason::Oshimai,
        EndReason::Bust,
        EndReason::AnteUnpaid,
    ];

    /// The reason an id names (the store keeps ids).
    pub fn from_id(id: &str) -> Option<EndReason> {
        EndReason::ALL
            .into_iter()
            .chain([EndReason::Resigned, EndReason::Forfeit])
            .find(|r| r.id() == id)
    }

    /// Whether a player gave the game up (or lost it on time) rather than played it out.
    pub fn is_concession(self) -> bool {
        matches!(self, EndReason::Resigned | EndReason::Forfeit)
    }
}

/// The end of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Seat,
    pub reason: EndReason,
}

/// A finished (or, from [`Game::current_record`], running) round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRecord {
    pub index: u32,
    pub dealer: Seat,
    pub honba: u32,
    pub ante: i64,
    pub dora_indicators: Vec<Card>,
    /// `None` while the round is still in play.
    pub end: Option<RoundEnd>,
    /// Both concealed hands when the round ended (revealed by the rules).
    pub final_hands: Option<PerSeat<Vec<Card>>>,
    /// Both players' open sets when the round ended (absent from rounds stored before they
    /// were kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_melds: Option<PerSeat<Vec<Meld>>>,
    /// The round's ante first, then its settlement.
    pub transfers: Vec<Transfer>,
    pub balances: PerSeat<i64>,
    pub pot: i64,
}

/// Something that happened in a game, for the event log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    RoundStarted {
        index: u32,
        dealer: Seat,
        honba: u32,
        dora_indicator: Card,
    },
    Round(RoundEvent),
    Transferred(Transfer),
    GameOver(Outcome),
}

/// A game of MOMOJAN between seats 0 and 1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub version: u32,
    pub options: RuleOptions,
    pub first_dealer: Seat,
    pub balances: PerSeat<i64>,
    pub pot: i64,
    /// Dealer and honba of the current round, or of the next one between rounds.
    pub dealer: Seat,
    pub honba: u32,
    pub dealerships_passed: u32,
    /// The round in play; `None` between rounds (waiting for a deal) and after the game.
    pub round: Option<Round>,
    pub records: Vec<RoundRecord>,
    /// Transfers of the current (or next) round so far: its ante.
    pub pending_transfers: Vec<Transfer>,
    pub outcome: Option<Outcome>,
}

impl Game {
    /// A new game; the first round's ante is paid at once and the first deal is awaited.
    pub fn new(first_dealer: Seat, options: RuleOptions) -> Game {
        let mut game = Game {
            version: STATE_VERSION,
            options,
            first_dealer,
            balances: PerSeat::new(STARTING_POINTS, STARTING_POINTS),
            pot: 0,
            dealer: first_dealer,
            honba: 0,
            dealerships_passed: 0,
            round: None,
            records: Vec::new(),
            pending_transfers: Vec::new(),
            outcome: None,
        };
        game.pay_ante();
        game
    }

    pub fn points(&self) -> &YakuPoints {
        &self.options.yaku_points
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Whether the next round waits for its deck.
    pub fn needs_deal(&self) -> bool {
        self.outcome.is_none() && self.round.is_none()
    }

    /// The ante of the current (or next) round: 1 plus honba.
    pub fn ante(&self) -> i64 {
        1 + i64::from(self.honba)
    }

    /// Deals the next round from `deck`, which must hold exactly the 54 cards.
    ///
    /// # Errors
    /// [`RuleError::GameOver`], [`RuleError::AlreadyDealt`] or [`RuleError::BadDeck`];
    /// nothing changes then.
    pub fn deal(&mut self, deck: &[Card]) -> Result<Vec<Event>, RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::GameOver);
        }
        if self.round.is_some() {
            return Err(RuleError::AlreadyDealt);
        }
        check_deck(deck)?;
        let round = Round::deal(deck, self.dealer);
        let event = Event::RoundStarted {
            index: self.records.len() as u32,
            dealer: self.dealer,
            honba: self.honba,
            dora_indicator: round.dead_wall[0],
        };
        self.round = Some(round);
        Ok(vec![event])
    }

    /// The seat that acts now, if a round is in play.
    pub fn to_act(&self) -> Option<Seat> {
        self.round.as_ref().and_then(|r| r.phase.seat())
    }

    /// Every legal action of the seat to act, in the stable order; empty when no round is in
    /// play.
    pub fn legal_actions(&self) -> Vec<Action> {
        self.round
            .as_ref()
            .map(|r| r.legal_actions(self.points()))
            .unwrap_or_default()
    }

    /// Whether `seat` may take `action` now.
    ///
    /// # Errors
    /// The reason it may not; see [`Game::apply`].
    pub fn check(&self, seat: Seat, action: Action) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::GameOver);
        }
        let round = self.round.as_ref().ok_or(RuleError::AwaitingDeal)?;
        let expected = round.phase.seat().ok_or(RuleError::AwaitingDeal)?;
        if seat != expected {
            return Err(RuleError::WrongSeat {
                expected,
                actual: seat,
            });
        }
        round
            .check(seat, action, self.points())
            .map_err(|reason| RuleError::Illegal { action, reason })
    }

    /// Applies one action of `seat`, returning what happened.
    ///
    /// # Errors
    /// A [`RuleError`] saying why the action is not legal; the game is then unchanged.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, RuleError> {
        self.check(seat, action)?;
        let points = self.options.yaku_points.clone();
        let round = self.round.as_mut().expect("checked: a round is in play");
        let round_events = round.perform(seat, action.normalized(), &points);
        let mut events: Vec<Event> = round_events.into_iter().map(Event::Round).collect();
        if round.is_over() {
            events.extend(self.settle());
        }
        Ok(events)
    }

    /// `seat` gives the game up (`Resigned`) or loses it on time (`Forfeit`): the other seat
    /// wins, the round in play is abandoned without settlement, and the pot goes to the
    /// winner as at any end of the game. Not a rule of the card game, so not an [`Action`].
    ///
    /// # Errors
    /// [`RuleError::GameOver`] when the game has already ended, or
    /// [`RuleError::NotAConcession`] for an end reason the rules reach by play.
    pub fn concede(&mut self, seat: Seat, reason: EndReason) -> Result<Vec<Event>, RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::GameOver);
        }
        if !reason.is_concession() {
            return Err(RuleError::NotAConcession);
        }
        let outcome = Outcome {
            winner: seat.opponent(),
            reason,
        };
        self.round = None;
        self.finish(outcome);
        Ok(vec![Event::GameOver(outcome)])
    }

    /// The record of the round in play (result still open), if any.
    pub fn current_record(&self) -> Option<RoundRecord> {
        let round = self.round.as_ref()?;
        Some(RoundRecord {
            index: self.records.len() as u32,
            dealer: round.dealer,
            honba: self.honba,
            ante: self.ante(),
            dora_indicators: round.dora_indicators(),
            end: None,
            final_hands: None,
            final_melds: None,
            transfers: self.pending_transfers.clone(),
            balances: self.balances,
            pot: self.pot,
        })
    }

    /// Settles the round that just ended, then checks the end of the game in the order of
    /// rules §9 and pays the next ante.
    fn settle(&mut self) -> Vec<Event> {
        let round = self.round.take().expect("a round just ended");
        let end = round.end.clone().expect("the round is over");
        let start = self.pending_transfers.len();
        let dealer_won = match &end {
            RoundEnd::Win {
                winner,
                score,
                by: _,
                ..
            } => {
                self.transfer(
                    Party::Seat(winner.opponent()),
                    Party::Seat(*winner),
                    // At most 2 × (28 yaku × u32::MAX + dora + 1): always fits.
                    i64::try_from(score.total).expect("a score fits in i64"),
                    TransferReason::Win,
                );
                self.take_pot(*winner);
                *winner == round.dealer
            }
            RoundEnd::Draw { tenpai, values } => {
                self.settle_draw(*tenpai, *values);
                false
            }
        };
        let mut events: Vec<Event> = self.pending_transfers[start..]
            .iter()
            .map(|t| Event::Transferred(*t))
            .collect();
        self.records.push(RoundRecord {
            index: self.records.len() as u32,
            dealer: round.dealer,
            honba: self.honba,
            ante: self.ante(),
            dora_indicators: round.dora_indicators(),
            end: Some(end.clone()),
            final_hands: Some(round.players.map(|_, p| p.hand.to_vec())),
            final_melds: Some(round.players.map(|_, p| p.melds.clone())),
            transfers: std::mem::take(&mut self.pending_transfers),
            balances: self.balances,
            pot: self.pot,
        });
        if dealer_won {
            self.honba += 1;
        } else {
            self.dealer = self.dealer.opponent();
            self.honba = 0;
            self.dealerships_passed += 1;
        }
        let outcome = self.end_of_game(&end, round.dealer).or_else(|| {
            self.pay_ante();
            self.outcome
        });
        if let Some(outcome) = outcome {
            self.finish(outcome);
            events.push(Event::GameOver(outcome));
        } else {
            events.push(Event::Transferred(self.pending_transfers[0]));
        }
        events
    }

    /// Exhaustive-draw settlement (rules §8): the higher value takes half the difference,
    /// rounded up, and the pot; equal values leave the pot for the next round.
    fn settle_draw(&mut self, tenpai: PerSeat<bool>, values: PerSeat<u32>) {
        let value = |s: Seat| if tenpai[s] { i64::from(values[s]) } else { 0 };
        let (high, low) = if value(Seat::ZERO) >= value(Seat::ONE) {
            (Seat::ZERO, Seat::ONE)
        } else {
            (Seat::ONE, Seat::ZERO)
        };
        let diff = value(high) - value(low);
        if diff > 0 {
            let payment = (diff + 1) / 2;
            self.transfer(
                Party::Seat(low),
                Party::Seat(high),
                payment,
                TransferReason::Draw,
            );
            self.take_pot(high);
        }
    }

    /// The end-of-game checks after a settlement, in the order of rules §9 (before the ante).
    fn end_of_game(&self, end: &RoundEnd, round_dealer: Seat) -> Option<Outcome> {
        if let RoundEnd::Win { winner, score, .. } = end {
            if score.has(Yaku::Oshimai) {
                return Some(Outcome {
                    winner: *winner,
                    reason: EndReason::Oshimai,
                });
            }
        }
        if let Some(bust) = BOTH.into_iter().find(|s| self.balances[*s] < 0) {
            return Some(Outcome {
                winner: bust.opponent(),
                reason: EndReason::Bust,
            });
        }
        if self.honba >= DEALER_WIN_LIMIT {
            return Some(Outcome {
                winner: round_dealer,
                reason: EndReason::FiveDealerWins,
            });
        }
        if self.dealerships_passed >= DEALERSHIPS {
            return Some(Outcome {
                winner: self.leader(),
                reason: EndReason::Normal,
            });
        }
        None
    }

    /// The higher balance; on a tie the first dealer (rules §9).
    fn leader(&self) -> Seat {
        let other = self.first_dealer.opponent();
        if self.balances[other] > self.balances[self.first_dealer] {
            other
        } else {
            self.first_dealer
        }
    }

    /// The non-dealer pays the ante into the pot, or the game ends if they cannot (rules §3).
    fn pay_ante(&mut self) {
        let payer = self.dealer.opponent();
        let ante = self.ante();
        if self.balances[payer] < ante {
            self.outcome = Some(Outcome {
                winner: self.dealer,
                reason: EndReason::AnteUnpaid,
            });
            return;
        }
        self.transfer(Party::Seat(payer), Party::Pot, ante, TransferReason::Ante);
    }

    fn take_pot(&mut self, winner: Seat) {
        if self.pot > 0 {
            self.transfer(
                Party::Pot,
                Party::Seat(winner),
                self.pot,
                TransferReason::Pot,
            );
        }
    }

    fn transfer(&mut self, from: Party, to: Party, amount: i64, reason: TransferReason) {
        let t = Transfer {
            from,
            to,
            amount,
            reason,
        };
        t.move_points(&mut self.balances, &mut self.pot);
        self.pending_transfers.push(t);
    }

    /// Ends the game: a pot left goes to the winner (in the balances only, rules §9).
    fn finish(&mut self, outcome: Outcome) {
        self.balances[outcome.winner] += self.pot;
        self.pot = 0;
        self.pending_transfers.clear();
        self.outcome = Some(outcome);
    }
}

/// A stored game state that cannot be restored.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    #[error("stored game state is not valid: {0}")]
    Invalid(#[from] serde_json::Error),
    #[error("stored game state has version {found}, newer than this program's {STATE_VERSION}")]
    TooNew { found: u32 },
}

impl Game {
    /// The state as versioned JSON, for the store.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("game state always serialises")
    }

    /// Restores a state written by [`Game::to_json`] of this or an older version.
    ///
    /// # Errors
    /// [`RestoreError::TooNew`] for a state from a newer program, [`RestoreError::Invalid`]
    /// for anything that is not a game state.
    pub fn from_json(json: &str) -> Result<Game, RestoreError> {
        #[derive(Deserialize)]
        struct VersionOnly {
            version: u32,
        }
        let found = serde_json::from_str::<VersionOnly>(json)?.version;
        if found > STATE_VERSION {
            return Err(RestoreError::TooNew { found });
        }
        Ok(serde_json::from_str(json)?)
    }
}

/// Checks that a deck holds exactly the 54 cards.
///
/// # Errors
/// [`RuleError::BadDeck`] naming the first card that is missing or extra.
pub fn check_deck(deck: &[Card]) -> Result<(), RuleError> {
    if deck.len() != DECK_SIZE {
        return Err(RuleError::BadDeck(format!(
            "a deck has {DECK_SIZE} cards, this one has {}",
            deck.len()
        )));
    }
    let counts = CardCounts::from_cards(deck);
    for card in Card::all() {
        let (have, want) = (counts.count(card), card.copies());
        if have != want {
            return Err(RuleError::BadDeck(format!(
                "the deck must hold {want} {card}, it holds {have}"
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resignation_ends_the_game_for_the_other_seat_with_the_pot() {
        let mut game = Game::new(Seat::ZERO, RuleOptions::default());
        assert_eq!(game.pot, 1, "the first ante is in the pot");
        let events = game.concede(Seat::ZERO, EndReason::Resigned).unwrap();
        let outcome = Outcome {
            winner: Seat::ONE,
            reason: EndReason::Resigned,
        };
        assert_eq!(events, vec![Event::GameOver(outcome)]);
        assert_eq!(game.outcome, Some(outcome));
        assert_eq!(game.pot, 0);
        assert_eq!(
            game.balances.to_vec(),
            [30, 30],
            "the ante came back to its payer"
        );
        assert_eq!(
            game.concede(Seat::ONE, EndReason::Forfeit),
            Err(RuleError::GameOver)
        );
        let mut other = Game::new(Seat::ZERO, RuleOptions::default());
        assert_eq!(
            other.concede(Seat::ZERO, EndReason::Normal),
            Err(RuleError::NotAConcession)
        );
        assert!(!other.is_over(), "a refused concession changes nothing");
    }

    #[test]
    fn state_restores_and_refuses_newer_versions() {
        let game = Game::new(Seat::ONE, RuleOptions::default());
        let json = game.to_json();
        assert_eq!(Game::from_json(&json).unwrap(), game);
        let newer = json.replacen("\"version\":1", "\"version\":99", 1);
        assert!(matches!(
            Game::from_json(&newer),
            Err(RestoreError::TooNew { found: 99 })
        ));
        assert!(matches!(
            Game::from_json("{}"),
            Err(RestoreError::Invalid(_))
        ));
    }
}
