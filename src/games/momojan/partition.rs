//! Win-shape search (rules §6.1): every way to split concealed cards into sets and one head.
//!
//! The search always places the lowest card still unplaced. Every group it could belong to
//! contains only cards at or above it, which keeps the search small and yields each partition
//! once. Peach is the only card that can sit in a sequence below a card of another fruit
//! (`p4` in `l3 p4 l5`), so only a peach looks both up and down for its sequence partners.

use std::ops::ControlFlow;

use super::card::{Card, CardCounts, Fruit, Picture};
use super::shape::{Group, SetShape};

/// Calls `visit` with every partition of `counts` into sets and exactly one head, until it
/// breaks. `counts` must hold 3k + 2 cards for any partition to exist.
pub fn for_each_partition(
    counts: &CardCounts,
    visit: &mut dyn FnMut(&[Group]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if counts.len() % 3 != 2 {
        return ControlFlow::Continue(());
    }
    let mut work = *counts;
    let mut groups = Vec::with_capacity(counts.len() / 3 + 1);
    search(&mut work, false, &mut groups, visit)
}

/// Whether `counts` splits into sets and one head.
pub fn has_partition(counts: &CardCounts) -> bool {
    for_each_partition(counts, &mut |_| ControlFlow::Break(())).is_break()
}

fn search(
    counts: &mut CardCounts,
    head_used: bool,
    groups: &mut Vec<Group>,
    visit: &mut dyn FnMut(&[Group]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let Some(low) = counts.first() else {
        return if head_used {
            visit(groups)
        } else {
            ControlFlow::Continue(())
        };
    };
    let mut candidates = Candidates::default();
    candidates.collect(counts, low, head_used);
    for &(shape, cards, n) in candidates.as_slice() {
        let cards = &cards[..n];
        if !counts.remove_all(cards) {
            continue;
        }
        groups.push(Group::new(shape, cards));
        let flow = search(counts, head_used || shape.is_none(), groups, visit);
        groups.pop();
        for &c in cards {
            counts.add(c);
        }
        flow?;
    }
    ControlFlow::Continue(())
}

type Candidate = (Option<SetShape>, [Card; 3], usize);

/// The groups that could hold the lowest card, in a fixed buffer: the search runs millions of
/// times per second and must not allocate.
struct Candidates {
    buf: [Candidate; 48],
    len: usize,
}

impl Default for Candidates {
    fn default() -> Self {
        Candidates {
            buf: [(None, [Card::DOG; 3], 0); 48],
            len: 0,
        }
    }
}

impl Candidates {
    fn as_slice(&self) -> &[Candidate] {
        &self.buf[..self.len]
    }

    fn push(&mut self, shape: Option<SetShape>, cards: [Card; 3], n: usize) {
        self.buf[self.len] = (shape, cards, n);
        self.len += 1;
    }

    /// Every group that contains `low` and otherwise only cards present in `counts`.
    fn collect(&mut self, counts: &CardCounts, low: Card, head_used: bool) {
        let Some(n) = low.number() else {
            if !head_used && counts.count(low) >= 2 {
                self.push(None, [low; 3], 2);
            }
            if counts.count(low) >= 3 {
                self.push(Some(SetShape::Triplet), [low; 3], 3);
            }
            return;
        };
        let mut same = [low; 3];
        let mut same_len = 0;
        for f in Fruit::ALL {
            let c = Card::number_card(f, n);
            if c > low && counts.contains(c) {
                same[same_len] = c;
                same_len += 1;
            }
        }
        let same = &same[..same_len];
        if !head_used {
            for &d in same {
                self.push(None, [low, d, d], 2);
            }
        }
        for (i, &a) in same.iter().enumerate() {
            for &b in &same[i + 1..] {
                self.push(Some(SetShape::SameNumber), [low, a, b], 3);
            }
        }
        if n == 1 {
            for sun_or_moon in [Card::SUN, Card::MOON] {
                if counts.count(sun_or_moon) >= 2 {
                    self.push(
                        Some(SetShape::Celestial),
                        [low, sun_or_moon, sun_or_moon],
                        3,
                    );
                }
            }
        }
        self.push_sequences(counts, low, n);
    }

    /// Sequences through `low`. A non-peach `low` starts its sequence with its own fruit
    /// (every peach is below it and already placed); a peach may sit at any position, with
    /// partners of one other fruit or higher peaches.
    fn push_sequences(&mut self, counts: &CardCounts, low: Card, n: u8) {
        let peach = low.is_peach();
        let first_start = if peach { n.saturating_sub(2).max(1) } else { n };
        for start in first_start..=n.min(7) {
            let mut others = [0u8; 2];
            let mut k = 0;
            for m in start..start + 3 {
                if m != n {
                    others[k] = m;
                    k += 1;
                }
            }
            if peach {
                for fruit in Fruit::ALL {
                    self.push_sequence_with(counts, low, others, fruit);
                }
            } else {
                let fruit = low.fruit().expect("a number card has a fruit");
                self.push_sequence_with(counts, low, others, fruit);
            }
        }
    }

    /// Sequences of `low` with partners at `others` drawn from `fruit` or higher peaches.
    fn push_sequence_with(
        &mut self,
        counts: &CardCounts,
        low: Card,
        others: [u8; 2],
        fruit: Fruit,
    ) {
        let options = |m: u8| {
            let mut v = [None, None];
            let peach = Card::number_card(Fruit::Peach, m);
            if peach > low && counts.contains(peach) {
                v[0] = Some(peach);
            }
            let own = Card::number_card(fruit, m);
            if fruit != Fruit::Peach && counts.contains(own) {
                v[1] = Some(own);
            }
            v
        };
        for a in options(others[0]).into_iter().flatten() {
            for b in options(others[1]).into_iter().flatten() {
                // With a peach `low`, an all-peach sequence is produced only under the Peach
                // pass, so that each partition appears once.
                let all_peach = a.is_peach() && b.is_peach();
                if low.is_peach() && all_peach != (fruit == Fruit::Peach) {
                    continue;
                }
                self.push(Some(SetShape::Sequence), [low, a, b], 3);
            }
        }
    }
}

/// Whether a sun or moon set in this partition holds a card of kind `card`.
pub fn places_in_celestial_set(groups: &[Group], card: Card) -> bool {
    groups.iter().any(|g| {
        g.picture().is_some_and(Picture::is_celestial) && !g.is_head() && g.cards().contains(&card)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::momojan::card::parse_cards;

    fn counts(text: &str) -> CardCounts {
        CardCounts::from_cards(&parse_cards(text).unwrap())
    }

    fn partitions(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        let _ = for_each_partition(&counts(text), &mut |groups| {
            let mut parts: Vec<String> = groups
                .iter()
                .map(|g| {
                    let names: Vec<String> = g.cards().iter().map(Card::to_string).collect();
                    names.join(" ")
                })
                .collect();
            parts.sort();
            out.push(parts.join(" | "));
            ControlFlow::Continue(())
        });
        out.sort();
        out
    }

    #[test]
    fn finds_a_simple_hand() {
        assert_eq!(
            partitions("l1 l2 l3 Moon Moon"),
            vec!["Moon Moon | l1 l2 l3"]
        );
    }

    #[test]
    fn peach_fills_any_fruit_and_position() {
        assert_eq!(partitions("p4 l3 l5 o7 s7"), vec!["o7 s7 | p4 l3 l5"]);
        assert_eq!(partitions("p2 p3 o4 Dog Dog"), vec!["Dog Dog | p2 p3 o4"]);
    }

    #[test]
    fn celestial_sets_and_alternatives_are_all_found() {
        assert_eq!(
            partitions("l1 o1 Moon Moon Moon"),
            vec!["Moon Moon Moon | l1 o1"]
        );
        assert_eq!(
            partitions("l1 o1 s1 Sun Sun"),
            vec![
                "Sun Sun | l1 o1 s1",
                "l1 Sun Sun | o1 s1",
                "l1 o1 | s1 Sun Sun",
                "l1 s1 | o1 Sun Sun"
            ]
        );
    }

    /// Every split into 3-card sets and one head, by trying all orderings: slow but obvious.
    fn brute_force(cards: &[Card]) -> Vec<String> {
        use crate::games::momojan::shape::{classify, is_head};
        fn go(rest: &[Card], acc: &mut Vec<Vec<Card>>, out: &mut Vec<String>, head: bool) {
            if rest.is_empty() {
                if head {
                    let mut parts: Vec<String> = acc
                        .iter()
                        .map(|g| g.iter().map(Card::to_string).collect::<Vec<_>>().join(" "))
                        .collect();
                    parts.sort();
                    out.push(parts.join(" | "));
                }
                return;
            }
            let first = rest[0];
            let tail = &rest[1..];
            for i in 0..tail.len() {
                if !head && is_head(first, tail[i]) {
                    let mut r = tail.to_vec();
                    r.remove(i);
                    acc.push(vec![first, tail[i]]);
                    go(&r, acc, out, true);
                    acc.pop();
                }
                for j in i + 1..tail.len() {
                    if classify(&[first, tail[i], tail[j]]).is_some() {
                        let mut r = tail.to_vec();
                        r.remove(j);
                        r.remove(i);
                        acc.push(vec![first, tail[i], tail[j]]);
                        go(&r, acc, out, head);
                        acc.pop();
                    }
                }
            }
        }
        let mut sorted = cards.to_vec();
        sorted.sort();
        let mut out = Vec::new();
        go(&sorted, &mut Vec::new(), &mut out, false);
        out.sort();
        out.dedup();
        out
    }

    #[test]
    fn search_matches_brute_force_on_dense_hands() {
        for text in [
            "p1 p2 p3 l1 l2 l3 o1 o2",
            "p2 p3 p4 l2 l3 l4 o3 s3",
            "p1 l1 o1 s1 Sun Sun Moon Moon",
            "p5 p6 p7 l5 l6 l7 o5 o6",
            "p4 l3 l5 o4 o3 o5 s4 s6",
        ] {
            assert_eq!(
                partitions(text),
                brute_force(&parse_cards(text).unwrap()),
                "{text}"
            );
        }
    }

    proptest::proptest! {
        #[test]
        fn search_matches_brute_force_on_random_hands(seed in 0u64..u64::MAX, size in 0usize..3) {
            use rand::{seq::SliceRandom, SeedableRng};
            let mut deck = crate::games::momojan::card::full_deck();
            deck.shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
            // Bias towards low numbers and peaches so that shapes are common.
            deck.sort_by_key(|c| (c.number().map_or(20, |n| n / 3), c.is_peach() as u8));
            let n = [2, 5, 8][size];
            let start = (seed % 20) as usize;
            let hand: Vec<Card> = deck[start..start + n].to_vec();
            proptest::prop_assert_eq!(partitions_of(&hand), brute_force(&hand));
        }
    }

    fn partitions_of(cards: &[Card]) -> Vec<String> {
        let text: Vec<String> = cards.iter().map(Card::to_string).collect();
        partitions(&text.join(" "))
    }

    #[test]
    fn no_partition_without_exactly_one_head() {
        assert!(!has_partition(&counts("l1 l2 l3 o4 o5 o6")));
        assert!(!has_partition(&counts("l1 l2 l3 Moon Sun")));
        assert!(has_partition(&counts("Dog Dog")));
        assert!(has_partition(&counts("l8 s8")));
        assert!(!has_partition(&counts("l8 l9")));
    }

    #[test]
    fn places_celestial_card() {
        let mut seen = false;
        let _ = for_each_partition(&counts("Moon Moon l1 o5 s5"), &mut |g| {
            seen |= places_in_celestial_set(g, "l1".parse().unwrap());
            ControlFlow::Continue(())
        });
        assert!(seen);
    }
}
