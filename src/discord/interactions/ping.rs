//! The ping button: only its owner may press it.

use super::answer::Answer;
use crate::discord::view;
use crate::i18n::{tr_args, Lang};
use crate::service::UserId;
use poise::serenity_prelude as serenity;

pub fn ping(
    component: &serenity::ComponentInteraction,
    owner: UserId,
    count: u32,
    lang: Lang,
) -> Answer {
    if UserId::from_snowflake(component.user.id.get()) != owner {
        let text = tr_args(
            lang,
            "ping-not-yours",
            &[("user", format!("<@{owner}>").into())],
        );
        return Answer::text(text);
    }
    let next = count.saturating_add(1).min(u32::MAX - 1);
    Answer::update(view::challenge::ping(owner, next, true, lang))
}
