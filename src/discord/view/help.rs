//! Help pages: the rules in short and the yaku table with a server's values, paged.

use super::model::{Embed, Message};
use super::records::{pager, Paged};
use crate::discord::ids::HelpBook;
use crate::games::momojan::{Yaku, YakuPoints};
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
        rows: pager(Paged::Help(HelpBook::Rules), page, RULE_PAGES, lang),
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
        rows: pager(Paged::Help(HelpBook::Yaku), page, pages, lang),
        ephemeral: true,
        ..Message::default()
    }
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
