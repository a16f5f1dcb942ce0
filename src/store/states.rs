//! Game states as parsed from their snapshots, kept by match so that reading a match whose
//! snapshot has not changed skips the parse.
//!
//! One action is read several times (its transaction, then the outbox worker and the live
//! hands that show it), and a state's JSON parse was the largest cost of each read. A kept
//! state is only used for the very text it was parsed from: the snapshot is read every time
//! and compared with the kept text (after the cheaper version check), so what a read returns
//! is exactly what parsing the stored row would return — a snapshot written by another
//! process, or damaged behind the store's back, is parsed (and reported) as before.

use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::ids::MatchId;

/// Matches kept per generation: the states of the matches read since the last turn-over of
/// generations, and of the generation before, are kept (at most twice this many).
///
/// The reads worth saving come within moments of the write (the outbox's round, the live
/// hands); a match's next click comes seconds later. 256 keeps a state for about half a second
/// at 1,000 actions a second, and everything on a quiet server. 4,096 kept every match of a
/// 3,000-match load: 20–22 KiB of memory per match against 15–20 with 256, and no CPU saved
/// that could be measured (BENCHMARKS.md, "The parsed states kept").
const GENERATION: usize = 256;

/// One match's last parsed state.
struct Kept {
    version: i64,
    text: String,
    state: Arc<dyn Any + Send + Sync>,
}

/// The kept states: a recent and an older generation (reading a match of the older one
/// brings it into the recent one; when the recent one is full, it becomes the older one and
/// the older one is dropped), which bounds memory without an order to maintain per read.
#[derive(Default)]
struct Generations {
    recent: HashMap<MatchId, Kept>,
    older: HashMap<MatchId, Kept>,
}

/// Parsed states of recently read matches.
#[derive(Default)]
pub(crate) struct States {
    kept: Mutex<Generations>,
}

impl std::fmt::Debug for States {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kept = self.kept.lock().map(|g| g.recent.len() + g.older.len());
        f.debug_struct("States").field("kept", &kept.ok()).finish()
    }
}

impl States {
    /// The state of match `id` at `version` whose snapshot reads `text`: the one kept when
    /// it was parsed from this same text, else `parse(text)` (kept when it succeeds).
    ///
    /// # Errors
    /// `parse`'s error (nothing is kept then).
    pub(crate) fn parsed<S, E>(
        &self,
        id: MatchId,
        version: i64,
        text: String,
        parse: impl FnOnce(&str) -> Result<S, E>,
    ) -> Result<S, E>
    where
        S: Clone + Send + Sync + 'static,
    {
        if let Some(state) = self.kept::<S>(id, version, &text) {
            return Ok(S::clone(&state));
        }
        let state = Arc::new(parse(&text)?);
        self.keep(
            id,
            version,
            text,
            Arc::clone(&state) as Arc<dyn Any + Send + Sync>,
        );
        Ok(Arc::unwrap_or_clone(state))
    }

    fn kept<S: Send + Sync + 'static>(
        &self,
        id: MatchId,
        version: i64,
        text: &str,
    ) -> Option<Arc<S>> {
        let mut g = self.kept.lock().ok()?;
        if !g.recent.contains_key(&id) {
            let kept = g.older.remove(&id)?;
            g.insert(id, kept);
        }
        let kept = g.recent.get(&id)?;
        if kept.version != version || kept.text != text {
            return None;
        }
        Arc::clone(&kept.state).downcast::<S>().ok()
    }

    fn keep(&self, id: MatchId, version: i64, text: String, state: Arc<dyn Any + Send + Sync>) {
        if let Ok(mut g) = self.kept.lock() {
            let kept = Kept {
                version,
                text,
                state,
            };
            g.insert(id, kept);
        }
    }
}

/// A snapshot as a transaction writes it: its match, version and text, and the state the text
/// was serialised from (see [`States::keep_written`]).
pub(crate) struct Written {
    pub id: MatchId,
    pub version: i64,
    pub text: String,
    pub state: Arc<dyn Any + Send + Sync>,
}

impl States {
    /// A snapshot this process committed: the state it was serialised from is kept for that
    /// text, as if parsed from it (a game's state reads back as what wrote it; debug builds
    /// check it where the snapshot is written, see `matches::update`). The next read of the
    /// match, when it finds this very text, skips the parse.
    pub(crate) fn keep_written(&self, written: Written) {
        self.keep(written.id, written.version, written.text, written.state);
    }
}

impl Generations {
    /// Keeps `kept` in the recent generation, turning generations over first when it is full.
    fn insert(&mut self, id: MatchId, kept: Kept) {
        if self.recent.len() >= GENERATION && !self.recent.contains_key(&id) {
            self.older = std::mem::take(&mut self.recent);
        }
        self.recent.insert(id, kept);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_counting(
        count: &std::cell::Cell<u32>,
    ) -> impl FnOnce(&str) -> Result<String, ()> + '_ {
        move |text| {
            count.set(count.get() + 1);
            Ok(text.to_uppercase())
        }
    }

    #[test]
    fn the_same_text_at_the_same_version_is_parsed_once() {
        let states = States::default();
        let count = std::cell::Cell::new(0);
        for _ in 0..3 {
            let state = states.parsed(MatchId(1), 4, "abc".into(), parse_counting(&count));
            assert_eq!(state, Ok("ABC".to_string()));
        }
        assert_eq!(count.get(), 1);
    }

    #[test]
    fn another_text_or_version_is_parsed_again() {
        let states = States::default();
        let count = std::cell::Cell::new(0);
        let _ = states.parsed(MatchId(1), 4, "abc".into(), parse_counting(&count));
        let damaged = states.parsed(MatchId(1), 4, "abd".into(), parse_counting(&count));
        assert_eq!(damaged, Ok("ABD".to_string()));
        let _ = states.parsed(MatchId(1), 5, "abd".into(), parse_counting(&count));
        let _ = states.parsed(MatchId(2), 5, "abd".into(), parse_counting(&count));
        assert_eq!(count.get(), 4);
    }

    #[test]
    fn a_failed_parse_keeps_nothing() {
        let states = States::default();
        let failed: Result<String, &str> = states.parsed(MatchId(1), 1, "x".into(), |_| Err("bad"));
        assert_eq!(failed, Err("bad"));
        let count = std::cell::Cell::new(0);
        let _ = states.parsed(MatchId(1), 1, "x".into(), parse_counting(&count));
        assert_eq!(count.get(), 1);
    }

    #[test]
    fn a_state_kept_as_one_type_is_not_read_as_another() {
        let states = States::default();
        let _ = states.parsed(MatchId(1), 1, "7".into(), |t| t.parse::<i64>());
        let as_text: Result<String, ()> =
            states.parsed(MatchId(1), 1, "7".into(), |t| Ok(t.into()));
        assert_eq!(as_text, Ok("7".to_string()));
    }

    #[test]
    fn memory_is_bounded_by_two_generations() {
        let states = States::default();
        for id in 0..(3 * GENERATION as i64) {
            let _ = states.parsed(MatchId(id), 0, "s".into(), |t| Ok::<_, ()>(t.to_string()));
        }
        let g = states.kept.lock().unwrap();
        assert!(g.recent.len() + g.older.len() <= 2 * GENERATION);
        assert!(g.recent.contains_key(&MatchId(3 * GENERATION as i64 - 1)));
    }
}
