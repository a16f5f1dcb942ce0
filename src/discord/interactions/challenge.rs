//! Accept or Decline on a challenge. Accepting creates the match in the same transaction;
//! the answer goes out, and the outbox shows the thread and the table.

use poise::serenity_prelude as serenity;
use tracing::warn;

use crate::discord::context::{Data, Error};
use crate::discord::render;
use crate::discord::view::{self, refusal};
use crate::i18n::{tr, Lang};
use crate::service::{ChallengeAnswer, ChallengeId, ServiceError, UserId};

pub async fn answer(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    data: &Data,
    id: ChallengeId,
    accept: bool,
) -> Result<(), Error> {
    let lang = Lang::from_discord(&component.locale);
    let user = UserId::from_snowflake(component.user.id.get());
    let locale = component.guild_locale.as_deref();
    let answered = data
        .service
        .answer_challenge(id, user, accept, locale)
        .await;
    let (message, started) = match answered {
        Ok(ChallengeAnswer::Accepted {
            challenge, meta, ..
        }) => (view::challenge::accepted(&challenge, meta.lang), Some(meta)),
        Ok(ChallengeAnswer::Declined { lang, .. }) => (view::challenge::declined(user, lang), None),
        Ok(ChallengeAnswer::Waiting { challenge, lang }) => {
            (view::challenge::challenge(&challenge, lang), None)
        }
        Ok(ChallengeAnswer::Expired { lang, .. }) => {
            (view::challenge::expired_on_click(lang), None)
        }
        Err(e) => return refuse(ctx, component, &e, lang).await,
    };
    let update = serenity::CreateInteractionResponse::UpdateMessage(render::response(&message));
    let answered = component.create_response(&ctx.http, update).await;
    // The thread and table were committed with the match (its outbox entry): shown whatever
    // happens to the answer.
    if let Some(meta) = started {
        data.outbox.kick(meta.id);
    }
    answered?;
    Ok(())
}

async fn refuse(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    error: &ServiceError,
    lang: Lang,
) -> Result<(), Error> {
    if let ServiceError::Store(e) = error {
        warn!(error = %e, "answering a challenge failed; it stays pending");
    }
    let text = match error {
        ServiceError::Store(e) if !e.is_corrupt() => tr(lang, "ch-failed"),
        other => refusal::service_error(other, lang),
    };
    component
        .create_response(&ctx.http, render::ephemeral_text(&text))
        .await?;
    Ok(())
}
