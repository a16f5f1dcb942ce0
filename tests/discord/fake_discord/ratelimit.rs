//! Discord's rate limits as the fake enforces them (the rate-limits topic of Discord's docs):
//!
//! - **The global limit**: "All bots can make up to 50 requests per second to our API", per
//!   bot token, on every route but the interaction endpoints ("Interaction endpoints are not
//!   bound to the bot's Global Rate Limit": the callback, and the webhook routes used with an
//!   interaction token). Past it: 429 with `retry_after` in the body, `retry-after`,
//!   `x-ratelimit-global: true` and `x-ratelimit-scope: global`. The fake counts the requests
//!   of the last second (a sliding window) and answers the 51st with the time until the
//!   oldest leaves it.
//! - **Per-route buckets**: a route and its top-level resource (the channel, or the webhook
//!   and its token) share a bucket of `limit` requests that refills `per` after its first
//!   request; every answer of a bucketed route carries `x-ratelimit-limit`, `-remaining`,
//!   `-reset`, `-reset-after` and `-bucket`, and a request past it gets a 429 with
//!   `x-ratelimit-scope: user`. Discord does not publish the limits ("should not be hard
//!   coded"); [`route_limit`] holds the fake's, commonly observed ones.
//!
//! A request sent while a 429's wait is still running is a violation (as Discord's invalid
//! requests, it is answered 429 again). Requests that used the global budget are logged per
//! route for the tests and the load runner.

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::http::{HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use super::APP_ID_TEXT;

/// Discord's global limit: requests per second per bot token.
pub const GLOBAL_PER_SECOND: usize = 50;
/// The window the global limit is counted over.
pub const GLOBAL_WINDOW: Duration = Duration::from_secs(1);

/// A bucket's size: `requests` per `per`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub requests: u32,
    pub per: Duration,
}

/// How a request counts against the limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    /// The method and the path with its ids named, e.g. `POST /channels/{channel_id}/messages`.
    pub template: String,
    /// The top-level resource the bucket is kept per (a channel, a webhook and its token).
    pub major: String,
    /// An interaction endpoint: not bound to the global limit.
    pub interaction: bool,
}

/// The route of `method` on the path segments after `/api/v10`. Ids become their names; the
/// first id (a channel, a guild, or a webhook with its token) is the bucket's resource.
pub fn route_of(method: &str, seg: &[&str]) -> Route {
    let mut names = Vec::with_capacity(seg.len());
    let mut major = String::new();
    for (i, part) in seg.iter().enumerate() {
        let before = if i == 0 { "" } else { seg[i - 1] };
        let name = match (before, *part) {
            ("channels", id) if is_id(id) => "{channel_id}",
            ("guilds", id) if is_id(id) => "{guild_id}",
            ("applications", id) if is_id(id) => "{application_id}",
            ("messages", id) if is_id(id) => "{message_id}",
            ("emojis", id) if is_id(id) => "{emoji_id}",
            ("commands", id) if is_id(id) => "{command_id}",
            ("interactions", id) if is_id(id) => "{interaction_id}",
            ("webhooks", id) if is_id(id) => "{webhook_id}",
            _ if i >= 2 && matches!(seg[i - 2], "webhooks" | "interactions") => "{token}",
            _ => part,
        };
        if major.is_empty() && name != *part {
            major = match name {
                "{webhook_id}" | "{interaction_id}" => {
                    format!("{part}/{}", seg.get(i + 1).copied().unwrap_or_default())
                }
                _ => (*part).to_string(),
            };
        }
        names.push(name);
    }
    // Discord: "Interaction endpoints are not bound to the bot's Global Rate Limit": the
    // callback, and the application's webhook used with an interaction token.
    let interaction = match seg {
        ["interactions", _, _, ..] => true,
        ["webhooks", id, _, ..] => *id == APP_ID_TEXT.as_str(),
        _ => false,
    };
    Route {
        template: format!("{method} /{}", names.join("/")),
        major,
        interaction,
    }
}

fn is_id(part: &str) -> bool {
    !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit())
}

/// The fake's per-route limits (Discord's vary and are not published; these are the ones
/// commonly seen in its headers). Routes not named have no bucket of their own.
pub fn route_limit(template: &str) -> Option<Limit> {
    let limit = |requests, secs| {
        Some(Limit {
            requests,
            per: Duration::from_secs(secs),
        })
    };
    match template {
        "POST /channels/{channel_id}/messages" => limit(5, 5),
        "PATCH /channels/{channel_id}/messages/{message_id}" => limit(5, 5),
        "DELETE /channels/{channel_id}/messages/{message_id}" => limit(5, 1),
        "GET /channels/{channel_id}/messages" => limit(5, 5),
        "POST /channels/{channel_id}/messages/{message_id}/threads"
        | "POST /channels/{channel_id}/threads" => limit(10, 10),
        t if t.starts_with("POST /webhooks/")
            || t.starts_with("PATCH /webhooks/")
            || t.starts_with("DELETE /webhooks/") =>
        {
            limit(5, 2)
        }
        _ => None,
    }
}

/// One bucket's state.
#[derive(Debug)]
struct Bucket {
    limit: Limit,
    remaining: u32,
    resets: Instant,
    /// A 429 was answered: any request before this is a violation.
    blocked_until: Option<Instant>,
}

/// What the fake keeps of the limits.
#[derive(Default)]
pub struct RateLimits {
    /// The global limit is off (tests of something else that flood the fake on purpose).
    pub global_off: bool,
    /// Requests per second per token (`None`: Discord's 50).
    pub global_per_second: Option<usize>,
    /// Per bot token: when its requests of the last second came.
    global_hits: HashMap<String, VecDeque<Instant>>,
    /// Per bot token: a global 429's wait runs until then.
    global_blocked: HashMap<String, Instant>,
    /// Per (route, resource).
    buckets: HashMap<(String, String), Bucket>,
    /// Tests' own limits per route template (`None`: no bucket).
    overrides: HashMap<String, Option<Limit>>,
    /// Every bucket refills this many times sooner (0 and 1: as Discord does); see
    /// `FakeDiscord::quicken_route_buckets`.
    pub quicker: u32,
    /// Every request that used the global budget: when (the fake's clock), and its route.
    pub budget_log: Vec<(Instant, String)>,
    /// 429s answered for the global limit and for buckets.
    pub global_429s: usize,
    pub route_429s: usize,
}

/// What the limits say of one request.
pub enum Verdict {
    /// Go on; these headers go on the answer.
    Pass(HeaderMap),
    /// Refused with this 429; `violation` when it came inside an earlier 429's wait.
    Limited {
        response: Response,
        violation: Option<String>,
    },
}

impl RateLimits {
    /// Sets (or with `None`, removes) the bucket of every route `template`.
    pub fn set_route_limit(&mut self, template: &str, limit: Option<Limit>) {
        self.overrides.insert(template.to_string(), limit);
        self.buckets.retain(|(t, _), _| t != template);
    }

    /// Forgets every 429's wait (not the requests counted): they were answered to a process
    /// that is gone, and a process started after it cannot know them. Its own requests into
    /// a spent bucket are still answered 429, and must wait that out.
    pub fn forget_waits(&mut self) {
        self.global_blocked.clear();
        for bucket in self.buckets.values_mut() {
            bucket.blocked_until = None;
        }
    }

    fn limit_of(&self, template: &str) -> Option<Limit> {
        let limit = match self.overrides.get(template) {
            Some(limit) => *limit,
            None => route_limit(template),
        };
        limit.map(|l| Limit {
            per: l.per / self.quicker.max(1),
            ..l
        })
    }

    /// Checks one request of bot `token` on `route` at `now` (the fake's clock) and counts it.
    pub fn check(&mut self, token: &str, route: &Route, now: Instant) -> Verdict {
        if !route.interaction && !self.global_off {
            if let Some(limited) = self.global(token, route, now) {
                return limited;
            }
        }
        let Some(limit) = self.limit_of(&route.template) else {
            return Verdict::Pass(HeaderMap::new());
        };
        let key = (route.template.clone(), route.major.clone());
        let bucket = self.buckets.entry(key).or_insert(Bucket {
            limit,
            remaining: limit.requests,
            resets: now + limit.per,
            blocked_until: None,
        });
        if now >= bucket.resets {
            bucket.remaining = bucket.limit.requests;
            bucket.resets = now + bucket.limit.per;
        }
        let bucket_id = bucket_hash(&route.template);
        if let Some(until) = bucket.blocked_until.filter(|u| now < *u) {
            self.route_429s += 1;
            return Verdict::Limited {
                response: limited(until - now, Scope::Route(limit, &bucket_id)),
                violation: Some(format!(
                    "{} ({}): sent {:?} before the retry_after of a 429 ran out",
                    route.template,
                    route.major,
                    until - now
                )),
            };
        }
        if bucket.remaining == 0 {
            let wait = bucket.resets - now;
            bucket.blocked_until = Some(bucket.resets);
            self.route_429s += 1;
            return Verdict::Limited {
                response: limited(wait, Scope::Route(limit, &bucket_id)),
                violation: None,
            };
        }
        bucket.remaining -= 1;
        let mut headers = HeaderMap::new();
        bucket_headers(
            &mut headers,
            limit,
            bucket.remaining,
            bucket.resets - now,
            &bucket_id,
        );
        Verdict::Pass(headers)
    }

    /// The global limit for `token`: `None` when the request may go (it is then counted).
    fn global(&mut self, token: &str, route: &Route, now: Instant) -> Option<Verdict> {
        let per_second = self.global_per_second.unwrap_or(GLOBAL_PER_SECOND);
        if let Some(until) = self.global_blocked.get(token).copied().filter(|u| now < *u) {
            self.global_429s += 1;
            return Some(Verdict::Limited {
                response: limited(until - now, Scope::Global),
                violation: Some(format!(
                    "{}: sent {:?} before the retry_after of a global 429 ran out",
                    route.template,
                    until - now
                )),
            });
        }
        // Looked up before inserted: the token is the same on nearly every request, and
        // `entry` would copy it each time.
        if !self.global_hits.contains_key(token) {
            self.global_hits.insert(token.to_string(), VecDeque::new());
        }
        let hits = self.global_hits.get_mut(token).expect("inserted above");
        while hits
            .front()
            .is_some_and(|t| now.saturating_duration_since(*t) >= GLOBAL_WINDOW)
        {
            hits.pop_front();
        }
        if hits.len() >= per_second {
            let oldest = *hits.front().expect("a full window has requests");
            let wait = (oldest + GLOBAL_WINDOW).saturating_duration_since(now);
            self.global_blocked.insert(token.to_string(), now + wait);
            self.global_429s += 1;
            return Some(Verdict::Limited {
                response: limited(wait, Scope::Global),
                violation: None,
            });
        }
        hits.push_back(now);
        self.budget_log.push((now, route.template.clone()));
        None
    }
}

enum Scope<'a> {
    Global,
    Route(Limit, &'a str),
}

/// A stable bucket id for a route, as Discord names buckets with an opaque hash.
fn bucket_hash(template: &str) -> String {
    let hash = template.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
}

fn header(value: &str) -> HeaderValue {
    HeaderValue::from_str(value).expect("an ASCII header value")
}

fn bucket_headers(
    headers: &mut HeaderMap,
    limit: Limit,
    remaining: u32,
    reset_after: Duration,
    id: &str,
) {
    let reset = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        + reset_after;
    headers.insert("x-ratelimit-limit", header(&limit.requests.to_string()));
    headers.insert("x-ratelimit-remaining", header(&remaining.to_string()));
    headers.insert(
        "x-ratelimit-reset",
        header(&format!("{:.3}", reset.as_secs_f64())),
    );
    headers.insert(
        "x-ratelimit-reset-after",
        header(&format!("{:.3}", reset_after.as_secs_f64())),
    );
    headers.insert("x-ratelimit-bucket", header(id));
}

/// Discord's 429: `retry_after` (seconds, a float) in the body with `global`, `retry-after`
/// (whole seconds) in the headers; for the global limit `x-ratelimit-global: true` and scope
/// `global`, for a route its bucket's headers and scope `user`.
fn limited(wait: Duration, scope: Scope<'_>) -> Response {
    // Discord's retry_after has millisecond precision; never 0 while a wait runs.
    let secs = (wait.as_secs_f64() * 1000.0).ceil() / 1000.0;
    let global = matches!(scope, Scope::Global);
    let body =
        json!({ "message": "You are being rate limited.", "retry_after": secs, "global": global });
    let mut response = (axum::http::StatusCode::TOO_MANY_REQUESTS, Json(body)).into_response();
    let headers = response.headers_mut();
    headers.insert(
        "retry-after",
        header(&(secs.ceil().max(1.0) as u64).to_string()),
    );
    match scope {
        Scope::Global => {
            headers.insert("x-ratelimit-global", header("true"));
            headers.insert("x-ratelimit-scope", header("global"));
        }
        Scope::Route(limit, id) => {
            bucket_headers(headers, limit, 0, wait, id);
            headers.insert("x-ratelimit-scope", header("user"));
        }
    }
    response
}

#[cfg(test)]
mod tests {
    use super::super::APP_ID;
    use super::*;

    fn route(method: &str, path: &str) -> Route {
        let seg: Vec<&str> = path.trim_matches('/').split('/').collect();
        route_of(method, &seg)
    }

    #[test]
    fn routes_name_their_ids_and_keep_the_top_level_resource() {
        let r = route("PATCH", "/channels/12/messages/34");
        assert_eq!(
            r.template,
            "PATCH /channels/{channel_id}/messages/{message_id}"
        );
        assert_eq!(r.major, "12");
        assert!(!r.interaction);
        let r = route("POST", &format!("/webhooks/{APP_ID}/tok-1"));
        assert_eq!(r.template, "POST /webhooks/{webhook_id}/{token}");
        assert_eq!(r.major, format!("{APP_ID}/tok-1"));
        assert!(r.interaction, "the application's webhook with a token");
        let r = route("POST", "/interactions/99/tok-2/callback");
        assert_eq!(
            r.template,
            "POST /interactions/{interaction_id}/{token}/callback"
        );
        assert!(r.interaction);
        assert!(
            !route("POST", "/webhooks/5/other").interaction,
            "another webhook"
        );
        assert!(!route("GET", "/users/@me").interaction);
    }
}
