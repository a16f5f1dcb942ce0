//! Refusals as a player reads them: every typed refusal of the engine and the service goes
//! through a message key, so a Japanese player reads Japanese from start to end.

use crate::games::momojan::refusal::{cards_of, Refusal};
use crate::games::momojan::RuleError;
use crate::i18n::{tr, tr_args, Lang};
use crate::service::{ChallengeRefusal, ServiceError, SettingsRefusal};

use super::cards::{card, cards};
use super::words::action_label;

/// A service error as a player reads it (store failures say only that something went wrong;
/// the details go to the log).
pub fn service_error(error: &ServiceError, lang: Lang) -> String {
    match error {
        ServiceError::NotFound(id) => tr_args(lang, "err-not-found", &[("id", id.0.into())]),
        ServiceError::Finished => tr(lang, "err-finished"),
        ServiceError::StillRunning(id) => {
            tr_args(lang, "err-still-running", &[("id", id.0.into())])
        }
        ServiceError::NotSeated => tr(lang, "err-not-yours"),
        ServiceError::Conflict { .. } => tr(lang, "err-stale"),
        ServiceError::UnknownAction => tr(lang, "err-bad-id"),
        ServiceError::NotHosted(_) => tr(lang, "err-not-hosted"),
        ServiceError::Illegal(e) => match e.downcast_ref::<RuleError>() {
            Some(e) => rule_error(e, lang),
            // Another game's refusal: its own sentence until its words are translated.
            None => e.to_string(),
        },
        ServiceError::Challenge(r) => challenge(*r, lang),
        ServiceError::Settings(r) => settings(r, lang),
        ServiceError::Store(e) if e.is_corrupt() => tr(lang, "err-damaged"),
        ServiceError::Store(e) if e.is_unreachable() => tr(lang, "err-unreachable"),
        ServiceError::Store(_) => tr(lang, "err-internal"),
    }
}

/// Why the engine refused a move.
pub fn rule_error(error: &RuleError, lang: Lang) -> String {
    let reason = match error {
        RuleError::GameOver => tr(lang, "rule-game-over"),
        RuleError::AwaitingDeal | RuleError::AlreadyDealt | RuleError::BadDeck(_) => {
            tr(lang, "rule-no-round")
        }
        RuleError::WrongSeat { .. } => tr(lang, "rule-wrong-seat"),
        RuleError::NotAConcession => tr(lang, "rule-no-round"),
        RuleError::Illegal { action, reason } => {
            let why = refusal(reason, lang);
            let what = action_label(*action, lang);
            return tr_args(
                lang,
                "err-illegal",
                &[("action", what.into()), ("reason", why.into())],
            );
        }
    };
    tr_args(lang, "err-refused", &[("reason", reason.into())])
}

/// The engine's reason for refusing an action.
pub fn refusal(reason: &Refusal, lang: Lang) -> String {
    match *reason {
        Refusal::Rule(text) => tr(lang, &format!("rule-{}", text.id())),
        Refusal::NoSuchPile(p) => tr_args(lang, "rule-no-such-pile", &[("pile", p.into())]),
        Refusal::PileEmpty(p) => tr_args(lang, "rule-pile-empty", &[("pile", p.into())]),
        Refusal::NotHeld(a) => tr_args(
            lang,
            "rule-not-held",
            &[("cards", cards(cards_of(&a)).into())],
        ),
        Refusal::NotASet(a, called) => {
            let mut all: Vec<_> = called.into_iter().collect();
            all.extend_from_slice(cards_of(&a));
            tr_args(lang, "rule-not-a-set", &[("cards", cards(&all).into())])
        }
        Refusal::WrongClaim(_, called) => {
            tr_args(lang, "rule-wrong-claim", &[("card", card(called).into())])
        }
        Refusal::NotAKan(a) => tr_args(
            lang,
            "rule-not-a-kan",
            &[("cards", cards(cards_of(&a)).into())],
        ),
        Refusal::RonWithoutYaku(c) => {
            tr_args(lang, "rule-ron-without-yaku", &[("card", card(c).into())])
        }
        Refusal::Furiten(c) => tr_args(lang, "rule-furiten", &[("card", card(c).into())]),
        Refusal::TooFewForDrawThree(n) => {
            tr_args(lang, "rule-too-few-for-draw-three", &[("n", n.into())])
        }
        Refusal::NotTenpaiAfter(c) => {
            tr_args(lang, "rule-not-tenpai-after", &[("card", card(c).into())])
        }
    }
}

/// Why a challenge (or an answer to one) was refused.
pub fn challenge(refusal: ChallengeRefusal, lang: Lang) -> String {
    match refusal {
        ChallengeRefusal::Yourself => tr(lang, "ch-self"),
        ChallengeRefusal::Bot => tr(lang, "ch-bot"),
        ChallengeRefusal::AlreadyPlaying { opponent, match_id } => tr_args(
            lang,
            "ch-already",
            &[
                ("user", format!("<@{opponent}>").into()),
                ("id", match_id.0.into()),
            ],
        ),
        ChallengeRefusal::Gone => tr(lang, "ch-gone"),
        ChallengeRefusal::NotYours { opponent } => tr_args(
            lang,
            "ch-only",
            &[("user", format!("<@{opponent}>").into())],
        ),
        ChallengeRefusal::Closed => tr(lang, "ch-closed"),
        ChallengeRefusal::NotAPlayer => tr(lang, "rematch-only"),
    }
}

/// Why a settings change was refused.
pub fn settings(refusal: &SettingsRefusal, lang: Lang) -> String {
    match refusal {
        SettingsRefusal::OutOfRange { setting, value } => {
            let (min, max) = setting.range();
            // The option's name as this reader's Discord shows it.
            let name = tr(
                lang,
                &format!("name-param-{}", setting.name().replace('_', "-")),
            );
            tr_args(
                lang,
                "config-bad-range",
                &[
                    ("name", name.into()),
                    ("min", min.into()),
                    ("max", max.into()),
                    ("value", (*value).into()),
                ],
            )
        }
        SettingsRefusal::UnknownLocale(v) => {
            tr_args(lang, "config-bad-locale", &[("value", v.as_str().into())])
        }
        SettingsRefusal::UnknownYaku(v) => {
            tr_args(lang, "config-bad-yaku", &[("value", v.as_str().into())])
        }
        SettingsRefusal::YakuNeedsPoints => tr(lang, "config-yaku-needs-points"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::momojan::refusal::RuleText;
    use crate::games::momojan::{Action, Card};

    #[test]
    fn every_rule_text_has_a_message_in_both_languages() {
        for lang in Lang::ALL {
            for text in RuleText::ALL {
                let said = refusal(&Refusal::Rule(text), lang);
                assert!(
                    !said.starts_with("rule-"),
                    "{} missing in {lang:?}",
                    text.id()
                );
            }
        }
    }

    #[test]
    fn a_japanese_refusal_has_no_english_reason_in_it() {
        let card: Card = "l5".parse().unwrap();
        let error = RuleError::Illegal {
            action: Action::Discard {
                card,
                riichi: false,
            },
            reason: Refusal::NotHeld(Action::Discard {
                card,
                riichi: false,
            }),
        };
        let ja = rule_error(&error, Lang::Ja);
        assert!(!ja.contains("you do not hold"), "{ja}");
        assert!(!ja.is_ascii(), "{ja}");
    }
}
