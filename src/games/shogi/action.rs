//! A player's actions (rules §4) and why one can be refused.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::kit::action_words;

use super::piece::Kind;

/// One action. Piece lists are in kind order, so equal actions compare equal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Take the front piece of the live wall (declines the opponent's discard).
    Draw,
    /// Claim the opponent's discard with these two pieces from the hand.
    Pon { cards: [Kind; 2] },
    /// Claim the opponent's discard with three identical concealed winds.
    Daiminkan { card: Kind },
    /// Win on the opponent's discard or on a kan being declared.
    Ron,
    /// Win on the piece just drawn (or the dealt pieces, 天和).
    Tsumo,
    /// A kan of four identical concealed winds.
    Ankan { card: Kind },
    /// Add a concealed wind to a pon of it.
    Kakan { card: Kind },
    /// Discard a piece, declaring riichi or not.
    Discard { card: Kind, riichi: bool },
    /// Decline a ron (the live wall is empty, or a kan could be robbed).
    Pass,
}

impl Action {
    /// A pon with its two pieces in kind order.
    pub fn pon(a: Kind, b: Kind) -> Action {
        let mut cards = [a, b];
        cards.sort();
        Action::Pon { cards }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Draw => f.write_str("draw"),
            Action::Pon { cards: [a, b] } => write!(f, "pon {a} {b}"),
            Action::Daiminkan { card } => write!(f, "open kan {card}"),
            Action::Ron => f.write_str("ron"),
            Action::Tsumo => f.write_str("tsumo"),
            Action::Ankan { card } => write!(f, "closed kan {card}"),
            Action::Kakan { card } => write!(f, "added kan {card}"),
            Action::Discard { card, riichi } => action_words::discard(f, card, *riichi),
            Action::Pass => f.write_str("pass"),
        }
    }
}

/// Why an action was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the game is over")]
    GameOver,
    #[error("the round is over")]
    RoundOver,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("the live wall is empty: there is nothing to draw")]
    WallEmpty,
    #[error("you cannot draw now")]
    NoDraw,
    #[error("you have no {0} in your hand")]
    NotInHand(Kind),
    #[error("in riichi your hand is locked: you can only discard the piece you drew")]
    RiichiLocked,
    #[error("after a pon you must discard")]
    MustDiscard,
    #[error("there is no discard you could claim now")]
    NothingToClaim,
    #[error("that pon is not possible: {0}")]
    BadPon(&'static str),
    #[error("that kan is not possible: {0}")]
    BadKan(&'static str),
    #[error("this hand does not win here (a winning shape, the minimum han and, on a pawn, a medium or big yaku are needed)")]
    NoWin,
    #[error("you are furiten: you cannot ron (you discarded a wait, or declined a ron)")]
    Furiten,
    #[error("riichi needs a closed hand, 2 points, a piece left in the live wall and a hand that stays tenpai after this discard")]
    BadRiichi,
    #[error("there is nothing to pass on")]
    NothingToPass,
    #[error("you cannot {0} now")]
    NotNow(Action),
}
