//! /momojan tournament drop, add, pause, resume, end and reseat: the organiser's controls
//! while an event runs (Manage Server, checked again here, and the event's organiser). Each
//! posts one public line in the channel; a refusal is the caller's alone and changes nothing.
//! Resuming seats the next round at once when the round in play has ended; ending early posts
//! the final standings at once when it has; re-seating a table posts a notice in its old thread
//! and starts the table's new match as a round's tables start.

use poise::serenity_prelude as serenity;

use super::admin::can_manage;
use crate::discord::context::{author, channel, option_user_name, say, user_lang};
use crate::discord::context::{Context, Error};
use crate::discord::view::{self, refusal};
use crate::discord::{render, tournament};
use crate::i18n::tr;
use crate::service::{ServiceError, Tournament, UserId};

/// Answers a control: the public line in the event's language, or the refusal to the caller.
async fn answer(
    ctx: Context<'_>,
    done: Result<Tournament, ServiceError>,
    message: impl FnOnce(&Tournament) -> view::Message,
) -> Result<Option<Tournament>, Error> {
    match done {
        Ok(event) => {
            ctx.send(render::reply(&message(&event))).await?;
            Ok(Some(event))
        }
        Err(e @ ServiceError::Tournament(_)) => {
            say(ctx, refusal::service_error(&e, user_lang(ctx))).await?;
            Ok(None)
        }
        Err(e) => Err(e.into()),
    }
}

/// Manage Server, or the refusal sent: whether to go on.
async fn managing(ctx: Context<'_>) -> Result<bool, Error> {
    if can_manage(ctx) {
        return Ok(true);
    }
    say(ctx, tr(user_lang(ctx), "err-manage-server")).await?;
    Ok(false)
}

/// Drop a player from this channel's event from the next round on (the organiser).
#[poise::command(
    slash_command,
    guild_only,
    rename = "drop",
    default_member_permissions = "MANAGE_GUILD"
)]
pub async fn drop_player(
    ctx: Context<'_>,
    #[description = "The player to drop"] player: serenity::User,
) -> Result<(), Error> {
    if !managing(ctx).await? {
        return Ok(());
    }
    let who = UserId::from_snowflake(player.id.get());
    let done = ctx
        .data()
        .service
        .drop_tournament_player(channel(ctx), author(ctx), who)
        .await;
    let mut round = 0;
    let done = done.map(|(event, from)| {
        round = from;
        event
    });
    answer(ctx, done, |e| {
        view::tournament_control::dropped(e, who, round, e.lang)
    })
    .await?;
    Ok(())
}

/// Add a player to this channel's event from the next round on (the organiser).
#[poise::command(slash_command, guild_only, default_member_permissions = "MANAGE_GUILD")]
pub async fn add(
    ctx: Context<'_>,
    #[description = "The player to add"] player: serenity::User,
) -> Result<(), Error> {
    if !managing(ctx).await? {
        return Ok(());
    }
    let who = UserId::from_snowflake(player.id.get());
    let name = option_user_name(ctx, &player);
    let join = ctx.id() as i64;
    let done = ctx
        .data()
        .service
        .add_tournament_player(channel(ctx), author(ctx), who, &name, join)
        .await;
    let mut added = None;
    let done = done.map(|(event, how)| {
        added = Some(how);
        event
    });
    answer(ctx, done, |e| {
        let how = added.expect("set with the event");
        view::tournament_control::added(e, who, how, e.lang)
    })
    .await?;
    Ok(())
}

/// Pause this channel's event: the tables in play finish, the next round waits.
#[poise::command(slash_command, guild_only, default_member_permissions = "MANAGE_GUILD")]
pub async fn pause(ctx: Context<'_>) -> Result<(), Error> {
    if !managing(ctx).await? {
        return Ok(());
    }
    let done = ctx
        .data()
        .service
        .pause_tournament(channel(ctx), author(ctx), true)
        .await;
    answer(ctx, done, |e| view::tournament_control::paused(e, e.lang)).await?;
    Ok(())
}

/// Resume this channel's paused event (the next round is seated if the last one ended).
#[poise::command(slash_command, guild_only, default_member_permissions = "MANAGE_GUILD")]
pub async fn resume(ctx: Context<'_>) -> Result<(), Error> {
    if !managing(ctx).await? {
        return Ok(());
    }
    let done = ctx
        .data()
        .service
        .pause_tournament(channel(ctx), author(ctx), false)
        .await;
    if let Some(event) = answer(ctx, done, |e| view::tournament_control::paused(e, e.lang)).await? {
        tournament::advance(ctx.data(), event.id).await;
    }
    Ok(())
}

/// End this channel's event after the round in play, with its final standings.
#[poise::command(slash_command, guild_only, default_member_permissions = "MANAGE_GUILD")]
pub async fn end(ctx: Context<'_>) -> Result<(), Error> {
    if !managing(ctx).await? {
        return Ok(());
    }
    let done = ctx
        .data()
        .service
        .end_tournament(channel(ctx), author(ctx))
        .await;
    if let Some(event) = answer(ctx, done, |e| view::tournament_control::ending(e, e.lang)).await? {
        tournament::advance(ctx.data(), event.id).await;
    }
    Ok(())
}

/// Play a table of the round in play again from the start: its game ends without a result.
#[poise::command(slash_command, guild_only, default_member_permissions = "MANAGE_GUILD")]
pub async fn reseat(
    ctx: Context<'_>,
    #[description = "The table's number in the round"]
    #[min = 1]
    #[max = 1000]
    table: u32,
) -> Result<(), Error> {
    if !managing(ctx).await? {
        return Ok(());
    }
    // The command's number is the one the tables' messages show, from 1.
    let index = table.saturating_sub(1) as usize;
    let done = ctx
        .data()
        .service
        .reseat_tournament_table(channel(ctx), author(ctx), index)
        .await;
    let mut reseated = None;
    let done = done.map(|r| {
        let event = r.event.clone();
        reseated = Some(r);
        event
    });
    let message = |e: &Tournament| {
        let r = reseated.as_ref().expect("set with the event");
        view::tournament_control::reseated(r, e.lang)
    };
    if answer(ctx, done, message).await?.is_some() {
        if let Some(r) = &reseated {
            tournament::reseated(ctx.data(), r).await;
        }
    }
    Ok(())
}
