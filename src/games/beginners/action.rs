//! A player's actions (rules §4–§6) and why one can be refused.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::kit::action_words;

use super::card::{Card, Kind};

/// One action. Serialised as the scenario format writes it (`{"type": "discard", "card":
/// "I-pin", "riichi": false}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Take the front card of the draw pile.
    Draw,
    /// Win with the card just drawn, or 天和 as the dealer's first decision.
    Tsumo,
    /// Discard a concealed card, declaring riichi or not.
    Discard { card: Card, riichi: bool },
    /// Win on the isolated card just discarded.
    Ron,
    /// Claim it with a `T-ko` of its kind.
    Pon,
    /// Claim it with a `T-shun` of its kind (the discarder's next seat only).
    Chi,
    /// Let it lie.
    Pass,
}

impl Action {
    /// Whether this is an answer to a discard.
    pub fn is_answer(self) -> bool {
        matches!(self, Action::Ron | Action::Pon | Action::Chi | Action::Pass)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Draw => f.write_str("draw"),
            Action::Tsumo => f.write_str("tsumo"),
            Action::Discard { card, riichi } => action_words::discard(f, card, *riichi),
            Action::Ron => f.write_str("ron"),
            Action::Pon => f.write_str("pon"),
            Action::Chi => f.write_str("chi"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

/// Why riichi cannot be declared (rules §6, R14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RiichiBar {
    #[error("you are in riichi already")]
    Already,
    #[error("riichi needs a closed hand (no open meld)")]
    OpenHand,
    #[error("riichi costs 1 point and your balance is below 1")]
    NoPoint,
    #[error("riichi needs at least as many cards in the draw pile as there are players")]
    PileTooShort,
    #[error("your hand would not be tenpai after this discard")]
    NotTenpai,
}

/// Why an action was refused. The game is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the game is over")]
    GameOver,
    #[error("the round is over")]
    RoundOver,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("you have answered this discard already")]
    AlreadyAnswered,
    #[error("draw a card first")]
    MustDraw,
    #[error("you have drawn already: discard a card or win")]
    AlreadyDrew,
    #[error("you have no {0} in your hand")]
    NotInHand(Card),
    #[error("in riichi your hand is locked: you can only discard the card you drew")]
    RiichiLocked,
    #[error("{0}")]
    Riichi(RiichiBar),
    #[error("this hand does not win: it is not tenpai on this card, or it has no yaku")]
    NoWin,
    #[error("only the isolated card of your wait wins, and only the one you just drew")]
    NotTheWinningCard,
    #[error("a win needs at least one yaku")]
    NoYaku,
    #[error("answer the discard: ron, pon, chi or pass")]
    MustAnswer,
    #[error("there is no discard to answer")]
    NothingToAnswer,
    #[error("pon needs a T-ko-{0} in your hand")]
    NoPon(Kind),
    #[error("chi needs a T-shun-{0} in your hand, and only the discarder's next seat may chi")]
    NoChi(Kind),
    #[error("in riichi you cannot pon or chi")]
    CallInRiichi,
    #[error("the draw pile is empty: the last discard can only be ronned")]
    CallOnLastDiscard,
}
