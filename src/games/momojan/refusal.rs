//! Why an action is not legal now, in words a player understands.
//!
//! A value, not a string: `legal_actions` checks many candidates and must not format a
//! message for each one it drops.

use std::fmt;

use super::action::{Action, Seat};
use super::card::Card;

/// A rule that needs no detail. [`RuleText::id`] names it for translations; its `Display` is
/// the English sentence the scenario tool prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleText {
    RiichiCannotClaim,
    NoDiscardToRon,
    TsumoAfterDrawing,
    NotAWinningHand,
    RiichiCannotKai,
    RiichiCannotKan,
    DrawThreeAfterOpening,
    DrawBeforeDiscard,
    AlreadyRiichi,
    RiichiDiscardsDrawn,
    RiichiNeedsPile,
    PassAtTurnStart,
    DrawAtTurnStart,
    NothingToClaim,
    KaiAfterDraw,
    KanAfterDraw,
    OneKanPerRound,
    PassOnlyWhenEmpty,
}

impl RuleText {
    /// Every rule text, for checks that each has a translation.
    pub const ALL: [RuleText; 18] = [
        RuleText::RiichiCannotClaim,
        RuleText::NoDiscardToRon,
        RuleText::TsumoAfterDrawing,
        RuleText::NotAWinningHand,
        RuleText::RiichiCannotKai,
        RuleText::RiichiCannotKan,
        RuleText::DrawThreeAfterOpening,
        RuleText::DrawBeforeDiscard,
        RuleText::AlreadyRiichi,
        RuleText::RiichiDiscardsDrawn,
        RuleText::RiichiNeedsPile,
        RuleText::PassAtTurnStart,
        RuleText::DrawAtTurnStart,
        RuleText::NothingToClaim,
        RuleText::KaiAfterDraw,
        RuleText::KanAfterDraw,
        RuleText::OneKanPerRound,
        RuleText::PassOnlyWhenEmpty,
    ];

    /// A stable name (message keys are built from it).
    pub fn id(self) -> &'static str {
        match self {
            RuleText::RiichiCannotClaim => "riichi-cannot-claim",
            RuleText::NoDiscardToRon => "no-discard-to-ron",
            RuleText::TsumoAfterDrawing => "tsumo-after-drawing",
            RuleText::NotAWinningHand => "not-a-winning-hand",
            RuleText::RiichiCannotKai => "riichi-cannot-kai",
            RuleText::RiichiCannotKan => "riichi-cannot-kan",
            RuleText::DrawThreeAfterOpening => "draw-three-after-opening",
            RuleText::DrawBeforeDiscard => "draw-before-discard",
            RuleText::AlreadyRiichi => "already-riichi",
            RuleText::RiichiDiscardsDrawn => "riichi-discards-drawn",
            RuleText::RiichiNeedsPile => "riichi-needs-pile",
            RuleText::PassAtTurnStart => "pass-at-turn-start",
            RuleText::DrawAtTurnStart => "draw-at-turn-start",
            RuleText::NothingToClaim => "nothing-to-claim",
            RuleText::KaiAfterDraw => "kai-after-draw",
            RuleText::KanAfterDraw => "kan-after-draw",
            RuleText::OneKanPerRound => "one-kan-per-round",
            RuleText::PassOnlyWhenEmpty => "pass-only-when-empty",
        }
    }

    fn english(self) -> &'static str {
        match self {
            RuleText::RiichiCannotClaim => "a player in riichi cannot pon or chi",
            RuleText::NoDiscardToRon => "there is no discard to ron on",
            RuleText::TsumoAfterDrawing => "tsumo is declared right after drawing",
            RuleText::NotAWinningHand => "your hand is not a winning hand with a yaku",
            RuleText::RiichiCannotKai => "a player in riichi cannot kai",
            RuleText::RiichiCannotKan => "a player in riichi cannot kan",
            RuleText::DrawThreeAfterOpening => "draw three comes right after an opening or a kan",
            RuleText::DrawBeforeDiscard => "you must draw or claim before discarding",
            RuleText::AlreadyRiichi => "you have already declared riichi",
            RuleText::RiichiDiscardsDrawn => "in riichi you must discard the card you drew",
            RuleText::RiichiNeedsPile => "riichi needs at least one card left in the piles",
            RuleText::PassAtTurnStart => "pass is only allowed at the start of your turn",
            RuleText::DrawAtTurnStart => {
                "you can draw from a pile only at the start of your turn"
            }
            RuleText::NothingToClaim => {
                "pon and chi claim the opponent's last discard at the start of your turn, and there is none to claim now"
            }
            RuleText::KaiAfterDraw => {
                "kai is allowed only right after a draw (one opening between two draws)"
            }
            RuleText::KanAfterDraw => {
                "kan is allowed only right after a pile draw or a three-card draw"
            }
            RuleText::OneKanPerRound => {
                "only one kan is allowed per round, and there has been one"
            }
            RuleText::PassOnlyWhenEmpty => {
                "pass is only for declining a claim when the piles are empty; draw instead"
            }
        }
    }
}

impl fmt::Display for RuleText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.english())
    }
}

/// Why an action is refused, with the detail a message needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// A rule that needs no detail.
    Rule(RuleText),
    NoSuchPile(u8),
    PileEmpty(u8),
    /// The action's cards are not all in the hand.
    NotHeld(Action),
    /// The action's cards (with the called card for a claim) do not form its set.
    NotASet(Action, Option<Card>),
    /// Pon asked for a sequence, or chi for another set.
    WrongClaim(Action, Card),
    NotAKan(Action),
    RonWithoutYaku(Card),
    Furiten(Card),
    TooFewForDrawThree(usize),
    NotTenpaiAfter(Card),
}

/// The cards an action names (for messages about them).
pub fn cards_of(action: &Action) -> &[Card] {
    match action {
        Action::Pon { cards } | Action::Chi { cards } => cards,
        Action::Kai { cards } => cards,
        Action::Kan { cards } => cards,
        Action::Discard { card, .. } => std::slice::from_ref(card),
        _ => &[],
    }
}

struct List<'a>(&'a [Card], Option<Card>);

impl fmt::Display for List<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for c in self.1.iter().chain(self.0) {
            if !first {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
            first = false;
        }
        Ok(())
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Refusal::Rule(text) => text.fmt(f),
            Refusal::NoSuchPile(p) => write!(f, "there is no pile {p}: piles are 0, 1 and 2"),
            Refusal::PileEmpty(p) => write!(f, "pile {p} is empty"),
            Refusal::NotHeld(a) => write!(f, "you do not hold {}", List(cards_of(&a), None)),
            Refusal::NotASet(a, called) => {
                write!(f, "{} is not a set", List(cards_of(&a), called))
            }
            Refusal::WrongClaim(a, called) => {
                let (asked, right) = match a {
                    Action::Pon { .. } => ("pon", "chi"),
                    _ => ("chi", "pon"),
                };
                let set = List(cards_of(&a), Some(called));
                write!(f, "{set} is claimed with {right}, not {asked}")
            }
            Refusal::NotAKan(a) => write!(
                f,
                "{} is not a kan (four of one animal, or the four cards of one number)",
                List(cards_of(&a), None)
            ),
            Refusal::RonWithoutYaku(c) => {
                write!(f, "{c} does not complete a winning hand with a yaku")
            }
            Refusal::Furiten(c) => write!(
                f,
                "furiten: a card in your discard pile also completes your hand, so you cannot ron on {c}"
            ),
            Refusal::TooFewForDrawThree(n) => {
                write!(f, "only {n} card(s) remain in the piles; draw three needs 3")
            }
            Refusal::NotTenpaiAfter(c) => {
                write!(f, "after discarding {c} your hand is not tenpai, so no riichi")
            }
        }
    }
}

/// A refused deal or action. The game is unchanged whenever one is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the game is over")]
    GameOver,
    #[error("no round is in play: the next round has not been dealt")]
    AwaitingDeal,
    #[error("a round is already in play")]
    AlreadyDealt,
    #[error("bad deck: {0}")]
    BadDeck(String),
    #[error("it is {expected}'s turn, not {actual}'s")]
    WrongSeat { expected: Seat, actual: Seat },
    #[error("only a resignation or a forfeit can end a game outside play")]
    NotAConcession,
    #[error("cannot {action}: {reason}")]
    Illegal { action: Action, reason: Refusal },
}
