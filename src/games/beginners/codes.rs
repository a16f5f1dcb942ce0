//! The beginners' card mahjong as the host keeps it ([`Stored`]): the round-start event and
//! each action's short code for a button (`discard-T-shun-man`). Buttons on screen outlive
//! releases, so a code never changes meaning.

use super::action::Action;
use super::game::Event;
use super::Beginners;
use crate::games::interface::Stored;
use crate::games::kit::codes::discard_code;

impl Stored for Beginners {
    fn starts_round(event: &Event) -> bool {
        matches!(event, Event::RoundStarted { .. })
    }

    fn action_code(action: Action) -> String {
        match action {
            Action::Discard { card, riichi } => discard_code(card, riichi),
            other => other.to_string(),
        }
    }

    fn parse_action(code: &str) -> Option<Action> {
        let simple = [
            Action::Draw,
            Action::Tsumo,
            Action::Ron,
            Action::Pon,
            Action::Chi,
            Action::Pass,
        ];
        if let Some(a) = simple.into_iter().find(|a| a.to_string() == code) {
            return Some(a);
        }
        let (verb, card) = code.split_once('-')?;
        let riichi = match verb {
            "discard" => false,
            "riichi" => true,
            _ => return None,
        };
        Some(Action::Discard {
            card: card.parse().ok()?,
            riichi,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::beginners::card::Card;

    #[test]
    fn every_action_round_trips_through_its_code() {
        let card: Card = "T-shun-man".parse().unwrap();
        let all = [
            Action::Draw,
            Action::Tsumo,
            Action::Discard {
                card,
                riichi: false,
            },
            Action::Discard { card, riichi: true },
            Action::Ron,
            Action::Pon,
            Action::Chi,
            Action::Pass,
        ];
        for a in all {
            let code = Beginners::action_code(a);
            assert!(code.len() <= crate::games::interface::ACTION_CODE_MAX);
            assert!(
                code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'),
                "{code}"
            );
            assert_eq!(Beginners::parse_action(&code), Some(a), "{code}");
        }
        for bad in [
            "",
            "discard-I-flower",
            "riichi",
            "kan",
            "draw-I-man",
            "discard-",
        ] {
            assert_eq!(Beginners::parse_action(bad), None, "{bad}");
        }
    }
}
