//! Databases written by earlier releases open after the migrations since and their running
//! matches are played to the end through the bot: `tests/data/release-0005.db` (before games
//! had ids: a finished match and a running one) and `tests/data/release-0007.db` (before seats
//! were numbered: finished and running matches of both games, a practice match, a pending
//! challenge and changed settings).

use std::time::Duration;

use crate::fake_discord::players::*;
use crate::fake_discord::{FakeDiscord, User, GUILD_ID};
use momojan::games::interface::prelude::*;
use momojan::games::registry::{GameId, Momojan};
use momojan::service::{GuildId, MatchId, MatchService, ServiceError, UserId};
use momojan::store::{Board, Store};
use rand::{Rng, SeedableRng};
use serde_json::json;

const RUNNING: MatchId = MatchId(2);

/// The old database in a temporary directory (the file in the repository stays as it is).
pub(crate) fn old_database(dir: &tempfile::TempDir) -> String {
    copy_of(dir, "release-0005.db")
}

/// A copy of `tests/data/<name>` in `dir`, as a database URL.
fn copy_of(dir: &tempfile::TempDir, name: &str) -> String {
    let path = dir.path().join(name);
    let from = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(from, &path).unwrap();
    format!("sqlite://{}", path.display())
}

async fn is_over(db: &str, id: MatchId) -> bool {
    load_meta(db, id.0).await.is_finished()
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

/// Plays match `id` between alice and bob to its end through the bot: each step, the player to
/// act opens their hand from the table and picks one of its actions at random. Returns the
/// actions played.
pub(crate) async fn play_to_end(fake: &FakeDiscord, db: &str, id: MatchId) -> usize {
    play_to_end_by(fake, db, id, &[alice(), bob()]).await
}

/// As [`play_to_end`], for a match of `players` (a practice match's computer plays by itself).
async fn play_to_end_by(fake: &FakeDiscord, db: &str, id: MatchId, players: &[User]) -> usize {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut actions = 0;
    while !is_over(db, id).await {
        assert!(actions < 3000, "the match does not end");
        let prefix = format!("mj:{id}:");
        let table = fake
            .visible_to(&players[0])
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
        for user in players {
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

/// Today's release before seats were numbered (`release-0007.db`, made on commit a952ecf by
/// a one-off test through the fake Discord): matches 1 (MOMOJAN) and 2 (shogi mahjong) between
/// alice and bob are over, 3 (MOMOJAN, alice–bob) and 4 (shogi, bob–carol) are running, 5 is
/// alice's running practice against the `hard` computer, challenge 5 from carol to alice is
/// pending, and the server's turn time (120 s), a MOMOJAN yaku (momotaro 9) and a shogi one
/// (toitoi 3) were changed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_of_the_release_before_numbered_seats_upgrades_and_plays_on() {
    const WRITTEN_AT: i64 = 1_795_698_810;
    let dir = tempfile::tempdir().unwrap();
    let db = copy_of(&dir, "release-0007.db");
    let carol = User::new(777_000_000_000_000_001, "carol");
    let (alice, bob) = (alice(), bob());
    let user = |u: &User| UserId(u.id as i64);

    // Every match keeps who sat where, as seats now.
    let seats = |m: &momojan::service::MatchMeta| {
        m.seats
            .values()
            .map(|s| match &s.occupant {
                momojan::service::Occupant::Player { user, .. } => format!("{}", user.0),
                momojan::service::Occupant::Computer(level) => level.id().to_string(),
            })
            .collect::<Vec<_>>()
    };
    let meta = |id| load_meta(&db, id);
    for (id, game, players, over) in [
        (1, GameId::Momojan, vec![user(&alice), user(&bob)], true),
        (2, GameId::Shogi, vec![user(&alice), user(&bob)], true),
        (3, GameId::Momojan, vec![user(&alice), user(&bob)], false),
        (4, GameId::Shogi, vec![user(&bob), user(&carol)], false),
    ] {
        let m = meta(id).await;
        assert_eq!(m.game, game, "match {id}");
        let expected: Vec<String> = players.iter().map(|u| u.0.to_string()).collect();
        assert_eq!(seats(&m), expected, "match {id}");
        assert_eq!(m.is_finished(), over, "match {id}");
        assert_eq!(m.turn_timeout_secs, 120, "match {id}");
        assert!(m.seats.values().all(|s| s.bank == 300), "match {id}");
    }
    let practice = meta(5).await;
    assert_eq!(
        seats(&practice),
        [user(&alice).0.to_string(), "hard".to_string()]
    );
    assert!(practice.is_practice());
    // A finished match's result is on its seats: the winner first, with the final balances.
    let first = meta(1).await;
    let places: Vec<Option<u8>> = first.seats.values().map(|s| s.place).collect();
    assert_eq!(places, [Some(1), Some(2)]);
    let finals: Vec<Option<i64>> = first.seats.values().map(|s| s.final_balance).collect();
    assert_eq!(finals, [Some(33), Some(27)]);

    let fake = FakeDiscord::start().await;
    let mut config = crate::fake_discord::players::test_config(&fake, &db);
    config.clock = momojan::clock::Clock::manual(WRITTEN_AT);
    let bot = crate::fake_discord::players::start_bot_with(config).await;
    fake.wait_ready().await;
    fake.wait_for("the running tables", Duration::from_secs(20), |f| {
        [3, 4, 5].iter().all(|id| table_of(f, *id).is_some())
    })
    .await;
    // The pending challenge is answered as before: carol's challenge, alice accepts.
    let challenge_answer = {
        let store = Store::open(&db).await.unwrap();
        let clock = momojan::clock::Clock::manual(WRITTEN_AT);
        let service = MatchService::with_clock(store.clone(), clock);
        let answered = service
            .answer_challenge(momojan::service::ChallengeId(5), user(&alice), true, None)
            .await;
        store.close().await;
        answered
    };
    match challenge_answer {
        Ok(momojan::service::ChallengeAnswer::Accepted { meta, .. }) => {
            let players: Vec<UserId> = meta.players().map(|(_, u)| u).collect();
            assert_eq!(players, [user(&carol), user(&alice)]);
            assert_eq!(meta.game, GameId::Momojan);
        }
        other => panic!("the old challenge is accepted: {other:?}"),
    }
    assert!(play_to_end_by(&fake, &db, RUNNING_3, &[alice.clone(), bob.clone()]).await > 0);
    assert!(play_to_end_by(&fake, &db, MatchId(4), &[bob.clone(), carol.clone()]).await > 0);
    assert!(play_to_end_by(&fake, &db, MatchId(5), std::slice::from_ref(&alice)).await > 0);
    bot.stop().await;
    fake.assert_no_violations();

    let store = Store::open(&db).await.unwrap();
    let service = MatchService::new(store.clone());
    for id in 1..=5 {
        service.verify_match(MatchId(id)).await.unwrap();
        let exported = service
            .export_match(GuildId(GUILD_ID as i64), MatchId(id))
            .await;
        let file = exported.unwrap_or_else(|e| panic!("match {id} exports: {e}"));
        let output = momojan::games::registry::scenario(file.json.as_bytes()).unwrap();
        let game = service.game_of(MatchId(id)).await.unwrap();
        let expected = momojan::games::registry::with_game!(game, G => {
            G::report(&service.load::<G>(MatchId(id)).await.unwrap().state)
        });
        assert_eq!(output, expected, "match {id}");
    }
    // The server's settings came through, with the claim time's default beside them.
    let settings = store
        .guild_settings(GuildId(GUILD_ID as i64))
        .await
        .unwrap();
    assert_eq!(settings.turn_timeout_secs, 120);
    assert_eq!(settings.claim_secs, 30);
    let momotaro = momojan::games::momojan::Yaku::from_id("momotaro").unwrap();
    assert_eq!(settings.options::<Momojan>().yaku_points.get(momotaro), 9);
    // Records kept their wins as first places; practice has its own record now.
    let board = Board::new(GuildId(GUILD_ID as i64), 1, GameId::Momojan);
    let stats = store
        .player_stats(board, user(&alice))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stats.places[0], stats.wins);
    assert_eq!(stats.places[1], stats.losses);
    let practice = service
        .practice_record(GuildId(GUILD_ID as i64), user(&alice), GameId::Momojan)
        .await
        .unwrap();
    assert_eq!(practice.len(), 1, "{practice:?}");
    store.close().await;
}

const RUNNING_3: MatchId = MatchId(3);

/// A match's row as stored now.
async fn load_meta(db: &str, id: i64) -> momojan::service::MatchMeta {
    let store = Store::open(db).await.unwrap();
    let meta = MatchService::new(store.clone())
        .meta(MatchId(id))
        .await
        .unwrap();
    store.close().await;
    meta
}

/// The table of match `id` on screen, if any.
fn table_of(fake: &FakeDiscord, id: i64) -> Option<crate::fake_discord::Msg> {
    let prefix = format!("mj:{id}:");
    fake.all_messages().into_iter().find(|m| {
        m.custom_ids()
            .iter()
            .any(|c| c.starts_with(&prefix) && c.ends_with(":hand"))
    })
}
