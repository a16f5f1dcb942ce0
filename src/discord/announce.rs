//! What is posted in a match's thread for one outbox entry, rendered when it is sent: the
//! timeout notice, the round summaries and the final result. Pure: from the stored state to
//! messages. (Whose turn it is goes to the players' live hands, or a turn notice.)

use super::view::{self, MatchLabel, Message};
use crate::games::seat::Seat;
use crate::games::shown::Shows;
use crate::i18n::tr_args;
use crate::service::{EventRow, Move, Origin, ShowState, FORFEIT_AFTER_TIMEOUTS};

/// The posts of one `show` entry, in order.
pub fn posts<G: Shows>(state: &ShowState<G>, faces: &view::pen::Faces) -> Vec<Message> {
    let meta = &state.loaded.meta;
    let game = &state.loaded.state;
    let label = MatchLabel::of(meta, state.shown.to_version, meta.lang).with_faces(faces);
    let mut posts = Vec::new();
    if let Some(notice) = timeout_notice(state, &label) {
        posts.push(Message::text(notice));
    }
    for i in state.shown.rounds.clone() {
        if let Some(result) = G::round_result(game, i) {
            let proof = G::deal_proof(&state.loaded.seed, i as u32);
            posts.push(view::round_summary(&result, &label, Some(&proof)));
        }
    }
    // The result once, with the entry that ended the game (the latest there is).
    if let Some(finish) = G::finish(game).filter(|_| state.is_latest()) {
        posts.push(view::game_result(
            (finish.winner(), finish.reason),
            &finish.balances.to_vec(),
            &G::result_lines(game),
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
