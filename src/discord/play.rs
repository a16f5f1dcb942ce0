//! The game flow on Discord: challenges, the match thread and table, and what follows each
//! committed action (table edit, turn mention, round summary, final result, the riichi
//! player's automatic discard).

use poise::serenity_prelude as serenity;
use tracing::warn;

use super::bot::{Context, Data, Error};
use super::render;
use super::view::{self, MatchLabel, Message};
use crate::engine::round::RoundEvent;
use crate::engine::{Action, Event, PerSeat, RuleOptions, Seat};
use crate::service::{Applied, NewMatch};
use crate::store::{self, ChallengeStatus, MatchMeta};

/// Actions listed on the table.
const RECENT: i64 = 5;

/// Challenge someone to a game of MOMOJAN.
#[poise::command(slash_command, guild_only)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "Who you want to play"] opponent: serenity::User,
) -> Result<(), Error> {
    let me = ctx.author().id.get() as i64;
    let them = opponent.id.get() as i64;
    let refusal = if them == me {
        Some("You cannot challenge yourself.".to_string())
    } else if opponent.bot {
        Some("Bots do not play MOMOJAN; challenge a person.".to_string())
    } else {
        let store = ctx.data().service.store();
        store
            .active_match_between(ctx.channel_id().get() as i64, me, them)
            .await?
            .map(|id| format!("You already have a game with <@{them}> here (match {id})."))
    };
    if let Some(text) = refusal {
        ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
            .await?;
        return Ok(());
    }
    let guild = ctx.guild_id().map_or(0, |g| g.get() as i64);
    let store = ctx.data().service.store();
    let expiry = store.guild_settings(guild).await?.challenge_expiry_secs;
    let now = store::now();
    let channel = ctx.channel_id().get() as i64;
    let id = store
        .create_challenge(guild, channel, me, them, now, now + expiry)
        .await?;
    let buttons = serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(format!("ch:{id}:accept"))
            .label("Accept")
            .style(serenity::ButtonStyle::Success),
        serenity::CreateButton::new(format!("ch:{id}:decline"))
            .label("Decline")
            .style(serenity::ButtonStyle::Danger),
    ]);
    let text = format!(
        "🍑 <@{me}> challenges <@{them}> to a game of MOMOJAN (桃雀)! <@{them}>, accept <t:{}:R>.",
        now + expiry
    );
    let reply = poise::CreateReply::default()
        .content(text)
        .components(vec![buttons]);
    let handle = ctx.send(reply).await?;
    let message_id = handle.message().await?.id.get() as i64;
    store.set_challenge_message(id, message_id).await?;
    Ok(())
}

/// Marks every challenge whose time is up as expired, on its message too. Runs every
/// `BotConfig::challenge_sweep`; a challenge found expired on a click is handled there.
pub async fn expire_challenges(http: &serenity::Http, data: &Data) -> Result<(), Error> {
    let store = data.service.store();
    for c in store.expired_challenges(store::now()).await? {
        if !store
            .settle_challenge(c.id, ChallengeStatus::Expired)
            .await?
        {
            continue;
        }
        let Some(message) = c.message_id else {
            continue;
        };
        let text = format!(
            "⌛ The challenge from <@{}> to <@{}> has expired.",
            c.challenger_id, c.opponent_id
        );
        serenity::ChannelId::new(c.channel_id as u64)
            .edit_message(
                http,
                serenity::MessageId::new(message as u64),
                serenity::EditMessage::new()
                    .content(text)
                    .components(Vec::new()),
            )
            .await?;
    }
    Ok(())
}

/// Show your hand again (only you see it).
#[poise::command(slash_command, guild_only)]
pub async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    let user = ctx.author().id.get() as i64;
    let service = &ctx.data().service;
    let Some(match_id) = service
        .store()
        .active_match_of(ctx.channel_id().get() as i64, user)
        .await?
    else {
        let reply = poise::CreateReply::default()
            .content("You have no game in progress here. Start one with /momojan challenge.")
            .ephemeral(true);
        ctx.send(reply).await?;
        return Ok(());
    };
    let loaded = service.load(match_id).await?;
    let seat = loaded.seat_of(user).expect("the query matched this player");
    let names = names(&loaded.meta);
    let label = MatchLabel {
        match_id,
        version: loaded.meta.version,
        names: &names,
    };
    let message = view::hand(&loaded.game.game.seat_view(seat), &label, false);
    let mut reply = poise::CreateReply::default().ephemeral(true);
    for embed in render::embeds_of(&message) {
        reply = reply.embed(embed);
    }
    reply = reply.components(render::rows_of(&message));
    ctx.send(reply).await?;
    Ok(())
}

/// A click on Accept or Decline (`ch:<id>:accept|decline`).
pub async fn challenge_click(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    data: &Data,
    rest: &str,
) -> Result<(), Error> {
    let mut parts = rest.split(':');
    let (Some(Ok(id)), Some(choice), None) = (
        parts.next().map(str::parse::<i64>),
        parts.next(),
        parts.next(),
    ) else {
        return reply(
            ctx,
            component,
            render::ephemeral_text("This button is not one the bot made. Nothing was changed."),
        )
        .await;
    };
    let store = data.service.store();
    let Some(challenge) = store.challenge(id).await? else {
        return reply(
            ctx,
            component,
            render::ephemeral_text("That challenge no longer exists."),
        )
        .await;
    };
    let user = component.user.id.get() as i64;
    if user != challenge.opponent_id {
        let text = format!(
            "Only <@{}> can answer this challenge.",
            challenge.opponent_id
        );
        return reply(ctx, component, render::ephemeral_text(&text)).await;
    }
    if challenge.status != "pending" {
        let text = format!(
            "This challenge is no longer open (it was {}).",
            challenge.status
        );
        return reply(ctx, component, render::ephemeral_text(&text)).await;
    }
    if challenge.expires_at <= store::now() {
        store.settle_challenge(id, ChallengeStatus::Expired).await?;
        return update_text(ctx, component, "⌛ This challenge has expired.").await;
    }
    let accept = choice == "accept";
    let status = if accept {
        ChallengeStatus::Accepted
    } else {
        ChallengeStatus::Declined
    };
    if !store.settle_challenge(id, status).await? {
        return reply(
            ctx,
            component,
            render::ephemeral_text("This challenge was already answered."),
        )
        .await;
    }
    if !accept {
        let text = format!("<@{}> declined the challenge.", challenge.opponent_id);
        return update_text(ctx, component, &text).await;
    }
    let first_dealer = if rand::random::<bool>() {
        Seat::Zero
    } else {
        Seat::One
    };
    // Server settings are copied into the match, so a later change never alters it.
    let settings = store.guild_settings(challenge.guild_id).await?;
    let options = RuleOptions {
        yaku_points: serde_json::from_str(&settings.yaku_overrides).unwrap_or_default(),
    };
    let new = NewMatch {
        guild_id: challenge.guild_id,
        channel_id: challenge.channel_id,
        players: [challenge.challenger_id, challenge.opponent_id],
        first_dealer,
        options,
        turn_timeout_secs: settings.turn_timeout_secs,
    };
    let (match_id, _) = data.service.create_match(&new).await?;
    // Answer within the deadline first, then open the thread and post the table.
    let text = format!(
        "✅ <@{}> accepted. Game on between <@{}> and <@{}>!",
        challenge.opponent_id, challenge.challenger_id, challenge.opponent_id
    );
    update_text(ctx, component, &text).await?;
    let channel = component.channel_id;
    let thread = channel
        .create_thread_from_message(
            &ctx.http,
            component.message.id,
            serenity::CreateThread::new(format!("MOMOJAN match {match_id}"))
                .auto_archive_duration(serenity::AutoArchiveDuration::OneDay),
        )
        .await
        .map(|t| t.id)
        .unwrap_or(channel);
    let loaded = data.service.load(match_id).await?;
    let table = table_message(data, &loaded.meta, loaded.meta.version).await?;
    let posted = thread
        .send_message(&ctx.http, create_message(&table))
        .await?;
    store
        .set_match_messages(
            match_id,
            Some(thread.get() as i64),
            Some(posted.id.get() as i64),
        )
        .await?;
    Ok(())
}

async fn reply(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    response: serenity::CreateInteractionResponse,
) -> Result<(), Error> {
    component.create_response(&ctx.http, response).await?;
    Ok(())
}

async fn update_text(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    text: &str,
) -> Result<(), Error> {
    let response = serenity::CreateInteractionResponse::UpdateMessage(
        serenity::CreateInteractionResponseMessage::new()
            .content(text)
            .components(Vec::new()),
    );
    reply(ctx, component, response).await
}

pub fn names(meta: &MatchMeta) -> PerSeat<String> {
    PerSeat::new(
        format!("<@{}>", meta.player0_id),
        format!("<@{}>", meta.player1_id),
    )
}

/// The table message for a match at `version`.
pub async fn table_message(data: &Data, meta: &MatchMeta, version: i64) -> Result<Message, Error> {
    let loaded = data.service.load(meta.id).await?;
    let recent = data.service.store().recent_events(meta.id, RECENT).await?;
    // Only this round's actions: the cards named in an earlier round have been reshuffled.
    let since = recent
        .iter()
        .rposition(|e| e.events.contains("\"kind\":\"round_started\""))
        .map_or(0, |i| i + 1);
    let names = names(meta);
    let lines: Vec<String> = recent[since..]
        .iter()
        .filter_map(|e| {
            let action: Action = serde_json::from_str(&e.action).ok()?;
            let seat = Seat::from_index(e.seat as u64)?;
            Some(format!("{} — {}", names[seat], public_label(action)))
        })
        .collect();
    let label = MatchLabel {
        match_id: meta.id,
        version,
        names: &names,
    };
    Ok(view::table(&loaded.game.game.public_view(), &label, &lines))
}

/// What everyone may know of an action: a drawn card stays hidden.
fn public_label(action: Action) -> String {
    view::hand::action_label(action)
}

fn create_message(message: &Message) -> serenity::CreateMessage {
    render::channel_message(message)
}

/// After a committed action: the riichi player's automatic discard, the table edit, the turn
/// mention, and the round summary or final result. Failures here are logged, not shown: the
/// action itself is committed and the player's hand already answered.
pub async fn after_action(ctx: &serenity::Context, data: &Data, applied: &Applied) {
    if let Err(e) = follow_up(ctx, data, applied).await {
        warn!(match_id = applied.meta.id, error = %e, "after-action updates failed");
    }
}

fn rounds_ended(events: &[Event]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, Event::Round(RoundEvent::Ended(_))))
        .count()
}

async fn follow_up(ctx: &serenity::Context, data: &Data, applied: &Applied) -> Result<(), Error> {
    let mut last = applied.clone();
    let mut ended = rounds_ended(&applied.events);
    // A riichi player's drawn card that does not win is discarded for them (rules §5).
    while let Some(auto) = last.game.riichi_auto_discard() {
        let seat = last.game.to_act().expect("someone acts");
        let user = [last.meta.player0_id, last.meta.player1_id][seat.index()];
        last = data
            .service
            .apply(last.meta.id, user, last.version, auto)
            .await?;
        ended += rounds_ended(&last.events);
    }
    let meta = &last.meta;
    let Some(thread) = meta.thread_id.map(|t| serenity::ChannelId::new(t as u64)) else {
        return Ok(());
    };
    if let Some(table_id) = meta.table_message_id {
        let table = table_message(data, meta, last.version).await?;
        thread
            .edit_message(
                &ctx.http,
                serenity::MessageId::new(table_id as u64),
                render::edit_message(&table),
            )
            .await?;
    }
    let names = names(meta);
    let label = MatchLabel {
        match_id: meta.id,
        version: last.version,
        names: &names,
    };
    let records = &last.game.records;
    for record in &records[records.len().saturating_sub(ended)..] {
        let summary = view::round_summary(record, &label);
        thread
            .send_message(&ctx.http, render::channel_message(&summary))
            .await?;
    }
    if let Some(outcome) = last.game.outcome {
        let result = view::game_result(outcome, last.game.balances.to_array(), &label);
        thread
            .send_message(&ctx.http, render::channel_message(&result))
            .await?;
    } else if let Some(next) = last.game.to_act().filter(|next| *next != applied.seat) {
        let text = format!("{}, your turn.", names[next]);
        thread
            .send_message(&ctx.http, serenity::CreateMessage::new().content(text))
            .await?;
    }
    Ok(())
}
