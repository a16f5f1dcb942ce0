//! The outbox's REST requests, sent by the bot itself so that it can keep to Discord's limits
//! whether serenity's rate limiter is on (production) or off (tests, and behind a REST
//! proxy): every request but the interaction endpoints passes the global [`Budget`]; each
//! route's bucket (per channel, or per interaction token) is paced from Discord's
//! `x-ratelimit-remaining` / `x-ratelimit-reset-after` headers, one request in flight per
//! bucket; and a 429 is waited out for its `retry_after` before the request is sent again.
//! Requests go to Discord, or to the proxy serenity is configured with.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serde_json::Value;
use serenity::http::{LightMethod, Multipart, MultipartUpload, Request, Route};
use tokio::time::Instant;

use super::budget::Budget;
use super::view::model::Attachment;

/// How many 429s in a row one request waits out before it is reported as failed.
const RATE_LIMITED_TRIES: u32 = 4;

/// A request's body: its JSON, and the file it uploads with it (then sent as
/// `multipart/form-data`: the JSON in `payload_json`, the file in `files[0]`, which the JSON's
/// `attachments` names by id 0).
#[derive(Debug, Clone)]
pub struct Body {
    pub json: Vec<u8>,
    pub file: Option<Attachment>,
}

/// One request of the outbox.
#[derive(Debug, Clone)]
pub enum Call<'a> {
    /// Create Message (a channel message: uses the budget).
    Post {
        channel: u64,
        body: Body,
    },
    Edit {
        channel: u64,
        message: u64,
        body: Body,
    },
    Delete {
        channel: u64,
        message: u64,
    },
    /// Get Channel Messages: the newest `limit` (1–100).
    Recent {
        channel: u64,
        limit: u8,
    },
    /// Start Thread from Message.
    ThreadFrom {
        channel: u64,
        message: u64,
        body: Body,
    },
    /// Start Thread without Message.
    Thread {
        channel: u64,
        body: Body,
    },
    /// Create Followup Message through an interaction's token (an interaction endpoint).
    FollowUp {
        token: &'a str,
        body: Body,
    },
    EditFollowUp {
        token: &'a str,
        message: u64,
        body: Body,
    },
    DeleteFollowUp {
        token: &'a str,
        message: u64,
    },
    /// Edit Original Interaction Response.
    EditOriginal {
        token: &'a str,
        body: Body,
    },
}

impl Call<'_> {
    /// Whether it uses the bot's global budget (Discord: the interaction endpoints do not).
    pub fn uses_budget(&self) -> bool {
        !matches!(
            self,
            Call::FollowUp { .. }
                | Call::EditFollowUp { .. }
                | Call::DeleteFollowUp { .. }
                | Call::EditOriginal { .. }
        )
    }

    /// Its bucket: the route and its top-level resource.
    fn bucket(&self) -> String {
        match self {
            Call::Post { channel, .. } => format!("POST channel {channel} messages"),
            Call::Edit { channel, .. } => format!("PATCH channel {channel} message"),
            Call::Delete { channel, .. } => format!("DELETE channel {channel} message"),
            Call::Recent { channel, .. } => format!("GET channel {channel} messages"),
            Call::ThreadFrom { channel, .. } | Call::Thread { channel, .. } => {
                format!("POST channel {channel} threads")
            }
            Call::FollowUp { token, .. } => format!("POST webhook {token}"),
            Call::EditFollowUp { token, .. } | Call::EditOriginal { token, .. } => {
                format!("PATCH webhook {token} message")
            }
            Call::DeleteFollowUp { token, .. } => format!("DELETE webhook {token} message"),
        }
    }

    fn request(&self, app: serenity::ApplicationId) -> Request<'_> {
        use serenity::{ChannelId as C, MessageId as M};
        let (route, method, body) = match self {
            Call::Post { channel, body } => (
                Route::ChannelMessages {
                    channel_id: C::new(*channel),
                },
                LightMethod::Post,
                Some(body),
            ),
            Call::Edit {
                channel,
                message,
                body,
            } => (
                Route::ChannelMessage {
                    channel_id: C::new(*channel),
                    message_id: M::new(*message),
                },
                LightMethod::Patch,
                Some(body),
            ),
            Call::Delete { channel, message } => (
                Route::ChannelMessage {
                    channel_id: C::new(*channel),
                    message_id: M::new(*message),
                },
                LightMethod::Delete,
                None,
            ),
            Call::Recent { channel, limit } => {
                let route = Route::ChannelMessages {
                    channel_id: C::new(*channel),
                };
                return Request::new(route, LightMethod::Get)
                    .params(Some(vec![("limit", limit.to_string())]));
            }
            Call::ThreadFrom {
                channel,
                message,
                body,
            } => (
                Route::ChannelMessageThreads {
                    channel_id: C::new(*channel),
                    message_id: M::new(*message),
                },
                LightMethod::Post,
                Some(body),
            ),
            Call::Thread { channel, body } => (
                Route::ChannelThreads {
                    channel_id: C::new(*channel),
                },
                LightMethod::Post,
                Some(body),
            ),
            Call::FollowUp { token, body } => (
                Route::WebhookFollowupMessages {
                    application_id: app,
                    token,
                },
                LightMethod::Post,
                Some(body),
            ),
            Call::EditFollowUp {
                token,
                message,
                body,
            } => (
                Route::WebhookFollowupMessage {
                    application_id: app,
                    token,
                    message_id: M::new(*message),
                },
                LightMethod::Patch,
                Some(body),
            ),
            Call::DeleteFollowUp { token, message } => (
                Route::WebhookFollowupMessage {
                    application_id: app,
                    token,
                    message_id: M::new(*message),
                },
                LightMethod::Delete,
                None,
            ),
            Call::EditOriginal { token, body } => (
                Route::WebhookOriginalInteractionResponse {
                    application_id: app,
                    token,
                },
                LightMethod::Patch,
                Some(body),
            ),
        };
        let request = Request::new(route, method);
        match body {
            Some(Body {
                json,
                file: Some(file),
            }) => request.multipart(Some(Multipart {
                upload: MultipartUpload::Attachments(vec![serenity::CreateAttachment::bytes(
                    file.bytes.clone(),
                    file.filename.clone(),
                )]),
                fields: Vec::new(),
                payload_json: Some(String::from_utf8_lossy(json).into_owned()),
            })),
            Some(Body { json, file: None }) => request.body(Some(json.clone())),
            None => request,
        }
    }
}

/// Why a request did not succeed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RestError {
    /// Discord refused it: the HTTP status and Discord's JSON error code (0 when none).
    #[error("{status}: {message} (code {code})")]
    Status {
        status: u16,
        code: isize,
        message: String,
    },
    /// No usable answer (no connection, a broken body).
    #[error("no answer: {0}")]
    Transport(String),
    /// 429s kept coming after each wait.
    #[error("still rate limited after {RATE_LIMITED_TRIES} waits")]
    RateLimited,
    /// The application id is not known yet (before READY).
    #[error("the application id is not known yet")]
    NoApplication,
}

/// What the bot knows of one bucket, from the last answer's headers.
#[derive(Debug, Default)]
struct Bucket {
    remaining: Option<u64>,
    resets: Option<Instant>,
}

impl Bucket {
    /// Waits until the bucket has room.
    async fn room(&mut self) {
        if let (Some(0), Some(resets)) = (self.remaining, self.resets) {
            tokio::time::sleep_until(resets).await;
        }
        if self.resets.is_some_and(|r| r <= Instant::now()) {
            self.remaining = None;
            self.resets = None;
        }
    }

    fn learn(&mut self, headers: &reqwest::header::HeaderMap) {
        let number = |name: &str| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse::<f64>().ok())
        };
        if let (Some(remaining), Some(after)) = (
            number("x-ratelimit-remaining"),
            number("x-ratelimit-reset-after"),
        ) {
            // Counted from the answer: the bucket reset no earlier at Discord.
            self.remaining = Some(remaining.max(0.0) as u64);
            self.resets = Some(Instant::now() + secs(after));
        }
    }
}

fn secs(s: f64) -> Duration {
    Duration::try_from_secs_f64(s.max(0.0)).unwrap_or(Duration::from_secs(60))
}

/// The outbox's REST client. Cheap to clone.
#[derive(Clone)]
pub struct Rest {
    http: Arc<serenity::Http>,
    client: reqwest::Client,
    budget: Budget,
    buckets: Arc<Mutex<Buckets>>,
}

/// The buckets met so far, by [`Call::bucket`]. Every click brings a token, and each token
/// is a bucket of its own: a bucket nobody is sending through and whose limit has reset is
/// forgotten (it starts afresh, as an unknown bucket does, if used again), swept whenever the
/// map has doubled since the last sweep, so that it does not grow with every click.
#[derive(Default)]
struct Buckets {
    by_key: HashMap<String, Arc<tokio::sync::Mutex<Bucket>>>,
    /// The size at which the next sweep runs.
    sweep_at: usize,
}

/// The fewest buckets at which a sweep runs.
const SWEEP_FROM: usize = 256;

impl Buckets {
    fn get(&mut self, key: String) -> Arc<tokio::sync::Mutex<Bucket>> {
        if !self.by_key.contains_key(&key) && self.by_key.len() >= self.sweep_at.max(SWEEP_FROM) {
            let now = Instant::now();
            self.by_key.retain(|_, bucket| {
                // Held (a request in flight or waiting), or a limit that has not reset yet.
                Arc::strong_count(bucket) > 1
                    || bucket
                        .try_lock()
                        .map_or(true, |b| b.resets.is_some_and(|r| r > now))
            });
            self.sweep_at = 2 * self.by_key.len();
        }
        Arc::clone(self.by_key.entry(key).or_default())
    }
}

impl Rest {
    /// Sends through `http`'s token and proxy, within `budget`.
    pub fn new(http: Arc<serenity::Http>, budget: Budget) -> Rest {
        Rest {
            http,
            client: reqwest::Client::new(),
            budget,
            buckets: Arc::default(),
        }
    }

    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Sends `call` within the limits and returns Discord's answer (empty when it has no
    /// body).
    ///
    /// # Errors
    /// [`RestError`]: Discord's refusal, no answer, or 429s after every wait.
    pub async fn send(&self, call: Call<'_>) -> Result<Reply, RestError> {
        let app = self.http.application_id().ok_or(RestError::NoApplication)?;
        let bucket = self
            .buckets
            .lock()
            .expect("buckets lock")
            .get(call.bucket());
        // One request in flight per bucket: its headers say how many may follow.
        let mut bucket = bucket.lock().await;
        tracing::debug!(
            bucket = call.bucket(),
            budget = call.uses_budget(),
            "sending"
        );
        for _ in 0..RATE_LIMITED_TRIES {
            bucket.room().await;
            let sent = self.execute(call.request(app));
            let response = if call.uses_budget() {
                self.budget.spend(sent).await
            } else {
                sent.await
            }?;
            bucket.learn(response.headers());
            let status = response.status().as_u16();
            let global = response.headers().contains_key("x-ratelimit-global");
            let body = response
                .bytes()
                .await
                .map_err(|e| RestError::Transport(e.to_string()))?;
            let reply = Reply(body);
            if status == 429 {
                let wait = secs(reply.refusal().retry_after.unwrap_or(1.0));
                if global {
                    self.budget.pause(wait);
                } else {
                    bucket.remaining = Some(0);
                    bucket.resets = Some(Instant::now() + wait);
                }
                tracing::warn!(
                    bucket = call.bucket(),
                    global,
                    wait_ms = wait.as_millis() as u64,
                    "rate limited; waiting it out"
                );
                continue;
            }
            if (200..300).contains(&status) {
                return Ok(reply);
            }
            let refusal = reply.refusal();
            return Err(RestError::Status {
                status,
                code: refusal.code.unwrap_or(0) as isize,
                message: refusal.message.unwrap_or_default(),
            });
        }
        Err(RestError::RateLimited)
    }

    async fn execute(&self, request: Request<'_>) -> Result<reqwest::Response, RestError> {
        let built = request
            .build(&self.client, self.http.token(), self.http.proxy.as_deref())
            .map_err(|e| RestError::Transport(e.to_string()))?
            .build()
            .map_err(|e| RestError::Transport(e.to_string()))?;
        self.client
            .execute(built)
            .await
            .map_err(|e| RestError::Transport(e.to_string()))
    }
}

/// The snowflake `id` of an answer (a message, a thread).
pub fn id_of(answer: &Value) -> Option<u64> {
    answer["id"].as_str()?.parse().ok()
}

/// Discord's answer to a request, as the bytes it came in. Most answers (the edits of every
/// action) are never read, so an answer is parsed only when asked, and then only as far as
/// asked: building a whole `serde_json::Value` for each cost about 2 % of an action's CPU.
#[derive(Debug, Clone, Default)]
pub struct Reply(bytes::Bytes);

/// The fields of a refusal (an error or a 429) the bot reads.
#[derive(Debug, Default, serde::Deserialize)]
struct Refusal {
    code: Option<i64>,
    message: Option<String>,
    retry_after: Option<f64>,
}

impl Reply {
    /// The snowflake `id` the answer names (a message, a thread).
    pub fn id(&self) -> Option<u64> {
        #[derive(serde::Deserialize)]
        struct Named<'a> {
            #[serde(borrow)]
            id: Option<std::borrow::Cow<'a, str>>,
        }
        serde_json::from_slice::<Named>(&self.0)
            .ok()?
            .id?
            .parse()
            .ok()
    }

    /// The whole answer as JSON (`null` when it has no body or is not JSON).
    pub fn value(&self) -> Value {
        serde_json::from_slice(&self.0).unwrap_or(Value::Null)
    }

    /// The refusal's fields, those it has (none when it is not JSON).
    fn refusal(&self) -> Refusal {
        serde_json::from_slice(&self.0).unwrap_or_default()
    }
}

/// A body as JSON bytes (serenity's builders serialize to what Discord takes).
pub fn body(builder: &impl serde::Serialize) -> Body {
    Body {
        json: serde_json::to_vec(builder).expect("a builder serializes"),
        file: None,
    }
}

/// The body of a request that shows `message` (`builder`, rendered from it), with its file:
/// the builder lists the file in its `attachments` (`render::file_of`), this uploads it.
pub fn message_body(builder: &impl serde::Serialize, message: &super::view::Message) -> Body {
    Body {
        file: message.attachment.clone(),
        ..body(builder)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::view::model::Attachment;

    fn built(call: &Call<'_>) -> reqwest::Request {
        let app = serenity::ApplicationId::new(1);
        call.request(app)
            .build(&reqwest::Client::new(), "Bot token", None)
            .unwrap()
            .build()
            .unwrap()
    }

    fn content_type(request: &reqwest::Request) -> String {
        request.headers()["content-type"]
            .to_str()
            .unwrap()
            .to_string()
    }

    #[test]
    fn a_body_with_a_file_is_sent_as_multipart_and_one_without_as_json() {
        let json = br#"{"attachments":[{"id":0,"filename":"board.png"}]}"#.to_vec();
        let with_file = Body {
            json: json.clone(),
            file: Some(Attachment {
                filename: "board.png".into(),
                bytes: vec![1, 2, 3],
            }),
        };
        let calls = [
            Call::EditOriginal {
                token: "t",
                body: with_file.clone(),
            },
            Call::EditFollowUp {
                token: "t",
                message: 2,
                body: with_file.clone(),
            },
            Call::FollowUp {
                token: "t",
                body: with_file.clone(),
            },
            Call::Edit {
                channel: 3,
                message: 2,
                body: with_file.clone(),
            },
            Call::Post {
                channel: 3,
                body: with_file,
            },
        ];
        for call in &calls {
            let request = built(call);
            assert!(
                content_type(&request).starts_with("multipart/form-data; boundary="),
                "{call:?}"
            );
            assert!(request.body().is_some());
        }
        // The interaction endpoints stay outside the global budget with a file too.
        assert!(!calls[0].uses_budget() && !calls[1].uses_budget() && !calls[2].uses_budget());
        let plain = Call::EditOriginal {
            token: "t",
            body: Body { json, file: None },
        };
        let request = built(&plain);
        assert_eq!(content_type(&request), "application/json");
        assert_eq!(
            request.body().and_then(reqwest::Body::as_bytes),
            Some(&br#"{"attachments":[{"id":0,"filename":"board.png"}]}"#[..])
        );
    }

    #[test]
    fn an_answer_is_read_only_as_far_as_asked() {
        let message = Reply(bytes::Bytes::from_static(
            br#"{"id":"1234567890","embeds":[{"title":"t"}],"content":"\u00e9"}"#,
        ));
        assert_eq!(message.id(), Some(1_234_567_890));
        assert_eq!(message.value()["embeds"][0]["title"], "t");
        // An escaped id (a borrowed string cannot hold it) is read all the same.
        let escaped = Reply(bytes::Bytes::from_static(br#"{"id":"12\u0033"}"#));
        assert_eq!(escaped.id(), Some(123));
        // No body (a 204), or a body that is not JSON: no id, a null value.
        for body in [&b""[..], b"<html>bad gateway</html>"] {
            let reply = Reply(bytes::Bytes::copy_from_slice(body));
            assert_eq!(reply.id(), None);
            assert_eq!(reply.value(), Value::Null);
        }
        let refusal = Reply(bytes::Bytes::from_static(
            br#"{"message":"You are being rate limited.","retry_after":0.25,"global":false,"code":0}"#,
        ))
        .refusal();
        assert_eq!(refusal.retry_after, Some(0.25));
        assert_eq!(
            refusal.message.as_deref(),
            Some("You are being rate limited.")
        );
        assert_eq!(Reply::default().refusal().code, None);
    }
}
