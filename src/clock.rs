//! Time as the store and the match service see it: the system clock in production, a clock
//! that tests move by hand (deadlines, time banks and timeouts are tested without sleeping).

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

/// Unix seconds, from the system or from a hand-set value.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    manual: Option<Arc<AtomicI64>>,
}

impl Clock {
    /// The system clock.
    pub fn system() -> Clock {
        Clock { manual: None }
    }

    /// A clock that stands at `at` until [`Clock::advance`] or [`Clock::set`] moves it.
    pub fn manual(at: i64) -> Clock {
        Clock {
            manual: Some(Arc::new(AtomicI64::new(at))),
        }
    }

    /// Now, as Unix seconds.
    pub fn now(&self) -> i64 {
        match &self.manual {
            Some(at) => at.load(Ordering::SeqCst),
            None => system_now(),
        }
    }

    /// Moves a manual clock forward (no effect on the system clock).
    pub fn advance(&self, secs: i64) {
        if let Some(at) = &self.manual {
            at.fetch_add(secs, Ordering::SeqCst);
        }
    }

    /// Sets a manual clock (no effect on the system clock).
    pub fn set(&self, to: i64) {
        if let Some(at) = &self.manual {
            at.store(to, Ordering::SeqCst);
        }
    }
}

/// The system clock, as Unix seconds (0 if the system clock is before 1970).
fn system_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

#[cfg(test)]
mod tests {
    use super::Clock;

    #[test]
    fn a_manual_clock_moves_only_by_hand_and_clones_share_it() {
        let clock = Clock::manual(1_000);
        let shared = clock.clone();
        assert_eq!(clock.now(), 1_000);
        shared.advance(181);
        assert_eq!(clock.now(), 1_181);
        clock.set(5);
        assert_eq!(shared.now(), 5);
        let system = Clock::system();
        system.advance(1_000_000);
        assert!((system.now() - super::system_now()).abs() <= 1);
    }
}
