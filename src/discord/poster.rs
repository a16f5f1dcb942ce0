//! What the bot posts in a match's thread after actions, one worker per match: the table is
//! edited to the latest state only (a burst of actions becomes one or two edits, never more
//! than one in flight), and new messages (round summaries, turn mentions, timeout notices,
//! the result) follow in order.
//!
//! Rate limits: in production serenity's own rate limiter waits out Discord's buckets and
//! any `retry-after`. A 429 that still reaches us pauses this match's posts (1 s, doubling
//! up to 16 s) before trying again — and the table is then re-rendered, so a stale edit is
//! never resent.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tracing::{error, warn};

use super::render;
use super::view::{self, Message};
use crate::service::{ChannelId, MatchId, MatchService, MessageId, ServiceError};

/// Longest pause after repeated 429s.
const MAX_BACKOFF: Duration = Duration::from_secs(16);
/// Attempts for one message before it is given up (and logged).
const ATTEMPTS: u32 = 6;

#[derive(Default)]
struct Slot {
    running: bool,
    table_dirty: bool,
    /// Where the posts go: the match's thread (or channel).
    thread: Option<ChannelId>,
    posts: VecDeque<Message>,
}

/// Per-match posting queues. Cheap to clone.
#[derive(Clone)]
pub struct Poster {
    http: Arc<serenity::Http>,
    service: MatchService,
    slots: Arc<Mutex<HashMap<MatchId, Slot>>>,
}

impl Poster {
    pub fn new(http: Arc<serenity::Http>, service: MatchService) -> Poster {
        Poster {
            http,
            service,
            slots: Arc::default(),
        }
    }

    /// Asks for the table of `match_id` to be brought up to date, then `posts` to be sent in
    /// its `thread`, in order. Returns at once; a worker does the sending.
    pub fn update(&self, match_id: MatchId, thread: Option<ChannelId>, posts: Vec<Message>) {
        let mut slots = self.slots.lock().expect("poster lock");
        let slot = slots.entry(match_id).or_default();
        slot.table_dirty = true;
        slot.thread = slot.thread.or(thread);
        slot.posts.extend(posts);
        if !slot.running {
            slot.running = true;
            let me = self.clone();
            tokio::spawn(async move { me.work(match_id).await });
        }
    }

    async fn work(self, match_id: MatchId) {
        loop {
            let (table, thread, posts) = {
                let mut slots = self.slots.lock().expect("poster lock");
                let slot = slots.get_mut(&match_id).expect("a running slot stays");
                if !slot.table_dirty && slot.posts.is_empty() {
                    slots.remove(&match_id);
                    return;
                }
                let posts: Vec<Message> = slot.posts.drain(..).collect();
                (std::mem::take(&mut slot.table_dirty), slot.thread, posts)
            };
            let mut gone = table && self.edit_table(match_id).await == Sent::Gone;
            if let Some(thread) = thread {
                let mut channel = serenity::ChannelId::new(thread.snowflake());
                for post in posts {
                    if gone || self.post(match_id, channel, &post).await == Sent::Gone {
                        let Some(moved) = self.move_to_channel(match_id).await else {
                            break;
                        };
                        channel = moved;
                        gone = false;
                        self.set_thread(match_id, ChannelId::from_snowflake(moved.get()));
                        self.post(match_id, channel, &post).await;
                    }
                }
            }
            if gone {
                if let Some(moved) = self.move_to_channel(match_id).await {
                    self.set_thread(match_id, ChannelId::from_snowflake(moved.get()));
                }
            }
        }
    }

    fn set_thread(&self, match_id: MatchId, thread: ChannelId) {
        let mut slots = self.slots.lock().expect("poster lock");
        if let Some(slot) = slots.get_mut(&match_id) {
            slot.thread = Some(thread);
        }
    }

    /// Repairs a match whose thread is gone or closed to the bot: the game goes on in the
    /// channel it started from, with a new table there and one notice to the players.
    /// `None` when the match already plays in that channel (nothing left to fall back to).
    async fn move_to_channel(&self, match_id: MatchId) -> Option<serenity::ChannelId> {
        let state = match self.service.table_state(match_id).await {
            Ok(state) => state,
            Err(e) => {
                warn!(match_id = match_id.0, error = %e, "could not load a match to repair");
                return None;
            }
        };
        let meta = &state.loaded.meta;
        if meta.thread_id == Some(meta.channel_id) {
            error!(
                match_id = match_id.0,
                "the match's channel cannot be reached; its posts are dropped"
            );
            return None;
        }
        let channel = serenity::ChannelId::new(meta.channel_id.snowflake());
        let notice = view::table::moved_notice(meta);
        let table = view::table_message(&state);
        let posted = async {
            bounded(channel.send_message(&self.http, render::channel_message(&notice))).await?;
            bounded(channel.send_message(&self.http, render::channel_message(&table))).await
        }
        .await;
        let table = match posted {
            Ok(table) => table,
            Err(e) => {
                error!(match_id = match_id.0, error = %e, "the match cannot be shown anywhere");
                return None;
            }
        };
        let recorded = self
            .service
            .set_match_messages(
                match_id,
                meta.channel_id,
                MessageId::from_snowflake(table.id.get()),
            )
            .await;
        if let Err(e) = recorded {
            warn!(match_id = match_id.0, error = %e, "could not record the new table");
        }
        warn!(
            match_id = match_id.0,
            "the match thread is gone; the game goes on in its channel"
        );
        Some(channel)
    }

    async fn edit_table(&self, match_id: MatchId) -> Sent {
        let mut backoff = Duration::from_secs(1);
        for _ in 0..ATTEMPTS {
            // Rendered at send time: whatever the store holds now is what is shown.
            let result = match self.current_table(match_id).await {
                Ok(Some((channel, message, table))) => {
                    bounded(channel.edit_message(&self.http, message, render::edit_message(&table)))
                        .await
                        .map(drop)
                }
                Ok(None) => return Sent::Done,
                Err(e) => {
                    warn!(match_id = match_id.0, error = %e, "could not render the table");
                    return Sent::GaveUp;
                }
            };
            match result {
                Ok(()) => return Sent::Done,
                Err(e) if is_gone(&e) => {
                    warn!(match_id = match_id.0, error = %e, "the table cannot be edited");
                    return Sent::Gone;
                }
                Err(e) if is_rate_limited(&e) => {
                    warn!(
                        match_id = match_id.0,
                        wait_ms = backoff.as_millis() as u64,
                        "table edit rate limited"
                    );
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(MAX_BACKOFF);
                    // Coalesce: if newer work arrived meanwhile it will be rendered anyway.
                }
                Err(e) => {
                    warn!(match_id = match_id.0, error = %e, "table edit failed");
                    return Sent::GaveUp;
                }
            }
        }
        warn!(
            match_id = match_id.0,
            attempts = ATTEMPTS,
            "table edit given up"
        );
        Sent::GaveUp
    }

    /// Where a match's table is and what it shows now; `None` before it is posted.
    async fn current_table(
        &self,
        match_id: MatchId,
    ) -> Result<Option<(serenity::ChannelId, serenity::MessageId, Message)>, ServiceError> {
        let state = self.service.table_state(match_id).await?;
        let meta = &state.loaded.meta;
        let (Some(thread), Some(table)) = (meta.thread_id, meta.table_message_id) else {
            return Ok(None);
        };
        Ok(Some((
            serenity::ChannelId::new(thread.snowflake()),
            serenity::MessageId::new(table.snowflake()),
            view::table_message(&state),
        )))
    }

    async fn post(
        &self,
        match_id: MatchId,
        channel: serenity::ChannelId,
        message: &Message,
    ) -> Sent {
        let mut backoff = Duration::from_secs(1);
        for _ in 0..ATTEMPTS {
            match bounded(channel.send_message(&self.http, render::channel_message(message))).await
            {
                Ok(_) => return Sent::Done,
                Err(e) if is_gone(&e) => {
                    warn!(match_id = match_id.0, error = %e, "the match thread cannot be posted in");
                    return Sent::Gone;
                }
                Err(e) if is_rate_limited(&e) => {
                    warn!(
                        match_id = match_id.0,
                        wait_ms = backoff.as_millis() as u64,
                        "post rate limited"
                    );
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(MAX_BACKOFF);
                }
                Err(e) => {
                    warn!(match_id = match_id.0, error = %e, "post failed");
                    return Sent::GaveUp;
                }
            }
        }
        warn!(match_id = match_id.0, attempts = ATTEMPTS, "post given up");
        Sent::GaveUp
    }
}

/// Longest wait for one request. serenity's own rate limiter (in production) retries 429s
/// without a cap; this bounds it, so one stuck route cannot stall a match's posts forever.
const REQUEST_LIMIT: Duration = Duration::from_secs(60);

/// A request, given up (with a log line by the caller) after [`REQUEST_LIMIT`].
async fn bounded<T>(
    request: impl std::future::Future<Output = Result<T, serenity::Error>>,
) -> Result<T, serenity::Error> {
    match tokio::time::timeout(REQUEST_LIMIT, request).await {
        Ok(result) => result,
        Err(_) => Err(serenity::Error::Other(
            "the request took longer than a minute",
        )),
    }
}

/// How sending one message ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sent {
    Done,
    /// Failed and not worth retrying now (logged).
    GaveUp,
    /// The thread (or table) is gone or closed to the bot: repair, do not retry.
    Gone,
}

/// Whether Discord refused for good: the channel or message is unknown (404), or the bot
/// lacks access or permission there (403).
fn is_gone(error: &serenity::Error) -> bool {
    matches!(
        error,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
            if matches!(r.status_code.as_u16(), 403 | 404)
    )
}

/// Whether Discord answered 429 Too Many Requests.
pub fn is_rate_limited(error: &serenity::Error) -> bool {
    matches!(
        error,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
            if r.status_code.as_u16() == 429
    )
}
