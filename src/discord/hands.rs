//! After the outbox worker has shown a match's changes: both players' live hands are edited
//! to the new state, and the thread keeps at most one turn notice — posted at once for a
//! player to act who has no live hand, and after the server's delay for one who has (so two
//! players at the table are never pinged). A notice stays while the seats it pings are the
//! ones to act without a live hand; a new one deletes the previous one. A
//! notice is a follow-up of a recent click in the thread when there is one (as the table:
//! outside the global budget), a channel message otherwise.

use std::time::Duration;

use tokio::time::Instant;

use tracing::{info, warn};

use super::live::LiveHand;
use super::on_screen::Shown;
use super::outbox::Outbox;
use super::reminder::Woken;
use super::render;
use super::rest::{self, Call};
use super::view::{self, MatchLabel};
use crate::games::interface::seat::{Seat, SeatSet};
use crate::games::interface::Hosted;
use crate::games::registry::with_game;
use crate::service::{Loaded, MatchId, MatchMeta, MessageId};

impl Outbox {
    /// Edits the live hands and keeps the turn notice right, for `match_id` as stored now.
    pub(super) async fn follow_hands(&self, match_id: MatchId) {
        match self.service.round_game(match_id).await {
            Ok(game) => with_game!(game, G => self.follow_hands_of::<G>(match_id).await),
            Err(e) => warn!(match_id = match_id.0, error = %e, "could not load a match to follow"),
        }
    }

    async fn follow_hands_of<G: Hosted>(&self, match_id: MatchId) {
        let loaded = match self.service.load::<G>(match_id).await {
            Ok(loaded) => loaded,
            Err(e) => {
                warn!(match_id = match_id.0, error = %e, "could not load a match to follow");
                return;
            }
        };
        if loaded.meta.thread_id.is_none() {
            return;
        }
        let now = self.service.clock().now();
        let version = loaded.meta.version;
        self.live.following(match_id, version);
        for (seat, _) in loaded.meta.players() {
            // Decided and sent under the hand's guard, so a click cannot take the hand over
            // in between; a hand whose click answer is on its way is edited once it is sent.
            let guard = self.live.guard(match_id, seat);
            let _held = guard.lock().await;
            if let Some(hand) = self.live.to_edit(match_id, seat, now, version) {
                self.edit_hand(&loaded, seat, &hand).await;
            }
        }
        self.keep_notice(&loaded, now).await;
        self.follow_watchers::<G>(&loaded.meta, now).await;
        if loaded.meta.is_over() {
            self.live.forget(match_id);
            self.watchers.forget(match_id);
            self.tables.forget(match_id);
            self.notice_posts.forget(match_id);
            self.posted.forget(match_id);
            self.notices.lock().expect("notices lock").remove(&match_id);
        }
    }

    async fn edit_hand<G: Hosted>(&self, loaded: &Loaded<G>, seat: Seat, hand: &LiveHand) {
        let match_id = loaded.meta.id;
        let label =
            MatchLabel::of(&loaded.meta, loaded.meta.version, hand.lang).with_faces(&self.art);
        let game = &loaded.state;
        // What happened since the player's own last move (the latest moves at most), from
        // the log.
        let news_from = hand
            .news_from
            .min(hand.version)
            .max(loaded.meta.version - super::live::NEWS_MOVES);
        let rows = match self
            .service
            .moves_between::<G>(match_id, news_from, loaded.meta.version)
            .await
        {
            Ok(rows) => rows,
            Err(e) => {
                warn!(match_id = match_id.0, error = %e, "could not read the moves to show");
                Vec::new()
            }
        };
        let moves: Vec<_> = rows.iter().map(|r| (r.seat, r.action, r.origin)).collect();
        let ended = view::news::rounds_ended::<G>(rows.iter().flat_map(|r| &r.events));
        let extras = view::HandExtras {
            deadline: loaded
                .meta
                .turn_deadline
                .filter(|_| !G::to_act(game).is_over()),
            news: view::news::since_shown::<G>(&moves, ended, game, seat, &label),
            away: loaded.meta.seats[seat].away,
            auto: view::hand::auto_switches::<G>(&loaded.meta.seats[seat]),
            teach: None,
            // The newest computer move told in the news gets a Why? (the rows are the
            // versions `(news_from, version]`, one each).
            why: rows
                .first()
                .filter(|_| loaded.meta.teach)
                .and_then(|first| view::news::why_step::<G>(&moves, first.seq)),
        };
        let seat_view = G::view(game, seat);
        let extras = view::HandExtras {
            teach: view::hand::teaching::<G>(loaded.meta.teach, &seat_view, &loaded.options),
            ..extras
        };
        let message = view::hand::game_hand::<G>(&seat_view, &label, &extras);
        let body = rest::message_body(&render::edit_response(&message), &message);
        let edited = self
            .retrying(match_id, "hand edit", || {
                self.rest.send(Call::EditOriginal {
                    token: &hand.token,
                    body: body.clone(),
                })
            })
            .await;
        match edited {
            Ok(_) => self
                .live
                .edited(match_id, seat, &hand.token, loaded.meta.version),
            Err(e) => {
                // Dismissed, or the token refused: turn notices take over until a click.
                info!(match_id = match_id.0, seat = seat.index(), error = %e, "a live hand is lost");
                self.live.lost(match_id, seat, &hand.token);
            }
        }
    }

    /// At most one turn notice, pinging the players to act now who need one (no live hand, or
    /// a live hand left alone past the server's delay); a computer, or a player away, is
    /// never pinged.
    async fn keep_notice<G: Hosted>(&self, loaded: &Loaded<G>, now: i64) {
        let meta = &loaded.meta;
        let match_id = meta.id;
        let version = meta.version;
        let to_act: Vec<Seat> = G::to_act(&loaded.state)
            .seats()
            .iter()
            .filter(|seat| !meta.is_over() && meta.computer(*seat).is_none())
            .collect();
        let without_hand: SeatSet = to_act
            .iter()
            .copied()
            .filter(|seat| self.live.usable(match_id, *seat, now).is_none())
            .collect();
        let known = *self
            .notices
            .lock()
            .expect("notices lock")
            .entry(match_id)
            // First look since start-up: a notice in the thread is the current one (any
            // change after it was posted deleted it first).
            .or_insert(super::outbox::Notices {
                pinged: meta.notice_message_id.map(|_| without_hand),
                ..Default::default()
            });
        let wanted = if known.reminder.due == Some(version) {
            to_act.iter().copied().collect()
        } else {
            without_hand
        };
        let posted = meta.notice_message_id.map(|id| (id, known.pinged));
        let (delete, post) = notice_change(posted, wanted);
        if let Some(notice) = delete {
            self.delete_notice(meta, notice).await;
        }
        if let Some(seats) = post {
            self.post_notice(meta, seats).await;
        } else if wanted.is_empty() && !to_act.is_empty() {
            self.remind_later(meta, known.reminder.waits_for == Some(version))
                .await;
        }
    }

    async fn delete_notice(&self, meta: &MatchMeta, notice: MessageId) {
        let match_id = meta.id;
        if let Some(thread) = meta.thread_id {
            // Through the token it was posted with while that may be used (no budget).
            let posted = self
                .notice_posts
                .get(match_id)
                .filter(|p| p.message == notice.snowflake());
            let shown = posted.unwrap_or(Shown {
                message: notice.snowflake(),
                place: thread.snowflake(),
                token: None,
                follow_up: true,
                version: None,
            });
            // Already gone (deleted by a moderator, or with its thread) is done.
            let _ = self.delete_shown(match_id, &shown).await;
        }
        self.forget_notice(match_id).await;
    }

    /// The match has no turn notice (any there was is deleted).
    pub(super) async fn forget_notice(&self, match_id: MatchId) {
        if let Err(e) = self.service.set_match_notice(match_id, None).await {
            warn!(match_id = match_id.0, error = %e, "could not record a deleted notice");
        }
        self.notice_posts.forget(match_id);
        self.with_notices(match_id, |n| n.pinged = None);
    }

    async fn post_notice(&self, meta: &MatchMeta, seats: SeatSet) {
        tracing::debug!(
            match_id = meta.id.0,
            version = meta.version,
            "posting a notice"
        );
        let Some(thread) = meta.thread_id else {
            return;
        };
        let label = MatchLabel::of(meta, meta.version, meta.lang);
        let notice = view::notice::turn_notice(&label, &seats.iter().collect::<Vec<_>>());
        let place = thread.snowflake();
        let nonce = format!("q{}v{}", meta.id.0, meta.version);
        let via = self.freshest_token(meta.id, place).await;
        match self.post_shown(meta, place, &notice, via, &nonce).await {
            Ok(posted) => {
                let id = MessageId::from_snowflake(posted.message);
                if let Err(e) = self.service.set_match_notice(meta.id, Some(id)).await {
                    warn!(match_id = meta.id.0, error = %e, "could not record a turn notice");
                }
                self.notice_posts.set(meta.id, posted);
                self.with_notices(meta.id, |n| n.pinged = Some(seats));
            }
            Err(e) => warn!(match_id = meta.id.0, error = %e, "a turn notice was not posted"),
        }
    }

    /// A player with a live hand is reminded with a notice if they have not acted after the
    /// server's delay (one timer a match, `reminder.rs`).
    async fn remind_later(&self, meta: &MatchMeta, already: bool) {
        if already {
            return;
        }
        let (match_id, version) = (meta.id, meta.version);
        let delay = match self.service.notice_delay(meta.guild_id).await {
            Ok(delay) => delay,
            Err(e) => {
                warn!(match_id = match_id.0, error = %e, "could not read the notice delay");
                return;
            }
        };
        let at = Instant::now() + Duration::from_secs(delay.max(0) as u64);
        let mut start = false;
        self.with_notices(match_id, |n| start = n.reminder.put_off(version, at));
        if start {
            let me = self.clone();
            tokio::spawn(async move { me.remind_when_due(match_id, at).await });
        }
    }

    /// The match's reminder timer: asleep until the reminder's deadline, put off by the moves
    /// since. A reminder due kicks the worker, whose round pings (only while the match still
    /// waits at that version: a move since then has put the reminder off, or posted a notice).
    async fn remind_when_due(self, match_id: MatchId, mut at: Instant) {
        loop {
            tokio::time::sleep_until(at).await;
            // A match over since is forgotten, and stays so.
            let woken = self
                .notices
                .lock()
                .expect("notices lock")
                .get_mut(&match_id)
                .map_or(Woken::Nothing, |n| n.reminder.woke(Instant::now()));
            match woken {
                Woken::SleepUntil(later) => at = later,
                Woken::Due(_) => return self.kick(match_id),
                Woken::Nothing => return,
            }
        }
    }

    fn with_notices(&self, match_id: MatchId, change: impl FnOnce(&mut super::outbox::Notices)) {
        let mut notices = self.notices.lock().expect("notices lock");
        change(notices.entry(match_id).or_default());
    }
}

/// What becomes of the thread's turn notice (`posted`, with the seats it pings when known)
/// when `wanted` are to be pinged: the notice to delete, and the seats a new one pings. A
/// notice that pings exactly the wanted seats stays, whatever moved since it was posted (a
/// person pinged once is not pinged again for the same wait).
fn notice_change(
    posted: Option<(MessageId, Option<SeatSet>)>,
    wanted: SeatSet,
) -> (Option<MessageId>, Option<SeatSet>) {
    let post = (!wanted.is_empty()).then_some(wanted);
    match posted {
        Some((_, pinged)) if post.is_some() && pinged == post => (None, None),
        Some((id, _)) => (Some(id), post),
        None => (None, post),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats(of: &[u64]) -> SeatSet {
        of.iter().map(|i| Seat::from_index(*i).unwrap()).collect()
    }

    #[test]
    fn a_notice_stays_while_the_same_people_are_to_act_without_a_live_hand() {
        let id = MessageId::from_snowflake(7);
        // A computer's answer in the same claim window, or a restart's take-over, moved the
        // match on: the one pinged is still the one waited for.
        assert_eq!(
            notice_change(Some((id, Some(seats(&[1])))), seats(&[1])),
            (None, None)
        );
        // Someone else is waited for now, or one fewer: the old notice goes, a new one pings.
        assert_eq!(
            notice_change(Some((id, Some(seats(&[1])))), seats(&[2])),
            (Some(id), Some(seats(&[2])))
        );
        assert_eq!(
            notice_change(Some((id, Some(seats(&[1, 2])))), seats(&[2])),
            (Some(id), Some(seats(&[2])))
        );
        // Nobody to ping: the notice goes, and none is posted.
        assert_eq!(
            notice_change(Some((id, Some(seats(&[1])))), SeatSet::EMPTY),
            (Some(id), None)
        );
        assert_eq!(notice_change(None, SeatSet::EMPTY), (None, None));
        // Not known what an old notice pings (never, after a first look): it is replaced.
        assert_eq!(
            notice_change(Some((id, None)), seats(&[0])),
            (Some(id), Some(seats(&[0])))
        );
        assert_eq!(notice_change(None, seats(&[0])), (None, Some(seats(&[0]))));
    }
}
