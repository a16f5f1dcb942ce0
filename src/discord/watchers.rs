//! Watchers of a table (issue 39): per match, the people who pressed **Watch** and the newest
//! interaction token that edits each one's view, kept current like a live hand (`live.rs`):
//! after the outbox shows a change, every watcher's view is edited through their token
//! (`watching.rs`). A token is used only while younger than [`TOKEN_USABLE_FOR`], so an
//! expired one is never sent. Kept in memory: after a restart a watcher presses Watch again.
//!
//! At most [`MAX_WATCHERS`] per match: every change of a match costs one edit per watcher, on
//! top of its table and its players' hands, and the outbox shows a match's changes one after
//! the other; eight keeps a busy table's worst case near three times a four-seat table's own
//! requests (1 table + 4 hands + 8 watchers) and each watcher's token inside its own bucket
//! (5 edits per 2 s) at the pace of play. A ninth watcher takes the place of the one whose
//! token is oldest (the nearest to expiring); pressing the view's button again renews a
//! watcher's place.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::live::TOKEN_USABLE_FOR;
use crate::i18n::Lang;
use crate::service::MatchId;

/// The most watchers a match keeps current (see the module's note).
pub const MAX_WATCHERS: usize = 8;

/// One watcher's view of a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Watcher {
    /// The watcher (a Discord user id).
    pub user: u64,
    /// The interaction token that edits the view (`@original`).
    pub token: String,
    /// When the token's interaction arrived (unix seconds, the bot's clock).
    pub since: i64,
    /// The match version the view shows.
    pub version: i64,
    /// The watcher's own language (their Discord client's).
    pub lang: Lang,
    /// Shown by a click's answer not sent yet: not edited until it is (the answer, sent
    /// later, would put the older state back on screen).
    pub answering: bool,
    /// The match moved on while the answer was on its way: edited once it is sent.
    pub behind: bool,
}

/// Every match's watchers. Cheap to clone.
#[derive(Clone, Default)]
pub struct Watchers {
    inner: Arc<Mutex<Inner>>,
}

#[derive(Default)]
struct Inner {
    by_match: HashMap<MatchId, Vec<Watcher>>,
    /// Per match, the newest version the outbox brought its watchers to.
    followed: HashMap<MatchId, i64>,
}

impl Watchers {
    /// A watcher's view was just shown through `watcher.token`: it is that watcher's view of
    /// `match_id` from now on (replacing any older one of theirs). With the match already at
    /// [`MAX_WATCHERS`], the watcher whose token is oldest is dropped.
    pub fn shown(&self, match_id: MatchId, watcher: Watcher) {
        let mut inner = self.inner.lock().expect("watchers lock");
        let list = inner.by_match.entry(match_id).or_default();
        if let Some(old) = list.iter().position(|w| w.user == watcher.user) {
            if list[old].since > watcher.since {
                return;
            }
            list.remove(old);
        }
        if list.len() >= MAX_WATCHERS {
            if let Some(oldest) = (0..list.len()).min_by_key(|i| list[*i].since) {
                list.remove(oldest);
            }
        }
        list.push(watcher);
    }

    /// The views of `match_id` to edit to `version` now: usable at `now` and showing an
    /// older version. Expired ones are forgotten; one whose answer is on its way is marked
    /// behind instead (see [`Watchers::answered`]).
    pub fn to_edit(&self, match_id: MatchId, now: i64, version: i64) -> Vec<Watcher> {
        let mut inner = self.inner.lock().expect("watchers lock");
        let followed = inner.followed.entry(match_id).or_insert(version);
        *followed = (*followed).max(version);
        let Some(list) = inner.by_match.get_mut(&match_id) else {
            return Vec::new();
        };
        list.retain(|w| now - w.since < TOKEN_USABLE_FOR);
        if list.is_empty() {
            // Nobody left to follow this match: its list goes (the version followed stays,
            // as the live hands keep theirs, for a click answered while it moves on).
            inner.by_match.remove(&match_id);
            return Vec::new();
        }
        let mut out = Vec::new();
        for w in list.iter_mut().filter(|w| w.version < version) {
            if w.answering {
                w.behind = true;
            } else {
                out.push(w.clone());
            }
        }
        out
    }

    /// The answer that showed a view through `token` was sent: it may be edited now. Whether
    /// it wants an edit (the match moved on while it was on its way).
    pub fn answered(&self, match_id: MatchId, token: &str) -> bool {
        let mut inner = self.inner.lock().expect("watchers lock");
        let followed = inner.followed.get(&match_id).copied();
        let Some(w) = inner
            .by_match
            .get_mut(&match_id)
            .and_then(|list| list.iter_mut().find(|w| w.token == token))
        else {
            return false;
        };
        w.answering = false;
        w.behind || followed.is_some_and(|v| v > w.version)
    }

    /// The view shown through `token` now shows `version` (edited). An edit through a token
    /// its watcher has replaced meanwhile may have landed after the newer view: that view is
    /// then to be drawn again, and `true` says so.
    pub fn edited(&self, match_id: MatchId, user: u64, token: &str, version: i64) -> bool {
        let mut inner = self.inner.lock().expect("watchers lock");
        let Some(w) = inner
            .by_match
            .get_mut(&match_id)
            .and_then(|list| list.iter_mut().find(|w| w.user == user))
        else {
            return false;
        };
        if w.token == token {
            w.version = w.version.max(version);
            w.behind = false;
            return false;
        }
        w.version = w.version.min(version);
        w.behind = true;
        !w.answering
    }

    /// The view cannot be reached through `token` any more (dismissed, refused).
    pub fn lost(&self, match_id: MatchId, token: &str) {
        let mut inner = self.inner.lock().expect("watchers lock");
        if let Some(list) = inner.by_match.get_mut(&match_id) {
            list.retain(|w| w.token != token);
        }
    }

    /// A finished match's watchers are not followed any more.
    pub fn forget(&self, match_id: MatchId) {
        let mut inner = self.inner.lock().expect("watchers lock");
        inner.by_match.remove(&match_id);
        inner.followed.remove(&match_id);
    }

    /// How many watchers `match_id` keeps current.
    #[cfg(test)]
    pub fn count(&self, match_id: MatchId) -> usize {
        let inner = self.inner.lock().expect("watchers lock");
        inner.by_match.get(&match_id).map_or(0, Vec::len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn watcher(user: u64, token: &str, since: i64) -> Watcher {
        Watcher {
            user,
            token: token.into(),
            since,
            version: 3,
            lang: Lang::En,
            answering: false,
            behind: false,
        }
    }

    #[test]
    fn a_watcher_is_kept_once_and_their_newest_token_wins() {
        let w = Watchers::default();
        w.shown(MatchId(1), watcher(7, "old", 100));
        w.shown(MatchId(1), watcher(7, "new", 200));
        w.shown(MatchId(1), watcher(7, "older", 50));
        assert_eq!(w.count(MatchId(1)), 1);
        let edits = w.to_edit(MatchId(1), 201, 4);
        assert_eq!(edits.len(), 1);
        assert_eq!(edits[0].token, "new");
        assert_eq!(w.count(MatchId(2)), 0, "matches are kept apart");
    }

    #[test]
    fn a_match_keeps_at_most_the_bound_and_drops_the_oldest_token() {
        let w = Watchers::default();
        for user in 0..MAX_WATCHERS as u64 + 1 {
            w.shown(
                MatchId(1),
                watcher(user, &format!("t{user}"), 100 + user as i64),
            );
        }
        assert_eq!(w.count(MatchId(1)), MAX_WATCHERS);
        let tokens: Vec<String> = w
            .to_edit(MatchId(1), 200, 4)
            .into_iter()
            .map(|x| x.token)
            .collect();
        assert!(!tokens.contains(&"t0".to_string()), "{tokens:?}");
        assert!(tokens.contains(&format!("t{MAX_WATCHERS}")), "{tokens:?}");
    }

    #[test]
    fn a_token_is_never_used_at_or_past_its_usable_age() {
        let w = Watchers::default();
        w.shown(MatchId(1), watcher(7, "a", 1_000));
        assert_eq!(
            w.to_edit(MatchId(1), 1_000 + TOKEN_USABLE_FOR - 1, 4).len(),
            1
        );
        assert!(w
            .to_edit(MatchId(1), 1_000 + TOKEN_USABLE_FOR, 5)
            .is_empty());
        // Forgotten once expired, even if the clock were to go back.
        assert!(w.to_edit(MatchId(1), 1_000, 6).is_empty());
        assert_eq!(w.count(MatchId(1)), 0);
    }

    #[test]
    fn a_view_whose_answer_is_on_its_way_is_edited_once_it_is_sent() {
        let w = Watchers::default();
        let answering = Watcher {
            answering: true,
            ..watcher(7, "click", 100)
        };
        w.shown(MatchId(1), answering);
        assert!(
            w.to_edit(MatchId(1), 100, 4).is_empty(),
            "not while answering"
        );
        assert!(w.answered(MatchId(1), "click"), "behind: edit it");
        assert_eq!(w.to_edit(MatchId(1), 100, 4).len(), 1);
        assert!(!w.edited(MatchId(1), 7, "click", 4));
        assert!(w.to_edit(MatchId(1), 100, 4).is_empty(), "up to date");
        assert!(!w.answered(MatchId(1), "click"));
    }

    #[test]
    fn an_edit_through_a_replaced_token_has_the_newer_view_drawn_again() {
        let w = Watchers::default();
        w.shown(MatchId(1), watcher(7, "old", 100));
        let edit = w.to_edit(MatchId(1), 100, 4);
        w.shown(
            MatchId(1),
            Watcher {
                version: 5,
                ..watcher(7, "new", 101)
            },
        );
        assert!(w.edited(MatchId(1), 7, &edit[0].token, 4), "draw it again");
        assert_eq!(w.to_edit(MatchId(1), 102, 5)[0].token, "new");
    }

    #[test]
    fn lost_and_forgotten_views_are_not_edited() {
        let w = Watchers::default();
        w.shown(MatchId(1), watcher(7, "a", 100));
        w.shown(MatchId(1), watcher(8, "b", 100));
        w.lost(MatchId(1), "a");
        assert_eq!(w.count(MatchId(1)), 1);
        w.forget(MatchId(1));
        assert!(w.to_edit(MatchId(1), 100, 9).is_empty());
    }
}
