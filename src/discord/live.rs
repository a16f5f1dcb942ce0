//! Live hands: per match and seat, the player's current hand message and the newest
//! interaction token that can edit it. Every click gives the bot a token that can edit that
//! click's message for 15 minutes; a token is used only while it is younger than
//! [`TOKEN_USABLE_FOR`] (a safety margin under Discord's limit), so an expired token is
//! never sent. Kept in memory: after a restart nobody has a live hand until their next
//! click, and turn notices take over meanwhile.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::games::seat::Seat;
use crate::service::MatchId;

/// Discord's limit on an interaction token is 15 minutes; one minute is kept in hand for
/// clock skew and a slow request.
pub const TOKEN_USABLE_FOR: i64 = 14 * 60;
const _: () = assert!(TOKEN_USABLE_FOR < 15 * 60);

/// One player's live hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveHand {
    /// The interaction token that edits the hand message (`@original`).
    pub token: String,
    /// When the token's interaction arrived (unix seconds, the bot's clock).
    pub since: i64,
    /// The match version the message shows.
    pub version: i64,
    /// The player's own language (their Discord client's).
    pub lang: crate::i18n::Lang,
    /// The channel (a match's thread) the interaction came from: its follow-ups go there.
    pub channel: u64,
}

/// Every live hand. Cheap to clone.
#[derive(Clone, Default)]
pub struct LiveHands {
    hands: Arc<Mutex<HashMap<(MatchId, Seat), LiveHand>>>,
}

impl LiveHands {
    /// A hand message was just shown to `seat` through the interaction `token`: it is that
    /// player's live hand now (the newest click wins).
    pub fn shown(&self, match_id: MatchId, seat: Seat, hand: LiveHand) {
        let mut hands = self.hands.lock().expect("live hands lock");
        let newer = hands
            .get(&(match_id, seat))
            .is_none_or(|old| old.since <= hand.since);
        if newer {
            hands.insert((match_id, seat), hand);
        }
    }

    /// The live hand of `seat` if its token may still be used at `now`; an expired one is
    /// forgotten.
    pub fn usable(&self, match_id: MatchId, seat: Seat, now: i64) -> Option<LiveHand> {
        let mut hands = self.hands.lock().expect("live hands lock");
        let hand = hands.get(&(match_id, seat))?;
        if now - hand.since >= TOKEN_USABLE_FOR {
            hands.remove(&(match_id, seat));
            return None;
        }
        Some(hand.clone())
    }

    /// The newest token of `match_id`'s players that came from `channel` and may still be
    /// used at `now` (for the table and the turn notice, posted as its follow-ups).
    pub fn freshest(&self, match_id: MatchId, channel: u64, now: i64) -> Option<LiveHand> {
        let hands = self.hands.lock().expect("live hands lock");
        hands
            .iter()
            .filter(|((m, _), h)| {
                *m == match_id && h.channel == channel && now - h.since < TOKEN_USABLE_FOR
            })
            .map(|(_, h)| h)
            .max_by_key(|h| h.since)
            .cloned()
    }

    /// The hand now shows `version` (edited), unless a newer click replaced it meanwhile.
    pub fn edited(&self, match_id: MatchId, seat: Seat, token: &str, version: i64) {
        let mut hands = self.hands.lock().expect("live hands lock");
        if let Some(hand) = hands.get_mut(&(match_id, seat)) {
            if hand.token == token {
                hand.version = hand.version.max(version);
            }
        }
    }

    /// The hand cannot be reached through `token` any more (dismissed, refused).
    pub fn lost(&self, match_id: MatchId, seat: Seat, token: &str) {
        let mut hands = self.hands.lock().expect("live hands lock");
        if hands
            .get(&(match_id, seat))
            .is_some_and(|h| h.token == token)
        {
            hands.remove(&(match_id, seat));
        }
    }

    /// A finished match's hands are not followed any more.
    pub fn forget(&self, match_id: MatchId) {
        let mut hands = self.hands.lock().expect("live hands lock");
        hands.retain(|(m, _), _| *m != match_id);
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
            lang: crate::i18n::Lang::En,
            channel: 7,
        }
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
