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
use crate::i18n::{tr, tr_args, Lang};
use crate::service::{
    logged_move, Applied, Loaded, MatchService, Move, NewMatch, Origin, FORFEIT_AFTER_TIMEOUTS,
};
use crate::store::{ChallengeStatus, GuildSettings, MatchMeta};

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
    let lang = user_lang(ctx);
    let refusal = if them == me {
        Some(tr(lang, "ch-self"))
    } else if opponent.bot {
        Some(tr(lang, "ch-bot"))
    } else {
        let store = ctx.data().service.store();
        store
            .active_match_between(ctx.channel_id().get() as i64, me, them)
            .await?
            .map(|id| {
                tr_args(
                    lang,
                    "ch-already",
                    &[("user", format!("<@{them}>").into()), ("id", id.into())],
                )
            })
    };
    if let Some(text) = refusal {
        ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
            .await?;
        return Ok(());
    }
    let guild = ctx.guild_id().map_or(0, |g| g.get() as i64);
    let channel = ctx.channel_id().get() as i64;
    let settings = ctx.data().service.store().guild_settings(guild).await?;
    let public = public_lang(&settings, guild_locale(ctx).as_deref());
    let (id, text, buttons) =
        new_challenge(&ctx.data().service, &settings, channel, me, them, public).await?;
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
    settings: &GuildSettings,
    channel: i64,
    me: i64,
    them: i64,
    lang: Lang,
) -> Result<(i64, String, serenity::CreateActionRow), Error> {
    let expiry = settings.challenge_expiry_secs;
    let now = service.clock().now();
    let id = service
        .store()
        .create_challenge(settings.guild_id, channel, me, them, now, now + expiry)
        .await?;
    let buttons = serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(format!("ch:{id}:accept"))
            .label(tr(lang, "ch-accept"))
            .style(serenity::ButtonStyle::Success),
        serenity::CreateButton::new(format!("ch:{id}:decline"))
            .label(tr(lang, "ch-decline"))
            .style(serenity::ButtonStyle::Danger),
    ]);
    let text = tr_args(
        lang,
        "ch-text",
        &[
            ("me", format!("<@{me}>").into()),
            ("them", format!("<@{them}>").into()),
            ("expires", format!("<t:{}:R>", now + expiry).into()),
        ],
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
    lang: Lang,
) -> Result<String, Error> {
    let meta = data.service.load(match_id).await?.meta;
    let them = if user == meta.player0_id {
        meta.player1_id
    } else if user == meta.player1_id {
        meta.player0_id
    } else {
        return Ok(tr(lang, "rematch-only"));
    };
    let store = data.service.store();
    if let Some(id) = store
        .active_match_between(meta.channel_id, user, them)
        .await?
    {
        return Ok(tr_args(
            lang,
            "ch-already",
            &[("user", format!("<@{them}>").into()), ("id", id.into())],
        ));
    }
    let public = match_lang(&meta);
    let settings = store.guild_settings(meta.guild_id).await?;
    let (id, text, buttons) = new_challenge(
        &data.service,
        &settings,
        meta.channel_id,
        user,
        them,
        public,
    )
    .await?;
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
    Ok(tr_args(
        lang,
        "rematch-asked",
        &[
            ("user", format!("<@{them}>").into()),
            ("channel", format!("<#{}>", meta.channel_id).into()),
        ],
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
        let lang = public_lang(&store.guild_settings(c.guild_id).await?, None);
        let text = tr_args(
            lang,
            "ch-expired-message",
            &[
                ("from", format!("<@{}>", c.challenger_id).into()),
                ("to", format!("<@{}>", c.opponent_id).into()),
            ],
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

/// The caller's game in this channel (or its thread), or `None` after telling them there is
/// none with the message `none_key`.
async fn own_active_match(ctx: Context<'_>, none_key: &str) -> Result<Option<Loaded>, Error> {
    let user = ctx.author().id.get() as i64;
    let service = &ctx.data().service;
    let found = service
        .store()
        .active_match_of(ctx.channel_id().get() as i64, user)
        .await?;
    match found {
        Some(match_id) => Ok(Some(service.load(match_id).await?)),
        None => {
            let reply = poise::CreateReply::default()
                .content(tr(user_lang(ctx), none_key))
                .ephemeral(true);
            ctx.send(reply).await?;
            Ok(None)
        }
    }
}

/// Show your hand again (only you see it).
#[poise::command(slash_command, guild_only)]
pub async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    let Some(loaded) = own_active_match(ctx, "hand-none").await? else {
        return Ok(());
    };
    let user = ctx.author().id.get() as i64;
    let seat = loaded.seat_of(user).expect("the query matched this player");
    let names = names(&loaded.meta);
    let label = MatchLabel {
        match_id: loaded.meta.id,
        version: loaded.meta.version,
        names: &names,
        lang: user_lang(ctx),
    };
    let message = view::hand(&loaded.game.game.seat_view(seat), &label, false);
    ctx.send(render::ephemeral_reply(&message)).await?;
    Ok(())
}

/// Resign your game here (asks you to confirm first); it ends as your loss.
#[poise::command(slash_command, guild_only)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    let Some(loaded) = own_active_match(ctx, "resign-none").await? else {
        return Ok(());
    };
    let names = names(&loaded.meta);
    let label = MatchLabel {
        match_id: loaded.meta.id,
        version: loaded.meta.version,
        names: &names,
        lang: user_lang(ctx),
    };
    let message = view::resign_confirmation(&label);
    ctx.send(render::ephemeral_reply(&message)).await?;
    Ok(())
}

/// A click on Accept or Decline (`ch:<id>:accept|decline`).
pub async fn challenge_click(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    data: &Data,
    rest: &str,
) -> Result<(), Error> {
    let lang = Lang::from_discord(&component.locale);
    let mut parts = rest.split(':');
    let (Some(Ok(id)), Some(choice), None) = (
        parts.next().map(str::parse::<i64>),
        parts.next(),
        parts.next(),
    ) else {
        return reply(
            ctx,
            component,
            render::ephemeral_text(&tr(lang, "err-bad-id")),
        )
        .await;
    };
    let store = data.service.store();
    let Some(challenge) = store.challenge(id).await? else {
        return reply(ctx, component, render::ephemeral_text(&tr(lang, "ch-gone"))).await;
    };
    let user = component.user.id.get() as i64;
    if user != challenge.opponent_id {
        let text = tr_args(
            lang,
            "ch-only",
            &[("user", format!("<@{}>", challenge.opponent_id).into())],
        );
        return reply(ctx, component, render::ephemeral_text(&text)).await;
    }
    if challenge.status != "pending" {
        return reply(
            ctx,
            component,
            render::ephemeral_text(&tr(lang, "ch-closed")),
        )
        .await;
    }
    // Server settings are copied into the match, so a later change never alters it.
    let settings = store.guild_settings(challenge.guild_id).await?;
    let public = public_lang(&settings, component.guild_locale.as_deref());
    if challenge.expires_at <= data.service.clock().now() {
        store.settle_challenge(id, ChallengeStatus::Expired).await?;
        return update_text(ctx, component, &tr(public, "ch-expired")).await;
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
            render::ephemeral_text(&tr(lang, "ch-answered")),
        )
        .await;
    }
    if !accept {
        let text = tr_args(
            public,
            "ch-declined",
            &[("user", format!("<@{}>", challenge.opponent_id).into())],
        );
        return update_text(ctx, component, &text).await;
    }
    let first_dealer = if rand::random::<bool>() {
        Seat::Zero
    } else {
        Seat::One
    };
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
        lang: public,
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
    let text = tr_args(
        public,
        "ch-accepted",
        &[
            ("opponent", format!("<@{}>", challenge.opponent_id).into()),
            ("a", format!("<@{}>", challenge.challenger_id).into()),
            ("b", format!("<@{}>", challenge.opponent_id).into()),
        ],
    );
    update_text(ctx, component, &text).await?;
    let channel = component.channel_id;
    let thread = if settings.use_threads {
        channel
            .create_thread_from_message(
                &ctx.http,
                component.message.id,
                serenity::CreateThread::new(tr_args(
                    public,
                    "thread-name",
                    &[("id", match_id.into())],
                ))
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
    let lang = match_lang(meta);
    let lines: Vec<String> = recent[since..]
        .iter()
        .filter_map(|e| {
            let Move::Play(action) = logged_move(&e.action).ok()? else {
                return None;
            };
            let seat = Seat::from_index(e.seat as u64)?;
            let by = match Origin::from_id(&e.origin) {
                Some(Origin::Timeout) => " ⏰".to_string(),
                Some(Origin::Auto) => format!(" {}", tr(lang, "action-auto")),
                _ => String::new(),
            };
            Some(format!(
                "{} — {}{by}",
                names[seat],
                public_label(action, lang)
            ))
        })
        .collect();
    let label = MatchLabel {
        match_id: meta.id,
        version: meta.version,
        names: &names,
        lang,
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

/// What everyone may know of an action: a drawn card stays hidden.
fn public_label(action: Action, lang: Lang) -> String {
    view::hand::action_label(action, lang)
}

/// The language of a command user's own answers (their Discord client's).
pub fn user_lang(ctx: Context<'_>) -> Lang {
    Lang::from_discord(ctx.locale().unwrap_or("en"))
}

/// The server's Discord language, as the interaction reports it.
pub fn guild_locale(ctx: Context<'_>) -> Option<String> {
    match ctx {
        poise::Context::Application(a) => a.interaction.guild_locale.clone(),
        poise::Context::Prefix(_) => None,
    }
}

/// The language of a server's public messages: an admin's choice, or the server's Discord
/// language (`auto`, the default; English when it is not known).
pub fn public_lang(settings: &GuildSettings, guild_locale: Option<&str>) -> Lang {
    Lang::from_id(&settings.locale)
        .unwrap_or_else(|| Lang::from_discord(guild_locale.unwrap_or("en")))
}

/// The language of a match's public messages, fixed when it started.
pub fn match_lang(meta: &MatchMeta) -> Lang {
    Lang::from_id(&meta.locale).unwrap_or_default()
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
    let lang = match_lang(meta);
    let label = MatchLabel {
        match_id: meta.id,
        version: applied.version,
        names: &names,
        lang,
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
        posts.push(Message::text(tr_args(
            lang,
            "turn-mention",
            &[("name", (&names[next]).into())],
        )));
    }
    let thread = meta.thread_id.map(|t| serenity::ChannelId::new(t as u64));
    data.poster.update(meta.id, thread, posts);
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
    let lang = match_lang(&applied.meta);
    let name = &names[*seat];
    if *origin == Origin::Forfeit {
        return Some(tr_args(
            lang,
            "timeout-forfeit",
            &[
                ("name", name.into()),
                ("max", FORFEIT_AFTER_TIMEOUTS.into()),
            ],
        ));
    }
    let played: Vec<String> = applied
        .moves
        .iter()
        .filter(|(s, _, o)| s == seat && *o == Origin::Timeout)
        .filter_map(|(_, mv, _)| match mv {
            Move::Play(action) => Some(public_label(*action, lang)),
            Move::Concede(_) => None,
        })
        .collect();
    let count = applied.meta.timeouts()[seat.index()];
    Some(tr_args(
        lang,
        "timeout-played",
        &[
            ("name", name.into()),
            ("actions", played.join(", ").into()),
            ("n", count.into()),
            ("max", FORFEIT_AFTER_TIMEOUTS.into()),
        ],
    ))
}

fn rounds_ended(events: &[Event]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, Event::Round(RoundEvent::Ended(_))))
        .count()
}
