//! Cards and their notation (rules §1).
//!
//! A [`Card`] is a card *kind*: number cards are unique, while the copies of a picture are
//! interchangeable, so `Dog` names any of the four dogs. Kinds are numbered in the stable order
//! of the scenario format — peach, lemon, orange, strawberry (each 1–9), then Dog, Monkey,
//! Pheasant, Sun, Moon — so sorting cards sorts them the way every list is printed.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Number of distinct card kinds (36 number cards and 5 pictures).
pub const KINDS: usize = 41;
/// Number of physical cards in the deck.
pub const DECK_SIZE: usize = 54;

/// One of the four fruits. Peach is the wild fruit of sequences (rules §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Fruit {
    Peach,
    Lemon,
    Orange,
    Strawberry,
}

impl Fruit {
    pub const ALL: [Fruit; 4] = [Fruit::Peach, Fruit::Lemon, Fruit::Orange, Fruit::Strawberry];

    fn letter(self) -> char {
        match self {
            Fruit::Peach => 'p',
            Fruit::Lemon => 'l',
            Fruit::Orange => 'o',
            Fruit::Strawberry => 's',
        }
    }
}

/// One of the five pictures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Picture {
    Dog,
    Monkey,
    Pheasant,
    Sun,
    Moon,
}

impl Picture {
    pub const ALL: [Picture; 5] = [
        Picture::Dog,
        Picture::Monkey,
        Picture::Pheasant,
        Picture::Sun,
        Picture::Moon,
    ];

    /// Dog, monkey and pheasant: the animals of kerai and otomo.
    pub fn is_animal(self) -> bool {
        matches!(self, Picture::Dog | Picture::Monkey | Picture::Pheasant)
    }

    /// Sun and moon: the pictures of celestial sets.
    pub fn is_celestial(self) -> bool {
        matches!(self, Picture::Sun | Picture::Moon)
    }

    pub fn name(self) -> &'static str {
        match self {
            Picture::Dog => "Dog",
            Picture::Monkey => "Monkey",
            Picture::Pheasant => "Pheasant",
            Picture::Sun => "Sun",
            Picture::Moon => "Moon",
        }
    }
}

/// A card kind. Small and `Copy`; ordering is the printing order of the scenario format.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

/// What a card shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    Number { fruit: Fruit, number: u8 },
    Picture(Picture),
}

impl Card {
    /// A number card. `number` must be 1–9; anything else is a programming error.
    pub const fn number_card(fruit: Fruit, number: u8) -> Card {
        assert!(number >= 1 && number <= 9);
        Card((fruit as u8) * 9 + number - 1)
    }

    pub const fn picture(picture: Picture) -> Card {
        Card(36 + picture as u8)
    }

    pub const DOG: Card = Card::picture(Picture::Dog);
    pub const MONKEY: Card = Card::picture(Picture::Monkey);
    pub const PHEASANT: Card = Card::picture(Picture::Pheasant);
    pub const SUN: Card = Card::picture(Picture::Sun);
    pub const MOON: Card = Card::picture(Picture::Moon);

    /// The kind with this index (0..41), if any.
    pub fn from_index(index: usize) -> Option<Card> {
        (index < KINDS).then_some(Card(index as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Every kind, in printing order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..KINDS as u8).map(Card)
    }

    pub fn face(self) -> Face {
        if self.0 < 36 {
            Face::Number {
                fruit: Fruit::ALL[(self.0 / 9) as usize],
                number: self.0 % 9 + 1,
            }
        } else {
            Face::Picture(Picture::ALL[(self.0 - 36) as usize])
        }
    }

    /// The number of a number card.
    pub fn number(self) -> Option<u8> {
        (self.0 < 36).then_some(self.0 % 9 + 1)
    }

    /// The fruit of a number card.
    pub fn fruit(self) -> Option<Fruit> {
        (self.0 < 36).then(|| Fruit::ALL[(self.0 / 9) as usize])
    }

    /// The picture of a picture card.
    pub fn as_picture(self) -> Option<Picture> {
        (self.0 >= 36).then(|| Picture::ALL[(self.0 - 36) as usize])
    }

    pub fn is_number(self) -> bool {
        self.0 < 36
    }

    pub fn is_picture(self) -> bool {
        self.0 >= 36
    }

    pub fn is_peach(self) -> bool {
        self.0 < 9
    }

    /// Whether this is a 1 or a 9 of any fruit (chanta's terminals).
    pub fn is_terminal(self) -> bool {
        matches!(self.number(), Some(1 | 9))
    }

    /// Physical copies of this kind in the deck: 1 per number card, 4 per animal, 3 per
    /// sun or moon.
    pub fn copies(self) -> u8 {
        match self.as_picture() {
            None => 1,
            Some(p) if p.is_animal() => 4,
            Some(_) => 3,
        }
    }

    /// The dora named by this card as indicator (rules §3): the next number of any fruit
    /// (9 → 1), Dog → Monkey → Pheasant → Dog, Sun ↔ Moon.
    pub fn dora_target(self) -> DoraTarget {
        match self.face() {
            Face::Number { number, .. } => DoraTarget::Number(number % 9 + 1),
            Face::Picture(p) => DoraTarget::Picture(match p {
                Picture::Dog => Picture::Monkey,
                Picture::Monkey => Picture::Pheasant,
                Picture::Pheasant => Picture::Dog,
                Picture::Sun => Picture::Moon,
                Picture::Moon => Picture::Sun,
            }),
        }
    }

    /// Whether `self` is dora for an indicator that names `target`.
    pub fn is_dora_for(self, target: DoraTarget) -> bool {
        match target {
            DoraTarget::Number(n) => self.number() == Some(n),
            DoraTarget::Picture(p) => self.as_picture() == Some(p),
        }
    }
}

/// What a dora indicator points at: every card of a number, or one picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DoraTarget {
    Number(u8),
    Picture(Picture),
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.face() {
            Face::Number { fruit, number } => write!(f, "{}{}", fruit.letter(), number),
            Face::Picture(p) => f.write_str(p.name()),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A card name that is not in the notation of rules §1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown card {0:?}")]
pub struct UnknownCard(pub String);

impl FromStr for Card {
    type Err = UnknownCard;

    fn from_str(s: &str) -> Result<Card, UnknownCard> {
        let unknown = || UnknownCard(s.to_string());
        if let Some(p) = Picture::ALL.iter().find(|p| p.name() == s) {
            return Ok(Card::picture(*p));
        }
        let mut chars = s.chars();
        let (Some(letter), Some(digit), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(unknown());
        };
        let fruit = Fruit::ALL
            .into_iter()
            .find(|f| f.letter() == letter)
            .ok_or_else(unknown)?;
        match digit.to_digit(10) {
            Some(n @ 1..=9) => Ok(Card::number_card(fruit, n as u8)),
            _ => Err(unknown()),
        }
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        let s = String::deserialize(deserializer)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Parses a space-separated card list such as `"l1 p2 l3 Moon Moon"` (tests and tools).
pub fn parse_cards(text: &str) -> Result<Vec<Card>, UnknownCard> {
    text.split_whitespace().map(str::parse).collect()
}

/// The full 54-card deck in printing order (one entry per physical card).
pub fn full_deck() -> Vec<Card> {
    Card::all()
        .flat_map(|c| std::iter::repeat_n(c, c.copies() as usize))
        .collect()
}

/// A multiset of card kinds: a hand, a discard pile's kinds, or the cards of a partition.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CardCounts {
    counts: [u8; KINDS],
    /// Cached sum of `counts`: the win search asks for it at every step.
    total: u8,
}

impl Default for CardCounts {
    fn default() -> Self {
        CardCounts {
            counts: [0; KINDS],
            total: 0,
        }
    }
}

impl CardCounts {
    pub fn new() -> CardCounts {
        CardCounts::default()
    }

    pub fn from_cards(cards: &[Card]) -> CardCounts {
        let mut counts = CardCounts::new();
        for &c in cards {
            counts.add(c);
        }
        counts
    }

    pub fn count(&self, card: Card) -> u8 {
        self.counts[card.index()]
    }

    pub fn contains(&self, card: Card) -> bool {
        self.count(card) > 0
    }

    pub fn add(&mut self, card: Card) {
        self.counts[card.index()] += 1;
        self.total += 1;
    }

    /// Every sub-multiset of `N` cards, each in printing order, in lexicographic order (the
    /// candidates for pon, chi and kai).
    pub fn combinations<const N: usize>(&self) -> Vec<[Card; N]> {
        fn go<const N: usize>(
            counts: &mut CardCounts,
            from: usize,
            acc: &mut [Card; N],
            depth: usize,
            out: &mut Vec<[Card; N]>,
        ) {
            if depth == N {
                out.push(*acc);
                return;
            }
            for i in from..KINDS {
                let card = Card(i as u8);
                if counts.remove(card) {
                    acc[depth] = card;
                    go(counts, i, acc, depth + 1, out);
                    counts.add(card);
                }
            }
        }
        let mut out = Vec::new();
        if N > 0 && N <= self.len() {
            go(&mut self.clone(), 0, &mut [Card(0); N], 0, &mut out);
        }
        out
    }

    /// Removes one copy; returns false (and changes nothing) when there is none.
    pub fn remove(&mut self, card: Card) -> bool {
        let slot = &mut self.counts[card.index()];
        if *slot == 0 {
            return false;
        }
        *slot -= 1;
        self.total -= 1;
        true
    }

    /// Whether every card of `cards` (with multiplicity) is here.
    pub fn contains_all(&self, cards: &[Card]) -> bool {
        let mut copy = *self;
        cards.iter().all(|&c| copy.remove(c))
    }

    /// Removes all of `cards`; returns false and changes nothing when one is missing.
    pub fn remove_all(&mut self, cards: &[Card]) -> bool {
        if !self.contains_all(cards) {
            return false;
        }
        for &c in cards {
            self.remove(c);
        }
        true
    }

    pub fn len(&self) -> usize {
        self.total as usize
    }

    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// The distinct kinds present, in printing order.
    pub fn kinds(&self) -> impl Iterator<Item = Card> + '_ {
        Card::all().filter(|c| self.count(*c) > 0)
    }

    /// Every card with multiplicity, in printing order.
    pub fn to_vec(&self) -> Vec<Card> {
        Card::all()
            .flat_map(|c| std::iter::repeat_n(c, self.count(c) as usize))
            .collect()
    }

    /// The lowest kind present, if any.
    pub fn first(&self) -> Option<Card> {
        self.counts
            .iter()
            .position(|&n| n > 0)
            .map(|i| Card(i as u8))
    }
}

impl Serialize for CardCounts {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_vec().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for CardCounts {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<CardCounts, D::Error> {
        let cards = Vec::<Card>::deserialize(deserializer)?;
        let counts = CardCounts::from_cards(&cards);
        match Card::all().find(|c| counts.count(*c) > c.copies()) {
            Some(c) => Err(serde::de::Error::custom(format!("too many {c} cards"))),
            None => Ok(counts),
        }
    }
}

impl fmt::Debug for CardCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.to_vec().iter().map(Card::to_string).collect();
        write!(f, "[{}]", names.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_for_every_kind() {
        for card in Card::all() {
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        }
        assert_eq!(Card::all().count(), KINDS);
    }

    #[test]
    fn unknown_names_are_refused() {
        for bad in ["", "p0", "p10", "x1", "dog", "DOG", "l", "Suns", "o 1"] {
            assert!(bad.parse::<Card>().is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn deck_has_54_cards_with_the_right_copies() {
        let deck = full_deck();
        assert_eq!(deck.len(), DECK_SIZE);
        let counts = CardCounts::from_cards(&deck);
        assert_eq!(counts.count(Card::DOG), 4);
        assert_eq!(counts.count(Card::SUN), 3);
        assert_eq!(counts.count(Card::MOON), 3);
        assert_eq!(counts.count("l5".parse().unwrap()), 1);
    }

    #[test]
    fn printing_order_is_peach_lemon_orange_strawberry_then_pictures() {
        let cards = parse_cards("Moon s1 Dog p9 l1 o5 Sun Pheasant Monkey").unwrap();
        let mut sorted = cards.clone();
        sorted.sort();
        let names: Vec<String> = sorted.iter().map(Card::to_string).collect();
        assert_eq!(names.join(" "), "p9 l1 o5 s1 Dog Monkey Pheasant Sun Moon");
    }

    #[test]
    fn dora_follows_the_indicator() {
        let is_dora = |indicator: &str, card: &str| {
            let i: Card = indicator.parse().unwrap();
            card.parse::<Card>().unwrap().is_dora_for(i.dora_target())
        };
        assert!(is_dora("l4", "o5"));
        assert!(is_dora("l4", "p5"));
        assert!(is_dora("s9", "l1"));
        assert!(!is_dora("l4", "l4"));
        assert!(is_dora("Dog", "Monkey"));
        assert!(is_dora("Pheasant", "Dog"));
        assert!(is_dora("Sun", "Moon"));
        assert!(is_dora("Moon", "Sun"));
        assert!(!is_dora("Sun", "Sun"));
    }

    #[test]
    fn combinations_are_distinct_and_ordered() {
        let hand = CardCounts::from_cards(&parse_cards("l1 Dog Dog Dog").unwrap());
        let names: Vec<String> = hand
            .combinations::<2>()
            .iter()
            .map(|c| c.iter().map(Card::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(names, ["l1 Dog", "Dog Dog"]);
        assert_eq!(hand.combinations::<4>().len(), 1);
        assert!(hand.combinations::<5>().is_empty());
    }

    #[test]
    fn counts_remove_all_is_all_or_nothing() {
        let mut hand = CardCounts::from_cards(&parse_cards("l1 l2 Dog").unwrap());
        assert!(!hand.remove_all(&parse_cards("l1 Dog Dog").unwrap()));
        assert_eq!(hand.len(), 3);
        assert!(hand.remove_all(&parse_cards("l1 Dog").unwrap()));
        assert_eq!(hand.to_vec(), parse_cards("l2").unwrap());
    }
}
