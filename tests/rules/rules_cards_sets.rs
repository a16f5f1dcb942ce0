//! Rules §1–2: the 54 cards, sets, kan and the head.

use crate::support::*;
use momojan::games::momojan::card::full_deck;
use momojan::games::momojan::shape::{classify, is_head, SetShape};
use momojan::games::momojan::{Card, CardCounts};

fn shape(text: &str) -> Option<SetShape> {
    classify(&cards(text))
}

#[test]
fn there_are_54_cards_36_numbers_and_18_pictures() {
    let deck = full_deck();
    assert_eq!(deck.len(), 54);
    assert_eq!(deck.iter().filter(|c| c.is_number()).count(), 36);
    let counts = CardCounts::from_cards(&deck);
    for (name, copies) in [
        ("Dog", 4),
        ("Monkey", 4),
        ("Pheasant", 4),
        ("Sun", 3),
        ("Moon", 3),
    ] {
        assert_eq!(counts.count(card(name)), copies, "{name}");
    }
    for fruit in ["p", "l", "o", "s"] {
        for n in 1..=9 {
            assert_eq!(counts.count(card(&format!("{fruit}{n}"))), 1);
        }
    }
}

#[test]
fn a_sequence_is_three_consecutive_numbers_of_one_fruit_and_peach_is_wild() {
    assert_eq!(shape("l1 p2 l3"), Some(SetShape::Sequence));
    assert_eq!(shape("p3 p4 p5"), Some(SetShape::Sequence));
    assert_eq!(shape("s7 s8 s9"), Some(SetShape::Sequence));
    assert_eq!(shape("l1 o2 o3"), None);
    assert_eq!(
        shape("l1 p2 o3"),
        None,
        "a peach keeps the others' fruits apart"
    );
    assert_eq!(shape("l8 l9 l1"), None, "no wrap-around");
    assert_eq!(shape("l1 l2 l4"), None);
}

#[test]
fn a_same_number_set_is_three_number_cards_with_one_number() {
    assert_eq!(shape("l2 o2 s2"), Some(SetShape::SameNumber));
    assert_eq!(shape("p6 o6 s6"), Some(SetShape::SameNumber));
    assert_eq!(shape("l2 o2 s3"), None);
}

#[test]
fn a_picture_triplet_is_three_identical_pictures() {
    assert_eq!(shape("Dog Dog Dog"), Some(SetShape::Triplet));
    assert_eq!(shape("Moon Moon Moon"), Some(SetShape::Triplet));
    assert_eq!(shape("Dog Dog Monkey"), None);
}

#[test]
fn a_celestial_set_is_two_suns_or_two_moons_and_a_one() {
    assert_eq!(shape("Moon Moon l1"), Some(SetShape::Celestial));
    assert_eq!(shape("Sun Sun p1"), Some(SetShape::Celestial));
    assert_eq!(shape("Moon Moon l2"), None);
    assert_eq!(shape("Moon l1 o1"), None, "needs two picture cards");
    assert_eq!(
        shape("Sun Moon l1"),
        None,
        "[ruling] sun and moon do not mix"
    );
    assert_eq!(shape("Dog Dog l1"), None);
}

#[test]
fn a_kan_is_four_animals_or_the_four_cards_of_one_number() {
    assert_eq!(shape("Dog Dog Dog Dog"), Some(SetShape::Kan));
    assert_eq!(shape("p5 l5 o5 s5"), Some(SetShape::Kan));
    assert_eq!(shape("l5 o5 s5 l6"), None);
    // Sun and moon have only three copies.
    assert_eq!(card("Sun").copies(), 3);
    assert_eq!(card("Moon").copies(), 3);
}

#[test]
fn a_head_is_two_cards_of_one_number_or_two_identical_pictures() {
    let head = |a: &str, b: &str| is_head(card(a), card(b));
    assert!(head("l5", "o5"));
    assert!(head("p9", "s9"));
    assert!(head("Dog", "Dog"));
    assert!(head("Moon", "Moon"));
    assert!(!head("Dog", "Monkey"));
    assert!(!head("l5", "l6"));
    assert!(!head("Sun", "Moon"));
}

#[test]
fn moon_l1_o1_cannot_be_laid_open_or_claimed() {
    // The dealer holds Moon l1 o1 and draws; kai of Moon l1 o1 is refused.
    let deck = DeckBuilder::new()
        .dealer("Moon l1 o1 s5 s6 Dog Monkey")
        .non_dealer("Moon l2 o2 p7 p8 Sun Pheasant")
        .pile(0, "s9 l9");
    let mut game = dealt(&deck.build());
    play(&mut game, &["0 draw 0"]);
    let why = refused(&mut game, "0 kai Moon l1 o1");
    assert!(why.contains("not a set"), "{why}");
    // Nor can the opponent pon a discarded l1 with Moon and o1.
    play(&mut game, &["0 discard l1"]);
    let why = refused(&mut game, "1 pon Moon o2");
    assert!(why.contains("not a set"), "{why}");
}

#[test]
fn card_names_follow_the_notation() {
    for c in Card::all() {
        assert_eq!(card(&c.to_string()), c);
    }
    assert!("dog".parse::<Card>().is_err());
    assert!("p0".parse::<Card>().is_err());
}
