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
            embed
        })
        .collect()
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
    m
}

/// An edit of a channel message (the table).
pub fn edit_message(message: &Message) -> serenity::EditMessage {
    serenity::EditMessage::new()
        .content(message.content.clone())
        .embeds(embeds_of(message))
        .components(rows_of(message))
}

/// The edit that completes a deferred response.
pub fn edit_response(message: &Message) -> serenity::EditInteractionResponse {
    serenity::EditInteractionResponse::new()
        .content(message.content.clone())
        .embeds(embeds_of(message))
        .components(rows_of(message))
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
    f
}
