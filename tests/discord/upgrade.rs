//! A database written by the release before games had ids (`tests/data/release-0005.db`: a
//! finished match and a running one) opens after migration 0006 and its running match is played
//! to the end through the bot.

use std::time::Duration;

use crate::fake_discord::players::*;
use crate::fake_discord::{FakeDiscord, GUILD_ID};
use momojan::games::registry::{GameId, Momojan};
use momojan::games::rules::Rules;
use momojan::service::{GuildId, MatchId, MatchService, ServiceError, UserId};
use momojan::store::{Board, Store};
use rand::{Rng, SeedableRng};
use serde_json::json;

const RUNNING: MatchId = MatchId(2);

/// The old database in a temporary directory (the file in the repository stays as it is).
pub(crate) fn old_database(dir: &tempfile::TempDir) -> String {
    let path = dir.path().join("release-0005.db");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/release-0005.db"),
        &path,
    )
    .unwrap();
    format!("sqlite://{}", path.display())
}

async fn is_over(db: &str, id: MatchId) -> bool {
    load_match(db, id.0).await.meta.is_finished()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_of_the_previous_release_upgrades_and_its_running_match_is_played_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let db = old_database(&dir);
    let before = load_match(&db, RUNNING.0).await;
    assert!(
        !before.meta.is_finished(),
        "the fixture's match 2 is running"
    );
    assert_eq!(before.meta.game, GameId::Momojan, "old matches are MOMOJAN");

    // The messages of the old tables are gone with the old Discord: the bot shows the match
    // again where it can and the players pick it up from there.
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    fake.wait_for("the running match's table", Duration::from_secs(15), |f| {
        table(f).is_some()
    })
    .await;

    let (alice, bob) = (alice(), bob());
    // A running match cannot be exported: its decks and hands are still hidden.
    let refused = export(&fake, &alice, RUNNING).await;
    assert!(refused.files.is_empty());
    assert!(
        refused.text().contains("still being played"),
        "{}",
        refused.text()
    );
    let actions = play_to_end(&fake, &db, RUNNING).await;
    assert!(actions > 0, "the players played on");
    fake.wait_for("the final result", Duration::from_secs(10), |f| {
        f.visible_to(&alice)
            .iter()
            .any(|m| m.text().contains("wins the game"))
    })
    .await;
    records_name_their_game(&fake).await;
    let files = [
        export(&fake, &alice, MatchId(1)).await,
        export(&fake, &bob, RUNNING).await,
    ];
    bot.stop().await;
    fake.assert_no_violations();

    let store = Store::open(&db).await.unwrap();
    let service = MatchService::new(store.clone());
    for (id, message) in [MatchId(1), RUNNING].into_iter().zip(&files) {
        service.verify_match(id).await.unwrap();
        let loaded = service.load::<Momojan>(id).await.unwrap();
        assert_eq!(loaded.meta.game, GameId::Momojan);
        // The exported file plays, through the engine's own scenario runner, to the stored
        // game: every round, transfer and balance.
        let [file] = message.files.as_slice() else {
            panic!("one attachment: {:?}", message.text())
        };
        assert_eq!(file.filename, format!("momojan-match-{}.json", id.0));
        let output = momojan::games::registry::scenario(&file.bytes).expect("the file plays");
        assert_eq!(output, Momojan::report(&loaded.state), "match {}", id.0);
        assert!(message.text().contains(&file.filename));
        // The same match cannot be seen from another server.
        let other = service.export_match(GuildId(GUILD_ID as i64 + 1), id).await;
        assert!(matches!(other, Err(ServiceError::NotFound(m)) if m == id));
    }
    // Both games count on MOMOJAN's board, the old one kept from before the upgrade.
    let board = Board::new(GuildId(GUILD_ID as i64), 1, GameId::Momojan);
    for user in [&alice, &bob] {
        let stats = store
            .player_stats(board, UserId(user.id as i64))
            .await
            .unwrap()
            .expect("a MOMOJAN record");
        assert_eq!(stats.games, 2, "{stats:?}");
    }
    let settings = store
        .guild_settings(GuildId(GUILD_ID as i64))
        .await
        .unwrap();
    assert_eq!(settings.default_game, GameId::Momojan);
    store.close().await;
}

/// Plays match `id` to its end through the bot: each step, the player to act opens their hand
/// from the table and picks one of its actions at random. Returns the actions played.
pub(crate) async fn play_to_end(fake: &FakeDiscord, db: &str, id: MatchId) -> usize {
    let (alice, bob) = (alice(), bob());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut actions = 0;
    while !is_over(db, id).await {
        assert!(actions < 3000, "the match does not end");
        let prefix = format!("mj:{id}:");
        let table = fake
            .visible_to(&alice)
            .into_iter()
            .find(|m| {
                m.custom_ids()
                    .iter()
                    .any(|c| c.starts_with(&prefix) && c.ends_with(":hand"))
            })
            .expect("the match's table");
        let hand_id = table
            .custom_ids()
            .into_iter()
            .find(|c| c.ends_with(":hand"))
            .expect("a My hand button");
        for user in [&alice, &bob] {
            let opened = fake.click(user, &table, &hand_id).await;
            let hand = ephemeral_of(fake, user, &format!("token-{}", opened.interaction_id));
            let choices = action_choices(&hand);
            if choices.is_empty() {
                continue;
            }
            let (id, value) = choices[rng.random_range(0..choices.len())].clone();
            fake.choose(user, &hand, &id, value).await;
            actions += 1;
            break;
        }
    }
    actions
}

/// The records commands take the game (the server's default when not given) and say which
/// one they show, in each language; with `MOMOJAN_SCREENS` set, writes what each player saw.
async fn records_name_their_game(fake: &FakeDiscord) {
    let mut seen = Vec::new();
    for (user, lang) in [(alice(), "en"), (bob().with_locale("ja"), "ja")] {
        let by_default = fake.slash(&user, "leaderboard", json!([]), false).await;
        let named = fake
            .slash(
                &user,
                "leaderboard",
                json!([{"name": "game", "type": 4, "value": 0}]),
                false,
            )
            .await;
        let config = fake.slash(&user, "config", json!([]), false).await;
        for cb in [&by_default, &named, &config] {
            let message = ephemeral_of(fake, &user, &format!("token-{}", cb.interaction_id));
            let text = message.text();
            let expected = match (lang, cb.interaction_id == config.interaction_id) {
                ("en", false) => "MOMOJAN leaderboard",
                ("ja", false) => "桃雀 ランキング",
                ("en", true) => "Default game: MOMOJAN",
                _ => "既定のゲーム：桃雀",
            };
            assert!(text.contains(expected), "{lang}: {text}");
            seen.push((user.id, message));
        }
    }
    if std::env::var_os("MOMOJAN_SCREENS").is_some() {
        for (lang, viewer) in [("en", alice().id), ("ja", bob().id)] {
            let messages: Vec<serde_json::Value> = seen
                .iter()
                .filter(|(id, _)| *id == viewer)
                .map(|(_, m)| {
                    json!({"content": m.content, "embeds": m.embeds,
                           "components": m.components, "flags": 64})
                })
                .collect();
            let screen = json!({"viewer": viewer.to_string(), "title": "#games",
                                "names": {alice().id.to_string(): "alice", bob().id.to_string(): "bob"},
                                "messages": messages});
            std::fs::write(
                format!("/tmp/records-screen-{lang}.json"),
                serde_json::to_string_pretty(&screen).unwrap(),
            )
            .unwrap();
        }
    }
}
