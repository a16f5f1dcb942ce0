//! Why an action is not legal now, in words a player understands.
//!
//! A value, not a string: `legal_actions` checks many candidates and must not format a
//! message for each one it drops.

use std::fmt;

use super::action::Action;
use super::card::Card;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// A rule that needs no detail, stated in full.
    Rule(&'static str),
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

fn cards_of(action: &Action) -> &[Card] {
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
            Refusal::Rule(text) => f.write_str(text),
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
