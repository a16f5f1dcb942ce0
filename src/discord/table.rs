//! Where a match's public table is shown, so that playing spends none of the bot token's
//! global budget. Discord's interaction endpoints are outside that budget, and a message made
//! as an interaction's follow-up can be edited (and deleted) through that interaction's token
//! for 15 minutes. Every click of a player in the match's thread brings a fresh token; so the
//! table is a follow-up of a recent click, edited through its token after every action, and
//! moved — posted again through a fresher token, the old one deleted through its own — once
//! its token is [`MOVE_AFTER`] old. The table thus stays current, single, and at the bottom
//! of the thread.
//!
//! What uses the budget: the first table of a match (no click has happened in its thread
//! yet), the deletion of that channel message when the table first moves to a token, and a
//! table whose token ran out with no fresher one to move to (nobody clicked for 14 minutes).
//! Tokens live in memory: after a restart each match's table is taken over once
//! ([`Outbox::take_over`]): the thread's recent messages are read, the table is posted anew,
//! and every earlier table or turn notice of the match found there is deleted (through the
//! channel: their tokens are gone), so a restart leaves neither a stale nor a second table,
//! even one posted by a process killed before it could record it.

use poise::serenity_prelude as serenity;
use serde_json::Value;
use tracing::{info, warn};

use super::ids::{ButtonKind, ComponentId};
use super::live::LiveHand;
use super::on_screen::{identity, is_identity, Shown, MOVE_AFTER};
use super::outbox::{Failure, Gone, Outbox};
use super::render;
use super::rest::{self, Call};
use super::view::Message;
use crate::service::{ChannelId, MatchId, MatchMeta, MessageId};

/// How many of a thread's newest messages a take-over looks through.
const TAKE_OVER_LOOKS_AT: u8 = 100;

impl Outbox {
    /// Posts `post` (one of an outbox entry's) in `place`: skipped when it is known to be
    /// there already; a follow-up of a recent click when it has an [`identity`] and this
    /// process has taken the match over (no budget); else a channel message with `nonce`.
    pub(super) async fn post_once(
        &self,
        match_id: MatchId,
        place: serenity::ChannelId,
        post: &Message,
        nonce: &str,
    ) -> Result<(), Failure> {
        let identity = identity(post, match_id);
        if let Some(id) = &identity {
            if self.posted.has(match_id, id) {
                return Ok(());
            }
        }
        let via = match identity {
            Some(_) if self.tables.get(match_id).is_some() => {
                self.freshest_token(match_id, place.get()).await
            }
            _ => None,
        };
        if let (Some(id), Some(via)) = (identity, via) {
            let mut tries = 0;
            let posted = self
                .retrying(match_id, "post", || {
                    tries += 1;
                    self.rest.send(Call::FollowUp {
                        token: &via.token,
                        body: rest::message_body(&render::followup(post), post),
                    })
                })
                .await;
            if tries > 1 {
                // A try that failed on its way back may have posted it all the same: the
                // next look takes the match over again, which finds it.
                self.tables.forget(match_id);
            }
            match posted {
                Ok(_) => {
                    self.posted.add(match_id, id);
                    return Ok(());
                }
                Err(Failure::Gone(_)) => {} // the channel route finds out and repairs
                Err(e) => return Err(e),
            }
        }
        self.post(match_id, place, post, nonce).await.map(drop)
    }

    /// Whether the table wants a fresher token (see [`Tables::wants_move`]) and a player's
    /// click in its thread brought one.
    pub(super) fn table_can_move(&self, match_id: MatchId) -> bool {
        let now = self.service.clock().now();
        let Some(shown) = self
            .tables
            .get(match_id)
            .filter(|_| self.tables.wants_move(match_id, now))
        else {
            return false;
        };
        let since = shown.token.as_ref().map_or(i64::MIN, |(_, since)| *since);
        self.live
            .freshest(match_id, shown.place, now)
            .is_some_and(|fresh| fresh.since > since)
    }

    /// Brings the table up to date with the store: edited through its token, moved to a
    /// fresher one, or (the first time this process shows it) taken over. A deleted table is
    /// posted again; a thread that is gone moves the game to its channel.
    pub(super) async fn show_table(&self, match_id: MatchId) {
        let (meta, message) = match self.table(match_id).await {
            Ok(shown) => shown,
            Err(e) => {
                warn!(match_id = match_id.0, error = %e, "could not render the table");
                return;
            }
        };
        let (Some(place), Some(recorded)) = (meta.thread_id, meta.table_message_id) else {
            return;
        };
        let (place, recorded) = (place.snowflake(), recorded.snowflake());
        let fresh = self.freshest_token(match_id, place).await;
        let now = self.service.clock().now();
        let known = self
            .tables
            .get(match_id)
            .filter(|s| s.message == recorded && s.place == place);
        let Some(shown) = known else {
            self.take_over(&meta, &message, fresh).await;
            return;
        };
        // A table on an old token (or none) moves to a fresher one, changed or not.
        let since = shown.token.as_ref().map_or(i64::MIN, |(_, since)| *since);
        let wants_fresh = shown.usable_token(now).is_none() || now - since >= MOVE_AFTER;
        if let Some(fresh) = fresh.as_ref().filter(|f| wants_fresh && f.since > since) {
            self.move_table(&meta, &shown, &message, fresh).await;
            return;
        }
        if shown.version == Some(meta.version) {
            return;
        }
        let Some(token) = shown.usable_token(now) else {
            return self.without_token(&meta, &shown, &message, fresh).await;
        };
        let edited = self
            .retrying(match_id, "table edit", || {
                self.rest.send(Call::EditFollowUp {
                    token,
                    message: shown.message,
                    body: rest::message_body(&render::edit_response(&message), &message),
                })
            })
            .await;
        match edited {
            Ok(_) => self.tables.shows(match_id, shown.message, meta.version),
            Err(Failure::Gone(Gone::Message)) => {
                warn!(
                    match_id = match_id.0,
                    "the table was deleted; posting it again"
                );
                self.replace_table(&meta, &message, fresh, None).await;
            }
            // The token was refused (it should not be, this young): do without it.
            Err(Failure::Refused(code)) => {
                info!(match_id = match_id.0, code, "the table's token was refused");
                let shown = Shown {
                    token: None,
                    follow_up: true,
                    ..shown
                };
                self.tables.set(match_id, shown.clone());
                self.replace_table(&meta, &message, fresh, Some(&shown))
                    .await;
            }
            Err(e) => warn!(match_id = match_id.0, error = %e, "the table is not up to date"),
        }
    }

    /// A table no token of which may be used: moved to a fresh token when there is one, else
    /// edited through its channel (a channel message) or posted there again (a follow-up
    /// whose token ran out: the channel route cannot be trusted to edit it).
    async fn without_token(
        &self,
        meta: &MatchMeta,
        shown: &Shown,
        message: &Message,
        fresh: Option<LiveHand>,
    ) {
        if let Some(fresh) = fresh {
            return self.move_table(meta, shown, message, &fresh).await;
        }
        if shown.follow_up {
            return self.replace_table(meta, message, None, Some(shown)).await;
        }
        let match_id = meta.id;
        let channel = shown.place;
        let edited = self
            .retrying(match_id, "table edit", || {
                self.rest.send(Call::Edit {
                    channel,
                    message: shown.message,
                    body: rest::message_body(&render::edit_message(message), message),
                })
            })
            .await;
        match edited {
            Ok(_) => self.tables.shows(match_id, shown.message, meta.version),
            Err(Failure::Gone(Gone::Message)) => {
                warn!(
                    match_id = match_id.0,
                    "the table was deleted; posting it again"
                );
                self.replace_table(meta, message, None, None).await;
            }
            Err(Failure::Gone(Gone::Channel)) => {
                self.move_to_channel(match_id).await;
            }
            Err(e) => warn!(match_id = match_id.0, error = %e, "the table is not up to date"),
        }
    }

    /// Moves the table to `fresh`'s token: posted through it, recorded, and the old one
    /// deleted.
    async fn move_table(&self, meta: &MatchMeta, old: &Shown, message: &Message, fresh: &LiveHand) {
        self.replace_table(meta, message, Some(fresh.clone()), Some(old))
            .await;
    }

    /// Posts the table (through `via`'s token, else in the channel), records it, then
    /// deletes `old` if there is one. The new one first: the table never disappears.
    async fn replace_table(
        &self,
        meta: &MatchMeta,
        message: &Message,
        via: Option<LiveHand>,
        old: Option<&Shown>,
    ) {
        let match_id = meta.id;
        let Some(place) = meta.thread_id.map(ChannelId::snowflake) else {
            return;
        };
        let nonce = format!("t{}v{}", match_id.0, meta.version);
        let shown = match self.post_shown(meta, place, message, via, &nonce).await {
            Ok(shown) => shown,
            Err(Failure::Gone(_)) => {
                self.move_to_channel(match_id).await;
                return;
            }
            Err(e) => {
                warn!(match_id = match_id.0, error = %e, "the table is not shown");
                return;
            }
        };
        self.record_table(match_id, shown).await;
        if let Some(old) = old {
            if self.delete_shown(match_id, old).await == Err(Gone::Channel) {
                // The thread is gone or closed to the bot (its old table cannot even be
                // deleted): the game goes on in its channel.
                self.move_to_channel(match_id).await;
            }
        }
    }

    /// Posts a table (or a turn notice) in `place`: a follow-up of `via`'s interaction (no
    /// budget), or, with no token (or one refused), a channel message with `nonce`.
    pub(super) async fn post_shown(
        &self,
        meta: &MatchMeta,
        place: u64,
        message: &Message,
        via: Option<LiveHand>,
        nonce: &str,
    ) -> Result<Shown, Failure> {
        let match_id = meta.id;
        if let Some(via) = via {
            let posted = self
                .retrying(match_id, "table post", || {
                    self.rest.send(Call::FollowUp {
                        token: &via.token,
                        body: rest::message_body(&render::followup(message), message),
                    })
                })
                .await;
            match posted.map(|answer| answer.id()) {
                Ok(Some(id)) => {
                    return Ok(Shown {
                        message: id,
                        place,
                        token: Some((via.token, via.since)),
                        follow_up: true,
                        version: Some(meta.version),
                    })
                }
                Ok(None) => warn!(match_id = match_id.0, "a follow-up came back without an id"),
                Err(e) => {
                    info!(match_id = match_id.0, error = %e, "a token could not post the table")
                }
            }
        }
        let channel = serenity::ChannelId::new(place);
        let id = self.post(match_id, channel, message, nonce).await?;
        Ok(Shown {
            message: id.get(),
            place,
            token: None,
            follow_up: false,
            version: Some(meta.version),
        })
    }

    /// Deletes a table (or notice) this process showed: through its token while it may be
    /// used, else through its channel. Already gone is done; a place that is gone or closed
    /// to the bot is said.
    pub(super) async fn delete_shown(&self, match_id: MatchId, shown: &Shown) -> Result<(), Gone> {
        let now = self.service.clock().now();
        let deleted = match shown.usable_token(now) {
            Some(token) => {
                self.retrying(match_id, "delete", || {
                    self.rest.send(Call::DeleteFollowUp {
                        token,
                        message: shown.message,
                    })
                })
                .await
            }
            None => {
                self.retrying(match_id, "delete", || {
                    self.rest.send(Call::Delete {
                        channel: shown.place,
                        message: shown.message,
                    })
                })
                .await
            }
        };
        match deleted {
            Ok(_) | Err(Failure::Gone(Gone::Message)) => Ok(()),
            Err(Failure::Gone(Gone::Channel)) => Err(Gone::Channel),
            Err(e) => {
                warn!(match_id = match_id.0, error = %e, "an old table could not be deleted");
                Ok(())
            }
        }
    }

    /// Records where the table is now (the store, then this process's map).
    pub(super) async fn record_table(&self, match_id: MatchId, shown: Shown) {
        let recorded = self
            .service
            .set_match_messages(
                match_id,
                ChannelId::from_snowflake(shown.place),
                MessageId::from_snowflake(shown.message),
            )
            .await;
        match recorded {
            Ok(()) => self.tables.set(match_id, shown),
            Err(e) => warn!(match_id = match_id.0, error = %e, "could not record the new table"),
        }
    }

    /// The first time this process shows a match's table (after a restart, or the match
    /// moved here): what an earlier process left in the thread is read; the recorded table is
    /// kept if it is current and no token can carry a new one, else the table is posted anew;
    /// every other table or turn notice of the match found there is deleted (the recorded
    /// notice stays if it is current).
    async fn take_over(&self, meta: &MatchMeta, message: &Message, fresh: Option<LiveHand>) {
        let match_id = meta.id;
        let Some(place) = meta.thread_id.map(ChannelId::snowflake) else {
            return;
        };
        let listed = self
            .retrying(match_id, "recent messages", || {
                self.rest.send(Call::Recent {
                    channel: place,
                    limit: TAKE_OVER_LOOKS_AT,
                })
            })
            .await;
        let found: Vec<Found> = match listed.map(|answer| answer.value()) {
            Ok(Value::Array(messages)) => {
                // Posts an earlier process made through a token, perhaps without recording
                // them sent: they are not posted again.
                for id in messages.iter().flat_map(custom_ids) {
                    if is_identity(&id, match_id) {
                        self.posted.add(match_id, id);
                    }
                }
                messages
                    .iter()
                    .filter_map(|m| Found::of(m, match_id))
                    .collect()
            }
            Ok(_) => Vec::new(),
            Err(Failure::Gone(Gone::Channel)) => {
                self.move_to_channel(match_id).await;
                return;
            }
            Err(e) => {
                warn!(match_id = match_id.0, error = %e, "could not read the thread; deleting only the recorded table");
                Vec::new()
            }
        };
        let recorded_table = meta.table_message_id.map(MessageId::snowflake);
        let recorded_notice = meta.notice_message_id.map(MessageId::snowflake);
        let current = |f: &Found| f.version == meta.version;
        let kept = found
            .iter()
            .find(|f| Some(f.id) == recorded_table && f.is_table && current(f))
            .filter(|_| fresh.is_none());
        let shown = match kept {
            // Nothing to show that it does not: it stays until a click brings a token.
            Some(table) => Shown {
                message: table.id,
                place,
                token: None,
                follow_up: table.follow_up,
                version: Some(table.version),
            },
            None => {
                let nonce = format!("t{}v{}", match_id.0, meta.version);
                match self.post_shown(meta, place, message, fresh, &nonce).await {
                    Ok(shown) => shown,
                    Err(Failure::Gone(_)) => {
                        self.move_to_channel(match_id).await;
                        return;
                    }
                    Err(e) => {
                        warn!(match_id = match_id.0, error = %e, "the table is not shown");
                        return;
                    }
                }
            }
        };
        let table = shown.message;
        self.record_table(match_id, shown).await;
        let notice = found
            .iter()
            .find(|f| Some(f.id) == recorded_notice && !f.is_table && current(f))
            .map(|f| f.id);
        if recorded_notice.is_some() && notice.is_none() {
            self.forget_notice(match_id).await;
        }
        let mut stale: Vec<u64> = found.iter().map(|f| f.id).collect();
        stale.extend(recorded_table);
        stale.extend(recorded_notice);
        stale.sort_unstable();
        stale.dedup();
        for id in stale
            .into_iter()
            .filter(|id| *id != table && Some(*id) != notice)
        {
            let old = Shown {
                message: id,
                place,
                token: None,
                follow_up: true,
                version: None,
            };
            // Gone already, or with its thread: either way not on screen.
            let _ = self.delete_shown(match_id, &old).await;
        }
        info!(
            match_id = match_id.0,
            "took the table over from an earlier process"
        );
    }
}

/// A table or turn notice of a match, as Get Channel Messages shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Found {
    id: u64,
    /// The version its "My hand" button is for.
    version: i64,
    /// A table (an embed), not a turn notice (text).
    is_table: bool,
    /// An interaction's response or follow-up (made by the application's webhook).
    follow_up: bool,
}

/// The custom ids of a listed message's buttons and selects.
fn custom_ids(message: &Value) -> Vec<String> {
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().into_iter().flatten())
        .filter_map(|c| c["custom_id"].as_str().map(str::to_string))
        .collect()
}

impl Found {
    /// `message` if it is one of `match_id`'s tables or turn notices (both carry its "My
    /// hand" button).
    fn of(message: &Value, match_id: MatchId) -> Option<Found> {
        let version = custom_ids(message)
            .iter()
            .filter_map(|c| c.parse::<ComponentId>().ok())
            .find_map(|id| match id {
                ComponentId::Game(b) if b.match_id == match_id && b.kind == ButtonKind::Hand => {
                    Some(b.version)
                }
                _ => None,
            })?;
        Some(Found {
            id: rest::id_of(message)?,
            version,
            is_table: message["embeds"].as_array().is_some_and(|e| !e.is_empty()),
            follow_up: !message["webhook_id"].is_null(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn with_button(id: &str) -> Value {
        json!({ "id": "5", "embeds": [{ "title": "t" }], "components": [{ "type": 1, "components": [
            { "type": 2, "custom_id": id, "style": 1, "label": "x" }
        ]}]})
    }

    #[test]
    fn a_match_is_found_by_the_hand_button_of_its_tables_and_notices() {
        let found = Found::of(&with_button("mj:12:40:hand"), MatchId(12)).unwrap();
        assert_eq!((found.id, found.version, found.is_table), (5, 40, true));
        assert!(!found.follow_up);
        assert!(Found::of(&with_button("mj:13:40:hand"), MatchId(12)).is_none());
        assert!(
            Found::of(&with_button("mj:12:40:rematch"), MatchId(12)).is_none(),
            "the result stays"
        );
        let notice = json!({ "id": "6", "content": "<@1>, your turn", "webhook_id": "9",
            "components": [{ "type": 1, "components": [
                { "type": 2, "custom_id": "mj:12:41:hand", "style": 1, "label": "x" }]}]});
        let found = Found::of(&notice, MatchId(12)).unwrap();
        assert!(!found.is_table && found.follow_up);
        assert!(Found::of(&json!({ "id": "7", "content": "hi" }), MatchId(12)).is_none());
    }
}
