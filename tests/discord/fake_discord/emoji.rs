//! The application's emojis as Discord keeps them (`/applications/{app}/emojis`): list,
//! create, read, rename, delete, with Discord's checks and errors — a name of 2–32 letters,
//! digits or underscores, unique in the application (400 Invalid Form Body, 50035, with an
//! `errors` object naming the field); an image given as a PNG data URI of at most 256 KiB; at
//! most 2,000 emojis (400, 30008); an id that is not one 404 Unknown Emoji (10014). Each
//! refused request is also a violation: the bot lists before it uploads, so it never needs one.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use base64::Engine as _;
use serde_json::{json, Value};

use super::{bot_user, discord_error, State, APP_ID};

/// Discord: an application owns at most 2,000 emojis.
pub const MAX_EMOJIS: usize = 2000;
/// Discord: an emoji image is at most 256 KiB.
pub const MAX_IMAGE_BYTES: usize = 256 * 1024;

/// One emoji of the application.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredEmoji {
    pub id: u64,
    pub name: String,
    /// The decoded image.
    pub png: Vec<u8>,
}

impl StoredEmoji {
    fn json(&self) -> Value {
        json!({
            "id": self.id.to_string(), "name": self.name, "roles": [],
            "require_colons": true, "managed": false, "animated": false,
            "available": true, "user": bot_user(),
        })
    }
}

/// Serves `method` on `/applications/{app}/emojis` + `rest`.
pub(super) fn route(
    s: &mut State,
    method: &str,
    app: &str,
    rest: &[&str],
    body: &Value,
) -> Response {
    if app != APP_ID.to_string() {
        s.violations.push(format!(
            "{method} /applications/{app}/emojis: not this bot's application"
        ));
        return discord_error(404, "Unknown Application", 10002);
    }
    let id = rest.first().map(|id| id.parse::<u64>().unwrap_or(0));
    match (method, id) {
        ("GET", None) => {
            let items: Vec<Value> = s.emojis.iter().map(StoredEmoji::json).collect();
            Json(json!({ "items": items })).into_response()
        }
        ("POST", None) => create(s, body),
        ("GET", Some(id)) => match s.emojis.iter().find(|e| e.id == id) {
            Some(e) => Json(e.json()).into_response(),
            None => unknown_emoji(s, method, id),
        },
        ("PATCH", Some(id)) => rename(s, id, body),
        ("DELETE", Some(id)) => match s.emojis.iter().position(|e| e.id == id) {
            Some(at) => {
                s.emojis.remove(at);
                StatusCode::NO_CONTENT.into_response()
            }
            None => unknown_emoji(s, method, id),
        },
        _ => {
            s.violations.push(format!(
                "{method} application emojis: route not served by the fake"
            ));
            StatusCode::NOT_FOUND.into_response()
        }
    }
}

fn create(s: &mut State, body: &Value) -> Response {
    let name = body["name"].as_str().unwrap_or_default().to_string();
    if let Some(refused) = check_name(s, "POST", &name, None) {
        return refused;
    }
    let png = match decode_image(body["image"].as_str()) {
        Ok(png) => png,
        Err(why) => return invalid_form(s, "POST", "image", "BINARY_TYPE_INVALID", &why),
    };
    if s.emojis.len() >= MAX_EMOJIS {
        s.violations.push(format!(
            "POST application emojis: {MAX_EMOJIS} emojis already (Discord's maximum)"
        ));
        return discord_error(400, "Maximum number of emojis reached (2000)", 30008);
    }
    let emoji = StoredEmoji {
        id: s.snowflake(),
        name,
        png,
    };
    s.emojis.push(emoji.clone());
    (StatusCode::CREATED, Json(emoji.json())).into_response()
}

fn rename(s: &mut State, id: u64, body: &Value) -> Response {
    if !s.emojis.iter().any(|e| e.id == id) {
        return unknown_emoji(s, "PATCH", id);
    }
    let Some(name) = body["name"].as_str().map(str::to_string) else {
        let e = s.emojis.iter().find(|e| e.id == id).unwrap();
        return Json(e.json()).into_response();
    };
    if let Some(refused) = check_name(s, "PATCH", &name, Some(id)) {
        return refused;
    }
    let e = s.emojis.iter_mut().find(|e| e.id == id).unwrap();
    e.name = name;
    Json(e.json()).into_response()
}

/// Discord's name rules: 2–32 characters of `[A-Za-z0-9_]`, not taken by another emoji.
fn check_name(s: &mut State, method: &str, name: &str, renaming: Option<u64>) -> Option<Response> {
    let valid = (2..=32).contains(&name.chars().count())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !valid {
        let why = format!("name {name:?} is not 2-32 letters, digits or underscores");
        return Some(invalid_form(s, method, "name", "STRING_TYPE_REGEX", &why));
    }
    let taken = s
        .emojis
        .iter()
        .any(|e| e.name == name && Some(e.id) != renaming);
    taken.then(|| {
        let why = format!("an emoji named {name} exists already");
        invalid_form(
            s,
            method,
            "name",
            "APPLICATION_EMOJI_NAME_ALREADY_TAKEN",
            &why,
        )
    })
}

/// The image of a create request: `data:image/png;base64,…` decoding to a PNG of at most
/// 256 KiB.
fn decode_image(image: Option<&str>) -> Result<Vec<u8>, String> {
    let image = image.ok_or("no image")?;
    let data = image
        .strip_prefix("data:image/png;base64,")
        .ok_or("the image is not a data:image/png;base64 URI")?;
    let png = base64::engine::general_purpose::STANDARD
        .decode(data)
        .map_err(|e| format!("the image is not base64: {e}"))?;
    if png.len() > MAX_IMAGE_BYTES {
        return Err(format!("the image is {} bytes > 256 KiB", png.len()));
    }
    if !png.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Err("the image is not a PNG".into());
    }
    Ok(png)
}

/// Discord's 400 Invalid Form Body (50035) with the field's error, and a violation.
fn invalid_form(s: &mut State, method: &str, field: &str, code: &str, why: &str) -> Response {
    s.violations
        .push(format!("{method} application emojis: {why}"));
    let body = json!({
        "message": "Invalid Form Body", "code": 50035,
        "errors": { field: { "_errors": [{ "code": code, "message": why }] } },
    });
    (StatusCode::BAD_REQUEST, Json(body)).into_response()
}

/// 404 Unknown Emoji (10014), and a violation.
fn unknown_emoji(s: &mut State, method: &str, id: u64) -> Response {
    s.violations
        .push(format!("{method} application emoji {id}: no such emoji"));
    discord_error(404, "Unknown Emoji", 10014)
}
