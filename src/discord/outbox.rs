//! The outbox worker: shows committed changes on Discord, one worker per match, in order.
//! Every change was written to the outbox in the transaction that committed it (see
//! `store/outbox.rs`); here each entry is rendered from the store when it is sent, posted,
//! and deleted once Discord has it. The table is edited once per batch to whatever the
//! store holds then, so a burst of actions becomes one edit, never more than one in flight
//! (through a player's interaction token, outside the bot's global budget: `table.rs`).
//! Every request is sent by `rest.rs`, within the process's share of that budget and each
//! route's bucket.
//!
//! - **Exactly once**: every post carries a nonce made of the match, the version and its
//!   place, with `enforce_nonce`, so an entry sent again after a crash (posted, not yet
//!   deleted) is not posted twice (Discord keeps nonces for a few minutes).
//! - **Bounded**: a failed request is retried with backoff (1 s doubling to 16 s) at most
//!   [`ATTEMPTS`] times, then the entry is given up with its reason kept and a log line; the
//!   entry waits for the next sweep (every half minute) and is given up, with its reason
//!   kept and a log line, after [`ROUNDS`] such rounds. A refusal that retrying cannot mend
//!   gives it up at once. Every request is bounded in time ([`REQUEST_LIMIT`]).
//! - **Repair**: a thread that is gone or closed to the bot (404, 403) moves the game to
//!   the channel it started from, with a new table there and one notice; a table message
//!   that was deleted is posted again.
//! - **Resumed**: at start-up every match with pending entries gets its worker.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tracing::{error, info, warn};

use super::announce;
use super::contain::{contained, SetAside};
use super::live::{HandGuard, LiveHand, LiveHands, ShownHand};
use super::on_screen::{Posted, Shown as TableShown, Tables};
use super::render;
use super::rest::{self, Call, Rest, RestError};
use super::view::pen::Faces;
use super::view::{self, Message};
use super::watchers::{Watcher, Watchers};
use crate::games::interface::seat::{Seat, SeatSet};
use crate::games::registry::with_game;
use crate::service::{
    ChannelId, DamagedEntry, MatchId, MatchMeta, MatchService, MessageId, Notice, OpenAnchor,
    OutboxEntry, Pending, ServiceError, Shown,
};

/// The outbox of `match_id` could not be read: said, unless the store closed under a worker
/// still at work (shutting down).
fn unread(match_id: MatchId, e: &ServiceError) {
    if !matches!(e, ServiceError::Store(e) if e.is_closed()) {
        error!(match_id = match_id.0, error = %e, "could not read the outbox");
    }
}

/// Tries of one request in a row.
pub const ATTEMPTS: u32 = 6;
/// Rounds of tries of one entry (over sweeps and restarts) before it is given up.
pub const ROUNDS: i64 = 10;
/// Longest pause between tries.
const MAX_BACKOFF: Duration = Duration::from_secs(16);
/// How long the worker waits for a click's answer on its way (see `drain`).
const ANSWER_WAIT: Duration = Duration::from_secs(1);
/// How often a worker waiting for an answer looks again without being woken.
const ANSWER_LOOK: Duration = Duration::from_millis(20);
/// Longest wait for one request (within the budget and its route's bucket: see `rest.rs`),
/// so one stuck route cannot stall a match's posts forever.
const REQUEST_LIMIT: Duration = Duration::from_secs(60);

/// Per-match workers. Cheap to clone.
#[derive(Clone)]
pub struct Outbox {
    /// Every request goes through it: the global budget, the routes' buckets (`rest.rs`).
    pub(super) rest: Rest,
    pub(super) service: MatchService,
    /// Matches with a running worker, and whether more arrived since it last looked.
    running: Arc<Mutex<HashMap<MatchId, bool>>>,
    /// The matches whose showing failed inside their game: the sweeps skip them a while.
    set_aside: SetAside,
    /// The players' hand messages that follow the game (see `hands.rs`).
    pub(super) live: LiveHands,
    /// Per match, the version a turn notice was held back at (a player with a live hand
    /// gets the server's delay first), and the version the notice in the thread is for.
    pub(super) notices: Arc<Mutex<HashMap<MatchId, Notices>>>,
    /// The card art the posts and tables show.
    pub(super) art: Faces,
    /// Where each match's table is, and through which token (`table.rs`).
    pub(super) tables: Tables,
    /// The turn notice of each match this process posted, and through which token.
    pub(super) notice_posts: Tables,
    /// Posts known to be on Discord (`table.rs`): an entry sent again does not repeat them.
    pub(super) posted: Posted,
    /// The watchers' views of each table that follow the game (`watching.rs`).
    pub(super) watchers: Watchers,
}

/// What the worker knows of a match's turn notice.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Notices {
    /// The reminder of a player with a live hand who has not acted.
    pub reminder: super::reminder::Reminder,
    /// The seats the posted notice pings: while the same seats are to act without a live
    /// hand it stays (a computer's move or a restart's take-over between does not ping them
    /// again).
    pub pinged: Option<SeatSet>,
}

impl Outbox {
    pub fn new(rest: Rest, service: MatchService, art: Faces, set_aside: SetAside) -> Outbox {
        Outbox {
            art,
            set_aside,
            rest,
            service,
            running: Arc::default(),
            live: LiveHands::default(),
            notices: Arc::default(),
            tables: Tables::default(),
            notice_posts: Tables::default(),
            posted: Posted::default(),
            watchers: Watchers::default(),
        }
    }

    /// The bot token's global budget this process paces itself to.
    pub fn budget(&self) -> &super::budget::Budget {
        self.rest.budget()
    }

    /// A hand message was just shown to a player through the interaction `token` (which
    /// came from `channel`): it follows the game from now on, and its token may carry the
    /// table (a table on an old token moves to it).
    pub fn hand_shown(&self, match_id: MatchId, seat: Seat, shown: ShownHand<'_>) {
        let now = self.service.clock().now();
        let hand = LiveHand {
            token: shown.token.to_string(),
            since: now,
            version: shown.version,
            news_from: shown.news_from,
            lang: shown.lang,
            channel: shown.channel,
            answering: shown.answering,
            behind: false,
        };
        self.live.shown(match_id, seat, hand);
        if self.tables.wants_move(match_id, now) {
            self.kick(match_id);
        }
    }

    /// The guard of `seat`'s hand (see [`LiveHands`]).
    pub fn hand_guard(&self, match_id: MatchId, seat: Seat) -> HandGuard {
        self.live.guard(match_id, seat)
    }

    /// The answer that showed `seat`'s hand through `token` was sent (see
    /// [`LiveHand::answering`]): if the match moved on meanwhile, the hand is brought up to
    /// date now.
    pub fn hand_answered(&self, match_id: MatchId, seat: Seat, token: &str) {
        let behind = self.live.answered(match_id, seat, token);
        // The token may carry the table now (it could not while its answer was on its way).
        let now = self.service.clock().now();
        if behind || self.tables.wants_move(match_id, now) {
            self.kick(match_id);
        }
    }

    /// The hand shown through `token` did not reach the player.
    pub fn hand_lost(&self, match_id: MatchId, seat: Seat, token: &str) {
        self.live.lost(match_id, seat, token);
    }

    /// A watcher's view of `match_id` at `version` was just shown to `user` through the
    /// interaction `token`, its answer on its way: it follows the game from now on.
    pub fn watch_shown(
        &self,
        match_id: MatchId,
        user: u64,
        token: &str,
        version: i64,
        lang: crate::i18n::Lang,
    ) {
        let watcher = Watcher {
            user,
            token: token.to_string(),
            since: self.service.clock().now(),
            version,
            lang,
            answering: true,
            behind: false,
        };
        self.watchers.shown(match_id, watcher);
    }

    /// The answer that showed a watcher's view through `token` was sent (`true`) or lost: the
    /// view is edited from now on (at once if the match moved on meanwhile), or forgotten.
    pub fn watch_answered(&self, match_id: MatchId, token: &str, delivered: bool) {
        if !delivered {
            self.watchers.lost(match_id, token);
        } else if self.watchers.answered(match_id, token) {
            self.kick(match_id);
        }
    }

    /// Wakes the worker of `match_id` (something was committed for it). Returns at once.
    pub fn kick(&self, match_id: MatchId) {
        let mut running = self.running.lock().expect("outbox lock");
        if let Some(again) = running.get_mut(&match_id) {
            *again = true;
            return;
        }
        running.insert(match_id, false);
        let me = self.clone();
        tokio::spawn(async move { me.work(match_id).await });
    }

    /// Starts a worker for every match with pending entries (after a restart).
    pub async fn resume(&self) {
        match self.service.outbox_matches().await {
            Ok(mut matches) => {
                matches.retain(|m| !self.set_aside.holds(*m));
                if !matches.is_empty() {
                    info!(matches = matches.len(), "resuming the outbox");
                }
                for match_id in matches {
                    self.kick(match_id);
                }
            }
            Err(e) => error!(error = %e, "could not read the outbox"),
        }
    }

    async fn work(self, match_id: MatchId) {
        loop {
            self.running
                .lock()
                .expect("outbox lock")
                .insert(match_id, false);
            if contained(match_id, "showing the match", self.drain(match_id))
                .await
                .is_none()
            {
                // Its worker ends; the sweeps leave the match alone for a while, then try
                // it again.
                self.running.lock().expect("outbox lock").remove(&match_id);
                self.set_aside.put(match_id);
                return;
            }
            let mut running = self.running.lock().expect("outbox lock");
            if running.get(&match_id) == Some(&false) {
                running.remove(&match_id);
                return;
            }
        }
    }

    /// Waits (a second at most) while a click's answer showing a hand of `match_id` is on
    /// its way: its token can carry the table and notices (outside the global budget) once
    /// the answer is sent, which takes milliseconds. A click may come in at any point of a
    /// worker's round (the sweep can start one between a commit and its click's answer),
    /// so whatever picks a token waits here first.
    pub(super) async fn wait_for_answers(&self, match_id: MatchId) {
        let until = tokio::time::Instant::now() + ANSWER_WAIT;
        loop {
            // Armed before looking: an answer sent between the look and the wait wakes it.
            let done = self.live.answer_done();
            tokio::pin!(done);
            done.as_mut().enable();
            if !self.live.answering(match_id) || tokio::time::Instant::now() >= until {
                return;
            }
            // Woken by any sent (or lost) answer; looked at again at least this often, for a
            // hand that stops answering otherwise (replaced, forgotten, expired).
            let _ = tokio::time::timeout(ANSWER_LOOK, done).await;
        }
    }

    /// The newest token of `match_id`'s players from `place` that may carry a post now
    /// (see [`LiveHands::freshest`]), once the answers on their way are sent.
    pub(super) async fn freshest_token(&self, match_id: MatchId, place: u64) -> Option<LiveHand> {
        self.wait_for_answers(match_id).await;
        let now = self.service.clock().now();
        self.live.freshest(match_id, place, now)
    }

    /// Sends everything pending for `match_id` now.
    async fn drain(&self, match_id: MatchId) {
        // Waiting (briefly) for the click that led here also shows the change after its
        // answer.
        self.wait_for_answers(match_id).await;
        // The entries, the posts, the table and the hands below come from one read of the
        // match (`service/round.rs`), in the game its row names.
        let round = async {
            match self.service.pending_of_round(match_id).await {
                Ok(entries) => self.show_entries(match_id, entries).await,
                Err(e) => unread(match_id, &e),
            }
        };
        self.service
            .in_one_read(match_id, super::live::NEWS_MOVES, round)
            .await;
    }

    /// Shows what `entries` hold, then the table and the hands as the store has them.
    async fn show_entries(&self, match_id: MatchId, entries: Vec<Pending>) {
        let mut shows = Vec::new();
        let mut set_aside = false;
        for entry in entries {
            let entry = match entry {
                Ok(entry) => entry,
                Err(damaged) => {
                    // What it was to show is drawn again from the stored game (the table
                    // below); only its posts, if any, are lost, and said here.
                    self.set_aside(match_id, &damaged).await;
                    set_aside = true;
                    continue;
                }
            };
            if entry.attempts >= ROUNDS {
                self.give_up(&entry, "tried too often").await;
                continue;
            }
            match entry.notice {
                Notice::Open { in_thread, .. } => {
                    if !self.open(&entry, in_thread).await {
                        // Nothing after it can be shown before the table is.
                        return;
                    }
                }
                Notice::Show(_) => shows.push(entry),
            }
        }
        if !shows.is_empty() {
            self.show(match_id, &shows).await;
        } else if set_aside || self.table_can_move(match_id) {
            // A click brought a token the table can move to (see `hand_shown`), or what a
            // damaged entry would have shown is to be drawn from the stored game.
            self.show_table(match_id).await;
        }
        self.follow_hands(match_id).await;
    }

    /// A damaged entry is given up with its reason, so the entries after it are shown.
    async fn set_aside(&self, match_id: MatchId, damaged: &DamagedEntry) {
        error!(
            match_id = match_id.0,
            entry = damaged.id.0,
            error = %damaged.error,
            "a damaged outbox entry is set aside"
        );
        let reason = format!("damaged: {}", damaged.error);
        if let Err(e) = self.service.outbox_failed(damaged.id, &reason).await {
            warn!(match_id = match_id.0, error = %e, "could not set a damaged entry aside");
        }
    }

    async fn give_up(&self, entry: &OutboxEntry, reason: &str) {
        error!(
            match_id = entry.match_id.0,
            entry = entry.id.0,
            reason,
            "an outbox entry is given up"
        );
        if let Err(e) = self.service.outbox_failed(entry.id, reason).await {
            error!(error = %e, "could not record a given-up outbox entry");
        }
    }

    /// A new match: its thread (from the anchor message when known, see
    /// [`MatchService::open_anchor`]) and its table. `false` when it could not be shown now
    /// (retried on the next kick, or given up).
    async fn open(&self, entry: &OutboxEntry, in_thread: bool) -> bool {
        let match_id = entry.match_id;
        let anchor = match self.service.open_anchor(entry).await {
            Ok(OpenAnchor::From(anchor)) => anchor,
            Ok(OpenAnchor::Wait | OpenAnchor::Gone) => return false,
            Err(e) => {
                warn!(match_id = match_id.0, error = %e, "could not read a new match's entry");
                return false;
            }
        };
        let (meta, table) = match self.table(match_id).await {
            Ok(shown) => shown,
            Err(e) => {
                self.give_up(entry, &format!("the match cannot be read: {e}"))
                    .await;
                return false;
            }
        };
        let channel = serenity::ChannelId::new(meta.channel_id.snowflake());
        let thread = if in_thread {
            // An event's table is named after the event, its round and table (read once, when
            // its thread opens); a match that cannot say is named after its game.
            let event = match self.service.event_table(match_id).await {
                Ok(event) => event,
                Err(e) => {
                    warn!(match_id = match_id.0, error = %e, "could not read the match's event");
                    None
                }
            };
            let name = view::tournament::thread_name(&meta, event.as_ref());
            self.thread_for(match_id, channel, anchor, name).await
        } else {
            Ok(channel)
        };
        let thread = match thread {
            Ok(thread) => thread,
            Err(failure) => {
                self.failed(entry, failure).await;
                return false;
            }
        };
        let nonce = format!("o{}", match_id.0);
        let mut posted = self.post(match_id, thread, &table, &nonce).await;
        let mut place = thread;
        if matches!(posted, Err(Failure::Gone(_))) && thread != channel {
            warn!(
                match_id = match_id.0,
                "the new thread cannot be posted in; using the channel"
            );
            place = channel;
            posted = self.post(match_id, channel, &table, &nonce).await;
        }
        let table = match posted {
            Ok(table) => table,
            Err(failure) => {
                self.failed(entry, failure).await;
                return false;
            }
        };
        let recorded = self
            .service
            .opened(
                match_id,
                entry.id,
                ChannelId::from_snowflake(place.get()),
                MessageId::from_snowflake(table.get()),
            )
            .await;
        match recorded {
            Ok(()) => {
                // No click has happened in the new thread: the first table is a channel
                // message, until a player's click brings a token it moves to.
                let shown = TableShown {
                    message: table.get(),
                    place: place.get(),
                    token: None,
                    follow_up: false,
                    version: Some(meta.version),
                };
                self.tables.set(match_id, shown);
                true
            }
            Err(e) => {
                error!(match_id = match_id.0, error = %e, "could not record the new table");
                false
            }
        }
    }

    /// The thread a new match plays in: started from `anchor` (a thread already started from
    /// it — by this entry before a crash — has the anchor's id), or on its own; the channel
    /// itself when threads cannot be made there.
    async fn thread_for(
        &self,
        match_id: MatchId,
        channel: serenity::ChannelId,
        anchor: Option<MessageId>,
        name: String,
    ) -> Result<serenity::ChannelId, Failure> {
        let made = match anchor {
            Some(message) => {
                let message = message.snowflake();
                let thread = serenity::CreateThread::new(name.clone())
                    .auto_archive_duration(serenity::AutoArchiveDuration::OneDay);
                let result = self
                    .retrying(match_id, "thread", || {
                        self.rest.send(Call::ThreadFrom {
                            channel: channel.get(),
                            message,
                            body: rest::body(&thread),
                        })
                    })
                    .await;
                match result {
                    Err(Failure::Refused(code)) if code == THREAD_ALREADY_CREATED => {
                        return Ok(serenity::ChannelId::new(message));
                    }
                    other => other,
                }
            }
            None => {
                let thread = serenity::CreateThread::new(name.clone())
                    .kind(serenity::ChannelType::PublicThread)
                    .auto_archive_duration(serenity::AutoArchiveDuration::OneDay);
                self.retrying(match_id, "thread", || {
                    self.rest.send(Call::Thread {
                        channel: channel.get(),
                        body: rest::body(&thread),
                    })
                })
                .await
            }
        };
        match made.map(|answer| answer.id()) {
            Ok(Some(thread)) => Ok(serenity::ChannelId::new(thread)),
            Ok(None) => Err(Failure::GaveUp("a thread came back without an id".into())),
            Err(Failure::Gone(_) | Failure::Refused(_)) => {
                warn!(
                    match_id = match_id.0,
                    "no thread could be made; playing in the channel"
                );
                Ok(channel)
            }
            Err(other) => Err(other),
        }
    }

    /// Records a failure of `entry`. A transient one leaves it for the next sweep (until
    /// [`ROUNDS`]); anything else gives it up. Returns whether it is still pending.
    async fn failed(&self, entry: &OutboxEntry, failure: Failure) -> bool {
        if let Err(e) = self.service.outbox_attempted(entry.id).await {
            warn!(error = %e, "could not count an outbox attempt");
        }
        let retry = matches!(failure, Failure::GaveUp(_)) && entry.attempts + 1 < ROUNDS;
        if !retry {
            self.give_up(entry, &failure.to_string()).await;
        }
        retry
    }

    /// Posts the `show` entries in order, then edits the table once, then deletes them. An
    /// entry that must wait (a transient failure) holds back the ones after it.
    async fn show(&self, match_id: MatchId, entries: &[OutboxEntry]) {
        if self.tables.get(match_id).is_none() {
            // First look at this match since start-up: what an earlier process left in the
            // thread (its posts included, made through tokens) is seen before posting.
            self.show_table(match_id).await;
        }
        let mut sent = Vec::new();
        for entry in entries {
            let Notice::Show(shown) = &entry.notice else {
                continue;
            };
            if shown.from_version == shown.to_version {
                self.tables.redraw(match_id);
            }
            let (meta, posts) = match self.posts(match_id, shown).await {
                Ok(shown) => shown,
                Err(e) => {
                    self.give_up(entry, &format!("the match cannot be read: {e}"))
                        .await;
                    continue;
                }
            };
            // Where the posts go, as the match was read (a repair below moves it).
            let mut thread = meta
                .thread_id
                .map(|t| serenity::ChannelId::new(t.snowflake()));
            let mut failure = None;
            for (i, post) in posts.iter().enumerate() {
                let nonce = format!("m{}v{}p{i}", match_id.0, shown.to_version);
                if let Err(f) = self
                    .post_in_thread(match_id, &mut thread, post, &nonce)
                    .await
                {
                    failure = Some(f);
                    break;
                }
            }
            match failure {
                None => sent.push(entry.id),
                Some(f) => {
                    if self.failed(entry, f).await {
                        break;
                    }
                }
            }
        }
        self.show_table(match_id).await;
        // Removed from the store a moment later, with other matches' (a restart before that
        // sends them again: the nonces keep them from showing twice).
        self.service.outbox_sent(match_id, &sent);
    }

    /// Posts in the match's `thread`; a thread that is gone moves the game to its channel
    /// (and `thread` with it, for the posts that follow).
    async fn post_in_thread(
        &self,
        match_id: MatchId,
        thread: &mut Option<serenity::ChannelId>,
        post: &Message,
        nonce: &str,
    ) -> Result<(), Failure> {
        let place = thread.ok_or(Failure::NotShown)?;
        match self.post_once(match_id, place, post, nonce).await {
            Err(Failure::Gone(_)) => {
                let channel = self
                    .move_to_channel(match_id)
                    .await
                    .ok_or(Failure::NotShown)?;
                *thread = Some(channel);
                self.post_once(match_id, channel, post, nonce).await
            }
            other => other,
        }
    }

    pub(super) async fn post(
        &self,
        match_id: MatchId,
        channel: serenity::ChannelId,
        message: &Message,
        nonce: &str,
    ) -> Result<serenity::MessageId, Failure> {
        let body = rest::message_body(
            &render::channel_message(message)
                .nonce(serenity::Nonce::String(nonce.to_string()))
                .enforce_nonce(true),
            message,
        );
        let posted = self
            .retrying(match_id, "post", || {
                self.rest.send(Call::Post {
                    channel: channel.get(),
                    body: body.clone(),
                })
            })
            .await?;
        posted
            .id()
            .map(serenity::MessageId::new)
            .ok_or_else(|| Failure::GaveUp("a message came back without an id".into()))
    }

    /// The match as stored now and its table message, in the match's game.
    pub(super) async fn table(
        &self,
        match_id: MatchId,
    ) -> Result<(MatchMeta, Message), ServiceError> {
        let faces = self.art.clone();
        with_game!(self.service.round_game(match_id).await?, G => {
            let state = self.service.table_state::<G>(match_id).await?;
            let meta = &state.loaded.meta;
            let label = view::MatchLabel::of(meta, meta.version, meta.lang).with_faces(&faces);
            let message = view::table_message(&state, &label);
            Ok((state.loaded.meta, message))
        })
    }

    /// The match as stored now and the posts of one `show` entry, in the match's game.
    async fn posts(
        &self,
        match_id: MatchId,
        shown: &Shown,
    ) -> Result<(MatchMeta, Vec<Message>), ServiceError> {
        let faces = self.art.clone();
        with_game!(self.service.round_game(match_id).await?, G => {
            let state = self.service.show_state::<G>(match_id, shown).await?;
            let posts = announce::posts(&state, &faces);
            Ok((state.loaded.meta, posts))
        })
    }

    /// Repairs a match whose thread is gone or closed to the bot: the game goes on in the
    /// channel it started from, with a new table there and one notice to the players.
    /// `None` when it already plays in that channel (nothing left to fall back to).
    pub(super) async fn move_to_channel(&self, match_id: MatchId) -> Option<serenity::ChannelId> {
        let (meta, table) = match self.table(match_id).await {
            Ok(shown) => shown,
            Err(e) => {
                warn!(match_id = match_id.0, error = %e, "could not load a match to repair");
                return None;
            }
        };
        let meta = &meta;
        if meta.thread_id == Some(meta.channel_id) {
            error!(
                match_id = match_id.0,
                "the match's channel cannot be reached"
            );
            return None;
        }
        let channel = serenity::ChannelId::new(meta.channel_id.snowflake());
        let notice = view::table::moved_notice(meta);
        let v = meta.version;
        let posted = async {
            self.post(match_id, channel, &notice, &format!("n{}v{v}", match_id.0))
                .await?;
            self.post(match_id, channel, &table, &format!("t{}v{v}c", match_id.0))
                .await
        }
        .await;
        match posted {
            Ok(table) => {
                let shown = TableShown {
                    message: table.get(),
                    place: channel.get(),
                    token: None,
                    follow_up: false,
                    version: Some(meta.version),
                };
                self.record_table(match_id, shown).await;
                warn!(
                    match_id = match_id.0,
                    "the match thread is gone; the game goes on in its channel"
                );
                Some(channel)
            }
            Err(e) => {
                error!(match_id = match_id.0, error = %e, "the match cannot be shown anywhere");
                None
            }
        }
    }

    /// One request, retried on a transient failure (a 5xx, a 429, no answer in time) with
    /// backoff, at most [`ATTEMPTS`] times.
    pub(super) async fn retrying<T, F, Fut>(
        &self,
        match_id: MatchId,
        what: &'static str,
        mut request: F,
    ) -> Result<T, Failure>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Result<T, RestError>>,
    {
        let mut backoff = Duration::from_secs(1);
        let mut last = String::new();
        for attempt in 1..=ATTEMPTS {
            match tokio::time::timeout(REQUEST_LIMIT, request()).await {
                Ok(Ok(done)) => return Ok(done),
                Ok(Err(e)) => match classify(&e) {
                    Some(failure) => return Err(failure),
                    None => last = e.to_string(),
                },
                Err(_) => last = "no answer within a minute".into(),
            }
            if attempt < ATTEMPTS {
                warn!(
                    match_id = match_id.0,
                    what,
                    attempt,
                    wait_ms = backoff.as_millis() as u64,
                    error = %last,
                    "a request failed; retrying"
                );
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(MAX_BACKOFF);
            }
        }
        warn!(match_id = match_id.0, what, attempts = ATTEMPTS, error = %last, "a request is given up");
        Err(Failure::GaveUp(last))
    }
}

/// Discord's code for a second thread from one message.
const THREAD_ALREADY_CREATED: isize = 160_004;

/// What is gone when Discord refuses for good.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Gone {
    /// The message (10008 Unknown Message).
    Message,
    /// The channel or thread, or the bot's access to it (10003, 403).
    Channel,
}

/// Why a request did not go through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Failure {
    Gone(Gone),
    /// Refused for good for another reason (a 400 with this JSON error code).
    Refused(isize),
    /// Transient failures until the tries ran out.
    GaveUp(String),
    /// The match has no place to be shown.
    NotShown,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Gone(Gone::Message) => write!(f, "the message is gone"),
            Failure::Gone(Gone::Channel) => write!(f, "the channel is gone or closed to the bot"),
            Failure::Refused(code) => write!(f, "refused by Discord (code {code})"),
            Failure::GaveUp(last) => write!(f, "gave up after {ATTEMPTS} tries: {last}"),
            Failure::NotShown => write!(f, "the match is not shown anywhere"),
        }
    }
}

/// A failure that retrying cannot mend, or `None` for a transient one.
fn classify(error: &RestError) -> Option<Failure> {
    let RestError::Status { status, code, .. } = error else {
        return None;
    };
    match status {
        404 if *code == 10008 => Some(Failure::Gone(Gone::Message)),
        403 | 404 => Some(Failure::Gone(Gone::Channel)),
        429 => None,
        400..=499 => Some(Failure::Refused(*code)),
        _ => None,
    }
}
