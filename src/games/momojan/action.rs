//! Seats and the actions a player can take (rules §4).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::card::Card;
pub use crate::games::interface::seat::{PerSeat, Seat};

/// A player action. Card lists are kept in printing order so that equal actions compare equal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Take the top card of pile 0, 1 or 2.
    Draw { pile: u8 },
    /// Claim the last discard as a same-number, picture or celestial set with two hand cards.
    Pon { cards: [Card; 2] },
    /// Claim the last discard as a sequence with two hand cards.
    Chi { cards: [Card; 2] },
    /// Win on the opponent's last discard.
    Ron,
    /// Win on the card just drawn.
    Tsumo,
    /// Lay open a set held in the hand.
    Kai { cards: [Card; 3] },
    /// Lay open four cards as a kan and draw the replacement card.
    Kan { cards: [Card; 4] },
    /// Draw one card from each pile.
    #[serde(rename = "draw3")]
    DrawThree,
    /// Discard a card, optionally declaring riichi. Ends the turn.
    Discard { card: Card, riichi: bool },
    /// Decline a claim when the piles are empty: the round ends in an exhaustive draw.
    Pass,
}

impl Action {
    /// The same action with its card lists in printing order.
    pub fn normalized(self) -> Action {
        match self {
            Action::Pon { mut cards } => {
                cards.sort();
                Action::Pon { cards }
            }
            Action::Chi { mut cards } => {
                cards.sort();
                Action::Chi { cards }
            }
            Action::Kai { mut cards } => {
                cards.sort();
                Action::Kai { cards }
            }
            Action::Kan { mut cards } => {
                cards.sort();
                Action::Kan { cards }
            }
            other => other,
        }
    }

    /// Position of this action's group in the stable order of the scenario format: pile
    /// draws, pons, chis, ron, tsumo, kai, kan, draw3, discards, riichi discards, pass.
    pub fn order_group(&self) -> u8 {
        match self {
            Action::Draw { .. } => 0,
            Action::Pon { .. } => 1,
            Action::Chi { .. } => 2,
            Action::Ron => 3,
            Action::Tsumo => 4,
            Action::Kai { .. } => 5,
            Action::Kan { .. } => 6,
            Action::DrawThree => 7,
            Action::Discard { riichi: false, .. } => 8,
            Action::Discard { riichi: true, .. } => 9,
            Action::Pass => 10,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |cards: &[Card]| {
            cards
                .iter()
                .map(Card::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        match self {
            Action::Draw { pile } => write!(f, "draw from pile {pile}"),
            Action::Pon { cards } => write!(f, "pon with {}", list(cards)),
            Action::Chi { cards } => write!(f, "chi with {}", list(cards)),
            Action::Ron => f.write_str("ron"),
            Action::Tsumo => f.write_str("tsumo"),
            Action::Kai { cards } => write!(f, "kai {}", list(cards)),
            Action::Kan { cards } => write!(f, "kan {}", list(cards)),
            Action::DrawThree => f.write_str("draw three"),
            Action::Discard {
                card,
                riichi: false,
            } => write!(f, "discard {card}"),
            Action::Discard { card, riichi: true } => write!(f, "discard {card} with riichi"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::interface::seat::Opponent;

    #[test]
    fn action_is_small_and_copy() {
        assert!(std::mem::size_of::<Action>() <= 8);
    }

    #[test]
    fn actions_serialise_in_the_scenario_shape() {
        let a = Action::Discard {
            card: "Moon".parse().unwrap(),
            riichi: true,
        };
        assert_eq!(
            serde_json::to_string(&a).unwrap(),
            r#"{"type":"discard","card":"Moon","riichi":true}"#
        );
        assert_eq!(
            serde_json::to_string(&Action::DrawThree).unwrap(),
            r#"{"type":"draw3"}"#
        );
    }

    #[test]
    fn per_seat_indexes_by_seat() {
        let mut p = PerSeat::new(1, 2);
        p[Seat::ONE] += 5;
        assert_eq!(p.to_vec(), [1, 7]);
        assert_eq!(Seat::ZERO.opponent(), Seat::ONE);
    }
}
