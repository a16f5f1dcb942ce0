//! An event's messages: its sign-up with Join and Leave, the announcement when sign-up closes
//! (the seed's commitment and round 1's tables), the message each table's thread starts from,
//! and the refusals.

use super::challenge::list;
use super::label::{escape_markdown, game_name, seat_computer_name};
use super::model::{limits, Button, Message, Row, Style};
use super::settings::event_switches;
use super::standing_words::{meetings_line, short_run_mark};
use super::standings_picture;
use crate::discord::ids::ComponentId;
use crate::games::interface::Level;
use crate::games::registry::GameId;
use crate::i18n::{tr, tr_args, Lang};
use crate::service::{
    ClosedEvent, EventTable, NoShows, ResultsCsv, RoundSeated, SignUp, Standings, StartedTable,
    Tournament, TournamentFormat, TournamentRefusal, TournamentState, TournamentTable, UserId,
    Verification,
};
use crate::service::{MatchId, MatchMeta};

fn mention(user: UserId) -> String {
    format!("<@{user}>")
}

/// A table's occupants in seat order: players mentioned, computers named as the match names
/// them (numbered by seat when there are several).
pub(super) fn seated(seats: &[Option<UserId>], lang: Lang) -> String {
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

/// The characters a list of entrants may take in a sign-up or lobby message: the rest of the
/// message (heading, commitment, grace) stays well under 800.
const ENTRANTS_ROOM: usize = 1_200;

fn chars(s: &str) -> usize {
    s.chars().count()
}

/// `names` as a list of at most `room` characters: as many as fit, then how many more there
/// are (a field of a hundred mentions is longer than a message may be).
fn list_within(names: &[String], room: usize, lang: Lang) -> String {
    let whole = list(names, lang);
    if chars(&whole) <= room {
        return whole;
    }
    (0..names.len())
        .rev()
        .map(|k| {
            let more = tr_args(
                lang,
                "tn-and-more",
                &[("count", ((names.len() - k) as i64).into())],
            );
            let mut shown = names[..k].to_vec();
            shown.push(more);
            list(&shown, lang)
        })
        .find(|l| chars(l) <= room)
        .unwrap_or_default()
}

/// Lines that may be cut short to fit a message: the first `kept` always shown, then as many
/// as there is room for, then the `more` line saying how many were left out.
struct Cut {
    lines: Vec<String>,
    kept: usize,
    more: &'static str,
}

/// A piece of a message's content, in the order shown.
enum Part {
    Whole(Vec<String>),
    Cut(Cut),
}

/// `parts` as one message's content within Discord's 2,000 characters: whole parts kept, cut
/// parts given the room left in the order of `priority` (indexes into `parts`; a round's
/// tables before the standings, which the standings message shows in full).
fn fit(parts: Vec<Part>, priority: &[usize], lang: Lang) -> String {
    let more_line =
        |c: &Cut, count: usize| tr_args(lang, c.more, &[("count", (count as i64).into())]);
    let mut used = 0;
    for part in &parts {
        match part {
            Part::Whole(lines) => used += lines.iter().map(|l| chars(l) + 1).sum::<usize>(),
            Part::Cut(c) => {
                used += c.lines[..c.kept.min(c.lines.len())]
                    .iter()
                    .map(|l| chars(l) + 1)
                    .sum::<usize>();
                // Room for the "more" line, given back when the part fits whole.
                used += chars(&more_line(c, c.lines.len())) + 1;
            }
        }
    }
    let mut shown = vec![usize::MAX; parts.len()];
    for &k in priority {
        let Some(Part::Cut(c)) = parts.get(k) else {
            continue;
        };
        let mut n = c.kept.min(c.lines.len());
        while n < c.lines.len() && used + chars(&c.lines[n]) < limits::CONTENT {
            used += chars(&c.lines[n]) + 1;
            n += 1;
        }
        if n == c.lines.len() {
            used -= chars(&more_line(c, n)) + 1;
        }
        shown[k] = n;
    }
    let mut out: Vec<String> = Vec::new();
    for (k, part) in parts.into_iter().enumerate() {
        match part {
            Part::Whole(lines) => out.extend(lines),
            Part::Cut(c) => {
                let n = shown[k].min(c.lines.len());
                let left = c.lines.len() - n;
                let more = (left > 0).then(|| more_line(&c, left));
                out.extend(c.lines.into_iter().take(n));
                out.extend(more);
            }
        }
    }
    out.join("\n")
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
    // The rest of the message is a few hundred characters; the list gets the remainder.
    let entrants = if names.is_empty() {
        tr(lang, "tn-nobody")
    } else {
        list_within(&names, ENTRANTS_ROOM, lang)
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
    if let Some(switches) = event_switches(s.event.game, &s.event.options, lang) {
        content.push('\n');
        content.push_str(&switches);
    }
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
                        list_within(&names, ENTRANTS_ROOM, lang)
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
    lines.extend(event_switches(s.event.game, &s.event.options, lang));
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
    let lines = vec![
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
    let parts = vec![
        Part::Whole(lines),
        Part::Cut(round_lines(&c.event, 1, &c.tables, &c.sitting_out, lang)),
    ];
    Message::text(fit(parts, &[1], lang))
}

/// A round's heading, its tables (players in seat order, computers named) and who sits out.
fn round_lines(
    event: &Tournament,
    round: u32,
    tables: &[TournamentTable],
    sitting_out: &[UserId],
    lang: Lang,
) -> Cut {
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
    // Who sits out comes first in a long round, so that no cut leaves them out: each table
    // has its own message anyway.
    if !sitting_out.is_empty() {
        let names: Vec<String> = sitting_out.iter().map(|u| mention(*u)).collect();
        lines.insert(
            1,
            tr_args(
                lang,
                "tn-sitting-out",
                &[(
                    "players",
                    list_within(&names, ENTRANTS_ROOM / 2, lang).into(),
                )],
            ),
        );
    }
    let kept = 1 + usize::from(!sitting_out.is_empty());
    Cut {
        lines,
        kept,
        more: "tn-more-tables",
    }
}

/// The standings' lines: how they are ranked, then one line per entrant (the best first, as
/// many as fit).
fn standing_lines(s: &Standings, lang: Lang) -> Cut {
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
    Cut {
        lines,
        kept: 1,
        more: "tn-more-standings",
    }
}

/// `/momojan tournament standings`.
pub fn standings(s: &Standings, lang: Lang) -> Message {
    let parts = vec![
        Part::Whole(vec![heading(&s.event, lang)]),
        Part::Cut(standing_lines(s, lang)),
        Part::Whole(vec![meetings_line(s.meetings, lang)]),
    ];
    // A field of up to `MANY_ROWS` fits the message whole; a larger one has the picture.
    standings_picture::attach(Message::text(fit(parts, &[1], lang)), s, lang, false)
}

/// A round ended and the next one is seated: the standings, then its tables.
pub fn next_round(r: &RoundSeated, lang: Lang) -> Message {
    let lines = vec![
        heading(&r.event, lang),
        tr_args(
            lang,
            "tn-round-over",
            &[("round", i64::from(r.round - 1).into())],
        ),
    ];
    let parts = vec![
        Part::Whole(lines),
        Part::Cut(standing_lines(&r.standings, lang)),
        Part::Cut(round_lines(
            &r.event,
            r.round,
            &r.tables,
            &r.sitting_out,
            lang,
        )),
    ];
    // The new round's tables first: the standings message shows every line of the standings.
    Message::text(fit(parts, &[2, 1], lang))
}

/// The event is over: the final standings, and the secret and seed revealed.
pub fn finished(s: &Standings, lang: Lang) -> Message {
    let mut parts = vec![
        Part::Whole(vec![heading(&s.event, lang)]),
        Part::Cut(standing_lines(s, lang)),
    ];
    let mut tail = vec![meetings_line(s.meetings, lang)];
    if s.event.rolling.is_some() {
        tail.push(tr_args(
            lang,
            "tn-final-rolling",
            &[("secret", hex::encode(s.event.secret).into())],
        ));
        parts.push(Part::Whole(tail));
        let message = Message::text(fit(parts, &[1], lang));
        return standings_picture::attach(message, s, lang, false);
    }
    tail.push(tr_args(
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
    parts.push(Part::Whole(tail));
    standings_picture::attach(Message::text(fit(parts, &[1], lang)), s, lang, false)
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

/// Discord's longest thread name, in characters.
const THREAD_NAME_MAX: usize = 100;

/// A match's thread name: "Spring Cup · round 2 · table 3" for an event's table (a rolling
/// event's without its round), "MOMOJAN match 12" otherwise; at most Discord's 100 characters
/// (the event's name is cut first).
pub fn thread_name(meta: &MatchMeta, event: Option<&EventTable>) -> String {
    thread_name_in(meta.lang, meta.game, meta.id, event)
}

fn thread_name_in(
    lang: Lang,
    game: GameId,
    match_id: MatchId,
    event: Option<&EventTable>,
) -> String {
    let Some(e) = event else {
        let game = game_name(game, lang);
        return tr_args(
            lang,
            "thread-name",
            &[("game", game.into()), ("id", match_id.0.into())],
        );
    };
    let (key, round) = match e.format {
        TournamentFormat::Rolling => ("thread-name-event-rolling", 0),
        _ => ("thread-name-event", i64::from(e.round)),
    };
    let named = |name: &str| {
        tr_args(
            lang,
            key,
            &[
                ("name", name.into()),
                ("round", round.into()),
                ("table", (e.table as i64 + 1).into()),
            ],
        )
    };
    let whole = named(&e.name);
    let over = chars(&whole).saturating_sub(THREAD_NAME_MAX);
    if over == 0 {
        return whole;
    }
    let keep = chars(&e.name).saturating_sub(over + 1);
    let cut: String = e.name.chars().take(keep).collect();
    named(&format!("{cut}…"))
}

/// Why an organiser's or an entrant's action was refused.
pub fn refusal(r: TournamentRefusal, lang: Lang) -> String {
    match r {
        TournamentRefusal::Gone => tr(lang, "tn-err-gone"),
        TournamentRefusal::UnknownEvent(id) => {
            tr_args(lang, "tn-err-unknown-event", &[("id", id.0.into())])
        }
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
        TournamentRefusal::NoRound => tr(lang, "tn-err-no-round"),
        TournamentRefusal::ReseatRolling => tr(lang, "tn-err-reseat-rolling"),
        TournamentRefusal::NoTable(n) => table_refusal("tn-err-no-table", n, lang),
        TournamentRefusal::TableNotStarted(n) => table_refusal("tn-err-table-not-started", n, lang),
        TournamentRefusal::TableEnded(n) => table_refusal("tn-err-table-ended", n, lang),
        TournamentRefusal::JustReseated(n) => table_refusal("tn-err-just-reseated", n, lang),
    }
}

/// A re-seat's refusal about table `n` (from 1).
fn table_refusal(key: &str, n: usize, lang: Lang) -> String {
    tr_args(lang, key, &[("table", (n as i64).into())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::{Entrant, Meetings, Standing, Waiting};

    fn event(format: TournamentFormat, state: TournamentState) -> Tournament {
        Tournament::sample(format, state)
    }

    /// Snowflake-sized ids, as long as real mentions.
    fn user(k: usize) -> UserId {
        UserId(800_000_000_000_000_000 + k as i64)
    }

    fn entrants(n: usize) -> Vec<Entrant> {
        (0..n)
            .map(|k| Entrant {
                user: user(k),
                name: format!("player {k}"),
                position: k as i64,
                join_interaction: k as i64,
                dropped: k % 17 == 3,
                from_round: 1,
                dropped_round: None,
                waiting: Some(Waiting {
                    since: k as i64,
                    interaction: k as i64,
                }),
            })
            .collect()
    }

    fn tables(n: usize, round: u32) -> Vec<TournamentTable> {
        (0..n / 4)
            .map(|t| TournamentTable {
                round,
                table: t,
                seats: (0..4).map(|s| Some(user(4 * t + s))).collect(),
                match_id: None,
                draws: None,
                cancelled: Vec::new(),
            })
            .collect()
    }

    fn standings(n: usize, event: Tournament) -> Standings {
        Standings {
            event,
            rows: (0..n)
                .map(|k| Standing {
                    user: user(k),
                    name: format!("player {k}"),
                    games: 2,
                    total: 100_000 - 1_000 * k as i64,
                    places: 5,
                    dropped: k % 17 == 3,
                    short_run: k % 5 == 1,
                })
                .collect(),
            tables: n / 4,
            finished: n / 8,
            meetings: Meetings {
                most: 2,
                repeated: 7,
            },
        }
    }

    /// Every message an event posts, for a field of `n`.
    fn messages(n: usize, lang: Lang) -> Vec<(&'static str, Message)> {
        let mut out = Vec::new();
        for format in [TournamentFormat::Swiss, TournamentFormat::Rolling] {
            let open = event(format, TournamentState::SignUp);
            let running = event(format, TournamentState::Running);
            let over = event(format, TournamentState::Finished);
            // A rolling lobby is open while its event runs.
            let signup = SignUp {
                event: if format == TournamentFormat::Rolling {
                    running.clone()
                } else {
                    open.clone()
                },
                entrants: entrants(n),
                as_of: 0,
            };
            out.push(("signup", super::signup(&signup, lang)));
            let closed = ClosedEvent {
                event: running.clone(),
                entrants: entrants(n),
                seed_commitment: [3; 32],
                tables: tables(n, 1),
                sitting_out: (0..n % 4).map(|k| user(n - 1 - k)).collect(),
            };
            let rolling = format == TournamentFormat::Rolling;
            out.push((
                if rolling { "closed lobby" } else { "closed" },
                super::closed(&closed, lang),
            ));
            let seated = RoundSeated {
                event: running.clone(),
                round: 3,
                tables: tables(n, 3),
                sitting_out: vec![user(0)],
                standings: standings(n, running.clone()),
            };
            out.push(("next round", next_round(&seated, lang)));
            out.push(("standings", super::standings(&standings(n, running), lang)));
            out.push(("finished", finished(&standings(n, over.clone()), lang)));
            out.push((
                "board",
                super::super::tournament_board::board(&standings(n, over), lang),
            ));
        }
        out
    }

    #[test]
    fn every_message_of_a_field_of_three_hundred_fits_discords_limits_and_says_what_it_cut() {
        for lang in Lang::ALL {
            for (what, m) in messages(300, lang) {
                m.check_limits()
                    .unwrap_or_else(|e| panic!("{what} ({lang:?}): {e}"));
                if what == "closed lobby" {
                    // No table and no list: a line saying the lobby closed.
                    continue;
                }
                let text = m.content.clone()
                    + &m.embeds
                        .iter()
                        .map(|e| e.description.clone())
                        .collect::<String>();
                let marker = if lang == Lang::Ja { "ほか" } else { " more" };
                assert!(
                    text.contains(marker),
                    "{what} ({lang:?}) says that it left some out: {text}"
                );
            }
        }
    }

    #[test]
    fn a_small_fields_messages_are_whole() {
        for lang in Lang::ALL {
            for (what, m) in messages(12, lang) {
                m.check_limits().unwrap();
                let text = m.content.clone()
                    + &m.embeds
                        .iter()
                        .map(|e| e.description.clone())
                        .collect::<String>();
                assert!(!text.contains('…'), "{what} ({lang:?}): {text}");
                if what == "signup" || what.starts_with("closed") {
                    continue;
                }
                // Every entrant is on the standings; each table of the round on its announcement.
                let mentioned = (0..12).filter(|&k| text.contains(&format!("<@{}>", user(k))));
                assert_eq!(mentioned.count(), 12, "{what} ({lang:?}): {text}");
            }
        }
    }

    #[test]
    fn the_repeat_meetings_are_on_the_standings_and_say_none_when_there_are_none() {
        let mut s = standings(8, event(TournamentFormat::Swiss, TournamentState::Finished));
        for lang in Lang::ALL {
            let m = finished(&s, lang);
            assert!(m.content.contains(&meetings_line(s.meetings, lang)));
            assert!(m.content.contains('7') && m.content.contains('2'));
        }
        s.meetings = Meetings::default();
        let board = super::super::tournament_board::board(&s, Lang::En);
        assert!(
            board.embeds[0].footer.contains("Repeat meetings: none"),
            "{}",
            board.embeds[0].footer
        );
    }

    #[test]
    fn a_long_list_of_names_ends_in_how_many_more_within_its_room() {
        let names: Vec<String> = (0..200).map(|k| mention(user(k))).collect();
        for lang in Lang::ALL {
            let l = list_within(&names, 500, lang);
            assert!(chars(&l) <= 500, "{l}");
            let shown = names.iter().filter(|n| l.contains(n.as_str())).count();
            assert!(shown > 10, "{l}");
            let more = tr_args(
                lang,
                "tn-and-more",
                &[("count", ((200 - shown) as i64).into())],
            );
            assert!(l.ends_with(&more), "{l}");
            assert_eq!(list_within(&names[..3], 500, lang), list(&names[..3], lang));
        }
    }

    #[test]
    fn an_events_table_is_named_after_the_event_round_and_table_within_discords_limit() {
        let table = |name: &str, format| EventTable {
            name: name.into(),
            format,
            round: 2,
            table: 2,
        };
        let swiss = table("Spring Cup", TournamentFormat::Swiss);
        let rolling = table("Spring Cup", TournamentFormat::Rolling);
        let id = MatchId(12);
        assert_eq!(
            thread_name_in(Lang::En, GameId::Riichi, id, Some(&swiss)),
            "Spring Cup · round 2 · table 3"
        );
        assert_eq!(
            thread_name_in(Lang::Ja, GameId::Riichi, id, Some(&swiss)),
            "Spring Cup 第2回戦 第3卓"
        );
        assert_eq!(
            thread_name_in(Lang::En, GameId::Riichi, id, Some(&rolling)),
            "Spring Cup · table 3"
        );
        assert_eq!(
            thread_name_in(Lang::En, GameId::Momojan, id, None),
            "MOMOJAN match 12"
        );
        // The longest event name at a late round's last table is cut so the whole stays
        // within 100 characters.
        let long = EventTable {
            round: 100,
            table: 999,
            ..table(
                &"名".repeat(crate::service::tournament::MAX_NAME),
                TournamentFormat::Swiss,
            )
        };
        let name = thread_name_in(Lang::En, GameId::Riichi, id, Some(&long));
        assert_eq!(name.chars().count(), THREAD_NAME_MAX, "{name}");
        assert!(name.ends_with("名… · round 100 · table 1000"), "{name}");
        for lang in Lang::ALL {
            let name = thread_name_in(lang, GameId::Riichi, id, Some(&long));
            assert!(name.chars().count() <= THREAD_NAME_MAX, "{name}");
        }
    }
}
