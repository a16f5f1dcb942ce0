//! Japanese and English: every user-facing text is a message in `locales/en.ftl` and
//! `locales/ja.ftl` (Project Fluent, through the `fluent-bundle` crate), looked up by key.
//! Ephemeral answers follow the clicking user's Discord locale; public messages follow the
//! server's. `tests/i18n.rs` fails when a key used in the code is missing from either file.

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// A language the bot speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Lang {
    #[default]
    En,
    Ja,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ja];

    /// The language for a Discord locale (`ja`, `en-US`, `fr`, …): Japanese for `ja`,
    /// English for everything else.
    pub fn from_discord(locale: &str) -> Lang {
        if locale == "ja" || locale.starts_with("ja-") {
            Lang::Ja
        } else {
            Lang::En
        }
    }

    /// The setting's value (`en`, `ja`).
    pub fn id(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ja => "ja",
        }
    }

    /// A stored setting (`en`/`ja`), if it names a language.
    pub fn from_id(id: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.id() == id)
    }

    /// The message file's text.
    pub fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../locales/en.ftl"),
            Lang::Ja => include_str!("../../locales/ja.ftl"),
        }
    }

    fn bundle(self) -> &'static FluentBundle<FluentResource> {
        static EN: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
        static JA: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
        let cell = match self {
            Lang::En => &EN,
            Lang::Ja => &JA,
        };
        cell.get_or_init(|| build(self))
    }
}

fn build(lang: Lang) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = lang.id().parse().expect("a valid language id");
    let resource = FluentResource::try_new(lang.source().to_string())
        .unwrap_or_else(|(_, errors)| panic!("locales/{}.ftl: {errors:?}", lang.id()));
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Discord shows the isolation marks Fluent puts around values as stray characters.
    bundle.set_use_isolating(false);
    bundle
        .add_resource(resource)
        .expect("message ids are unique");
    for (game, source) in game_sources(lang) {
        let resource = FluentResource::try_new(source.to_string())
            .unwrap_or_else(|(_, errors)| panic!("{game}'s {} messages: {errors:?}", lang.id()));
        bundle
            .add_resource(resource)
            .unwrap_or_else(|e| panic!("{game}'s messages repeat a message id: {e:?}"));
    }
    bundle
}

/// Each game's own message file in `lang` (its moves, results, refusals and rules).
fn game_sources(lang: Lang) -> Vec<(&'static str, &'static str)> {
    crate::games::registry::message_files()
        .into_iter()
        .map(|(game, en, ja)| {
            (
                game.id(),
                match lang {
                    Lang::En => en,
                    Lang::Ja => ja,
                },
            )
        })
        .collect()
}

/// A value for a message argument.
#[derive(Debug, Clone)]
pub enum Arg {
    Text(String),
    Number(i64),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}

impl From<i64> for Arg {
    fn from(n: i64) -> Arg {
        Arg::Number(n)
    }
}

impl From<u8> for Arg {
    fn from(n: u8) -> Arg {
        Arg::Number(i64::from(n))
    }
}

impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Number(i64::from(n))
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::Number(n as i64)
    }
}

impl From<u64> for Arg {
    // Scores can exceed i64 only with absurd option values; shown as text then.
    fn from(n: u64) -> Arg {
        i64::try_from(n).map_or_else(|_| Arg::Text(n.to_string()), Arg::Number)
    }
}

/// Whether `lang` has a message `key` (for a text that has a fallback of its own).
pub fn has_key(lang: Lang, key: &str) -> bool {
    lang.bundle().has_message(key)
}

/// The message `key` without arguments.
pub fn tr(lang: Lang, key: &str) -> String {
    tr_args(lang, key, &[])
}

/// The message `key` with named arguments. A missing key shows as the key itself (and the
/// i18n test fails), so a forgotten translation never hides a message.
pub fn tr_args(lang: Lang, key: &str, args: &[(&str, Arg)]) -> String {
    let bundle = lang.bundle();
    let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) else {
        tracing::warn!(key, lang = lang.id(), "missing message");
        return key.to_string();
    };
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        match value {
            // Numbers as plain text: no locale grouping ("1,000"), as scores are shown.
            Arg::Number(n) => fluent_args.set(*name, FluentValue::from(n.to_string())),
            Arg::Text(t) => fluent_args.set(*name, FluentValue::from(t.as_str())),
        }
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
    if !errors.is_empty() {
        tracing::warn!(key, lang = lang.id(), ?errors, "message formatting");
    }
    text.into_owned()
}

/// Every message id of a language's files, the host's and every game's (for the
/// completeness test).
pub fn keys(lang: Lang) -> Vec<String> {
    let sources = std::iter::once(lang.source()).chain(game_sources(lang).into_iter().map(|g| g.1));
    sources
        .flat_map(|source| {
            let resource = FluentResource::try_new(source.to_string()).expect("parses");
            resource
                .entries()
                .filter_map(|e| match e {
                    fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
                    _ => None,
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_locales_map_to_japanese_or_english() {
        assert_eq!(Lang::from_discord("ja"), Lang::Ja);
        assert_eq!(Lang::from_discord("en-US"), Lang::En);
        assert_eq!(Lang::from_discord("fr"), Lang::En);
        assert_eq!(Lang::from_id("ja"), Some(Lang::Ja));
        assert_eq!(Lang::from_id("de"), None);
    }

    #[test]
    fn both_files_hold_the_same_messages() {
        let mut en = keys(Lang::En);
        let mut ja = keys(Lang::Ja);
        en.sort();
        ja.sort();
        assert_eq!(en, ja);
        assert!(en.len() > 20);
    }

    #[test]
    fn arguments_are_filled_in_without_isolation_marks() {
        let text = tr_args(Lang::En, "turn-mention", &[("name", "<@1>".into())]);
        assert_eq!(text, "<@1>, your turn.");
        assert!(
            !tr_args(Lang::Ja, "turn-mention", &[("name", "<@1>".into())]).contains('\u{2068}')
        );
        assert_eq!(tr(Lang::En, "no-such-key"), "no-such-key");
    }
}
