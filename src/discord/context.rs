//! What every command and handler shares: the bot's data, its error and context types, and
//! the language and id helpers of an invocation.

use poise::serenity_prelude as serenity;

use super::contain::SetAside;
use super::outbox::Outbox;
use super::view::pen::Faces;
use crate::i18n::Lang;
use crate::service::{ChannelId, GuildId, MatchService, UserId};

/// Shared state of the bot's handlers.
#[derive(Clone)]
pub struct Data {
    pub service: MatchService,
    /// Shows committed changes on Discord, one worker per match.
    pub outbox: Outbox,
    /// The bot's own user: the computer's seat in practice matches.
    pub bot_user: UserId,
    /// How long the computer waits before it moves, so a person can follow.
    pub computer_pause: std::time::Duration,
    /// The card art messages show: the faces the bot uploaded (filled in the background at
    /// start-up), text cards until then and whenever there are none.
    pub art: Faces,
    /// The matches the sweeps leave alone for a while: their stored data is damaged.
    pub set_aside: SetAside,
}

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Context<'a> = poise::Context<'a, Data, Error>;

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

/// The server a command was used in (commands are guild-only).
pub fn guild(ctx: Context<'_>) -> GuildId {
    GuildId::from_snowflake(ctx.guild_id().map_or(0, serenity::GuildId::get))
}

pub fn author(ctx: Context<'_>) -> UserId {
    UserId::from_snowflake(ctx.author().id.get())
}

pub fn channel(ctx: Context<'_>) -> ChannelId {
    ChannelId::from_snowflake(ctx.channel_id().get())
}

/// Sends an ephemeral text answer.
pub async fn say(ctx: Context<'_>, text: String) -> Result<(), Error> {
    ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
        .await?;
    Ok(())
}

/// Sends a view as an ephemeral answer.
pub async fn show(ctx: Context<'_>, message: &super::view::Message) -> Result<(), Error> {
    ctx.send(super::render::ephemeral_reply(message)).await?;
    Ok(())
}

/// How a user is called in embeds: their server nickname, else their global display name,
/// else their username.
pub fn display_name(user: &serenity::User, nick: Option<&str>) -> String {
    nick.or(user.global_name.as_deref())
        .unwrap_or(&user.name)
        .to_string()
}

/// The display name of the command's author.
pub async fn author_name(ctx: Context<'_>) -> String {
    let nick = ctx.author_member().await.and_then(|m| m.nick.clone());
    display_name(ctx.author(), nick.as_deref())
}

/// The display name of a user given as a command option (their server nickname comes with
/// the interaction's resolved data).
pub fn option_user_name(ctx: Context<'_>, user: &serenity::User) -> String {
    let nick = match ctx {
        poise::Context::Application(a) => a
            .interaction
            .data
            .resolved
            .members
            .get(&user.id)
            .and_then(|m| m.nick.clone()),
        poise::Context::Prefix(_) => None,
    };
    display_name(user, nick.as_deref())
}
