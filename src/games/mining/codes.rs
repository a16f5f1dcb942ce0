//! Mining mahjong as the host keeps it ([`Stored`]): the round-start event and each part's
//! short code for a button (`step0-n`, `discard-5m`, `cell-6-11`; `undo` for `Back`, since
//! `back` is the host's own button). Buttons on screen outlive releases, so a code never
//! changes meaning.

use super::board::{Cell, Dir, SIZE};
use super::parts::Act;
use super::table::Event;
use super::Mining;
use crate::games::interface::Stored;
use crate::games::kit::codes::discard_code;
use crate::games::kit::mahjong::tile::{Kind, Tile};

fn dir_code(d: Dir) -> char {
    d.letter().to_ascii_lowercase()
}

impl Stored for Mining {
    fn starts_round(event: &Event) -> bool {
        matches!(event, Event::RoundStarted { .. })
    }

    fn action_code(action: Act) -> String {
        match action {
            Act::Step { n, dir } => format!("step{n}-{}", dir_code(dir)),
            Act::Go => "go".into(),
            Act::Discard { card, riichi } => discard_code(card, riichi),
            Act::Warp { cards: [a, b, c] } => format!("warp-{a}-{b}-{c}"),
            Act::Place(c) => format!("cell-{}-{}", c.x, c.y),
            Act::Column(x) => format!("x-{x}"),
            Act::Row(y) => format!("y-{y}"),
            Act::Back => "undo".into(),
            Act::Tsumo { card: None } => "tsumo".into(),
            Act::Tsumo { card: Some(t) } => format!("tsumo-{t}"),
            Act::Ron => "ron".into(),
            Act::Chi { cards: [a, b] } => format!("chi-{a}-{b}"),
            Act::Pon { cards: [a, b] } => format!("pon-{a}-{b}"),
            Act::Daiminkan { card } => format!("minkan-{card}"),
            Act::Ankan { card } => format!("ankan-{card}"),
            Act::Kakan { card } => format!("kakan-{card}"),
            Act::Pass => "pass".into(),
            Act::AgariYame => "yame".into(),
            Act::Continue => "continue".into(),
        }
    }

    fn parse_action(code: &str) -> Option<Act> {
        let mut words = code.split('-');
        let verb = words.next()?;
        let rest: Vec<&str> = words.collect();
        let number = |w: &str| -> Option<u8> {
            let n: u8 = w.parse().ok()?;
            (usize::from(n) < SIZE && n.to_string() == w).then_some(n)
        };
        if let Some(n) = verb.strip_prefix("step") {
            let n: u8 = n.parse().ok().filter(|n| *n < 3)?;
            let dir = match rest.as_slice() {
                [d] if d.len() == 1 => Dir::from_letter(d.chars().next()?.to_ascii_uppercase())?,
                _ => return None,
            };
            return (dir_code(dir).to_string() == rest[0]).then_some(Act::Step { n, dir });
        }
        let tiles = || -> Option<Vec<Tile>> { rest.iter().map(|w| w.parse().ok()).collect() };
        let kind = |t: Tile| -> Option<Kind> { (!t.is_red()).then(|| t.kind()) };
        Some(match (verb, rest.as_slice()) {
            ("go", []) => Act::Go,
            ("undo", []) => Act::Back,
            ("cell", [x, y]) => Act::Place(Cell {
                x: number(x)?,
                y: number(y)?,
            }),
            ("x", [x]) => Act::Column(number(x)?),
            ("y", [y]) => Act::Row(number(y)?),
            ("tsumo", []) => Act::Tsumo { card: None },
            ("ron", []) => Act::Ron,
            ("pass", []) => Act::Pass,
            ("yame", []) => Act::AgariYame,
            ("continue", []) => Act::Continue,
            _ => match (verb, tiles()?.as_slice()) {
                ("discard", &[card]) => Act::Discard {
                    card,
                    riichi: false,
                },
                ("riichi", &[card]) => Act::Discard { card, riichi: true },
                ("warp", &[a, b, c]) => Act::Warp { cards: [a, b, c] },
                ("tsumo", &[t]) => Act::Tsumo { card: Some(t) },
                ("chi", &[a, b]) if a <= b => Act::Chi { cards: [a, b] },
                ("pon", &[a, b]) if a <= b => Act::Pon { cards: [a, b] },
                ("minkan", &[t]) => Act::Daiminkan { card: kind(t)? },
                ("ankan", &[t]) => Act::Ankan { card: kind(t)? },
                ("kakan", &[t]) => Act::Kakan { card: kind(t)? },
                _ => return None,
            },
        })
    }
}

impl std::fmt::Display for Act {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&Mining::action_code(*self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    #[test]
    fn every_part_round_trips_through_a_short_code() {
        let all = [
            Act::Step { n: 0, dir: Dir::N },
            Act::Step { n: 2, dir: Dir::W },
            Act::Go,
            Act::Discard {
                card: t("0p"),
                riichi: false,
            },
            Act::Discard {
                card: t("7z"),
                riichi: true,
            },
            Act::Warp {
                cards: [t("5m"), t("5m"), t("0m")],
            },
            Act::Place(Cell { x: 12, y: 0 }),
            Act::Column(3),
            Act::Row(10),
            Act::Back,
            Act::Tsumo { card: None },
            Act::Tsumo {
                card: Some(t("3s")),
            },
            Act::Ron,
            Act::Chi {
                cards: [t("4m"), t("0m")],
            },
            Act::Pon {
                cards: [t("5p"), t("0p")],
            },
            Act::Daiminkan {
                card: t("5s").kind(),
            },
            Act::Ankan {
                card: t("1z").kind(),
            },
            Act::Kakan {
                card: t("9m").kind(),
            },
            Act::Pass,
            Act::AgariYame,
            Act::Continue,
        ];
        for a in all {
            let code = Mining::action_code(a);
            assert!(code.len() <= crate::games::interface::ACTION_CODE_MAX);
            assert!(code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'));
            assert_eq!(Mining::parse_action(&code), Some(a), "{code}");
        }
        for bad in [
            "", "step3-n", "step0-x", "step0-N", "x-13", "x-03", "cell-1", "ankan-0m", "hand",
            "go-1", "back",
        ] {
            assert_eq!(Mining::parse_action(bad), None, "{bad}");
        }
    }
}
