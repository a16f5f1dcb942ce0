//! Checks every request body the bot sends: against Discord's official OpenAPI specification
//! for its route and method (JSON Schema 2020-12), and against the documented limits the
//! specification does not enforce.

use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, OnceLock};

use serde_json::{json, Value};

fn spec() -> &'static Value {
    static SPEC: OnceLock<Value> = OnceLock::new();
    SPEC.get_or_init(|| {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/discord-openapi.json"
        );
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
            panic!("the Discord OpenAPI spec (reduced) is needed at {path}: {e}")
        });
        serde_json::from_str(&text).expect("openapi.json is JSON")
    })
}

/// The spec's path template for a concrete path (`/channels/1/messages` →
/// `/channels/{channel_id}/messages`).
pub fn template_for(path: &str) -> Option<String> {
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    let paths = spec()["paths"].as_object()?;
    paths
        .keys()
        .filter(|t| {
            let ts: Vec<&str> = t.trim_matches('/').split('/').collect();
            ts.len() == segments.len()
                && ts
                    .iter()
                    .zip(&segments)
                    .all(|(t, s)| (t.starts_with('{') && t.ends_with('}')) || t == s)
        })
        // Prefer the template with the most literal segments (`@original` over `{message_id}`).
        .max_by_key(|t| t.split('/').filter(|s| !s.starts_with('{')).count())
        .cloned()
}

type Validators = HashMap<(String, String), Option<jsonschema::Validator>>;

fn validators() -> &'static Mutex<Validators> {
    static V: OnceLock<Mutex<Validators>> = OnceLock::new();
    V.get_or_init(Default::default)
}

/// Validates a request body; returns every problem found.
pub fn check_request(method: &str, path: &str, body: &Value) -> Vec<String> {
    let Some(template) = template_for(path) else {
        return vec![format!("{method} {path}: no such route in Discord's API")];
    };
    let op = &spec()["paths"][&template][method.to_lowercase()];
    if op.is_null() {
        return vec![format!("{method} {path}: {template} has no {method}")];
    }
    let mut problems = Vec::new();
    let key = (method.to_string(), template.clone());
    let mut cache = validators().lock().unwrap();
    let validator = cache.entry(key).or_insert_with(|| {
        let schema = &op["requestBody"]["content"]["application/json"]["schema"];
        if schema.is_null() {
            return None;
        }
        let mut doc = schema.as_object().cloned().unwrap_or_default();
        doc.insert("components".into(), reachable_components(schema));
        Some(
            jsonschema::options()
                .with_draft(jsonschema::Draft::Draft202012)
                .build(&Value::Object(doc))
                .expect("the spec's schemas compile"),
        )
    });
    if let Some(validator) = validator {
        let body = coerce(body.clone());
        for error in validator.iter_errors(&body).take(5) {
            problems.push(format!(
                "{method} {path}: {error} at {}",
                error.instance_path
            ));
        }
    }
    problems.extend(check_limits(method, path, body));
    problems
}

/// Only the component schemas `schema` refers to, directly or through others: compiling the
/// whole specification for every route would take minutes.
fn reachable_components(schema: &Value) -> Value {
    fn refs(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(map) => {
                if let Some(r) = map.get("$ref").and_then(Value::as_str) {
                    out.push(r.to_string());
                }
                map.values().for_each(|x| refs(x, out));
            }
            Value::Array(items) => items.iter().for_each(|x| refs(x, out)),
            _ => {}
        }
    }
    let mut kept = serde_json::Map::new();
    let mut todo = Vec::new();
    refs(schema, &mut todo);
    while let Some(r) = todo.pop() {
        let Some(rest) = r.strip_prefix("#/components/") else {
            continue;
        };
        let mut parts = rest.splitn(2, '/');
        let (Some(kind), Some(name)) = (parts.next(), parts.next()) else {
            continue;
        };
        let slot = kept
            .entry(kind.to_string())
            .or_insert_with(|| json!({}))
            .as_object_mut()
            .expect("an object");
        if slot.contains_key(name) {
            continue;
        }
        let target = spec()["components"][kind][name].clone();
        refs(&target, &mut todo);
        slot.insert(name.to_string(), target);
    }
    Value::Object(kept)
}

/// serenity sends `default_member_permissions` as a string where the spec says integer; the
/// API accepts integer-like strings (shared/discord/NOTES.md). An upload's `attachments[].id`
/// names its `files[n]` part by index: the spec types it as a snowflake string, but Discord's
/// own "Uploading Files" example sends the integer `0`, and serenity sends integers.
fn coerce(mut body: Value) -> Value {
    fn fix(v: &mut Value) {
        if let Some(s) = v.get("default_member_permissions").and_then(Value::as_str) {
            if let Ok(n) = s.parse::<u64>() {
                v["default_member_permissions"] = json!(n);
            }
        }
        attachment_ids(v);
        if let Some(data) = v.get_mut("data") {
            attachment_ids(data);
        }
    }
    fn attachment_ids(message: &mut Value) {
        if let Some(list) = message.get_mut("attachments").and_then(Value::as_array_mut) {
            for a in list {
                if let Some(n) = a.get("id").and_then(Value::as_u64) {
                    a["id"] = json!(n.to_string());
                }
            }
        }
    }
    match &mut body {
        Value::Array(items) => items.iter_mut().for_each(fix),
        other => fix(other),
    }
    body
}

/// The documented limits the spec does not enforce.
fn check_limits(method: &str, path: &str, body: &Value) -> Vec<String> {
    let message = if path.ends_with("/callback") {
        &body["data"]
    } else {
        body
    };
    if message.is_null() || !message.is_object() {
        return Vec::new();
    }
    let mut problems = Vec::new();
    let mut fail = |what: String| problems.push(format!("{method} {path}: {what}"));
    let chars = |v: &Value| v.as_str().map_or(0, |s| s.chars().count());
    if chars(&message["content"]) > 2000 {
        fail(format!(
            "content of {} characters > 2000",
            chars(&message["content"])
        ));
    }
    if let Some(embeds) = message["embeds"].as_array() {
        if embeds.len() > 10 {
            fail(format!("{} embeds > 10", embeds.len()));
        }
        let mut total = 0;
        for e in embeds {
            for (field, max) in [("title", 256), ("description", 4096)] {
                if chars(&e[field]) > max {
                    fail(format!("embed {field} > {max}"));
                }
                total += chars(&e[field]);
            }
            total += chars(&e["footer"]["text"]);
            let fields = e["fields"].as_array().cloned().unwrap_or_default();
            if fields.len() > 25 {
                fail("more than 25 embed fields".into());
            }
            for f in &fields {
                if chars(&f["name"]) > 256 || chars(&f["value"]) > 1024 {
                    fail("embed field too long".into());
                }
                total += chars(&f["name"]) + chars(&f["value"]);
            }
        }
        if total > 6000 {
            fail(format!("embeds total {total} characters > 6000"));
        }
    }
    if let Some(rows) = message["components"].as_array() {
        if rows.len() > 5 {
            fail(format!("{} action rows > 5", rows.len()));
        }
        let mut ids = HashSet::new();
        for row in rows {
            let items = row["components"].as_array().cloned().unwrap_or_default();
            let buttons = items.iter().filter(|c| c["type"] == 2).count();
            let selects = items.iter().filter(|c| c["type"] != 2).count();
            if buttons > 5 || (selects > 0 && items.len() > 1) || items.is_empty() {
                fail(format!(
                    "a row holds {buttons} buttons and {selects} selects"
                ));
            }
            for c in &items {
                let id = c["custom_id"].as_str().unwrap_or_default();
                if c["style"] != 5 && (id.is_empty() || id.chars().count() > 100) {
                    fail(format!("custom_id {id:?} must be 1-100 characters"));
                }
                if !id.is_empty() && !ids.insert(id.to_string()) {
                    fail(format!("duplicate custom_id {id}"));
                }
                if chars(&c["label"]) > 80 {
                    fail(format!(
                        "button label of {} characters > 80",
                        chars(&c["label"])
                    ));
                }
                if c["options"].as_array().is_some_and(|o| o.len() > 25) {
                    fail("select with more than 25 options".into());
                }
            }
        }
    }
    problems
}

/// Every route the fake serves (one concrete request per arm of `rest` in `mod.rs`) has its
/// operation in the reduced specification, and every `$ref` in it resolves: the reduced copy
/// in `tests/data/` validates everything the full document would.
#[test]
fn validation_covers_every_route_the_fake_serves() {
    const SERVED: &[(&str, &str)] = &[
        ("GET", "/gateway"),
        ("GET", "/gateway/bot"),
        ("GET", "/users/@me"),
        ("GET", "/oauth2/applications/@me"),
        ("PUT", "/applications/1/commands"),
        ("PUT", "/applications/1/guilds/2/commands"),
        ("POST", "/interactions/1/tok/callback"),
        ("GET", "/webhooks/1/tok/messages/@original"),
        ("PATCH", "/webhooks/1/tok/messages/@original"),
        ("DELETE", "/webhooks/1/tok/messages/@original"),
        ("POST", "/webhooks/1/tok"),
        ("PATCH", "/webhooks/1/tok/messages/3"),
        ("DELETE", "/webhooks/1/tok/messages/3"),
        ("POST", "/channels/1/messages"),
        ("PATCH", "/channels/1/messages/3"),
        ("DELETE", "/channels/1/messages/3"),
        ("POST", "/channels/1/messages/3/threads"),
        ("POST", "/channels/1/threads"),
        ("GET", "/channels/1"),
        ("GET", "/guilds/2"),
        ("GET", "/applications/1/emojis"),
        ("POST", "/applications/1/emojis"),
        ("GET", "/applications/1/emojis/4"),
        ("PATCH", "/applications/1/emojis/4"),
        ("DELETE", "/applications/1/emojis/4"),
    ];
    for (method, path) in SERVED {
        let template = template_for(path).unwrap_or_else(|| {
            panic!("{method} {path}: missing from tests/data/discord-openapi.json")
        });
        assert!(
            !spec()["paths"][&template][method.to_lowercase()].is_null(),
            "{method} {template}: missing from tests/data/discord-openapi.json"
        );
    }
    // The bodies the bot sends have schemas to check them against.
    for (method, path) in [
        ("POST", "/channels/1/messages"),
        ("POST", "/interactions/1/tok/callback"),
        ("POST", "/applications/1/emojis"),
    ] {
        let template = template_for(path).unwrap();
        let schema = &spec()["paths"][&template][method.to_lowercase()]["requestBody"];
        assert!(
            !schema.is_null(),
            "{method} {template} has a request body schema"
        );
    }
    fn refs(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(map) => {
                if let Some(r) = map.get("$ref").and_then(Value::as_str) {
                    out.push(r.to_string());
                }
                map.values().for_each(|x| refs(x, out));
            }
            Value::Array(items) => items.iter().for_each(|x| refs(x, out)),
            _ => {}
        }
    }
    let mut all = Vec::new();
    refs(spec(), &mut all);
    for r in all {
        let pointer = r.strip_prefix('#').expect("a local $ref");
        assert!(spec().pointer(pointer).is_some(), "{r} does not resolve");
    }
}

/// Create Message accepts `nonce` (a string of at most 25 characters, or an integer) with
/// `enforce_nonce`, as Discord documents; a longer nonce is refused.
#[test]
fn fake_truth_the_validator_accepts_nonce_and_enforce_nonce() {
    let path = "/channels/1/messages";
    for nonce in [
        json!("match-1-open"),
        json!(1_234_567_890_i64),
        json!("x".repeat(25)),
    ] {
        let body = json!({ "content": "hi", "nonce": nonce, "enforce_nonce": true });
        let problems = check_request("POST", path, &body);
        assert!(problems.is_empty(), "{problems:?}");
    }
    let body = json!({ "content": "hi", "nonce": "x".repeat(26), "enforce_nonce": true });
    assert!(!check_request("POST", path, &body).is_empty());
}
