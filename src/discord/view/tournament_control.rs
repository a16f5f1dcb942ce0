//! What the organiser's controls post in the event's channel: a player dropped or added for
//! the next round, the event paused and resumed, ended early, and a table re-seated (with the
//! notice in the cancelled match's thread). In the event's language.

use super::label::escape_markdown;
use super::model::Message;
use crate::i18n::{tr_args, Lang};
use crate::service::{Added, Reseated, Tournament, UserId};

fn mention(user: UserId) -> String {
    format!("<@{user}>")
}

fn name(event: &Tournament) -> String {
    escape_markdown(&event.name)
}

/// `player` is not seated from `round` on (a rolling event's: can no longer queue).
pub fn dropped(event: &Tournament, player: UserId, round: u32, lang: Lang) -> Message {
    Message::text(tr_args(
        lang,
        if event.rolling.is_some() {
            "tn-dropped-rolling"
        } else {
            "tn-dropped"
        },
        &[
            ("player", mention(player).into()),
            ("name", name(event).into()),
            ("round", i64::from(round).into()),
        ],
    ))
}

/// `player` is seated from a round on: a new entrant, or a drop taken back.
pub fn added(event: &Tournament, player: UserId, added: Added, lang: Lang) -> Message {
    let (key, round) = match added {
        Added::From(round) => ("tn-added", round),
        Added::Back(round) => ("tn-undropped", round),
    };
    Message::text(tr_args(
        lang,
        key,
        &[
            ("player", mention(player).into()),
            ("name", name(event).into()),
            ("round", i64::from(round).into()),
        ],
    ))
}

/// The event paused (the tables in play finish; the next round waits), or resumed.
pub fn paused(event: &Tournament, lang: Lang) -> Message {
    let key = if event.paused {
        "tn-paused"
    } else {
        "tn-resumed"
    };
    Message::text(tr_args(lang, key, &[("name", name(event).into())]))
}

/// The event ends early: its current round is its last.
pub fn ending(event: &Tournament, lang: Lang) -> Message {
    Message::text(tr_args(
        lang,
        "tn-ending",
        &[
            ("name", name(event).into()),
            ("round", i64::from(event.round).into()),
        ],
    ))
}

/// A table re-seated, in the event's channel: its game ended without a result and starts again
/// in a new thread, the seats drawn again.
pub fn reseated(r: &Reseated, lang: Lang) -> Message {
    Message::text(tr_args(
        lang,
        "tn-reseated",
        &[
            ("name", name(&r.event).into()),
            ("round", i64::from(r.started.round).into()),
            ("table", (r.started.table as i64 + 1).into()),
            (
                "players",
                super::tournament::seated(&r.started.seats, lang).into(),
            ),
        ],
    ))
}
