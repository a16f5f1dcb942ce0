//! A message as the views describe it, independent of serenity so that views are plain
//! functions with plain tests; the adapter turns it into Discord's builders. Also the checks
//! of Discord's documented limits that every view must pass.

/// Discord's documented limits (see shared/discord/NOTES.md).
pub mod limits {
    pub const CONTENT: usize = 2000;
    pub const EMBEDS: usize = 10;
    pub const EMBED_TITLE: usize = 256;
    pub const EMBED_DESCRIPTION: usize = 4096;
    pub const EMBED_FIELDS: usize = 25;
    pub const FIELD_NAME: usize = 256;
    pub const FIELD_VALUE: usize = 1024;
    pub const FOOTER: usize = 2048;
    pub const EMBED_TOTAL: usize = 6000;
    pub const ROWS: usize = 5;
    pub const BUTTONS_PER_ROW: usize = 5;
    pub const CUSTOM_ID: usize = 100;
    pub const LABEL: usize = 80;
    pub const SELECT_OPTIONS: usize = 25;
    pub const OPTION_TEXT: usize = 100;
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Primary,
    Secondary,
    Success,
    Danger,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Button {
    pub id: String,
    /// May be empty when the button has an emoji.
    pub label: String,
    pub style: Style,
    pub disabled: bool,
    /// A custom emoji shown before the label: its id and name (a piece's art).
    pub emoji: Option<(u64, String)>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectOption {
    pub label: String,
    pub value: String,
    /// A second, greyer line under the label; empty for none.
    pub description: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Row {
    Buttons(Vec<Button>),
    Select {
        id: String,
        placeholder: String,
        options: Vec<SelectOption>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Field {
    pub name: String,
    pub value: String,
    pub inline: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Embed {
    pub title: String,
    pub description: String,
    pub fields: Vec<Field>,
    pub footer: String,
    pub color: u32,
    /// The picture shown large in the embed: `attachment://{filename}` of the message's
    /// [`Attachment`].
    pub image: Option<String>,
}

/// Discord's limit on the files of one message (a server without boosts).
pub const MAX_ATTACHMENT_BYTES: usize = 10 * 1024 * 1024;

/// A file sent with a message: a game's picture (mining's board), shown by the first embed.
#[derive(Clone, PartialEq, Eq, Default)]
pub struct Attachment {
    pub filename: String,
    pub bytes: Vec<u8>,
}

impl std::fmt::Debug for Attachment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Attachment({}, {} bytes)",
            self.filename,
            self.bytes.len()
        )
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Message {
    pub content: String,
    pub embeds: Vec<Embed>,
    pub rows: Vec<Row>,
    pub ephemeral: bool,
    /// A file sent with it (replacing the files of the message it edits).
    pub attachment: Option<Attachment>,
}

impl Message {
    /// A plain public message.
    pub fn text(content: impl Into<String>) -> Message {
        Message {
            content: content.into(),
            ..Message::default()
        }
    }

    /// The same message with `picture` attached and shown by its first embed (a message
    /// without an embed gets an empty one).
    pub fn with_picture(mut self, picture: Option<crate::games::interface::Picture>) -> Message {
        let Some(picture) = picture else {
            return self;
        };
        if self.embeds.is_empty() {
            self.embeds.push(Embed::default());
        }
        self.embeds[0].image = Some(format!("attachment://{}", picture.filename));
        self.attachment = Some(Attachment {
            filename: picture.filename.to_string(),
            bytes: picture.png,
        });
        self
    }

    /// Every piece of visible text, for tests that look for what a message shows.
    pub fn all_text(&self) -> String {
        let mut out = self.content.clone();
        for e in &self.embeds {
            for s in [&e.title, &e.description, &e.footer] {
                out.push('\n');
                out.push_str(s);
            }
            for f in &e.fields {
                out.push('\n');
                out.push_str(&f.name);
                out.push('\n');
                out.push_str(&f.value);
            }
        }
        for row in &self.rows {
            match row {
                Row::Buttons(buttons) => buttons.iter().for_each(|b| {
                    out.push('\n');
                    out.push_str(&b.label);
                }),
                Row::Select { options, .. } => options.iter().for_each(|o| {
                    out.push('\n');
                    out.push_str(&o.label);
                }),
            }
        }
        out
    }

    /// Checks Discord's documented limits; the error names the first one broken.
    pub fn check_limits(&self) -> Result<(), String> {
        use limits::*;
        let chars = |s: &str| s.chars().count();
        let over =
            |what: &str, n: usize, max: usize| (n > max).then(|| format!("{what}: {n} > {max}"));
        let mut problems: Vec<Option<String>> = vec![
            over("content", chars(&self.content), CONTENT),
            over("embeds", self.embeds.len(), EMBEDS),
            over("rows", self.rows.len(), ROWS),
        ];
        let mut total = 0;
        for e in &self.embeds {
            problems.push(over("embed title", chars(&e.title), EMBED_TITLE));
            problems.push(over(
                "embed description",
                chars(&e.description),
                EMBED_DESCRIPTION,
            ));
            problems.push(over("embed fields", e.fields.len(), EMBED_FIELDS));
            problems.push(over("footer", chars(&e.footer), FOOTER));
            total += chars(&e.title) + chars(&e.description) + chars(&e.footer);
            for f in &e.fields {
                problems.push(over("field name", chars(&f.name), FIELD_NAME));
                problems.push(over("field value", chars(&f.value), FIELD_VALUE));
                problems
                    .push((f.name.is_empty() || f.value.is_empty()).then(|| "empty field".into()));
                total += chars(&f.name) + chars(&f.value);
            }
        }
        problems.push(over("embed total", total, EMBED_TOTAL));
        let mut ids = std::collections::HashSet::new();
        for row in &self.rows {
            match row {
                Row::Buttons(buttons) => {
                    problems.push(over("buttons in a row", buttons.len(), BUTTONS_PER_ROW));
                    problems.push(buttons.is_empty().then(|| "empty row".into()));
                    for b in buttons {
                        problems.push(over("custom_id", b.id.len(), CUSTOM_ID));
                        problems.push(over("label", chars(&b.label), LABEL));
                        problems.push(
                            (b.label.is_empty() && b.emoji.is_none())
                                .then(|| format!("button {} has neither label nor emoji", b.id)),
                        );
                        problems.push(
                            (!ids.insert(b.id.clone())).then(|| format!("duplicate id {}", b.id)),
                        );
                    }
                }
                Row::Select { id, options, .. } => {
                    problems.push(over("custom_id", id.len(), CUSTOM_ID));
                    problems.push(over("select options", options.len(), SELECT_OPTIONS));
                    problems.push(options.is_empty().then(|| "empty select".into()));
                    problems.push((!ids.insert(id.clone())).then(|| format!("duplicate id {id}")));
                    for o in options {
                        problems.push(over("option label", chars(&o.label), OPTION_TEXT));
                        problems.push(over("option value", chars(&o.value), OPTION_TEXT));
                        problems.push(over(
                            "option description",
                            chars(&o.description),
                            OPTION_TEXT,
                        ));
                    }
                }
            }
        }
        if let Some(a) = &self.attachment {
            problems.push(over(
                "attachment bytes",
                a.bytes.len(),
                MAX_ATTACHMENT_BYTES,
            ));
            let shown = format!("attachment://{}", a.filename);
            problems.push(
                (!self
                    .embeds
                    .iter()
                    .any(|e| e.image.as_deref() == Some(&shown)))
                .then(|| format!("attachment {} is shown by no embed", a.filename)),
            );
        }
        for e in &self.embeds {
            if let Some(name) = e
                .image
                .as_ref()
                .and_then(|i| i.strip_prefix("attachment://"))
            {
                problems.push(
                    (self.attachment.as_ref().map(|a| a.filename.as_str()) != Some(name))
                        .then(|| format!("the embed shows {name}, which is not attached")),
                );
            }
        }
        match problems.into_iter().flatten().next() {
            Some(p) => Err(p),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::interface::Picture;

    fn picture(filename: &'static str) -> Option<Picture> {
        Some(Picture {
            filename,
            png: vec![0; 16],
        })
    }

    #[test]
    fn a_picture_is_attached_and_shown_by_the_first_embed() {
        let m = Message::text("hi").with_picture(picture("board.png"));
        assert_eq!(m.embeds.len(), 1, "an embed to show it");
        assert_eq!(m.embeds[0].image.as_deref(), Some("attachment://board.png"));
        assert_eq!(m.attachment.as_ref().unwrap().filename, "board.png");
        assert_eq!(m.check_limits(), Ok(()));
        assert_eq!(Message::text("hi").with_picture(None), Message::text("hi"));
    }

    #[test]
    fn an_image_that_is_not_attached_or_too_large_breaks_the_limits() {
        let mut m = Message::text("hi").with_picture(picture("board.png"));
        m.embeds[0].image = Some("attachment://other.png".into());
        assert!(m.check_limits().is_err());
        let mut m = Message::text("hi").with_picture(picture("board.png"));
        m.attachment.as_mut().unwrap().bytes = vec![0; MAX_ATTACHMENT_BYTES + 1];
        assert!(m.check_limits().unwrap_err().contains("attachment bytes"));
    }
}
