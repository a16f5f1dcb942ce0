//! Page buttons of the leaderboard, a ledger and the help: the clicked (ephemeral) page is
//! replaced by the page asked for.

use poise::serenity_prelude as serenity;

use super::answer::Answer;
use crate::discord::context::{Data, Error};
use crate::discord::ids::{ComponentId, HelpBook};
use crate::discord::view::{help, records};
use crate::i18n::{tr, Lang};
use crate::service::{GuildId, LedgerOf, UserId};

pub async fn page(
    component: &serenity::ComponentInteraction,
    data: &Data,
    id: ComponentId,
    lang: Lang,
) -> Result<Answer, Error> {
    let guild = GuildId::from_snowflake(component.guild_id.map_or(0, |g| g.get()));
    let user = UserId::from_snowflake(component.user.id.get());
    let service = &data.service;
    let message = match id {
        ComponentId::Leaderboard { season, game, page } => {
            let board = service
                .leaderboard(guild, Some(season), game, page, user)
                .await?;
            Some(records::leaderboard(&board, lang))
        }
        ComponentId::Ledger { match_id, page } => service
            .ledger_page(guild, LedgerOf::Match(match_id), user, page)
            .await?
            .map(|p| records::ledger(&p, lang)),
        ComponentId::Help {
            book: HelpBook::Rules,
            game,
            page,
        } => {
            let settings = service.settings(guild).await?;
            Some(help::rules_page(game, page, &settings, lang))
        }
        ComponentId::Help {
            book: HelpBook::Yaku,
            game,
            page,
        } => {
            let settings = service.settings(guild).await?;
            let rows = crate::discord::view::settings::yaku_rows(game, &settings);
            Some(help::yaku_page(game, page, &rows, lang))
        }
        _ => None,
    };
    Ok(match message {
        Some(m) => Answer::update(m).only_on_ephemeral(&component.message),
        None => Answer::text(tr(lang, "err-bad-id")),
    })
}
