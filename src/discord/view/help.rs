//! Help pages of each game: its rules in short and its yaku table with a server's values,
//! paged.

use super::label::{game_colour, game_name};
use super::model::{Embed, Message};
use super::pen::nameless_words;
use super::records::{pager, Paged};
use crate::discord::ids::HelpBook;
use crate::games::registry::{with_game, GameId};
use crate::games::shown::{Shows, YakuRow};
use crate::i18n::{tr, tr_args, Lang};

/// Yaku per page of /momojan yaku.
const YAKU_PER_PAGE: usize = 7;

/// How many rules pages a game has.
pub fn rule_pages(game: GameId) -> usize {
    with_game!(game, G => G::rules_pages().len())
}

/// One page of a game's rules.
pub fn rules_page(game: GameId, page: usize, lang: Lang) -> Message {
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
            ..Embed::default()
        }],
        rows: pager(Paged::Help(HelpBook::Rules, game), page, pages, lang),
        ephemeral: true,
        ..Message::default()
    }
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

/// A game's yaku table under a server's options.
pub fn yaku_rows(game: GameId, settings: &crate::service::GuildSettings) -> Vec<YakuRow> {
    with_game!(game, G => G::yaku_rows(&settings.options::<G>()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::rules::Rules;
    use crate::service::{GuildId, GuildSettings, SettingsChange};

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
            let settings = change
                .apply_to(GuildSettings::defaults(GuildId(1)))
                .unwrap();
            let rows = yaku_rows(game, &settings);
            for lang in Lang::ALL {
                for page in 1..=rule_pages(game) {
                    let m = rules_page(game, page, lang);
                    m.check_limits().unwrap();
                    assert!(!m.all_text().contains("rules-"), "a missing rules page");
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
                assert!(all.contains("77"), "the server's value is shown");
                assert!(!all.contains("yaku-"), "a missing message: {all}");
            }
            assert!(rows.iter().any(|r| r.changed));
        }
    }
}
