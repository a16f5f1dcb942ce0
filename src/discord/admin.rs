//! Server administration: /momojan config (turn time, time bank, challenge expiry, threads,
//! public language, yaku values) and /momojan season (close the season). Manage Server only;
//! settings are copied into each match when it starts, so a change never alters a running
//! game. Invalid values are refused with the reason and nothing is saved.

use super::bot::{Context, Error};
use super::play::user_lang;
use crate::engine::{Yaku, YakuPoints};
use crate::i18n::{tr, tr_args, Lang};
use crate::store::GuildSettings;

/// Limits of each setting (seconds).
const TURN_TIME: (i64, i64) = (30, 3600);
const TIME_BANK: (i64, i64) = (0, 3600);
const CHALLENGE_EXPIRY: (i64, i64) = (60, 86_400);

/// Whether the member who ran the command may manage the server.
fn can_manage(ctx: Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild()),
        poise::Context::Prefix(_) => false,
    }
}

async fn say(ctx: Context<'_>, text: String) -> Result<(), Error> {
    ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
        .await?;
    Ok(())
}

fn guild(ctx: Context<'_>) -> i64 {
    ctx.guild_id().map_or(0, |g| g.get() as i64)
}

/// Close this server's season and start the next (Manage Server).
#[poise::command(slash_command, guild_only)]
pub async fn season(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    if !can_manage(ctx) {
        return say(ctx, tr(lang, "err-manage-server")).await;
    }
    let service = &ctx.data().service;
    let closed = service
        .store()
        .close_season(
            guild(ctx),
            ctx.author().id.get() as i64,
            service.clock().now(),
        )
        .await?;
    let text = tr_args(
        lang,
        "season-closed",
        &[("season", closed.into()), ("next", (closed + 1).into())],
    );
    say(ctx, text).await
}

/// What /momojan config was asked to change.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ConfigChange {
    pub turn_time: Option<i64>,
    pub time_bank: Option<i64>,
    pub challenge_expiry: Option<i64>,
    pub threads: Option<bool>,
    pub locale: Option<String>,
    pub yaku: Option<String>,
    pub points: Option<i64>,
    pub reset_yaku: bool,
}

impl ConfigChange {
    fn is_empty(&self) -> bool {
        *self == ConfigChange::default()
    }
}

fn in_range(name: &str, value: i64, (min, max): (i64, i64), lang: Lang) -> Result<i64, String> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(tr_args(
            lang,
            "config-bad-range",
            &[
                ("name", name.into()),
                ("min", min.into()),
                ("max", max.into()),
                ("value", value.into()),
            ],
        ))
    }
}

/// The settings after a change, or why the change is refused (then nothing is saved).
///
/// # Errors
/// The player-readable reason.
pub fn apply_change(
    mut s: GuildSettings,
    change: &ConfigChange,
    lang: Lang,
) -> Result<GuildSettings, String> {
    if let Some(v) = change.turn_time {
        s.turn_timeout_secs = in_range("turn_time", v, TURN_TIME, lang)?;
    }
    if let Some(v) = change.time_bank {
        s.time_bank_secs = in_range("time_bank", v, TIME_BANK, lang)?;
    }
    if let Some(v) = change.challenge_expiry {
        s.challenge_expiry_secs = in_range("challenge_expiry", v, CHALLENGE_EXPIRY, lang)?;
    }
    if let Some(v) = change.threads {
        s.use_threads = v;
    }
    if let Some(v) = &change.locale {
        let v = v.trim().to_lowercase();
        if v != "auto" && Lang::from_id(&v).is_none() {
            return Err(tr_args(lang, "config-bad-locale", &[("value", v.into())]));
        }
        s.locale = v;
    }
    let mut points: YakuPoints = serde_json::from_str(&s.yaku_overrides).unwrap_or_default();
    if change.reset_yaku {
        points = YakuPoints::default();
    }
    match (&change.yaku, change.points) {
        (None, None) => {}
        (Some(id), Some(value)) => {
            let id = id.trim().to_lowercase();
            let Some(yaku) = Yaku::ALL.into_iter().find(|y| y.id() == id) else {
                return Err(tr_args(lang, "config-bad-yaku", &[("value", id.into())]));
            };
            let value = in_range("points", value, (0, i64::from(u32::MAX)), lang)?;
            points.set(yaku, value as u32);
        }
        _ => return Err(tr(lang, "config-yaku-needs-points")),
    }
    s.yaku_overrides = serde_json::to_string(&points).expect("points serialise");
    Ok(s)
}

/// The settings as an admin reads them.
pub fn describe(s: &GuildSettings, lang: Lang) -> String {
    let points: YakuPoints = serde_json::from_str(&s.yaku_overrides).unwrap_or_default();
    let changed: Vec<String> = Yaku::ALL
        .into_iter()
        .filter(|y| points.get(*y) != y.default_points())
        .map(|y| format!("{} `{}` {}", y.info().japanese, y.id(), points.get(y)))
        .collect();
    let locale = if s.locale == "auto" {
        tr(lang, "locale-auto")
    } else {
        s.locale.clone()
    };
    [
        format!("**{}**", tr(lang, "config-title")),
        tr_args(lang, "config-turn", &[("secs", s.turn_timeout_secs.into())]),
        tr_args(lang, "config-bank", &[("secs", s.time_bank_secs.into())]),
        tr_args(
            lang,
            "config-expiry",
            &[("secs", s.challenge_expiry_secs.into())],
        ),
        tr_args(
            lang,
            "config-threads",
            &[(
                "value",
                tr(lang, if s.use_threads { "yes" } else { "no" }).into(),
            )],
        ),
        tr_args(lang, "config-locale", &[("value", locale.into())]),
        tr_args(lang, "config-season", &[("season", s.season.into())]),
        tr_args(
            lang,
            "config-yaku",
            &[(
                "list",
                if changed.is_empty() {
                    tr(lang, "none")
                } else {
                    changed.join(", ")
                }
                .into(),
            )],
        ),
    ]
    .join("\n")
}

/// Show or change this server's MOMOJAN settings (Manage Server).
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only)]
pub async fn config(
    ctx: Context<'_>,
    #[description = "Seconds per turn (30–3600)"] turn_time: Option<i64>,
    #[description = "Seconds of time bank per player and game (0–3600)"] time_bank: Option<i64>,
    #[description = "Seconds before a challenge expires (60–86400)"] challenge_expiry: Option<i64>,
    #[description = "Play each match in its own thread"] threads: Option<bool>,
    #[description = "Language of public messages: en, ja or auto"] locale: Option<String>,
    #[description = "Yaku id to change (see /momojan yaku)"] yaku: Option<String>,
    #[description = "New points for that yaku"] points: Option<i64>,
    #[description = "Restore every yaku to the rules' values"] reset_yaku: Option<bool>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    if !can_manage(ctx) {
        return say(ctx, tr(lang, "err-manage-server")).await;
    }
    let store = ctx.data().service.store();
    let current = store.guild_settings(guild(ctx)).await?;
    let change = ConfigChange {
        turn_time,
        time_bank,
        challenge_expiry,
        threads,
        locale,
        yaku,
        points,
        reset_yaku: reset_yaku.unwrap_or(false),
    };
    if change.is_empty() {
        return say(ctx, describe(&current, lang)).await;
    }
    match apply_change(current, &change, lang) {
        Ok(new) => {
            store.save_guild_settings(&new).await?;
            let text = format!("{}\n\n{}", tr(lang, "config-saved"), describe(&new, lang));
            say(ctx, text).await
        }
        Err(reason) => say(ctx, reason).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_changes_apply_and_invalid_ones_are_refused_with_the_reason() {
        let base = GuildSettings::defaults(1);
        let ok = apply_change(
            base.clone(),
            &ConfigChange {
                turn_time: Some(60),
                locale: Some("JA".into()),
                yaku: Some("momotaro".into()),
                points: Some(9),
                ..ConfigChange::default()
            },
            Lang::En,
        )
        .unwrap();
        assert_eq!(ok.turn_timeout_secs, 60);
        assert_eq!(ok.locale, "ja");
        assert_eq!(ok.yaku_overrides, r#"{"momotaro":9}"#);
        let reset = apply_change(
            ok,
            &ConfigChange {
                reset_yaku: true,
                ..ConfigChange::default()
            },
            Lang::En,
        )
        .unwrap();
        assert_eq!(reset.yaku_overrides, "{}");
        for (change, says) in [
            (
                ConfigChange {
                    turn_time: Some(5),
                    ..ConfigChange::default()
                },
                "between 30 and 3600",
            ),
            (
                ConfigChange {
                    time_bank: Some(-1),
                    ..ConfigChange::default()
                },
                "between 0 and 3600",
            ),
            (
                ConfigChange {
                    challenge_expiry: Some(1_000_000),
                    ..ConfigChange::default()
                },
                "between 60 and 86400",
            ),
            (
                ConfigChange {
                    locale: Some("fr".into()),
                    ..ConfigChange::default()
                },
                "en, ja or auto",
            ),
            (
                ConfigChange {
                    yaku: Some("dragon".into()),
                    points: Some(3),
                    ..ConfigChange::default()
                },
                "no yaku dragon",
            ),
            (
                ConfigChange {
                    yaku: Some("momotaro".into()),
                    ..ConfigChange::default()
                },
                "both yaku and points",
            ),
            (
                ConfigChange {
                    yaku: Some("momotaro".into()),
                    points: Some(-2),
                    ..ConfigChange::default()
                },
                "between 0 and 4294967295",
            ),
        ] {
            let err = apply_change(base.clone(), &change, Lang::En).unwrap_err();
            assert!(err.contains(says), "{err}");
            assert!(apply_change(base.clone(), &change, Lang::Ja).is_err());
        }
    }
}
