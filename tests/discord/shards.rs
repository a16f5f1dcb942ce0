//! Discord's sharding: the bot runs a range of shards (`--shards A-B --shard-total N`), each
//! guild's interactions reach only the process that runs its shard, and the fake Discord
//! routes by `(guild_id >> 22) % num_shards` and paces IDENTIFYs as Discord does.

use std::time::Duration;

use crate::fake_discord::players::*;
use crate::fake_discord::{shard_of, FakeDiscord, GUILD_ID};
use momojan::discord::ShardRange;
use momojan::service::{GuildId, MatchService, SettingsChange};
use serde_json::json;

/// A guild on the other shard of two from [`GUILD_ID`].
const OTHER_GUILD: u64 = GUILD_ID + (1 << 22);

/// Each bot's database says something different about each guild, so an answer tells which
/// process gave it: the turn time `secs[i]` for guild `i`.
async fn database_saying(dir: &tempfile::TempDir, name: &str, secs: [i64; 2]) -> String {
    let db = format!("sqlite://{}", dir.path().join(name).display());
    let service = MatchService::open(&db, momojan::clock::Clock::system())
        .await
        .unwrap();
    for (guild, turn) in [GUILD_ID, OTHER_GUILD].into_iter().zip(secs) {
        let change = SettingsChange {
            turn_time: Some(turn),
            ..SettingsChange::default()
        };
        service
            .change_settings(GuildId(guild as i64), &change)
            .await
            .unwrap();
    }
    service.close().await;
    db
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bots_with_a_shard_each_serve_their_own_guilds_only() {
    assert_ne!(shard_of(GUILD_ID, 2), shard_of(OTHER_GUILD, 2));
    let fake = FakeDiscord::start().await;
    fake.add_guild(OTHER_GUILD);
    fake.set_gateway_bot(2, 1);
    fake.pace_identifies();
    let dir = tempfile::tempdir().unwrap();
    let mut bots = Vec::new();
    for (shard, name, secs) in [(0, "zero.db", [111, 333]), (1, "one.db", [222, 444])] {
        let db = database_saying(&dir, name, secs).await;
        let mut config = test_config(&fake, &db);
        config.shards = Some(ShardRange::parse(&shard.to_string(), 2).unwrap());
        bots.push(start_bot_with(config).await);
    }
    // Both processes start at once: serenity paces the shards of one process, not of two, so
    // the second IDENTIFY in the one bucket (max_concurrency 1) is refused and retried.
    fake.wait_for("both shards identified", Duration::from_secs(30), |f| {
        let shards = f.identified_shards();
        shards.contains(&0) && shards.contains(&1)
    })
    .await;
    fake.wait_ready().await;
    eprintln!(
        "identifies by shard {:?}, violations {}",
        fake.identified_shards(),
        fake.identify_violations()
    );
    assert!(
        fake.identify_violations() >= 1,
        "two processes starting together collide without a shared pace"
    );
    // Each guild is answered by the process running its shard, from that process's database.
    let config = |text: String, secs: i64| {
        assert!(text.contains(&format!("{secs} s")), "{secs}: {text}");
    };
    let on_other = fake
        .slash_in(OTHER_GUILD, &alice(), "config", json!([]))
        .await
        .unwrap_or_else(|| {
            panic!(
                "the other guild's shard answers: {:?} {:?}",
                fake.violations(),
                fake.requests().iter().rev().take(5).collect::<Vec<_>>()
            )
        });
    let own = shard_of(OTHER_GUILD, 2) as usize;
    config(on_other.content(), [333, 444][own]);
    let on_main = fake.slash(&alice(), "config", json!([]), false).await;
    config(on_main.content(), [111, 222][1 - own]);
    for bot in bots {
        bot.stop().await;
    }
    fake.assert_no_violations();
}

#[test]
fn shards_on_a_sqlite_database_or_out_of_range_are_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_momojan"))
            .arg("run")
            .args(args)
            .env("DISCORD_TOKEN", "not-a-real-token")
            .env(
                "DATABASE_URL",
                format!("sqlite://{}", dir.path().join("bot.db").display()),
            )
            .env("MOMOJAN_DISCORD_API_BASE", "http://127.0.0.1:9")
            .output()
            .unwrap()
    };
    let sqlite = run(&["--shards", "0-1", "--shard-total", "4"]);
    assert_eq!(sqlite.status.code(), Some(2));
    let err = String::from_utf8_lossy(&sqlite.stderr);
    assert_eq!(
        err.trim(),
        "momojan: --shards needs a PostgreSQL DATABASE_URL: a SQLite file belongs to one process"
    );
    assert!(!dir.path().join("bot.db").exists(), "nothing was opened");
    let reversed = run(&["--shards", "3-1", "--shard-total", "4"]);
    assert_eq!(reversed.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&reversed.stderr).contains("A <= B < --shard-total"));
    let alone = run(&["--shards", "0-1"]);
    assert_eq!(alone.status.code(), Some(2), "--shards needs --shard-total");
}

/// Two processes on one PostgreSQL database take turns starting their shards (an advisory
/// lock held while each starts its range), so Discord's IDENTIFY pace holds across them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bots_on_one_postgres_database_take_turns_identifying() {
    let Ok(server) = std::env::var("MOMOJAN_TEST_POSTGRES") else {
        eprintln!("skipped: MOMOJAN_TEST_POSTGRES is not set (see README, PostgreSQL tests)");
        return;
    };
    let db = crate::fake_discord::players::fresh_postgres_database_on(&server);
    let fake = FakeDiscord::start().await;
    fake.add_guild(OTHER_GUILD);
    fake.set_gateway_bot(2, 1);
    fake.pace_identifies();
    let mut bots = Vec::new();
    for shard in 0..2 {
        let mut config = test_config(&fake, &db);
        config.shards = Some(ShardRange::parse(&shard.to_string(), 2).unwrap());
        bots.push(start_bot_with(config).await);
    }
    fake.wait_for("both shards identified", Duration::from_secs(30), |f| {
        let shards = f.identified_shards();
        shards.contains(&0) && shards.contains(&1)
    })
    .await;
    assert_eq!(fake.identify_violations(), 0, "the processes took turns");
    fake.wait_ready().await;
    // Each guild is answered (by its shard's process).
    for guild in [GUILD_ID, OTHER_GUILD] {
        let answer = fake
            .slash_in(guild, &alice(), "config", json!([]))
            .await
            .expect("answered");
        assert!(
            answer.content().contains("Turn time"),
            "{}",
            answer.content()
        );
    }
    for bot in bots {
        bot.stop().await;
    }
    fake.assert_no_violations();
}
