//! The challenge message, its answers, and the ping message.

use super::label::{computer_count, computer_name, seat_computer_name};
use super::label::{game_emoji, game_name};
use super::model::{Button, Message, Row, SelectOption, Style};
use crate::discord::ids::{ComponentId, TableButton};
use crate::games::interface::Level;
use crate::i18n::{tr, tr_args, Lang};
use crate::service::{Challenge, MatchMeta, Occupant, UserId};

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

/// An open table: who sits where (empty seats open, computers by level), and its buttons:
/// Join, Leave (the opener closes the table), Start (the opener; empty seats get computers)
/// and a menu that adds a computer at a level.
pub fn table(c: &Challenge, lang: Lang) -> Message {
    let computers = computer_count(c.takers.iter().map(|t| &t.occupant));
    let seat_lines: Vec<String> = (0..c.seats.get())
        .map(|i| {
            let who = match c.takers.get(i).map(|t| &t.occupant) {
                Some(Occupant::Player { user, .. }) => mention(*user),
                Some(Occupant::Computer(level)) => seat_computer_name(*level, i, computers, lang),
                None => tr(lang, "tb-open-seat"),
            };
            format!("{}. {who}", i + 1)
        })
        .collect();
    let content = tr_args(
        lang,
        "tb-text",
        &[
            ("emoji", game_emoji(c.game).into()),
            ("host", mention(c.host()).into()),
            ("game", game_name(c.game, lang).into()),
            ("n", (c.seats.get() as i64).into()),
            ("seats", seat_lines.join("\n").into()),
            ("expires", format!("<t:{}:R>", c.expires_at).into()),
        ],
    );
    let full = c.takers.len() >= c.seats.get();
    let button = |click: TableButton, key: &str, style: Style, disabled: bool| Button {
        id: ComponentId::Table { id: c.id, click }.to_string(),
        label: tr(lang, key),
        style,
        disabled,
        emoji: None,
    };
    let levels = [Level::Easy, Level::Normal, Level::Hard];
    let mut rows = vec![Row::Buttons(vec![
        button(TableButton::Join, "tb-join", Style::Success, full),
        button(TableButton::Leave, "tb-leave", Style::Secondary, false),
        button(TableButton::Start, "tb-start", Style::Primary, false),
    ])];
    if !full {
        rows.push(Row::Select {
            id: ComponentId::Table {
                id: c.id,
                click: TableButton::AddComputer,
            }
            .to_string(),
            placeholder: tr(lang, "tb-add-computer"),
            options: levels
                .into_iter()
                .map(|level| SelectOption {
                    label: computer_name(level, lang),
                    value: level.id().to_string(),
                    description: String::new(),
                })
                .collect(),
        });
    }
    Message {
        content,
        rows,
        ..Message::default()
    }
}

/// An open table once started (its buttons gone): who plays.
pub fn table_started(c: &Challenge, lang: Lang) -> Message {
    // Named as the match names them: the takers are its seats in order.
    let computers = computer_count(c.takers.iter().map(|t| &t.occupant));
    let players: Vec<String> = c
        .takers
        .iter()
        .enumerate()
        .map(|(i, t)| match &t.occupant {
            Occupant::Player { user, .. } => mention(*user),
            Occupant::Computer(level) => seat_computer_name(*level, i, computers, lang),
        })
        .collect();
    Message::text(tr_args(
        lang,
        "tb-started",
        &[("players", list(&players, lang).into())],
    ))
}

/// An open table its opener closed, or that nobody started in time.
pub fn table_closed(c: &Challenge, expired: bool, lang: Lang) -> Message {
    let key = if expired { "tb-expired" } else { "tb-closed" };
    Message::text(tr_args(lang, key, &[("host", mention(c.host()).into())]))
}

/// The challenge message found expired when answered.
pub fn expired_on_click(lang: Lang) -> Message {
    Message::text(tr(lang, "ch-expired"))
}

/// The challenge (or table) message marked expired by the sweep.
pub fn expired(c: &Challenge, lang: Lang) -> Message {
    if c.kind == crate::service::ChallengeKind::Table {
        return table_closed(c, true, lang);
    }
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
