//! What is posted in a match's thread for one outbox entry, rendered when it is sent: the
//! timeout notice, the round summaries and the final result. Pure: from the stored state to
//! messages. (Whose turn it is goes to the players' live hands, or a turn notice.)

use super::view::{self, MatchLabel, Message};
use crate::games::interface::seat::Seat;
use crate::games::interface::{recap, Highlights, Shows, RECAP_MAX};
use crate::i18n::{tr, tr_args};
use crate::service::{EventRow, Move, Origin, ShowState, FORFEIT_AFTER_TIMEOUTS};

/// Round lines a round summary shows at most: a short line, not a second recap.
const ROUND_LINES: usize = 2;

/// The posts of one `show` entry, in order: a round's summary carries that round's highlight
/// lines (what the table saw by its end), the final result the game's recap.
pub fn posts<G: Shows + Highlights>(
    state: &ShowState<G>,
    faces: &view::pen::Faces,
) -> Vec<Message> {
    let meta = &state.loaded.meta;
    let game = &state.loaded.state;
    let label = MatchLabel::of(meta, state.shown.to_version, meta.lang).with_faces(faces);
    let mut posts = Vec::new();
    // A cancelled match's one change without a move is its re-seat (written with the
    // cancellation, so the notice survives a restart).
    if meta.is_cancelled() && state.shown.from_version == state.shown.to_version {
        posts.push(Message::text(tr(meta.lang, "tn-reseat-notice")));
    }
    if let Some(notice) = timeout_notice(state, &label) {
        posts.push(Message::text(notice));
    }
    for i in state.shown.rounds.clone() {
        if let Some(result) = G::round_result(game, i) {
            let proof = G::deal_proof(&state.loaded.seed, i as u32, &state.loaded.options);
            let summary = view::round_summary(&result, &label, Some(&proof));
            let lines = recap(G::round_highlights(game, i), &state.muted, ROUND_LINES);
            let words: Vec<_> = lines.into_iter().map(|h| h.words).collect();
            posts.push(view::with_round_highlights(summary, &words, &label));
        }
    }
    // The result once, with the entry that ended the game (the latest there is).
    if let Some(finish) = G::finish(game).filter(|_| state.is_latest()) {
        let highlights: Vec<_> = recap(G::game_highlights(game), &state.muted, RECAP_MAX)
            .into_iter()
            .map(|h| h.words)
            .collect();
        posts.push(view::game_result(
            (finish.winner(), finish.reason),
            &finish.balances.to_vec(),
            (&G::result_lines(game), &highlights),
            &label,
        ));
    }
    posts
}

/// What the bot did for a player whose time ran out, or their forfeit.
fn timeout_notice<G: Shows>(state: &ShowState<G>, label: &MatchLabel) -> Option<String> {
    let row = state
        .moves
        .iter()
        .find(|r| matches!(r.origin, Origin::Timeout | Origin::Forfeit))?;
    if state.loaded.meta.seats.len() > 2 {
        return Some(away_notice(state, label));
    }
    let lang = label.lang;
    let name = label.mention(row.seat);
    if row.origin == Origin::Forfeit {
        let args = [
            ("name", name.into()),
            ("max", FORFEIT_AFTER_TIMEOUTS.into()),
        ];
        return Some(tr_args(lang, "timeout-forfeit", &args));
    }
    let played = played_for(&state.moves, row.seat, label);
    Some(tr_args(
        lang,
        "timeout-played",
        &[
            ("name", name.into()),
            ("actions", played.join(", ").into()),
            ("n", state.shown.timeouts.into()),
            ("max", FORFEIT_AFTER_TIMEOUTS.into()),
        ],
    ))
}

/// At a table of more than two, every seat that ran out of time (all the asked players of a
/// claim window may): what the bot played for each, and who is now away.
fn away_notice<G: Shows>(state: &ShowState<G>, label: &MatchLabel) -> String {
    let mut timed_out: Vec<Seat> = Vec::new();
    for r in state.moves.iter().filter(|r| r.origin == Origin::Timeout) {
        if !timed_out.contains(&r.seat) {
            timed_out.push(r.seat);
        }
    }
    let meta = &state.loaded.meta;
    timed_out
        .into_iter()
        .map(|seat| {
            let played = played_for(&state.moves, seat, label);
            let key = if meta.seats[seat].away {
                "timeout-away"
            } else {
                "timeout-played-table"
            };
            let args = [
                ("name", label.mention(seat).into()),
                ("actions", played.join(", ").into()),
            ];
            tr_args(label.lang, key, &args)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The moves the bot made for `seat` when its time ran out.
fn played_for<G: Shows>(moves: &[EventRow<G>], seat: Seat, label: &MatchLabel) -> Vec<String> {
    let pen = label.pen();
    moves
        .iter()
        .filter(|r| r.seat == seat && r.origin == Origin::Timeout)
        .filter_map(|r| match r.action {
            Move::Play(action) => Some(pen.words(&G::action_words(action))),
            Move::Concede(_) => None,
        })
        .collect()
}
