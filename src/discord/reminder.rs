//! A match's reminder: a player with a live hand who has not acted within the server's delay
//! is pinged by a turn notice.
//!
//! Each move that leaves such a player to act puts the reminder off to the move's time plus
//! the delay, so only the last move's deadline ever matters. One timer a match follows that
//! deadline: the timer started by the first move sleeps until its deadline and, woken, sleeps
//! on while later moves have put it off (a delay the server shortened meanwhile takes effect
//! from the match's next timer). (A task a move asleep for the delay was the bot's
//! largest use of memory under load: 45,000 of them at 1,000 moves a second with the default
//! 45 s, about 10 KiB a live match.)

use tokio::time::Instant;

/// The reminder's state, kept with the match's turn notice.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct Reminder {
    /// The version the reminder waits at.
    pub waits_for: Option<i64>,
    /// The version whose reminder came due (its players are pinged).
    pub due: Option<i64>,
    /// When the reminder for `waits_for` comes due.
    at: Option<Instant>,
    /// A timer is asleep for this match.
    timer: bool,
}

/// What a timer does when it wakes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Woken {
    /// The reminder was put off: sleep on until then.
    SleepUntil(Instant),
    /// The reminder for this version came due (the timer ends).
    Due(i64),
    /// Nothing waits any more (the timer ends).
    Nothing,
}

impl Reminder {
    /// A reminder for `version` at `at`. Whether a timer must be started for it (none is
    /// asleep for the match); a timer asleep takes the new deadline when it wakes.
    pub fn put_off(&mut self, version: i64, at: Instant) -> bool {
        self.waits_for = Some(version);
        self.at = Some(at);
        !std::mem::replace(&mut self.timer, true)
    }

    /// The match's timer woke at `now`.
    pub fn woke(&mut self, now: Instant) -> Woken {
        match (self.at, self.waits_for) {
            (Some(at), Some(_)) if at > now => Woken::SleepUntil(at),
            (_, waits_for) => {
                self.timer = false;
                self.at = None;
                match waits_for {
                    Some(version) => {
                        self.due = Some(version);
                        Woken::Due(version)
                    }
                    None => Woken::Nothing,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn many_moves_within_the_delay_share_one_timer_that_fires_once_after_the_last() {
        let start = Instant::now();
        let delay = Duration::from_secs(45);
        let mut reminder = Reminder::default();
        assert!(
            reminder.put_off(1, start + delay),
            "the first move starts a timer"
        );
        for version in 2..=100 {
            let moved = start + Duration::from_millis(100 * version as u64);
            assert!(!reminder.put_off(version, moved + delay), "move {version}");
        }
        let last = start + Duration::from_millis(10_000) + delay;
        // The timer wakes at the first deadline and sleeps on to the last move's.
        assert_eq!(reminder.woke(start + delay), Woken::SleepUntil(last));
        assert_eq!(reminder.due, None);
        assert_eq!(reminder.woke(last), Woken::Due(100));
        assert_eq!(reminder.due, Some(100));
        // The next move starts a timer again.
        assert!(reminder.put_off(101, last + delay));
    }

    #[test]
    fn a_timer_woken_late_fires_for_the_version_still_waited_for() {
        let start = Instant::now();
        let mut reminder = Reminder::default();
        assert!(reminder.put_off(7, start));
        assert_eq!(reminder.woke(start + Duration::from_secs(1)), Woken::Due(7));
        assert_eq!(Reminder::default().woke(start), Woken::Nothing);
    }
}
