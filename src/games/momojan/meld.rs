//! Open sets: kai, pon, chi and kan laid on the table.

use serde::{Deserialize, Serialize};

use super::card::Card;
use super::shape::{Group, SetShape};

/// How an open set came to be laid open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MeldSource {
    /// Laid open from the hand (開).
    Kai,
    /// Claimed discard as a same-number, picture or celestial set.
    Pon,
    /// Claimed discard as a sequence.
    Chi,
    /// Four cards from the hand.
    Kan,
}

impl MeldSource {
    /// Value of one such set in the exhaustive-draw settlement (rules §8).
    pub fn settlement_value(self) -> u32 {
        match self {
            MeldSource::Kai => 2,
            MeldSource::Pon | MeldSource::Chi => 1,
            MeldSource::Kan => 3,
        }
    }

    pub fn is_call(self) -> bool {
        matches!(self, MeldSource::Pon | MeldSource::Chi)
    }
}

/// An open set or kan.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Meld {
    pub source: MeldSource,
    pub shape: SetShape,
    /// The cards, in printing order (the called card included).
    pub cards: Vec<Card>,
    /// The claimed discard, for pon and chi.
    pub called: Option<Card>,
}

impl Meld {
    pub fn new(source: MeldSource, shape: SetShape, cards: &[Card], called: Option<Card>) -> Meld {
        let mut cards = cards.to_vec();
        cards.sort();
        Meld {
            source,
            shape,
            cards,
            called,
        }
    }

    pub fn group(&self) -> Group {
        Group::new(Some(self.shape), &self.cards)
    }
}
