//! PostgreSQL stopped while matches are being played, and started again: clicks meanwhile
//! are told, in the player's language, that the database cannot be reached; nothing is half
//! applied; and the bot works again without a restart (clicks are applied, the computer and
//! the outbox resume).

use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use momojan::i18n::{tr, Lang};
use momojan::service::{MatchId, MatchService, Origin};
use rand::rngs::StdRng;
use rand::SeedableRng;

use crate::fake_discord::players::{fresh_postgres_database_on, start_bot};
use crate::fake_discord::random_players::{self as random, Click, Log, Seats};
use crate::fake_discord::{FakeDiscord, User, GUILD_ID};

/// A throwaway PostgreSQL cluster of this test's own (`scripts/pg-cluster.sh`), so stopping
/// it disturbs no other test; stopped and deleted when dropped.
struct Cluster {
    dir: String,
    url: String,
}

impl Cluster {
    fn script(command: &str, dir: Option<&str>) -> String {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/pg-cluster.sh");
        let mut run = Command::new(script);
        run.arg(command);
        if let Some(dir) = dir {
            run.env("PG_CLUSTER_DIR", dir);
        }
        let out = run.output().expect("scripts/pg-cluster.sh runs");
        assert!(
            out.status.success(),
            "pg-cluster.sh {command}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    fn start() -> Cluster {
        let exports = Cluster::script("start", None);
        let value = |name: &str| {
            exports
                .lines()
                .find_map(|l| l.strip_prefix(&format!("export {name}=")))
                .unwrap_or_else(|| panic!("{name} in {exports}"))
                .to_string()
        };
        Cluster {
            dir: value("PG_CLUSTER_DIR"),
            url: value("MOMOJAN_TEST_POSTGRES"),
        }
    }

    /// `pg_ctl stop -m fast` (sessions are ended, transactions rolled back), or start again.
    async fn switch(&self, command: &'static str) {
        let dir = self.dir.clone();
        tokio::task::spawn_blocking(move || Cluster::script(command, Some(&dir)))
            .await
            .unwrap();
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        Cluster::script("stop", Some(&self.dir));
    }
}

/// How long a click may wait for the database, and a margin.
const REACH: Duration = Duration::from_millis(2500);

/// One click and when it was sent.
struct Clicked {
    sent: Instant,
    user: User,
    click: Click,
}

/// Plays random moves at `seats`' match until `stop`, recording every click. It looks its
/// match up (or starts one) only when nobody could act, and not during the `outage` (the
/// lookup reads the database): it keeps clicking the table it has. After the outage it
/// leaves its turn alone for `away` (which runs out the turn's 2 s).
async fn keep_clicking(
    fake: Arc<FakeDiscord>,
    service: MatchService,
    (seats, away): (Seats, Duration),
    [stop, outage]: [Arc<AtomicBool>; 2],
    log: Arc<Mutex<Log>>,
) -> Vec<Clicked> {
    let mut rng = StdRng::seed_from_u64(seats.player.id);
    let (mut clicks, mut current, mut look) = (Vec::new(), None, true);
    let mut in_outage = false;
    while !stop.load(Ordering::SeqCst) {
        match (in_outage, outage.load(Ordering::SeqCst)) {
            (false, true) => in_outage = true,
            (true, false) => {
                in_outage = false;
                tokio::time::sleep(away).await;
            }
            _ => {}
        }
        if look && !outage.load(Ordering::SeqCst) {
            current = random::active_match(&service, &seats).await;
            match current {
                Some(found) => log.lock().unwrap().saw_match(found),
                None => {
                    random::start_match(&fake, &seats, None).await;
                    continue;
                }
            }
        }
        let Some(match_id) = current else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let sent = Instant::now();
        let click = random::play_one(&fake, match_id, &seats, &mut rng, &log).await;
        look = matches!(click, Click::Idle);
        if look {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let user = match &click {
            Click::Answered(user, _) => user.clone(),
            _ => seats.player.clone(),
        };
        clicks.push(Clicked { sent, user, click });
    }
    clicks
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_stopped_under_load_and_started_again_answers_clearly_and_loses_nothing() {
    if std::env::var("MOMOJAN_TEST_POSTGRES").is_err() {
        eprintln!("skipped: MOMOJAN_TEST_POSTGRES is not set (see README, PostgreSQL tests)");
        return;
    }
    let cluster = tokio::task::spawn_blocking(Cluster::start).await.unwrap();
    let db = fresh_postgres_database_on(&cluster.url);
    // Turns of 2 s: those that run out while the database is down are played by the turn
    // sweep once it is back.
    let store = momojan::store::Store::open(&db).await.unwrap();
    store.close().await;
    random::set_turn_time(&db, GUILD_ID, 2).await;
    let fake = Arc::new(FakeDiscord::start().await);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let service = MatchService::open(&db, momojan::clock::Clock::system())
        .await
        .unwrap();
    let carol = User::new(611_111_111_111_111_111, "carol").with_locale("ja");
    let tables = [
        (
            Seats::pair(
                User::new(53_908_232_506_183_680, "alice"),
                User::new(809_850_198_683_418_695, "bob"),
            ),
            Duration::ZERO,
        ),
        (Seats::practice(carol), Duration::from_secs(4)),
    ];
    let stop = Arc::new(AtomicBool::new(false));
    let outage = Arc::new(AtomicBool::new(false));
    let log = Arc::new(Mutex::new(Log::default()));
    let mut players = Vec::new();
    for seats in tables.clone() {
        let (fake, service, log) = (fake.clone(), service.clone(), log.clone());
        let flags = [stop.clone(), outage.clone()];
        players.push(tokio::spawn(keep_clicking(
            fake, service, seats, flags, log,
        )));
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    outage.store(true, Ordering::SeqCst);
    cluster.switch("down").await;
    let down = Instant::now();
    tokio::time::sleep(Duration::from_secs(5)).await;
    let up_from = Instant::now();
    // Taken before the server is back: nothing can be stored while it is down, and the turn
    // sweep may play a turn that ran out during the outage the moment it is up.
    let up_unix = momojan::clock::Clock::system().now();
    cluster.switch("up").await;
    let up = Instant::now();
    outage.store(false, Ordering::SeqCst);
    tokio::time::sleep(Duration::from_secs(6)).await;
    stop.store(true, Ordering::SeqCst);
    let mut clicks = Vec::new();
    for p in players {
        clicks.extend(p.await.unwrap());
    }

    // While it was down, every click was answered, in its player's language, that the
    // database cannot be reached (a click is given the pool's 2 s to find a connection; one
    // sent later may find the server back).
    let mut told = Vec::new();
    let answered_down = |c: &&Clicked| c.sent > down && c.sent + REACH < up_from;
    for c in clicks.iter().filter(answered_down) {
        let lang = Lang::from_discord(&c.user.locale);
        let Click::Answered(user, cb) = &c.click else {
            panic!("a click while the database was down: {:?}", c.click);
        };
        let text = random::answer_text(&fake, user, cb, Duration::from_secs(5)).await;
        let expected = tr(lang, "err-unreachable");
        assert_eq!(
            text.as_deref(),
            Some(expected.as_str()),
            "{lang:?}, {:?} after the stop: {}",
            c.sent - down,
            cb.body
        );
        told.push(lang);
    }
    assert!(
        told.contains(&Lang::En) && told.contains(&Lang::Ja),
        "clicks of both languages' players while the database was down: {told:?}"
    );
    // No click was told that something went wrong on the bot's side.
    for m in fake.all_messages() {
        for lang in [Lang::En, Lang::Ja] {
            assert_ne!(m.content, tr(lang, "err-internal"));
        }
    }
    // Once it is back, clicks are applied again.
    let applied_after = clicks
        .iter()
        .filter(|c| c.sent > up && matches!(c.click, Click::Applied))
        .count();
    assert!(
        applied_after >= 3,
        "clicks applied after the restart: {applied_after}"
    );

    // The 2-second turns would go on timing out: every match is ended first.
    let seats: Vec<Seats> = tables.iter().map(|(seats, _)| seats.clone()).collect();
    random::finish_and_settle(&fake, &service, &seats).await;
    let log = std::mem::take(&mut *log.lock().unwrap());
    let counted = random::check_everything_stored_once(&fake, &service, &log).await;
    // The computer moved and turns timed out again after the restart (its sweep and its
    // follow-ups, and the turn sweep, resumed).
    let (mut computer_after, mut timeouts_after) = (0, 0);
    for &m in &log.matches {
        let events = service
            .store()
            .event_log::<momojan::games::momojan::Momojan>(MatchId(m))
            .await
            .unwrap();
        computer_after += events
            .iter()
            .filter(|e| e.origin == Origin::Computer && e.created_at >= up_unix)
            .count();
        // A third timeout in a row at a table of two is the forfeit.
        timeouts_after += events
            .iter()
            .filter(|e| matches!(e.origin, Origin::Timeout | Origin::Forfeit))
            .filter(|e| e.created_at >= up_unix)
            .count();
    }
    assert!(computer_after >= 1, "the computer moved after the restart");
    assert!(timeouts_after >= 1, "turns timed out after the restart");
    println!(
        "database outage: {} clicks told the database cannot be reached, {applied_after} \
         applied after it was back, {computer_after} computer moves and {timeouts_after} \
         timeout moves after; {counted:?}",
        told.len()
    );
    service.close().await;
    bot.stop().await;
    fake.assert_no_violations();
}
