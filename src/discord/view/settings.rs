//! The server settings as an admin reads them.

use super::label::game_name;
use super::pen::nameless_words;
use crate::games::interface::{Hosted, YakuRow};
use crate::games::registry::{with_game, GameId};
use crate::i18n::{tr, tr_args, Lang};
use crate::service::{GuildSettings, LocaleSetting};

/// The settings, one per line: the switches of `game` with what each does, or, with no game,
/// every game's switches on a line of their values (five games' descriptions would pass a
/// message's 2,000 characters).
pub fn describe(s: &GuildSettings, lang: Lang, game: Option<GameId>) -> String {
    // Every game's yaku whose value the server changed, with the game's name.
    let changed: Vec<String> = GameId::HOSTED
        .into_iter()
        .flat_map(|game| {
            yaku_rows(game, s)
                .into_iter()
                .filter(|y| y.changed)
                .map(|y| {
                    let value = nameless_words(game, lang, &y.value);
                    let name = game_name(game, lang);
                    format!("{name}: {} `{}` {value}", y.japanese, y.id)
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let locale = match s.locale {
        LocaleSetting::Auto => tr(lang, "locale-auto"),
        LocaleSetting::Fixed(l) => l.id().to_string(),
    };
    let yes_no = tr(lang, if s.use_threads { "yes" } else { "no" });
    let list = if changed.is_empty() {
        tr(lang, "none")
    } else {
        changed.join(", ")
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
        tr_args(lang, "config-threads", &[("value", yes_no.into())]),
        tr_args(
            lang,
            "config-afk",
            &[(
                "value",
                tr(lang, if s.afk_computer { "yes" } else { "no" }).into(),
            )],
        ),
        tr_args(
            lang,
            "config-teach",
            &[("value", tr(lang, if s.teach { "yes" } else { "no" }).into())],
        ),
        tr_args(
            lang,
            "config-notice",
            &[("secs", s.notice_delay_secs.into())],
        ),
        tr_args(lang, "config-claim", &[("secs", s.claim_secs.into())]),
        tr_args(
            lang,
            "config-spectate",
            &[(
                "value",
                tr(lang, if s.spectate_hands { "yes" } else { "no" }).into(),
            )],
        ),
        tr_args(
            lang,
            "config-game",
            &[("value", game_name(s.default_game, lang).into())],
        ),
        tr_args(lang, "config-locale", &[("value", locale.into())]),
        tr_args(lang, "config-season", &[("season", s.season.into())]),
        tr_args(lang, "config-yaku", &[("list", list.into())]),
    ]
    .into_iter()
    .chain(match game {
        Some(game) => switches(s, game, lang),
        None => GameId::HOSTED
            .into_iter()
            .filter_map(|game| switch_values(s, game, lang))
            .collect(),
    })
    .collect::<Vec<_>>()
    .join("\n")
}

/// A game's switches and their values on one line, naming the option that shows what each
/// does; `None` for a game without switches.
fn switch_values(s: &GuildSettings, game: GameId, lang: Lang) -> Option<String> {
    let values: Vec<String> = with_game!(game, G => values_of::<G>(&s.options::<G>()));
    (!values.is_empty()).then(|| {
        tr_args(
            lang,
            "config-switches-short",
            &[
                ("game", game_name(game, lang).into()),
                ("id", game.id().into()),
                ("values", values.join(" · ").into()),
            ],
        )
    })
}

/// Each of a game's switches with its value in `options` ("`length` **east**").
fn values_of<G: Hosted>(options: &G::Options) -> Vec<String> {
    G::switches()
        .iter()
        .map(|switch| {
            let value = G::switch_value(options, switch.id).unwrap_or_default();
            format!("`{}` **{value}**", switch.id)
        })
        .collect()
}

fn decoded_values<G: Hosted>(options: &serde_json::Value) -> Option<Vec<String>> {
    let options: G::Options = serde_json::from_value(options.clone()).ok()?;
    Some(values_of::<G>(&options))
}

/// An event's switches on one line (its stored options), `None` for a game without switches or
/// an event that plays the server's options of the day.
pub fn event_switches(game: GameId, options: &serde_json::Value, lang: Lang) -> Option<String> {
    if options.as_object().is_some_and(|o| o.is_empty()) {
        return None;
    }
    // A damaged value is reported where the event's tables start; here it shows nothing.
    let values = with_game!(game, G => decoded_values::<G>(options))?;
    (!values.is_empty()).then(|| {
        tr_args(
            lang,
            "tn-switches",
            &[("values", values.join(" · ").into())],
        )
    })
}

/// A game's switches with the server's values, under a line naming the game; nothing for a
/// game without switches.
pub fn switches(s: &GuildSettings, game: GameId, lang: Lang) -> Vec<String> {
    let rows: Vec<String> = with_game!(game, G => {
        let options = s.options::<G>();
        G::switches()
            .iter()
            .map(|switch| {
                let value = G::switch_value(&options, switch.id).unwrap_or_default();
                let what = nameless_words(game, lang, &G::switch_words(switch.id));
                tr_args(
                    lang,
                    "config-switch",
                    &[
                        ("id", switch.id.into()),
                        ("value", value.into()),
                        ("what", what.into()),
                    ],
                )
            })
            .collect()
    });
    if rows.is_empty() {
        return rows;
    }
    let head = tr_args(
        lang,
        "config-switches",
        &[
            ("game", game_name(game, lang).into()),
            ("id", game.id().into()),
        ],
    );
    std::iter::once(head).chain(rows).collect()
}

/// A game's yaku table under a server's options.
pub fn yaku_rows(game: GameId, settings: &GuildSettings) -> Vec<YakuRow> {
    with_game!(game, G => G::yaku_rows(&settings.options::<G>()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `/momojan config` answers fits one message, with or without a game, in both
    /// languages, and names every game's switches either way.
    #[test]
    fn the_settings_fit_one_message() {
        let settings = GuildSettings::defaults(crate::service::GuildId(1));
        for lang in Lang::ALL {
            let all = describe(&settings, lang, None);
            assert!(
                all.chars().count() <= 2000,
                "{} characters",
                all.chars().count()
            );
            for game in GameId::HOSTED {
                let one = describe(&settings, lang, Some(game));
                assert!(
                    one.chars().count() <= 2000,
                    "{game}: {}",
                    one.chars().count()
                );
                with_game!(game, G => {
                    for switch in G::switches() {
                        let id = format!("`{}`", switch.id);
                        assert!(all.contains(&id) && one.contains(&id), "{game} {id}");
                    }
                });
            }
        }
    }
}
