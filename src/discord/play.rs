//! The game flow on Discord: challenges, the match thread and table, and what follows each
//! committed action (table edit, turn mention, round summary, final result, the riichi
//! player's automatic discard).

use poise::serenity_prelude as serenity;

use super::bot::{Context, Data, Error};
use super::render;
use super::view::{self, MatchLabel, Message, TableInfo};
use crate::engine::commitment::deal_proof;
use crate::engine::deck::DeckSeed;
use crate::engine::round::RoundEvent;
use crate::engine::{Action, Event, PerSeat, RuleOptions, Seat};
use crate::service::{
    logged_move, Applied, Loaded, MatchService, Move, NewMatch, Origin, FORFEIT_AFTER_TIMEOUTS,
};
use crate::store::{ChallengeStatus, MatchMeta};

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
    let channel = ctx.channel_id().get() as i64;
    let (id, text, buttons) = new_challenge(&ctx.data().service, guild, channel, me, them).await?;
    let reply = poise::CreateReply::default()
        .content(text)
        .components(vec![buttons]);
    let handle = ctx.send(reply).await?;
    let message_id = handle.message().await?.id.get() as i64;
    ctx.data()
        .service
        .store()
        .set_challenge_message(id, message_id)
        .await?;
    Ok(())
}

/// Stores a challenge and returns its id, text and Accept/Decline buttons.
async fn new_challenge(
    service: &MatchService,
    guild: i64,
    channel: i64,
    me: i64,
    them: i64,
) -> Result<(i64, String, serenity::CreateActionRow), Error> {
    let store = service.store();
    let expiry = store.guild_settings(guild).await?.challenge_expiry_secs;
    let now = service.clock().now();
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
    Ok((id, text, buttons))
}

/// A Rematch click on a finished game's result: the clicking player challenges the other
/// again, in the channel the game started from.
pub async fn rematch(
    http: &serenity::Http,
    data: &Data,
    match_id: i64,
    user: i64,
) -> Result<String, Error> {
    let meta = data.service.load(match_id).await?.meta;
    let them = if user == meta.player0_id {
        meta.player1_id
    } else if user == meta.player1_id {
        meta.player0_id
    } else {
        return Ok("Only the two players of this game can ask for a rematch.".into());
    };
    let store = data.service.store();
    if let Some(id) = store
        .active_match_between(meta.channel_id, user, them)
        .await?
    {
        return Ok(format!(
            "You already have a game with <@{them}> (match {id})."
        ));
    }
    let (id, text, buttons) =
        new_challenge(&data.service, meta.guild_id, meta.channel_id, user, them).await?;
    let posted = serenity::ChannelId::new(meta.channel_id as u64)
        .send_message(
            http,
            serenity::CreateMessage::new()
                .content(text)
                .components(vec![buttons]),
        )
        .await?;
    store
        .set_challenge_message(id, posted.id.get() as i64)
        .await?;
    Ok(format!(
        "Rematch asked: <@{them}> can accept it in <#{}>.",
        meta.channel_id
    ))
}

/// Marks every challenge whose time is up as expired, on its message too. Runs every
/// `BotConfig::challenge_sweep`; a challenge found expired on a click is handled there.
pub async fn expire_challenges(http: &serenity::Http, data: &Data) -> Result<(), Error> {
    let store = data.service.store();
    for c in store.expired_challenges(data.service.clock().now()).await? {
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

/// Resign your game here (asks you to confirm first); it ends as your loss.
#[poise::command(slash_command, guild_only)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    let user = ctx.author().id.get() as i64;
    let service = &ctx.data().service;
    let Some(match_id) = service
        .store()
        .active_match_of(ctx.channel_id().get() as i64, user)
        .await?
    else {
        let reply = poise::CreateReply::default()
            .content("You have no game in progress here, so there is nothing to resign.")
            .ephemeral(true);
        ctx.send(reply).await?;
        return Ok(());
    };
    let loaded = service.load(match_id).await?;
    let names = names(&loaded.meta);
    let label = MatchLabel {
        match_id,
        version: loaded.meta.version,
        names: &names,
    };
    let message = view::resign_confirmation(&label);
    let reply = poise::CreateReply::default()
        .content(message.content.clone())
        .components(render::rows_of(&message))
        .ephemeral(true);
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
    if challenge.expires_at <= data.service.clock().now() {
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
        time_bank_secs: settings.time_bank_secs,
        season: settings.season,
    };
    let (match_id, _) = match data.fixed_deal {
        Some((seed, dealer)) => {
            let new = NewMatch {
                first_dealer: dealer,
                ..new
            };
            data.service.create_match_with_seed(&new, seed).await?
        }
        None => data.service.create_match(&new).await?,
    };
    // Answer within the deadline first, then open the thread and post the table.
    let text = format!(
        "✅ <@{}> accepted. Game on between <@{}> and <@{}>!",
        challenge.opponent_id, challenge.challenger_id, challenge.opponent_id
    );
    update_text(ctx, component, &text).await?;
    let channel = component.channel_id;
    let thread = if settings.use_threads {
        channel
            .create_thread_from_message(
                &ctx.http,
                component.message.id,
                serenity::CreateThread::new(format!("MOMOJAN match {match_id}"))
                    .auto_archive_duration(serenity::AutoArchiveDuration::OneDay),
            )
            .await
            .map(|t| t.id)
            .unwrap_or(channel)
    } else {
        channel
    };
    let loaded = data.service.load(match_id).await?;
    let table = table_of(&data.service, &loaded).await?;
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

/// The table message of a loaded match.
pub async fn table_of(service: &MatchService, loaded: &Loaded) -> Result<Message, Error> {
    let meta = &loaded.meta;
    let recent = service.store().recent_events(meta.id, RECENT).await?;
    // Only this round's actions: the cards named in an earlier round have been reshuffled.
    let since = recent
        .iter()
        .rposition(|e| e.events.contains("\"kind\":\"round_started\""))
        .map_or(0, |i| i + 1);
    let names = names(meta);
    let lines: Vec<String> = recent[since..]
        .iter()
        .filter_map(|e| {
            let Move::Play(action) = logged_move(&e.action).ok()? else {
                return None;
            };
            let seat = Seat::from_index(e.seat as u64)?;
            let by = match Origin::from_id(&e.origin) {
                Some(Origin::Timeout) => " ⏰",
                Some(Origin::Auto) => " (auto)",
                _ => "",
            };
            Some(format!("{} — {}{by}", names[seat], public_label(action)))
        })
        .collect();
    let label = MatchLabel {
        match_id: meta.id,
        version: meta.version,
        names: &names,
    };
    let game = &loaded.game.game;
    let info = TableInfo {
        recent: lines,
        deadline: meta.turn_deadline.filter(|_| game.to_act().is_some()),
        banks: meta.banks(),
        commitment: game
            .round
            .as_ref()
            .map(|_| deal_proof(&loaded.game.seed, game.records.len() as u32).commitment),
    };
    Ok(view::table(&game.public_view(), &label, &info))
}

/// Where a match's table is and what it shows now; `None` before it is posted.
pub async fn current_table(
    service: &MatchService,
    match_id: i64,
) -> Result<Option<(serenity::ChannelId, serenity::MessageId, Message)>, Error> {
    let loaded = service.load(match_id).await?;
    let (Some(thread), Some(table)) = (loaded.meta.thread_id, loaded.meta.table_message_id) else {
        return Ok(None);
    };
    let message = table_of(service, &loaded).await?;
    Ok(Some((
        serenity::ChannelId::new(thread as u64),
        serenity::MessageId::new(table as u64),
        message,
    )))
}

/// The thread (or channel) a match is played in, once its table is posted.
pub async fn match_channel(
    service: &MatchService,
    match_id: i64,
) -> Result<Option<serenity::ChannelId>, Error> {
    let meta = service.load(match_id).await?.meta;
    Ok(meta.thread_id.map(|t| serenity::ChannelId::new(t as u64)))
}

/// What everyone may know of an action: a drawn card stays hidden.
fn public_label(action: Action) -> String {
    view::hand::action_label(action)
}

fn create_message(message: &Message) -> serenity::CreateMessage {
    render::channel_message(message)
}

/// After committed moves: the table edit, then in order the timeout notice, round
/// summaries, the final result or the turn mention — handed to the match's poster, which
/// coalesces table edits. Nothing here can fail the player's action, already committed.
pub fn after_action(data: &Data, applied: &Applied) {
    let meta = &applied.meta;
    let names = names(meta);
    let label = MatchLabel {
        match_id: meta.id,
        version: applied.version,
        names: &names,
    };
    let mut posts = Vec::new();
    if let Some(notice) = timeout_notice(applied, &names) {
        posts.push(Message::text(notice));
    }
    let ended = rounds_ended(&applied.events);
    let records = &applied.game.records;
    let first = records.len().saturating_sub(ended);
    for (i, record) in records.iter().enumerate().skip(first) {
        let proof = deal_proof(&seed_of(meta), i as u32);
        posts.push(view::round_summary(record, &label, Some(&proof)));
    }
    if let Some(outcome) = applied.game.outcome {
        posts.push(view::game_result(
            outcome,
            applied.game.balances.to_array(),
            &label,
        ));
    } else if let Some(next) = applied.game.to_act().filter(|next| *next != applied.seat) {
        posts.push(Message::text(format!("{}, your turn.", names[next])));
    }
    data.poster.update(meta.id, posts);
}

fn seed_of(meta: &MatchMeta) -> DeckSeed {
    meta.seed.as_slice().try_into().unwrap_or([0; 32])
}

/// What the bot did for a player whose time ran out, or their forfeit.
fn timeout_notice(applied: &Applied, names: &PerSeat<String>) -> Option<String> {
    let (seat, _, origin) = applied
        .moves
        .iter()
        .find(|(_, _, o)| matches!(o, Origin::Timeout | Origin::Forfeit))?;
    let name = &names[*seat];
    if *origin == Origin::Forfeit {
        return Some(format!(
            "⏰ {name} ran out of time {FORFEIT_AFTER_TIMEOUTS} turns in a row and forfeits the match."
        ));
    }
    let played: Vec<String> = applied
        .moves
        .iter()
        .filter(|(s, _, o)| s == seat && *o == Origin::Timeout)
        .filter_map(|(_, mv, _)| match mv {
            Move::Play(action) => Some(public_label(*action)),
            Move::Concede(_) => None,
        })
        .collect();
    let count = applied.meta.timeouts()[seat.index()];
    Some(format!(
        "⏰ {name} ran out of time; the bot played for them: {} (timeout {count} of {FORFEIT_AFTER_TIMEOUTS} in a row).",
        played.join(", ")
    ))
}

fn rounds_ended(events: &[Event]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, Event::Round(RoundEvent::Ended(_))))
        .count()
}
