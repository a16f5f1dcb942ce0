//! Cards (rules §1): five kinds, six forms, 26 card ids in card order, and the 108-card deck.
//! Every card is a whole group of tiles: a meld, a taatsu, an isolated tile or a head.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::games::kit::counts::Counted;

/// A kind of card, in kind order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// 萬子, characters.
    Man,
    /// 筒子, circles.
    Pin,
    /// 索子, bamboo.
    Sou,
    /// 字牌: winds, an honour that gives no yaku.
    Wind,
    /// 役牌: dragons, the honour of yakuhai.
    Dragon,
}

impl Kind {
    pub const ALL: [Kind; 5] = [Kind::Man, Kind::Pin, Kind::Sou, Kind::Wind, Kind::Dragon];

    /// The id inside card ids (`man`, …).
    pub fn id(self) -> &'static str {
        match self {
            Kind::Man => "man",
            Kind::Pin => "pin",
            Kind::Sou => "sou",
            Kind::Wind => "wind",
            Kind::Dragon => "dragon",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// Characters, circles and bamboo: the kinds with sequences.
    pub fn is_suit(self) -> bool {
        !self.is_honour()
    }

    /// Winds and dragons, which only make triplets (R1).
    pub fn is_honour(self) -> bool {
        matches!(self, Kind::Wind | Kind::Dragon)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// たて or よこ: a triplet (or pair shape) or a sequence (or sequence shape).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    Ko,
    Shun,
}

impl Shape {
    pub fn id(self) -> &'static str {
        match self {
            Shape::Ko => "ko",
            Shape::Shun => "shun",
        }
    }
}

/// What a card stands for, in the order a kind's cards are sorted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Form {
    /// メンツ: a finished set.
    Meld(Shape),
    /// ターツ: a set short of one tile.
    Taatsu(Shape),
    /// 孤立牌: a single tile, the only card that can be claimed or win.
    Isolated,
    /// アタマ: the hand's head.
    Head,
}

impl Form {
    /// Every form, in card order within a kind.
    pub const ALL: [Form; 6] = [
        Form::Meld(Shape::Ko),
        Form::Meld(Shape::Shun),
        Form::Taatsu(Shape::Ko),
        Form::Taatsu(Shape::Shun),
        Form::Isolated,
        Form::Head,
    ];

    /// The card id's prefix (`M-ko`, `I`, …).
    pub fn id(self) -> &'static str {
        match self {
            Form::Meld(Shape::Ko) => "M-ko",
            Form::Meld(Shape::Shun) => "M-shun",
            Form::Taatsu(Shape::Ko) => "T-ko",
            Form::Taatsu(Shape::Shun) => "T-shun",
            Form::Isolated => "I",
            Form::Head => "H",
        }
    }

    fn has_shun(self) -> bool {
        matches!(self, Form::Meld(Shape::Shun) | Form::Taatsu(Shape::Shun))
    }
}

/// The 26 cards in card order with their copies in the deck (rules §1, R2).
const TABLE: [(Kind, Form, u8); 26] = {
    use Form::{Head, Isolated, Meld, Taatsu};
    use Kind::{Dragon, Man, Pin, Sou, Wind};
    use Shape::{Ko, Shun};
    [
        (Man, Meld(Ko), 3),
        (Man, Meld(Shun), 5),
        (Man, Taatsu(Ko), 3),
        (Man, Taatsu(Shun), 5),
        (Man, Isolated, 6),
        (Man, Head, 2),
        (Pin, Meld(Ko), 3),
        (Pin, Meld(Shun), 5),
        (Pin, Taatsu(Ko), 3),
        (Pin, Taatsu(Shun), 5),
        (Pin, Isolated, 6),
        (Pin, Head, 2),
        (Sou, Meld(Ko), 3),
        (Sou, Meld(Shun), 5),
        (Sou, Taatsu(Ko), 3),
        (Sou, Taatsu(Shun), 5),
        (Sou, Isolated, 6),
        (Sou, Head, 2),
        (Wind, Meld(Ko), 5),
        (Wind, Taatsu(Ko), 5),
        (Wind, Isolated, 6),
        (Wind, Head, 2),
        (Dragon, Meld(Ko), 5),
        (Dragon, Taatsu(Ko), 5),
        (Dragon, Isolated, 6),
        (Dragon, Head, 2),
    ]
};

/// How many cards a deck holds.
pub const DECK_SIZE: usize = 108;
/// How many distinct card ids there are.
pub const CARD_IDS: usize = TABLE.len();

/// One card id: a kind and a form (honours have no sequence forms). Ordered in card order;
/// serialised as its id (`M-shun-pin`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Card(u8);

impl Card {
    /// The card of `kind` and `form`, `None` for an honour sequence.
    pub fn new(kind: Kind, form: Form) -> Option<Card> {
        if kind.is_honour() && form.has_shun() {
            return None;
        }
        TABLE
            .iter()
            .position(|&(k, f, _)| k == kind && f == form)
            .map(|i| Card(i as u8))
    }

    /// The isolated card of `kind` (every kind has one).
    pub fn isolated(kind: Kind) -> Card {
        Card::ALL[kind.first_card() + 4 - usize::from(kind.is_honour()) * 2]
    }

    /// Every card id, in card order.
    pub const ALL: [Card; CARD_IDS] = {
        let mut all = [Card(0); CARD_IDS];
        let mut i = 0;
        while i < CARD_IDS {
            all[i] = Card(i as u8);
            i += 1;
        }
        all
    };

    /// The card's place in card order, 0 to 25.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn kind(self) -> Kind {
        TABLE[self.index()].0
    }

    pub fn form(self) -> Form {
        TABLE[self.index()].1
    }

    /// How many copies the deck holds.
    pub fn copies(self) -> u8 {
        TABLE[self.index()].2
    }

    pub fn is_meld(self) -> bool {
        matches!(self.form(), Form::Meld(_))
    }

    pub fn is_isolated(self) -> bool {
        self.form() == Form::Isolated
    }

    pub fn is_head(self) -> bool {
        self.form() == Form::Head
    }

    /// The taatsu's shape, `None` for any other card.
    pub fn taatsu_shape(self) -> Option<Shape> {
        match self.form() {
            Form::Taatsu(shape) => Some(shape),
            _ => None,
        }
    }

    /// The card id (`T-ko-dragon`).
    pub fn id(self) -> String {
        format!("{}-{}", self.form().id(), self.kind().id())
    }
}

impl Kind {
    /// The index of the kind's first card in card order.
    fn first_card(self) -> usize {
        match self {
            Kind::Man => 0,
            Kind::Pin => 6,
            Kind::Sou => 12,
            Kind::Wind => 18,
            Kind::Dragon => 22,
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.form().id(), self.kind().id())
    }
}

/// A name that is not a card id of rules §1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a card (M-ko-man, M-shun-pin, T-ko-sou, T-shun-man, I-wind, H-dragon, …)")]
pub struct UnknownCard(pub String);

impl FromStr for Card {
    type Err = UnknownCard;
    fn from_str(s: &str) -> Result<Card, UnknownCard> {
        Card::ALL
            .into_iter()
            .find(|c| {
                let (form, kind) = (c.form().id(), c.kind().id());
                s.len() == form.len() + 1 + kind.len()
                    && s.starts_with(form)
                    && s[form.len()..].starts_with('-')
                    && s.ends_with(kind)
            })
            .ok_or_else(|| UnknownCard(s.to_string()))
    }
}

impl TryFrom<String> for Card {
    type Error = UnknownCard;
    fn try_from(s: String) -> Result<Card, UnknownCard> {
        s.parse()
    }
}

impl From<Card> for String {
    fn from(c: Card) -> String {
        c.to_string()
    }
}

/// How many of each card id: a multiset of cards, in card order.
pub type Counts = crate::games::kit::counts::Counts<Card, CARD_IDS>;

impl Counted<CARD_IDS> for Card {
    const ALL: [Card; CARD_IDS] = Card::ALL;
    fn index(self) -> usize {
        Card::index(self)
    }
}

/// The 108 cards of rules §1, in card order.
pub fn full_deck() -> Vec<Card> {
    Card::ALL
        .into_iter()
        .flat_map(|c| std::iter::repeat_n(c, usize::from(c.copies())))
        .collect()
}

/// Why a deck is not the 108 cards of rules §1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadDeck {
    #[error("a deck has {DECK_SIZE} cards, not {0}")]
    Length(usize),
    #[error("a deck has {expected} {card}, not {found}")]
    Copies { card: Card, expected: u8, found: u8 },
}

/// Checks that `deck` is exactly the 108 cards of rules §1.
///
/// # Errors
/// The first difference: the length, then the first card id (in card order) with the wrong
/// number of copies.
pub fn check_deck(deck: &[Card]) -> Result<(), BadDeck> {
    if deck.len() != DECK_SIZE {
        return Err(BadDeck::Length(deck.len()));
    }
    let have = Counts::of(deck);
    match Card::ALL.into_iter().find(|&c| have.get(c) != c.copies()) {
        Some(card) => Err(BadDeck::Copies {
            card,
            expected: card.copies(),
            found: have.get(card),
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_holds_108_cards_of_26_ids_24_per_suit_and_18_per_honour() {
        let deck = full_deck();
        assert_eq!(deck.len(), 108);
        assert_eq!(Card::ALL.len(), 26);
        for kind in Kind::ALL {
            let n = deck.iter().filter(|c| c.kind() == kind).count();
            assert_eq!(n, if kind.is_suit() { 24 } else { 18 }, "{kind}");
            let isolated = deck.iter().filter(|c| **c == Card::isolated(kind)).count();
            assert_eq!(isolated, 6);
        }
        assert_eq!(check_deck(&deck), Ok(()));
    }

    #[test]
    fn card_ids_read_back_and_list_in_card_order() {
        let ids: Vec<String> = Card::ALL.iter().map(|c| c.to_string()).collect();
        assert_eq!(
            ids[..6],
            [
                "M-ko-man",
                "M-shun-man",
                "T-ko-man",
                "T-shun-man",
                "I-man",
                "H-man"
            ]
        );
        assert_eq!(ids[18..22], ["M-ko-wind", "T-ko-wind", "I-wind", "H-wind"]);
        assert_eq!(ids[25], "H-dragon");
        for c in Card::ALL {
            assert_eq!(c.to_string().parse::<Card>(), Ok(c));
            assert_eq!(c.id(), c.to_string());
        }
        for bad in [
            "M-shun-wind",
            "T-shun-dragon",
            "I-Man",
            "I_man",
            "man",
            "",
            "I-man ",
            "I-mann",
        ] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
        assert_eq!(Card::new(Kind::Dragon, Form::Meld(Shape::Shun)), None);
        let json = serde_json::to_string(&Card::isolated(Kind::Pin)).unwrap();
        assert_eq!(json, "\"I-pin\"");
    }

    #[test]
    fn a_deck_with_a_card_too_many_or_too_few_is_refused() {
        let mut deck = full_deck();
        deck[0] = "I-man".parse().unwrap();
        assert!(matches!(check_deck(&deck), Err(BadDeck::Copies { .. })));
        deck.pop();
        assert_eq!(check_deck(&deck), Err(BadDeck::Length(107)));
    }
}
