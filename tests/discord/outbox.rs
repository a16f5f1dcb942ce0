//! Nothing committed is lost on the way to the screen: the real `momojan run`, killed with
//! SIGKILL at random moments while two pairs play on the fake Discord, shows every committed
//! change after each restart, exactly once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use momojan::service::MatchService;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tokio::sync::mpsc;

use crate::fake_discord::players::{action_choices, db_url, execute_sql, fetch_text};
use crate::fake_discord::random_players::{self as random, Log, RandomPlay, Seats};
use crate::fake_discord::{FakeDiscord, User};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_at_random_moments_while_two_pairs_play_nothing_committed_is_lost_or_doubled() {
    const KILLS: usize = 24;
    let fake = Arc::new(FakeDiscord::start().await);
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let spawn = || random::spawn_bot(&fake, &db, dir.path(), &[], &[]);
    let mut bot = spawn();
    fake.wait_ready().await;
    let service = MatchService::open(&db, momojan::clock::Clock::system())
        .await
        .unwrap();

    let stop = Arc::new(AtomicBool::new(false));
    let log = Arc::new(Mutex::new(Log::default()));
    let (kill_tx, mut kill_rx) = mpsc::unbounded_channel();
    let pairs = [
        Seats::pair(
            User::new(53_908_232_506_183_680, "alice"),
            User::new(809_850_198_683_418_695, "bob"),
        ),
        // The other pair plays shogi mahjong: every game's actions go through the outbox.
        Seats::pair(
            User::new(611_111_111_111_111_111, "carol"),
            User::new(622_222_222_222_222_222, "dave"),
        )
        .of(momojan::games::registry::GameId::Shogi),
    ];
    let mut players = Vec::new();
    for (i, seats) in pairs.into_iter().enumerate() {
        let play = RandomPlay {
            fake: fake.clone(),
            service: service.clone(),
            seats,
            stop: stop.clone(),
            kill: kill_tx.clone(),
            log: log.clone(),
            seed: 7 + i as u64,
            idle: None,
        };
        players.push(tokio::spawn(play.run()));
    }

    let mut rng = StdRng::seed_from_u64(2026);
    let mut pending_at_kill = 0;
    let started = Instant::now();
    for _ in 0..KILLS {
        // A random moment, or one a player asked for (right after an accept or an answer).
        let wait = Duration::from_millis(rng.random_range(200..2500));
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = kill_rx.recv() => {}
        }
        bot.kill();
        fake.forget_waits();
        pending_at_kill += random::pending_outbox(&service).await;
        let identifies = fake.sessions().0;
        bot = spawn();
        fake.wait_for("the restarted bot", Duration::from_secs(40), |f| {
            f.sessions().0 > identifies
        })
        .await;
        // Some play before the next kill; requests made meanwhile are dropped.
        tokio::time::sleep(Duration::from_millis(700)).await;
        while kill_rx.try_recv().is_ok() {}
    }
    // On a loaded machine fewer moves fit between the kills: play on (without kills) until
    // the run has meant something.
    let until = Instant::now() + Duration::from_secs(60);
    while log.lock().unwrap().answered.len() < 100 && Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    stop.store(true, Ordering::SeqCst);
    for p in players {
        tokio::time::timeout(Duration::from_secs(120), p)
            .await
            .expect("the players finish")
            .unwrap();
    }
    random::wait_for_empty_outbox(&service, Duration::from_secs(30)).await;
    tokio::time::sleep(Duration::from_millis(500)).await;

    let log = std::mem::take(&mut *log.lock().unwrap());
    let counted = random::check_everything_stored_once(&fake, &service, &log).await;
    service.close().await;
    let answered = log.answered.len();
    assert!(
        answered >= 100,
        "enough play to mean something: {answered} answered clicks"
    );
    assert!(counted.finished >= 2, "{counted:?}");
    fake.assert_no_violations();
    println!(
        "kill test: {KILLS} kills in {:?}, {} matches ({} finished), {answered} answered \
         clicks ({} unanswered), {pending_at_kill} outbox entries pending at a kill and shown after",
        started.elapsed(),
        counted.matches,
        counted.finished,
        log.unanswered_actions
    );
    drop(bot);
}

/// A global 429 on the table's edit: the worker waits it out (no request before its
/// `retry_after`) and the table still reaches the stored version.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_global_rate_limit_is_waited_out_and_the_table_still_follows() {
    use crate::fake_discord::players::{acting_hand, open_match, start_bot, stored_version, table};
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    open_match(&fake).await;
    // The worker is done with the start first: otherwise it may move the table to the
    // accept's token after the look below, and nothing would meet the 429.
    let store = momojan::store::Store::open(&db).await.unwrap();
    random::wait_for_empty_outbox(&MatchService::new(store.clone()), Duration::from_secs(40)).await;
    store.close().await;
    // A table still posted in its channel follows the click through the global budget either
    // way: edited there (a PATCH), or moved to the click's token, its channel copy deleted (a
    // DELETE). One already moved to an interaction token (an accept's, when the worker was
    // quick) is edited through that token, outside the budget, which no global 429 touches.
    let in_channel = table(&fake).expect("the table").token.is_none();
    for method in ["PATCH", "DELETE"] {
        fake.fail_rate_limited(
            method,
            "/messages/",
            true,
            Duration::from_millis(800),
            Some(1),
        );
    }
    let (user, hand) = acting_hand(&fake).await;
    let (id, value) = action_choices(&hand)[0].clone();
    fake.choose(&user, &hand, &id, value).await;
    let version = stored_version(&db).await;
    fake.wait_for(
        "the table at the stored version",
        Duration::from_secs(10),
        |f| {
            table(f).is_some_and(|t| {
                t.custom_ids()
                    .iter()
                    .any(|c| c.starts_with(&format!("mj:1:{version}:")))
            })
        },
    )
    .await;
    if in_channel {
        // The channel copy of a table moved to the click's token is deleted after the new
        // one is posted: its 429 may come after the look above.
        fake.wait_for("a 429", Duration::from_secs(5), |f| f.rate_limited() >= 1)
            .await;
        assert!(
            (1..=2).contains(&fake.rate_limited()),
            "a 429, waited out: {}",
            fake.rate_limited()
        );
    } else {
        assert!(fake.rate_limited() <= 2, "{}", fake.rate_limited());
    }
    // No request inside a 429's wait, whichever way the table went.
    fake.assert_no_violations();
    bot.stop().await;
}

/// A damaged outbox row does not freeze its match on screen: the worker sets it aside with
/// its reason (kept in the row, never read as something else), the table is drawn again from
/// the stored game, and the match is shown on as it is played.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_outbox_entry_is_set_aside_and_its_match_is_shown_on() {
    use crate::fake_discord::players::{
        acting_hand, load_match, open_match, shown_version, start_bot, stored_version, table,
    };
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    open_match(&fake).await;
    for _ in 0..2 {
        let (user, hand) = acting_hand(&fake).await;
        let (id, value) = action_choices(&hand).into_iter().next().unwrap();
        fake.choose(&user, &hand, &id, value).await;
    }
    bot.stop().await;

    // An action committed while no bot runs leaves its entry pending; the entry is damaged.
    let loaded = load_match(&db, 1).await;
    let seat = loaded.state.to_act().expect("a seat to act");
    let (_, player) = loaded
        .meta
        .players()
        .find(|(s, _)| *s == seat)
        .expect("a player's seat");
    let action = loaded.state.legal_actions()[0];
    let service = MatchService::open(&db, momojan::clock::Clock::system())
        .await
        .unwrap();
    service
        .apply::<momojan::games::registry::Momojan>(
            loaded.meta.id,
            player,
            loaded.meta.version,
            action,
        )
        .await
        .unwrap();
    service.close().await;
    execute_sql(
        &db,
        "UPDATE outbox SET to_version = from_version - 1 WHERE failed IS NULL",
    )
    .await;
    let version = stored_version(&db).await;
    assert!(
        shown_version(&table(&fake).unwrap()).1 < version,
        "not shown yet"
    );

    let bot = start_bot(&fake, &db).await;
    fake.wait_for("the table drawn again", Duration::from_secs(20), |f| {
        table(f).is_some_and(|t| shown_version(&t).1 == version)
    })
    .await;
    let reason = fetch_text(&db, "SELECT failed FROM outbox WHERE failed IS NOT NULL").await;
    assert!(
        reason.starts_with("damaged") && reason.contains("to_version"),
        "the row keeps why it was set aside: {reason}"
    );

    // Played on: each action is shown.
    for _ in 0..2 {
        let (user, hand) = acting_hand(&fake).await;
        let (id, value) = action_choices(&hand).into_iter().next().unwrap();
        fake.choose(&user, &hand, &id, value).await;
        let version = stored_version(&db).await;
        fake.wait_for("the table to follow", Duration::from_secs(20), |f| {
            table(f).is_some_and(|t| shown_version(&t).1 == version)
        })
        .await;
    }
    fake.assert_no_violations();
    bot.stop().await;
}
