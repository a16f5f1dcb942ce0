//! Two processes, one PostgreSQL database: the real `momojan run` twice, with a shard of two
//! each, while pairs and practice players play in a guild of each shard (one with a 2-second
//! turn, so turns time out); one process or the other is killed with SIGKILL at random
//! moments and restarted while the other keeps running. Every click answered is stored
//! once, every timeout and computer move happens once, every match verifies, every table
//! shows its stored version, and buttons on screen work again after each restart.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use momojan::service::{MatchId, MatchService};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tokio::sync::mpsc;

use crate::fake_discord::players::fresh_postgres_database_on;
use crate::fake_discord::random_players::{self as random, BotProcess, Log, RandomPlay, Seats};
use crate::fake_discord::{shard_of, FakeDiscord, User, CHANNEL_ID, GUILD_ID, IDENTIFY_WINDOW};

const KILLS: usize = 10;
/// The turn time of the guild where turns time out.
const SHORT_TURN_SECS: i64 = 2;

/// One process of the bot: its shard, and when that shard last identified.
struct Process {
    shard: u32,
    bot: BotProcess,
    identified: Instant,
}

/// A guild of each shard of two, each with its channel: (guild, channel).
fn places() -> [(u64, u64); 2] {
    let other = (GUILD_ID + (1 << 22), 645_027_906_669_599_002);
    let mut places = [(GUILD_ID, CHANNEL_ID), other];
    places.sort_by_key(|(guild, _)| shard_of(*guild, 2));
    places
}

/// In each guild a pair and a practice player, and a table of four in shard 0's; the guild
/// of shard 1 has a short turn.
fn tables() -> Vec<Seats> {
    let [zero, one] = places();
    let user = |id: u64, name: &str, (guild, channel): (u64, u64)| {
        User::new(id, name).in_guild(guild, channel)
    };
    vec![
        Seats::pair(
            user(53_908_232_506_183_680, "alice", zero),
            user(809_850_198_683_418_695, "bob", zero),
        ),
        Seats::practice(user(611_111_111_111_111_111, "carol", zero))
            .of(momojan::games::registry::GameId::Shogi),
        Seats::pair(
            user(622_222_222_222_222_222, "dave", one),
            user(633_333_333_333_333_333, "erin", one),
        )
        .of(momojan::games::registry::GameId::Shogi),
        Seats::practice(user(644_444_444_444_444_444, "frank", one)),
        // A table of four: a challenge that everyone accepts, claim windows of several.
        Seats::people(
            user(655_555_555_555_555_555, "gina", zero),
            vec![
                user(666_666_666_666_666_666, "hugo", zero),
                user(677_777_777_777_777_777, "iris", zero),
                user(688_888_888_888_888_888, "jack", zero),
            ],
        )
        .of(momojan::games::registry::GameId::Beginners),
    ]
}

/// Starts the process of `shard` and waits for its IDENTIFY.
async fn start_shard(fake: &FakeDiscord, db: &str, dir: &std::path::Path, shard: u32) -> Process {
    let identified = |f: &FakeDiscord| {
        f.identified_shards()
            .iter()
            .filter(|s| **s == shard)
            .count()
    };
    let before = identified(fake);
    let range = shard.to_string();
    let args = ["--shards", range.as_str(), "--shard-total", "2"];
    let bot = random::spawn_bot(fake, db, dir, &args, &[("MOMOJAN_SWEEP_MS", "200")]);
    fake.wait_for("the shard's IDENTIFY", Duration::from_secs(40), |f| {
        identified(f) > before
    })
    .await;
    Process {
        shard,
        bot,
        identified: Instant::now(),
    }
}

/// Clicks My hand on the table of the newest running match of `guild` (as its first human
/// player) until the restarted process answers: whether it did (`None`: for 5 s no running
/// match of the guild had its table on screen).
///
/// A kill may come when every match of the guild has just ended and its players' next
/// challenge waits for the dead process; their next table then comes from the new one.
async fn a_button_on_screen_works(
    fake: &FakeDiscord,
    service: &MatchService,
    log: &Mutex<Log>,
    users: &HashMap<u64, User>,
    guild: u64,
) -> Option<bool> {
    let deadline = Instant::now() + Duration::from_secs(5);
    while Instant::now() < deadline {
        let matches = log.lock().unwrap().matches.clone();
        for m in matches.into_iter().rev() {
            let Ok(meta) = service.meta(MatchId(m)).await else {
                continue;
            };
            let player = meta.players().find_map(|(_, u)| users.get(&u.snowflake()));
            let (Some(player), Some(table)) = (player, random::table_of(fake, m)) else {
                continue;
            };
            if meta.guild_id.snowflake() != guild || meta.is_finished() {
                continue;
            }
            let hand = table
                .custom_ids()
                .into_iter()
                .find(|c| c.ends_with(":hand"))
                .unwrap();
            for _ in 0..10 {
                if fake.try_click(player, &table, &hand, None).await.is_some() {
                    return Some(true);
                }
                tokio::time::sleep(Duration::from_millis(300)).await;
            }
            return Some(false);
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    None
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_one_postgres_database_killed_at_random_moments_lose_and_double_nothing() {
    let Ok(server) = std::env::var("MOMOJAN_TEST_POSTGRES") else {
        eprintln!("skipped: MOMOJAN_TEST_POSTGRES is not set (see README, PostgreSQL tests)");
        return;
    };
    let started = Instant::now();
    let db = fresh_postgres_database_on(&server);
    let service = MatchService::open(&db, momojan::clock::Clock::system())
        .await
        .unwrap();
    let places = places();
    random::set_turn_time(&db, places[1].0, SHORT_TURN_SECS).await;
    let fake = Arc::new(FakeDiscord::start().await);
    for (guild, channel) in places {
        if guild != GUILD_ID {
            fake.add_guild(guild);
            fake.add_channel(guild, channel);
        }
    }
    // One rate-limit bucket per shard: each restart waits for its own shard's pace only.
    fake.set_gateway_bot(2, 2);
    fake.pace_identifies();
    let dir = tempfile::tempdir().unwrap();
    let mut processes = Vec::new();
    for shard in 0..2 {
        processes.push(start_shard(&fake, &db, dir.path(), shard).await);
    }
    fake.wait_ready().await;

    let stop = Arc::new(AtomicBool::new(false));
    let log = Arc::new(Mutex::new(Log::default()));
    let (kill_tx, mut kill_rx) = mpsc::unbounded_channel();
    let mut users = HashMap::new();
    let mut players = Vec::new();
    for (i, seats) in tables().into_iter().enumerate() {
        for u in seats.humans() {
            users.insert(u.id, u.clone());
        }
        let short = shard_of(seats.guild(), 2) == 1;
        let play = RandomPlay {
            fake: fake.clone(),
            service: service.clone(),
            stop: stop.clone(),
            kill: kill_tx.clone(),
            log: log.clone(),
            seed: 20 + i as u64,
            idle: short.then(|| Duration::from_secs(SHORT_TURN_SECS as u64 + 1)),
            seats,
        };
        players.push(tokio::spawn(play.run()));
    }

    let mut rng = StdRng::seed_from_u64(2027);
    let mut kills = [0; 2];
    let (mut buttons_working, mut buttons_tried) = (0, 0);
    for kill in 0..KILLS {
        // Each process in turn, at a random moment or one a player asked for in its guild
        // (right after an accept or an answer).
        let shard = (kill % 2) as u32;
        let wait = tokio::time::sleep(Duration::from_millis(rng.random_range(300..1500)));
        tokio::pin!(wait);
        loop {
            tokio::select! {
                _ = &mut wait => break,
                Some(guild) = kill_rx.recv() => if shard_of(guild, 2) == shard { break },
            }
        }
        let process = &mut processes[shard as usize];
        process.bot.kill();
        fake.forget_waits();
        kills[shard as usize] += 1;
        // Discord's pace: the shard's bucket takes one IDENTIFY per 5 s.
        let paced = IDENTIFY_WINDOW + Duration::from_millis(300);
        if let Some(left) = paced.checked_sub(process.identified.elapsed()) {
            tokio::time::sleep(left).await;
        }
        *process = start_shard(&fake, &db, dir.path(), shard).await;
        let guild = places[process.shard as usize].0;
        if let Some(worked) = a_button_on_screen_works(&fake, &service, &log, &users, guild).await {
            buttons_tried += 1;
            buttons_working += usize::from(worked);
        }
        while kill_rx.try_recv().is_ok() {}
    }
    stop.store(true, Ordering::SeqCst);
    for p in players {
        tokio::time::timeout(Duration::from_secs(60), p)
            .await
            .expect("the players finish")
            .unwrap();
    }
    // The 2-second turns would go on timing out: every match is ended first.
    random::finish_and_settle(&fake, &service, &tables()).await;
    let played = started.elapsed();

    let log = std::mem::take(&mut *log.lock().unwrap());
    let counted = random::check_everything_stored_once(&fake, &service, &log).await;
    let mut fours = 0;
    for &m in &log.matches {
        let meta = service.meta(momojan::service::MatchId(m)).await.unwrap();
        fours += usize::from(meta.seats.len() == 4 && meta.version > 0);
    }
    service.close().await;
    let check_db = std::process::Command::new(env!("CARGO_BIN_EXE_momojan"))
        .args(["check-db", "--database-url", &db])
        .output()
        .unwrap();
    assert!(
        check_db.status.success(),
        "check-db: {}",
        String::from_utf8_lossy(&check_db.stdout)
    );
    drop(processes);
    println!(
        "shard kill test: {KILLS} kills (shard 0: {}, shard 1: {}) in {played:?}, {} matches \
         ({} finished), {} answered clicks ({} unanswered, {} deferred), {} events, {} \
         timeouts, {} computer moves, a button on screen answered after {buttons_working} of \
         {buttons_tried} restarts with one (of {KILLS}), {fours} matches at four seats, {} \
         protocol violations, {} IDENTIFY pace violations",
        kills[0],
        kills[1],
        counted.matches,
        counted.finished,
        log.answered.len(),
        log.unanswered_actions,
        log.deferred_actions,
        counted.events,
        counted.timeouts,
        counted.computer_moves,
        fake.violations().len(),
        fake.identify_violations(),
    );
    assert_eq!(
        buttons_working, buttons_tried,
        "buttons on screen work after a restart"
    );
    assert!(
        buttons_tried >= KILLS / 2,
        "tables on screen at {buttons_tried} restarts"
    );
    assert!(counted.timeouts >= 1, "turns timed out: {counted:?}");
    assert!(
        counted.computer_moves >= 1,
        "the computer moved: {counted:?}"
    );
    assert!(log.answered.len() >= 40, "enough play: {counted:?}");
    assert!(fours >= 1, "the table of four played");
    fake.assert_no_violations();
    assert_eq!(
        fake.identify_violations(),
        0,
        "IDENTIFYs kept Discord's pace"
    );
}
