//! Sets, kan and heads (rules §2): classifying a group of cards.

use serde::{Deserialize, Serialize};

use super::card::{Card, Fruit, Picture};

/// The shape of a set (three cards) or kan (four).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SetShape {
    /// Three consecutive numbers of one fruit, peach standing for any fruit.
    Sequence,
    /// Three number cards with the same number.
    SameNumber,
    /// Three identical picture cards.
    Triplet,
    /// Two suns or two moons and any fruit's 1.
    Celestial,
    /// Four identical animals or the four number cards of one number.
    Kan,
}

impl SetShape {
    /// Pon claims these shapes; chi claims sequences (rules §4).
    pub fn is_pon_shape(self) -> bool {
        matches!(
            self,
            SetShape::SameNumber | SetShape::Triplet | SetShape::Celestial
        )
    }
}

/// A set, kan or head: up to four cards in printing order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Group {
    /// `None` for a head.
    pub shape: Option<SetShape>,
    cards: [Card; 4],
    len: u8,
}

impl Group {
    /// A group from cards already known to form `shape` (or a head for `None`).
    pub fn new(shape: Option<SetShape>, cards: &[Card]) -> Group {
        let mut buf = [cards[0]; 4];
        buf[..cards.len()].copy_from_slice(cards);
        buf[..cards.len()].sort_unstable();
        Group {
            shape,
            cards: buf,
            len: cards.len() as u8,
        }
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    pub fn is_head(&self) -> bool {
        self.shape.is_none()
    }

    pub fn is_sequence(&self) -> bool {
        self.shape == Some(SetShape::Sequence)
    }

    /// The picture of a picture triplet, celestial set, or animal kan.
    pub fn picture(&self) -> Option<Picture> {
        match self.shape {
            Some(SetShape::Triplet | SetShape::Celestial | SetShape::Kan) => {
                self.cards().iter().rev().find_map(|c| c.as_picture())
            }
            _ => None,
        }
    }

    /// The lowest number of a sequence.
    pub fn sequence_start(&self) -> Option<u8> {
        if !self.is_sequence() {
            return None;
        }
        self.cards().iter().filter_map(|c| c.number()).min()
    }

    /// The one fruit the non-peach cards of this group share, `Some(Peach)` when every card
    /// is a peach (it then fits any fruit), `None` when fruits are mixed or a picture is in it.
    pub fn fruit_fit(&self) -> Option<Fruit> {
        fruit_fit(self.cards())
    }
}

/// The fruit that every non-peach card fits (`Peach` when all are peaches), or `None` when a
/// picture is present or two other fruits are mixed.
pub fn fruit_fit(cards: &[Card]) -> Option<Fruit> {
    let mut fit = Fruit::Peach;
    for c in cards {
        match c.fruit()? {
            Fruit::Peach => {}
            f if fit == Fruit::Peach || fit == f => fit = f,
            _ => return None,
        }
    }
    Some(fit)
}

/// The shape of three cards as a set, or of four as a kan; `None` when they form neither.
pub fn classify(cards: &[Card]) -> Option<SetShape> {
    if !(3..=4).contains(&cards.len()) {
        return None;
    }
    let mut buf = [cards[0]; 4];
    buf[..cards.len()].copy_from_slice(cards);
    let sorted = &mut buf[..cards.len()];
    sorted.sort_unstable();
    match sorted.len() {
        3 => classify_three(sorted),
        _ => is_kan(sorted).then_some(SetShape::Kan),
    }
}

fn classify_three(c: &[Card]) -> Option<SetShape> {
    if c.iter().all(|x| x.is_picture()) {
        return (c[0] == c[1] && c[1] == c[2]).then_some(SetShape::Triplet);
    }
    // Sorted, so a celestial set is [1, P, P].
    if c[1].is_picture() {
        let celestial = c[0].number() == Some(1)
            && c[1] == c[2]
            && c[1].as_picture().is_some_and(Picture::is_celestial);
        return celestial.then_some(SetShape::Celestial);
    }
    if c[2].is_picture() {
        return None;
    }
    let mut numbers = [0u8; 3];
    for (slot, card) in numbers.iter_mut().zip(c) {
        *slot = card.number().unwrap_or(0);
    }
    numbers.sort_unstable();
    let distinct = c[0] != c[1] && c[1] != c[2];
    if distinct && numbers[0] == numbers[2] {
        return Some(SetShape::SameNumber);
    }
    let consecutive = numbers[1] == numbers[0] + 1 && numbers[2] == numbers[1] + 1;
    (consecutive && fruit_fit(c).is_some()).then_some(SetShape::Sequence)
}

fn is_kan(c: &[Card]) -> bool {
    let same_animal =
        c.iter().all(|x| *x == c[0]) && c[0].as_picture().is_some_and(Picture::is_animal);
    let same_number = c
        .iter()
        .all(|x| x.is_number() && x.number() == c[0].number())
        && c.windows(2).all(|w| w[0] != w[1]);
    same_animal || same_number
}

/// Whether two cards form a head: the same number (any fruits) or the same picture.
pub fn is_head(a: Card, b: Card) -> bool {
    match (a.number(), b.number()) {
        (Some(x), Some(y)) => x == y && a != b,
        (None, None) => a == b,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::momojan::card::parse_cards;

    fn shape(text: &str) -> Option<SetShape> {
        classify(&parse_cards(text).unwrap())
    }

    #[test]
    fn sequences_use_peach_as_wild() {
        assert_eq!(shape("l1 p2 l3"), Some(SetShape::Sequence));
        assert_eq!(shape("p3 p4 p5"), Some(SetShape::Sequence));
        assert_eq!(shape("s9 s7 p8"), Some(SetShape::Sequence));
        assert_eq!(shape("l1 o2 o3"), None);
        assert_eq!(shape("l8 l9 l1"), None, "no wrap-around");
    }

    #[test]
    fn same_number_sets() {
        assert_eq!(shape("l2 o2 s2"), Some(SetShape::SameNumber));
        assert_eq!(shape("p6 o6 s6"), Some(SetShape::SameNumber));
        assert_eq!(shape("p6 o6 s7"), None);
    }

    #[test]
    fn picture_triplets_and_celestial_sets() {
        assert_eq!(shape("Dog Dog Dog"), Some(SetShape::Triplet));
        assert_eq!(shape("Moon Moon Moon"), Some(SetShape::Triplet));
        assert_eq!(shape("Moon Moon l1"), Some(SetShape::Celestial));
        assert_eq!(shape("Sun Sun p1"), Some(SetShape::Celestial));
        assert_eq!(shape("Moon l1 o1"), None, "needs two picture cards");
        assert_eq!(shape("Sun Moon l1"), None, "[ruling] mixed sun and moon");
        assert_eq!(
            shape("Dog Dog l1"),
            None,
            "only sun and moon make celestial sets"
        );
        assert_eq!(shape("Moon Moon l2"), None);
        assert_eq!(shape("Dog Dog Monkey"), None);
    }

    #[test]
    fn kans() {
        assert_eq!(shape("Dog Dog Dog Dog"), Some(SetShape::Kan));
        assert_eq!(shape("p5 l5 o5 s5"), Some(SetShape::Kan));
        assert_eq!(shape("l5 o5 s5 l6"), None);
        assert_eq!(
            shape("Sun Sun Sun Moon"),
            None,
            "sun and moon never form a kan"
        );
    }

    #[test]
    fn heads() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        assert!(is_head(c("l2"), c("s2")));
        assert!(is_head(c("Moon"), c("Moon")));
        assert!(!is_head(c("Moon"), c("Sun")));
        assert!(!is_head(c("l2"), c("l3")));
        assert!(!is_head(c("l1"), c("Sun")));
    }

    #[test]
    fn group_reports_picture_start_and_fruit() {
        let g = Group::new(
            Some(SetShape::Celestial),
            &parse_cards("Moon l1 Moon").unwrap(),
        );
        assert_eq!(g.picture(), Some(Picture::Moon));
        let s = Group::new(Some(SetShape::Sequence), &parse_cards("o5 p4 o6").unwrap());
        assert_eq!(s.sequence_start(), Some(4));
        assert_eq!(s.fruit_fit(), Some(Fruit::Orange));
    }
}
