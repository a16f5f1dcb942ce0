//! Requests with files, as Discord takes them: `multipart/form-data` with the JSON body in a
//! `payload_json` part and each file in a `files[n]` part ("Uploading Files" in Discord's
//! reference). Parsed with `multer`, the parser axum itself uses.

use axum::body::Bytes;
use serde_json::Value;

/// Discord's limit on one request's attachments for a server without boosts (the fake's
/// guild reports the same `attachment_size_limit`).
pub const ATTACHMENT_SIZE_LIMIT: usize = 10 * 1024 * 1024;

/// A file a request carried.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Upload {
    pub filename: String,
    pub bytes: Vec<u8>,
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
        } else if name.starts_with("files[") && name.ends_with(']') {
            let filename = filename.ok_or_else(|| format!("{name} has no filename"))?;
            files.push(Upload {
                filename,
                bytes: bytes.to_vec(),
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
