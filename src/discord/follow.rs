//! What follows a committed action: its announcement, and in a practice match the computer's
//! reply — after a short, natural pause so a person can follow it, one move at a time, each
//! announced like a player's.

use tracing::warn;

use super::contain::contained;
use super::context::Data;
use crate::service::{Committed, MatchId};

/// Shows a committed action (its outbox entry) and, when the computer is to act next,
/// schedules its move.
pub fn after_action(data: &Data, applied: &Committed) {
    data.outbox.kick(applied.meta.id);
    if applied.computer_next() {
        schedule(data, applied.meta.id);
    }
}

/// The computer's next move in `match_id`, after the pause. A move that is no longer due (a
/// restart sweep or another task got there first) is simply not made: the service checks the
/// version it decided on.
pub fn schedule(data: &Data, match_id: MatchId) {
    let data = data.clone();
    tokio::spawn(async move {
        tokio::time::sleep(data.computer_pause).await;
        play_now(&data, match_id).await;
    });
}

/// Lets the computer move now if it is due (the sweep after a restart uses this).
pub async fn play_now(data: &Data, match_id: MatchId) {
    // Contained: the sweep after a restart visits every match in turn.
    let work = data.service.play_computer(match_id);
    match contained(match_id, "the computer's move", work).await {
        Some(Ok(Some(applied))) => after_action(data, &applied),
        Some(Ok(None)) | None => {}
        Some(Err(e)) => warn!(match_id = match_id.0, error = %e, "the computer's move failed"),
    }
}
