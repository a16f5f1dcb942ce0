//! How far a concealed hand is from tenpai, for the heuristics.
//!
//! The measure is the usual mahjong "shanten" generalised to MOMOJAN's sets: a hand of
//! 3k + 1 cards needs k sets and a head, so its distance is `2k − 2·sets − partials − head`
//! over the best split into sets, partial sets (two cards one card short of a set) and a head;
//! 0 means tenpai in shape, −1 (for 3k + 2 cards) a complete shape. The split is searched
//! over bit masks of at most nine cards with the sets and partials listed once, because the
//! players call this for every discard of every simulated turn.

use crate::games::momojan::shape::{classify, is_head};
use crate::games::momojan::{Card, CardCounts};

/// A hand laid out card by card, with every set and partial among its cards.
pub struct Layout {
    cards: Vec<Card>,
    sets: Vec<u16>,
    partials: Vec<(u16, bool)>,
}

impl Layout {
    pub fn new(hand: &CardCounts) -> Layout {
        let cards = hand.to_vec();
        let n = cards.len();
        let mut sets = Vec::new();
        let mut partials = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                let pair = bit(i) | bit(j);
                if is_head(cards[i], cards[j]) || cards[i] == cards[j] {
                    partials.push((pair, is_head(cards[i], cards[j])));
                } else if is_partial(cards[i], cards[j]) {
                    partials.push((pair, false));
                }
                for k in j + 1..n {
                    if classify(&[cards[i], cards[j], cards[k]]).is_some() {
                        sets.push(pair | bit(k));
                    }
                }
            }
        }
        Layout {
            cards,
            sets,
            partials,
        }
    }

    /// Distance of the hand without the cards in `removed` (a discard) from tenpai.
    pub fn shanten_without(&self, removed: u16) -> i32 {
        let n = self.cards.len() - removed.count_ones() as usize;
        self.shanten_need(removed, (n / 3) as i32)
    }

    /// Distance from `need` sets and a head of the cards not in `removed`.
    pub fn shanten_need(&self, removed: u16, need: i32) -> i32 {
        let mut best = i32::MAX;
        let mut search = Search {
            layout: self,
            need,
            best: &mut best,
        };
        search.go(removed, 0, 0, false);
        best
    }

    /// Index of one card of kind `card`, as a mask.
    pub fn mask_of(&self, card: Card) -> Option<u16> {
        self.cards.iter().position(|c| *c == card).map(bit)
    }
}

fn bit(i: usize) -> u16 {
    1 << i
}

struct Search<'a> {
    layout: &'a Layout,
    need: i32,
    best: &'a mut i32,
}

impl Search<'_> {
    /// Every split of the cards not in `used`: the lowest free card is left alone or put in
    /// a set, a partial or the head.
    fn go(&mut self, used: u16, sets: i32, partials: i32, head: bool) {
        let value = 2 * self.need - 2 * sets - partials.min(self.need - sets) - i32::from(head);
        *self.best = (*self.best).min(value);
        let n = self.layout.cards.len();
        let Some(first) = (0..n).find(|&i| used & bit(i) == 0) else {
            return;
        };
        let me = bit(first);
        self.go(used | me, sets, partials, head);
        for &set in &self.layout.sets {
            if set & me != 0 && set & used == 0 && sets < self.need {
                self.go(used | set, sets + 1, partials, head);
            }
        }
        for &(pair, headlike) in &self.layout.partials {
            if pair & me == 0 || pair & used != 0 {
                continue;
            }
            if headlike && !head {
                self.go(used | pair, sets, partials, true);
            }
            if sets + partials < self.need {
                self.go(used | pair, sets, partials + 1, head);
            }
        }
    }
}

/// Two different cards one card short of a sequence or celestial set.
fn is_partial(a: Card, b: Card) -> bool {
    match (a.number(), b.number()) {
        (Some(x), Some(y)) => {
            let fruits = a.fruit() == b.fruit() || a.is_peach() || b.is_peach();
            x != y && x.abs_diff(y) <= 2 && fruits
        }
        (Some(1), None) | (None, Some(1)) => a
            .as_picture()
            .or(b.as_picture())
            .is_some_and(|p| p.is_celestial()),
        _ => false,
    }
}

/// Shanten of a whole hand.
#[cfg(test)]
pub fn shanten(hand: &CardCounts) -> i32 {
    Layout::new(hand).shanten_without(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::momojan::card::parse_cards;

    fn s(text: &str) -> i32 {
        shanten(&CardCounts::from_cards(&parse_cards(text).unwrap()))
    }

    #[test]
    fn shanten_counts_sets_partials_and_head() {
        assert_eq!(s("l1 l2 l3 o5 s5 p5 Dog Dog"), -1, "complete");
        assert_eq!(s("l1 l2 l3 o5 s5 p5 Dog"), 0, "single wait for the head");
        assert_eq!(s("l1 l2 l3 o5 s5 Dog Dog"), 0, "set wait");
        assert_eq!(s("l1 l2 l3 o5 s9 Dog Moon"), 2);
        assert_eq!(s("Dog"), 0);
        assert_eq!(s("Sun Sun l1 Dog"), 0);
        assert_eq!(s("l1 o4 s7 Dog"), 2);
    }
}
