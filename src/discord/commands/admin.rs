//! Server administration: /momojan config and /momojan season. Discord shows them only to
//! members who may manage the server (`default_member_permissions`), and the handler checks
//! the member's permissions again, since a server can change who sees a command.

use crate::discord::context::{author, guild, say, user_lang, Context, Error};
use crate::discord::game_choice::GameChoice;
use crate::discord::view::{refusal, settings::describe};
use crate::i18n::{tr, tr_args};
use crate::service::{ServiceError, SettingsChange};

/// Whether the member who ran the command may manage the server.
pub(super) fn can_manage(ctx: Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild()),
        poise::Context::Prefix(_) => false,
    }
}

/// Close this server's season and start the next (Manage Server).
#[poise::command(slash_command, guild_only, default_member_permissions = "MANAGE_GUILD")]
pub async fn season(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    if !can_manage(ctx) {
        return say(ctx, tr(lang, "err-manage-server")).await;
    }
    let closed = ctx
        .data()
        .service
        .close_season(guild(ctx), author(ctx))
        .await?;
    let text = tr_args(
        lang,
        "season-closed",
        &[("season", closed.into()), ("next", (closed + 1).into())],
    );
    say(ctx, text).await
}

/// Show or change this server's MOMOJAN settings and each game's switches (Manage Server).
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only, default_member_permissions = "MANAGE_GUILD")]
pub async fn config(
    ctx: Context<'_>,
    #[description = "Seconds per turn (30–3600)"] turn_time: Option<i64>,
    #[description = "Seconds of time bank per player and game (0–3600)"] time_bank: Option<i64>,
    #[description = "Seconds before a challenge expires (60–86400)"] challenge_expiry: Option<i64>,
    #[description = "Play each match in its own thread"] threads: Option<bool>,
    #[description = "Let the computer play a timed-out turn instead of the minimum move"]
    afk_computer: Option<bool>,
    #[description = "New tables and practice are teaching ones (no clock, hints) unless they say"]
    teach: Option<bool>,
    #[description = "Seconds a player with an open hand may take before being pinged (0–3600)"]
    notice_delay: Option<i64>,
    #[description = "Seconds each asked player has to answer a claim on a discard (5–600)"]
    claim_time: Option<i64>,
    #[description = "Let watchers of a match between people see every hand one round late"]
    spectate_hands: Option<bool>,
    #[description = "The game of challenges, practice and records that name none"]
    default_game: Option<GameChoice>,
    #[description = "Language of public messages: en, ja or auto"] locale: Option<String>,
    #[description = "The game whose yaku values change (the default game if not given)"]
    game: Option<GameChoice>,
    #[description = "Yaku id to change (see /momojan yaku)"] yaku: Option<String>,
    #[description = "New points for that yaku"] points: Option<i64>,
    #[description = "Restore every yaku to the rules' values"] reset_yaku: Option<bool>,
    #[description = "A switch of the game's rules to change (listed by /momojan config)"]
    switch: Option<String>,
    #[description = "The switch's new value"] value: Option<String>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    if !can_manage(ctx) {
        return say(ctx, tr(lang, "err-manage-server")).await;
    }
    let change = SettingsChange {
        turn_time,
        time_bank,
        challenge_expiry,
        threads,
        afk_computer,
        teach,
        notice_delay,
        claim_time,
        spectate_hands,
        default_game: default_game.map(|GameChoice(game)| game),
        locale,
        game: game.map(|GameChoice(game)| game),
        yaku,
        points,
        reset_yaku: reset_yaku.unwrap_or(false),
        switch,
        value,
    };
    let service = &ctx.data().service;
    // Nothing to change (a game alone names whose switches to describe): the settings as
    // they are.
    let looking = SettingsChange {
        game: None,
        ..change.clone()
    };
    if looking.is_empty() {
        let current = service.settings(guild(ctx)).await?;
        return say(ctx, describe(&current, lang, change.game)).await;
    }
    match service.change_settings(guild(ctx), &change).await {
        Ok(new) => {
            let shown = describe(&new, lang, change.game);
            let text = format!("{}\n\n{}", tr(lang, "config-saved"), shown);
            say(ctx, text).await
        }
        Err(ServiceError::Settings(r)) => say(ctx, refusal::settings(&r, lang)).await,
        Err(e) => Err(e.into()),
    }
}
