//! One round: the deal (rules §3) and the turn state machine (rules §4 and §5).
//!
//! [`Phase`] is the turn state machine. [`Round::apply`] performs an action that
//! [`Round::check`] (in `legal.rs`) has accepted; nothing else changes a round.

use crate::games::interface::seat::Opponent;
use crate::games::interface::seat::SeatCount;
use serde::{Deserialize, Serialize};

use super::action::{Action, PerSeat, Seat};
use super::card::{Card, CardCounts, DECK_SIZE};
use super::meld::{Meld, MeldSource};
use super::score::Score;
use super::shape::classify;
use super::waits::is_tenpai;
use super::yaku::{WinBy, YakuPoints};

/// Cards per pile at the deal.
pub const PILE_SIZE: usize = 12;

/// A card in a discard pile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Discard {
    pub card: Card,
    /// Discarded with a riichi declaration.
    pub riichi: bool,
    /// Claimed by the opponent (it has left the pile for furiten).
    pub claimed: bool,
}

/// One player's part of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Concealed cards.
    pub hand: CardCounts,
    pub melds: Vec<Meld>,
    pub discards: Vec<Discard>,
    pub riichi: bool,
    /// The ippatsu window is open (rules §5).
    pub ippatsu: bool,
}

impl Player {
    fn new(hand: &[Card]) -> Player {
        Player {
            hand: CardCounts::from_cards(hand),
            melds: Vec::new(),
            discards: Vec::new(),
            riichi: false,
            ippatsu: false,
        }
    }

    /// Kinds still lying in the discard pile (claimed ones have left it).
    pub fn discard_pile(&self) -> impl Iterator<Item = Card> + '_ {
        self.discards.iter().filter(|d| !d.claimed).map(|d| d.card)
    }

    pub fn made_kan(&self) -> bool {
        self.melds.iter().any(|m| m.source == MeldSource::Kan)
    }

    pub fn is_tenpai(&self) -> bool {
        is_tenpai(&self.hand, &self.melds)
    }

    /// Whether the player is furiten now (rules §6): one of their waits lies in their own
    /// discard pile, so a ron on any non-peach, non-celestial wait is blocked.
    pub fn is_furiten(&self) -> bool {
        let waits = super::waits::waits(&self.hand, &self.melds);
        self.discard_pile()
            .filter(|d| !d.is_peach())
            .any(|d| waits.iter().any(|w| w.card == d && !w.celestial))
    }

    /// Open-set value for the exhaustive-draw settlement (rules §8).
    pub fn settlement_value(&self) -> u32 {
        self.melds.iter().map(|m| m.source.settlement_value()).sum()
    }
}

/// Where a turn stands: who acts and what kind of choice they face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Draw, claim the last discard, ron, or (piles empty) pass.
    TurnStart { seat: Seat, claimable: Option<Card> },
    /// After a pile draw (`three: false`) or a three-card draw: tsumo, kai, kan or discard.
    AfterDraw {
        seat: Seat,
        drawn: Card,
        three: bool,
    },
    /// After kai, pon or chi: draw three or discard.
    AfterOpening { seat: Seat },
    /// After the kan replacement draw: tsumo (rinshan), draw three or discard.
    AfterKan { seat: Seat, drawn: Card },
    /// The round has ended.
    Over,
}

impl Phase {
    pub fn seat(&self) -> Option<Seat> {
        match *self {
            Phase::TurnStart { seat, .. }
            | Phase::AfterDraw { seat, .. }
            | Phase::AfterOpening { seat }
            | Phase::AfterKan { seat, .. } => Some(seat),
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
        /// The card won on.
        card: Card,
        score: Score,
    },
    /// Exhaustive draw (rules §8).
    Draw {
        tenpai: PerSeat<bool>,
        values: PerSeat<u32>,
    },
}

/// What happened when an action was applied to a round (for the event log).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum RoundEvent {
    Drew {
        seat: Seat,
        pile: u8,
        card: Card,
    },
    DrewThree {
        seat: Seat,
        cards: Vec<Card>,
    },
    Claimed {
        seat: Seat,
        meld: Meld,
    },
    Opened {
        seat: Seat,
        meld: Meld,
    },
    Kan {
        seat: Seat,
        meld: Meld,
        indicator: Card,
        replacement: Card,
    },
    Discarded {
        seat: Seat,
        card: Card,
        riichi: bool,
    },
    Ended(RoundEnd),
}

/// A round in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub dealer: Seat,
    pub players: PerSeat<Player>,
    /// Three piles, each with its top card last.
    pub piles: [Vec<Card>; 3],
    /// Dora indicator, kan dora indicator, unused, kan replacement (rules §3).
    pub dead_wall: [Card; 4],
    pub kan_made: bool,
    pub phase: Phase,
    pub end: Option<RoundEnd>,
}

impl Round {
    /// Deals a round from a deck already checked to hold the 54 cards (rules §3 layout).
    pub fn deal(deck: &[Card], dealer: Seat) -> Round {
        assert_eq!(deck.len(), DECK_SIZE, "deal needs a checked deck");
        let pile = |from: usize| deck[from..from + PILE_SIZE].iter().rev().copied().collect();
        let hands = PerSeat::from_fn(SeatCount::TWO, |s| {
            if s == dealer {
                Player::new(&deck[0..7])
            } else {
                Player::new(&deck[7..14])
            }
        });
        Round {
            dealer,
            players: hands,
            piles: [pile(18), pile(30), pile(42)],
            dead_wall: [deck[14], deck[15], deck[16], deck[17]],
            kan_made: false,
            phase: Phase::TurnStart {
                seat: dealer,
                claimable: None,
            },
            end: None,
        }
    }

    pub fn dora_indicators(&self) -> Vec<Card> {
        let count = if self.kan_made { 2 } else { 1 };
        self.dead_wall[..count].to_vec()
    }

    pub fn pile_sizes(&self) -> [usize; 3] {
        self.piles.each_ref().map(Vec::len)
    }

    pub fn cards_in_piles(&self) -> usize {
        self.piles.iter().map(Vec::len).sum()
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Performs an action already accepted by [`Round::check`]; returns what happened.
    pub(super) fn perform(
        &mut self,
        seat: Seat,
        action: Action,
        points: &YakuPoints,
    ) -> Vec<RoundEvent> {
        match action {
            Action::Draw { pile } => self.draw(seat, pile),
            Action::Pon { cards } | Action::Chi { cards } => self.claim(seat, cards),
            Action::Ron => self.win_by_ron(seat, points),
            Action::Tsumo => self.win_by_tsumo(seat, points),
            Action::Kai { cards } => self.kai(seat, cards),
            Action::Kan { cards } => self.kan(seat, cards),
            Action::DrawThree => self.draw_three(seat),
            Action::Discard { card, riichi } => self.discard(seat, card, riichi, points),
            Action::Pass => self.exhaustive_draw(),
        }
    }

    fn draw(&mut self, seat: Seat, pile: u8) -> Vec<RoundEvent> {
        let card = self.piles[pile as usize]
            .pop()
            .expect("checked: pile not empty");
        self.players[seat].hand.add(card);
        self.phase = Phase::AfterDraw {
            seat,
            drawn: card,
            three: false,
        };
        vec![RoundEvent::Drew { seat, pile, card }]
    }

    fn claim(&mut self, seat: Seat, cards: [Card; 2]) -> Vec<RoundEvent> {
        let Phase::TurnStart {
            claimable: Some(called),
            ..
        } = self.phase
        else {
            unreachable!("checked: a claim needs a discard")
        };
        let all = [called, cards[0], cards[1]];
        let shape = classify(&all).expect("checked: claim forms a set");
        let source = if shape.is_pon_shape() {
            MeldSource::Pon
        } else {
            MeldSource::Chi
        };
        let meld = Meld::new(source, shape, &all, Some(called));
        self.players[seat].hand.remove_all(&cards);
        if let Some(d) = self.players[seat.opponent()].discards.last_mut() {
            d.claimed = true;
        }
        self.open(seat, meld.clone());
        vec![RoundEvent::Claimed { seat, meld }]
    }

    fn kai(&mut self, seat: Seat, cards: [Card; 3]) -> Vec<RoundEvent> {
        let shape = classify(&cards).expect("checked: kai forms a set");
        let meld = Meld::new(MeldSource::Kai, shape, &cards, None);
        self.players[seat].hand.remove_all(&cards);
        self.open(seat, meld.clone());
        vec![RoundEvent::Opened { seat, meld }]
    }

    /// Lays a set open; any opening closes the opponent's ippatsu window (rules §5 ruling).
    fn open(&mut self, seat: Seat, meld: Meld) {
        self.players[seat].melds.push(meld);
        self.players[seat.opponent()].ippatsu = false;
        self.phase = Phase::AfterOpening { seat };
    }

    fn kan(&mut self, seat: Seat, cards: [Card; 4]) -> Vec<RoundEvent> {
        let meld = Meld::new(MeldSource::Kan, super::shape::SetShape::Kan, &cards, None);
        let player = &mut self.players[seat];
        player.hand.remove_all(&cards);
        player.melds.push(meld.clone());
        let replacement = self.dead_wall[3];
        player.hand.add(replacement);
        self.players[seat.opponent()].ippatsu = false;
        self.kan_made = true;
        self.phase = Phase::AfterKan {
            seat,
            drawn: replacement,
        };
        vec![RoundEvent::Kan {
            seat,
            meld,
            indicator: self.dead_wall[1],
            replacement,
        }]
    }

    fn draw_three(&mut self, seat: Seat) -> Vec<RoundEvent> {
        let cards = self.take_three();
        for &c in &cards {
            self.players[seat].hand.add(c);
        }
        self.phase = Phase::AfterDraw {
            seat,
            drawn: cards[2],
            three: true,
        };
        vec![RoundEvent::DrewThree { seat, cards }]
    }

    /// The three-card draw of rules §4 [ruling]: the tops of piles 0, 1 and 2, skipping empty
    /// piles, then from the largest pile (lowest index on a tie) until three are taken.
    fn take_three(&mut self) -> Vec<Card> {
        let mut cards: Vec<Card> = self.piles.iter_mut().filter_map(Vec::pop).collect();
        while cards.len() < 3 {
            let largest = (0..3)
                .max_by_key(|&i| (self.piles[i].len(), std::cmp::Reverse(i)))
                .expect("three piles");
            cards.push(self.piles[largest].pop().expect("checked: 3 cards remain"));
        }
        cards
    }

    fn discard(
        &mut self,
        seat: Seat,
        card: Card,
        riichi: bool,
        points: &YakuPoints,
    ) -> Vec<RoundEvent> {
        let player = &mut self.players[seat];
        player.hand.remove(card);
        player.discards.push(Discard {
            card,
            riichi,
            claimed: false,
        });
        // The window closes at the riichi player's next discard; a riichi discard opens it.
        player.ippatsu = riichi;
        player.riichi |= riichi;
        self.phase = Phase::TurnStart {
            seat: seat.opponent(),
            claimable: Some(card),
        };
        let mut events = vec![RoundEvent::Discarded { seat, card, riichi }];
        // Piles empty and nothing to claim: the engine ends the round itself (rules §4).
        if self.cards_in_piles() == 0 && self.legal_actions(points) == [Action::Pass] {
            events.extend(self.exhaustive_draw());
        }
        events
    }

    fn win_by_ron(&mut self, seat: Seat, points: &YakuPoints) -> Vec<RoundEvent> {
        let Phase::TurnStart {
            claimable: Some(card),
            ..
        } = self.phase
        else {
            unreachable!("checked: ron needs a discard")
        };
        let score = self
            .ron_score(seat, card, points)
            .expect("checked: ron wins");
        self.end_round(RoundEnd::Win {
            winner: seat,
            by: WinBy::Ron,
            card,
            score,
        })
    }

    fn win_by_tsumo(&mut self, seat: Seat, points: &YakuPoints) -> Vec<RoundEvent> {
        let (score, card) = self.tsumo_score(seat, points).expect("checked: tsumo wins");
        self.end_round(RoundEnd::Win {
            winner: seat,
            by: WinBy::Tsumo,
            card,
            score,
        })
    }

    fn exhaustive_draw(&mut self) -> Vec<RoundEvent> {
        let tenpai = self.players.map(|_, p| p.is_tenpai());
        let values = self.players.map(|_, p| p.settlement_value());
        self.end_round(RoundEnd::Draw { tenpai, values })
    }

    fn end_round(&mut self, end: RoundEnd) -> Vec<RoundEvent> {
        self.phase = Phase::Over;
        self.end = Some(end.clone());
        vec![RoundEvent::Ended(end)]
    }
}
