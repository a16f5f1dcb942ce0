//! Help pages of each game: its rules in short and its yaku table with a server's values,
//! paged.

use super::label::{game_colour, game_name};
use super::model::{Embed, Field, Message};
use super::pen::nameless_words;
use super::records::{pager, Paged};
use crate::discord::ids::HelpBook;
use crate::games::interface::YakuRow;
use crate::games::registry::{with_game, GameId};
use crate::i18n::{tr, tr_args, Lang};
use crate::service::GuildSettings;

/// Yaku per page of /momojan yaku.
const YAKU_PER_PAGE: usize = 7;

/// How many rules pages a game has.
pub fn rule_pages(game: GameId) -> usize {
    with_game!(game, G => G::rules_pages().len())
}

/// One page of a game's rules, with the server's values of the game's switches (if it has
/// any) under it.
pub fn rules_page(game: GameId, page: usize, settings: &GuildSettings, lang: Lang) -> Message {
    let pages = rule_pages(game);
    let page = page.clamp(1, pages.max(1));
    let key = with_game!(game, G => G::rules_pages().get(page - 1).copied().unwrap_or(""));
    Message {
        embeds: vec![Embed {
            title: tr_args(
                lang,
                "rules-title",
                &[
                    ("game", game_name(game, lang).into()),
                    ("page", page.into()),
                    ("pages", pages.into()),
                ],
            ),
            description: tr(lang, key),
            color: game_colour(game),
            fields: switches_field(game, settings, lang).into_iter().collect(),
            ..Embed::default()
        }],
        rows: pager(Paged::Help(HelpBook::Rules, game), page, pages, lang),
        ephemeral: true,
        ..Message::default()
    }
}

/// The game's switches with the server's values, as a field (none for a game without).
fn switches_field(game: GameId, settings: &GuildSettings, lang: Lang) -> Option<Field> {
    let mut lines = super::settings::switches(settings, game, lang);
    if lines.is_empty() {
        return None;
    }
    let name = lines.remove(0);
    Some(Field {
        name: name.replace("**", ""),
        value: lines.join("\n"),
        inline: false,
    })
}

/// One page of a game's yaku table (`rows`, with a server's values).
pub fn yaku_page(game: GameId, page: usize, rows: &[YakuRow], lang: Lang) -> Message {
    let pages = rows.len().div_ceil(YAKU_PER_PAGE).max(1);
    let page = page.clamp(1, pages);
    let say = |words| nameless_words(game, lang, words);
    let lines: Vec<String> = rows
        .iter()
        .skip((page - 1) * YAKU_PER_PAGE)
        .take(YAKU_PER_PAGE)
        .map(|y| {
            tr_args(
                lang,
                "yaku-line",
                &[
                    ("japanese", y.japanese.into()),
                    ("english", y.english.into()),
                    ("id", y.id.into()),
                    ("value", say(&y.value).into()),
                    ("condition", say(&y.condition).into()),
                ],
            )
        })
        .collect();
    Message {
        embeds: vec![Embed {
            title: tr_args(
                lang,
                "yaku-title",
                &[
                    ("game", game_name(game, lang).into()),
                    ("page", page.into()),
                    ("pages", pages.into()),
                ],
            ),
            description: lines.join("\n"),
            color: game_colour(game),
            ..Embed::default()
        }],
        rows: pager(Paged::Help(HelpBook::Yaku, game), page, pages, lang),
        ephemeral: true,
        ..Message::default()
    }
}

#[cfg(test)]
mod tests {
    use super::super::settings::yaku_rows;
    use super::*;
    use crate::service::{GuildId, GuildSettings, SettingsChange};

    /// A server's settings with every switch of `game` turned from its default.
    fn switched(game: GameId) -> GuildSettings {
        let mut settings = GuildSettings::defaults(GuildId(1));
        with_game!(game, G => {
            let mut options = settings.options::<G>();
            for switch in G::switches() {
                let now = G::switch_value(&options, switch.id);
                let other = switch.values.iter().find(|v| Some(**v) != now).unwrap();
                G::set_switch(&mut options, switch.id, other).unwrap();
            }
            settings.set_options::<G>(&options);
        });
        settings
    }

    #[test]
    fn every_help_page_of_every_game_fits_in_both_languages_with_the_whole_yaku_table() {
        for game in GameId::HOSTED {
            let first = with_game!(game, G => G::yaku_ids()[0]);
            let change = SettingsChange {
                game: Some(game),
                yaku: Some(first.into()),
                points: Some(77),
                ..SettingsChange::default()
            };
            // A game whose yaku values are its rules' own changes them through its switches.
            let valued = change.apply_to(GuildSettings::defaults(GuildId(1)));
            let settings = valued.clone().unwrap_or_else(|_| switched(game));
            let rows = yaku_rows(game, &settings);
            let switches: Vec<(&str, &str)> = with_game!(game, G => G::switches()
                .iter()
                .map(|s| (s.id, G::switch_value(&settings.options::<G>(), s.id).unwrap()))
                .collect());
            for lang in Lang::ALL {
                for page in 1..=rule_pages(game) {
                    let m = rules_page(game, page, &settings, lang);
                    m.check_limits().unwrap();
                    let text = m.all_text();
                    assert!(!text.contains("rules-"), "a missing rules page");
                    for (id, value) in &switches {
                        let shown = format!("`{id}` **{value}**");
                        assert!(text.contains(&shown), "{shown} not in {text}");
                    }
                }
                let mut all = String::new();
                for page in 1..=rows.len().div_ceil(YAKU_PER_PAGE) {
                    let m = yaku_page(game, page, &rows, lang);
                    m.check_limits().unwrap();
                    all.push_str(&m.all_text());
                }
                for y in &rows {
                    assert!(all.contains(y.japanese), "{} missing", y.id);
                }
                if valued.is_ok() {
                    assert!(all.contains("77"), "the server's value is shown");
                }
                assert!(!all.contains("yaku-"), "a missing message: {all}");
            }
            assert!(rows.iter().any(|r| r.changed));
        }
    }
}
