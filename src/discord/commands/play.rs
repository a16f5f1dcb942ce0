//! /momojan challenge, hand and resign.

use poise::serenity_prelude as serenity;

use crate::discord::context::{author, author_name, option_user_name};
use crate::discord::context::{channel, guild, guild_locale, say, show, user_lang};
use crate::discord::context::{Context, Error};
use crate::discord::game_choice::GameChoice;
use crate::discord::render;
use crate::discord::teach_choice::TeachChoice;
use crate::discord::view::{self, refusal, MatchLabel};
use crate::discord::watch_choice::{watchable, WatchChoice};
use crate::games::interface::Hosted;
use crate::games::registry::with_game;
use crate::service::{MessageId, Named, NewChallenge, NewTable, ServiceError, UserId};

/// Challenge one to three people to a game (everyone must accept).
#[poise::command(slash_command, guild_only)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "Who you want to play"] opponent: serenity::User,
    #[description = "Which game (the server's default if not given)"] game: Option<GameChoice>,
    #[description = "A second opponent, for a table of three or four"] opponent2: Option<
        serenity::User,
    >,
    #[description = "A third opponent, for a table of four"] opponent3: Option<serenity::User>,
    #[description = "Whether anyone in the server may watch (on if not given)"] watch: Option<
        WatchChoice,
    >,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let opponents = [Some(opponent), opponent2, opponent3]
        .into_iter()
        .flatten()
        .map(|user| Named {
            user: UserId::from_snowflake(user.id.get()),
            name: option_user_name(ctx, &user),
            is_bot: user.bot,
        })
        .collect();
    let new = NewChallenge {
        guild: guild(ctx),
        channel: channel(ctx),
        challenger: Named::new(author(ctx), author_name(ctx).await),
        opponents,
        game: game.map(|GameChoice(g)| g),
        watchable: watchable(watch),
    };
    let service = &ctx.data().service;
    let locale = guild_locale(ctx);
    let posted = match service.create_challenge(&new, locale.as_deref()).await {
        Ok(posted) => posted,
        Err(ServiceError::Challenge(r)) => return say(ctx, refusal::challenge(r, lang)).await,
        Err(e) => return Err(e.into()),
    };
    let message = view::challenge::challenge(&posted.challenge, posted.lang);
    let handle = ctx.send(render::reply(&message)).await?;
    let message = handle.message().await?.id.get();
    service
        .set_challenge_message(posted.challenge.id, MessageId::from_snowflake(message))
        .await?;
    Ok(())
}

/// Open a table anyone may join; you start it, and computers fill the empty seats.
#[poise::command(slash_command, guild_only)]
pub async fn table(
    ctx: Context<'_>,
    #[description = "Which game (the server's default if not given)"] game: Option<GameChoice>,
    #[description = "How many seats (the most the game seats if not given)"]
    #[min = 2]
    #[max = 4]
    seats: Option<u8>,
    #[description = "Whether anyone in the server may watch (on if not given)"] watch: Option<
        WatchChoice,
    >,
    #[description = "A teaching table: no clock, hints on every choice (the server's default if not given)"]
    teach: Option<TeachChoice>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let new = NewTable {
        guild: guild(ctx),
        channel: channel(ctx),
        host: Named::new(author(ctx), author_name(ctx).await),
        game: game.map(|GameChoice(g)| g),
        seats: seats.map(usize::from),
        watchable: watchable(watch),
        teach: teach.map(TeachChoice::is_on),
    };
    let service = &ctx.data().service;
    let locale = guild_locale(ctx);
    let posted = match service.open_table(&new, locale.as_deref()).await {
        Ok(posted) => posted,
        Err(ServiceError::Challenge(r)) => return say(ctx, refusal::challenge(r, lang)).await,
        Err(e) => return Err(e.into()),
    };
    let message = view::challenge::table(&posted.challenge, posted.lang);
    let handle = ctx.send(render::reply(&message)).await?;
    let message = handle.message().await?.id.get();
    service
        .set_challenge_message(posted.challenge.id, MessageId::from_snowflake(message))
        .await?;
    Ok(())
}

/// Show your hand again (only you see it).
#[poise::command(slash_command, guild_only)]
pub async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let service = &ctx.data().service;
    let Some((_, game)) = service.own_active_game(channel(ctx), author(ctx)).await? else {
        return say(ctx, crate::i18n::tr(lang, "hand-none")).await;
    };
    with_game!(game, G => show_hand::<G>(ctx, lang).await)
}

async fn show_hand<G: Hosted>(ctx: Context<'_>, lang: crate::i18n::Lang) -> Result<(), Error> {
    let data = ctx.data();
    let found = data
        .service
        .own_active_match::<G>(channel(ctx), author(ctx))
        .await?;
    let Some((loaded, seat)) = found else {
        return say(ctx, crate::i18n::tr(lang, "hand-none")).await;
    };
    let label = MatchLabel::of(&loaded.meta, loaded.meta.version, lang).with_faces(&data.art);
    let game = &loaded.state;
    let extras = view::HandExtras {
        deadline: loaded
            .meta
            .turn_deadline
            .filter(|_| !G::to_act(game).is_over()),
        news: Vec::new(),
        away: loaded.meta.seats[seat].away,
        auto: view::hand::auto_switches::<G>(&loaded.meta.seats[seat]),
        teach: None,
        why: None,
    };
    let seat_view = G::view(game, seat);
    let extras = view::HandExtras {
        teach: view::hand::teaching::<G>(loaded.meta.teach, &seat_view, &loaded.options),
        ..extras
    };
    show(
        ctx,
        &view::hand::game_hand::<G>(&seat_view, &label, &extras),
    )
    .await?;
    // This reply is the player's live hand from now on.
    if let poise::Context::Application(app) = ctx {
        let meta = &loaded.meta;
        let token = &app.interaction.token;
        data.outbox.hand_shown(
            meta.id,
            seat,
            crate::discord::live::ShownHand {
                token,
                version: meta.version,
                news_from: meta.version,
                lang,
                channel: ctx.channel_id().get(),
                answering: false,
            },
        );
    }
    Ok(())
}

/// Resign your game here (asks you to confirm first); it ends as your loss.
#[poise::command(slash_command, guild_only)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let service = &ctx.data().service;
    let Some((match_id, _)) = service.own_active_game(channel(ctx), author(ctx)).await? else {
        return say(ctx, crate::i18n::tr(lang, "resign-none")).await;
    };
    let meta = service.meta(match_id).await?;
    let label = MatchLabel::of(&meta, meta.version, lang);
    show(ctx, &view::resign_confirmation(&label)).await
}
