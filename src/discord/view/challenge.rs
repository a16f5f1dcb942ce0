//! The challenge message, its answers, and the ping message.

use super::label::{game_emoji, game_name};
use super::model::{Button, Message, Row, Style};
use crate::discord::ids::ComponentId;
use crate::games::computer::Level;
use crate::i18n::{tr, tr_args, Lang};
use crate::service::{Challenge, MatchMeta, UserId};

/// A player named in a challenge, as pinged in its message.
fn mention(user: UserId) -> String {
    format!("<@{user}>")
}

/// The opponents of a challenge, joined as a list.
pub fn opponents(c: &Challenge, lang: Lang) -> String {
    let names: Vec<String> = c.users().skip(1).map(mention).collect();
    list(&names, lang)
}

/// Names joined with commas (en) or 、 (ja).
pub fn list(names: &[String], lang: Lang) -> String {
    names.join(&tr(lang, "list-separator"))
}

/// The public challenge with its Accept and Decline buttons; with several opponents, who has
/// accepted so far.
pub fn challenge(c: &Challenge, lang: Lang) -> Message {
    let button = |accept: bool, key: &str, style: Style| Button {
        id: ComponentId::Challenge { id: c.id, accept }.to_string(),
        label: tr(lang, key),
        style,
        disabled: false,
        emoji: None,
    };
    let args = [
        ("emoji", game_emoji(c.game).into()),
        ("game", game_name(c.game, lang).into()),
        ("me", mention(c.host()).into()),
        ("them", opponents(c, lang).into()),
        ("n", (c.seats.get() as i64).into()),
        ("expires", format!("<t:{}:R>", c.expires_at).into()),
    ];
    let mut content = if c.takers.len() == 2 {
        tr_args(lang, "ch-text", &args)
    } else {
        tr_args(lang, "ch-text-many", &args)
    };
    let accepted: Vec<String> = c
        .takers
        .iter()
        .skip(1)
        .filter(|t| t.accepted)
        .filter_map(|t| t.occupant.user())
        .map(mention)
        .collect();
    if !accepted.is_empty() {
        let line = tr_args(
            lang,
            "ch-accepted-so-far",
            &[("users", list(&accepted, lang).into())],
        );
        content = format!("{content}\n{line}");
    }
    Message {
        content,
        rows: vec![Row::Buttons(vec![
            button(true, "ch-accept", Style::Success),
            button(false, "ch-decline", Style::Danger),
        ])],
        ..Message::default()
    }
}

/// The challenge message once everyone accepted (its buttons gone).
pub fn accepted(c: &Challenge, lang: Lang) -> Message {
    let players: Vec<String> = c.users().map(mention).collect();
    if players.len() == 2 {
        return Message::text(tr_args(
            lang,
            "ch-accepted",
            &[
                ("opponent", players[1].clone().into()),
                ("a", players[0].clone().into()),
                ("b", players[1].clone().into()),
            ],
        ));
    }
    Message::text(tr_args(
        lang,
        "ch-accepted-many",
        &[("players", list(&players, lang).into())],
    ))
}

/// The challenge message once `by` declined it (off for everyone).
pub fn declined(by: UserId, lang: Lang) -> Message {
    Message::text(tr_args(
        lang,
        "ch-declined",
        &[("user", mention(by).into())],
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
            ("from", mention(c.host()).into()),
            ("to", opponents(c, lang).into()),
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
            (
                "user",
                meta.players()
                    .next()
                    .map_or_else(String::new, |(_, u)| mention(u))
                    .into(),
            ),
            ("level", level.into()),
        ],
    ))
}
