//! /momojan challenge, hand and resign.

use crate::games::registry::Momojan;
use poise::serenity_prelude as serenity;

use crate::discord::context::{author, author_name, option_user_name};
use crate::discord::context::{channel, guild, guild_locale, say, show, user_lang};
use crate::discord::context::{Context, Error};
use crate::discord::render;
use crate::discord::view::{self, refusal, MatchLabel};
use crate::games::seat::PerSeat;
use crate::service::{MessageId, NewChallenge, ServiceError, UserId};

/// Challenge someone to a game of MOMOJAN.
#[poise::command(slash_command, guild_only)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "Who you want to play"] opponent: serenity::User,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let new = NewChallenge {
        guild: guild(ctx),
        channel: channel(ctx),
        challenger: author(ctx),
        opponent: UserId::from_snowflake(opponent.id.get()),
        opponent_is_bot: opponent.bot,
        names: PerSeat::new(author_name(ctx).await, option_user_name(ctx, &opponent)),
    };
    let service = &ctx.data().service;
    let locale = guild_locale(ctx);
    let posted = match service.create_challenge(&new, locale.as_deref()).await {
        Ok(posted) => posted,
        Err(ServiceError::Challenge(r)) => return say(ctx, refusal::challenge(r, lang)).await,
        Err(e) => return Err(e.into()),
    };
    let handle = ctx
        .send(render::reply(&view::challenge::challenge(&posted)))
        .await?;
    let message = handle.message().await?.id.get();
    service
        .set_challenge_message(posted.id, MessageId::from_snowflake(message))
        .await?;
    Ok(())
}

/// Show your hand again (only you see it).
#[poise::command(slash_command, guild_only)]
pub async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let found = ctx
        .data()
        .service
        .own_active_match::<Momojan>(channel(ctx), author(ctx))
        .await?;
    let Some((loaded, seat)) = found else {
        return say(ctx, crate::i18n::tr(lang, "hand-none")).await;
    };
    let label = MatchLabel::of(&loaded.meta, loaded.meta.version, lang);
    let game = &loaded.state;
    let extras = view::HandExtras {
        deadline: loaded
            .meta
            .turn_deadline
            .filter(|_| game.to_act().is_some()),
        news: Vec::new(),
    };
    show(ctx, &view::hand(&game.seat_view(seat), &label, &extras)).await?;
    // This reply is the player's live hand from now on.
    if let poise::Context::Application(app) = ctx {
        let meta = &loaded.meta;
        let token = &app.interaction.token;
        ctx.data()
            .outbox
            .hand_shown(meta.id, seat, token, meta.version, lang);
    }
    Ok(())
}

/// Resign your game here (asks you to confirm first); it ends as your loss.
#[poise::command(slash_command, guild_only)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let found = ctx
        .data()
        .service
        .own_active_match::<Momojan>(channel(ctx), author(ctx))
        .await?;
    let Some((loaded, _)) = found else {
        return say(ctx, crate::i18n::tr(lang, "resign-none")).await;
    };
    let label = MatchLabel::of(&loaded.meta, loaded.meta.version, lang);
    show(ctx, &view::resign_confirmation(&label)).await
}
