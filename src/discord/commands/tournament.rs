//! /momojan tournament create, close, standings and check: an event's sign-up opened in this
//! channel, then closed by its organiser, which announces the seed's commitment and round 1's
//! tables and starts them (both need Manage Server: Discord shows them only to such members,
//! and the handler checks again; closing is the organiser's); the standings; and, once the
//! event is over, its draw re-derived from the revealed seed.

use poise::serenity_prelude as serenity;

use super::admin::can_manage;
use crate::discord::context::{author, channel, guild, guild_locale, say, user_lang};
use crate::discord::context::{Context, Error};
use crate::discord::game_choice::GameChoice;
use crate::discord::view::{self, refusal};
use crate::discord::{render, tournament, tournament_board, tournament_post};
use crate::i18n::tr;
use crate::service::{
    MessageId, NewEvent, RollingRules, ServiceError, SignUp, TournamentFiller, TournamentFormat,
    TournamentId,
};

/// How an event's rounds are seated.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FormatChoice {
    #[name = "Swiss"]
    #[name_localized("ja", "スイス式")]
    Swiss,
    #[name = "Round robin"]
    #[name_localized("ja", "総当たり")]
    RoundRobin,
    #[name = "Rolling (best run)"]
    #[name_localized("ja", "ローリング(ベストラン)")]
    Rolling,
}

/// What fills a field that does not divide into tables.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FillerChoice {
    #[name = "Computers"]
    #[name_localized("ja", "コンピューター")]
    Computers,
    #[name = "Sit out"]
    #[name_localized("ja", "抜け番")]
    SitOut,
}

/// Run a tournament in this channel.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "create",
        "close",
        "standings",
        "history",
        "check",
        "super::tournament_control::drop_player",
        "super::tournament_control::add",
        "super::tournament_control::pause",
        "super::tournament_control::resume",
        "super::tournament_control::end",
        "super::tournament_control::reseat",
        "export_results"
    )
)]
pub async fn tournament(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Open sign-up for an event (Swiss, round robin or a rolling lobby) in this channel (Manage Server).
// Each option of the command is a parameter (poise).
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only, default_member_permissions = "MANAGE_GUILD")]
pub async fn create(
    ctx: Context<'_>,
    #[description = "The event's name"] name: String,
    #[description = "Which game (the server's default if not given)"] game: Option<GameChoice>,
    #[description = "Players per table (the most the game seats if not given)"]
    #[min = 2]
    #[max = 4]
    seats: Option<u8>,
    #[description = "Swiss rounds, or a round robin where everyone meets everyone once"]
    format: Option<FormatChoice>,
    #[description = "When the field does not divide into tables: computers fill one, or players sit out"]
    filler: Option<FillerChoice>,
    #[description = "How many rounds (3 if not given)"]
    #[min = 1]
    #[max = 20]
    rounds: Option<u8>,
    #[description = "Minutes a player has to make a first move before the computer plays for them"]
    #[min = 1]
    #[max = 120]
    grace: Option<u8>,
    #[description = "Rolling: minutes the lobby stays open (120 if not given)"]
    #[min = 1]
    #[max = 44640]
    window: Option<u32>,
    #[description = "Rolling: players are ranked by their best run of this many games (3 if not given)"]
    #[min = 1]
    #[max = 20]
    run: Option<u8>,
    #[description = "Rolling: minutes a player waits before computers fill their table (never if not given)"]
    #[min = 1]
    #[max = 1440]
    computer_after: Option<u16>,
    #[description = "The game's switches for this event, e.g. length=east aka=false (the server's if not given)"]
    #[max_length = 200]
    switches: Option<String>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    if !can_manage(ctx) {
        return say(ctx, tr(lang, "err-manage-server")).await;
    }
    let new = NewEvent {
        guild: guild(ctx),
        channel: channel(ctx),
        organiser: author(ctx),
        name,
        game: game.map(|GameChoice(g)| g),
        seats: seats.map(usize::from),
        rounds: rounds.map_or(3, u32::from),
        format: match format {
            Some(FormatChoice::RoundRobin) => TournamentFormat::RoundRobin,
            Some(FormatChoice::Rolling) => TournamentFormat::Rolling,
            Some(FormatChoice::Swiss) | None => TournamentFormat::Swiss,
        },
        rolling: Some(RollingRules {
            window_mins: window.unwrap_or(120),
            run_games: run.map_or(3, u32::from),
            fill_after_mins: computer_after.map(u32::from),
        }),
        filler: match filler {
            Some(FillerChoice::SitOut) => TournamentFiller::SitOut,
            _ => TournamentFiller::Computers,
        },
        grace: grace.map(u32::from),
        guild_locale: guild_locale(ctx),
        switches,
    };
    let service = &ctx.data().service;
    let event = match service.create_tournament(&new).await {
        Ok(event) => event,
        Err(ServiceError::Tournament(r)) => {
            return say(ctx, view::tournament::refusal(r, lang)).await
        }
        Err(ServiceError::Settings(r)) => return say(ctx, view::refusal::settings(&r, lang)).await,
        Err(e) => return Err(e.into()),
    };
    let lang = event.lang;
    let id = event.id;
    let signup = SignUp {
        as_of: event.created_at,
        event,
        entrants: Vec::new(),
    };
    let handle = ctx
        .send(render::reply(&view::tournament::signup(&signup, lang)))
        .await?;
    let message = handle.message().await?.id.get();
    service
        .set_tournament_message(id, MessageId::from_snowflake(message))
        .await?;
    Ok(())
}

/// The standings of this channel's latest event, or of another of the server's (anyone).
// `event` is the event's number in `/momojan tournament history`.
#[poise::command(slash_command, guild_only)]
pub async fn standings(
    ctx: Context<'_>,
    #[description = "The event's number in /momojan tournament history (this channel's latest if left out)"]
    #[min = 1]
    event: Option<i64>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let service = &ctx.data().service;
    let standings = match event {
        Some(id) => service.guild_standings(guild(ctx), TournamentId(id)).await,
        None => service.channel_standings(channel(ctx)).await,
    };
    match standings {
        Ok(s) => {
            let message = view::tournament::standings(&s, s.event.lang);
            ctx.send(render::reply(&message)).await?;
            Ok(())
        }
        Err(e @ ServiceError::Tournament(_)) => say(ctx, refusal::service_error(&e, lang)).await,
        Err(e) => Err(e.into()),
    }
}

/// The server's events, newest first, with their winners (anyone; only the caller sees it).
#[poise::command(slash_command, guild_only)]
pub async fn history(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let events = ctx.data().service.tournament_history(guild(ctx)).await?;
    let message = view::tournament_history::history(&events, lang);
    ctx.send(render::reply(&message).ephemeral(true)).await?;
    Ok(())
}

/// Re-derive the seating of this channel's latest event from its revealed seed.
#[poise::command(slash_command, guild_only)]
pub async fn check(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    match ctx.data().service.verify_tournament(channel(ctx)).await {
        Ok((event, found)) => {
            let message = view::tournament::verified(&event, found, event.lang);
            ctx.send(render::reply(&message)).await?;
            Ok(())
        }
        Err(e @ ServiceError::Tournament(_)) => say(ctx, refusal::service_error(&e, lang)).await,
        Err(e) => Err(e.into()),
    }
}

/// Close sign-up, draw the seed and start round 1 (the organiser).
#[poise::command(slash_command, guild_only, default_member_permissions = "MANAGE_GUILD")]
pub async fn close(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    if !can_manage(ctx) {
        return say(ctx, tr(lang, "err-manage-server")).await;
    }
    let data = ctx.data();
    let closed = match data
        .service
        .close_tournament(channel(ctx), author(ctx))
        .await
    {
        Ok(closed) => closed,
        Err(e @ ServiceError::Tournament(_)) => {
            return say(ctx, refusal::service_error(&e, lang)).await
        }
        Err(e) => return Err(e.into()),
    };
    let lang = closed.event.lang;
    // Committed: the tables start whatever happens to the announcement.
    let sent = ctx
        .send(render::reply(&view::tournament::closed(&closed, lang)))
        .await;
    if let Some(message) = closed.event.message_id {
        let signup = SignUp {
            event: closed.event.clone(),
            entrants: closed.entrants.clone(),
            // Closed: a rolling event's window ended now.
            as_of: closed.event.rolling.map_or(0, |r| r.window_ends_at),
        };
        let closed_signup = view::tournament::signup(&signup, lang);
        let channel = closed.event.channel_id.snowflake();
        tournament_post::edit(data, channel, message.snowflake(), &closed_signup).await;
    }
    tournament::start_tables(data, closed.event.id).await;
    tournament_board::refresh_event(data, closed.event.id).await;
    sent?;
    Ok(())
}

/// The results of this channel's latest event as a CSV file (anyone).
#[poise::command(slash_command, guild_only, rename = "export")]
pub async fn export_results(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let file = match ctx
        .data()
        .service
        .tournament_results_csv(channel(ctx))
        .await
    {
        Ok(file) => file,
        Err(e @ ServiceError::Tournament(_)) => {
            return say(ctx, refusal::service_error(&e, lang)).await
        }
        Err(e) => return Err(e.into()),
    };
    let note = view::tournament::exported(&file, lang);
    let reply = poise::CreateReply::default()
        .content(note)
        .attachment(serenity::CreateAttachment::bytes(
            file.csv.into_bytes(),
            file.name,
        ))
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}
