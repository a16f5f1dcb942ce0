//! Shogi mahjong as the host keeps it ([`Stored`]): the round-start event and each action's
//! short code for a button (`pon-KA-FU`). Buttons on screen outlive releases, so a code never
//! changes meaning.

use super::action::Action;
use super::game::Event;
use super::piece::Kind;
use super::Shogi;
use crate::games::interface::Stored;
use crate::games::kit::codes::{discard_code, verb_and_pieces};

impl Stored for Shogi {
    fn starts_round(event: &Event) -> bool {
        matches!(event, Event::RoundStarted { .. })
    }

    fn action_code(action: Action) -> String {
        match action {
            Action::Draw => "draw".into(),
            Action::Pon { cards: [a, b] } => format!("pon-{a}-{b}"),
            Action::Daiminkan { card } => format!("minkan-{card}"),
            Action::Ron => "ron".into(),
            Action::Tsumo => "tsumo".into(),
            Action::Ankan { card } => format!("ankan-{card}"),
            Action::Kakan { card } => format!("kakan-{card}"),
            Action::Discard { card, riichi } => discard_code(card, riichi),
            Action::Pass => "pass".into(),
        }
    }

    fn parse_action(code: &str) -> Option<Action> {
        let (verb, pieces) = verb_and_pieces::<Kind>(code)?;
        Some(match (verb, pieces.as_slice()) {
            ("draw", []) => Action::Draw,
            ("ron", []) => Action::Ron,
            ("tsumo", []) => Action::Tsumo,
            ("pass", []) => Action::Pass,
            ("pon", &[a, b]) if a <= b => Action::Pon { cards: [a, b] },
            ("minkan", &[card]) => Action::Daiminkan { card },
            ("ankan", &[card]) => Action::Ankan { card },
            ("kakan", &[card]) => Action::Kakan { card },
            ("discard", &[card]) => Action::Discard {
                card,
                riichi: false,
            },
            ("riichi", &[card]) => Action::Discard { card, riichi: true },
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_round_trips_through_its_code() {
        let all = [
            Action::Draw,
            Action::pon(Kind::Ka, Kind::Fu),
            Action::Daiminkan { card: Kind::Ki },
            Action::Ron,
            Action::Tsumo,
            Action::Ankan { card: Kind::Ky },
            Action::Kakan { card: Kind::Gi },
            Action::Discard {
                card: Kind::Gy,
                riichi: true,
            },
            Action::Discard {
                card: Kind::Fu,
                riichi: false,
            },
            Action::Pass,
        ];
        for a in all {
            let code = Shogi::action_code(a);
            assert_eq!(Shogi::parse_action(&code), Some(a), "{code}");
        }
        for bad in ["", "pon-KA-FU", "discard-OU", "hand", "draw-1"] {
            assert_eq!(Shogi::parse_action(bad), None, "{bad}");
        }
    }
}
