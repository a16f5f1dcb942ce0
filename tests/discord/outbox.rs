//! Nothing committed is lost on the way to the screen: the real `momojan run`, killed with
//! SIGKILL at random moments while two pairs play on the fake Discord, shows every committed
//! change after each restart, exactly once.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use momojan::discord::ids::{ActionCode, ButtonKind, ComponentId, GameButton};
use momojan::games::momojan::Momojan;
use momojan::service::{MatchId, MatchService, Origin};
use momojan::store::Store;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tokio::sync::mpsc;

use crate::fake_discord::players::{action_choices, db_url, ephemeral_of};
use crate::fake_discord::{FakeDiscord, Msg, User};

fn spawn_bot(fake: &FakeDiscord, db: &str, dir: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_momojan"))
        .arg("run")
        .current_dir(dir)
        .env("DISCORD_TOKEN", "MTAx.fake.token")
        .env("MOMOJAN_DISCORD_API_BASE", &fake.base)
        .env("DATABASE_URL", db)
        .env("RUST_LOG", "off")
        .env_remove("DEV_GUILD_ID")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the bot starts")
}

/// What the players saw answered: (match, version clicked at, the clicked action's id).
#[derive(Default)]
struct Log {
    answered: Vec<(i64, i64, String)>,
    unanswered_actions: usize,
    matches: Vec<i64>,
}

/// The active match of a pair, as stored.
async fn active_match(db: &str, a: &User, b: &User) -> Option<i64> {
    let store = Store::open(db).await.ok()?;
    let service = MatchService::new(store.clone());
    let found = service
        .own_active_match::<Momojan>(
            momojan::service::ChannelId::from_snowflake(crate::fake_discord::CHANNEL_ID),
            momojan::service::UserId::from_snowflake(a.id),
        )
        .await
        .ok()
        .flatten();
    store.close().await;
    let (loaded, _) = found?;
    let b = momojan::service::UserId::from_snowflake(b.id);
    Some(loaded.meta.id.0).filter(|_| loaded.meta.players.to_array().contains(&b))
}

/// The table of `match_id` as players see it now (the newest, after any repair).
fn table_of(fake: &FakeDiscord, match_id: i64) -> Option<Msg> {
    let prefix = format!("mj:{match_id}:");
    fake.all_messages()
        .into_iter()
        .rev()
        .filter(|m| m.visible_to.is_none())
        .find(|m| {
            m.custom_ids()
                .iter()
                .any(|c| c.starts_with(&prefix) && c.ends_with(":hand"))
        })
}

/// One pair playing matches until told to stop: challenge, accept, random legal moves, and a
/// resignation after a while. Asks for a kill right after an accept and after some answers.
async fn play_pair(
    fake: Arc<FakeDiscord>,
    db: String,
    (a, b): (User, User),
    stop: Arc<AtomicBool>,
    kill: mpsc::UnboundedSender<()>,
    log: Arc<Mutex<Log>>,
    seed: u64,
) {
    let mut rng = StdRng::seed_from_u64(seed);
    while !stop.load(Ordering::SeqCst) {
        let match_id = match active_match(&db, &a, &b).await {
            Some(id) => id,
            None => {
                start_match(&fake, &a, &b, &kill).await;
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        {
            let mut log = log.lock().unwrap();
            if !log.matches.contains(&match_id) {
                log.matches.push(match_id);
            }
        }
        let moves = rng.random_range(8..30);
        for _ in 0..moves {
            if !play_one(&fake, match_id, (&a, &b), &mut rng, &kill, &log).await {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
        resign(&fake, &a).await;
    }
}

async fn start_match(fake: &FakeDiscord, a: &User, b: &User, kill: &mpsc::UnboundedSender<()>) {
    let _ = fake.try_slash(a, "challenge", Some(("opponent", b))).await;
    let mention = format!("<@{}>", b.id);
    let Some(challenge) = fake.all_messages().into_iter().rev().find(|m| {
        m.content.contains(&mention) && m.custom_ids().iter().any(|c| c.ends_with(":accept"))
    }) else {
        return;
    };
    let accept = challenge
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":accept"))
        .unwrap();
    if fake.try_click(b, &challenge, &accept, None).await.is_some() {
        // Between the accept and the table.
        let _ = kill.send(());
    }
}

/// One move of whoever can act; `false` when nobody could (the table not shown yet, or the
/// bot down).
async fn play_one(
    fake: &FakeDiscord,
    match_id: i64,
    (a, b): (&User, &User),
    rng: &mut StdRng,
    kill: &mpsc::UnboundedSender<()>,
    log: &Mutex<Log>,
) -> bool {
    let Some(table) = table_of(fake, match_id) else {
        return false;
    };
    let hand_id = table
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":hand"))
        .unwrap();
    for user in [a, b] {
        let Some(opened) = fake.try_click(user, &table, &hand_id, None).await else {
            return false;
        };
        let hand = ephemeral_of(fake, user, &format!("token-{}", opened.interaction_id));
        let choices = action_choices(&hand);
        if choices.is_empty() {
            continue;
        }
        let (id, value) = choices[rng.random_range(0..choices.len())].clone();
        let acted = value.clone().unwrap_or_else(|| id.clone());
        match fake.try_click(user, &hand, &id, value).await {
            Some(cb) if cb.kind() == 7 => {
                let clicked: GameButton = acted.parse().expect("a game id");
                log.lock()
                    .unwrap()
                    .answered
                    .push((match_id, clicked.version, acted));
                if rng.random_bool(0.08) {
                    // Between an answer and its posts.
                    let _ = kill.send(());
                }
            }
            Some(_) => {}
            None => log.lock().unwrap().unanswered_actions += 1,
        }
        return true;
    }
    false
}

async fn resign(fake: &FakeDiscord, user: &User) {
    let Some(cb) = fake.try_slash(user, "resign", None).await else {
        return;
    };
    let token = format!("token-{}", cb.interaction_id);
    let Some(confirm) = fake
        .visible_to(user)
        .into_iter()
        .rev()
        .find(|m| m.token.as_deref() == Some(token.as_str()))
    else {
        return;
    };
    if let Some(id) = confirm
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":resign"))
    {
        let _ = fake.try_click(user, &confirm, &id, None).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_at_random_moments_while_two_pairs_play_nothing_committed_is_lost_or_doubled() {
    const KILLS: usize = 24;
    let fake = Arc::new(FakeDiscord::start().await);
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let mut bot = spawn_bot(&fake, &db, dir.path());
    fake.wait_ready().await;

    let stop = Arc::new(AtomicBool::new(false));
    let log = Arc::new(Mutex::new(Log::default()));
    let (kill_tx, mut kill_rx) = mpsc::unbounded_channel();
    let pairs = [
        (
            User::new(53_908_232_506_183_680, "alice"),
            User::new(809_850_198_683_418_695, "bob"),
        ),
        (
            User::new(611_111_111_111_111_111, "carol"),
            User::new(622_222_222_222_222_222, "dave"),
        ),
    ];
    let mut players = Vec::new();
    for (i, pair) in pairs.iter().cloned().enumerate() {
        players.push(tokio::spawn(play_pair(
            fake.clone(),
            db.clone(),
            pair,
            stop.clone(),
            kill_tx.clone(),
            log.clone(),
            7 + i as u64,
        )));
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
        bot.kill().unwrap();
        bot.wait().unwrap();
        pending_at_kill += pending_outbox(&db).await;
        let identifies = fake.sessions().0;
        bot = spawn_bot(&fake, &db, dir.path());
        fake.wait_for("the restarted bot", Duration::from_secs(40), |f| {
            f.sessions().0 > identifies
        })
        .await;
        // Some play before the next kill; requests made meanwhile are dropped.
        tokio::time::sleep(Duration::from_millis(700)).await;
        while kill_rx.try_recv().is_ok() {}
    }
    stop.store(true, Ordering::SeqCst);
    for p in players {
        tokio::time::timeout(Duration::from_secs(120), p)
            .await
            .expect("the players finish")
            .unwrap();
    }
    let until = Instant::now() + Duration::from_secs(30);
    while pending_outbox(&db).await > 0 {
        assert!(Instant::now() < until, "the outbox did not empty");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;

    let log = std::mem::take(&mut *log.lock().unwrap());
    let store = Store::open(&db).await.unwrap();
    let service = MatchService::new(store.clone());
    let mut finished = 0;
    let mut stored_player_moves = 0;
    for &m in &log.matches {
        let match_id = MatchId(m);
        let loaded = service.load::<Momojan>(match_id).await.unwrap();
        let meta = &loaded.meta;
        // The table shows the stored version: every game id on it carries that version.
        let table = fake
            .all_messages()
            .into_iter()
            .find(|msg| Some(msg.id) == meta.table_message_id.map(|t| t.snowflake()))
            .unwrap_or_else(|| panic!("match {m} has a table"));
        for id in table.custom_ids() {
            if let Ok(ComponentId::Game(button)) = id.parse::<ComponentId>() {
                assert_eq!(
                    button.version, meta.version,
                    "match {m}: the table shows {id}"
                );
            }
        }
        if meta.is_finished() {
            finished += 1;
            let results = fake
                .all_messages()
                .iter()
                .filter(|msg| {
                    msg.custom_ids().iter().any(|c| {
                        matches!(c.parse::<ComponentId>(), Ok(ComponentId::Game(b))
                            if b.match_id == match_id && b.kind == ButtonKind::Rematch)
                    })
                })
                .count();
            assert_eq!(results, 1, "match {m}: its result is posted exactly once");
        }
        let events = store.event_log::<Momojan>(match_id).await.unwrap();
        stored_player_moves += events.iter().filter(|e| e.origin == Origin::Player).count();
        for (_, version, acted) in log.answered.iter().filter(|(mm, _, _)| *mm == m) {
            let row = events
                .iter()
                .find(|e| e.seq == version + 1)
                .unwrap_or_else(|| panic!("match {m}: the answered click {acted} is stored"));
            assert_eq!(row.origin, Origin::Player);
            let momojan::service::Move::Play(action) = row.action else {
                panic!("match {m}: {acted} stored as a concession");
            };
            let stored = GameButton {
                match_id,
                version: *version,
                kind: ButtonKind::Act(ActionCode::of::<Momojan>(action)),
            }
            .to_string();
            assert_eq!(
                &stored, acted,
                "match {m}: the click stored is the one answered"
            );
        }
    }
    store.close().await;
    let answered = log.answered.len();
    assert!(
        stored_player_moves >= answered && stored_player_moves <= answered + log.unanswered_actions,
        "every answered click stored once: {stored_player_moves} stored, {answered} answered, \
         {} unanswered",
        log.unanswered_actions
    );
    assert!(
        answered >= 100,
        "enough play to mean something: {answered} answered clicks"
    );
    assert!(finished >= 2, "{finished} finished matches");
    fake.assert_no_violations();
    println!(
        "kill test: {KILLS} kills in {:?}, {} matches ({finished} finished), {answered} answered \
         clicks ({} unanswered), {pending_at_kill} outbox entries pending at a kill and shown after",
        started.elapsed(),
        log.matches.len(),
        log.unanswered_actions
    );
    bot.kill().unwrap();
    bot.wait().unwrap();
}

/// Outbox entries not sent yet, read from the file.
async fn pending_outbox(db: &str) -> usize {
    let store = Store::open(db).await.unwrap();
    let service = MatchService::new(store.clone());
    let mut n = 0;
    for id in service.outbox_matches().await.unwrap() {
        n += service.pending_outbox(id).await.unwrap().len();
    }
    store.close().await;
    n
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
    fake.fail_rate_limited(
        "PATCH",
        "/messages/",
        true,
        Duration::from_millis(800),
        Some(1),
    );
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
    assert_eq!(fake.rate_limited(), 1, "one 429, waited out");
    fake.assert_no_violations();
    bot.stop().await;
}
