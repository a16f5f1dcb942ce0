//! The fake keeps Discord's rate limits, driven over plain HTTP: 50 requests per second per
//! bot token outside the interaction endpoints (the callback and the webhook routes used
//! with an interaction token), each route's bucket with its `x-ratelimit-*` headers, 429s as
//! Discord answers them, a request inside a 429's wait counted as a violation, and the
//! requests that used the budget counted per route.

use std::time::Duration;

use serde_json::json;

use crate::fake_discord::ratelimit::Limit;
use crate::fake_discord::{FakeDiscord, User, APP_ID, CHANNEL_ID};
use crate::fake_truth::{call, Reply};

fn seconds(reply: &Reply, header: &str) -> f64 {
    reply.header(header).unwrap().parse().unwrap()
}

/// Sends `n` requests at once (a second is plenty for them on loopback).
async fn at_once(fake: &FakeDiscord, n: usize, method: &str, path: &str) -> Vec<Reply> {
    let calls = (0..n).map(|_| call(fake, method, path, None));
    futures_util::future::join_all(calls).await
}

#[tokio::test]
async fn fake_truth_a_bot_token_gets_fifty_requests_a_second_and_the_next_a_global_429() {
    let fake = FakeDiscord::start().await;
    let replies = at_once(&fake, 51, "GET", "/users/@me").await;
    let limited: Vec<&Reply> = replies.iter().filter(|r| r.status == 429).collect();
    assert_eq!(limited.len(), 1, "the 51st within the second");
    assert_eq!(replies.iter().filter(|r| r.status == 200).count(), 50);
    let limited = limited[0];
    assert_eq!(limited.body["message"], "You are being rate limited.");
    assert_eq!(limited.body["global"], true);
    let retry_after = limited.body["retry_after"].as_f64().unwrap();
    assert!(retry_after > 0.0 && retry_after <= 1.0, "{retry_after}");
    assert_eq!(limited.header("retry-after"), Some("1"), "whole seconds");
    assert_eq!(limited.header("x-ratelimit-global"), Some("true"));
    assert_eq!(limited.header("x-ratelimit-scope"), Some("global"));
    fake.assert_no_violations();
    assert_eq!(fake.limit_429s(), (1, 0));

    // Inside the wait, any other route is refused too, and sending is a violation.
    let early = call(&fake, "GET", "/gateway/bot", None).await;
    assert_eq!(early.status, 429);
    assert_eq!(early.body["global"], true);
    assert_eq!(fake.violations().len(), 1, "{:?}", fake.violations());
    assert!(fake.violations()[0].contains("global 429"));

    fake.advance(Duration::from_secs(1));
    assert_eq!(call(&fake, "GET", "/users/@me", None).await.status, 200);
    let used = fake.budget_by_route(0);
    assert_eq!(used.get("GET /users/@me"), Some(&51), "{used:?}");
    assert_eq!(
        used.get("GET /gateway/bot"),
        None,
        "refused requests are not counted"
    );
    assert_eq!(fake.budget_used(), 51);
    assert_eq!(fake.budget_peak(0), 50);
}

#[tokio::test]
async fn fake_truth_interaction_endpoints_are_not_bound_to_the_global_limit() {
    let fake = FakeDiscord::start().await;
    fake.set_global_limit(3);
    let user = User::new(53_908_232_506_183_680, "alice");
    let replies = at_once(&fake, 4, "GET", "/users/@me").await;
    assert_eq!(replies.iter().filter(|r| r.status == 429).count(), 1);
    let (id, token) = fake.issue_interaction(&user, None);
    // During the global wait: the callback, a follow-up, its edit and deletion all go.
    let callback = call(
        &fake,
        "POST",
        &format!("/interactions/{id}/{token}/callback"),
        Some(json!({ "type": 5, "data": { "flags": 64 } })),
    )
    .await;
    assert_eq!(callback.status, 204);
    let follow_up = call(
        &fake,
        "POST",
        &format!("/webhooks/{APP_ID}/{token}"),
        Some(json!({ "content": "table" })),
    )
    .await;
    assert_eq!(follow_up.status, 200, "{}", follow_up.body);
    let message = format!("/webhooks/{APP_ID}/{token}/messages/{}", follow_up.id());
    let edited = call(&fake, "PATCH", &message, Some(json!({ "content": "t2" }))).await;
    assert_eq!(edited.status, 200);
    assert_eq!(call(&fake, "DELETE", &message, None).await.status, 204);
    fake.assert_no_violations();
    assert_eq!(fake.budget_used(), 3, "none of them used the budget");
    assert_eq!(fake.budget_by_route(3), Default::default());

    // Another token of the application cannot reach that interaction's messages.
    let (_, other) = fake.issue_interaction(&user, None);
    let kept = call(
        &fake,
        "POST",
        &format!("/webhooks/{APP_ID}/{token}"),
        Some(json!({ "content": "kept" })),
    )
    .await;
    let through_other = format!("/webhooks/{APP_ID}/{other}/messages/{}", kept.id());
    let refused = call(
        &fake,
        "PATCH",
        &through_other,
        Some(json!({ "content": "x" })),
    )
    .await;
    assert_eq!(refused.status, 404);
    assert_eq!(refused.body["code"], 10008, "Unknown Message");
}

#[tokio::test]
async fn fake_truth_a_route_bucket_counts_down_in_its_headers_and_refuses_past_it() {
    let fake = FakeDiscord::start().await;
    let in_channel = format!("/channels/{CHANNEL_ID}/messages");
    let post = |path: String| {
        let fake = &fake;
        async move { call(fake, "POST", &path, Some(json!({ "content": "x" }))).await }
    };
    let mut bucket = None;
    for left in (0..5).rev() {
        let sent = post(in_channel.clone()).await;
        assert_eq!(sent.status, 200);
        assert_eq!(sent.header("x-ratelimit-limit"), Some("5"));
        assert_eq!(
            sent.header("x-ratelimit-remaining"),
            Some(left.to_string().as_str())
        );
        let after = seconds(&sent, "x-ratelimit-reset-after");
        assert!(after > 0.0 && after <= 5.0, "{after}");
        assert!(seconds(&sent, "x-ratelimit-reset") > 1.7e9, "epoch seconds");
        let id = sent.header("x-ratelimit-bucket").unwrap().to_string();
        assert_eq!(bucket.get_or_insert(id.clone()), &id, "one bucket");
    }
    let limited = post(in_channel.clone()).await;
    assert_eq!(limited.status, 429);
    assert_eq!(limited.body["global"], false);
    assert_eq!(limited.header("x-ratelimit-scope"), Some("user"));
    assert_eq!(limited.header("x-ratelimit-remaining"), Some("0"));
    assert_eq!(limited.header("x-ratelimit-global"), None);
    assert_eq!(limited.header("x-ratelimit-bucket"), bucket.as_deref());
    let retry_after = limited.body["retry_after"].as_f64().unwrap();
    assert!(retry_after > 0.0 && retry_after <= 5.0, "{retry_after}");
    fake.assert_no_violations();

    // The channel is the bucket's resource: another channel has its own.
    let other = post("/channels/645027906669510668/messages".into()).await;
    assert_eq!(other.status, 200);
    assert_eq!(other.header("x-ratelimit-remaining"), Some("4"));
    // A route without a bucket of its own only counts against the global limit.
    let me = call(&fake, "GET", "/users/@me", None).await;
    assert_eq!((me.status, me.header("x-ratelimit-limit")), (200, None));

    let early = post(in_channel.clone()).await;
    assert_eq!(early.status, 429);
    assert_eq!(fake.violations().len(), 1, "sent inside the wait");
    fake.advance(Duration::from_secs(5));
    let again = post(in_channel).await;
    assert_eq!(again.status, 200);
    assert_eq!(again.header("x-ratelimit-remaining"), Some("4"), "refilled");
    assert_eq!(fake.limit_429s(), (0, 2));
    let used = fake.budget_by_route(0);
    assert_eq!(
        used.get("POST /channels/{channel_id}/messages"),
        Some(&9),
        "{used:?}"
    );
}

#[tokio::test]
async fn fake_truth_an_interaction_tokens_bucket_is_its_own() {
    let fake = FakeDiscord::start().await;
    fake.set_route_limit(
        "POST /webhooks/{webhook_id}/{token}",
        Some(Limit {
            requests: 2,
            per: Duration::from_secs(2),
        }),
    );
    let user = User::new(53_908_232_506_183_680, "alice");
    let follow_up = |token: String| {
        let fake = &fake;
        async move {
            let path = format!("/webhooks/{APP_ID}/{token}");
            call(fake, "POST", &path, Some(json!({ "content": "x" }))).await
        }
    };
    let (_, first) = fake.issue_interaction(&user, None);
    let (_, second) = fake.issue_interaction(&user, None);
    assert_eq!(follow_up(first.clone()).await.status, 200);
    assert_eq!(follow_up(first.clone()).await.status, 200);
    let limited = follow_up(first).await;
    assert_eq!(limited.status, 429);
    assert_eq!(limited.header("x-ratelimit-scope"), Some("user"));
    assert_eq!(follow_up(second).await.status, 200, "another token");
    fake.assert_no_violations();
    assert_eq!(fake.budget_used(), 0);
}
