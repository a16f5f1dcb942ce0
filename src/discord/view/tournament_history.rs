//! A server's events looked back on: one line each, newest first, with its game, format,
//! field, state, channel and winner; the standings of any one are a command away.

use super::label::{escape_markdown, game_name};
use super::model::{Embed, Message};
use crate::i18n::{tr, tr_args, Lang};
use crate::service::{PastEvent, TournamentFormat, TournamentState};

/// The colour of the history's embed (the standings' gold).
const GOLD: u32 = 0xD4AF37;

/// The server's events (newest first) as one embed.
pub fn history(events: &[PastEvent], lang: Lang) -> Message {
    let lines: Vec<String> = events.iter().map(|e| line(e, lang)).collect();
    let description = if lines.is_empty() {
        tr(lang, "tn-history-empty")
    } else {
        lines.join("\n")
    };
    let footer = if events.is_empty() {
        String::new()
    } else {
        tr(lang, "tn-history-footer")
    };
    Message {
        embeds: vec![Embed {
            title: tr(lang, "tn-history-title"),
            description,
            footer,
            color: GOLD,
            ..Embed::default()
        }],
        ..Message::default()
    }
}

/// "**#12 Spring Cup** · Riichi · Swiss, rounds: 5 · entrants: 16 · finished · #events ·
/// 29 Nov 2026 · 🥇 won by @alice".
fn line(past: &PastEvent, lang: Lang) -> String {
    let e = &past.event;
    let format = match e.format {
        TournamentFormat::Swiss => tr_args(
            lang,
            "tn-history-swiss",
            &[("rounds", i64::from(e.rounds).into())],
        ),
        TournamentFormat::RoundRobin => tr(lang, "tn-history-round-robin"),
        TournamentFormat::Rolling => tr(lang, "tn-history-rolling"),
    };
    let state = tr(
        lang,
        match e.state {
            TournamentState::SignUp => "tn-history-signup",
            TournamentState::Closed | TournamentState::Running => "tn-history-running",
            TournamentState::Finished => "tn-history-finished",
        },
    );
    let mut line = tr_args(
        lang,
        "tn-history-line",
        &[
            ("id", e.id.0.into()),
            ("name", escape_markdown(&e.name).into()),
            ("game", game_name(e.game, lang).into()),
            ("format", format.into()),
            ("count", (past.entrants as i64).into()),
            ("state", state.into()),
            ("channel", format!("<#{}>", e.channel_id.snowflake()).into()),
            ("created", e.created_at.into()),
        ],
    );
    if let Some(winner) = past.winner {
        line.push_str(&tr_args(
            lang,
            "tn-history-winner",
            &[("user", format!("<@{}>", winner.snowflake()).into())],
        ));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::{ChannelId, Tournament, TournamentId, UserId};

    fn event(id: i64, state: TournamentState) -> Tournament {
        Tournament {
            id: TournamentId(id),
            channel_id: ChannelId(77),
            name: "Spring *Cup*".into(),
            created_at: 1_800_000_000,
            ..Tournament::sample(TournamentFormat::Swiss, state)
        }
    }

    #[test]
    fn each_event_is_a_line_with_its_winner_once_finished() {
        let events = [
            PastEvent {
                event: event(12, TournamentState::Finished),
                entrants: 16,
                winner: Some(UserId(42)),
            },
            PastEvent {
                event: event(13, TournamentState::SignUp),
                entrants: 3,
                winner: None,
            },
        ];
        for lang in Lang::ALL {
            let m = history(&events, lang);
            let text = &m.embeds[0].description;
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len(), 2, "{text}");
            assert!(
                lines[0].contains("#12") && lines[0].contains("<@42>"),
                "{text}"
            );
            assert!(lines[0].contains("Spring \\*Cup\\*"), "{text}");
            assert!(lines[0].contains("<#77>") && lines[0].contains("<t:1800000000:d>"));
            assert!(
                lines[1].contains("#13") && !lines[1].contains("🥇"),
                "{text}"
            );
            m.check_limits().unwrap();
        }
        let m = history(&events[..1], Lang::En);
        let text = &m.embeds[0].description;
        assert!(
            text.contains("Swiss, rounds: 5") && text.contains("entrants: 16"),
            "{text}"
        );
        assert!(text.contains("finished"), "{text}");
        let mut small = events[1].clone();
        small.event.rounds = 1;
        small.entrants = 1;
        let m = history(&[small], Lang::En);
        let text = &m.embeds[0].description;
        assert!(
            text.contains("Swiss, rounds: 1 ·") && text.contains("entrants: 1 ·"),
            "{text}"
        );
    }

    #[test]
    fn a_server_without_events_says_so() {
        let m = history(&[], Lang::En);
        assert!(m.embeds[0].description.contains("No event"), "{m:?}");
        assert!(m.embeds[0].footer.is_empty());
    }

    #[test]
    fn the_longest_history_fits_one_embed() {
        let mut long = event(1, TournamentState::Finished);
        long.name = "名".repeat(crate::service::tournament::MAX_NAME);
        let events: Vec<PastEvent> = (0..crate::service::tournament::HISTORY_EVENTS)
            .map(|i| PastEvent {
                event: Tournament {
                    id: TournamentId(i64::MAX - i64::from(i)),
                    ..long.clone()
                },
                entrants: 9_999,
                winner: Some(UserId::from_snowflake(u64::MAX)),
            })
            .collect();
        for lang in Lang::ALL {
            history(&events, lang).check_limits().unwrap();
        }
    }
}
