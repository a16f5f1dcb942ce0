//! The bot's life: open the store, connect to Discord, register the commands, route events,
//! run the timers, and stop cleanly — within a few seconds of being asked, whatever the
//! gateway is doing.

use std::future::Future;
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use tracing::{info, warn};

use super::budget::{self, Budget};
use super::commands::localized_commands;
use super::config::BotConfig;
use super::contain::SetAside;
use super::context::{user_lang, Data, Error};
use super::outbox::Outbox;
use super::rest::Rest;
use super::view::pen::Faces;
use super::{emoji, interactions, timers};
use crate::i18n::tr;
use crate::service::{MatchService, ServiceError, UserId};

/// Discord's pace of IDENTIFYs in one rate-limit bucket (and serenity's between shards).
const IDENTIFY_INTERVAL: Duration = Duration::from_secs(5);
/// How long the shards get to close their connections when asked to stop.
const SHARDS_GRACE: Duration = Duration::from_secs(2);
/// How long transactions in flight get to finish before the store is closed.
const STORE_GRACE: Duration = Duration::from_secs(2);

/// Why the bot stopped.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    #[error(transparent)]
    Service(#[from] ServiceError),
    #[error("Discord connection failed: {0}")]
    Discord(#[from] serenity::Error),
    #[error(
        "could not register the slash commands with Discord (gave up after {secs} s): {reason}"
    )]
    Registration { secs: u64, reason: String },
}

/// Longest wait between two registration attempts.
const REGISTRATION_MAX_BACKOFF: Duration = Duration::from_secs(30);

/// Runs the bot until `stop` completes, then shuts the gateway down and closes the store.
/// Returns within about five seconds of `stop`, even while the gateway is unreachable.
///
/// # Errors
/// [`BotError`] when the store cannot be opened or Discord cannot be reached.
pub async fn run_bot(
    config: BotConfig,
    stop: impl Future<Output = ()> + Send + 'static,
) -> Result<(), BotError> {
    let service = MatchService::open(&config.database_url, config.clock.clone()).await?;
    #[cfg(feature = "test-support")]
    let service = service.with_fixed_deal(config.fixed_deal);
    // A process running some shards does the background work of their guilds only.
    let service = match config.shards {
        Some(r) => service.with_shards(crate::service::Shards {
            first: r.first,
            last: r.last,
            total: r.total,
        }),
        None => service,
    };
    let service = match config.hard_budget {
        Some(budget) => service.with_hard_budget(budget),
        None => service,
    };
    let (failed_tx, mut failed) = tokio::sync::mpsc::channel::<BotError>(1);
    // This process's share of the token's global budget. The start-up requests use it too:
    // the process this one replaces may have spent the token's budget in its last second.
    let shards = config.shards.map(|r| (r.last - r.first + 1, r.total));
    let budget = Budget::per_second(budget::share(config.rest.per_second, shards));
    let framework = framework(&config, service.clone(), budget.clone(), failed_tx);
    let mut client =
        serenity::ClientBuilder::new_with_http(http(&config), serenity::GatewayIntents::GUILDS)
            .framework(framework)
            .await?;
    let shards = client.shard_manager.clone();
    if let Some(ratelimiter) = &client.http.ratelimiter {
        tokio::spawn(prune_ratelimits(ratelimiter.routes()));
    }
    let starter = service.clone();
    let running = async {
        match config.shards {
            Some(range) => {
                // Discord allows one IDENTIFY per 5 s per rate-limit bucket for the whole bot,
                // and serenity paces only this process's shards: the processes whose shards
                // share a bucket take turns, each holding the turn while serenity starts its
                // shards one per 5 s.
                let limit = bot_gateway(&client.http, &budget).await.session_start_limit;
                let buckets = range.buckets(limit.max_concurrency);
                let turn = starter.take_start_turn(&buckets).await?;
                let hold = IDENTIFY_INTERVAL * (range.last - range.first + 1) + SHARDS_GRACE;
                tokio::spawn(async move {
                    tokio::time::sleep(hold).await;
                    drop(turn);
                });
                info!(
                    first = range.first,
                    last = range.last,
                    total = range.total,
                    "starting a range of shards"
                );
                client
                    .start_shard_range(range.serenity_range(), range.total)
                    .await
                    .map_err(BotError::from)
            }
            // Every shard Discord recommends: a bot in more guilds than one shard may carry
            // is refused unsharded (close code 4011, which serenity retries forever).
            None => {
                let total = bot_gateway(&client.http, &budget).await.shards.max(1);
                client.start_shards(total).await.map_err(BotError::from)
            }
        }
    };
    tokio::pin!(running);
    let result = tokio::select! {
        ended = &mut running => ended,
        () = stop => {
            info!("shutting down");
            Ok(())
        }
        Some(error) = failed.recv() => {
            tracing::error!(error = %error, "start-up failed");
            Err(error)
        }
    };
    if tokio::time::timeout(SHARDS_GRACE, shards.shutdown_all())
        .await
        .is_err()
    {
        warn!("the gateway did not close in time; leaving it");
    }
    if tokio::time::timeout(STORE_GRACE, service.close())
        .await
        .is_err()
    {
        warn!("transactions still in flight at shutdown were left to SQLite's rollback");
    }
    result
}

/// What Discord says of the bot's gateway (`GET /gateway/bot`: the recommended shards and
/// the IDENTIFY limits), asked until it answers: the bot keeps trying while Discord cannot be
/// reached, as its gateway connection does. Each try passes the process's budget; a failure
/// (a 429 among them, whose body serenity cannot read) is tried again after two budget
/// windows or more, longer than any global 429 asks to wait.
async fn bot_gateway(http: &serenity::Http, budget: &Budget) -> serenity::BotGateway {
    let mut backoff = 2 * budget::WINDOW;
    loop {
        match budget.spend(http.get_bot_gateway()).await {
            Ok(gateway) => return gateway,
            Err(e) => {
                let retry_in_ms = backoff.as_millis() as u64;
                let error = with_causes(&e);
                warn!(%error, retry_in_ms, "could not ask Discord about the bot's gateway");
            }
        }
        tokio::time::sleep(backoff).await;
        backoff = (backoff * 2).min(REGISTRATION_MAX_BACKOFF);
    }
}

/// `error` and its causes, `: `-separated: serenity's "Error while sending HTTP request." says
/// nothing of why (a refused connection, a proxy, a name that does not resolve); the causes
/// under it do.
fn with_causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(c) = cause {
        let said = c.to_string();
        // serenity's error repeats its HTTP error's text.
        if !text.ends_with(&said) {
            text = format!("{text}: {said}");
        }
        cause = c.source();
    }
    text
}

/// Registers the commands, retrying failures with backoff for at most `limit`.
async fn register(
    ctx: &serenity::Context,
    commands: &[poise::Command<Data, Error>],
    dev_guild: Option<serenity::GuildId>,
    limit: Duration,
    budget: &Budget,
) -> Result<(), BotError> {
    let started = Instant::now();
    let mut backoff = Duration::from_secs(1);
    loop {
        // One request (a bulk overwrite), within the budget.
        let attempt = budget
            .spend(async {
                match dev_guild {
                    Some(guild) => poise::builtins::register_in_guild(ctx, commands, guild).await,
                    None => poise::builtins::register_globally(ctx, commands).await,
                }
            })
            .await;
        let error = match attempt {
            Ok(()) => return Ok(()),
            Err(e) => e,
        };
        let waited = started.elapsed();
        if waited + backoff > limit {
            warn!(error = %error, secs = waited.as_secs(), "command registration given up");
            return Err(BotError::Registration {
                secs: waited.as_secs(),
                reason: error.to_string(),
            });
        }
        let retry_in_ms = backoff.as_millis() as u64;
        warn!(error = %error, retry_in_ms, "command registration failed");
        tokio::time::sleep(backoff).await;
        backoff = (backoff * 2).min(REGISTRATION_MAX_BACKOFF);
    }
}

/// How often serenity's rate limits are pruned (see [`prune_ratelimits`]).
const PRUNE_RATELIMITS_EVERY: Duration = Duration::from_secs(60);

/// serenity's rate limiter keeps what it learned per route and never forgets a route: an
/// interaction's answer is a route of its own (by the interaction's id), so it kept one entry
/// per click, for good. Every minute the entries no request holds and whose limit has reset
/// are dropped; a route used again starts afresh, as a new one does, and learns its limit
/// from the answer.
async fn prune_ratelimits(
    routes: std::sync::Arc<
        tokio::sync::RwLock<
            std::collections::HashMap<
                serenity::http::RatelimitingBucket,
                std::sync::Arc<tokio::sync::Mutex<serenity::http::Ratelimit>>,
            >,
        >,
    >,
) {
    let mut every = tokio::time::interval(PRUNE_RATELIMITS_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let now = std::time::SystemTime::now();
        routes.write().await.retain(|_, limit| {
            std::sync::Arc::strong_count(limit) > 1
                || limit
                    .try_lock()
                    .map_or(true, |l| l.reset().is_some_and(|r| r > now))
        });
    }
}

fn http(config: &BotConfig) -> serenity::Http {
    let mut http = serenity::HttpBuilder::new(&config.token);
    if let Some(proxy) = &config.rest.proxy {
        // A REST proxy keeps the rate limits; serenity 0.12 ignores a proxy while its own
        // rate limiter is on (serenity issue #1739).
        http = http.proxy(proxy.clone()).ratelimiter_disabled(true);
    }
    #[cfg(feature = "test-support")]
    if let Some(base) = &config.api_base {
        // Test only: the fake Discord, as a proxy is reached.
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
    }
    http.build()
}

fn framework(
    config: &BotConfig,
    service: MatchService,
    budget: Budget,
    failed: tokio::sync::mpsc::Sender<BotError>,
) -> poise::Framework<Data, Error> {
    let dev_guild = config.dev_guild_id.map(serenity::GuildId::new);
    let limit = config.registration_limit;
    let (pause, computer_sweep) = (config.computer_pause, config.computer_sweep);
    let card_art = config.card_art.clone();
    let (sweep, timer_sweep) = (config.challenge_sweep, config.timer_sweep);
    poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: localized_commands(),
            event_handler: |fw, event| Box::pin(on_event(fw.serenity_context, event, fw.user_data)),
            on_error: |error| Box::pin(on_error(error)),
            pre_command: |ctx| {
                Box::pin(async move { ctx.set_invocation_data(Instant::now()).await })
            },
            post_command: |ctx| Box::pin(log_command(ctx)),
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected");
                let commands = &framework.options().commands;
                if let Err(e) = register(ctx, commands, dev_guild, limit, &budget).await {
                    // run_bot ends the bot with this error (never alive and deaf). Setup
                    // does not return it: poise would print it a second time.
                    let _ = failed.send(e).await;
                    std::future::pending::<()>().await;
                }
                // In the background: the bot answers at once, with text cards until the
                // faces are on Discord.
                info!(
                    per_second = budget.limit(),
                    "the REST budget of this process"
                );
                let card_art =
                    emoji::spawn_sync(ctx.http.clone(), budget.clone(), card_art, service.clone());
                let art = Faces::art(card_art);
                let rest = Rest::new(ctx.http.clone(), budget);
                let set_aside = SetAside::default();
                let data = Data {
                    outbox: Outbox::new(rest, service.clone(), art.clone(), set_aside.clone()),
                    service,
                    bot_user: UserId::from_snowflake(ready.user.id.get()),
                    computer_pause: pause,
                    art,
                    set_aside,
                };
                timers::spawn_challenge_sweeper(ctx.http.clone(), data.clone(), sweep);
                timers::spawn_turn_timer(data.clone(), timer_sweep);
                timers::spawn_computer_sweep(data.clone(), computer_sweep);
                timers::spawn_outbox_sweep(data.clone(), computer_sweep);
                super::tournament::spawn_table_sweep(data.clone(), sweep);
                Ok(data)
            })
        })
        .build()
}

async fn log_command(ctx: poise::Context<'_, Data, Error>) {
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
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::GuildOnly { ctx, .. } => {
            let reply = poise::CreateReply::default()
                .content(tr(user_lang(ctx), "err-dm"))
                .ephemeral(true);
            if let Err(e) = ctx.send(reply).await {
                warn!(error = %e, "could not answer a DM command");
            }
        }
        poise::FrameworkError::Command { error, ctx, .. } => {
            warn!(command = %ctx.command().qualified_name, error = %error, "command failed");
            // A typed refusal in its own words (a store failure says only that something went
            // wrong, or that a row is damaged).
            let lang = user_lang(ctx);
            let text = match error.downcast_ref::<ServiceError>() {
                Some(e) => super::view::refusal::service_error(e, lang),
                None => tr(lang, "err-internal"),
            };
            let reply = poise::CreateReply::default().content(text).ephemeral(true);
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
        interactions::on_component(ctx, component, data).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[derive(Debug, thiserror::Error)]
    #[error("Error while sending HTTP request.")]
    struct Outer(#[source] Inner);

    #[derive(Debug, thiserror::Error)]
    #[error("Error while sending HTTP request.")]
    struct Inner(#[source] std::io::Error);

    #[test]
    fn an_error_is_said_with_its_causes_once_each() {
        let refused = std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "refused");
        assert_eq!(
            super::with_causes(&Outer(Inner(refused))),
            "Error while sending HTTP request.: refused"
        );
    }
}
