//! The bot: the poise framework, its commands, and the component handler. Component clicks
//! are routed by their parsed custom id to stateless lookups in the store, so every button
//! keeps working after a restart (no in-memory collectors).

use std::future::Future;
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use tracing::{info, warn};

use super::config::BotConfig;
use super::ids::{ButtonKind, GameButton};
use super::poster::Poster;
use super::render;
use super::view::{self, MatchLabel};
use crate::engine::deck::DeckSeed;
use crate::engine::{PerSeat, Seat};
use crate::i18n::{tr, tr_args, Lang};
use crate::service::{Applied, MatchService, ServiceError};
use crate::store::{Store, StoreError};

/// Shared state of the bot's handlers.
#[derive(Clone)]
pub struct Data {
    pub service: MatchService,
    /// Table edits and thread posts, one worker per match.
    pub poster: Poster,
    /// TEST ONLY: every new match gets this seed and first dealer.
    pub fixed_deal: Option<(DeckSeed, Seat)>,
}

/// A click not answered within this long is deferred (Discord allows 3 s for the first
/// answer), then completed by editing the response.
const DEFER_AFTER: Duration = Duration::from_millis(2000);

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
    subcommands(
        "ping",
        "super::play::challenge",
        "super::play::hand",
        "super::play::resign",
        "super::records::leaderboard",
        "super::records::stats",
        "super::records::history",
        "super::records::ledger",
        "super::admin::season",
        "super::admin::config",
        "super::help::rules",
        "super::help::yaku",
        "super::help::verify"
    )
)]
pub async fn momojan(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Check that the bot is up (answers with a button only you can press).
#[poise::command(slash_command, guild_only)]
pub async fn ping(ctx: Context<'_>) -> Result<(), Error> {
    let owner = ctx.author().id.get();
    let lang = super::play::user_lang(ctx);
    let reply = poise::CreateReply::default()
        .content(tr_args(
            lang,
            "ping-pong",
            &[("user", format!("<@{owner}>").into())],
        ))
        .components(vec![ping_row(owner, 1, lang)]);
    ctx.send(reply).await?;
    Ok(())
}

fn ping_row(owner: u64, count: u64, lang: Lang) -> serenity::CreateActionRow {
    serenity::CreateActionRow::Buttons(vec![serenity::CreateButton::new(format!(
        "ping:{owner}:{count}"
    ))
    .label(tr_args(lang, "ping-button", &[("n", count.into())]))])
}

/// The commands, with descriptions from the message files: English by default and
/// Japanese for Discord clients set to Japanese (command names stay English).
pub fn localized_commands() -> Vec<poise::Command<Data, Error>> {
    let mut commands = vec![momojan()];
    for command in &mut commands {
        localize(command);
    }
    commands
}

fn localize(command: &mut poise::Command<Data, Error>) {
    command.name_localizations.to_mut().push((
        "ja".into(),
        tr(Lang::Ja, &format!("name-{}", command.name)).into(),
    ));
    let key = format!("cmd-{}", command.name);
    command.description = Some(tr(Lang::En, &key).into());
    command
        .description_localizations
        .to_mut()
        .push(("ja".into(), tr(Lang::Ja, &key).into()));
    for parameter in &mut command.parameters {
        let name = format!("name-param-{}", parameter.name.replace('_', "-"));
        parameter
            .name_localizations
            .to_mut()
            .push(("ja".into(), tr(Lang::Ja, &name).into()));
        let key = format!("{key}-{}", parameter.name);
        parameter.description = Some(tr(Lang::En, &key).into());
        parameter
            .description_localizations
            .to_mut()
            .push(("ja".into(), tr(Lang::Ja, &key).into()));
    }
    for sub in &mut command.subcommands {
        localize(sub);
    }
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
    let service = MatchService::with_clock(store.clone(), config.clock.clone());
    let dev_guild = config.dev_guild_id.map(serenity::GuildId::new);
    let sweep = config.challenge_sweep;
    let timer_sweep = config.timer_sweep;
    let fixed_deal = config.fixed_deal;
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: localized_commands(),
            event_handler: |fw, event| Box::pin(on_event(fw.serenity_context, event, fw.user_data)),
            on_error: |error| Box::pin(on_error(error)),
            pre_command: |ctx| {
                Box::pin(async move {
                    ctx.set_invocation_data(Instant::now()).await;
                })
            },
            post_command: |ctx| {
                Box::pin(async move {
                    let latency_ms = ctx
                        .invocation_data::<Instant>()
                        .await
                        .map_or(0, |started| started.elapsed().as_millis() as u64);
                    info!(
                        command = %ctx.command().qualified_name,
                        user = ctx.author().id.get(),
                        guild = ctx.guild_id().map_or(0, |g| g.get()),
                        channel = ctx.channel_id().get(),
                        outcome = "ok",
                        latency_ms,
                        "command"
                    );
                })
            },
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
                let data = Data {
                    poster: Poster::new(ctx.http.clone(), service.clone()),
                    service,
                    fixed_deal,
                };
                spawn_challenge_sweeper(ctx.http.clone(), data.clone(), sweep);
                spawn_turn_timer(data.clone(), timer_sweep);
                Ok(data)
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
fn spawn_challenge_sweeper(http: std::sync::Arc<serenity::Http>, data: Data, every: Duration) {
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(every).await;
            if let Err(e) = super::play::expire_challenges(&http, &data).await {
                warn!(error = %e, "expiring challenges failed");
            }
        }
    });
}

/// Plays for players whose turn deadline has passed (every `every`). Deadlines live in the
/// store, so after a restart the first sweep picks up whatever fell due meanwhile.
fn spawn_turn_timer(data: Data, every: Duration) {
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(every).await;
            let now = data.service.clock().now();
            let due = match data.service.store().due_matches(now, 100).await {
                Ok(due) => due,
                Err(e) => {
                    warn!(error = %e, "looking for timed-out turns failed");
                    continue;
                }
            };
            for match_id in due {
                match data.service.run_timeout(match_id).await {
                    Ok(Some(applied)) => {
                        info!(
                            match_id,
                            seat = applied.seat.index(),
                            version = applied.version,
                            outcome = if applied.game.is_over() {
                                "forfeit"
                            } else {
                                "timeout"
                            },
                            "turn timed out"
                        );
                        super::play::after_action(&data, &applied);
                    }
                    Ok(None) => {}
                    Err(e) => warn!(match_id, error = %e, "timeout play failed"),
                }
            }
        }
    });
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::GuildOnly { ctx, .. } => {
            let reply = poise::CreateReply::default()
                .content(tr(super::play::user_lang(ctx), "err-dm"))
                .ephemeral(true);
            if let Err(e) = ctx.send(reply).await {
                warn!(error = %e, "could not answer a DM command");
            }
        }
        poise::FrameworkError::Command { error, ctx, .. } => {
            warn!(command = %ctx.command().qualified_name, error = %error, "command failed");
            let reply = poise::CreateReply::default()
                .content(tr(super::play::user_lang(ctx), "err-internal"))
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
        let id = component.data.custom_id.as_str();
        let parsed = id.parse::<GameButton>().ok();
        let outcome = on_component(ctx, component, data).await;
        info!(
            custom_id = %id,
            match_id = parsed.map_or(0, |b| b.match_id),
            action = parsed.map_or("-".to_string(), |b| b.kind.name()),
            user,
            outcome = match &outcome {
                Ok(o) => o.as_str(),
                Err(_) => "error",
            },
            latency_ms = started.elapsed().as_millis() as u64,
            "interaction"
        );
        outcome?;
    }
    Ok(())
}

/// How a click ended, for the log.
enum Outcome {
    Applied,
    Answered,
    Refused,
}

impl Outcome {
    fn as_str(&self) -> &'static str {
        match self {
            Outcome::Applied => "applied",
            Outcome::Answered => "answered",
            Outcome::Refused => "refused",
        }
    }
}

async fn on_component(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    data: &Data,
) -> Result<Outcome, Error> {
    let id = component.data.custom_id.as_str();
    let lang = Lang::from_discord(&component.locale);
    if let Some(rest) = id.strip_prefix("ch:") {
        super::play::challenge_click(ctx, component, data, rest).await?;
        return Ok(Outcome::Answered);
    }
    if id.starts_with("lb:") || id.starts_with("lg:") {
        super::records::page_click(ctx, component, data, id).await?;
        return Ok(Outcome::Answered);
    }
    if id.starts_with("help:") {
        super::help::page_click(ctx, component, data, id).await?;
        return Ok(Outcome::Answered);
    }
    if let Some(rest) = id.strip_prefix("ping:") {
        let response = ping_click(rest, component.user.id.get(), lang);
        component.create_response(&ctx.http, response).await?;
        return Ok(Outcome::Answered);
    }
    let button = match id.parse::<GameButton>() {
        Ok(button) => button,
        Err(e) => {
            warn!(custom_id = id, reason = %e, "unknown component id");
            let answer = Answer::text(&tr(lang, "err-bad-id"));
            answer.send(ctx, component).await?;
            return Ok(Outcome::Refused);
        }
    };
    // A fresh hand is a new ephemeral message; everything else may update the clicked one.
    let opens_new = matches!(button.kind, ButtonKind::Hand | ButtonKind::Rematch);
    let work = game_click(&ctx.http, button, component, data, lang);
    tokio::pin!(work);
    let (answer, committed) = tokio::select! {
        done = &mut work => {
            done.0.send(ctx, component).await?;
            done
        }
        () = tokio::time::sleep(DEFER_AFTER) => {
            // Slow (a busy store): acknowledge within Discord's deadline, answer after.
            let defer = if opens_new {
                serenity::CreateInteractionResponse::Defer(
                    serenity::CreateInteractionResponseMessage::new().ephemeral(true),
                )
            } else {
                serenity::CreateInteractionResponse::Acknowledge
            };
            component.create_response(&ctx.http, defer).await?;
            let done = work.await;
            done.0.send_deferred(ctx, component, opens_new).await?;
            done
        }
    };
    let outcome = match (&committed, answer.refused) {
        (Some(_), _) => Outcome::Applied,
        (None, true) => Outcome::Refused,
        (None, false) => Outcome::Answered,
    };
    if let Some(applied) = committed {
        super::play::after_action(data, &applied);
    }
    Ok(outcome)
}

/// The answer to a game click: update the clicked message, or a new ephemeral one.
struct Answer {
    message: view::Message,
    update: bool,
    /// The click asked for something that was not done (for the log).
    refused: bool,
}

impl Answer {
    fn text(text: &str) -> Answer {
        Answer {
            message: view::Message {
                content: text.to_string(),
                ephemeral: true,
                ..view::Message::default()
            },
            update: false,
            refused: true,
        }
    }

    fn new_message(mut message: view::Message) -> Answer {
        message.ephemeral = true;
        Answer {
            message,
            update: false,
            refused: false,
        }
    }

    fn update(message: view::Message) -> Answer {
        Answer {
            message,
            update: true,
            refused: false,
        }
    }

    fn refused(mut self) -> Answer {
        self.refused = true;
        self
    }

    async fn send(
        &self,
        ctx: &serenity::Context,
        component: &serenity::ComponentInteraction,
    ) -> Result<(), serenity::Error> {
        let body = render::response(&self.message);
        let response = if self.update {
            serenity::CreateInteractionResponse::UpdateMessage(body)
        } else {
            serenity::CreateInteractionResponse::Message(body)
        };
        component.create_response(&ctx.http, response).await
    }

    /// Completes a deferred click: an update (or the deferred ephemeral) is an edit of the
    /// original response; a new message after an acknowledged update is a follow-up.
    async fn send_deferred(
        &self,
        ctx: &serenity::Context,
        component: &serenity::ComponentInteraction,
        deferred_new: bool,
    ) -> Result<(), serenity::Error> {
        if self.update || deferred_new {
            component
                .edit_response(&ctx.http, render::edit_response(&self.message))
                .await
                .map(drop)
        } else {
            component
                .create_followup(&ctx.http, render::followup(&self.message))
                .await
                .map(drop)
        }
    }
}

fn ping_click(rest: &str, user: u64, lang: Lang) -> serenity::CreateInteractionResponse {
    let mut parts = rest.split(':');
    let owner = parts.next().and_then(|p| p.parse::<u64>().ok());
    let count = parts.next().and_then(|p| p.parse::<u64>().ok());
    match (owner, count, parts.next()) {
        (Some(owner), Some(count), None) if owner == user => {
            serenity::CreateInteractionResponse::UpdateMessage(
                serenity::CreateInteractionResponseMessage::new()
                    .content(tr_args(
                        lang,
                        "ping-again",
                        &[("user", format!("<@{owner}>").into())],
                    ))
                    .components(vec![ping_row(owner, count + 1, lang)]),
            )
        }
        (Some(owner), Some(_), None) => render::ephemeral_text(&tr_args(
            lang,
            "ping-not-yours",
            &[("user", format!("<@{owner}>").into())],
        )),
        _ => render::ephemeral_text(&tr(lang, "err-bad-id")),
    }
}

/// A click on a game button: every answer is a fresh lookup in the store.
async fn game_click(
    http: &serenity::Http,
    button: GameButton,
    component: &serenity::ComponentInteraction,
    data: &Data,
    lang: Lang,
) -> (Answer, Option<Applied>) {
    let user = component.user.id.get() as i64;
    let service = &data.service;
    let kind = match (button.kind, &component.data.kind) {
        (ButtonKind::Pick, serenity::ComponentInteractionDataKind::StringSelect { values }) => {
            match values.first().map(|v| v.parse::<GameButton>()) {
                Some(Ok(chosen)) if chosen.match_id == button.match_id => chosen.kind,
                _ => return (Answer::text(&tr(lang, "err-bad-choice")), None),
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
                    let message = hand_message(&view, &applied.meta, applied.version, false, lang);
                    (Answer::update(message), Some(applied))
                }
                Err(e) => (
                    refusal(service, button.match_id, user, &e, lang).await,
                    None,
                ),
            }
        }
        ButtonKind::Hand | ButtonKind::RiichiMode(_) => {
            let riichi = matches!(kind, ButtonKind::RiichiMode(true));
            let answer = match service.load(button.match_id).await {
                Ok(loaded) => match loaded.seat_of(user) {
                    Some(seat) => {
                        let view = loaded.game.game.seat_view(seat);
                        let message =
                            hand_message(&view, &loaded.meta, loaded.meta.version, riichi, lang);
                        if matches!(kind, ButtonKind::Hand) {
                            Answer::new_message(message)
                        } else {
                            Answer::update(message)
                        }
                    }
                    None => Answer::text(&tr(lang, "err-not-yours")),
                },
                Err(e) => Answer::text(&service_error_text(&e, lang)),
            };
            (answer, None)
        }
        ButtonKind::Resign => match service.resign(button.match_id, user, None).await {
            Ok(applied) => {
                let text = tr_args(lang, "resign-done", &[("id", button.match_id.into())]);
                let mut message = view::Message::text(text);
                message.ephemeral = true;
                (Answer::update(message), Some(applied))
            }
            Err(ServiceError::NotSeated) => (Answer::text(&tr(lang, "err-not-yours")), None),
            Err(e) => {
                let reason = service_error_text(&e, lang);
                let text = tr_args(lang, "resign-failed", &[("reason", reason.into())]);
                (Answer::text(&text), None)
            }
        },
        ButtonKind::Dismiss => {
            let mut message = view::Message::text(tr(lang, "resign-kept"));
            message.ephemeral = true;
            (Answer::update(message), None)
        }
        ButtonKind::Rematch => {
            match super::play::rematch(http, data, button.match_id, user, lang).await {
                Ok(text) => (Answer::new_message(view::Message::text(text)), None),
                Err(e) => {
                    warn!(error = %e, match_id = button.match_id, "rematch failed");
                    (Answer::text(&tr(lang, "rematch-failed")), None)
                }
            }
        }
        ButtonKind::Pick => (Answer::text(&tr(lang, "err-cannot-use")), None),
    }
}

/// A service error as a player reads it.
fn service_error_text(error: &ServiceError, lang: Lang) -> String {
    match error {
        ServiceError::NotFound(id) => tr_args(lang, "err-not-found", &[("id", (*id).into())]),
        ServiceError::Finished => tr(lang, "err-finished"),
        ServiceError::NotSeated => tr(lang, "err-not-yours"),
        ServiceError::Conflict { .. } => tr(lang, "err-stale"),
        // The engine states its reasons in English (the rules' own terms).
        ServiceError::Illegal(e) => {
            tr_args(lang, "err-illegal", &[("reason", e.to_string().into())])
        }
        ServiceError::Store(_) => tr(lang, "err-internal"),
    }
}

/// Explains a refused action, with a fresh hand for a seated player.
async fn refusal(
    service: &MatchService,
    match_id: i64,
    user: i64,
    error: &ServiceError,
    lang: Lang,
) -> Answer {
    match error {
        ServiceError::NotSeated | ServiceError::NotFound(_) | ServiceError::Finished => {
            return Answer::text(&service_error_text(error, lang))
        }
        ServiceError::Store(e) => {
            warn!(error = %e, match_id, "store error");
            return Answer::text(&service_error_text(error, lang));
        }
        ServiceError::Conflict { .. } | ServiceError::Illegal(_) => {}
    }
    let text = service_error_text(error, lang);
    match service.load(match_id).await {
        Ok(loaded) => match loaded.seat_of(user) {
            Some(seat) => {
                let view = loaded.game.game.seat_view(seat);
                let mut message =
                    hand_message(&view, &loaded.meta, loaded.meta.version, false, lang);
                message.content = text;
                Answer::new_message(message).refused()
            }
            None => Answer::text(&text),
        },
        Err(_) => Answer::text(&text),
    }
}

fn hand_message(
    view: &crate::engine::view::SeatView,
    meta: &crate::store::MatchMeta,
    version: i64,
    riichi: bool,
    lang: Lang,
) -> view::Message {
    let names: PerSeat<String> = PerSeat::from_fn(|s| match s {
        Seat::Zero => format!("<@{}>", meta.player0_id),
        Seat::One => format!("<@{}>", meta.player1_id),
    });
    let label = MatchLabel {
        match_id: meta.id,
        version,
        names: &names,
        lang,
    };
    view::hand(view, &label, riichi)
}
