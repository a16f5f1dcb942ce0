//! `momojan migrate-db`: a SQLite database holding finished and running matches (MOMOJAN and
//! practice), players, a closed season, settings, a pending outbox entry and a tournament whose
//! round is seated is copied into an empty PostgreSQL database; the target verifies, a second
//! copy is refused, the tournament's tables start there, and the running match is played to
//! its end on PostgreSQL through the bot. Needs `MOMOJAN_TEST_POSTGRES`.

use momojan::games::registry::Momojan;
use std::process::Command;
use std::time::Duration;

use crate::fake_discord::players::*;
use crate::fake_discord::{FakeDiscord, APP_ID, CHANNEL_ID, GUILD_ID};
use crate::upgrade::{old_database, play_to_end};
use momojan::games::interface::Level;
use momojan::i18n::Lang;
use momojan::service::{ChannelId, GuildId, MatchId, MatchService, SettingsChange, UserId};
use momojan::store::Store;

async fn counts(url: &str) -> Vec<(String, i64)> {
    let store = Store::open(url).await.unwrap();
    let mut out = Vec::new();
    for table in momojan::store::TABLES {
        out.push((table.to_string(), store.count_rows(table).await.unwrap()));
    }
    store.close().await;
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sqlite_database_moves_to_postgres_and_its_running_match_goes_on_there() {
    let Ok(server) = std::env::var("MOMOJAN_TEST_POSTGRES") else {
        eprintln!("skipped: MOMOJAN_TEST_POSTGRES is not set (see README, PostgreSQL tests)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let from = old_database(&dir);
    // Everything the store keeps, beside the fixture's two matches and their players.
    let source = MatchService::open(&from, momojan::clock::Clock::system())
        .await
        .unwrap();
    let guild = GuildId(GUILD_ID as i64);
    let change = SettingsChange {
        turn_time: Some(120),
        ..SettingsChange::default()
    };
    source.change_settings(guild, &change).await.unwrap();
    source
        .close_season(guild, UserId(alice().id as i64))
        .await
        .unwrap();
    let practice = source
        .create_practice(
            guild,
            ChannelId(CHANNEL_ID as i64 + 7),
            UserId(4242),
            UserId(APP_ID as i64),
            Level::Easy,
            Lang::En,
        )
        .await
        .unwrap();
    // An event whose sign-up closed: its tables are started on PostgreSQL.
    let event = source
        .create_tournament(&momojan::service::NewEvent {
            guild,
            channel: ChannelId(CHANNEL_ID as i64),
            organiser: UserId(alice().id as i64),
            name: "Migrated cup".into(),
            game: None,
            seats: Some(2),
            rounds: 1,
            format: momojan::store::TournamentFormat::Swiss,
            filler: momojan::store::TournamentFiller::Computers,
            grace: None,
            rolling: None,
            guild_locale: None,
            switches: None,
        })
        .await
        .unwrap();
    for (user, join) in [(4301, 1), (4302, 2), (4303, 3)] {
        source
            .tournament_click(event.id, UserId(user), "", Some(join))
            .await
            .unwrap();
    }
    source
        .close_tournament(ChannelId(CHANNEL_ID as i64), UserId(alice().id as i64))
        .await
        .unwrap();
    source.set_highlights_off(UserId(4301), true).await.unwrap();
    source.close().await;
    let before = counts(&from).await;
    // Every table has rows but the practice records and the highlights (stored with a
    // finished game's result; `migrate_db_copies_every_table_of_the_schema` copies them).
    assert!(
        before
            .iter()
            .all(|(t, n)| *n > 0 || t == "practice_records" || t == "highlights"),
        "{before:?}"
    );

    let to = crate::fake_discord::players::fresh_postgres_database_on(&server);
    let run = |from: &str, to: &str| {
        Command::new(env!("CARGO_BIN_EXE_momojan"))
            .args(["migrate-db", "--from", from, "--to", to])
            .output()
            .unwrap()
    };
    let out = run(&from, &to);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for (table, n) in &before {
        assert!(
            stdout.contains(&format!("{table}: {n} rows")),
            "{table}: {stdout}"
        );
    }
    assert!(stdout.contains("3 matches, 0 inconsistent"), "{stdout}");
    assert_eq!(counts(&to).await, before);
    // A target that holds data is refused, and left as it was.
    let again = run(&from, &to);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("not empty"));
    assert_eq!(counts(&to).await, before);

    // The bot on PostgreSQL: the pending outbox entry opens the practice table, and the
    // running match is played to its end.
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &to).await;
    fake.wait_ready().await;
    let practice_prefix = format!("mj:{}:", practice.meta.id);
    fake.wait_for("the practice table", Duration::from_secs(15), |f| {
        f.all_messages().iter().any(|m| {
            m.custom_ids()
                .iter()
                .any(|c| c.starts_with(&practice_prefix))
        })
    })
    .await;
    fake.wait_for("the running match's table", Duration::from_secs(15), |f| {
        f.all_messages()
            .iter()
            .any(|m| m.custom_ids().iter().any(|c| c.starts_with("mj:2:")))
    })
    .await;
    fake.wait_for("the event's tables", Duration::from_secs(15), |f| {
        f.all_messages()
            .iter()
            .filter(|m| m.text().starts_with("🏆 **Migrated cup**, round 1"))
            .count()
            == 2
    })
    .await;
    assert!(play_to_end(&fake, &to, MatchId(2)).await > 0);
    bot.stop().await;
    fake.assert_no_violations();
    let service = MatchService::open(&to, momojan::clock::Clock::system())
        .await
        .unwrap();
    for id in [MatchId(1), MatchId(2), practice.meta.id] {
        service.verify_match(id).await.unwrap();
    }
    // New rows get new ids after the copied ones.
    assert!(service
        .load::<Momojan>(MatchId(2))
        .await
        .unwrap()
        .meta
        .is_finished());
    service.close().await;
}
