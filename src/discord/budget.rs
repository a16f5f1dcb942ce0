//! The bot token's global request budget. Discord lets a bot make 50 requests per second
//! (the interaction endpoints aside) and answers the next with a global 429; serenity's own
//! rate limiter only reacts to that 429 (the global limit "can't be pre-emptively
//! ratelimited"), and in tests it is off. So every request that uses the budget is let
//! through here first: at most [`Budget::per_second`] within any second, counted from when a
//! request is sent until a second after its answer came (Discord received it somewhere in
//! between, so whatever window Discord counts over, it never sees more).
//!
//! Several processes share one token: each gets a share of it ([`share`]), so that together
//! they stay inside it. A process that has just started waits one [`WINDOW`] before its
//! first request: the process it replaces may have spent the budget in its last second.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

/// Discord's global limit for a bot token, requests per second.
pub const DISCORD_PER_SECOND: u32 = 50;
/// The window Discord's global limit counts over.
pub const WINDOW: Duration = Duration::from_secs(1);
/// The part of its share a process paces itself to: the rest is left for the few requests
/// serenity and poise make on their own (the application's owners at start-up), which do
/// not pass through here. (The gateway's address and the command registration do.)
pub const PACED_PART: f64 = 0.9;

/// The budget of one process. Cheap to clone.
#[derive(Clone)]
pub struct Budget {
    inner: Arc<Inner>,
}

struct Inner {
    per_second: u32,
    /// Nothing is sent before then (a second after the budget was made).
    opens: Instant,
    permits: Arc<Semaphore>,
    /// A global 429 came (another process, or a request not paced here): every request
    /// waits until then.
    paused_until: Mutex<Option<Instant>>,
    spent: AtomicU64,
}

impl Budget {
    /// A budget of `per_second` requests in any second (at least one).
    pub fn per_second(per_second: u32) -> Budget {
        let per_second = per_second.max(1);
        Budget {
            inner: Arc::new(Inner {
                per_second,
                opens: Instant::now() + WINDOW,
                permits: Arc::new(Semaphore::new(per_second as usize)),
                paused_until: Mutex::new(None),
                spent: AtomicU64::new(0),
            }),
        }
    }

    pub fn limit(&self) -> u32 {
        self.inner.per_second
    }

    /// How many requests have used the budget.
    pub fn spent(&self) -> u64 {
        self.inner.spent.load(Ordering::Relaxed)
    }

    /// Sends `request` within the budget: waits for room (and out any global 429), then
    /// counts it until a second after it is done (or dropped).
    pub async fn spend<F: std::future::Future>(&self, request: F) -> F::Output {
        self.wait_out_pause().await;
        let permit = Arc::clone(&self.inner.permits)
            .acquire_owned()
            .await
            .expect("the budget's semaphore is never closed");
        self.inner.spent.fetch_add(1, Ordering::Relaxed);
        let _held = Held(Some(permit));
        request.await
    }

    /// Discord answered a global 429: nothing is sent for `retry_after`.
    pub fn pause(&self, retry_after: Duration) {
        let until = Instant::now() + retry_after;
        let mut paused = self.inner.paused_until.lock().expect("budget lock");
        if paused.is_none_or(|p| p < until) {
            *paused = Some(until);
        }
    }

    async fn wait_out_pause(&self) {
        tokio::time::sleep_until(self.inner.opens).await;
        loop {
            let until = *self.inner.paused_until.lock().expect("budget lock");
            match until {
                Some(until) if until > Instant::now() => tokio::time::sleep_until(until).await,
                _ => return,
            }
        }
    }
}

/// A request's place in the budget, given back a [`WINDOW`] after the request is done.
struct Held(Option<OwnedSemaphorePermit>);

impl Drop for Held {
    fn drop(&mut self) {
        let Some(permit) = self.0.take() else {
            return;
        };
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => {
                runtime.spawn(async move {
                    tokio::time::sleep(WINDOW).await;
                    drop(permit);
                });
            }
            // No runtime (shutting down): nothing is sent any more either.
            Err(_) => drop(permit),
        }
    }
}

/// The requests per second a process paces itself to: [`PACED_PART`] of the token's
/// `per_second`, times its part of the shards: `Some((its shards, all shards))`, or `None`
/// for every shard in one process.
pub fn share(per_second: u32, shards: Option<(u32, u32)>) -> u32 {
    let part = match shards {
        Some((here, total)) => f64::from(here) / f64::from(total.max(1)),
        None => 1.0,
    };
    ((f64::from(per_second) * PACED_PART * part).floor() as u32).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tokio's paused clock (`start_paused`): time moves only when every task waits, to the
    /// next timer, so a busy machine cannot stretch it. A millisecond of slack for rounding.
    fn about(d: Duration, expected: Duration) -> bool {
        d >= expected && d < expected + Duration::from_millis(1)
    }

    /// A budget whose opening second has passed.
    async fn open(per_second: u32) -> Budget {
        let budget = Budget::per_second(per_second);
        tokio::time::sleep_until(budget.inner.opens).await;
        budget
    }

    #[tokio::test(start_paused = true)]
    async fn a_new_process_waits_out_the_second_its_predecessor_may_have_spent() {
        let start = Instant::now();
        let budget = Budget::per_second(50);
        budget.spend(async {}).await;
        assert!(about(Instant::now() - start, WINDOW));
    }

    #[tokio::test(start_paused = true)]
    async fn no_more_than_the_limit_are_sent_within_a_second_of_the_last_answer() {
        let budget = open(3).await;
        let start = Instant::now();
        let mut sent = Vec::new();
        for _ in 0..7 {
            budget.spend(async {}).await;
            sent.push(Instant::now() - start);
        }
        // Three at once, then each waits until one of them is a second old.
        assert!(
            sent[..3].iter().all(|d| about(*d, Duration::ZERO)),
            "{sent:?}"
        );
        assert!(sent[3..6].iter().all(|d| about(*d, WINDOW)), "{sent:?}");
        assert!(about(sent[6], WINDOW * 2), "{sent:?}");
        assert_eq!(budget.spent(), 7);
    }

    #[tokio::test(start_paused = true)]
    async fn a_slow_request_keeps_its_place_for_a_second_after_its_answer() {
        let budget = open(1).await;
        let start = Instant::now();
        budget
            .spend(tokio::time::sleep(Duration::from_millis(400)))
            .await;
        budget.spend(async {}).await;
        assert!(about(Instant::now() - start, Duration::from_millis(1400)));
    }

    #[tokio::test(start_paused = true)]
    async fn a_global_429_holds_every_request_for_its_retry_after() {
        let budget = open(50).await;
        let start = Instant::now();
        budget.pause(Duration::from_millis(700));
        budget.pause(Duration::from_millis(200)); // a shorter one does not shorten it
        budget.spend(async {}).await;
        assert!(about(Instant::now() - start, Duration::from_millis(700)));
    }

    #[test]
    fn processes_share_the_token_by_their_part_of_the_shards() {
        assert_eq!(share(50, None), 45);
        assert_eq!(share(50, Some((1, 2))) * 2, 44);
        assert_eq!(share(50, Some((3, 4))), 33);
        assert!(share(50, Some((3, 4))) + share(50, Some((1, 4))) <= 50);
        assert_eq!(share(1, Some((1, 4))), 1, "never nothing");
    }
}
