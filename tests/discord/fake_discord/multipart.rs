//! Requests with files, as Discord takes them: `multipart/form-data` with the JSON body in a
//! `payload_json` part and each file in a `files[n]` part ("Uploading Files" in Discord's
//! reference). Parsed with `multer`, the parser axum itself uses.

use axum::body::Bytes;
use serde_json::Value;

/// Discord's limit on one request's attachments for a server without boosts (the fake's
/// guild reports the same `attachment_size_limit`).
pub const ATTACHMENT_SIZE_LIMIT: usize = 10 * 1024 * 1024;

/// A file a request carried.
#[derive(Clone, PartialEq, Eq)]
pub struct Upload {
    pub filename: String,
    /// Shared: the tests' players copy every message they look at, and a board picture is
    /// some 110 KB (copying it per look was a third of the CPU of a many-table benchmark).
    pub bytes: std::sync::Arc<[u8]>,
    /// `n` of its `files[n]` part: the id its request's `attachments` names it by.
    pub index: u64,
    /// Its attachment's snowflake once a message holds it (0 before).
    pub id: u64,
}

impl std::fmt::Debug for Upload {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Upload({}, {} bytes, files[{}], id {})",
            self.filename,
            self.bytes.len(),
            self.index,
            self.id
        )
    }
}

/// The JSON body and the files of a multipart request; `Err` says what Discord would refuse.
pub async fn parse(content_type: &str, body: Bytes) -> Result<(Value, Vec<Upload>), String> {
    let boundary = multer::parse_boundary(content_type).map_err(|e| e.to_string())?;
    let stream = futures_util::stream::once(async move { Ok::<_, std::io::Error>(body) });
    let mut form = multer::Multipart::new(stream, boundary);
    let mut payload = Value::Null;
    let mut files = Vec::new();
    while let Some(field) = form.next_field().await.map_err(|e| e.to_string())? {
        let name = field.name().unwrap_or_default().to_string();
        let filename = field.file_name().map(str::to_string);
        let bytes = field.bytes().await.map_err(|e| e.to_string())?;
        if name == "payload_json" {
            payload = serde_json::from_slice(&bytes)
                .map_err(|e| format!("payload_json is not JSON: {e}"))?;
        } else if let Some(n) = name
            .strip_prefix("files[")
            .and_then(|n| n.strip_suffix(']'))
        {
            let index: u64 = n
                .parse()
                .map_err(|_| format!("{name}: not files[n] with a number n"))?;
            let filename = filename.ok_or_else(|| format!("{name} has no filename"))?;
            if files.iter().any(|f: &Upload| f.index == index) {
                return Err(format!("{name} twice"));
            }
            files.push(Upload {
                filename,
                bytes: bytes.as_ref().into(),
                index,
                id: 0,
            });
        } else {
            return Err(format!("unexpected form field {name:?}"));
        }
    }
    let total: usize = files.iter().map(|f| f.bytes.len()).sum();
    if total > ATTACHMENT_SIZE_LIMIT {
        return Err(format!(
            "{total} bytes of files, over the {ATTACHMENT_SIZE_LIMIT}-byte limit"
        ));
    }
    Ok((payload, files))
}

/// The files of a message after a request: `existing` (none for a new message) and the
/// request's `incoming` uploads, as Discord keeps them. With an `attachments` array in the
/// JSON, each entry names an uploaded file by its `files[n]` index (new; its `filename`
/// renames it) or one of the message's attachments by id (kept); the message's attachments
/// it does not name are removed. Without one, the uploads are added to what the message has.
/// `Err` names an entry that is neither, as Discord refuses it (400 Invalid Form Body).
pub fn attachments_after(
    existing: &[Upload],
    mut incoming: Vec<Upload>,
    body: &Value,
) -> Result<Vec<Upload>, String> {
    let Some(list) = body.get("attachments").and_then(Value::as_array) else {
        let mut files = existing.to_vec();
        files.extend(incoming);
        return Ok(files);
    };
    let mut kept = Vec::new();
    for (i, entry) in list.iter().enumerate() {
        let id = match &entry["id"] {
            Value::Number(n) => n.as_u64(),
            Value::String(s) => s.parse().ok(),
            _ => None,
        }
        .ok_or_else(|| format!("attachments[{i}] has no id"))?;
        if let Some(new) = incoming.iter_mut().find(|f| f.index == id) {
            if let Some(name) = entry["filename"].as_str() {
                new.filename = name.to_string();
            }
        } else if let Some(old) = existing.iter().find(|f| f.id == id) {
            kept.push(old.clone());
        } else {
            return Err(format!(
                "attachments[{i}] id {id} names neither an uploaded files[n] nor an attachment of the message"
            ));
        }
    }
    kept.extend(incoming);
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn upload(name: &str, index: u64, id: u64) -> Upload {
        Upload {
            filename: name.into(),
            bytes: vec![1].into(),
            index,
            id,
        }
    }

    #[test]
    fn attachments_name_uploads_by_index_and_kept_files_by_id() {
        let old = [upload("old.png", 0, 77), upload("other.png", 1, 78)];
        let names = |files: &[Upload]| files.iter().map(|f| f.filename.clone()).collect::<Vec<_>>();
        // Replaced: only the new upload is listed.
        let body = json!({"attachments": [{"id": 0, "filename": "board.png"}]});
        let files = attachments_after(&old, vec![upload("x.png", 0, 0)], &body).unwrap();
        assert_eq!(names(&files), ["board.png"]);
        // One kept by its id (a string, as Discord returns it), one new.
        let body = json!({"attachments": [{"id": "78"}, {"id": 0}]});
        let files = attachments_after(&old, vec![upload("new.png", 0, 0)], &body).unwrap();
        assert_eq!(names(&files), ["other.png", "new.png"]);
        // Without an array, uploads are added.
        let files = attachments_after(&old, vec![upload("new.png", 0, 0)], &json!({})).unwrap();
        assert_eq!(names(&files), ["old.png", "other.png", "new.png"]);
        // An id that names nothing is refused.
        let body = json!({"attachments": [{"id": 1}]});
        assert!(attachments_after(&old, vec![upload("new.png", 0, 0)], &body).is_err());
        let body = json!({"attachments": [{"filename": "a.png"}]});
        assert!(attachments_after(&[], Vec::new(), &body).is_err());
    }
}
