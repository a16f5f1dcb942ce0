//! Turning a view's [`Message`] into serenity builders.

use poise::serenity_prelude as serenity;

use super::view::model::{Message, Row, Style};

fn style(s: Style) -> serenity::ButtonStyle {
    match s {
        Style::Primary => serenity::ButtonStyle::Primary,
        Style::Secondary => serenity::ButtonStyle::Secondary,
        Style::Success => serenity::ButtonStyle::Success,
        Style::Danger => serenity::ButtonStyle::Danger,
    }
}

pub fn rows_of(message: &Message) -> Vec<serenity::CreateActionRow> {
    message
        .rows
        .iter()
        .map(|row| match row {
            Row::Buttons(buttons) => serenity::CreateActionRow::Buttons(
                buttons
                    .iter()
                    .map(|b| {
                        let mut button = serenity::CreateButton::new(b.id.clone())
                            .style(style(b.style))
                            .disabled(b.disabled);
                        if !b.label.is_empty() {
                            button = button.label(b.label.clone());
                        }
                        if let Some((id, name)) = &b.emoji {
                            button = button.emoji(serenity::ReactionType::Custom {
                                animated: false,
                                id: serenity::EmojiId::new(*id),
                                name: Some(name.clone()),
                            });
                        }
                        button
                    })
                    .collect(),
            ),
            Row::Select {
                id,
                placeholder,
                options,
            } => serenity::CreateActionRow::SelectMenu(
                serenity::CreateSelectMenu::new(
                    id.clone(),
                    serenity::CreateSelectMenuKind::String {
                        options: options
                            .iter()
                            .map(|o| {
                                let option = serenity::CreateSelectMenuOption::new(
                                    o.label.clone(),
                                    o.value.clone(),
                                );
                                if o.description.is_empty() {
                                    option
                                } else {
                                    option.description(o.description.clone())
                                }
                            })
                            .collect(),
                    },
                )
                .placeholder(placeholder.clone()),
            ),
        })
        .collect()
}

pub fn embeds_of(message: &Message) -> Vec<serenity::CreateEmbed> {
    message
        .embeds
        .iter()
        .map(|e| {
            let mut embed = serenity::CreateEmbed::new().colour(e.color);
            if !e.title.is_empty() {
                embed = embed.title(e.title.clone());
            }
            if !e.description.is_empty() {
                embed = embed.description(e.description.clone());
            }
            if !e.footer.is_empty() {
                embed = embed.footer(serenity::CreateEmbedFooter::new(e.footer.clone()));
            }
            for f in &e.fields {
                embed = embed.field(f.name.clone(), f.value.clone(), f.inline);
            }
            if let Some(image) = &e.image {
                embed = embed.image(image.clone());
            }
            embed
        })
        .collect()
}

/// The message's file as serenity's attachment (its id 0 is `files[0]` of the request; the
/// builders list it in their `attachments`, which replaces the files of an edited message).
pub fn file_of(message: &Message) -> Option<serenity::CreateAttachment> {
    let a = message.attachment.as_ref()?;
    Some(serenity::CreateAttachment::bytes(
        a.bytes.clone(),
        a.filename.clone(),
    ))
}

/// An interaction response message (new or updating the clicked message).
pub fn response(message: &Message) -> serenity::CreateInteractionResponseMessage {
    let mut r = serenity::CreateInteractionResponseMessage::new()
        .embeds(embeds_of(message))
        .components(rows_of(message))
        .ephemeral(message.ephemeral);
    if !message.content.is_empty() {
        r = r.content(message.content.clone());
    }
    if let Some(file) = file_of(message) {
        r = r.files([file]);
    }
    r
}

/// A slash command's private answer.
pub fn ephemeral_reply(message: &Message) -> poise::CreateReply {
    reply(message).ephemeral(true)
}

/// A slash command's answer (ephemeral if the message is).
pub fn reply(message: &Message) -> poise::CreateReply {
    let mut reply = poise::CreateReply::default()
        .ephemeral(message.ephemeral)
        .components(rows_of(message));
    if !message.content.is_empty() {
        reply = reply.content(message.content.clone());
    }
    for embed in embeds_of(message) {
        reply = reply.embed(embed);
    }
    if let Some(file) = file_of(message) {
        reply = reply.attachment(file);
    }
    reply
}

/// A plain ephemeral answer.
pub fn ephemeral_text(text: &str) -> serenity::CreateInteractionResponse {
    serenity::CreateInteractionResponse::Message(
        serenity::CreateInteractionResponseMessage::new()
            .content(text)
            .ephemeral(true),
    )
}

/// A new channel message.
pub fn channel_message(message: &Message) -> serenity::CreateMessage {
    let mut m = serenity::CreateMessage::new()
        .embeds(embeds_of(message))
        .components(rows_of(message));
    if !message.content.is_empty() {
        m = m.content(message.content.clone());
    }
    if let Some(file) = file_of(message) {
        m = m.files([file]);
    }
    m
}

/// An edit of a channel message (the table).
pub fn edit_message(message: &Message) -> serenity::EditMessage {
    let edit = serenity::EditMessage::new()
        .content(message.content.clone())
        .embeds(embeds_of(message))
        .components(rows_of(message));
    match file_of(message) {
        Some(file) => edit.new_attachment(file),
        None => edit,
    }
}

/// The edit that completes a deferred response.
pub fn edit_response(message: &Message) -> serenity::EditInteractionResponse {
    let edit = serenity::EditInteractionResponse::new()
        .content(message.content.clone())
        .embeds(embeds_of(message))
        .components(rows_of(message));
    match file_of(message) {
        Some(file) => edit.new_attachment(file),
        None => edit,
    }
}

/// A follow-up message (after a deferred update).
pub fn followup(message: &Message) -> serenity::CreateInteractionResponseFollowup {
    let mut f = serenity::CreateInteractionResponseFollowup::new()
        .embeds(embeds_of(message))
        .components(rows_of(message))
        .ephemeral(message.ephemeral);
    if !message.content.is_empty() {
        f = f.content(message.content.clone());
    }
    if let Some(file) = file_of(message) {
        f = f.files([file]);
    }
    f
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::*;
    use crate::discord::view::model::Embed;
    use crate::games::interface::Picture;

    fn pictured() -> Message {
        let table = Message {
            embeds: vec![Embed {
                title: "table".into(),
                ..Embed::default()
            }],
            ..Message::default()
        };
        table.with_picture(Some(Picture {
            filename: "board.png",
            png: vec![137, 80, 78, 71],
        }))
    }

    fn json(builder: &impl serde::Serialize) -> Value {
        serde_json::to_value(builder).unwrap()
    }

    #[test]
    fn a_picture_is_the_one_attachment_files_0_and_its_embed_shows_it() {
        let m = pictured();
        let bodies = [
            json(&edit_response(&m)),
            json(&edit_message(&m)),
            json(&followup(&m)),
            json(&channel_message(&m)),
            json(&response(&m)),
        ];
        for body in bodies {
            let attachments = body["attachments"]
                .as_array()
                .expect("an attachments array");
            assert_eq!(attachments.len(), 1, "{body}");
            assert_eq!(attachments[0]["id"], json!(0), "files[0]: {body}");
            assert_eq!(attachments[0]["filename"], json!("board.png"));
            assert_eq!(
                body["embeds"][0]["image"]["url"],
                json!("attachment://board.png")
            );
            assert_eq!(body["embeds"][0]["title"], json!("table"));
        }
        assert_eq!(file_of(&m).unwrap().data, vec![137, 80, 78, 71]);
    }

    #[test]
    fn a_message_without_a_picture_uploads_nothing_and_leaves_files_alone() {
        let m = Message {
            embeds: vec![Embed {
                title: "table".into(),
                ..Embed::default()
            }],
            ..Message::default()
        };
        assert!(file_of(&m).is_none());
        for body in [json(&edit_response(&m)), json(&edit_message(&m))] {
            assert!(body.get("attachments").is_none_or(Value::is_null), "{body}");
            assert!(body["embeds"][0].get("image").is_none(), "{body}");
        }
    }
}
