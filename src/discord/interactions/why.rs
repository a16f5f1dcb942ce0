//! A teaching table's **Why?** button (issue 39): a private answer saying why the computers
//! made their moves since the clicker's previous move, up to the one the button names. Any
//! player at the table may press it; a button with nothing to explain (a person's move,
//! another match, a match that does not teach) is refused and changes nothing.

use poise::serenity_prelude as serenity;

use super::answer::Answer;
use crate::discord::context::{Data, Error};
use crate::discord::view::{refusal, why, MatchLabel};
use crate::games::registry::with_game;
use crate::i18n::Lang;
use crate::service::{GuildId, MatchId, UserId};

pub async fn why(
    component: &serenity::ComponentInteraction,
    data: &Data,
    match_id: MatchId,
    step: i64,
    lang: Lang,
) -> Result<Answer, Error> {
    let guild = GuildId::from_snowflake(component.guild_id.map_or(0, |g| g.get()));
    let user = UserId::from_snowflake(component.user.id.get());
    let game = match data.service.game_of(match_id).await {
        Ok(game) => game,
        Err(e) => return Ok(Answer::text(refusal::service_error(&e, lang))),
    };
    Ok(with_game!(game, G => {
        match data.service.why_move::<G>(guild, match_id, step, user).await {
            Ok(Some(answer)) => {
                let label = MatchLabel::of(&answer.meta, answer.meta.version, lang);
                Answer::new_message(why::why::<G>(&label, &answer.moves))
            }
            Ok(None) => Answer::text(why::nothing(lang)),
            Err(e) => Answer::text(refusal::service_error(&e, lang)),
        }
    }))
}
