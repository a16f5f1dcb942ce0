//! How cards, sets and discard piles look in messages: an emoji and a number, readable on a
//! phone (🍑 peach, 🍋 lemon, 🍊 orange, 🍓 strawberry, 🐕 dog, 🐒 monkey, 🐦 pheasant,
//! ☀️ sun, 🌙 moon).

use crate::games::momojan::card::{Face, Fruit, Picture};
use crate::games::momojan::meld::{Meld, MeldSource};
use crate::games::momojan::round::Discard;
use crate::games::momojan::Card;

/// One card: `🍋5`, `🐕`.
pub fn card(c: Card) -> String {
    match c.face() {
        Face::Number { fruit, number } => format!("{}{number}", fruit_emoji(fruit)),
        Face::Picture(p) => picture_emoji(p).to_string(),
    }
}

fn fruit_emoji(fruit: Fruit) -> &'static str {
    match fruit {
        Fruit::Peach => "🍑",
        Fruit::Lemon => "🍋",
        Fruit::Orange => "🍊",
        Fruit::Strawberry => "🍓",
    }
}

fn picture_emoji(p: Picture) -> &'static str {
    match p {
        Picture::Dog => "🐕",
        Picture::Monkey => "🐒",
        Picture::Pheasant => "🐦",
        Picture::Sun => "☀️",
        Picture::Moon => "🌙",
    }
}

/// Cards separated by spaces.
pub fn cards(list: &[Card]) -> String {
    list.iter().map(|c| card(*c)).collect::<Vec<_>>().join(" ")
}

/// The mark of a called card (the discard a pon or chi took): `*🍑1`.
pub const CALLED_MARK: &str = "*";

/// The mark of the discard a claim would take, in a discard pile: `👉🍑1`.
pub const LAST_MARK: &str = "👉";

/// A called card in plain text (button and option labels, where markdown does not apply).
pub fn called(c: Card) -> String {
    format!("{CALLED_MARK}{}", card(c))
}

/// Cards in printing order with `claimed` (one copy of it) marked as called: the whole set a
/// claim makes, in plain text (`☀️ ☀️ *🍑1`).
pub fn claimed_set(hand_cards: &[Card], claimed: Card) -> String {
    let mut all = hand_cards.to_vec();
    all.push(claimed);
    all.sort();
    let mut marked = false;
    all.iter()
        .map(|&c| {
            if c == claimed && !marked {
                marked = true;
                called(c)
            } else {
                card(c)
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// An open set: `[🍋1 🍋2 🍋3]` for kai, `(🐕 🐕 \*🐕)` for a called set with the called card
/// starred, `⟦🐕 🐕 🐕 🐕⟧` for a kan. The star is escaped: two bare stars on one line (two
/// called sets) would pair up into italics and both marks would vanish.
pub fn meld(m: &Meld) -> String {
    let mut to_mark = m.called;
    let inner: Vec<String> = m
        .cards
        .iter()
        .map(|&c| {
            if to_mark == Some(c) {
                to_mark = None;
                // Escaped: markdown would pair two bare stars into italics.
                format!("\\{}", called(c))
            } else {
                card(c)
            }
        })
        .collect();
    let inner = inner.join(" ");
    match m.source {
        MeldSource::Kai => format!("[{inner}]"),
        MeldSource::Pon | MeldSource::Chi => format!("({inner})"),
        MeldSource::Kan => format!("⟦{inner}⟧"),
    }
}

/// A discard pile: claimed discards struck through, the riichi discard marked with 🔒.
pub fn discards(pile: &[Discard]) -> String {
    discards_marking_last(pile, false)
}

/// A discard pile as [`discards`] shows it; with `mark_last`, the last discard, if nobody
/// claimed it, carries [`LAST_MARK`] (the card a claim would take).
pub fn discards_marking_last(pile: &[Discard], mark_last: bool) -> String {
    if pile.is_empty() {
        return "—".into();
    }
    let last = pile.len() - 1;
    pile.iter()
        .enumerate()
        .map(|(i, d)| {
            let mut s = card(d.card);
            if d.riichi {
                s = format!("🔒{s}");
            }
            if d.claimed {
                s = format!("~~{s}~~");
            } else if mark_last && i == last {
                s = format!("{LAST_MARK}{s}");
            }
            s
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::momojan::card::parse_cards;
    use crate::games::momojan::shape::classify;

    #[test]
    fn cards_show_emoji_and_number() {
        let c = parse_cards("p5 l1 o9 s3 Dog Monkey Pheasant Sun Moon").unwrap();
        assert_eq!(cards(&c), "🍑5 🍋1 🍊9 🍓3 🐕 🐒 🐦 ☀️ 🌙");
    }

    #[test]
    fn melds_tell_kai_calls_and_kan_apart() {
        let c = parse_cards("Dog Dog Dog").unwrap();
        let kai = Meld::new(MeldSource::Kai, classify(&c).unwrap(), &c, None);
        let pon = Meld::new(MeldSource::Pon, classify(&c).unwrap(), &c, Some(c[0]));
        assert_eq!(meld(&kai), "[🐕 🐕 🐕]");
        assert_eq!(meld(&pon), "(\\*🐕 🐕 🐕)");
    }

    #[test]
    fn a_claimed_set_shows_all_its_cards_in_order_with_the_claimed_one_marked() {
        let c = parse_cards("s1 s3 s2 Sun Sun p1").unwrap();
        assert_eq!(claimed_set(&c[..2], c[2]), "🍓1 *🍓2 🍓3");
        assert_eq!(claimed_set(&c[3..5], c[5]), "*🍑1 ☀️ ☀️");
        let dogs = parse_cards("Dog Dog Dog").unwrap();
        assert_eq!(claimed_set(&dogs[..2], dogs[2]), "*🐕 🐕 🐕");
    }

    #[test]
    fn only_an_unclaimed_last_discard_is_marked() {
        let d = |card: &str, claimed| Discard {
            card: card.parse().unwrap(),
            riichi: false,
            claimed,
        };
        let pile = [d("l4", false), d("p1", false)];
        assert_eq!(discards_marking_last(&pile, true), "🍋4 👉🍑1");
        assert_eq!(discards(&pile), "🍋4 🍑1");
        let taken = [d("l4", false), d("p1", true)];
        assert_eq!(discards_marking_last(&taken, true), "🍋4 ~~🍑1~~");
    }

    #[test]
    fn two_called_sets_on_one_line_keep_both_marks() {
        let dogs = parse_cards("Dog Dog Dog").unwrap();
        let run = parse_cards("l1 l2 l3").unwrap();
        let pon = Meld::new(
            MeldSource::Pon,
            classify(&dogs).unwrap(),
            &dogs,
            Some(dogs[0]),
        );
        let chi = Meld::new(MeldSource::Chi, classify(&run).unwrap(), &run, Some(run[1]));
        let line = format!("{} {}", meld(&pon), meld(&chi));
        // Every star is escaped, so no two of them can pair into italics.
        let stars: Vec<usize> = line.match_indices('*').map(|(i, _)| i).collect();
        assert_eq!(stars.len(), 2, "{line}");
        for i in stars {
            assert_eq!(&line[i - 1..i], "\\", "{line}");
        }
    }
}
