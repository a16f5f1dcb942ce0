//! Records: the leaderboard, a player's stats and history, and a match's point ledger —
//! pure functions from store rows to messages (ephemeral, paged with buttons).

use super::label::game_name;
use super::model::{Button, Embed, Message, Row, Style};
use super::words::{end_reason_text, transfer_reason_text, yaku_name};
use crate::discord::ids::{ComponentId, HelpBook, ReplayNav, ReplayView};
use crate::games::interface::ledger::Party;
use crate::games::interface::Level;
use crate::games::registry::GameId;
use crate::i18n::{tr, tr_args, Lang};
use crate::service::Occupant;
use crate::service::{
    HistoryRow, LeaderboardPage, LedgerPage, LedgerRow, PlayerStats, PracticeRecord, PAGE,
};

const COLOR: u32 = 0xF4A6C0;

/// How many pages `n` lines take (at least one).
pub fn pages(n: usize) -> usize {
    n.div_ceil(PAGE).max(1)
}

/// What a page button shows.
#[derive(Debug, Clone, Copy)]
pub enum Paged {
    Leaderboard { season: i64, game: GameId },
    Ledger { match_id: crate::service::MatchId },
    Help(HelpBook, GameId),
}

impl Paged {
    fn id(self, page: usize) -> String {
        match self {
            Paged::Leaderboard { season, game } => ComponentId::Leaderboard { season, game, page },
            Paged::Ledger { match_id } => ComponentId::Ledger { match_id, page },
            Paged::Help(book, game) => ComponentId::Help { book, game, page },
        }
        .to_string()
    }
}

/// Previous/next buttons (pages count from 1); none for a single page.
pub fn pager(paged: Paged, page: usize, pages: usize, lang: Lang) -> Vec<Row> {
    if pages <= 1 {
        return Vec::new();
    }
    vec![Row::Buttons(vec![
        Button {
            id: paged.id(page.saturating_sub(1).max(1)),
            label: tr(lang, "page-prev"),
            style: Style::Secondary,
            disabled: page <= 1,
            emoji: None,
        },
        Button {
            id: paged.id((page + 1).min(pages)),
            label: tr(lang, "page-next"),
            style: Style::Secondary,
            disabled: page >= pages,
            emoji: None,
        },
    ])]
}

fn page_footer(page: usize, pages: usize, lang: Lang) -> String {
    tr_args(
        lang,
        "page",
        &[("page", page.into()), ("pages", pages.into())],
    )
}

/// One page of a season's leaderboard.
pub fn leaderboard(board: &LeaderboardPage, lang: Lang) -> Message {
    let mut lines: Vec<String> = board
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            tr_args(
                lang,
                "lb-line",
                &[
                    ("rank", (board.first_rank + i).into()),
                    ("user", format!("<@{}>", r.user_id).into()),
                    ("rating", (r.rating.round() as i64).into()),
                    ("wins", r.wins.into()),
                    ("losses", r.losses.into()),
                    ("net", signed(r.net_points).into()),
                ],
            )
        })
        .collect();
    if lines.is_empty() {
        lines.push(tr_args(
            lang,
            "lb-empty",
            &[("season", board.season.into())],
        ));
    }
    lines.push(String::new());
    lines.push(match board.own {
        Some((rank, total)) => tr_args(
            lang,
            "lb-you",
            &[("rank", rank.into()), ("total", total.into())],
        ),
        None => tr(lang, "lb-you-none"),
    });
    Message {
        embeds: vec![Embed {
            title: tr_args(
                lang,
                "lb-title",
                &[
                    ("season", board.season.into()),
                    ("game", game_name(board.game, lang).into()),
                ],
            ),
            description: lines.join("\n"),
            footer: page_footer(board.page, board.pages, lang),
            color: COLOR,
            ..Embed::default()
        }],
        rows: pager(
            Paged::Leaderboard {
                season: board.season,
                game: board.game,
            },
            board.page,
            board.pages,
            lang,
        ),
        ephemeral: true,
        ..Message::default()
    }
}

fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// Percentage with one decimal, of `part` in `whole` (0 when `whole` is 0).
fn percent(part: i64, whole: i64) -> String {
    if whole <= 0 {
        return "0".into();
    }
    format!("{:.1}", part as f64 * 100.0 / whole as f64)
}

/// A player's practice record against the computer, one line (none if never played).
pub fn practice_line(records: &[(Level, PracticeRecord)], lang: Lang) -> Option<String> {
    if records.is_empty() {
        return None;
    }
    let list: Vec<String> = records
        .iter()
        .map(|(level, r)| {
            tr_args(
                lang,
                "practice-record-line",
                &[
                    ("level", tr(lang, &format!("level-{}", level.id())).into()),
                    ("wins", r.wins.into()),
                    ("losses", r.losses.into()),
                ],
            )
        })
        .collect();
    Some(tr_args(
        lang,
        "practice-record",
        &[("list", list.join(" · ").into())],
    ))
}

/// A player's stats in a season.
pub fn stats(user: &str, season: i64, p: Option<&PlayerStats>, lang: Lang) -> Message {
    let title = tr_args(
        lang,
        "stats-title",
        &[("user", user.into()), ("season", season.into())],
    );
    let Some(p) = p.filter(|p| p.games > 0) else {
        let none = tr_args(
            lang,
            "stats-none",
            &[("user", user.into()), ("season", season.into())],
        );
        return embed_message(title, none);
    };
    let average = if p.hands_won > 0 {
        format!("{:.1}", p.hand_points as f64 / p.hands_won as f64)
    } else {
        "—".into()
    };
    let mut lines = vec![
        tr_args(
            lang,
            "stats-games",
            &[
                ("games", p.games.into()),
                ("wins", p.wins.into()),
                ("losses", p.losses.into()),
                ("rate", percent(p.wins, p.games).into()),
            ],
        ),
        tr_args(
            lang,
            "stats-net",
            &[
                ("net", signed(p.net_points()).into()),
                ("rating", (p.rating.round() as i64).into()),
                ("deviation", (p.deviation.round() as i64).into()),
            ],
        ),
        tr_args(
            lang,
            "stats-hands",
            &[("n", p.hands_won.into()), ("average", average.into())],
        ),
        if p.best_hand > 0 && !p.best_hand_yaku.is_empty() {
            tr_args(
                lang,
                "stats-best",
                &[
                    ("points", p.best_hand.into()),
                    (
                        "yaku",
                        yaku_names(p.game, p.best_hand_yaku.iter().copied()).into(),
                    ),
                ],
            )
        } else {
            tr(lang, "stats-best-none")
        },
        tr_args(
            lang,
            "stats-riichi",
            &[
                ("riichi", p.riichi.into()),
                ("furiten", p.furiten.into()),
                ("dealins", p.deal_ins.into()),
                ("rate", percent(p.deal_ins, p.rounds).into()),
            ],
        ),
    ];
    if let Some(line) = placements(p, lang) {
        lines.insert(1, line);
    }
    if !p.yaku_counts.is_empty() {
        let mut made: Vec<(i64, String)> = p
            .yaku_counts
            .iter()
            .map(|(yaku, n)| (*n, yaku_names(p.game, std::iter::once(*yaku))))
            .collect();
        made.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        lines.push(String::new());
        lines.push(format!("**{}**", tr(lang, "stats-yaku")));
        lines.extend(made.iter().take(28).map(|(n, name)| format!("{name} ×{n}")));
    }
    embed_message(title, lines.join("\n"))
}

/// Yaku as their Japanese names (the same in both languages), from their ids.
fn yaku_names<'a>(game: GameId, yaku: impl Iterator<Item = &'a str>) -> String {
    yaku.map(|id| yaku_name(game, id))
        .collect::<Vec<_>>()
        .join(" · ")
}

fn embed_message(title: String, description: String) -> Message {
    Message {
        embeds: vec![Embed {
            title,
            description,
            color: COLOR,
            ..Embed::default()
        }],
        ephemeral: true,
        ..Message::default()
    }
}

/// A player's recent finished games.
pub fn history(user: &str, game: GameId, rows: &[HistoryRow], lang: Lang) -> Message {
    let title = tr_args(lang, "hist-title", &[("user", user.into())]);
    if rows.is_empty() {
        let none = tr_args(lang, "hist-empty", &[("user", user.into())]);
        return embed_message(title, none);
    }
    let lines: Vec<String> = rows.iter().map(|r| history_line(game, r, lang)).collect();
    let mut message = embed_message(title, lines.join("\n"));
    // A replay button for each of the latest finished games (one row holds five).
    let replays: Vec<Button> = rows
        .iter()
        .filter(|r| r.end_reason.is_some())
        .take(5)
        .map(|r| Button {
            id: ComponentId::Replay {
                match_id: r.id,
                step: 0,
                view: ReplayView::Both,
                nav: ReplayNav::Open,
            }
            .to_string(),
            label: tr_args(lang, "hist-replay", &[("id", r.id.0.into())]),
            style: Style::Secondary,
            disabled: false,
            emoji: None,
        })
        .collect();
    if !replays.is_empty() {
        message.rows.push(Row::Buttons(replays));
    }
    message
}

/// How often a player finished in each place, and their average place, for a game played by
/// more than two (`None` for a two-seat game, where the wins say it all).
fn placements(p: &PlayerStats, lang: Lang) -> Option<String> {
    let most = p.game.seat_counts().last().map_or(2, |n| n.get());
    if most <= 2 {
        return None;
    }
    let counted: i64 = p.places.iter().sum();
    let rates: Vec<String> = p.places[..most]
        .iter()
        .map(|n| format!("{}%", percent(*n, counted)))
        .collect();
    let weighted: i64 = p
        .places
        .iter()
        .enumerate()
        .map(|(i, n)| (i as i64 + 1) * n)
        .sum();
    let average = if counted > 0 {
        format!("{:.2}", weighted as f64 / counted as f64)
    } else {
        "—".into()
    };
    Some(tr_args(
        lang,
        "stats-places",
        &[
            ("rates", rates.join(" / ").into()),
            ("average", average.into()),
        ],
    ))
}

/// A player or a computer as records name them: a mention, or the computer as its match
/// named it ("Computer (normal)", numbered by `seat` when the table had `computers` of them).
fn occupant_name(occupant: &Occupant, seat: usize, computers: usize, lang: Lang) -> String {
    match occupant {
        Occupant::Player { user, .. } => format!("<@{user}>"),
        Occupant::Computer(level) => {
            super::label::seat_computer_name(*level, seat, computers, lang)
        }
    }
}

/// One finished game in a history, a teaching match marked (issue 39: it was not rated).
fn history_line(game: GameId, r: &HistoryRow, lang: Lang) -> String {
    let line = history_result(game, r, lang);
    if r.teach {
        format!("{} {line}", tr(lang, "hist-teach"))
    } else {
        line
    }
}

/// One finished game's result: against whom, the result (won or lost at a table of two, the
/// place at a larger one), the points, the match and why it ended.
fn history_result(game: GameId, r: &HistoryRow, lang: Lang) -> String {
    let reason = r
        .end_reason
        .map_or_else(|| "—".to_string(), |e| end_reason_text(game, e, lang));
    let computers = super::label::computer_count(r.others.iter().map(|(o, _)| o));
    let own = r.own_seat.index();
    let others: Vec<String> = r
        .others
        .iter()
        .enumerate()
        // `others` leaves the player's own seat out.
        .map(|(i, (o, _))| occupant_name(o, i + usize::from(i >= own), computers, lang))
        .collect();
    let date = format!("<t:{}:d>", r.updated_at);
    let own = r.own_balance.unwrap_or_default();
    if let [(_, theirs)] = r.others.as_slice() {
        let result = tr(lang, if r.won() { "hist-won" } else { "hist-lost" });
        return tr_args(
            lang,
            "hist-line",
            &[
                ("date", date.into()),
                ("opponent", others.join(" ").into()),
                ("result", result.into()),
                ("own", own.into()),
                ("theirs", theirs.unwrap_or_default().into()),
                ("id", r.id.0.into()),
                ("reason", reason.into()),
            ],
        );
    }
    tr_args(
        lang,
        "hist-line-table",
        &[
            ("date", date.into()),
            ("others", super::challenge::list(&others, lang).into()),
            ("place", i64::from(r.place.unwrap_or(0)).into()),
            ("seats", (r.seats.get() as i64).into()),
            ("own", own.into()),
            ("id", r.id.0.into()),
            ("reason", reason.into()),
        ],
    )
}

/// One page of a match's ledger, with the totals it sums to (which are the balances).
pub fn ledger(ledger: &LedgerPage, lang: Lang) -> Message {
    let LedgerPage {
        match_id,
        game,
        seats,
        start,
        rows,
        page,
    } = ledger;
    let computers = super::label::computer_count(seats.iter().map(|(_, o)| o));
    let name = |party: Party| match party {
        Party::Seat(seat) => occupant_name(&seats[seat], seat.index(), computers, lang),
        Party::Pot => tr(lang, "party-pot"),
    };
    let pages = pages(rows.len());
    let page = (*page).clamp(1, pages);
    let mut lines: Vec<String> = rows
        .iter()
        .skip((page - 1) * PAGE)
        .take(PAGE)
        .map(|r| {
            tr_args(
                lang,
                "ledger-line",
                &[
                    ("round", (r.round + 1).into()),
                    ("from", name(r.from).into()),
                    ("to", name(r.to).into()),
                    ("amount", r.amount.into()),
                    ("why", transfer_reason_text(*game, r.reason, lang).into()),
                ],
            )
        })
        .collect();
    let totals = LedgerRow::totals(rows, *start);
    lines.push(String::new());
    let each: Vec<String> = totals
        .balances
        .iter()
        .map(|(seat, points)| format!("{} {points}", name(Party::Seat(seat))))
        .collect();
    lines.push(tr_args(
        lang,
        "ledger-totals",
        &[
            ("each", each.join(" · ").into()),
            ("pot", totals.pot.into()),
        ],
    ));
    Message {
        embeds: vec![Embed {
            title: tr_args(lang, "ledger-title", &[("id", match_id.0.into())]),
            description: lines.join("\n"),
            footer: page_footer(page, pages, lang),
            color: COLOR,
            ..Embed::default()
        }],
        rows: pager(
            Paged::Ledger {
                match_id: *match_id,
            },
            page,
            pages,
            lang,
        ),
        ephemeral: true,
        ..Message::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::interface::seat::{PerSeat, Seat};
    use crate::service::{LeaderboardRow, MatchId, UserId};

    fn row(user: i64, rating: f64) -> LeaderboardRow {
        LeaderboardRow {
            user_id: UserId(user),
            rating,
            wins: 3,
            losses: 1,
            net_points: -12,
        }
    }

    fn board(rows: Vec<LeaderboardRow>, page: usize, pages: usize) -> LeaderboardPage {
        LeaderboardPage {
            game: GameId::Momojan,
            season: 2,
            rows,
            first_rank: (page - 1) * PAGE + 1,
            page,
            pages,
            own: None,
        }
    }

    #[test]
    fn a_leaderboard_page_numbers_its_lines_and_pages_with_buttons() {
        let rows: Vec<LeaderboardRow> = (0..10).map(|i| row(i, 1600.0 - i as f64)).collect();
        for lang in Lang::ALL {
            let mut page = board(rows.clone(), 2, 3);
            page.own = Some((42, 45));
            let m = leaderboard(&page, lang);
            m.check_limits().unwrap();
            let text = m.all_text();
            assert!(text.contains("11. <@0>"), "{text}");
            assert!(text.contains("20. <@9>"), "{text}");
            assert!(text.contains("42"), "own rank shown off the page");
            let ids: Vec<&str> = match &m.rows[0] {
                Row::Buttons(b) => b.iter().map(|b| b.id.as_str()).collect(),
                Row::Select { .. } => panic!(),
            };
            assert_eq!(ids, ["lb:2:1:momojan", "lb:2:3:momojan"]);
        }
        let single = leaderboard(&board(Vec::new(), 1, 1), Lang::En);
        assert!(single.rows.is_empty(), "one page needs no buttons");
        assert!(single.all_text().contains("Nobody"));
    }

    #[test]
    fn a_ledger_sums_to_its_totals_and_pages() {
        let mut rows = Vec::new();
        for round in 0..12 {
            rows.push(LedgerRow {
                round,
                from: Party::Seat(Seat::ONE),
                to: Party::Pot,
                amount: 1,
                reason: "ante",
            });
            rows.push(LedgerRow {
                round,
                from: Party::Pot,
                to: Party::Seat(Seat::ZERO),
                amount: 1,
                reason: "final_pot",
            });
        }
        let page = |page| LedgerPage {
            match_id: MatchId(7),
            game: GameId::Momojan,
            seats: PerSeat::new(
                Occupant::player(UserId(5), "e"),
                Occupant::player(UserId(6), "f"),
            ),
            start: PerSeat::new(30, 30),
            rows: rows.clone(),
            page,
        };
        let m = ledger(&page(3), Lang::En);
        m.check_limits().unwrap();
        let text = m.all_text();
        assert!(text.contains("Totals: <@5> 42 · <@6> 18 · pot 0"), "{text}");
        assert!(text.contains("Page 3 of 3"), "{text}");
        let ja = ledger(&page(99), Lang::Ja).all_text();
        assert!(
            ja.contains("3 / 3"),
            "a page past the end shows the last: {ja}"
        );
    }
}
