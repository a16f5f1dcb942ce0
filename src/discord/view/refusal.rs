//! Refusals as a player reads them: every typed refusal of the engine and the service goes
//! through a message key, so a Japanese player reads Japanese from start to end.

use crate::games::registry::{with_game, GameId};
use crate::i18n::{tr, tr_args, Lang};
use crate::service::{ChallengeRefusal, ServiceError, SettingsRefusal};

use super::pen::nameless_words;

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
        ServiceError::Illegal(e) => refused_move(e.as_ref(), lang),
        ServiceError::Challenge(r) => challenge(*r, lang),
        ServiceError::Settings(r) => settings(r, lang),
        ServiceError::Tournament(r) => super::tournament::refusal(*r, lang),
        ServiceError::Store(e) if e.is_corrupt() => tr(lang, "err-damaged"),
        ServiceError::Store(e) if e.is_unreachable() => tr(lang, "err-unreachable"),
        ServiceError::Store(_) => tr(lang, "err-internal"),
    }
}

/// Why a game refused a move, in the words of the game whose refusal it is.
fn refused_move(error: &(dyn std::error::Error + Send + Sync + 'static), lang: Lang) -> String {
    for game in GameId::ALL {
        let words = with_game!(game, G => error
            .downcast_ref::<<G as crate::games::interface::Play>::Refusal>()
            .map(G::refusal_words));
        if let Some(words) = words {
            return nameless_words(game, lang, &words);
        }
    }
    // A refusal of no registered game (cannot happen): its own sentence.
    error.to_string()
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
        ChallengeRefusal::NotYours { challenger } => tr_args(
            lang,
            "ch-only",
            &[("user", format!("<@{challenger}>").into())],
        ),
        ChallengeRefusal::Closed => tr(lang, "ch-closed"),
        ChallengeRefusal::NotAPlayer => tr(lang, "rematch-only"),
        ChallengeRefusal::Twice => tr(lang, "ch-twice"),
        ChallengeRefusal::Answered => tr(lang, "ch-answered"),
        ChallengeRefusal::Seated => tr(lang, "table-seated"),
        ChallengeRefusal::Full => tr(lang, "table-full"),
        ChallengeRefusal::Seats { asked, allowed } => {
            let allowed: Vec<String> = allowed.iter().map(ToString::to_string).collect();
            tr_args(
                lang,
                "ch-seats",
                &[
                    ("asked", (asked as i64).into()),
                    ("allowed", allowed.join("/").into()),
                ],
            )
        }
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
        SettingsRefusal::UnknownSwitch { game, id } => {
            let switches: Vec<&str> = with_game!(*game, G => {
                <G as crate::games::interface::Settings>::switches().iter().map(|s| s.id).collect()
            });
            let game_name = super::label::game_name(*game, lang);
            if switches.is_empty() {
                return tr_args(lang, "config-no-switches", &[("game", game_name.into())]);
            }
            tr_args(
                lang,
                "config-bad-switch",
                &[
                    ("game", game_name.into()),
                    ("value", id.as_str().into()),
                    ("list", switches.join(", ").into()),
                ],
            )
        }
        SettingsRefusal::BadSwitchValue {
            switch,
            value,
            allowed,
        } => tr_args(
            lang,
            "config-bad-switch-value",
            &[
                ("switch", (*switch).into()),
                ("value", value.as_str().into()),
                ("allowed", allowed.join(", ").into()),
            ],
        ),
        SettingsRefusal::SwitchNeedsValue => tr(lang, "config-switch-needs-value"),
    }
}
