//! The fake writes messages, interactions and gateway frames straight from its state
//! (`MessageJson`, `WithMessage`, `Frame`) rather than building `Value`s first: these check
//! that the bytes are those of the `json!` objects it used to build.

use serde_json::{json, Value};

use super::{
    bot_user, frame, message_json, payload_of, FakeDiscord, MessageJson, Msg, User, WithMessage,
    APP_ID,
};

/// How the fake built a message's JSON before `MessageJson`.
fn built_message_json(m: &Msg) -> Value {
    let mut v = json!({
        "id": m.id.to_string(), "channel_id": m.channel_id.to_string(), "author": bot_user(),
        "content": m.content, "timestamp": "2026-11-23T00:00:00.000000+00:00",
        "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [],
        "mention_roles": [], "attachments": [], "embeds": m.embeds, "pinned": false,
        "type": 0, "flags": if m.visible_to.is_some() { 64 } else { 0 },
        "components": m.components, "application_id": APP_ID.to_string(),
    });
    if let Some(nonce) = &m.nonce {
        v["nonce"] = json!(nonce);
    }
    if m.token.is_some() {
        v["webhook_id"] = json!(APP_ID.to_string());
    }
    v
}

/// A public table, an ephemeral hand answered through a token, a message with a nonce.
fn messages() -> Vec<Msg> {
    let public = Msg {
        id: 1_100_000_000_000_000_007,
        channel_id: 645_027_906_669_510_667,
        visible_to: None,
        content: "a \"quoted\" table\nwith é and <@1>".into(),
        embeds: vec![json!({ "title": "Table", "fields": [{ "name": "a", "value": "1" }] })],
        components: vec![json!({ "type": 1, "components": [
            { "type": 2, "style": 1, "label": "My hand", "custom_id": "mj:1:2:hand" },
            { "type": 3, "custom_id": "mj:1:2:discard", "options": [{ "label": "1m", "value": "0" }] },
        ]})],
        token: None,
        nonce: None,
        files: Vec::new(),
    };
    let hand = Msg {
        visible_to: Some(53_908_232_506_183_680),
        token: Some("token-1".into()),
        embeds: Vec::new(),
        ..public.clone()
    };
    let posted = Msg {
        nonce: Some("match-1-open".into()),
        components: Vec::new(),
        ..public.clone()
    };
    vec![public, hand, posted]
}

#[test]
fn messages_are_written_as_before() {
    for m in messages() {
        let before = built_message_json(&m).to_string();
        assert_eq!(serde_json::to_string(&MessageJson::of(&m)).unwrap(), before);
        assert_eq!(message_json(&m), built_message_json(&m));
    }
}

#[test]
fn frames_are_written_as_before() {
    let d = json!({ "heartbeat_interval": 1000, "b": [1, null, "x"] });
    for (t, s) in [(None, None), (Some("INTERACTION_CREATE"), Some(42))] {
        let before = json!({ "op": 0, "t": t, "s": s, "d": d }).to_string();
        let raw = payload_of(&d);
        for written in [frame(0, t, s, d.clone()), frame(0, t, s, &*raw)] {
            assert_eq!(written.into_text().unwrap().as_str(), before);
        }
    }
}

#[tokio::test]
async fn interactions_are_written_as_before() {
    let fake = FakeDiscord::start().await;
    let user = User::new(53_908_232_506_183_680, "alice");
    for m in messages() {
        for values in [None, Some(vec!["0".to_string()])] {
            let (_, d) =
                fake.component_interaction_but_message(&user, &m, "mj:1:2:discard", values);
            let mut whole = d.clone();
            whole["message"] = built_message_json(&m);
            let fields = d.as_object().unwrap();
            let written = payload_of(&WithMessage {
                fields,
                message: &m,
            });
            assert_eq!(written.get(), whole.to_string());
        }
    }
}
