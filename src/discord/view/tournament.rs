//! An event's messages: its sign-up with Join and Leave, the announcement when sign-up closes
//! (the seed's commitment and round 1's tables), the message each table's thread starts from,
//! and the refusals.

use super::challenge::list;
use super::label::{escape_markdown, game_name, seat_computer_name};
use super::model::{Button, Message, Row, Style};
use crate::discord::ids::ComponentId;
use crate::games::interface::Level;
use crate::i18n::{tr, tr_args, Lang};
use crate::service::{
    ClosedEvent, NoShows, ResultsCsv, RoundSeated, SignUp, Standings, StartedTable, Tournament,
    TournamentFormat, TournamentRefusal, TournamentState, TournamentTable, UserId, Verification,
};

fn mention(user: UserId) -> String {
    format!("<@{user}>")
}

/// A table's occupants in seat order: players mentioned, computers named as the match names
/// them (numbered by seat when there are several).
fn seated(seats: &[Option<UserId>], lang: Lang) -> String {
    let computers = seats.iter().filter(|seat| seat.is_none()).count();
    let names: Vec<String> = seats
        .iter()
        .enumerate()
        .map(|(i, seat)| match seat {
            Some(user) => mention(*user),
            None => seat_computer_name(Level::Normal, i, computers, lang),
        })
        .collect();
    names.join(" · ")
}

/// The event's heading: its name, game, table size, rounds and organiser.
fn heading(event: &Tournament, lang: Lang) -> String {
    let key = match event.format {
        TournamentFormat::Swiss => "tn-heading",
        TournamentFormat::RoundRobin => "tn-heading-rr",
        TournamentFormat::Rolling => "tn-heading-rolling",
    };
    tr_args(
        lang,
        key,
        &[
            ("name", escape_markdown(&event.name).into()),
            ("game", game_name(event.game, lang).into()),
            ("seats", (event.seats as i64).into()),
            ("rounds", i64::from(event.rounds).into()),
            ("organiser", mention(event.organiser).into()),
            ("run", i64::from(run_of(event)).into()),
        ],
    )
}

/// The run a rolling event ranks by (0 for the other formats).
fn run_of(event: &Tournament) -> u32 {
    event.rolling.map_or(0, |r| r.run_games)
}

/// The sign-up message: the entrants in join order and, while sign-up is open, Join and Leave;
/// a rolling event's lobby: who is waiting, until when it is open, and Play a game / Stop
/// waiting.
pub fn signup(s: &SignUp, lang: Lang) -> Message {
    if s.event.rolling.is_some() {
        return lobby(s, lang);
    }
    let names: Vec<String> = s.entrants.iter().map(|e| mention(e.user)).collect();
    let entrants = if names.is_empty() {
        tr(lang, "tn-nobody")
    } else {
        list(&names, lang)
    };
    let open = s.event.state == TournamentState::SignUp;
    let body = tr_args(
        lang,
        if open {
            "tn-signup"
        } else {
            "tn-signup-closed"
        },
        &[
            ("count", (s.entrants.len() as i64).into()),
            ("entrants", entrants.into()),
            ("commitment", hex::encode(s.event.commitment).into()),
        ],
    );
    let button = |join: bool, key: &str, style: Style| Button {
        id: ComponentId::Tournament {
            id: s.event.id,
            join,
        }
        .to_string(),
        label: tr(lang, key),
        style,
        disabled: false,
        emoji: None,
    };
    let rows = if open {
        vec![Row::Buttons(vec![
            button(true, "tn-join", Style::Success),
            button(false, "tn-leave", Style::Secondary),
        ])]
    } else {
        Vec::new()
    };
    let mut content = format!("{}\n{body}", heading(&s.event, lang));
    if let Some(minutes) = s.event.grace_mins {
        content.push('\n');
        content.push_str(&tr_args(
            lang,
            "tn-grace",
            &[("minutes", i64::from(minutes).into())],
        ));
    }
    Message {
        content,
        rows,
        ..Message::default()
    }
}

/// A rolling event's lobby message.
fn lobby(s: &SignUp, lang: Lang) -> Message {
    let Some(rules) = s.event.rolling else {
        return Message::default();
    };
    let mut waiting: Vec<_> = s
        .entrants
        .iter()
        .filter_map(|e| e.waiting.map(|w| (w.since, e.position, e.user)))
        .collect();
    waiting.sort();
    let names: Vec<String> = waiting.iter().map(|(_, _, u)| mention(*u)).collect();
    let open = s.is_open();
    let mut lines = vec![heading(&s.event, lang)];
    if open {
        lines.push(tr_args(
            lang,
            "tn-lobby-open",
            &[
                ("ends", rules.window_ends_at.into()),
                ("count", (names.len() as i64).into()),
                (
                    "waiting",
                    if names.is_empty() {
                        tr(lang, "tn-nobody")
                    } else {
                        list(&names, lang)
                    }
                    .into(),
                ),
            ],
        ));
        if let Some(secs) = rules.fill_after_secs {
            lines.push(tr_args(
                lang,
                "tn-lobby-fill",
                &[("minutes", i64::from(secs / 60).into())],
            ));
        }
    } else {
        lines.push(tr(lang, "tn-lobby-closed"));
    }
    lines.push(tr_args(
        lang,
        "tn-lobby-entrants",
        &[
            ("count", (s.entrants.len() as i64).into()),
            ("commitment", hex::encode(s.event.commitment).into()),
        ],
    ));
    if let Some(minutes) = s.event.grace_mins {
        lines.push(tr_args(
            lang,
            "tn-grace",
            &[("minutes", i64::from(minutes).into())],
        ));
    }
    let button = |join: bool, key: &str, style: Style| Button {
        id: ComponentId::Tournament {
            id: s.event.id,
            join,
        }
        .to_string(),
        label: tr(lang, key),
        style,
        disabled: false,
        emoji: None,
    };
    let rows = if open {
        vec![Row::Buttons(vec![
            button(true, "tn-queue", Style::Success),
            button(false, "tn-unqueue", Style::Secondary),
        ])]
    } else {
        Vec::new()
    };
    Message {
        content: lines.join("\n"),
        rows,
        ..Message::default()
    }
}

/// Sign-up closed: the seed's commitment and round 1's tables, players in seat order (the
/// first dealer first), computers named, and who sits out.
pub fn closed(c: &ClosedEvent, lang: Lang) -> Message {
    if c.event.rolling.is_some() {
        return Message::text(format!(
            "{}\n{}",
            heading(&c.event, lang),
            tr(lang, "tn-lobby-closed")
        ));
    }
    let mut lines = vec![
        heading(&c.event, lang),
        tr_args(
            lang,
            "tn-closed",
            &[
                ("count", (c.entrants.len() as i64).into()),
                ("seed", hex::encode(c.seed_commitment).into()),
                ("commitment", hex::encode(c.event.commitment).into()),
            ],
        ),
    ];
    lines.extend(round_lines(&c.event, 1, &c.tables, &c.sitting_out, lang));
    Message::text(lines.join("\n"))
}

/// A round's heading, its tables (players in seat order, computers named) and who sits out.
fn round_lines(
    event: &Tournament,
    round: u32,
    tables: &[TournamentTable],
    sitting_out: &[UserId],
    lang: Lang,
) -> Vec<String> {
    let mut lines = vec![tr_args(
        lang,
        "tn-round",
        &[
            ("round", i64::from(round).into()),
            ("rounds", i64::from(event.rounds).into()),
        ],
    )];
    for t in tables {
        lines.push(tr_args(
            lang,
            "tn-table-line",
            &[
                ("table", (t.table as i64 + 1).into()),
                ("players", seated(&t.seats, lang).into()),
            ],
        ));
    }
    if !sitting_out.is_empty() {
        let names: Vec<String> = sitting_out.iter().map(|u| mention(*u)).collect();
        lines.push(tr_args(
            lang,
            "tn-sitting-out",
            &[("players", list(&names, lang).into())],
        ));
    }
    lines
}

/// The standings' lines: how they are ranked, then one line per entrant.
fn standing_lines(s: &Standings, lang: Lang) -> Vec<String> {
    let run = run_of(&s.event);
    let mut lines = vec![tr_args(
        lang,
        if s.event.rolling.is_some() {
            "tn-standings-rolling"
        } else {
            "tn-standings"
        },
        &[
            ("round", i64::from(s.event.round).into()),
            ("finished", (s.finished as i64).into()),
            ("tables", (s.tables as i64).into()),
            ("run", i64::from(run).into()),
        ],
    )];
    for (k, row) in s.rows.iter().enumerate() {
        let average = row
            .average_place()
            .map_or_else(|| tr(lang, "tn-no-average"), |a| format!("{a:.2}"));
        let mut line = tr_args(
            lang,
            "tn-standing-line",
            &[
                ("rank", (k as i64 + 1).into()),
                ("player", mention(row.user).into()),
                ("total", row.total.into()),
                ("games", i64::from(row.games).into()),
                ("average", average.into()),
            ],
        );
        // A player with no game yet reads "0 games" already.
        if row.short_run && row.games > 0 {
            line.push_str(&short_run_mark(row.games, run, lang));
        }
        if row.dropped {
            line.push_str(&tr(lang, "tn-dropped-mark"));
        }
        lines.push(line);
    }
    lines
}

/// A rolling event's mark for a player with fewer games than its run.
pub(super) fn short_run_mark(games: u32, run: u32, lang: Lang) -> String {
    tr_args(
        lang,
        "tn-short-run-mark",
        &[
            ("games", i64::from(games).into()),
            ("run", i64::from(run).into()),
        ],
    )
}

/// `/momojan tournament standings`.
pub fn standings(s: &Standings, lang: Lang) -> Message {
    let mut lines = vec![heading(&s.event, lang)];
    lines.extend(standing_lines(s, lang));
    Message::text(lines.join("\n"))
}

/// A round ended and the next one is seated: the standings, then its tables.
pub fn next_round(r: &RoundSeated, lang: Lang) -> Message {
    let mut lines = vec![
        heading(&r.event, lang),
        tr_args(
            lang,
            "tn-round-over",
            &[("round", i64::from(r.round - 1).into())],
        ),
    ];
    lines.extend(standing_lines(&r.standings, lang));
    lines.extend(round_lines(
        &r.event,
        r.round,
        &r.tables,
        &r.sitting_out,
        lang,
    ));
    Message::text(lines.join("\n"))
}

/// The event is over: the final standings, and the secret and seed revealed.
pub fn finished(s: &Standings, lang: Lang) -> Message {
    let mut lines = vec![heading(&s.event, lang)];
    lines.extend(standing_lines(s, lang));
    if s.event.rolling.is_some() {
        lines.push(tr_args(
            lang,
            "tn-final-rolling",
            &[("secret", hex::encode(s.event.secret).into())],
        ));
        return Message::text(lines.join("\n"));
    }
    lines.push(tr_args(
        lang,
        "tn-final",
        &[
            ("secret", hex::encode(s.event.secret).into()),
            (
                "seed",
                s.event.seed.map(hex::encode).unwrap_or_default().into(),
            ),
        ],
    ));
    Message::text(lines.join("\n"))
}

/// What re-deriving the event's draw found.
pub fn verified(event: &Tournament, v: Verification, lang: Lang) -> Message {
    let found = match v {
        Verification::Agrees { rounds } => tr_args(
            lang,
            if event.rolling.is_some() {
                "tn-verified-rolling"
            } else {
                "tn-verified"
            },
            &[("rounds", i64::from(rounds).into())],
        ),
        Verification::SeedDiffers => tr(lang, "tn-verify-seed-differs"),
        Verification::RoundDiffers(round) => tr_args(
            lang,
            if event.rolling.is_some() {
                "tn-verify-table-differs"
            } else {
                "tn-verify-round-differs"
            },
            &[("round", i64::from(round).into())],
        ),
    };
    Message::text(format!("{}\n{found}", heading(event, lang)))
}

/// In a table's thread: the players the computer now plays for, who had not moved within the
/// event's grace.
pub fn no_shows(n: &NoShows, lang: Lang) -> Message {
    let names: Vec<String> = n.users.iter().map(|u| mention(*u)).collect();
    Message::text(tr_args(
        lang,
        "tn-no-show",
        &[
            ("players", list(&names, lang).into()),
            ("minutes", i64::from(n.minutes).into()),
        ],
    ))
}

/// The note beside an event's results file.
pub fn exported(file: &ResultsCsv, lang: Lang) -> String {
    tr_args(
        lang,
        "tn-exported",
        &[
            ("name", escape_markdown(&file.event.name).into()),
            ("rows", (file.rows as i64).into()),
        ],
    )
}

/// The message a table's thread starts from: the event, the round and the table's players.
pub fn table_start(t: &StartedTable, lang: Lang) -> Message {
    Message::text(tr_args(
        lang,
        if t.rolling {
            "tn-table-start-rolling"
        } else {
            "tn-table-start"
        },
        &[
            ("name", escape_markdown(&t.name).into()),
            ("round", i64::from(t.round).into()),
            ("table", (t.table as i64 + 1).into()),
            ("players", seated(&t.seats, lang).into()),
        ],
    ))
}

/// Why an organiser's or an entrant's action was refused.
pub fn refusal(r: TournamentRefusal, lang: Lang) -> String {
    match r {
        TournamentRefusal::Gone => tr(lang, "tn-err-gone"),
        TournamentRefusal::NoEvent => tr(lang, "tn-err-no-event"),
        TournamentRefusal::AlreadyOpen(_) => tr(lang, "tn-err-already-open"),
        TournamentRefusal::NotOrganiser(user) => tr_args(
            lang,
            "tn-err-not-organiser",
            &[("user", mention(user).into())],
        ),
        TournamentRefusal::Closed => tr(lang, "tn-err-closed"),
        TournamentRefusal::AlreadyIn => tr(lang, "tn-err-already-in"),
        TournamentRefusal::NotIn => tr(lang, "tn-err-not-in"),
        TournamentRefusal::TooFew { entrants, needed } => tr_args(
            lang,
            "tn-err-too-few",
            &[
                ("count", (entrants as i64).into()),
                ("needed", (needed as i64).into()),
            ],
        ),
        TournamentRefusal::Seats { asked, allowed } => {
            let sizes: Vec<String> = allowed.iter().map(|n| n.get().to_string()).collect();
            tr_args(
                lang,
                "tn-err-seats",
                &[
                    ("asked", (asked as i64).into()),
                    ("allowed", list(&sizes, lang).into()),
                ],
            )
        }
        TournamentRefusal::Rounds(n) => {
            tr_args(lang, "tn-err-rounds", &[("rounds", i64::from(n).into())])
        }
        TournamentRefusal::NotOver => tr(lang, "tn-err-not-over"),
        TournamentRefusal::NotRunning => tr(lang, "tn-err-not-running"),
        TournamentRefusal::SignUpOpen => tr(lang, "tn-err-signup-open"),
        TournamentRefusal::LastRound(round) => tr_args(
            lang,
            "tn-err-last-round",
            &[("round", i64::from(round).into())],
        ),
        TournamentRefusal::PlayerNotIn(user) => tr_args(
            lang,
            "tn-err-player-not-in",
            &[("user", mention(user).into())],
        ),
        TournamentRefusal::PlayerAlreadyIn(user) => {
            tr_args(lang, "tn-err-player-in", &[("user", mention(user).into())])
        }
        TournamentRefusal::PlayerDropped(user) => tr_args(
            lang,
            "tn-err-player-dropped",
            &[("user", mention(user).into())],
        ),
        TournamentRefusal::Grace => tr_args(
            lang,
            "tn-err-grace",
            &[(
                "max",
                i64::from(crate::service::tournament::MAX_GRACE).into(),
            )],
        ),
        TournamentRefusal::NoRoundRobin { entrants, seats } => tr_args(
            lang,
            "tn-err-no-round-robin",
            &[
                ("count", (entrants as i64).into()),
                ("seats", (seats as i64).into()),
            ],
        ),
        TournamentRefusal::FixedSchedule => tr(lang, "tn-err-fixed-schedule"),
        TournamentRefusal::AlreadyPaused => tr(lang, "tn-err-paused"),
        TournamentRefusal::NotPaused => tr(lang, "tn-err-not-paused"),
        TournamentRefusal::AlreadyWaiting => tr(lang, "tn-err-already-waiting"),
        TournamentRefusal::NotWaiting => tr(lang, "tn-err-not-waiting"),
        TournamentRefusal::AtTable => tr(lang, "tn-err-at-table"),
        TournamentRefusal::InOtherEvent(_) => tr(lang, "tn-err-other-event"),
        TournamentRefusal::RollingRules => tr_args(
            lang,
            "tn-err-rolling",
            &[
                (
                    "window",
                    i64::from(crate::service::tournament::lobby::MAX_WINDOW_MINS).into(),
                ),
                (
                    "run",
                    i64::from(crate::service::tournament::lobby::MAX_RUN).into(),
                ),
                (
                    "fill",
                    i64::from(crate::service::tournament::lobby::MAX_FILL_AFTER_MINS).into(),
                ),
            ],
        ),
        TournamentRefusal::Name => tr_args(
            lang,
            "tn-err-name",
            &[("max", (crate::service::tournament::MAX_NAME as i64).into())],
        ),
    }
}
