//! The challenge message, its answers, and the ping message.

use super::label::{game_emoji, game_name};
use super::model::{Button, Message, Row, Style};
use crate::discord::ids::ComponentId;
use crate::games::computer::Level;
use crate::games::seat::Seat;
use crate::i18n::{tr, tr_args, Lang};
use crate::service::{Challenge, MatchMeta, PostedChallenge, UserId};

/// The public challenge with its Accept and Decline buttons.
pub fn challenge(c: &PostedChallenge) -> Message {
    let lang = c.lang;
    let button = |accept: bool, key: &str, style: Style| Button {
        id: ComponentId::Challenge { id: c.id, accept }.to_string(),
        label: tr(lang, key),
        style,
        disabled: false,
        emoji: None,
    };
    Message {
        content: tr_args(
            lang,
            "ch-text",
            &[
                ("emoji", game_emoji(c.game).into()),
                ("game", game_name(c.game, lang).into()),
                ("me", format!("<@{}>", c.challenger).into()),
                ("them", format!("<@{}>", c.opponent).into()),
                ("expires", format!("<t:{}:R>", c.expires_at).into()),
            ],
        ),
        rows: vec![Row::Buttons(vec![
            button(true, "ch-accept", Style::Success),
            button(false, "ch-decline", Style::Danger),
        ])],
        ..Message::default()
    }
}

/// The challenge message once accepted (its buttons gone).
pub fn accepted(c: &Challenge, lang: Lang) -> Message {
    Message::text(tr_args(
        lang,
        "ch-accepted",
        &[
            ("opponent", format!("<@{}>", c.opponent_id).into()),
            ("a", format!("<@{}>", c.challenger_id).into()),
            ("b", format!("<@{}>", c.opponent_id).into()),
        ],
    ))
}

/// The challenge message once declined.
pub fn declined(c: &Challenge, lang: Lang) -> Message {
    Message::text(tr_args(
        lang,
        "ch-declined",
        &[("user", format!("<@{}>", c.opponent_id).into())],
    ))
}

/// The challenge message found expired when answered.
pub fn expired_on_click(lang: Lang) -> Message {
    Message::text(tr(lang, "ch-expired"))
}

/// The challenge message marked expired by the sweep.
pub fn expired(c: &Challenge, lang: Lang) -> Message {
    Message::text(tr_args(
        lang,
        "ch-expired-message",
        &[
            ("from", format!("<@{}>", c.challenger_id).into()),
            ("to", format!("<@{}>", c.opponent_id).into()),
        ],
    ))
}

/// The ping answer, with a button (numbered `count`) only `owner` may press.
pub fn ping(owner: UserId, count: u32, again: bool, lang: Lang) -> Message {
    let key = if again { "ping-again" } else { "ping-pong" };
    Message {
        content: tr_args(lang, key, &[("user", format!("<@{owner}>").into())]),
        rows: vec![Row::Buttons(vec![Button {
            id: ComponentId::Ping { owner, count }.to_string(),
            label: tr_args(lang, "ping-button", &[("n", count.into())]),
            style: Style::Secondary,
            disabled: false,
            emoji: None,
        }])],
        ..Message::default()
    }
}

/// The public message that opens a practice match (its thread starts from it).
pub fn practice(meta: &MatchMeta, level: Level, lang: Lang) -> Message {
    let level = tr(lang, &format!("level-{}", level.id()));
    Message::text(tr_args(
        lang,
        "practice-started",
        &[
            ("id", meta.id.0.into()),
            ("user", format!("<@{}>", meta.players[Seat::ZERO]).into()),
            ("level", level.into()),
        ],
    ))
}
