//! /momojan replay: a finished match of this server, one step at a time (the buttons are
//! handled in `interactions/replay.rs`).

use crate::discord::context::{guild, show, user_lang, Context, Error};
use crate::discord::ids::ReplayView;
use crate::service::MatchId;

/// Watch a finished match again, step by step.
#[poise::command(slash_command, guild_only)]
pub async fn replay(
    ctx: Context<'_>,
    #[description = "Match number"]
    #[rename = "match"]
    #[min = 1]
    match_id: u32,
) -> Result<(), Error> {
    let data = ctx.data();
    let message = crate::discord::interactions::replay_message(
        &data.service,
        guild(ctx),
        MatchId(i64::from(match_id)),
        0,
        ReplayView::Both,
        user_lang(ctx),
        &data.art,
    )
    .await?;
    show(ctx, &message).await
}
