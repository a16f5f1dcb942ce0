//! Background sweeps: challenges nobody answered expire, turns past their deadline are
//! played for their player, and the outbox is resumed. Deadlines live in the store, so after
//! a restart the first sweep picks up whatever fell due meanwhile. Each sweep ends once the
//! store is closed at shutdown (a test's bot stops without its process ending).

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tracing::{info, warn};

use super::contain::round;
use super::context::Data;
use super::follow;
use super::render;
use super::view;

/// Expires challenges in the background (every `every`), for as long as the bot runs.
pub fn spawn_challenge_sweeper(http: Arc<serenity::Http>, data: Data, every: Duration) {
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(every).await;
            if data.service.is_closed() {
                return;
            }
            round("the challenge sweep", expire_challenges(&http, &data)).await;
        }
    });
}

async fn expire_challenges(http: &serenity::Http, data: &Data) {
    let expired = match data.service.expire_challenges().await {
        Ok(expired) => expired,
        Err(e) => {
            warn!(error = %e, "expiring challenges failed");
            return;
        }
    };
    for (c, lang) in expired {
        let Some(message) = c.message_id else {
            continue;
        };
        let shown = view::challenge::expired(&c, lang);
        let edit = render::edit_message(&shown);
        let channel = serenity::ChannelId::new(c.channel_id.snowflake());
        let message = serenity::MessageId::new(message.snowflake());
        let edited = data
            .outbox
            .budget()
            .spend(channel.edit_message(http, message, edit))
            .await;
        if let Err(e) = edited {
            warn!(challenge = c.id.0, error = %e, "could not mark a challenge expired");
        }
    }
}

/// Plays for players whose turn deadline has passed (every `every`).
pub fn spawn_turn_timer(data: Data, every: Duration) {
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(every).await;
            if data.service.is_closed() {
                return;
            }
            round("the turn timer", run_due_timeouts(&data)).await;
        }
    });
}

/// How many overdue turns one sweep plays at most (besides the matches set aside).
const TIMEOUT_BATCH: i64 = 100;

async fn run_due_timeouts(data: &Data) {
    // The matches set aside come back in the batch: it is that many larger.
    let aside = &data.set_aside;
    let batch = TIMEOUT_BATCH + aside.len() as i64;
    let due = match data.service.due_matches(batch).await {
        Ok(due) => due,
        Err(e) => {
            warn!(error = %e, "looking for timed-out turns failed");
            return;
        }
    };
    for match_id in due.into_iter().filter(|m| !aside.holds(*m)) {
        // One match's damaged state must not stop every match's timer.
        let work = data.service.timeout(match_id);
        let Some(played) = aside.sweep(match_id, "a timeout", work).await else {
            continue;
        };
        match played {
            Ok(Some(applied)) => {
                let outcome = if applied.is_over() {
                    "forfeit"
                } else {
                    "timeout"
                };
                info!(
                    match_id = match_id.0,
                    seat = applied.seat.index(),
                    version = applied.version,
                    outcome,
                    "turn timed out"
                );
                follow::after_action(data, &applied);
            }
            Ok(None) => {}
            Err(e) => warn!(match_id = match_id.0, error = %e, "timeout play failed"),
        }
    }
}

/// Lets the computer make the moves that fell due while the bot was stopped (at start-up),
/// then looks again every `every` for any it missed.
pub fn spawn_computer_sweep(data: Data, every: Duration) {
    tokio::spawn(async move {
        while !data.service.is_closed() {
            round("the computer's sweep", make_due_computer_moves(&data)).await;
            tokio::time::sleep(every).await;
        }
    });
}

async fn make_due_computer_moves(data: &Data) {
    let matches = match data.service.practice_matches_in_play().await {
        Ok(matches) => matches,
        Err(e) => {
            warn!(error = %e, "looking for the computer's moves failed");
            return;
        }
    };
    for match_id in matches.into_iter().filter(|m| !data.set_aside.holds(*m)) {
        // Each match on its own: one whose stored data is damaged is set aside.
        let due = data.service.computer_is_due(match_id);
        match data
            .set_aside
            .sweep(match_id, "the computer's sweep", due)
            .await
        {
            Some(Ok(true)) => follow::play_now(data, match_id).await,
            Some(Ok(false)) | None => {}
            Some(Err(e)) => warn!(
                match_id = match_id.0,
                error = %e,
                "looking for the computer's move failed"
            ),
        }
    }
}

/// Resumes the outbox at start-up (every match with anything not yet shown), then looks
/// again every `every` for entries a transient failure left waiting.
pub fn spawn_outbox_sweep(data: Data, every: Duration) {
    tokio::spawn(async move {
        // After a restart nobody has a live hand: every match in play gets its turn notice.
        match data.service.matches_in_play().await {
            Ok(matches) => matches.into_iter().for_each(|m| data.outbox.kick(m)),
            Err(e) => warn!(error = %e, "could not list the matches in play"),
        }
        while !data.service.is_closed() {
            round("the outbox sweep", data.outbox.resume()).await;
            tokio::time::sleep(every).await;
        }
    });
}
