//! /momojan practice: a match against the computer, in the same form as one between people.

use crate::discord::context::{author, author_name, channel, guild, guild_locale, say, user_lang};
use crate::discord::context::{Context, Error};
use crate::discord::follow;
use crate::discord::game_choice::GameChoice;
use crate::discord::render;
use crate::discord::teach_choice::TeachChoice;
use crate::discord::view::{self, refusal};
use crate::discord::watch_choice::{watchable, WatchChoice};
use crate::games::interface::Level;
use crate::service::{public_lang, MessageId, NewPractice, ServiceError};
use tracing::warn;

/// How strong the computer plays.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Strength {
    #[name = "easy"]
    Easy,
    #[name = "normal"]
    Normal,
    #[name = "hard"]
    Hard,
}

impl From<Strength> for Level {
    fn from(s: Strength) -> Level {
        match s {
            Strength::Easy => Level::Easy,
            Strength::Normal => Level::Normal,
            Strength::Hard => Level::Hard,
        }
    }
}

/// Practice against the computer (not rated).
#[poise::command(slash_command, guild_only)]
pub async fn practice(
    ctx: Context<'_>,
    #[description = "How strong the computer plays (normal if not given)"] level: Option<Strength>,
    #[description = "Which game (the server's default if not given)"] game: Option<GameChoice>,
    #[description = "How many play, you and the computers (two if not given)"]
    #[min = 2]
    #[max = 4]
    seats: Option<u8>,
    #[description = "Whether anyone in the server may watch (on if not given)"] watch: Option<
        WatchChoice,
    >,
    #[description = "A teaching table: no clock, hints on every choice (the server's default if not given)"]
    teach: Option<TeachChoice>,
) -> Result<(), Error> {
    let level = Level::from(level.unwrap_or(Strength::Normal));
    let data = ctx.data();
    let settings = data.service.settings(guild(ctx)).await?;
    let lang = public_lang(&settings, guild_locale(ctx).as_deref());
    let new = NewPractice {
        guild: guild(ctx),
        channel: channel(ctx),
        user: author(ctx),
        computer_user: data.bot_user,
        level,
        lang,
        name: author_name(ctx).await,
        game: game.map(|GameChoice(g)| g),
        seats: seats.map(usize::from),
        watchable: watchable(watch),
        teach: teach.map(TeachChoice::is_on),
    };
    let created = data.service.start_practice(&new).await;
    let started = match created {
        Ok(started) => started,
        Err(ServiceError::Challenge(r)) => {
            return say(ctx, refusal::challenge(r, user_lang(ctx))).await
        }
        Err(e) => return Err(e.into()),
    };
    let intro = view::challenge::practice(&started.meta, level, lang);
    let sent = ctx.send(render::reply(&intro)).await;
    // The thread starts from the intro when threads are on; it waits for it (the match and
    // its outbox entry are already committed), or starts on its own if it was not posted.
    let match_id = started.meta.id;
    let anchor = match (&sent, settings.use_threads) {
        (Ok(handle), true) => handle.message().await.ok(),
        _ => None,
    }
    .map(|intro| MessageId::from_snowflake(intro.id.get()));
    if let Err(e) = data.service.anchor_posted(match_id, anchor).await {
        warn!(match_id = match_id.0, error = %e, "could not record the practice message");
    }
    data.outbox.kick(match_id);
    if started.computer_first {
        follow::schedule(data, match_id);
    }
    sent?;
    Ok(())
}
