//! The bot: the poise framework, its commands, and the component handler. Component clicks
//! are routed by their parsed custom id to stateless lookups in the store, so every button
//! keeps working after a restart (no in-memory collectors).

use std::future::Future;
use std::time::Instant;

use poise::serenity_prelude as serenity;
use tracing::{info, warn};

use super::config::BotConfig;
use super::ids::{ButtonKind, GameButton};
use super::render;
use super::view::{self, MatchLabel};
use crate::engine::{PerSeat, Seat};
use crate::service::{MatchService, ServiceError};
use crate::store::{Store, StoreError};

/// Shared state of the bot's handlers.
pub struct Data {
    pub service: MatchService,
}

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// Why the bot stopped.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("Discord connection failed: {0}")]
    Discord(#[from] serenity::Error),
}

/// Play MOMOJAN (桃雀), a two-player card game.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("ping", "super::play::challenge", "super::play::hand")
)]
pub async fn momojan(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Check that the bot is up (answers with a button only you can press).
#[poise::command(slash_command, guild_only)]
pub async fn ping(ctx: Context<'_>) -> Result<(), Error> {
    let owner = ctx.author().id.get();
    let reply = poise::CreateReply::default()
        .content(format!("🏓 Pong, <@{owner}>."))
        .components(vec![ping_row(owner, 1)]);
    ctx.send(reply).await?;
    Ok(())
}

fn ping_row(owner: u64, count: u64) -> serenity::CreateActionRow {
    serenity::CreateActionRow::Buttons(vec![serenity::CreateButton::new(format!(
        "ping:{owner}:{count}"
    ))
    .label(format!("Ping again ({count})"))])
}

/// Runs the bot until `stop` completes, then shuts the gateway down and closes the store.
///
/// # Errors
/// [`BotError`] when the store cannot be opened or Discord cannot be reached.
pub async fn run_bot(
    config: BotConfig,
    stop: impl Future<Output = ()> + Send + 'static,
) -> Result<(), BotError> {
    let store = Store::open(&config.database_url).await?;
    let service = MatchService::new(store.clone());
    let dev_guild = config.dev_guild_id.map(serenity::GuildId::new);
    let sweep = config.challenge_sweep;
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![momojan()],
            event_handler: |fw, event| Box::pin(on_event(fw.serenity_context, event, fw.user_data)),
            on_error: |error| Box::pin(on_error(error)),
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected");
                match dev_guild {
                    Some(guild) => {
                        poise::builtins::register_in_guild(
                            ctx,
                            &framework.options().commands,
                            guild,
                        )
                        .await?
                    }
                    None => {
                        poise::builtins::register_globally(ctx, &framework.options().commands)
                            .await?
                    }
                }
                spawn_challenge_sweeper(ctx.http.clone(), service.clone(), sweep);
                Ok(Data { service })
            })
        })
        .build();
    let mut http = serenity::HttpBuilder::new(&config.token);
    if let Some(base) = &config.api_base {
        // Test only: serenity ignores the proxy while its rate limiter is on.
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
    }
    let mut client =
        serenity::ClientBuilder::new_with_http(http.build(), serenity::GatewayIntents::GUILDS)
            .framework(framework)
            .await?;
    let shards = client.shard_manager.clone();
    tokio::spawn(async move {
        stop.await;
        info!("shutting down");
        shards.shutdown_all().await;
    });
    let result = client.start().await;
    store.close().await;
    Ok(result?)
}

/// Expires challenges in the background (every `every`), for as long as the bot runs.
fn spawn_challenge_sweeper(
    http: std::sync::Arc<serenity::Http>,
    service: MatchService,
    every: std::time::Duration,
) {
    tokio::spawn(async move {
        let data = Data { service };
        loop {
            tokio::time::sleep(every).await;
            if let Err(e) = super::play::expire_challenges(&http, &data).await {
                warn!(error = %e, "expiring challenges failed");
            }
        }
    });
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::GuildOnly { ctx, .. } => {
            let reply = poise::CreateReply::default()
                .content("MOMOJAN is played in a server: run this command in a server channel, not in a direct message.")
                .ephemeral(true);
            if let Err(e) = ctx.send(reply).await {
                warn!(error = %e, "could not answer a DM command");
            }
        }
        poise::FrameworkError::Command { error, ctx, .. } => {
            warn!(command = %ctx.command().qualified_name, error = %error, "command failed");
            let reply = poise::CreateReply::default()
                .content("Something went wrong on the bot's side; nothing was changed. Please try again.")
                .ephemeral(true);
            let _ = ctx.send(reply).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                warn!(error = %e, "error while handling an error");
            }
        }
    }
}

async fn on_event(
    ctx: &serenity::Context,
    event: &serenity::FullEvent,
    data: &Data,
) -> Result<(), Error> {
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(component),
    } = event
    {
        let started = Instant::now();
        let user = component.user.id.get();
        let outcome = on_component(ctx, component, data).await;
        info!(
            custom_id = %component.data.custom_id,
            user,
            outcome = if outcome.is_ok() { "ok" } else { "error" },
            latency_ms = started.elapsed().as_millis() as u64,
            "component"
        );
        outcome?;
    }
    Ok(())
}

async fn on_component(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    data: &Data,
) -> Result<(), Error> {
    let id = component.data.custom_id.as_str();
    if let Some(rest) = id.strip_prefix("ch:") {
        return super::play::challenge_click(ctx, component, data, rest).await;
    }
    let mut committed = None;
    let response = if let Some(rest) = id.strip_prefix("ping:") {
        ping_click(rest, component.user.id.get())
    } else {
        match id.parse::<GameButton>() {
            Ok(button) => game_click(button, component, data, &mut committed).await,
            Err(e) => {
                warn!(custom_id = id, "unknown component id");
                render::ephemeral_text(&format!("{e}. Nothing was changed."))
            }
        }
    };
    component.create_response(&ctx.http, response).await?;
    if let Some(applied) = committed {
        super::play::after_action(ctx, data, &applied).await;
    }
    Ok(())
}

fn ping_click(rest: &str, user: u64) -> serenity::CreateInteractionResponse {
    let mut parts = rest.split(':');
    let owner = parts.next().and_then(|p| p.parse::<u64>().ok());
    let count = parts.next().and_then(|p| p.parse::<u64>().ok());
    match (owner, count, parts.next()) {
        (Some(owner), Some(count), None) if owner == user => {
            serenity::CreateInteractionResponse::UpdateMessage(
                serenity::CreateInteractionResponseMessage::new()
                    .content(format!("🏓 Pong again, <@{owner}>."))
                    .components(vec![ping_row(owner, count + 1)]),
            )
        }
        (Some(owner), Some(_), None) => render::ephemeral_text(&format!(
            "This button belongs to <@{owner}>; run /momojan ping for your own."
        )),
        _ => render::ephemeral_text(
            "This button is not one the bot made (or it is damaged). Nothing was changed.",
        ),
    }
}

/// A click on a game button: every answer is a fresh lookup in the store.
async fn game_click(
    button: GameButton,
    component: &serenity::ComponentInteraction,
    data: &Data,
    committed: &mut Option<crate::service::Applied>,
) -> serenity::CreateInteractionResponse {
    let user = component.user.id.get() as i64;
    let service = &data.service;
    let kind = match (button.kind, &component.data.kind) {
        (ButtonKind::Pick, serenity::ComponentInteractionDataKind::StringSelect { values }) => {
            match values.first().map(|v| v.parse::<GameButton>()) {
                Some(Ok(chosen)) if chosen.match_id == button.match_id => chosen.kind,
                _ => return render::ephemeral_text("That choice is not one the bot offered."),
            }
        }
        (kind, _) => kind,
    };
    match kind {
        ButtonKind::Act(action) => {
            match service
                .apply(button.match_id, user, button.version, action)
                .await
            {
                Ok(applied) => {
                    let view = applied.game.seat_view(applied.seat);
                    let message = hand_message(&view, &applied.meta, applied.version, false);
                    *committed = Some(applied);
                    serenity::CreateInteractionResponse::UpdateMessage(render::response(&message))
                }
                Err(e) => refusal(service, button.match_id, user, &e).await,
            }
        }
        ButtonKind::Hand | ButtonKind::RiichiMode(_) => {
            let riichi = matches!(kind, ButtonKind::RiichiMode(true));
            match service.load(button.match_id).await {
                Ok(loaded) => match loaded.seat_of(user) {
                    Some(seat) => {
                        let view = loaded.game.game.seat_view(seat);
                        let message =
                            hand_message(&view, &loaded.meta, loaded.meta.version, riichi);
                        let body = render::response(&message);
                        if matches!(kind, ButtonKind::Hand) {
                            serenity::CreateInteractionResponse::Message(body)
                        } else {
                            serenity::CreateInteractionResponse::UpdateMessage(body)
                        }
                    }
                    None => render::ephemeral_text(
                        "This is not your game: only its two players can use its buttons.",
                    ),
                },
                Err(e) => render::ephemeral_text(&e.to_string()),
            }
        }
        ButtonKind::Pick | ButtonKind::Rematch => {
            render::ephemeral_text("That button cannot be used here. Nothing was changed.")
        }
    }
}

/// Explains a refused action, with a fresh hand for a seated player.
async fn refusal(
    service: &MatchService,
    match_id: i64,
    user: i64,
    error: &ServiceError,
) -> serenity::CreateInteractionResponse {
    let text = match error {
        ServiceError::NotSeated => {
            return render::ephemeral_text(
                "This is not your game: only its two players can use its buttons.",
            )
        }
        ServiceError::NotFound(_) | ServiceError::Finished => {
            return render::ephemeral_text(&format!("{error}."))
        }
        ServiceError::Store(e) => {
            warn!(error = %e, match_id, "store error");
            return render::ephemeral_text(
                "Something went wrong on the bot's side; nothing was changed. Please try again.",
            );
        }
        ServiceError::Conflict { .. } => {
            "That button was for an earlier moment of the game; here is your hand now.".to_string()
        }
        ServiceError::Illegal(e) => format!("Not allowed: {e}. Here is your hand."),
    };
    match service.load(match_id).await {
        Ok(loaded) => match loaded.seat_of(user) {
            Some(seat) => {
                let view = loaded.game.game.seat_view(seat);
                let mut message = hand_message(&view, &loaded.meta, loaded.meta.version, false);
                message.content = text;
                serenity::CreateInteractionResponse::Message(render::response(&message))
            }
            None => render::ephemeral_text(&text),
        },
        Err(_) => render::ephemeral_text(&text),
    }
}

fn hand_message(
    view: &crate::engine::view::SeatView,
    meta: &crate::store::MatchMeta,
    version: i64,
    riichi: bool,
) -> view::Message {
    let names: PerSeat<String> = PerSeat::from_fn(|s| match s {
        Seat::Zero => format!("<@{}>", meta.player0_id),
        Seat::One => format!("<@{}>", meta.player1_id),
    });
    let label = MatchLabel {
        match_id: meta.id,
        version,
        names: &names,
    };
    view::hand(view, &label, riichi)
}
