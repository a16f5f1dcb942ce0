//! A replay's buttons: the clicked (ephemeral) replay shows the step and view the button
//! names, rebuilt from the stored match; a history's replay button opens one.

use poise::serenity_prelude as serenity;

use super::answer::Answer;
use crate::discord::context::{Data, Error};
use crate::discord::ids::{ReplayNav, ReplayView};
use crate::discord::view::{refusal, replay};
use crate::i18n::Lang;
use crate::service::{GuildId, MatchId};

pub async fn step(
    component: &serenity::ComponentInteraction,
    data: &Data,
    match_id: MatchId,
    step: u32,
    view: ReplayView,
    nav: ReplayNav,
    lang: Lang,
) -> Result<Answer, Error> {
    let guild = GuildId::from_snowflake(component.guild_id.map_or(0, |g| g.get()));
    Ok(
        match data
            .service
            .replay_step(guild, match_id, step as usize)
            .await
        {
            Ok(at) if nav == ReplayNav::Open => {
                Answer::new_message(replay::replay(&at, view, lang))
            }
            Ok(at) => Answer::update(replay::replay(&at, view, lang))
                .only_on_ephemeral(&component.message),
            Err(e) => Answer::text(refusal::service_error(&e, lang)),
        },
    )
}
