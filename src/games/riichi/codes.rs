//! Riichi mahjong as the host keeps it ([`Stored`]): the round-start event and each action's
//! short code for a button (`chi-4m-0m`). Buttons on screen outlive releases, so a code never
//! changes meaning.

use super::action::Action;
use super::game::Event;
use super::Riichi;
use crate::games::interface::Stored;
use crate::games::kit::codes::{discard_code, verb_and_pieces};
use crate::games::kit::mahjong::tile::{Kind, Tile};

impl Stored for Riichi {
    fn starts_round(event: &Event) -> bool {
        matches!(event, Event::RoundStarted { .. })
    }

    fn action_code(action: Action) -> String {
        match action {
            Action::Tsumo => "tsumo".into(),
            Action::Ron => "ron".into(),
            Action::Chi { cards: [a, b] } => format!("chi-{a}-{b}"),
            Action::Pon { cards: [a, b] } => format!("pon-{a}-{b}"),
            Action::Daiminkan { card } => format!("minkan-{card}"),
            Action::Ankan { card } => format!("ankan-{card}"),
            Action::Kakan { card } => format!("kakan-{card}"),
            Action::Kyuushu => "kyuushu".into(),
            Action::Discard { card, riichi } => discard_code(card, riichi),
            Action::Pass => "pass".into(),
            Action::AgariYame => "yame".into(),
            Action::Continue => "continue".into(),
        }
    }

    fn parse_action(code: &str) -> Option<Action> {
        let (verb, tiles) = verb_and_pieces::<Tile>(code)?;
        let kind = |t: Tile| -> Option<Kind> { (!t.is_red()).then(|| t.kind()) };
        Some(match (verb, tiles.as_slice()) {
            ("tsumo", []) => Action::Tsumo,
            ("ron", []) => Action::Ron,
            ("chi", &[a, b]) if a <= b => Action::Chi { cards: [a, b] },
            ("pon", &[a, b]) if a <= b => Action::Pon { cards: [a, b] },
            ("minkan", &[t]) => Action::Daiminkan { card: kind(t)? },
            ("ankan", &[t]) => Action::Ankan { card: kind(t)? },
            ("kakan", &[t]) => Action::Kakan { card: kind(t)? },
            ("kyuushu", []) => Action::Kyuushu,
            ("discard", &[card]) => Action::discard(card),
            ("riichi", &[card]) => Action::Discard { card, riichi: true },
            ("pass", []) => Action::Pass,
            ("yame", []) => Action::AgariYame,
            ("continue", []) => Action::Continue,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    #[test]
    fn every_action_round_trips_through_a_short_code() {
        let all = [
            Action::Tsumo,
            Action::Ron,
            Action::chi(t("4m"), t("0m")),
            Action::pon(t("5p"), t("0p")),
            Action::Daiminkan {
                card: t("5s").kind(),
            },
            Action::Ankan {
                card: t("1z").kind(),
            },
            Action::Kakan {
                card: t("9m").kind(),
            },
            Action::Kyuushu,
            Action::discard(t("0s")),
            Action::Discard {
                card: t("7z"),
                riichi: true,
            },
            Action::Pass,
            Action::AgariYame,
            Action::Continue,
        ];
        for a in all {
            let code = Riichi::action_code(a);
            assert!(code.len() <= crate::games::interface::ACTION_CODE_MAX);
            assert!(code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'));
            assert_eq!(Riichi::parse_action(&code), Some(a), "{code}");
        }
        for bad in [
            "",
            "chi-5m-4m",
            "ankan-0m",
            "discard-8z",
            "hand",
            "tsumo-1m",
        ] {
            assert_eq!(Riichi::parse_action(bad), None, "{bad}");
        }
    }
}
