//! The real bot (serenity + poise) against the local fake Discord: start-up and command
//! registration, slash commands and buttons as simulated users, refusals, gateway drops.

use std::time::Duration;

use crate::fake_discord;
use crate::fake_discord::{FakeDiscord, User};
use momojan::discord::{run_bot, BotConfig};
use serde_json::json;
use tokio::sync::oneshot;

struct Running {
    fake: FakeDiscord,
    stop: Option<oneshot::Sender<()>>,
    bot: tokio::task::JoinHandle<()>,
    _dir: tempfile::TempDir,
}

impl Running {
    async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let _ = tokio::time::timeout(Duration::from_secs(10), &mut self.bot).await;
    }
}

async fn start() -> Running {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_test_writer()
        .try_init();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = BotConfig {
        token: "test-token-not-a-secret".into(),
        database_url: format!("sqlite://{}", dir.path().join("bot.db").display()),
        dev_guild_id: None,
        api_base: Some(fake.base.clone()),
        challenge_sweep: Duration::from_millis(200),
        timer_sweep: Duration::from_millis(100),
        clock: momojan::clock::Clock::system(),
        fixed_deal: None,
        registration_limit: Duration::from_secs(5),
        computer_pause: Duration::from_millis(30),
        computer_sweep: Duration::from_millis(300),
        hard_budget: Some(momojan::games::interface::Budget {
            samples: 4,
            time: None,
        }),
        shards: None,
        // Off: each test's bot would render and upload every face to its fresh fake; the
        // card-art tests (`card_art.rs`) turn it on.
        card_art: momojan::discord::CardArtConfig {
            enabled: false,
            ..Default::default()
        },
        rest: Default::default(),
    };
    let (stop, stopped) = oneshot::channel::<()>();
    let bot = tokio::spawn(async move {
        run_bot(config, async {
            let _ = stopped.await;
        })
        .await
        .expect("the bot runs");
    });
    fake.wait_ready().await;
    Running {
        fake,
        stop: Some(stop),
        bot,
        _dir: dir,
    }
}

fn alice() -> User {
    User::new(53_908_232_506_183_680, "alice")
}

fn bob() -> User {
    User::new(809_850_198_683_418_695, "bob")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_registers_its_commands_and_answers_a_slash_command_and_its_button() {
    let run = start().await;
    let commands = run.fake.commands();
    assert_eq!(commands.len(), 1);
    assert_eq!(commands[0]["name"], "momojan");

    let answer = run.fake.slash(&alice(), "ping", json!([]), false).await;
    assert_eq!(answer.kind(), 4, "a message response");
    assert!(answer.content().contains("Pong"));
    let message = run
        .fake
        .visible_to(&alice())
        .into_iter()
        .find(|m| m.text().contains("Pong"))
        .expect("alice sees the answer");
    let button = message.custom_ids()[0].clone();
    let click = run.fake.click(&alice(), &message, &button).await;
    assert_eq!(click.kind(), 7, "the click updates the message in place");
    let updated = run.fake.visible_to(&alice());
    assert!(updated.iter().any(|m| m.text().contains("Pong again")));
    run.fake.assert_no_violations();
    run.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_users_forged_ids_and_dms_get_clear_ephemeral_answers() {
    let run = start().await;
    run.fake.slash(&alice(), "ping", json!([]), false).await;
    let message = run.fake.visible_to(&alice()).pop().unwrap();
    let button = message.custom_ids()[0].clone();

    let third = run.fake.click(&bob(), &message, &button).await;
    assert!(third.is_ephemeral());
    assert!(
        third.content().contains("belongs to"),
        "{}",
        third.content()
    );

    for forged in [
        "",
        "garbage",
        "mj:1:2:fly",
        "mj:999:0:hand",
        "ping:x:y",
        &"x".repeat(100),
    ] {
        let answer = run.fake.click_raw(&bob(), &message, forged, None).await;
        assert!(answer.is_ephemeral(), "{forged}");
        assert!(!answer.content().is_empty(), "{forged} got no explanation");
    }
    // A well-formed id that is not on the message it came with is refused as forged, before
    // anything is looked up.
    let not_on_message = run
        .fake
        .click_raw(&bob(), &message, "mj:999:0:hand", None)
        .await;
    assert!(
        not_on_message.content().contains("not one the bot made"),
        "{}",
        not_on_message.content()
    );

    let dm = run.fake.slash(&alice(), "ping", json!([]), true).await;
    assert!(dm.is_ephemeral());
    assert!(dm.content().contains("server"), "{}", dm.content());
    run.fake.assert_no_violations();
    run.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_keeps_working_after_the_gateway_drops() {
    let run = start().await;
    run.fake.slash(&alice(), "ping", json!([]), false).await;
    let (identifies, resumes) = run.fake.sessions();
    run.fake.drop_gateway();
    run.fake
        .wait_for("the bot to come back", Duration::from_secs(20), |f| {
            let (i, r) = f.sessions();
            i + r > identifies + resumes
        })
        .await;
    let answer = run.fake.slash(&bob(), "ping", json!([]), false).await;
    assert!(answer.content().contains("Pong"));
    run.fake.assert_no_violations();
    run.stop().await;
}

#[test]
fn without_a_token_the_bot_says_so_in_one_line_and_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_momojan"))
        .arg("run")
        .current_dir(dir.path())
        .env_remove("DISCORD_TOKEN")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(".env.example"));
}

/// Starts `momojan run` as a service manager would, against `api_base`.
fn spawn_bot(dir: &tempfile::TempDir, api_base: &str) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_momojan"))
        .arg("run")
        .current_dir(dir.path())
        .env("DISCORD_TOKEN", "MTAx.fake.token")
        .env("MOMOJAN_DISCORD_API_BASE", api_base)
        .env("DATABASE_URL", crate::fake_discord::players::db_url(dir))
        .env_remove("DEV_GUILD_ID")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap()
}

/// Sends SIGTERM and returns the exit status and how long the process took to end.
fn terminate(child: &mut std::process::Child) -> (std::process::ExitStatus, Duration) {
    let sent = std::time::Instant::now();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return (status, sent.elapsed());
        }
        if sent.elapsed() > Duration::from_secs(20) {
            child.kill().unwrap();
            panic!("still running 20 s after SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn sigterm_stops_the_bot_within_five_seconds_while_discord_cannot_be_reached() {
    // A port nothing listens on: every connection is refused.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let dir = tempfile::tempdir().unwrap();
    let mut child = spawn_bot(&dir, &format!("http://127.0.0.1:{port}"));
    std::thread::sleep(Duration::from_secs(3));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the bot keeps trying while Discord is unreachable"
    );
    let (status, took) = terminate(&mut child);
    assert!(took < Duration::from_secs(5), "took {took:?}");
    assert_eq!(status.code(), Some(0), "{status:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn sigterm_stops_the_bot_within_five_seconds_during_a_reconnect() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut child = spawn_bot(&dir, &fake.base);
    fake.wait_ready().await;
    fake.drop_gateway();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (status, took) = tokio::task::spawn_blocking(move || terminate(&mut child))
        .await
        .unwrap();
    assert!(took < Duration::from_secs(5), "took {took:?}");
    assert_eq!(status.code(), Some(0), "{status:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_registration_that_fails_once_is_retried_and_the_bot_answers() {
    let fake = FakeDiscord::start().await;
    fake.fail("PUT", "/commands", 500, Some(1));
    let dir = tempfile::tempdir().unwrap();
    let db = crate::fake_discord::players::db_url(&dir);
    let bot = crate::fake_discord::players::start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let puts = fake
        .requests()
        .iter()
        .filter(|(m, p)| m == "PUT" && p.ends_with("/commands"))
        .count();
    assert_eq!(puts, 2, "one failure, one retry");
    let answer = fake.slash(&bob(), "ping", json!([]), false).await;
    assert!(answer.content().contains("Pong"));
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_registration_that_always_fails_ends_the_process_with_one_line() {
    let fake = FakeDiscord::start().await;
    fake.fail("PUT", "/commands", 500, None);
    let dir = tempfile::tempdir().unwrap();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_momojan"))
        .arg("run")
        .current_dir(dir.path())
        .env("DISCORD_TOKEN", "MTAx.fake.token")
        .env("MOMOJAN_DISCORD_API_BASE", &fake.base)
        .env("MOMOJAN_REGISTRATION_SECS", "3")
        .env("DATABASE_URL", crate::fake_discord::players::db_url(&dir))
        .env("RUST_LOG", "off")
        .env_remove("DEV_GUILD_ID")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    let out = tokio::task::spawn_blocking(move || child.wait_with_output().unwrap())
        .await
        .unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(out.status.code(), Some(1), "{:?}", out.status);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("register"), "{err}");
    let puts = fake
        .requests()
        .iter()
        .filter(|(m, p)| m == "PUT" && p.ends_with("/commands"))
        .count();
    assert!(puts >= 2, "retried before giving up ({puts} attempts)");
}

/// The bot's own handling time (interaction sent on the gateway → callback request received)
/// over 1,000 interactions from 20 users clicking at once, and REST calls per interaction.
/// Figures go to BENCHMARKS.md from
/// `cargo test --release --test discord handling_time_over -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "benchmark: cargo test --release --test discord handling_time_over -- --ignored --nocapture"]
async fn handling_time_over_a_thousand_interactions_from_twenty_users() {
    let run = start().await;
    let fake = std::sync::Arc::new(run.fake);
    let before = fake.request_count();
    let mut tasks = Vec::new();
    for u in 0..20u64 {
        let fake = fake.clone();
        tasks.push(tokio::spawn(async move {
            let user = User::new(900_000_000_000_000_000 + u, &format!("player{u}"));
            let first = fake.slash(&user, "ping", json!([]), false).await;
            let mut latencies = vec![first.latency];
            let mut message = fake
                .visible_to(&user)
                .into_iter()
                .find(|m| m.text().contains(&user.id.to_string()))
                .expect("the answer");
            for _ in 0..49 {
                let id = message.custom_ids()[0].clone();
                let cb = fake.click(&user, &message, &id).await;
                latencies.push(cb.latency);
                message = fake
                    .all_messages()
                    .into_iter()
                    .find(|m| m.id == message.id)
                    .expect("the message is still there");
            }
            latencies
        }));
    }
    let mut latencies = Vec::new();
    for t in tasks {
        latencies.extend(t.await.unwrap());
    }
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    let calls = fake.request_count() - before;
    println!(
        "handling time over {} interactions from 20 users: p50 {:?}, p99 {:?}, max {:?}; {:.2} REST calls per interaction",
        latencies.len(),
        at(0.5),
        at(0.99),
        at(1.0),
        calls as f64 / latencies.len() as f64
    );
    assert_eq!(latencies.len(), 1000);
    fake.assert_no_violations();
}

#[test]
fn the_fake_guild_is_a_guild_serenity_accepts() {
    let guild: Result<poise::serenity_prelude::Guild, _> =
        serde_json::from_value(fake_discord::guild_json());
    assert!(guild.is_ok(), "{guild:?}");
}
