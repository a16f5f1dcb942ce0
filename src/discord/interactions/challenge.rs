//! Accept or Decline on a challenge. Accepting creates the match in the same transaction;
//! the answer goes out, and the outbox shows the thread and the table.

use poise::serenity_prelude as serenity;
use tracing::warn;

use crate::discord::context::{Data, Error};
use crate::discord::ids::TableButton;
use crate::discord::render;
use crate::discord::view::{self, refusal};
use crate::games::interface::Level;
use crate::i18n::{tr, tr_args, Lang};
use crate::service::{
    ChallengeAnswer, ChallengeId, ChallengeRefusal, Occupant, ServiceError, TableClick, UserId,
};

pub async fn answer(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    data: &Data,
    id: ChallengeId,
    accept: bool,
    lang: Lang,
) -> Result<(), Error> {
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

/// A click on an open table: join, leave, add a computer, start. The table's message shows
/// the seats after it; a start creates the match in the same transaction, and the outbox shows
/// its thread and table.
pub async fn table(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    data: &Data,
    id: ChallengeId,
    button: TableButton,
    lang: Lang,
) -> Result<(), Error> {
    let user = UserId::from_snowflake(component.user.id.get());
    let click = match button {
        TableButton::Join => TableClick::Join,
        TableButton::Leave => TableClick::Leave,
        TableButton::Start => TableClick::Start,
        TableButton::AddComputer => match chosen_level(component) {
            Some(level) => TableClick::AddComputer(level),
            None => {
                let text = tr(lang, "err-bad-choice");
                let answer = render::ephemeral_text(&text);
                component.create_response(&ctx.http, answer).await?;
                return Ok(());
            }
        },
    };
    let name = component
        .member
        .as_ref()
        .and_then(|m| m.nick.clone())
        .or_else(|| component.user.global_name.clone())
        .unwrap_or_else(|| component.user.name.clone());
    let locale = component.guild_locale.as_deref();
    let clicked = data
        .service
        .table_click(id, Occupant::player(user, name), click, locale)
        .await;
    let (message, started) = match clicked {
        Ok(ChallengeAnswer::Accepted {
            challenge, meta, ..
        }) => (
            view::challenge::table_started(&challenge, meta.lang),
            Some(meta),
        ),
        Ok(ChallengeAnswer::Waiting { challenge, lang }) => {
            (view::challenge::table(&challenge, lang), None)
        }
        Ok(ChallengeAnswer::Declined { challenge, lang }) => {
            (view::challenge::table_closed(&challenge, false, lang), None)
        }
        Ok(ChallengeAnswer::Expired { challenge, lang }) => {
            (view::challenge::table_closed(&challenge, true, lang), None)
        }
        Err(ServiceError::Challenge(ChallengeRefusal::NotYours { challenger })) => {
            let text = tr_args(
                lang,
                "tb-only-host",
                &[("user", format!("<@{challenger}>").into())],
            );
            let answer = render::ephemeral_text(&text);
            component.create_response(&ctx.http, answer).await?;
            return Ok(());
        }
        Err(e) => return refuse(ctx, component, &e, lang).await,
    };
    let update = serenity::CreateInteractionResponse::UpdateMessage(render::response(&message));
    let answered = component.create_response(&ctx.http, update).await;
    if let Some(meta) = started {
        data.outbox.kick(meta.id);
    }
    answered?;
    Ok(())
}

/// The level chosen in the table's computer menu.
fn chosen_level(component: &serenity::ComponentInteraction) -> Option<Level> {
    match &component.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => {
            values.first().and_then(|v| v.parse().ok())
        }
        _ => None,
    }
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
