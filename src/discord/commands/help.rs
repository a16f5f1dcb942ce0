//! /momojan rules, yaku and verify.

use crate::discord::context::{guild, say, show, user_lang, Context, Error};
use crate::discord::game_choice::GameChoice;
use crate::discord::view::help::{rules_page, yaku_page};
use crate::discord::view::settings::yaku_rows;
use crate::games::interface::deal;
use crate::i18n::tr;

/// The rules in short.
#[poise::command(slash_command, guild_only)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "Which game (the server's default if not given)"] game: Option<GameChoice>,
) -> Result<(), Error> {
    let settings = ctx.data().service.settings(guild(ctx)).await?;
    let game = game.map_or(settings.default_game, |GameChoice(g)| g);
    show(ctx, &rules_page(game, 1, &settings, user_lang(ctx))).await
}

/// The yaku and their values on this server.
#[poise::command(slash_command, guild_only)]
pub async fn yaku(
    ctx: Context<'_>,
    #[description = "Which game (the server's default if not given)"] game: Option<GameChoice>,
) -> Result<(), Error> {
    let settings = ctx.data().service.settings(guild(ctx)).await?;
    let game = game.map_or(settings.default_game, |GameChoice(g)| g);
    let rows = yaku_rows(game, &settings);
    show(ctx, &yaku_page(game, 1, &rows, user_lang(ctx))).await
}

/// Check a round's fair-deal proof.
#[poise::command(slash_command, guild_only)]
pub async fn verify(
    ctx: Context<'_>,
    #[description = "The commitment shown on the table"] commitment: String,
    #[description = "The salt revealed in the round summary"] salt: String,
    #[description = "The deck revealed in the round summary"] deck: String,
) -> Result<(), Error> {
    let clean = |s: &str| s.trim().trim_matches('`').to_string();
    let ok = deal::verify(&clean(&commitment), &clean(&salt), &clean(&deck));
    say(
        ctx,
        tr(user_lang(ctx), if ok { "verify-ok" } else { "verify-bad" }),
    )
    .await
}
