//! `/momojan highlights`: the server's board of a season (per game: the most unlucky, the
//! best escape and the biggest hand, players as mentions) and the answer to turning one's own
//! highlights off or on. Pure: from the service's boards to messages.

use super::label::game_name;
use super::model::{Embed, Field, Message};
use crate::games::interface::Category;
use crate::i18n::{has_key, tr, tr_args, Lang};
use crate::service::HighlightBoard;

const COLOR: u32 = 0xF4A6C0;

/// Discord's limit on one field's value; the board stays far below it (three categories of
/// at most `BOARD_PER_CATEGORY` short lines) and cuts at a line if ever reached.
const FIELD_MAX: usize = 1024;

/// The board of one season: one field per game, in the order given.
pub fn board(season: i64, boards: &[HighlightBoard], lang: Lang) -> Message {
    let fields: Vec<Field> = boards
        .iter()
        .map(|b| Field {
            name: game_name(b.game, lang).to_string(),
            value: game_value(b, lang),
            inline: false,
        })
        .collect();
    Message {
        embeds: vec![Embed {
            title: tr_args(lang, "hlb-title", &[("season", season.into())]),
            fields,
            footer: tr(lang, "hlb-footer"),
            color: COLOR,
            ..Embed::default()
        }],
        ephemeral: true,
        ..Message::default()
    }
}

/// One game's three categories, each with its best lines, or a word when there is none yet.
fn game_value(b: &HighlightBoard, lang: Lang) -> String {
    if b.columns.iter().all(|(_, lines)| lines.is_empty()) {
        return tr(lang, "hlb-none");
    }
    let mut out = String::new();
    for (category, lines) in &b.columns {
        let who: Vec<String> = lines
            .iter()
            .map(|h| {
                tr_args(
                    lang,
                    "hlb-entry",
                    &[
                        ("user", format!("<@{}>", h.user).into()),
                        ("what", kind_words(&h.kind, h.value, lang).into()),
                        ("match", h.match_id.0.into()),
                    ],
                )
            })
            .collect();
        let who = if who.is_empty() {
            "—".to_string()
        } else {
            who.join(", ")
        };
        let line = tr_args(lang, category_key(*category), &[("who", who.into())]);
        if out.len() + line.len() + 1 > FIELD_MAX {
            break;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&line);
    }
    out
}

/// A kind in a few words with its value ("3 deal-ins"); a kind this version does not know (a
/// line stored by a newer one) shows its value alone.
fn kind_words(kind: &str, value: i64, lang: Lang) -> String {
    let key = format!("hl-kind-{}", kind.replace('_', "-"));
    if has_key(lang, &key) {
        tr_args(lang, &key, &[("value", value.into())])
    } else {
        value.to_string()
    }
}

fn category_key(c: Category) -> &'static str {
    match c {
        Category::Unlucky => "hlb-unlucky",
        Category::Escape => "hlb-escape",
        Category::Big => "hlb-big",
    }
}

/// The answer to `/momojan highlights mine:…`.
pub fn mine(off: bool, lang: Lang) -> Message {
    Message {
        ephemeral: true,
        ..Message::text(tr(lang, if off { "hlb-mine-off" } else { "hlb-mine-on" }))
    }
}
