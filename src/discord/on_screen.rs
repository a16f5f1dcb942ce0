//! What this process shows of each match on Discord, kept in memory: where each table is (and
//! the token it was made through, which only this process has) and which one-of-a-kind posts
//! are known to be on Discord. The outbox keeps these; `table.rs` moves tables between tokens.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use super::ids::{ButtonKind, ComponentId};
use super::live::TOKEN_USABLE_FOR;
use super::view::model::Row;
use super::view::Message;
use crate::service::MatchId;

/// A table on a token this old moves to a fresher token when there is one (at the next
/// change or click), well before its own runs out at [`TOKEN_USABLE_FOR`].
pub const MOVE_AFTER: i64 = 10 * 60;
const _: () = assert!(MOVE_AFTER < TOKEN_USABLE_FOR);

/// A table message as this process shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Shown {
    pub message: u64,
    /// The channel or thread it is in.
    pub place: u64,
    /// The interaction token it was made through and when that interaction came (the bot's
    /// clock), while this process has it.
    pub token: Option<(String, i64)>,
    /// Made through an interaction's token (as its follow-up), not through the channel: only a
    /// token edits it (the channel route is not documented to), though the channel route may
    /// delete it as any of the bot's messages.
    pub follow_up: bool,
    /// The match version it shows, when known.
    pub version: Option<i64>,
}

impl Shown {
    /// Its token, while it may still be used at `now`.
    pub(super) fn usable_token(&self, now: i64) -> Option<&str> {
        match &self.token {
            Some((token, since)) if now - since < TOKEN_USABLE_FOR => Some(token),
            _ => None,
        }
    }
}

/// The tables this process shows, per match. Cheap to clone.
#[derive(Clone, Default)]
pub(super) struct Tables {
    shown: Arc<Mutex<HashMap<MatchId, Shown>>>,
}

impl Tables {
    pub fn get(&self, match_id: MatchId) -> Option<Shown> {
        self.shown
            .lock()
            .expect("tables lock")
            .get(&match_id)
            .cloned()
    }

    pub fn set(&self, match_id: MatchId, shown: Shown) {
        self.shown
            .lock()
            .expect("tables lock")
            .insert(match_id, shown);
    }

    pub fn forget(&self, match_id: MatchId) {
        self.shown.lock().expect("tables lock").remove(&match_id);
    }

    /// The table `message` of `match_id` now shows `version`.
    pub fn shows(&self, match_id: MatchId, message: u64, version: i64) {
        let mut shown = self.shown.lock().expect("tables lock");
        if let Some(s) = shown.get_mut(&match_id).filter(|s| s.message == message) {
            s.version = Some(version);
        }
    }

    /// The table of `match_id` is drawn again at its next show, whatever its version (the
    /// seats changed without a move: a player took their seat back).
    pub fn redraw(&self, match_id: MatchId) {
        if let Some(s) = self.shown.lock().expect("tables lock").get_mut(&match_id) {
            s.version = None;
        }
    }

    /// Whether the table of `match_id` is a channel message or on a token [`MOVE_AFTER`]
    /// old: a new token would take it.
    pub fn wants_move(&self, match_id: MatchId, now: i64) -> bool {
        self.get(match_id).is_some_and(|s| match &s.token {
            None => true,
            Some((_, since)) => now - since >= MOVE_AFTER,
        })
    }
}

/// The posts of each match known to be on Discord, by identity ([`identity`]): found in the
/// thread when this process took the match over, or posted here through a token. A follow-up
/// has no nonce, so this is what keeps an entry sent again (after a crash before it was
/// recorded sent) from showing twice. Cheap to clone.
#[derive(Clone, Default)]
pub(super) struct Posted {
    ids: Arc<Mutex<HashMap<MatchId, HashSet<String>>>>,
}

impl Posted {
    pub fn has(&self, match_id: MatchId, id: &str) -> bool {
        let ids = self.ids.lock().expect("posted lock");
        ids.get(&match_id).is_some_and(|known| known.contains(id))
    }

    pub fn add(&self, match_id: MatchId, id: String) {
        let mut ids = self.ids.lock().expect("posted lock");
        ids.entry(match_id).or_default().insert(id);
    }

    pub fn forget(&self, match_id: MatchId) {
        self.ids.lock().expect("posted lock").remove(&match_id);
    }
}

/// What makes a post of `match_id` one of a kind: the custom id of its button that checks a
/// round's deal (a round summary) or asks for a rematch (the result). A post without one (a
/// timeout notice) has none, and goes through the channel with its nonce.
pub(super) fn identity(post: &Message, match_id: MatchId) -> Option<String> {
    post.rows
        .iter()
        .flat_map(|row| match row {
            Row::Buttons(buttons) => buttons.iter().map(|b| b.id.clone()).collect(),
            Row::Select { .. } => Vec::new(),
        })
        .find(|id| is_identity(id, match_id))
}

pub(super) fn is_identity(id: &str, match_id: MatchId) -> bool {
    matches!(id.parse::<ComponentId>(),
        Ok(ComponentId::Deal { match_id: m, .. }) if m == match_id)
        || matches!(id.parse::<ComponentId>(),
        Ok(ComponentId::Game(b)) if b.match_id == match_id && b.kind == ButtonKind::Rematch)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_wants_a_token_when_it_has_none_or_an_old_one() {
        let tables = Tables::default();
        assert!(
            !tables.wants_move(MatchId(1), 0),
            "no table, nothing to move"
        );
        let shown = |token| Shown {
            message: 1,
            place: 2,
            token,
            follow_up: false,
            version: None,
        };
        tables.set(MatchId(1), shown(None));
        assert!(tables.wants_move(MatchId(1), 0));
        tables.set(MatchId(1), shown(Some(("t".into(), 100))));
        assert!(!tables.wants_move(MatchId(1), 100 + MOVE_AFTER - 1));
        assert!(tables.wants_move(MatchId(1), 100 + MOVE_AFTER));
        tables.forget(MatchId(1));
        assert!(!tables.wants_move(MatchId(1), 0));
    }
}
