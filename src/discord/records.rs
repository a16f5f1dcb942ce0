//! Record commands: /momojan leaderboard, stats, history and ledger, and their page buttons
//! (`lb:<season>:<page>`, `lg:<match>:<page>`). Answers are ephemeral and follow the
//! caller's language.

use poise::serenity_prelude as serenity;

use super::bot::{Context, Data, Error};
use super::play::user_lang;
use super::render;
use super::view::records::{self, Leaderboard, PAGE};
use super::view::Message;
use crate::i18n::{tr, Lang};

/// How many finished games /momojan history lists.
const HISTORY: i64 = 10;

async fn send(ctx: Context<'_>, message: &Message) -> Result<(), Error> {
    ctx.send(render::ephemeral_reply(message)).await?;
    Ok(())
}

fn guild(ctx: Context<'_>) -> i64 {
    ctx.guild_id().map_or(0, |g| g.get() as i64)
}

async fn current_season(data: &Data, guild: i64) -> Result<i64, Error> {
    Ok(data.service.store().guild_settings(guild).await?.season)
}

/// This server's players by rating.
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Page number"] page: Option<u32>,
    #[description = "Season (the current one if not given)"] season: Option<u32>,
) -> Result<(), Error> {
    let guild = guild(ctx);
    let season = match season {
        Some(s) => i64::from(s),
        None => current_season(ctx.data(), guild).await?,
    };
    let message = leaderboard_page(
        ctx.data(),
        guild,
        season,
        page.unwrap_or(1) as usize,
        ctx.author().id.get() as i64,
        user_lang(ctx),
    )
    .await?;
    send(ctx, &message).await
}

/// One page of a season's leaderboard as `user` sees it (with their own rank).
pub async fn leaderboard_page(
    data: &Data,
    guild: i64,
    season: i64,
    page: usize,
    user: i64,
    lang: Lang,
) -> Result<Message, Error> {
    let store = data.service.store();
    let total = store.player_count(guild, season).await?;
    let pages = records::pages(total as usize);
    let page = page.clamp(1, pages);
    let offset = ((page - 1) * PAGE) as i64;
    let rows = store
        .leaderboard(guild, season, PAGE as i64, offset)
        .await?;
    let own = store
        .rank_of(guild, season, user)
        .await?
        .map(|rank| (rank, total));
    Ok(records::leaderboard(
        &Leaderboard {
            season,
            rows: &rows,
            first_rank: offset as usize + 1,
            page,
            pages,
            own,
        },
        lang,
    ))
}

/// A player's statistics.
#[poise::command(slash_command, guild_only)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose statistics (yours if not given)"] user: Option<serenity::User>,
    #[description = "Season (the current one if not given)"] season: Option<u32>,
) -> Result<(), Error> {
    let guild = guild(ctx);
    let who = user.as_ref().map_or(ctx.author().id, |u| u.id).get() as i64;
    let season = match season {
        Some(s) => i64::from(s),
        None => current_season(ctx.data(), guild).await?,
    };
    let found = ctx
        .data()
        .service
        .store()
        .player_stats(guild, season, who)
        .await?;
    let message = records::stats(&format!("<@{who}>"), season, found.as_ref(), user_lang(ctx));
    send(ctx, &message).await
}

/// A player's recent games.
#[poise::command(slash_command, guild_only)]
pub async fn history(
    ctx: Context<'_>,
    #[description = "Whose games (yours if not given)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let who = user.as_ref().map_or(ctx.author().id, |u| u.id).get() as i64;
    let rows = ctx
        .data()
        .service
        .store()
        .history(guild(ctx), who, HISTORY)
        .await?;
    let message = records::history(&format!("<@{who}>"), &rows, user_lang(ctx));
    send(ctx, &message).await
}

/// The point ledger of a match.
#[poise::command(slash_command, guild_only)]
pub async fn ledger(
    ctx: Context<'_>,
    #[description = "Match number (your latest if not given)"]
    #[rename = "match"]
    match_id: Option<u32>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let store = ctx.data().service.store();
    let id = match match_id {
        Some(id) => Some(i64::from(id)),
        None => {
            store
                .latest_match_of(guild(ctx), ctx.author().id.get() as i64)
                .await?
        }
    };
    let message = match id {
        Some(id) => ledger_page(ctx.data(), guild(ctx), id, 1, lang).await?,
        None => None,
    };
    match message {
        Some(message) => send(ctx, &message).await,
        None => {
            let reply = poise::CreateReply::default()
                .content(tr(lang, "ledger-none"))
                .ephemeral(true);
            ctx.send(reply).await?;
            Ok(())
        }
    }
}

/// One page of a match's ledger; `None` when the match is not one of this server's.
pub async fn ledger_page(
    data: &Data,
    guild: i64,
    match_id: i64,
    page: usize,
    lang: Lang,
) -> Result<Option<Message>, Error> {
    let store = data.service.store();
    let Some(row) = store.load_match(match_id).await? else {
        return Ok(None);
    };
    if row.meta.guild_id != guild {
        return Ok(None);
    }
    let rows = store.ledger(match_id).await?;
    let players = [row.meta.player0_id, row.meta.player1_id];
    Ok(Some(records::ledger(match_id, players, &rows, page, lang)))
}

/// A page button of the leaderboard or a ledger: the clicked (ephemeral) message is
/// replaced by the page asked for.
pub async fn page_click(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    data: &Data,
    id: &str,
) -> Result<(), Error> {
    let lang = Lang::from_discord(&component.locale);
    let guild = component.guild_id.map_or(0, |g| g.get() as i64);
    let mut parts = id.split(':');
    let kind = parts.next();
    let numbers: Vec<i64> = parts.filter_map(|p| p.parse().ok()).collect();
    let message = match (kind, numbers.as_slice()) {
        (Some("lb"), &[season, page]) if season > 0 && page > 0 => Some(
            leaderboard_page(
                data,
                guild,
                season,
                page as usize,
                component.user.id.get() as i64,
                lang,
            )
            .await?,
        ),
        (Some("lg"), &[match_id, page]) if page > 0 => {
            ledger_page(data, guild, match_id, page as usize, lang).await?
        }
        _ => None,
    };
    let response = match message {
        Some(message) => {
            serenity::CreateInteractionResponse::UpdateMessage(render::response(&message))
        }
        None => render::ephemeral_text(&tr(lang, "err-bad-id")),
    };
    component.create_response(&ctx.http, response).await?;
    Ok(())
}
