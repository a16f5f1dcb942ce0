//! Join and Leave on an event's sign-up message: the message is updated through the click with
//! the entrants after it; a refusal (joined already, not in, sign-up closed) is the clicker's
//! alone and changes nothing. A Join's interaction id becomes part of the event's seed. In a
//! rolling event the buttons queue for a game and leave the queue, and a table starts as soon as
//! enough are waiting.

use poise::serenity_prelude as serenity;

use crate::discord::context::{display_name, Data, Error};
use crate::discord::view::{self, refusal};
use crate::discord::{render, tournament};
use crate::i18n::Lang;
use crate::service::{TournamentId, UserId};

pub async fn click(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    data: &Data,
    id: TournamentId,
    join: bool,
    lang: Lang,
) -> Result<(), Error> {
    let user = UserId::from_snowflake(component.user.id.get());
    let nick = component.member.as_ref().and_then(|m| m.nick.clone());
    let name = display_name(&component.user, nick.as_deref());
    let interaction = join.then(|| component.id.get() as i64);
    let clicked = data
        .service
        .tournament_click(id, user, &name, interaction)
        .await;
    let rolling = matches!(&clicked, Ok(s) if s.event.rolling.is_some());
    let answer = match clicked {
        Ok(signup) => {
            let message = view::tournament::signup(&signup, signup.event.lang);
            serenity::CreateInteractionResponse::UpdateMessage(render::response(&message))
        }
        Err(e) => render::ephemeral_text(&refusal::service_error(&e, lang)),
    };
    component.create_response(&ctx.http, answer).await?;
    // A rolling event's table starts as soon as enough are waiting (after the answer: the
    // click is answered within Discord's three seconds whatever the start takes).
    if rolling && join {
        tournament::seat_queue(data, id).await;
    }
    Ok(())
}
