//! Words the standings share between the event's messages and its standings embed: a
//! rolling event's short-run mark and the repeat meetings.

use crate::i18n::{tr_args, Lang};
use crate::service::Meetings;

/// A rolling event's mark for a player with fewer games than its run.
pub fn short_run_mark(games: u32, run: u32, lang: Lang) -> String {
    tr_args(
        lang,
        "tn-short-run-mark",
        &[
            ("games", i64::from(games).into()),
            ("run", i64::from(run).into()),
        ],
    )
}

/// How often the same players have met at the event's tables, as `momojan seating` reports a
/// schedule.
pub fn meetings_line(m: Meetings, lang: Lang) -> String {
    tr_args(
        lang,
        if m.repeated == 0 {
            "tn-meetings-none"
        } else {
            "tn-meetings"
        },
        &[
            ("most", i64::from(m.most).into()),
            ("repeated", i64::from(m.repeated).into()),
        ],
    )
}
