//! Help: /momojan rules (a short paged summary), /momojan yaku (the engine's own yaku table
//! with this server's values, paged) and /momojan verify (check a round's fair-deal proof).
//! Page buttons are `help:rules:<page>` and `help:yaku:<page>`.

use poise::serenity_prelude as serenity;

use super::bot::{Context, Data, Error};
use super::play::user_lang;
use super::render;
use super::view::model::{Embed, Message};
use super::view::records::pager;
use crate::engine::commitment;
use crate::engine::{Yaku, YakuPoints};
use crate::i18n::{tr, tr_args, Lang};

/// Pages of /momojan rules (`rules-1` … in the message files).
pub const RULE_PAGES: usize = 5;
/// Yaku per page of /momojan yaku.
const YAKU_PER_PAGE: usize = 7;

fn yaku_pages() -> usize {
    Yaku::ALL.len().div_ceil(YAKU_PER_PAGE)
}

/// One page of the rules.
pub fn rules_page(page: usize, lang: Lang) -> Message {
    let page = page.clamp(1, RULE_PAGES);
    Message {
        embeds: vec![Embed {
            title: tr_args(
                lang,
                "rules-title",
                &[("page", page.into()), ("pages", RULE_PAGES.into())],
            ),
            description: tr(lang, &format!("rules-{page}")),
            color: 0xF4A6C0,
            ..Embed::default()
        }],
        rows: pager("help:rules", page, RULE_PAGES, lang),
        ephemeral: true,
        ..Message::default()
    }
}

/// One page of the yaku table, with a server's values.
pub fn yaku_page(page: usize, points: &YakuPoints, lang: Lang) -> Message {
    let pages = yaku_pages();
    let page = page.clamp(1, pages);
    let lines: Vec<String> = Yaku::ALL
        .into_iter()
        .skip((page - 1) * YAKU_PER_PAGE)
        .take(YAKU_PER_PAGE)
        .map(|y| {
            let i = y.info();
            tr_args(
                lang,
                "yaku-line",
                &[
                    ("japanese", i.japanese.into()),
                    ("english", i.english.into()),
                    ("id", i.id.into()),
                    ("points", points.get(y).into()),
                    ("condition", i.condition.into()),
                ],
            )
        })
        .collect();
    Message {
        embeds: vec![Embed {
            title: tr_args(
                lang,
                "yaku-title",
                &[("page", page.into()), ("pages", pages.into())],
            ),
            description: lines.join("\n"),
            color: 0xF4A6C0,
            ..Embed::default()
        }],
        rows: pager("help:yaku", page, pages, lang),
        ephemeral: true,
        ..Message::default()
    }
}

async fn server_points(data: &Data, guild: i64) -> Result<YakuPoints, Error> {
    let settings = data.service.store().guild_settings(guild).await?;
    Ok(serde_json::from_str(&settings.yaku_overrides).unwrap_or_default())
}

async fn send(ctx: Context<'_>, message: &Message) -> Result<(), Error> {
    ctx.send(render::ephemeral_reply(message)).await?;
    Ok(())
}

/// The rules in short.
#[poise::command(slash_command, guild_only)]
pub async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    send(ctx, &rules_page(1, user_lang(ctx))).await
}

/// The yaku and their points on this server.
#[poise::command(slash_command, guild_only)]
pub async fn yaku(ctx: Context<'_>) -> Result<(), Error> {
    let guild = ctx.guild_id().map_or(0, |g| g.get() as i64);
    let points = server_points(ctx.data(), guild).await?;
    send(ctx, &yaku_page(1, &points, user_lang(ctx))).await
}

/// Check a round's fair-deal proof.
#[poise::command(slash_command, guild_only)]
pub async fn verify(
    ctx: Context<'_>,
    #[description = "The commitment shown on the table"] commitment: String,
    #[description = "The salt revealed in the round summary"] salt: String,
    #[description = "The deck revealed in the round summary"] deck: String,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let ok = commitment::verify(
        commitment.trim().trim_matches('`'),
        salt.trim().trim_matches('`'),
        deck.trim().trim_matches('`'),
    );
    let text = tr(lang, if ok { "verify-ok" } else { "verify-bad" });
    ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
        .await?;
    Ok(())
}

/// A page button of /momojan rules or yaku.
pub async fn page_click(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    data: &Data,
    id: &str,
) -> Result<(), Error> {
    let lang = Lang::from_discord(&component.locale);
    let guild = component.guild_id.map_or(0, |g| g.get() as i64);
    let mut parts = id.split(':').skip(1);
    let kind = parts.next();
    let page = parts.next().and_then(|p| p.parse::<usize>().ok());
    let message = match (kind, page, parts.next()) {
        (Some("rules"), Some(page), None) => Some(rules_page(page, lang)),
        (Some("yaku"), Some(page), None) => {
            Some(yaku_page(page, &server_points(data, guild).await?, lang))
        }
        _ => None,
    };
    let response = match message {
        Some(m) => serenity::CreateInteractionResponse::UpdateMessage(render::response(&m)),
        None => render::ephemeral_text(&tr(lang, "err-bad-id")),
    };
    component.create_response(&ctx.http, response).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_help_page_fits_in_both_languages_and_the_yaku_pages_hold_the_whole_table() {
        let mut points = YakuPoints::default();
        points.set(Yaku::ALL[0], 77);
        for lang in Lang::ALL {
            for page in 1..=RULE_PAGES {
                let m = rules_page(page, lang);
                m.check_limits().unwrap();
                assert!(!m.all_text().contains("rules-"), "a missing rules page");
            }
            let mut all = String::new();
            for page in 1..=yaku_pages() {
                let m = yaku_page(page, &points, lang);
                m.check_limits().unwrap();
                all.push_str(&m.all_text());
            }
            for y in Yaku::ALL {
                assert!(all.contains(y.info().japanese), "{} missing", y.id());
            }
            assert!(all.contains("77"), "the server's value is shown");
        }
    }
}
