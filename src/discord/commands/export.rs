//! /momojan export: a finished match of this server as a scenario file attachment.

use poise::serenity_prelude as serenity;

use crate::discord::context::{guild, user_lang, Context, Error};
use crate::discord::view::export;
use crate::service::MatchId;

/// A finished match as a scenario file anyone can replay with `momojan scenario`.
#[poise::command(slash_command, guild_only)]
pub async fn export(
    ctx: Context<'_>,
    #[description = "Match number"]
    #[rename = "match"]
    #[min = 1]
    match_id: u32,
) -> Result<(), Error> {
    let file = ctx
        .data()
        .service
        .export_match(guild(ctx), MatchId(i64::from(match_id)))
        .await?;
    let note = export::note(&file, user_lang(ctx));
    let mut reply = poise::CreateReply::default()
        .content(note)
        .attachment(serenity::CreateAttachment::bytes(
            file.json.into_bytes(),
            file.name,
        ))
        .ephemeral(true);
    // The game's own formats beside the scenario file (riichi: a tenhou.net/6 log).
    for extra in file.extra {
        reply = reply.attachment(serenity::CreateAttachment::bytes(extra.bytes, extra.name));
    }
    ctx.send(reply).await?;
    Ok(())
}
