//! Live hands: per match and seat, the player's current hand message and the newest
//! interaction token that can edit it. Every click gives the bot a token that can edit that
//! click's message for 15 minutes; a token is used only while it is younger than
//! [`TOKEN_USABLE_FOR`] (a safety margin under Discord's limit), so an expired token is
//! never sent. Kept in memory: after a restart nobody has a live hand until their next
//! click, and turn notices take over meanwhile.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::games::interface::seat::Seat;
use crate::service::MatchId;

/// Discord's limit on an interaction token is 15 minutes; one minute is kept in hand for
/// clock skew and a slow request.
pub const TOKEN_USABLE_FOR: i64 = 14 * 60;
const _: () = assert!(TOKEN_USABLE_FOR < 15 * 60);

/// The most moves a hand's news goes back (a long absence is summed up by the table).
pub const NEWS_MOVES: i64 = 24;

/// One player's live hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveHand {
    /// The interaction token that edits the hand message (`@original`).
    pub token: String,
    /// When the token's interaction arrived (unix seconds, the bot's clock).
    pub since: i64,
    /// The match version the message shows.
    pub version: i64,
    /// The version the hand's news starts from: what the player saw when they last acted
    /// (their click's message), so what happened since their own move stays in the hand
    /// until they act again — a round's result among it, however many moves follow.
    pub news_from: i64,
    /// The player's own language (their Discord client's).
    pub lang: crate::i18n::Lang,
    /// The channel (a match's thread) the interaction came from: its follow-ups go there.
    pub channel: u64,
    /// Shown by a click's answer that is not sent yet. Until it is, the token's message is
    /// not to be edited (the answer, sent later, would put the older state back on screen)
    /// nor followed up (Discord wants the answer first).
    pub answering: bool,
    /// The match moved on while the answer was on its way: the hand is edited once it is.
    pub behind: bool,
}

/// A hand just shown to a player, as its showing tells the outbox.
#[derive(Debug, Clone, Copy)]
pub struct ShownHand<'a> {
    /// The interaction token it was shown through.
    pub token: &'a str,
    /// The match version it shows.
    pub version: i64,
    /// Where its news starts ([`LiveHand::news_from`]).
    pub news_from: i64,
    pub lang: crate::i18n::Lang,
    /// The channel the interaction came from.
    pub channel: u64,
    /// Shown by a click's answer not sent yet ([`LiveHand::answering`]).
    pub answering: bool,
}

/// Held while a hand is edited, or taken over by a click (see [`LiveHands`]).
pub type HandGuard = Arc<tokio::sync::Mutex<()>>;

/// Every live hand. Cheap to clone.
#[derive(Clone, Default)]
pub struct LiveHands {
    hands: Arc<Mutex<Hands>>,
    /// Per hand, held while it is edited and while a click takes it over: an edit and a
    /// click's answer to the same message never overlap, so an edit through the old token
    /// cannot land after the answer and put an older state back.
    guards: Arc<Mutex<HashMap<(MatchId, Seat), HandGuard>>>,
    /// Woken when a click's answer showing a hand is sent or lost (see
    /// [`LiveHands::answer_done`]).
    answers: Arc<tokio::sync::Notify>,
}

#[derive(Default)]
struct Hands {
    by_seat: HashMap<(MatchId, Seat), LiveHand>,
    /// Per match, the newest version the outbox has brought the hands to (or is bringing
    /// them to): a hand shown at an older version by a click answered meanwhile is behind.
    followed: HashMap<MatchId, i64>,
}

impl LiveHands {
    /// A hand message was just shown to `seat` through the interaction `token`: it is that
    /// player's live hand now (the newest click wins).
    pub fn shown(&self, match_id: MatchId, seat: Seat, hand: LiveHand) {
        let mut hands = self.hands.lock().expect("live hands lock");
        let newer = hands
            .by_seat
            .get(&(match_id, seat))
            .is_none_or(|old| old.since <= hand.since);
        if newer {
            hands.by_seat.insert((match_id, seat), hand);
        }
    }

    /// The live hand of `seat` if its token may still be used at `now`; an expired one is
    /// forgotten.
    pub fn usable(&self, match_id: MatchId, seat: Seat, now: i64) -> Option<LiveHand> {
        let mut hands = self.hands.lock().expect("live hands lock");
        let hand = hands.by_seat.get(&(match_id, seat))?;
        if now - hand.since >= TOKEN_USABLE_FOR {
            hands.by_seat.remove(&(match_id, seat));
            return None;
        }
        Some(hand.clone())
    }

    /// The guard of `seat`'s hand (see [`LiveHands`]): the outbox holds it from deciding an
    /// edit until the edit is answered; a click holds it while its hand becomes the live one.
    pub fn guard(&self, match_id: MatchId, seat: Seat) -> HandGuard {
        let mut guards = self.guards.lock().expect("hand guards lock");
        Arc::clone(guards.entry((match_id, seat)).or_default())
    }

    /// The outbox brings `match_id`'s hands to `version` now.
    pub fn following(&self, match_id: MatchId, version: i64) {
        let mut hands = self.hands.lock().expect("live hands lock");
        let followed = hands.followed.entry(match_id).or_insert(version);
        *followed = (*followed).max(version);
    }

    /// The hand of `seat` to edit to `version` now, if it is usable at `now` and shows an
    /// older version. A hand whose answer is still on its way is not edited (the answer,
    /// sent after, would put the older state back on screen): it is marked behind, and
    /// [`LiveHands::answered`] says so once the answer is sent. Checked and marked under one
    /// lock, so an answer sent meanwhile cannot slip between.
    pub fn to_edit(
        &self,
        match_id: MatchId,
        seat: Seat,
        now: i64,
        version: i64,
    ) -> Option<LiveHand> {
        let mut hands = self.hands.lock().expect("live hands lock");
        let key = (match_id, seat);
        if now - hands.by_seat.get(&key)?.since >= TOKEN_USABLE_FOR {
            hands.by_seat.remove(&key);
            return None;
        }
        let hand = hands.by_seat.get_mut(&key)?;
        if hand.version >= version {
            return None;
        }
        if hand.answering {
            hand.behind = true;
            return None;
        }
        Some(hand.clone())
    }

    /// The answer that showed the hand through `token` was sent: it may be edited now.
    /// Whether it wants an edit: the match moved on while the answer was on its way, or the
    /// outbox had already followed a newer version when the click was answered.
    pub fn answered(&self, match_id: MatchId, seat: Seat, token: &str) -> bool {
        let _wake = Wake(&self.answers);
        let mut hands = self.hands.lock().expect("live hands lock");
        let followed = hands.followed.get(&match_id).copied();
        match hands.by_seat.get_mut(&(match_id, seat)) {
            Some(hand) if hand.token == token => {
                hand.answering = false;
                hand.behind || followed.is_some_and(|v| v > hand.version)
            }
            _ => false,
        }
    }

    /// Completes when a click's answer showing a hand may have been sent or lost (a wake-up,
    /// not a poll): the caller looks again at [`LiveHands::answering`]. Armed (`enable`)
    /// before the caller looks, an answer sent in between is not missed.
    pub fn answer_done(&self) -> tokio::sync::futures::Notified<'_> {
        self.answers.notified()
    }

    /// Whether a click's answer showing a hand of `match_id` is on its way.
    pub fn answering(&self, match_id: MatchId) -> bool {
        let hands = self.hands.lock().expect("live hands lock");
        Seat::ALL.iter().any(|seat| {
            hands
                .by_seat
                .get(&(match_id, *seat))
                .is_some_and(|h| h.answering)
        })
    }

    /// The newest token of `match_id`'s players that came from `channel` and may still be
    /// used at `now` (for the table and the turn notice, posted as its follow-ups), its
    /// answer sent.
    pub fn freshest(&self, match_id: MatchId, channel: u64, now: i64) -> Option<LiveHand> {
        // By key, seat by seat: a scan of every match's hands cost the bot more per action
        // the more matches it ran.
        let hands = self.hands.lock().expect("live hands lock");
        Seat::ALL
            .iter()
            .filter_map(|seat| hands.by_seat.get(&(match_id, *seat)))
            .filter(|h| h.channel == channel && now - h.since < TOKEN_USABLE_FOR && !h.answering)
            .max_by_key(|h| h.since)
            .cloned()
    }

    /// The hand now shows `version` (edited), unless a newer click replaced it meanwhile.
    pub fn edited(&self, match_id: MatchId, seat: Seat, token: &str, version: i64) {
        let mut hands = self.hands.lock().expect("live hands lock");
        if let Some(hand) = hands.by_seat.get_mut(&(match_id, seat)) {
            if hand.token == token {
                hand.version = hand.version.max(version);
                hand.behind = false;
            }
        }
    }

    /// The hand cannot be reached through `token` any more (dismissed, refused).
    pub fn lost(&self, match_id: MatchId, seat: Seat, token: &str) {
        let _wake = Wake(&self.answers);
        let mut hands = self.hands.lock().expect("live hands lock");
        if hands
            .by_seat
            .get(&(match_id, seat))
            .is_some_and(|h| h.token == token)
        {
            hands.by_seat.remove(&(match_id, seat));
        }
    }

    /// A finished match's hands are not followed any more.
    pub fn forget(&self, match_id: MatchId) {
        let mut hands = self.hands.lock().expect("live hands lock");
        for seat in Seat::ALL {
            hands.by_seat.remove(&(match_id, seat));
        }
        hands.followed.remove(&match_id);
        drop(hands);
        let mut guards = self.guards.lock().expect("hand guards lock");
        for seat in Seat::ALL {
            guards.remove(&(match_id, seat));
        }
    }
}

/// Wakes the outbox's workers waiting for answers once the lock it follows is released.
struct Wake<'a>(&'a tokio::sync::Notify);

impl Drop for Wake<'_> {
    fn drop(&mut self) {
        self.0.notify_waiters();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(token: &str, since: i64) -> LiveHand {
        LiveHand {
            token: token.into(),
            since,
            version: 3,
            news_from: 3,
            lang: crate::i18n::Lang::En,
            channel: 7,
            answering: false,
            behind: false,
        }
    }

    #[test]
    fn a_hand_whose_answer_is_on_its_way_lends_no_token_and_says_if_it_fell_behind() {
        let live = LiveHands::default();
        let answering = LiveHand {
            answering: true,
            ..hand("clicked", 1_000)
        };
        live.shown(MatchId(1), Seat::ZERO, answering);
        assert!(
            live.freshest(MatchId(1), 7, 1_000).is_none(),
            "no follow-up before the answer"
        );
        assert!(
            live.to_edit(MatchId(1), Seat::ZERO, 1_000, 3).is_none(),
            "already at 3"
        );
        assert!(
            !live.answered(MatchId(1), Seat::ZERO, "clicked"),
            "not behind"
        );
        assert_eq!(
            live.freshest(MatchId(1), 7, 1_000).unwrap().token,
            "clicked"
        );
        let again = LiveHand {
            answering: true,
            ..hand("again", 1_001)
        };
        live.shown(MatchId(1), Seat::ZERO, again);
        assert!(
            live.to_edit(MatchId(1), Seat::ZERO, 1_001, 4).is_none(),
            "not edited while answering"
        );
        assert!(
            live.answered(MatchId(1), Seat::ZERO, "again"),
            "behind: edit it"
        );
        assert_eq!(
            live.to_edit(MatchId(1), Seat::ZERO, 1_001, 4)
                .unwrap()
                .token,
            "again"
        );
        live.edited(MatchId(1), Seat::ZERO, "again", 4);
        assert!(!live.answered(MatchId(1), Seat::ZERO, "again"), "edited");
        assert!(live.to_edit(MatchId(1), Seat::ZERO, 1_001, 4).is_none());
    }

    #[test]
    fn a_click_answered_after_the_outbox_followed_a_newer_version_is_behind() {
        let live = LiveHands::default();
        live.following(MatchId(1), 5);
        let answering = LiveHand {
            answering: true,
            ..hand("clicked", 1_000)
        };
        live.shown(MatchId(1), Seat::ZERO, answering);
        assert!(
            live.answered(MatchId(1), Seat::ZERO, "clicked"),
            "shows 3, the outbox followed 5"
        );
    }

    #[test]
    fn the_freshest_token_is_the_newest_usable_one_from_the_channel() {
        let live = LiveHands::default();
        live.shown(MatchId(1), Seat::ZERO, hand("zero", 1_000));
        live.shown(MatchId(1), Seat::ONE, hand("one", 1_100));
        let elsewhere = LiveHand {
            channel: 8,
            ..hand("elsewhere", 1_200)
        };
        live.shown(MatchId(2), Seat::ZERO, hand("other match", 1_300));
        assert_eq!(live.freshest(MatchId(1), 7, 1_200).unwrap().token, "one");
        live.shown(MatchId(1), Seat::ONE, elsewhere);
        assert_eq!(
            live.freshest(MatchId(1), 7, 1_200).unwrap().token,
            "zero",
            "a token from another channel posts there, not in the match's thread"
        );
        assert!(live
            .freshest(MatchId(1), 7, 1_000 + TOKEN_USABLE_FOR)
            .is_none());
    }

    #[test]
    fn a_token_is_never_offered_at_or_past_its_usable_age() {
        let live = LiveHands::default();
        live.shown(MatchId(1), Seat::ZERO, hand("a", 1_000));
        assert!(live
            .usable(MatchId(1), Seat::ZERO, 1_000 + TOKEN_USABLE_FOR - 1)
            .is_some());
        assert!(live
            .usable(MatchId(1), Seat::ZERO, 1_000 + TOKEN_USABLE_FOR)
            .is_none());
        // Forgotten once expired, even if the clock were to go back.
        assert!(live.usable(MatchId(1), Seat::ZERO, 1_000).is_none());
    }

    #[test]
    fn the_newest_click_wins_and_an_old_token_cannot_remove_it() {
        let live = LiveHands::default();
        live.shown(MatchId(1), Seat::ONE, hand("new", 2_000));
        live.shown(MatchId(1), Seat::ONE, hand("old", 1_000));
        assert_eq!(
            live.usable(MatchId(1), Seat::ONE, 2_001).unwrap().token,
            "new"
        );
        live.lost(MatchId(1), Seat::ONE, "old");
        live.edited(MatchId(1), Seat::ONE, "old", 9);
        let kept = live.usable(MatchId(1), Seat::ONE, 2_001).unwrap();
        assert_eq!((kept.token.as_str(), kept.version), ("new", 3));
        live.edited(MatchId(1), Seat::ONE, "new", 9);
        assert_eq!(
            live.usable(MatchId(1), Seat::ONE, 2_001).unwrap().version,
            9
        );
        live.lost(MatchId(1), Seat::ONE, "new");
        assert!(live.usable(MatchId(1), Seat::ONE, 2_001).is_none());
    }

    #[test]
    fn seats_and_matches_are_kept_apart() {
        let live = LiveHands::default();
        live.shown(MatchId(1), Seat::ZERO, hand("a", 10));
        live.shown(MatchId(2), Seat::ZERO, hand("b", 10));
        assert!(live.usable(MatchId(1), Seat::ONE, 11).is_none());
        live.forget(MatchId(1));
        assert!(live.usable(MatchId(1), Seat::ZERO, 11).is_none());
        assert_eq!(live.usable(MatchId(2), Seat::ZERO, 11).unwrap().token, "b");
    }
}
