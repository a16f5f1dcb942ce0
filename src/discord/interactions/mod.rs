//! Clicks: the router parses the custom id into a [`ComponentId`] and hands the click to the
//! file for its kind; a click not answered within 2 s is deferred first. Every click is a
//! stateless lookup through the service, so buttons keep working after a restart.

mod answer;
mod challenge;
mod deal;
mod game;
mod pages;
mod ping;
mod replay;
mod tournament;
mod why;

pub use replay::message as replay_message;

use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use tracing::{info, warn};

use self::answer::Answer;
use super::contain::contained;
use super::context::{Data, Error};
use super::follow;
use super::ids::{ButtonKind, ComponentId};
use crate::i18n::{tr, Lang};
use crate::service::Committed;

/// A click not answered within this long is deferred (Discord allows 3 s for the first
/// answer), then completed by editing the response.
const DEFER_AFTER: Duration = Duration::from_millis(2000);
/// How long a click waits for an edit of its hand already on its way (see `live_hand`):
/// with [`DEFER_AFTER`], well inside Discord's three seconds.
const GUARD_WAIT: Duration = Duration::from_millis(500);

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

/// Handles one component click and logs it.
pub async fn on_component(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    data: &Data,
) -> Result<(), Error> {
    let started = Instant::now();
    // The clicking player's language, derived once for everything this click answers.
    let lang = Lang::from_discord(&component.locale);
    let raw = component.data.custom_id.as_str();
    let parsed = raw.parse::<ComponentId>();
    let outcome = match &parsed {
        // Discord asks applications to check this: an id that is not on the message it came
        // with was forged, and must not act on (or update) that message.
        Ok(_) if !carries(&component.message, raw) => {
            warn!(custom_id = raw, "a custom id that is not on its message");
            refuse_bad_id(ctx, component, lang).await
        }
        Ok(id) => route(ctx, component, data, *id, lang).await,
        Err(e) => {
            warn!(custom_id = raw, reason = %e, "unknown component id");
            refuse_bad_id(ctx, component, lang).await
        }
    };
    let id = parsed.ok();
    info!(
        custom_id = %raw,
        match_id = id.and_then(|i| i.match_id()).map_or(0, |m| m.0),
        action = id.map_or_else(|| "-".to_string(), |i| i.name()),
        user = component.user.id.get(),
        outcome = outcome.as_ref().map_or("error", Outcome::as_str),
        latency_ms = started.elapsed().as_millis() as u64,
        "interaction"
    );
    outcome.map(drop)
}

/// The answer to an id the bot did not make (or not for this message): nothing changes.
async fn refuse_bad_id(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    lang: Lang,
) -> Result<Outcome, Error> {
    Answer::text(tr(lang, "err-bad-id"))
        .send(ctx, component)
        .await?;
    Ok(Outcome::Refused)
}

/// Whether `message` has a button or select menu with this custom id.
fn carries(message: &serenity::Message, custom_id: &str) -> bool {
    message
        .components
        .iter()
        .flat_map(|row| &row.components)
        .any(|c| match c {
            serenity::ActionRowComponent::Button(b) => matches!(
                &b.data,
                serenity::ButtonKind::NonLink { custom_id: id, .. } if id == custom_id
            ),
            serenity::ActionRowComponent::SelectMenu(m) => {
                m.custom_id.as_deref() == Some(custom_id)
            }
            _ => false,
        })
}

async fn route(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    data: &Data,
    id: ComponentId,
    lang: Lang,
) -> Result<Outcome, Error> {
    let answer = match id {
        ComponentId::Game(button) => return game_click(ctx, component, data, button, lang).await,
        ComponentId::Challenge { id, accept } => {
            challenge::answer(ctx, component, data, id, accept, lang).await?;
            return Ok(Outcome::Answered);
        }
        ComponentId::Table { id, click } => {
            challenge::table(ctx, component, data, id, click, lang).await?;
            return Ok(Outcome::Answered);
        }
        ComponentId::Tournament { id, join } => {
            tournament::click(ctx, component, data, id, join, lang).await?;
            return Ok(Outcome::Answered);
        }
        ComponentId::Leaderboard { .. } | ComponentId::Ledger { .. } | ComponentId::Help { .. } => {
            pages::page(component, data, id, lang).await?
        }
        ComponentId::Ping { owner, count } => ping::ping(component, owner, count, lang),
        ComponentId::Deal { match_id, round } => deal::check(data, match_id, round, lang).await?,
        ComponentId::Replay {
            match_id,
            step,
            view,
            nav,
        } => replay::step(component, data, match_id, step, view, nav, lang).await?,
        ComponentId::Why { match_id, step } => {
            why::why(component, data, match_id, step, lang).await?
        }
    };
    answer.send(ctx, component).await?;
    Ok(if answer.refused {
        Outcome::Refused
    } else {
        Outcome::Answered
    })
}

/// [`game::click`], answered even when the game fails inside it (see `discord/contain.rs`):
/// the player is told, and the click's transaction is rolled back.
async fn guarded_click(
    ctx: &serenity::Context,
    button: super::ids::GameButton,
    component: &serenity::ComponentInteraction,
    data: &Data,
    lang: Lang,
) -> (Answer, Option<Committed>) {
    let work = game::click(ctx, button, component, data, lang);
    contained(button.match_id, "a click", work)
        .await
        .unwrap_or_else(|| (Answer::text(tr(lang, "err-unplayable")), None))
}

/// A game button: answered within Discord's deadline (deferred when the store is slow),
/// then what the committed action changes is announced.
async fn game_click(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    data: &Data,
    button: super::ids::GameButton,
    lang: Lang,
) -> Result<Outcome, Error> {
    // A fresh hand is a new ephemeral message, and so is a watcher's view opened from the
    // table; everything else may update the clicked one.
    let on_ephemeral =
        (component.message.flags).is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
    let opens_new = matches!(button.kind, ButtonKind::Hand | ButtonKind::Rematch)
        || (button.kind == ButtonKind::Watch && !on_ephemeral);
    // A hand that answers a move tells what happened since that move; a fresh one starts
    // with nothing.
    let news_from = (!opens_new).then_some(button.version);
    let work = guarded_click(ctx, button, component, data, lang);
    tokio::pin!(work);
    let (answer, committed): (Answer, Option<Committed>) = tokio::select! {
        done = &mut work => done,
        () = tokio::time::sleep(DEFER_AFTER) => {
            // Slow (a busy store): acknowledge within Discord's deadline, answer after.
            let defer = if opens_new {
                serenity::CreateInteractionResponse::Defer(
                    serenity::CreateInteractionResponseMessage::new().ephemeral(true),
                )
            } else {
                serenity::CreateInteractionResponse::Acknowledge
            };
            let deferred = component.create_response(&ctx.http, defer).await;
            let (answer, committed) = work.await;
            // A follow-up (after an acknowledged update) is not this token's message.
            let (live, watching) = if answer.update || opens_new {
                let live = live_hand(data, component, &answer, news_from, lang).await;
                (live, watch_shown(data, component, &answer, lang))
            } else {
                (None, None)
            };
            // The action is committed whatever happens to the answer: announce it first.
            if let Some(applied) = &committed {
                follow::after_action(data, applied);
            }
            let sent = async {
                deferred?;
                answer.send_deferred(ctx, component, opens_new).await
            }
            .await;
            if let Some((match_id, seat)) = live {
                answered(data, component, match_id, seat, sent.is_ok());
            }
            if let Some(match_id) = watching {
                data.outbox.watch_answered(match_id, &component.token, sent.is_ok());
            }
            sent?;
            return Ok(outcome_of(&answer, committed.is_some()));
        }
    };
    // The hand this answer shows is live before the outbox looks (so it is not edited to the
    // same state again), and forgotten if the answer does not get through.
    let live = live_hand(data, component, &answer, news_from, lang).await;
    let watching = watch_shown(data, component, &answer, lang);
    if let Some(applied) = &committed {
        follow::after_action(data, applied);
    }
    let sent = answer.send(ctx, component).await;
    if let Some((match_id, seat)) = live {
        answered(data, component, match_id, seat, sent.is_ok());
    }
    if let Some(match_id) = watching {
        data.outbox
            .watch_answered(match_id, &component.token, sent.is_ok());
    }
    sent?;
    Ok(outcome_of(&answer, committed.is_some()))
}

/// The answer that showed a hand was sent (`delivered`) or not: the hand is live and may be
/// edited from now on, or it is lost.
fn answered(
    data: &Data,
    component: &serenity::ComponentInteraction,
    match_id: crate::service::MatchId,
    seat: crate::games::interface::seat::Seat,
    delivered: bool,
) {
    if delivered {
        data.outbox.hand_answered(match_id, seat, &component.token);
    } else {
        data.outbox.hand_lost(match_id, seat, &component.token);
    }
}

/// A hand shown through this click's token becomes the player's live hand, its answer on its
/// way.
async fn live_hand(
    data: &Data,
    component: &serenity::ComponentInteraction,
    answer: &Answer,
    news_from: Option<i64>,
    lang: Lang,
) -> Option<(crate::service::MatchId, crate::games::interface::seat::Seat)> {
    let (match_id, seat, version) = answer.hand?;
    // An edit of this hand already on its way lands first (held for a moment at most: the
    // answer must go out within Discord's deadline); later edits wait for the answer.
    let guard = data.outbox.hand_guard(match_id, seat);
    let _held = tokio::time::timeout(GUARD_WAIT, guard.lock()).await;
    data.outbox.hand_shown(
        match_id,
        seat,
        crate::discord::live::ShownHand {
            token: &component.token,
            version,
            news_from: news_from.map_or(version, |from| from.min(version)),
            lang,
            channel: component.channel_id.get(),
            answering: true,
        },
    );
    Some((match_id, seat))
}

/// A watcher's view shown through this click's token follows the game from now on, its
/// answer on its way.
fn watch_shown(
    data: &Data,
    component: &serenity::ComponentInteraction,
    answer: &Answer,
    lang: Lang,
) -> Option<crate::service::MatchId> {
    let (match_id, version) = answer.watching?;
    let user = component.user.id.get();
    data.outbox
        .watch_shown(match_id, user, &component.token, version, lang);
    Some(match_id)
}

fn outcome_of(answer: &Answer, committed: bool) -> Outcome {
    match (committed, answer.refused) {
        (true, _) => Outcome::Applied,
        (false, true) => Outcome::Refused,
        (false, false) => Outcome::Answered,
    }
}
