//! Every user-facing string exists in both languages: each message key the code names is in
//! locales/en.ftl and locales/ja.ftl, both files hold the same keys, and every slash command
//! and option has an English and a Japanese description within Discord's 100 characters.

use std::collections::BTreeSet;
use std::path::Path;

use momojan::games::interface::prelude::*;
use momojan::i18n::{keys, tr, Lang};

/// Files whose hyphenated lowercase strings are not message keys: `ids.rs` holds custom-id
/// words, `rest.rs` names Discord's rate-limit headers.
const NOT_MESSAGES: &[&str] = &["ids.rs", "rest.rs"];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// String literals that look like message keys (`hand-title`, `cmd-config-turn_time`).
fn key_literals(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = source;
    while let Some(start) = rest.find('"') {
        let after = &rest[start + 1..];
        let Some(end) = after.find('"') else { break };
        let literal = &after[..end];
        // `#[cfg(feature = "test-support")]` names a cargo feature, not a message.
        let is_feature = rest[..start].trim_end().ends_with("feature =");
        let looks_like_key = !is_feature
            && literal.contains('-')
            && !literal.ends_with('-')
            && literal
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_lowercase())
            && literal
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
        if looks_like_key {
            out.push(literal.to_string());
        }
        rest = &after[end + 1..];
    }
    out
}

#[test]
fn every_key_the_code_names_is_in_both_languages() {
    let en: BTreeSet<String> = keys(Lang::En).into_iter().collect();
    let ja: BTreeSet<String> = keys(Lang::Ja).into_iter().collect();
    assert_eq!(
        en.symmetric_difference(&ja).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "keys in one file only"
    );
    let mut files = Vec::new();
    rust_files(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src/discord")),
        &mut files,
    );
    // Each game's words are in its `shown.rs` (a teaching table's in its `teach.rs`).
    let mut games = Vec::new();
    rust_files(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src/games")),
        &mut games,
    );
    files.extend(
        games
            .into_iter()
            .filter(|f| f.ends_with("shown.rs") || f.ends_with("teach.rs")),
    );
    let mut named = BTreeSet::new();
    for file in files {
        if NOT_MESSAGES.iter().any(|n| file.ends_with(n)) {
            continue;
        }
        let source = std::fs::read_to_string(&file).unwrap();
        for key in key_literals(&source) {
            named.insert((key, file.display().to_string()));
        }
    }
    // Action codes in tests (`discard-l4`) look like keys but are a game's button codes.
    let is_code = |k: &str| {
        use momojan::games::registry::{Momojan, Shogi};

        Momojan::parse_action(k).is_some() || Shogi::parse_action(k).is_some()
    };
    let missing: Vec<_> = named
        .iter()
        .filter(|(k, _)| !en.contains(k) && !is_code(k))
        .collect();
    assert!(
        missing.is_empty(),
        "keys missing from the message files: {missing:?}"
    );
    assert!(named.len() > 100, "only {} keys found", named.len());
}

/// Words each game builds at run time (from ids) name messages that exist.
#[test]
fn every_game_names_only_messages_that_exist() {
    use momojan::games::interface::Hosted;
    use momojan::games::interface::Words;
    use momojan::games::registry::{EachGame, GameId};

    struct Check(BTreeSet<String>, Vec<String>);
    impl Check {
        fn words(&mut self, w: &Words) {
            if !self.0.contains(w.key.as_ref()) {
                self.1.push(w.key.to_string());
            }
        }
    }
    impl EachGame for Check {
        fn game<G: Hosted>(&mut self, id: GameId) {
            momojan::games::registry::with_game!(id, S => {
                for reason in <S as Records>::END_REASONS {
                    self.words(&S::end_words(reason));
                }
                for reason in <S as Records>::TRANSFER_REASONS {
                    self.words(&S::transfer_words(reason));
                }
                for row in S::yaku_rows(&Default::default()) {
                    self.words(&row.value);
                    self.words(&row.condition);
                }
                self.words(&S::held(3));
                for page in S::rules_pages() {
                    self.words(&Words::key(*page));
                }
                for switch in <S as Settings>::switches() {
                    self.words(&S::switch_words(switch.id));
                }
            });
        }
    }
    let en: BTreeSet<String> = keys(Lang::En).into_iter().collect();
    let mut check = Check(en, Vec::new());
    momojan::games::registry::for_each_game(&mut check);
    // MOMOJAN's rule texts are worded by id.
    for text in momojan::games::momojan::refusal::RuleText::ALL {
        check.words(&Words::key(format!("rule-{}", text.id())));
    }
    assert!(check.1.is_empty(), "missing messages: {:?}", check.1);
}

#[test]
fn every_message_differs_between_languages_where_it_should() {
    // A Japanese file that copied an English line would pass the key check; most messages
    // must read differently (card, yaku and id-only lines may match).
    let same: Vec<String> = keys(Lang::En)
        .into_iter()
        .filter(|k| tr(Lang::En, k) == tr(Lang::Ja, k))
        .collect();
    let allowed = [
        "table-title",
        "table-dealer-mark",
        "end-oshimai",
        "name-ping",
        // A discard's words are the piece alone; a yaku's condition is the engine's text.
        "act-discard",
        "shogi-act-discard",
        "yaku-condition",
    ];
    let unexpected: Vec<&String> = same
        .iter()
        .filter(|k| !allowed.contains(&k.as_str()))
        .collect();
    assert!(unexpected.is_empty(), "untranslated: {unexpected:?}");
}

#[test]
fn every_command_and_option_is_described_in_both_languages() {
    fn check(command: &momojan::discord::Command) {
        let en = command.description.as_deref().unwrap_or_default();
        assert!(
            !en.is_empty() && !en.starts_with("cmd-"),
            "{}: {en:?}",
            command.name
        );
        assert!(en.chars().count() <= 100, "{}: too long", command.name);
        let name = command.name_localizations.iter().find(|(l, _)| l == "ja");
        let valid = |n: &str| {
            (1..=32).contains(&n.chars().count())
                && n.chars()
                    .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
                && n.to_lowercase() == n
        };
        assert!(
            name.is_some_and(|(_, n)| valid(n) && !n.starts_with("name-")),
            "{}: Japanese name {name:?}",
            command.name
        );
        let ja = &command.description_localizations;
        assert!(
            ja.iter()
                .any(|(l, d)| l == "ja" && !d.starts_with("cmd-") && d.chars().count() <= 100),
            "{}: no Japanese description",
            command.name
        );
        for p in &command.parameters {
            assert!(
                p.name_localizations
                    .iter()
                    .any(|(l, n)| l == "ja" && valid(n) && !n.starts_with("name-")),
                "{}.{}: Japanese name",
                command.name,
                p.name
            );
            let d = p.description.as_deref().unwrap_or_default();
            assert!(
                !d.is_empty() && !d.starts_with("cmd-"),
                "{}.{}",
                command.name,
                p.name
            );
            assert!(
                p.description_localizations
                    .iter()
                    .any(|(l, d)| l == "ja" && !d.starts_with("cmd-")),
                "{}.{}: no Japanese description",
                command.name,
                p.name
            );
        }
        command.subcommands.iter().for_each(check);
    }
    let commands = momojan::discord::localized_commands();
    commands.iter().for_each(check);
    assert!(commands[0].subcommands.len() >= 13);
}
