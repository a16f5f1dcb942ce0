//! What is posted after committed moves: the table edit, then in order the timeout notice,
//! round summaries, the final result or the turn mention — handed to the match's poster,
//! which coalesces table edits. Nothing here can fail the player's action, already committed.

use poise::serenity_prelude as serenity;

use super::context::{Data, Error};
use super::render;
use super::view::{self, MatchLabel, Message};
use crate::engine::commitment::deal_proof;
use crate::engine::round::RoundEvent;
use crate::engine::{Event, Seat};
use crate::i18n::tr_args;
use crate::service::{Applied, ChannelId, Loaded, MessageId, Move, Origin, FORFEIT_AFTER_TIMEOUTS};

/// Hands everything a committed action changes to the poster.
pub fn after_action(data: &Data, applied: &Applied) {
    let meta = &applied.meta;
    let lang = meta.lang;
    let label = MatchLabel::of(meta, applied.version, lang);
    let mut posts = Vec::new();
    if let Some(notice) = timeout_notice(applied, &label) {
        posts.push(Message::text(notice));
    }
    let records = &applied.game.records;
    let first = records.len().saturating_sub(rounds_ended(&applied.events));
    for (i, record) in records.iter().enumerate().skip(first) {
        let proof = deal_proof(&applied.seed, i as u32);
        posts.push(view::round_summary(record, &label, Some(&proof)));
    }
    if let Some(outcome) = applied.game.outcome {
        let balances = applied.game.balances.to_array();
        posts.push(view::game_result(outcome, balances, &label));
    } else if let Some(next) = applied
        .game
        .to_act()
        .filter(|next| *next != applied.seat && !is_computer(applied, *next))
    {
        let text = tr_args(
            lang,
            "turn-mention",
            &[("name", label.mention(next).into())],
        );
        posts.push(Message::text(text));
    }
    data.poster.update(meta.id, meta.thread_id, posts);
}

/// What the bot did for a player whose time ran out, or their forfeit.
fn timeout_notice(applied: &Applied, label: &MatchLabel) -> Option<String> {
    let (seat, _, origin) = applied
        .moves
        .iter()
        .find(|(_, _, o)| matches!(o, Origin::Timeout | Origin::Forfeit))?;
    let lang = label.lang;
    let name = label.mention(*seat);
    if *origin == Origin::Forfeit {
        let args = [
            ("name", name.into()),
            ("max", FORFEIT_AFTER_TIMEOUTS.into()),
        ];
        return Some(tr_args(lang, "timeout-forfeit", &args));
    }
    let played = played_for(applied, *seat);
    let count = applied.meta.timeouts[*seat];
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

/// The moves the bot made for `seat` when its time ran out.
fn played_for(applied: &Applied, seat: Seat) -> Vec<String> {
    applied
        .moves
        .iter()
        .filter(|(s, _, o)| *s == seat && *o == Origin::Timeout)
        .filter_map(|(_, mv, _)| match mv {
            Move::Play(action) => Some(view::hand::action_label(*action, applied.meta.lang)),
            Move::Concede(_) => None,
        })
        .collect()
}

fn rounds_ended(events: &[Event]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, Event::Round(RoundEvent::Ended(_))))
        .count()
}

/// Opens a new match's thread from `from` (the challenge or practice message; `None`: play
/// in the channel itself) and posts the table there, recording where it is.
pub async fn open_table(
    http: &serenity::Http,
    channel: serenity::ChannelId,
    from: Option<serenity::MessageId>,
    data: &Data,
    loaded: &Loaded,
) -> Result<(), Error> {
    let match_id = loaded.meta.id;
    let thread = match from {
        Some(message) => {
            let name = tr_args(
                loaded.meta.lang,
                "thread-name",
                &[("id", match_id.0.into())],
            );
            let thread = serenity::CreateThread::new(name)
                .auto_archive_duration(serenity::AutoArchiveDuration::OneDay);
            channel
                .create_thread_from_message(http, message, thread)
                .await
                .map(|t| t.id)
                .unwrap_or(channel)
        }
        None => channel,
    };
    let table = data.service.table_state(match_id).await?;
    let posted = thread
        .send_message(http, render::channel_message(&view::table_message(&table)))
        .await?;
    data.service
        .set_match_messages(
            match_id,
            ChannelId::from_snowflake(thread.get()),
            MessageId::from_snowflake(posted.id.get()),
        )
        .await?;
    Ok(())
}

/// Whether `seat` is the computer of a practice match (it is never pinged).
fn is_computer(applied: &Applied, seat: Seat) -> bool {
    applied.meta.computer_seat() == Some(seat)
}
