//! How cards, sets and discard piles look in messages: an emoji and a number, readable on a
//! phone (🍑 peach, 🍋 lemon, 🍊 orange, 🍓 strawberry, 🐕 dog, 🐒 monkey, 🐦 pheasant,
//! ☀️ sun, 🌙 moon).

use crate::engine::card::{Face, Fruit, Picture};
use crate::engine::meld::{Meld, MeldSource};
use crate::engine::round::Discard;
use crate::engine::Card;

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

/// An open set: `[🍋1 🍋2 🍋3]` for kai, `(🐕 🐕 \*🐕)` for a called set with the called card
/// starred, `⟦🐕 🐕 🐕 🐕⟧` for a kan. The star is escaped: two bare stars on one line (two
/// called sets) would pair up into italics and both marks would vanish.
pub fn meld(m: &Meld) -> String {
    let mut called = m.called;
    let inner: Vec<String> = m
        .cards
        .iter()
        .map(|&c| {
            if called == Some(c) {
                called = None;
                format!("\\*{}", card(c))
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
    if pile.is_empty() {
        return "—".into();
    }
    pile.iter()
        .map(|d| {
            let mut s = card(d.card);
            if d.riichi {
                s = format!("🔒{s}");
            }
            if d.claimed {
                s = format!("~~{s}~~");
            }
            s
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::card::parse_cards;
    use crate::engine::shape::classify;

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
