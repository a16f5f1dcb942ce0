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
        match message(&data.service, guild, match_id, step, view, lang, &data.art).await {
            Ok(message) if nav == ReplayNav::Open => Answer::new_message(message),
            Ok(message) => Answer::update(message).only_on_ephemeral(&component.message),
            Err(e) => Answer::text(refusal::service_error(&e, lang)),
        },
    )
}

/// The replay message of step `step` of a finished match of `guild`, from `view`, in `lang`.
///
/// # Errors
/// As [`crate::service::MatchService::replay_step`]: a running match, another server's.
pub async fn message(
    service: &crate::service::MatchService,
    guild: crate::service::GuildId,
    match_id: crate::service::MatchId,
    step: u32,
    view: ReplayView,
    lang: Lang,
    faces: &crate::discord::view::pen::Faces,
) -> Result<crate::discord::view::Message, crate::service::ServiceError> {
    crate::games::registry::with_game!(service.game_of(match_id).await?, G => {
        let at = service.replay_step::<G>(guild, match_id, step as usize).await?;
        Ok(replay::replay::<G>(&at, view, lang, faces))
    })
}
