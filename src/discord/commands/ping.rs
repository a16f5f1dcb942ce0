//! /momojan ping: is the bot up?

use crate::discord::context::{author, user_lang, Context, Error};
use crate::discord::render;
use crate::discord::view;

/// Check that the bot is up (answers with a button only you can press).
#[poise::command(slash_command, guild_only)]
pub async fn ping(ctx: Context<'_>) -> Result<(), Error> {
    let message = view::challenge::ping(author(ctx), 1, false, user_lang(ctx));
    ctx.send(render::reply(&message)).await?;
    Ok(())
}
