//! An event's messages in its channel, posted and edited through the outbox's requests (the
//! process's budget and the routes' limits), for the tables (`tournament.rs`) and the
//! standings (`tournament_board.rs`) alike.

use poise::serenity_prelude as serenity;
use tracing::warn;

use super::context::Data;
use super::rest::{self, Call};
use super::{render, view};

/// Posts `message` in `channel` through the outbox's requests (the process's budget and the
/// route's limits), with a nonce so that a second try does not post it twice: its id.
pub async fn post(data: &Data, channel: u64, message: &view::Message, nonce: &str) -> Option<u64> {
    // With its file, if it has one (the standings picture): multipart, as the tables' are.
    let body = rest::message_body(
        &render::channel_message(message)
            .nonce(serenity::Nonce::String(nonce.to_string()))
            .enforce_nonce(true),
        message,
    );
    match data.outbox.rest.send(Call::Post { channel, body }).await {
        Ok(answer) => answer.id(),
        Err(e) => {
            warn!(channel, nonce, error = %e, "could not post a tournament message");
            None
        }
    }
}

/// Edits `message` of `channel` through the outbox's requests (the sign-up message, once
/// closed).
pub async fn edit(data: &Data, channel: u64, message: u64, to: &view::Message) {
    // The picture is sent again with each edit: it replaces the message's file.
    let body = rest::message_body(&render::edit_message(to), to);
    let call = Call::Edit {
        channel,
        message,
        body,
    };
    if let Err(e) = data.outbox.rest.send(call).await {
        warn!(channel, message, error = %e, "could not edit a tournament message");
    }
}
