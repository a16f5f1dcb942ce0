//! Slash commands: thin poise functions, one file per feature. Each reads the invocation,
//! calls one service use case and shows one view. `/momojan` is the only top-level command.

mod admin;
mod export;
mod help;
mod highlights;
mod ping;
mod play;
mod practice;
mod records;
mod replay;
mod tournament;
mod tournament_control;

use super::context::{Context, Data, Error};
use crate::i18n::{tr, Lang};

/// Play MOMOJAN (桃雀), a two-player card game.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "ping::ping",
        "play::challenge",
        "play::table",
        "play::hand",
        "play::resign",
        "practice::practice",
        "records::leaderboard",
        "records::stats",
        "records::history",
        "records::ledger",
        "highlights::highlights",
        "export::export",
        "replay::replay",
        "admin::season",
        "admin::config",
        "tournament::tournament",
        "help::rules",
        "help::yaku",
        "help::verify"
    )
)]
pub async fn momojan(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The commands, with descriptions from the message files: English by default and
/// Japanese for Discord clients set to Japanese.
pub fn localized_commands() -> Vec<poise::Command<Data, Error>> {
    let mut commands = vec![momojan()];
    for command in &mut commands {
        localize(command);
    }
    commands
}

fn localize(command: &mut poise::Command<Data, Error>) {
    let keys: std::collections::BTreeSet<String> =
        crate::i18n::keys(Lang::En).into_iter().collect();
    localize_in(command, None, &keys);
}

/// Localizes `command`, a subcommand of `parent` if any: its description is `cmd-<parent>-<name>`
/// when that message exists (two subcommands of one name), else `cmd-<name>`.
fn localize_in(
    command: &mut poise::Command<Data, Error>,
    parent: Option<&str>,
    keys: &std::collections::BTreeSet<String>,
) {
    command.name_localizations.to_mut().push((
        "ja".into(),
        tr(Lang::Ja, &format!("name-{}", command.name)).into(),
    ));
    let qualified = parent.map(|p| format!("cmd-{p}-{}", command.name));
    let key = match qualified {
        Some(q) if keys.contains(&q) => q,
        _ => format!("cmd-{}", command.name),
    };
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
    let name = command.name.clone();
    for sub in &mut command.subcommands {
        localize_in(sub, Some(&name), keys);
    }
}
