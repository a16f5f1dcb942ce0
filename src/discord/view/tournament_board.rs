//! The standings message kept current for each event: one embed, edited as tables finish and
//! rounds end — rank, player, total, games and average placement, and the tie-breaks stated.
//! A field too long for one embed shows its best rows and how many more there are; a field of
//! many rows, or one cut short, carries the standings picture too (`standings_picture`).

use super::label::escape_markdown;
use super::model::{limits, Embed, Message};
use super::standing_words::{meetings_line, short_run_mark};
use super::standings_picture;
use crate::i18n::{tr, tr_args, Lang};
use crate::service::{Standings, TournamentState};

/// The colour of the standings' embed (gold).
const GOLD: u32 = 0xD4AF37;

/// The standings as one embed.
pub fn board(s: &Standings, lang: Lang) -> Message {
    let event = &s.event;
    let over = event.state == TournamentState::Finished;
    let rolling = event.rolling.is_some();
    let run = event.rolling.map_or(0, |r| r.run_games);
    let title = tr_args(
        lang,
        match (over, rolling) {
            (true, false) => "tn-board-final",
            (false, false) => "tn-board-title",
            (true, true) => "tn-board-final-rolling",
            (false, true) => "tn-board-title-rolling",
        },
        &[
            ("name", escape_markdown(&event.name).into()),
            ("round", i64::from(event.round).into()),
            ("rounds", i64::from(event.rounds).into()),
            ("run", i64::from(run).into()),
        ],
    );
    let mut lines: Vec<String> = Vec::new();
    let mut length = 0;
    let mut cut = false;
    for (k, row) in s.rows.iter().enumerate() {
        let average = row
            .average_place()
            .map_or_else(|| tr(lang, "tn-no-average"), |a| format!("{a:.2}"));
        let mut line = tr_args(
            lang,
            "tn-board-line",
            &[
                ("rank", (k as i64 + 1).into()),
                ("player", format!("<@{}>", row.user).into()),
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
        // Room for the line saying how many more there are.
        if length + line.len() + 1 > limits::EMBED_DESCRIPTION - 100 {
            let more = s.rows.len() - k;
            lines.push(tr_args(
                lang,
                "tn-board-more",
                &[("count", (more as i64).into())],
            ));
            cut = true;
            break;
        }
        length += line.len() + 1;
        lines.push(line);
    }
    if lines.is_empty() {
        lines.push(tr(lang, "tn-nobody"));
    }
    let mut footer = tr_args(
        lang,
        if rolling {
            "tn-board-footer-rolling"
        } else {
            "tn-board-footer"
        },
        &[
            ("run", i64::from(run).into()),
            ("round", i64::from(event.round).into()),
            ("finished", (s.finished as i64).into()),
            ("tables", (s.tables as i64).into()),
        ],
    );
    footer.push('\n');
    footer.push_str(&meetings_line(s.meetings, lang));
    let message = Message {
        embeds: vec![Embed {
            title,
            description: lines.join("\n"),
            fields: Vec::new(),
            footer,
            color: GOLD,
            image: None,
        }],
        ..Message::default()
    };
    // The embed keeps its lines (its mentions notify and link); the picture lines them up.
    standings_picture::attach(message, s, lang, cut)
}
