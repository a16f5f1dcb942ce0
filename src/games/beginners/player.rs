//! One player in a round: concealed cards, open melds, discards and riichi.

use serde::{Deserialize, Serialize};

use super::card::{Card, Form, Kind};
use super::hand::{tenpai, OpenMeld, Tenpai};

/// The most concealed cards a hand holds: 5 units and the card just drawn.
const MOST_CONCEALED: usize = 6;

/// A discarded card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Discard {
    pub card: Card,
    /// The riichi declaration.
    pub riichi: bool,
    /// Taken into another player's open meld by a pon or a chi.
    pub claimed: bool,
}

/// One player in a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Concealed cards in card order, the card just drawn included.
    pub concealed: Vec<Card>,
    pub open: Vec<OpenMeld>,
    pub discards: Vec<Discard>,
    pub riichi: bool,
}

impl Player {
    pub fn new(dealt: &[Card]) -> Player {
        let mut concealed = dealt.to_vec();
        concealed.sort_unstable();
        Player {
            concealed,
            open: Vec::new(),
            discards: Vec::new(),
            riichi: false,
        }
    }

    /// No open meld.
    pub fn is_closed(&self) -> bool {
        self.open.is_empty()
    }

    pub fn holds(&self, card: Card) -> bool {
        self.concealed.binary_search(&card).is_ok()
    }

    /// Whether the hand holds a taatsu of `kind` with a triplet shape (`pon`) or a sequence
    /// shape (`chi`).
    pub fn holds_taatsu(&self, kind: Kind, form: Form) -> bool {
        Card::new(kind, form).is_some_and(|c| self.holds(c))
    }

    pub fn add(&mut self, card: Card) {
        let at = self.concealed.partition_point(|c| *c <= card);
        self.concealed.insert(at, card);
    }

    /// Takes one `card` out of the concealed cards; `false` when there is none.
    pub fn remove(&mut self, card: Card) -> bool {
        match self.concealed.binary_search(&card) {
            Ok(at) => {
                self.concealed.remove(at);
                true
            }
            Err(_) => false,
        }
    }

    /// The hand's tenpai as it stands (5 units).
    pub fn tenpai(&self) -> Option<Tenpai> {
        tenpai(&self.concealed, &self.open)
    }

    /// The tenpai of the hand with one `card` taken out (after a draw: before it, or after a
    /// discard of `card`).
    pub fn tenpai_without(&self, card: Card) -> Option<Tenpai> {
        let mut rest = [card; MOST_CONCEALED];
        let mut n = 0;
        let mut skipped = false;
        for &c in &self.concealed {
            if c == card && !skipped {
                skipped = true;
            } else if n < MOST_CONCEALED {
                rest[n] = c;
                n += 1;
            }
        }
        skipped.then(|| tenpai(&rest[..n], &self.open)).flatten()
    }

    /// The distinct concealed cards, in card order.
    pub fn distinct(&self) -> impl Iterator<Item = Card> + '_ {
        self.concealed
            .iter()
            .enumerate()
            .filter(|(i, c)| *i == 0 || self.concealed[i - 1] != **c)
            .map(|(_, c)| *c)
    }

    /// Every card the player holds or laid out: concealed and in open melds.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.concealed
            .iter()
            .copied()
            .chain(self.open.iter().flat_map(|m| m.cards()))
    }
}
