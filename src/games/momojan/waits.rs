//! Tenpai, waits and furiten (rules §5 and §6).

use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};

use super::card::{Card, CardCounts, Fruit, KINDS};
use super::meld::Meld;
use super::partition::{for_each_partition, places_in_celestial_set};
use super::score::{is_winning_shape, MIN_SETS};

/// A card kind that would complete the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wait {
    pub card: Card,
    /// Some winning partition puts the added card into a sun or moon set, so furiten does
    /// not apply to it (rules §6).
    pub celestial: bool,
}

/// Cards of each kind held in the hand and open sets.
fn own_cards(hand: &CardCounts, melds: &[Meld]) -> CardCounts {
    let mut own = *hand;
    for c in melds.iter().flat_map(|m| m.cards.iter()) {
        own.add(*c);
    }
    own
}

/// Kinds worth trying as a wait: not all copies in the player's own hand and open sets, and
/// close enough to a held card to matter (a wait always joins a held card in a set or head).
fn candidates(hand: &CardCounts, melds: &[Meld]) -> impl Iterator<Item = Card> {
    let own = own_cards(hand, melds);
    let near = near_mask(hand);
    Card::all().filter(move |&c| near[c.index()] && own.count(c) < c.copies())
}

/// Marks every kind that could share a set or head with a held card: numbers within two of a
/// held number (any fruit), held pictures, and the 1s and suns/moons of celestial sets.
fn near_mask(hand: &CardCounts) -> [bool; KINDS] {
    let mut near = [false; KINDS];
    for held in hand.kinds() {
        match held.number() {
            Some(m) => {
                for card in Card::all() {
                    if card.number().is_some_and(|n| n.abs_diff(m) <= 2) {
                        near[card.index()] = true;
                    }
                }
                if m == 1 {
                    near[Card::SUN.index()] = true;
                    near[Card::MOON.index()] = true;
                }
            }
            None => {
                near[held.index()] = true;
                if held.as_picture().is_some_and(|p| p.is_celestial()) {
                    for fruit in Fruit::ALL {
                        near[Card::number_card(fruit, 1).index()] = true;
                    }
                }
            }
        }
    }
    near
}

/// Cards that share no possible set or head with any other held card. One wait can complete
/// at most one group, and only a head waits on a lone card, so a tenpai hand has at most one
/// (a cheap early answer for the riichi checks of every discard).
fn isolated_cards(hand: &CardCounts) -> usize {
    hand.kinds()
        .filter(|&c| hand.count(c) == 1 && !hand.kinds().any(|o| o != c && could_group(c, o)))
        .count()
}

/// Whether two different kinds can sit in one set or head.
fn could_group(a: Card, b: Card) -> bool {
    match (a.number(), b.number()) {
        (Some(x), Some(y)) => {
            x == y
                || (x.abs_diff(y) <= 2 && (a.fruit() == b.fruit() || a.is_peach() || b.is_peach()))
        }
        (Some(1), None) | (None, Some(1)) => a
            .as_picture()
            .or(b.as_picture())
            .is_some_and(|p| p.is_celestial()),
        _ => false,
    }
}

/// One more card makes (len + 1 − 2) / 3 concealed sets; with the open sets that must reach
/// the minimum of rules §6.1, or no card can complete the hand.
fn can_reach_enough_sets(hand: &CardCounts, melds: &[Meld]) -> bool {
    (hand.len() + 1) % 3 == 2 && (hand.len() + 1) / 3 + melds.len() >= MIN_SETS
}

/// Every wait of a hand of 3k + 1 cards with these open sets, in printing order.
pub fn waits(hand: &CardCounts, melds: &[Meld]) -> Vec<Wait> {
    if !can_reach_enough_sets(hand, melds) {
        return Vec::new();
    }
    candidates(hand, melds)
        .filter_map(|card| {
            let mut with = *hand;
            with.add(card);
            is_winning_shape(&with, melds.len()).then(|| Wait {
                card,
                celestial: is_celestial_wait(&with, card),
            })
        })
        .collect()
}

/// Whether the hand has at least one wait (rules §5 tenpai).
pub fn is_tenpai(hand: &CardCounts, melds: &[Meld]) -> bool {
    can_reach_enough_sets(hand, melds)
        && isolated_cards(hand) <= 1
        && candidates(hand, melds).any(|card| {
            let mut with = *hand;
            with.add(card);
            is_winning_shape(&with, melds.len())
        })
}

fn is_celestial_wait(with: &CardCounts, card: Card) -> bool {
    let could_be = card.number() == Some(1) || card.as_picture().is_some_and(|p| p.is_celestial());
    could_be
        && for_each_partition(with, &mut |groups| {
            if places_in_celestial_set(groups, card) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_break()
}

/// Whether furiten blocks a ron on `card` (rules §6): `waits` are the hand's waits before the
/// ron card, `own_discards` the kinds still in the player's own discard pile.
pub fn is_furiten(
    waits: &[Wait],
    own_discards: impl IntoIterator<Item = Card>,
    card: Card,
) -> bool {
    if card.is_peach() || waits.iter().any(|w| w.card == card && w.celestial) {
        return false;
    }
    own_discards
        .into_iter()
        .filter(|d| !d.is_peach())
        .any(|d| waits.iter().any(|w| w.card == d && !w.celestial))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::momojan::card::parse_cards;
    use crate::games::momojan::meld::MeldSource;
    use crate::games::momojan::shape::classify;

    fn counts(text: &str) -> CardCounts {
        CardCounts::from_cards(&parse_cards(text).unwrap())
    }

    fn kai(text: &str) -> Meld {
        let cards = parse_cards(text).unwrap();
        Meld::new(MeldSource::Kai, classify(&cards).unwrap(), &cards, None)
    }

    fn names(w: &[Wait]) -> String {
        w.iter()
            .map(|w| format!("{}{}", w.card, if w.celestial { "*" } else { "" }))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn waits_include_peach_completions() {
        let melds = [kai("Dog Dog Dog"), kai("s4 s5 s6")];
        // l2 l3 + head Moon Moon: waits l1, l4 and the peaches p1, p4.
        let w = waits(&counts("l2 l3 Moon Moon"), &melds);
        assert_eq!(names(&w), "p1 p4 l1 l4");
    }

    #[test]
    fn a_wait_held_in_full_does_not_count() {
        let melds = [kai("Dog Dog Dog")];
        // Single l5: waits are the other 5s, never l5 itself.
        let w = waits(&counts("l5 l6 l7 o5"), &melds);
        assert!(!w.iter().any(|w| w.card.to_string() == "l5"));
        // The last dog: Dog Dog Dog kai + Dog in hand; a hand waiting only on Dog is noten.
        let melds = [kai("Dog Dog Dog"), kai("l1 l2 l3")];
        assert!(waits(&counts("Dog"), &melds).is_empty());
        assert!(!is_tenpai(&counts("Dog"), &melds));
    }

    #[test]
    fn two_sets_are_not_enough() {
        // Closed 7-card hand: 8 cards make only two sets and a head.
        assert!(!is_tenpai(&counts("l1 l2 l3 o4 o5 o6 Moon"), &[]));
        assert!(is_tenpai(
            &counts("l1 l2 l3 o4 o5 o6 Moon"),
            &[kai("Dog Dog Dog")]
        ));
    }

    #[test]
    fn celestial_waits_are_marked() {
        let melds = [kai("Dog Dog Dog"), kai("l4 l5 l6")];
        let w = waits(&counts("Moon Moon o7 s7"), &melds);
        // Moon and every 1 complete a moon set (celestial waits); p7 and l7 make 7-7-7.
        assert_eq!(names(&w), "p1* p7 l1* l7 o1* s1* Moon*");
    }

    #[test]
    fn furiten_rules() {
        let melds = [kai("Dog Dog Dog"), kai("l4 l5 l6")];
        let w = waits(&counts("Moon Moon o7 s7"), &melds);
        let c = |s: &str| s.parse::<Card>().unwrap();
        // Discarded l7 (a non-celestial wait): ron on p7 is still fine (peach), l1 is celestial.
        assert!(!is_furiten(&w, [c("l7")], c("p7")));
        assert!(!is_furiten(&w, [c("l7")], c("l1")));
        // A discarded peach never causes furiten.
        assert!(!is_furiten(&w, [c("p7")], c("l7")));
        // A wait not in the discards: no furiten.
        assert!(!is_furiten(&w, [c("s9")], c("l7")));
    }

    #[test]
    fn furiten_blocks_plain_waits() {
        let melds = [kai("Dog Dog Dog"), kai("l4 l5 l6")];
        let w = waits(&counts("o2 o3 s8 l8"), &melds);
        let c = |s: &str| s.parse::<Card>().unwrap();
        assert!(is_furiten(&w, [c("o1")], c("o4")));
        assert!(!is_furiten(&w, [c("o1")], c("p4")));
    }
}
