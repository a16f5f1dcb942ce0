//! /momojan leaderboard, stats, history and ledger. Answers are ephemeral and follow the
//! caller's language; pages turn with buttons (see `interactions::pages`).

use poise::serenity_prelude as serenity;

use crate::discord::context::{author, author_name, guild, option_user_name, say, show};
use crate::discord::context::{user_lang, Context, Error};
use crate::discord::game_choice::GameChoice;
use crate::discord::view::label::escape_markdown;
use crate::discord::view::records;
use crate::games::registry::GameId;
use crate::i18n::tr;
use crate::service::{LedgerOf, MatchId, UserId};

/// The game asked for, else the server's default game.
async fn game_of(ctx: Context<'_>, game: Option<GameChoice>) -> Result<GameId, Error> {
    Ok(match game {
        Some(GameChoice(game)) => game,
        None => ctx.data().service.settings(guild(ctx)).await?.default_game,
    })
}

fn who(ctx: Context<'_>, user: Option<&serenity::User>) -> UserId {
    user.map_or_else(|| author(ctx), |u| UserId::from_snowflake(u.id.get()))
}

/// How the player whose records are shown is named in the embed's title (a mention would
/// show as a raw id there).
async fn whose(ctx: Context<'_>, user: Option<&serenity::User>) -> String {
    let name = match user {
        Some(u) => option_user_name(ctx, u),
        None => author_name(ctx).await,
    };
    escape_markdown(&name)
}

/// This server's players by rating.
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Page number"]
    #[min = 1]
    #[max = 100000]
    page: Option<u32>,
    #[description = "Season (the current one if not given)"]
    #[min = 1]
    season: Option<u32>,
    #[description = "Which game (the server's default if not given)"] game: Option<GameChoice>,
) -> Result<(), Error> {
    let game = game_of(ctx, game).await?;
    let board = ctx
        .data()
        .service
        .leaderboard(
            guild(ctx),
            season.map(i64::from),
            game,
            page.unwrap_or(1) as usize,
            author(ctx),
        )
        .await?;
    show(ctx, &records::leaderboard(&board, user_lang(ctx))).await
}

/// A player's statistics.
#[poise::command(slash_command, guild_only)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose statistics (yours if not given)"] user: Option<serenity::User>,
    #[description = "Season (the current one if not given)"]
    #[min = 1]
    season: Option<u32>,
    #[description = "Which game (the server's default if not given)"] game: Option<GameChoice>,
) -> Result<(), Error> {
    let who = who(ctx, user.as_ref());
    let game = game_of(ctx, game).await?;
    let (season, found) = ctx
        .data()
        .service
        .stats(guild(ctx), season.map(i64::from), game, who)
        .await?;
    let lang = user_lang(ctx);
    let name = whose(ctx, user.as_ref()).await;
    let mut message = records::stats(&name, season, found.as_ref(), lang);
    let practice = ctx
        .data()
        .service
        .practice_record(guild(ctx), who, game)
        .await?;
    if let (Some(line), Some(embed)) = (
        records::practice_line(&practice, lang),
        message.embeds.first_mut(),
    ) {
        embed.description.push_str("\n\n");
        embed.description.push_str(&line);
    }
    show(ctx, &message).await
}

/// A player's recent games.
#[poise::command(slash_command, guild_only)]
pub async fn history(
    ctx: Context<'_>,
    #[description = "Whose games (yours if not given)"] user: Option<serenity::User>,
    #[description = "Which game (the server's default if not given)"] game: Option<GameChoice>,
) -> Result<(), Error> {
    let who = who(ctx, user.as_ref());
    let game = game_of(ctx, game).await?;
    let rows = ctx.data().service.history(guild(ctx), who, game).await?;
    show(
        ctx,
        &records::history(&format!("<@{who}>"), game, &rows, user_lang(ctx)),
    )
    .await
}

/// The point ledger of a match.
#[poise::command(slash_command, guild_only)]
pub async fn ledger(
    ctx: Context<'_>,
    #[description = "Match number (your latest if not given)"]
    #[rename = "match"]
    #[min = 1]
    match_id: Option<u32>,
    #[description = "Which game's latest match (the server's default if not given)"] game: Option<
        GameChoice,
    >,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let of = match match_id {
        Some(m) => LedgerOf::Match(MatchId(i64::from(m))),
        None => LedgerOf::LatestOf(game_of(ctx, game).await?),
    };
    let page = ctx
        .data()
        .service
        .ledger_page(guild(ctx), of, author(ctx), 1)
        .await?;
    match page {
        Some(page) => show(ctx, &records::ledger(&page, lang)).await,
        None => say(ctx, tr(lang, "ledger-none")).await,
    }
}
