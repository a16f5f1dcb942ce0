//! MOMOJAN as the host keeps it ([`Stored`]): its state, the round-start event, and its
//! actions as the short codes its buttons carry (`discard-l5`, `pon-Dog-Dog`): the
//! cards in the notation of the rules. Buttons on screen outlive releases, so these codes never
//! change meaning.

use super::{Action, Card, Event, Game, Momojan};
use crate::games::interface::Stored;
use crate::games::kit::codes::discard_code;

impl Stored for Momojan {
    /// A state from a newer release is refused rather than read wrong.
    fn restore(json: &str) -> Result<Game, String> {
        Game::from_json(json).map_err(|e| e.to_string())
    }

    fn starts_round(event: &Event) -> bool {
        matches!(event, Event::RoundStarted { .. })
    }

    /// The code of an action.
    fn action_code(action: Action) -> String {
        let with_cards = |name: &str, cards: &[Card]| {
            let mut code = name.to_string();
            for c in cards {
                code.push('-');
                code.push_str(&c.to_string());
            }
            code
        };
        match action {
            Action::Draw { pile } => format!("draw-{pile}"),
            Action::Pon { cards } => with_cards("pon", &cards),
            Action::Chi { cards } => with_cards("chi", &cards),
            Action::Ron => "ron".into(),
            Action::Tsumo => "tsumo".into(),
            Action::Kai { cards } => with_cards("kai", &cards),
            Action::Kan { cards } => with_cards("kan", &cards),
            Action::DrawThree => "draw3".into(),
            Action::Discard { card, riichi } => discard_code(card, riichi),
            Action::Pass => "pass".into(),
        }
    }

    /// The action of a code; `None` for anything [`Stored::action_code`] never writes.
    fn parse_action(code: &str) -> Option<Action> {
        let mut words = code.split('-');
        let verb = words.next()?;
        if verb == "draw" {
            let pile = match words.next()? {
                "0" => 0,
                "1" => 1,
                "2" => 2,
                _ => return None,
            };
            return words.next().is_none().then_some(Action::Draw { pile });
        }
        let cards: Vec<Card> = words.map(|w| w.parse().ok()).collect::<Option<_>>()?;
        let action = match (verb, cards.as_slice()) {
            ("ron", []) => Action::Ron,
            ("tsumo", []) => Action::Tsumo,
            ("draw3", []) => Action::DrawThree,
            ("pass", []) => Action::Pass,
            ("pon", &[a, b]) => Action::Pon { cards: [a, b] },
            ("chi", &[a, b]) => Action::Chi { cards: [a, b] },
            ("kai", &[a, b, c]) => Action::Kai { cards: [a, b, c] },
            ("kan", &[a, b, c, d]) => Action::Kan {
                cards: [a, b, c, d],
            },
            ("discard", &[card]) => Action::Discard {
                card,
                riichi: false,
            },
            ("riichi", &[card]) => Action::Discard { card, riichi: true },
            _ => return None,
        };
        Some(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::interface::ACTION_CODE_MAX;
    use crate::games::momojan::card::parse_cards;

    fn every_action() -> Vec<Action> {
        let c = parse_cards("p1 l2 Dog Moon Pheasant").unwrap();
        vec![
            Action::Draw { pile: 0 },
            Action::Draw { pile: 2 },
            Action::Pon {
                cards: [c[2], c[2]],
            },
            Action::Chi {
                cards: [c[0], c[1]],
            },
            Action::Ron,
            Action::Tsumo,
            Action::Kai {
                cards: [c[3], c[3], c[0]],
            },
            Action::Kan { cards: [c[4]; 4] },
            Action::DrawThree,
            Action::Discard {
                card: c[1],
                riichi: false,
            },
            Action::Discard {
                card: c[3],
                riichi: true,
            },
            Action::Pass,
        ]
    }

    #[test]
    fn every_action_round_trips_through_a_short_code() {
        for action in every_action() {
            let code = Momojan::action_code(action);
            assert!(code.len() <= ACTION_CODE_MAX, "{code}");
            assert!(code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'));
            assert_eq!(Momojan::parse_action(&code), Some(action), "{code}");
        }
    }

    #[test]
    fn the_codes_on_screen_today_keep_their_meaning() {
        let l5 = "l5".parse().unwrap();
        assert_eq!(
            Momojan::parse_action("discard-l5"),
            Some(Action::Discard {
                card: l5,
                riichi: false
            })
        );
        assert_eq!(
            Momojan::parse_action("draw-1"),
            Some(Action::Draw { pile: 1 })
        );
        assert_eq!(Momojan::action_code(Action::DrawThree), "draw3");
    }

    #[test]
    fn codes_it_never_made_are_refused() {
        for code in [
            "",
            "fly",
            "discard-q9",
            "discard",
            "pon-Dog",
            "draw-7",
            "draw-1-2",
            "riichi",
            "ron-l5",
            "hand",
        ] {
            assert_eq!(Momojan::parse_action(code), None, "{code:?}");
        }
    }
}
