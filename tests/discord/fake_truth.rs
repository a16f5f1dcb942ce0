//! The fake Discord tells the truth: driven over plain HTTP, it refuses what Discord refuses
//! with Discord's statuses, bodies and headers (expired interaction tokens, deleted messages
//! and threads, a second thread on one message, enforced nonces, 429s, forged clicks).

use std::time::Duration;

use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::fake_discord::{FakeDiscord, User, APP_ID, CHANNEL_ID};

/// One HTTP answer of the fake.
pub(crate) struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Value,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn id(&self) -> u64 {
        self.body["id"].as_str().unwrap().parse().unwrap()
    }
}

/// A request to the fake's REST API (`path` after `/api/v10`), over a plain HTTP/1.1
/// connection (the test binary has no HTTP client of its own).
pub(crate) async fn call(
    fake: &FakeDiscord,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> Reply {
    let addr = fake.base.strip_prefix("http://").unwrap();
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let request = format!(
        "{method} /api/v10{path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Authorization: Bot test-token\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let text = String::from_utf8(raw).unwrap();
    let (head, rest) = text.split_once("\r\n\r\n").unwrap();
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_lowercase(), v.trim().to_string()))
        .collect();
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    let payload = if chunked {
        let mut out = String::new();
        let mut rest = rest;
        while let Some((size, after)) = rest.split_once("\r\n") {
            let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            if size == 0 {
                break;
            }
            out.push_str(&after[..size]);
            rest = &after[size + 2..];
        }
        out
    } else {
        rest.to_string()
    };
    let body = serde_json::from_str(&payload).unwrap_or(Value::Null);
    Reply {
        status,
        headers,
        body,
    }
}

fn alice() -> User {
    User::new(53_908_232_506_183_680, "alice")
}

async fn post_message(fake: &FakeDiscord, channel: u64, body: Value) -> Reply {
    call(
        fake,
        "POST",
        &format!("/channels/{channel}/messages"),
        Some(body),
    )
    .await
}

fn assert_error(reply: &Reply, status: u16, message: &str, code: u64) {
    assert_eq!(reply.status, status, "{}", reply.body);
    assert_eq!(
        reply.body,
        json!({ "message": message, "code": code }),
        "Discord's error body"
    );
}

#[tokio::test]
async fn fake_truth_interaction_tokens_expire_after_15_minutes() {
    let fake = FakeDiscord::start().await;
    let (id, token) = fake.issue_interaction(&alice(), None);
    let hook = format!("/webhooks/{APP_ID}/{token}");
    let deferred = call(
        &fake,
        "POST",
        &format!("/interactions/{id}/{token}/callback"),
        Some(json!({ "type": 5 })),
    )
    .await;
    assert_eq!(deferred.status, 204);
    let original = format!("{hook}/messages/@original");
    let edit = || Some(json!({ "content": "edited" }));
    assert_eq!(call(&fake, "PATCH", &original, edit()).await.status, 200);
    let followup = call(&fake, "POST", &hook, Some(json!({ "content": "later" }))).await;
    assert_eq!(followup.status, 200);
    let followup = format!("{hook}/messages/{}", followup.id());

    // Still usable one second before the 15 minutes are up.
    fake.advance(Duration::from_secs(15 * 60 - 1));
    assert_eq!(call(&fake, "PATCH", &original, edit()).await.status, 200);
    assert_eq!(fake.expired_token_uses(), 0);
    fake.assert_no_violations();

    fake.advance(Duration::from_secs(1));
    for (method, path, body) in [
        ("PATCH", original.as_str(), edit()),
        ("GET", original.as_str(), None),
        (
            "POST",
            hook.as_str(),
            Some(json!({ "content": "too late" })),
        ),
        ("PATCH", followup.as_str(), edit()),
        ("DELETE", followup.as_str(), None),
        ("DELETE", original.as_str(), None),
    ] {
        let reply = call(&fake, method, path, body).await;
        assert_error(&reply, 401, "Invalid Webhook Token", 50027);
    }
    assert_eq!(fake.expired_token_uses(), 6);
    assert_eq!(fake.token_violations(), 6);
    let violations = fake.violations();
    assert_eq!(violations.len(), 6);
    assert!(
        violations
            .iter()
            .all(|v| v.contains("used an interaction token 900 s old")),
        "{violations:?}"
    );
    // Nothing was changed by the refused requests.
    let texts: Vec<String> = fake
        .all_messages()
        .iter()
        .map(|m| m.content.clone())
        .collect();
    assert_eq!(texts, ["edited", "later"]);

    // An interaction answered 15 minutes late: Discord no longer knows it.
    let (id, token) = fake.issue_interaction(&alice(), None);
    fake.advance(Duration::from_secs(15 * 60));
    let late = call(
        &fake,
        "POST",
        &format!("/interactions/{id}/{token}/callback"),
        Some(json!({ "type": 4, "data": { "content": "hi" } })),
    )
    .await;
    assert_error(&late, 404, "Unknown interaction", 10062);
    assert_eq!(fake.expired_token_uses(), 7);

    // A token Discord never issued.
    let forged = call(
        &fake,
        "POST",
        &format!("/webhooks/{APP_ID}/no-such-token"),
        Some(json!({ "content": "x" })),
    )
    .await;
    assert_error(&forged, 401, "Invalid Webhook Token", 50027);
    assert_eq!(fake.token_violations(), 8);
    assert_eq!(fake.expired_token_uses(), 7, "unknown is not expired");
}

#[tokio::test]
async fn fake_truth_callbacks_past_the_deadline_or_twice_are_refused() {
    let fake = FakeDiscord::start().await;
    let (id, token) = fake.issue_interaction(&alice(), None);
    let callback = format!("/interactions/{id}/{token}/callback");
    let answer = || Some(json!({ "type": 4, "data": { "content": "hi" } }));
    fake.advance(Duration::from_secs(4));
    assert_error(
        &call(&fake, "POST", &callback, answer()).await,
        404,
        "Unknown interaction",
        10062,
    );
    assert!(fake.violations()[0].contains("past the 3-second deadline"));
    assert!(
        fake.all_messages().is_empty(),
        "a refused answer shows nothing"
    );

    let (id, token) = fake.issue_interaction(&alice(), None);
    let callback = format!("/interactions/{id}/{token}/callback");
    assert_eq!(call(&fake, "POST", &callback, answer()).await.status, 204);
    assert_error(
        &call(&fake, "POST", &callback, answer()).await,
        400,
        "Interaction has already been acknowledged.",
        40060,
    );
    assert_eq!(fake.all_messages().len(), 1);
    assert_eq!(fake.violations().len(), 2);
}

#[tokio::test]
async fn fake_truth_deleted_messages_answer_unknown_message() {
    let fake = FakeDiscord::start().await;
    let posted = post_message(&fake, CHANNEL_ID, json!({ "content": "table" })).await;
    assert_eq!(posted.status, 200);
    let message = format!("/channels/{CHANNEL_ID}/messages/{}", posted.id());
    assert_eq!(call(&fake, "DELETE", &message, None).await.status, 204);
    for (method, body) in [("DELETE", None), ("PATCH", Some(json!({ "content": "x" })))] {
        let reply = call(&fake, method, &message, body).await;
        assert_error(&reply, 404, "Unknown Message", 10008);
    }
    // A message id that never existed, and one in another channel.
    let other = post_message(&fake, CHANNEL_ID, json!({ "content": "other" })).await;
    for path in [
        format!("/channels/{CHANNEL_ID}/messages/42"),
        format!("/channels/777/messages/{}", other.id()),
    ] {
        let reply = call(&fake, "PATCH", &path, Some(json!({ "content": "x" }))).await;
        assert_error(&reply, 404, "Unknown Message", 10008);
    }

    // An ephemeral answer: reachable only through its interaction's token, and gone once
    // the player dismisses it.
    let (id, token) = fake.issue_interaction(&alice(), None);
    let callback = call(
        &fake,
        "POST",
        &format!("/interactions/{id}/{token}/callback"),
        Some(json!({ "type": 4, "data": { "content": "your hand", "flags": 64 } })),
    )
    .await;
    assert_eq!(callback.status, 204);
    let hand = fake
        .visible_to(&alice())
        .into_iter()
        .find(|m| m.content == "your hand")
        .unwrap();
    assert_eq!(hand.visible_to, Some(alice().id));
    let through_channel = format!("/channels/{CHANNEL_ID}/messages/{}", hand.id);
    assert_error(
        &call(
            &fake,
            "PATCH",
            &through_channel,
            Some(json!({ "content": "x" })),
        )
        .await,
        404,
        "Unknown Message",
        10008,
    );
    let original = format!("/webhooks/{APP_ID}/{token}/messages/@original");
    let by_id = format!("/webhooks/{APP_ID}/{token}/messages/{}", hand.id);
    assert_eq!(
        call(
            &fake,
            "PATCH",
            &original,
            Some(json!({ "content": "new hand" }))
        )
        .await
        .status,
        200
    );
    fake.delete_message(hand.id);
    for (method, path, body) in [
        ("PATCH", &original, Some(json!({ "content": "x" }))),
        ("PATCH", &by_id, Some(json!({ "content": "x" }))),
        ("GET", &original, None),
        ("DELETE", &original, None),
        ("DELETE", &by_id, None),
    ] {
        let reply = call(&fake, method, path, body).await;
        assert_error(&reply, 404, "Unknown Message", 10008);
    }
    // A followup deleted twice.
    let hook = format!("/webhooks/{APP_ID}/{token}");
    let followup = call(&fake, "POST", &hook, Some(json!({ "content": "f" }))).await;
    let followup = format!("{hook}/messages/{}", followup.id());
    assert_eq!(call(&fake, "DELETE", &followup, None).await.status, 204);
    assert_error(
        &call(&fake, "DELETE", &followup, None).await,
        404,
        "Unknown Message",
        10008,
    );
    fake.assert_no_violations();
}

#[tokio::test]
async fn fake_truth_one_thread_per_message_and_deleted_threads_are_gone() {
    let fake = FakeDiscord::start().await;
    let start = post_message(&fake, CHANNEL_ID, json!({ "content": "match 1" })).await;
    let threads = format!("/channels/{CHANNEL_ID}/messages/{}/threads", start.id());
    let thread = call(&fake, "POST", &threads, Some(json!({ "name": "match 1" }))).await;
    assert_eq!(thread.status, 200);
    assert_eq!(thread.id(), start.id(), "a thread's id is its message's");
    assert_eq!(thread.body["type"], 11);
    let again = call(&fake, "POST", &threads, Some(json!({ "name": "match 1" }))).await;
    assert_error(
        &again,
        400,
        "A thread has already been created for this message",
        160004,
    );
    let missing = format!("/channels/{CHANNEL_ID}/messages/42/threads");
    assert_error(
        &call(&fake, "POST", &missing, Some(json!({ "name": "x" }))).await,
        404,
        "Unknown Message",
        10008,
    );

    let thread_id = thread.id();
    let inside = post_message(&fake, thread_id, json!({ "content": "table" })).await;
    assert_eq!(inside.status, 200);
    fake.delete_channel(thread_id);
    assert!(fake
        .all_messages()
        .iter()
        .all(|m| m.channel_id != thread_id));
    for (method, path, body) in [
        (
            "POST",
            format!("/channels/{thread_id}/messages"),
            Some(json!({ "content": "x" })),
        ),
        (
            "PATCH",
            format!("/channels/{thread_id}/messages/{}", inside.id()),
            Some(json!({ "content": "x" })),
        ),
        (
            "DELETE",
            format!("/channels/{thread_id}/messages/{}", inside.id()),
            None,
        ),
        ("GET", format!("/channels/{thread_id}"), None),
    ] {
        let reply = call(&fake, method, &path, body).await;
        assert_error(&reply, 404, "Unknown Channel", 10003);
    }
    // The parent channel is untouched.
    assert_eq!(
        post_message(&fake, CHANNEL_ID, json!({ "content": "still here" }))
            .await
            .status,
        200
    );
    fake.assert_no_violations();
}

#[tokio::test]
async fn fake_truth_an_enforced_nonce_returns_the_earlier_message() {
    let fake = FakeDiscord::start().await;
    let send = |nonce: Value, enforce: bool| {
        let body = json!({ "content": "announce", "nonce": nonce, "enforce_nonce": enforce });
        post_message(&fake, CHANNEL_ID, body)
    };
    let first = send(json!("match-1-open"), true).await;
    assert_eq!(first.status, 200);
    assert_eq!(first.body["nonce"], "match-1-open");
    let retry = send(json!("match-1-open"), true).await;
    assert_eq!(retry.status, 200);
    assert_eq!(retry.id(), first.id(), "the same message comes back");
    assert_eq!(fake.all_messages().len(), 1, "and nothing new is created");

    // Without enforce_nonce a duplicate nonce is just another message.
    let unenforced = send(json!("match-1-open"), false).await;
    assert_ne!(unenforced.id(), first.id());
    assert_eq!(fake.all_messages().len(), 2);

    // Integer nonces too.
    let number = send(json!(1_234_567_890_123_i64), true).await;
    let number_again = send(json!(1_234_567_890_123_i64), true).await;
    assert_eq!(number.id(), number_again.id());
    let stored = fake
        .all_messages()
        .into_iter()
        .find(|m| m.id == number.id())
        .unwrap();
    assert_eq!(stored.nonce.as_deref(), Some("1234567890123"));

    // Only within the last few minutes (five, in the fake).
    fake.advance(Duration::from_secs(5 * 60));
    let later = send(json!("match-1-open"), true).await;
    assert_ne!(later.id(), first.id());
    assert_ne!(later.id(), unenforced.id());
    assert_eq!(fake.all_messages().len(), 4);
    fake.assert_no_violations();

    // Discord allows at most 25 characters.
    send(json!("x".repeat(26)), true).await;
    let violations = fake.violations();
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert!(violations[0].contains("nonce"), "{violations:?}");
}

#[tokio::test]
async fn fake_truth_a_global_429_stops_every_route_until_retry_after() {
    let fake = FakeDiscord::start().await;
    let retry_after = Duration::from_millis(1500);
    fake.fail_rate_limited("POST", "/messages", true, retry_after, Some(1));
    let limited = post_message(&fake, CHANNEL_ID, json!({ "content": "x" })).await;
    assert_eq!(limited.status, 429);
    assert_eq!(
        limited.body,
        json!({ "message": "You are being rate limited.", "retry_after": 1.5, "global": true })
    );
    assert_eq!(limited.header("retry-after"), Some("2"));
    assert_eq!(limited.header("x-ratelimit-global"), Some("true"));
    assert_eq!(limited.header("x-ratelimit-scope"), Some("global"));
    fake.assert_no_violations();

    // Any route, not only the one limited, is refused until retry_after has passed.
    let other = call(&fake, "GET", "/users/@me", None).await;
    assert_eq!(other.status, 429);
    assert_eq!(other.body["global"], true);
    assert_eq!(fake.rate_limited(), 2);
    let violations = fake.violations();
    assert_eq!(violations.len(), 1);
    assert!(violations[0].contains("global 429"), "{violations:?}");

    fake.advance(retry_after);
    assert_eq!(call(&fake, "GET", "/users/@me", None).await.status, 200);
    let sent = post_message(&fake, CHANNEL_ID, json!({ "content": "x" })).await;
    assert_eq!(sent.status, 200, "the one injected 429 is spent");
    assert_eq!(fake.violations().len(), 1);
}

#[tokio::test]
async fn fake_truth_a_route_429_stops_that_route_only() {
    let fake = FakeDiscord::start().await;
    let posted = post_message(&fake, CHANNEL_ID, json!({ "content": "x" })).await;
    let message = format!("/channels/{CHANNEL_ID}/messages/{}", posted.id());
    fake.fail_rate_limited("PATCH", "/messages/", false, Duration::from_secs(1), None);
    let limited = call(&fake, "PATCH", &message, Some(json!({ "content": "y" }))).await;
    assert_eq!(limited.status, 429);
    assert_eq!(limited.body["global"], false);
    assert_eq!(limited.header("retry-after"), Some("1"));
    assert_eq!(limited.header("x-ratelimit-global"), None);
    assert_eq!(limited.header("x-ratelimit-scope"), Some("user"));
    // Other routes go on.
    assert_eq!(call(&fake, "GET", "/users/@me", None).await.status, 200);
    fake.assert_no_violations();
    // The same route inside the wait is a violation.
    let early = call(&fake, "PATCH", &message, Some(json!({ "content": "y" }))).await;
    assert_eq!(early.status, 429);
    assert_eq!(fake.violations().len(), 1);
    // After the wait the (still injected) limit answers 429 again, without a violation.
    fake.advance(Duration::from_secs(1));
    let after = call(&fake, "PATCH", &message, Some(json!({ "content": "y" }))).await;
    assert_eq!(after.status, 429);
    assert_eq!(fake.violations().len(), 1);
    assert_eq!(fake.rate_limited(), 3);
}

/// A message the bot posted with one button, as the fake stores it.
async fn message_with_button(fake: &FakeDiscord) -> crate::fake_discord::Msg {
    let body = json!({ "content": "table", "components": [{ "type": 1, "components": [
        { "type": 2, "style": 1, "label": "Draw", "custom_id": "mj:1:draw" }
    ]}]});
    let id = post_message(fake, CHANNEL_ID, body).await.id();
    fake.all_messages()
        .into_iter()
        .find(|m| m.id == id)
        .unwrap()
}

#[tokio::test]
#[should_panic(expected = "mj:1:forged is not on the message")]
async fn fake_truth_click_refuses_an_id_not_on_the_message() {
    let fake = FakeDiscord::start().await;
    let message = message_with_button(&fake).await;
    assert_eq!(message.custom_ids(), ["mj:1:draw"]);
    fake.click(&alice(), &message, "mj:1:forged").await;
}

#[tokio::test]
#[should_panic(expected = "mj:1:forged is not on the message")]
async fn fake_truth_click_unanswered_refuses_an_id_not_on_the_message() {
    let fake = FakeDiscord::start().await;
    let message = message_with_button(&fake).await;
    fake.click_unanswered(&alice(), &message, "mj:1:forged")
        .await;
}
