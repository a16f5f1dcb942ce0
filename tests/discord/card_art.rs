//! Card art as application emojis, against the fake Discord: the first start uploads every
//! face of every game, a restart uploads none, a changed face is replaced (the new one
//! uploaded, the old one deleted), emojis that are not faces are left alone, and when the
//! upload fails or card art is off the map stays empty, the log says so once, and the bot
//! still plays.

use std::collections::BTreeSet;
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use momojan::discord::emoji::{sync_in_turn, sync_into};
use momojan::discord::{CardArt, CardArtConfig};
use momojan::games::art;
use momojan::games::registry::{self, GameId};
use momojan::service::MatchService;
use poise::serenity_prelude as serenity;
use serde_json::json;
use tracing::instrument::WithSubscriber;

use crate::fake_discord::players::{
    alice, db_url, fresh_postgres_database_on, start_bot_with, test_config,
};
use crate::fake_discord::{FakeDiscord, APP_ID};

/// The emoji name of every face of every game, as the bot names them.
fn face_names() -> BTreeSet<String> {
    GameId::ALL
        .into_iter()
        .flat_map(|game| {
            let prefix = registry::art_prefix(game);
            registry::faces(game)
                .into_iter()
                .map(move |f| art::emoji_name(prefix, &f.code, &f.png))
        })
        .collect()
}

fn stored_names(fake: &FakeDiscord) -> BTreeSet<String> {
    fake.emojis().into_iter().map(|e| e.name).collect()
}

fn art_on() -> CardArtConfig {
    CardArtConfig {
        enabled: true,
        ..Default::default()
    }
}

/// A REST client of the bot's application on the fake (as serenity's is once READY).
fn http(fake: &FakeDiscord) -> serenity::Http {
    serenity::HttpBuilder::new("test-token")
        .proxy(fake.base.clone())
        .ratelimiter_disabled(true)
        .application_id(serenity::ApplicationId::new(APP_ID))
        .build()
}

/// A log that keeps what is written to it, for a test to read.
#[derive(Clone, Default)]
struct Log(Arc<Mutex<Vec<u8>>>);

impl Write for Log {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Log {
    fn subscriber(&self) -> impl tracing::Subscriber + Send + Sync {
        let log = self.clone();
        tracing_subscriber::fmt()
            .with_writer(move || log.clone())
            .with_ansi(false)
            .with_max_level(tracing::Level::INFO)
            .finish()
    }

    fn warnings(&self) -> Vec<String> {
        let text = String::from_utf8(self.0.lock().unwrap().clone()).unwrap();
        text.lines()
            .filter(|l| l.contains("WARN"))
            .map(str::to_string)
            .collect()
    }
}

/// Runs the start-up sync as the bot does, with its log captured.
async fn sync(fake: &FakeDiscord, config: &CardArtConfig) -> (CardArt, Log) {
    let (art, log) = (CardArt::default(), Log::default());
    // The bot's own share of the token's budget (the fake enforces Discord's 50 per second).
    let budget = momojan::discord::budget::Budget::per_second(momojan::discord::budget::share(
        momojan::discord::budget::DISCORD_PER_SECOND,
        None,
    ));
    sync_into(&http(fake), &budget, config, &art)
        .with_subscriber(log.subscriber())
        .await;
    (art, log)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_start_uploads_every_face_a_restart_none_and_a_changed_face_is_replaced() {
    let fake = FakeDiscord::start().await;
    let theirs = fake.add_emoji("party_parrot", b"\x89PNG\r\n\x1a\nnot ours");
    let look_alike = fake.add_emoji("mj_custom", b"\x89PNG\r\n\x1a\nnot ours either");
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let wanted = face_names();
    let mut config = test_config(&fake, &db);
    config.card_art = art_on();

    let bot = start_bot_with(config.clone()).await;
    fake.wait_ready().await;
    fake.wait_for("every face uploaded", Duration::from_secs(60), |f| {
        f.emoji_requests("POST") == wanted.len()
    })
    .await;
    let names = stored_names(&fake);
    assert!(names.is_superset(&wanted), "every face is there");
    assert_eq!(names.len(), wanted.len() + 2, "and the two emojis not ours");
    for emoji in fake.emojis().iter().filter(|e| wanted.contains(&e.name)) {
        let face = tiny_skia::Pixmap::decode_png(&emoji.png).unwrap();
        assert_eq!((face.width(), face.height()), (128, 128), "{}", emoji.name);
    }
    bot.stop().await;

    let bot = start_bot_with(config.clone()).await;
    fake.wait_for(
        "the restarted bot to list the emojis",
        Duration::from_secs(60),
        |f| f.emoji_requests("GET") == 2,
    )
    .await;
    // Everything it needs is there: nothing follows the list.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        fake.emoji_requests("POST"),
        wanted.len(),
        "no upload after a restart"
    );
    assert_eq!(fake.emoji_requests("DELETE"), 0);
    let ids: Vec<u64> = fake.emojis().iter().map(|e| e.id).collect();
    assert!(
        ids.contains(&theirs) && ids.contains(&look_alike),
        "left alone"
    );
    let answer = fake.slash(&alice(), "ping", json!([]), false).await;
    assert!(answer.content().contains("Pong"));
    bot.stop().await;

    // A release whose p5 looks different: its new face goes up, its old one goes.
    let old_p5 = fake
        .emojis()
        .into_iter()
        .find(|e| e.name.starts_with("mj_p5_"));
    config.card_art.altered = Some((GameId::Momojan, "p5".into()));
    let bot = start_bot_with(config).await;
    fake.wait_for("the old p5 deleted", Duration::from_secs(60), |f| {
        f.emoji_requests("DELETE") == 1
    })
    .await;
    assert_eq!(fake.emoji_requests("POST"), wanted.len() + 1, "p5 alone");
    let p5: Vec<String> = stored_names(&fake)
        .into_iter()
        .filter(|n| n.starts_with("mj_p5_"))
        .collect();
    assert_eq!(p5.len(), 1);
    assert_ne!(Some(&p5[0]), old_p5.map(|e| e.name).as_ref());
    fake.assert_no_violations();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sync_fills_the_map_with_every_face_and_a_second_reuses_them() {
    let fake = FakeDiscord::start().await;
    let (first, log) = sync(&fake, &art_on()).await;
    let total = face_names().len();
    assert_eq!(first.len(), total);
    assert!(log.warnings().is_empty(), "{:?}", log.warnings());
    let p5 = first.inline(GameId::Momojan, "p5").unwrap();
    assert!(p5.starts_with("<:mj_p5_") && p5.ends_with('>'), "{p5}");
    let (id, name) = first.button(GameId::Shogi, "GY").unwrap();
    assert!(name.starts_with("sg_GY_"), "{name}");
    assert!(fake.emojis().iter().any(|e| e.id == id && e.name == name));

    let (second, _) = sync(&fake, &art_on()).await;
    assert_eq!(second.len(), total);
    assert_eq!(second.inline(GameId::Momojan, "p5"), Some(p5));
    assert_eq!(fake.emoji_requests("POST"), total, "nothing uploaded twice");
    fake.assert_no_violations();
}

/// Two processes of one bot on one PostgreSQL database start together (a bot of several
/// shard processes): they sync one after the other, so the second finds every face the first
/// uploaded instead of having uploads refused for taken names and showing text cards.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_one_postgres_database_sync_in_turn_and_upload_each_face_once() {
    let Ok(server) = std::env::var("MOMOJAN_TEST_POSTGRES") else {
        eprintln!("skipped: MOMOJAN_TEST_POSTGRES is not set (see README, PostgreSQL tests)");
        return;
    };
    let db = fresh_postgres_database_on(&server);
    let fake = FakeDiscord::start().await;
    let mut processes = Vec::new();
    for _ in 0..2 {
        let service = MatchService::open(&db, momojan::clock::Clock::system())
            .await
            .unwrap();
        // Each process its share of the token's budget: one shard of two.
        let budget = momojan::discord::budget::Budget::per_second(momojan::discord::budget::share(
            momojan::discord::budget::DISCORD_PER_SECOND,
            Some((1, 2)),
        ));
        let (art, log) = (CardArt::default(), Log::default());
        processes.push((service, budget, art, log));
    }
    let (config, http) = (art_on(), http(&fake));
    let syncs = processes.iter().map(|(service, budget, art, log)| {
        sync_in_turn(service, &http, budget, &config, art).with_subscriber(log.subscriber())
    });
    futures_util::future::join_all(syncs).await;

    let total = face_names().len();
    for (_, _, art, log) in &processes {
        assert_eq!(art.len(), total, "each process shows every face");
        assert!(log.warnings().is_empty(), "{:?}", log.warnings());
    }
    let (first, second) = (&processes[0].2, &processes[1].2);
    assert_eq!(
        first.inline(GameId::Momojan, "p5"),
        second.inline(GameId::Momojan, "p5"),
        "the same emoji"
    );
    assert_eq!(
        fake.emoji_requests("POST"),
        total,
        "each face uploaded once"
    );
    assert_eq!(fake.emoji_requests("GET"), 2);
    fake.assert_no_violations();
    for (service, ..) in processes {
        service.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_changed_face_is_uploaded_under_a_new_name_and_the_old_one_deleted() {
    let fake = FakeDiscord::start().await;
    let (before, _) = sync(&fake, &art_on()).await;
    let (old_id, old_name) = before.button(GameId::Momojan, "p5").unwrap();
    let unchanged = before.button(GameId::Momojan, "p6").unwrap();

    let changed = CardArtConfig {
        altered: Some((GameId::Momojan, "p5".into())),
        ..art_on()
    };
    let (after, _) = sync(&fake, &changed).await;
    let (new_id, new_name) = after.button(GameId::Momojan, "p5").unwrap();
    assert_ne!(new_name, old_name);
    assert!(new_name.starts_with("mj_p5_"), "{new_name}");
    assert_eq!(after.button(GameId::Momojan, "p6"), Some(unchanged));
    let stored = fake.emojis();
    assert!(
        stored.iter().any(|e| e.id == new_id),
        "the new one uploaded"
    );
    assert!(
        !stored.iter().any(|e| e.id == old_id),
        "the old one deleted"
    );
    assert_eq!(stored.len(), face_names().len());
    assert_eq!(fake.emoji_requests("POST"), face_names().len() + 1);
    assert_eq!(fake.emoji_requests("DELETE"), 1);
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_upload_leaves_the_map_empty_and_says_so_once() {
    for status in [500, 400] {
        let fake = FakeDiscord::start().await;
        fake.fail("POST", "/emojis", status, None);
        let (art, log) = sync(&fake, &art_on()).await;
        assert!(art.is_empty(), "{status}");
        assert_eq!(art.inline(GameId::Momojan, "p1"), None);
        let warnings = log.warnings();
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].contains("card art unavailable"), "{warnings:?}");
        assert_eq!(
            fake.emoji_requests("POST"),
            1,
            "it stops at the first failure"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sync_that_takes_too_long_is_given_up_and_said_once() {
    let fake = FakeDiscord::start().await;
    let slow = CardArtConfig {
        limit: Duration::from_millis(1),
        ..art_on()
    };
    let (art, log) = sync(&fake, &slow).await;
    assert!(art.is_empty());
    assert_eq!(log.warnings().len(), 1, "{:?}", log.warnings());
    assert!(
        log.warnings()[0].contains("gave up"),
        "{:?}",
        log.warnings()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn card_art_off_asks_discord_nothing_and_says_so_once() {
    let fake = FakeDiscord::start().await;
    let off = CardArtConfig {
        enabled: false,
        ..Default::default()
    };
    let (art, log) = sync(&fake, &off).await;
    assert!(art.is_empty());
    assert_eq!(fake.request_count(), 0);
    assert_eq!(log.warnings().len(), 1, "{:?}", log.warnings());
    assert!(log.warnings()[0].contains("CARD_ART=off"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_still_plays_when_the_upload_fails() {
    for status in [500, 400] {
        let fake = FakeDiscord::start().await;
        fake.fail("POST", "/emojis", status, None);
        let dir = tempfile::tempdir().unwrap();
        let db = db_url(&dir);
        let mut config = test_config(&fake, &db);
        config.card_art = art_on();
        let bot = start_bot_with(config).await;
        fake.wait_ready().await;
        fake.wait_for("an upload attempt", Duration::from_secs(60), |f| {
            f.emoji_requests("POST") == 1
        })
        .await;
        let answer = fake.slash(&alice(), "ping", json!([]), false).await;
        assert!(answer.content().contains("Pong"), "{status}");
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(
            fake.emoji_requests("POST"),
            1,
            "no retry until the next start"
        );
        assert!(fake.emojis().is_empty());
        bot.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_refuses_what_discord_refuses() {
    let fake = FakeDiscord::start().await;
    let client = http(&fake);
    let png = registry::faces(GameId::Shogi).remove(0).png;
    let image = |bytes: &[u8]| {
        use base64::Engine as _;
        format!(
            "data:image/png;base64,{}",
            base64::engine::general_purpose::STANDARD.encode(bytes)
        )
    };
    let create = |name: &str, image: String| {
        let body = json!({ "name": name, "image": image });
        let client = &client;
        async move { client.create_application_emoji(&body).await }
    };
    let status = |r: Result<serenity::Emoji, serenity::Error>| match r {
        Err(serenity::Error::Http(e)) => e.status_code().map(|s| s.as_u16()),
        _ => None,
    };
    let made = create("sg_FU_00000000", image(&png)).await.unwrap();
    assert_eq!(
        status(create("sg_FU_00000000", image(&png)).await),
        Some(400)
    );
    assert_eq!(status(create("bad-name", image(&png)).await), Some(400));
    assert_eq!(status(create("x", image(&png)).await), Some(400));
    assert_eq!(
        status(create("ok_name", "data:image/gif;base64,R0lG".into()).await),
        Some(400)
    );
    let huge = [png.clone(), vec![0; 256 * 1024]].concat();
    assert_eq!(status(create("too_big", image(&huge)).await), Some(400));
    // Each refused request is a violation (the short name also fails the schema's minLength).
    let violations = fake.violations().join("\n");
    for refused in [
        "exists already",
        "bad-name",
        "\"x\"",
        "data:image/png",
        "> 256 KiB",
    ] {
        assert!(violations.contains(refused), "{refused}: {violations}");
    }

    let listed = client.get_application_emojis().await.unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].name, "sg_FU_00000000");
    client.delete_application_emoji(made.id).await.unwrap();
    let gone = client.delete_application_emoji(made.id).await;
    assert!(
        matches!(
            gone,
            Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(ref e)))
                if e.status_code.as_u16() == 404 && e.error.code == 10014
        ),
        "{gone:?}"
    );
    assert!(fake.emojis().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_holds_at_most_two_thousand_emojis() {
    let fake = FakeDiscord::start().await;
    let png = registry::faces(GameId::Shogi).remove(0).png;
    for i in 0..2000 {
        fake.add_emoji(&format!("e{i}"), &png);
    }
    let body = json!({
        "name": "one_more",
        "image": format!("data:image/png;base64,{}", {
            use base64::Engine as _;
            base64::engine::general_purpose::STANDARD.encode(&png)
        }),
    });
    let refused = http(&fake).create_application_emoji(&body).await;
    assert!(
        matches!(
            refused,
            Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(ref e)))
                if e.status_code.as_u16() == 400 && e.error.code == 30008
        ),
        "{refused:?}"
    );
}
