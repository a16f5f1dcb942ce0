//! Damaged rows: every JSON and enum column, damaged with SQL behind the store's back, is
//! reported as `StoreError::Corrupt` naming its table, row and column by the use case that
//! reads it — never replaced by a default, never written back — and the row is unchanged.
//! Also: a challenge accepted while the match cannot be created stays pending.

use momojan::service::{
    ChallengeAnswer, ChallengeRefusal, ChannelId, GuildId, MatchId, MatchService, NewChallenge,
    ServiceError, SettingsChange, StoreError, UserId,
};
use momojan::store::Store;
use sqlx::Connection;

use super::{new_match, url, ALICE, BOB, GUILD};

/// Runs SQL on the file through a connection of its own, with CHECK constraints off (as a
/// damaged disk or a hand edit would leave it).
async fn damage(db: &str, sql: &str) {
    let mut conn = sqlx::SqliteConnection::connect(db).await.unwrap();
    sqlx::query("PRAGMA ignore_check_constraints = ON")
        .execute(&mut conn)
        .await
        .unwrap();
    sqlx::query(sql).execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();
}

async fn read_text(db: &str, sql: &str) -> String {
    let mut conn = sqlx::SqliteConnection::connect(db).await.unwrap();
    let (value,): (String,) = sqlx::query_as(sql).fetch_one(&mut conn).await.unwrap();
    conn.close().await.unwrap();
    value
}

fn assert_corrupt<T: std::fmt::Debug>(result: Result<T, ServiceError>, table: &str, column: &str) {
    match result {
        Err(ServiceError::Store(StoreError::Corrupt {
            table: t,
            column: c,
            ..
        })) if t == table && c == column => {}
        other => panic!("expected {table}.{column} to be reported damaged, got {other:?}"),
    }
}

/// A fresh store with one finished game between Alice and Bob (match 1).
async fn with_a_game() -> (tempfile::TempDir, String, MatchService) {
    let dir = tempfile::tempdir().unwrap();
    let db = url(&dir);
    let service = MatchService::new(Store::open(&db).await.unwrap());
    let (id, _) = service
        .create_match_with_seed(&new_match(), [9; 32])
        .await
        .unwrap();
    service.resign(id, ALICE, None).await.unwrap();
    (dir, db, service)
}

#[tokio::test]
async fn every_damaged_match_column_is_reported_by_name_and_left_as_it_was() {
    for (table, column, bad, select) in [
        (
            "matches",
            "status",
            "'paused'",
            "SELECT status FROM matches",
        ),
        (
            "matches",
            "end_reason",
            "'gave up'",
            "SELECT end_reason FROM matches",
        ),
        (
            "matches",
            "rule_options",
            "'{bad'",
            "SELECT rule_options FROM matches",
        ),
        ("matches", "locale", "'fr'", "SELECT locale FROM matches"),
        ("matches", "game", "'chess'", "SELECT game FROM matches"),
        (
            "matches",
            "seed",
            "x'0102'",
            "SELECT hex(seed) FROM matches",
        ),
        (
            "matches",
            "first_dealer",
            "7",
            "SELECT CAST(first_dealer AS TEXT) FROM matches",
        ),
        (
            "matches",
            "winner_seat",
            "-1",
            "SELECT CAST(winner_seat AS TEXT) FROM matches",
        ),
        ("snapshots", "state", "'{}'", "SELECT state FROM snapshots"),
    ] {
        let (_dir, db, service) = with_a_game().await;
        damage(&db, &format!("UPDATE {table} SET {column} = {bad}")).await;
        let damaged = read_text(&db, select).await;
        assert_corrupt(service.load(MatchId(1)).await, table, column);
        assert_corrupt(service.resign(MatchId(1), BOB, None).await, table, column);
        assert!(service.verify_match(MatchId(1)).await.is_err());
        assert_eq!(
            read_text(&db, select).await,
            damaged,
            "{column} left as it was"
        );
        // Nothing else breaks: a new match is created and played beside the damaged one.
        let (id, _) = service.create_match(&new_match()).await.unwrap();
        service.resign(id, BOB, None).await.unwrap();
        service.verify_match(id).await.unwrap();
    }
}

#[tokio::test]
async fn damaged_log_and_ledger_rows_are_reported_by_verify() {
    for (table, column, bad) in [
        ("match_events", "action", "'{\"type\":\"fly\"}'"),
        ("match_events", "events", "'not json'"),
        ("match_events", "origin", "'ghost'"),
        ("match_events", "seat", "4"),
        ("ledger", "reason", "'bribe'"),
        ("ledger", "from_party", "'2'"),
        ("ledger", "to_party", "'house'"),
    ] {
        let (_dir, db, service) = with_a_game().await;
        damage(&db, &format!("UPDATE {table} SET {column} = {bad}")).await;
        match service.verify_match(MatchId(1)).await {
            Err(momojan::service::VerifyError::Service(ServiceError::Store(
                StoreError::Corrupt {
                    table: t,
                    column: c,
                    ..
                },
            ))) => assert_eq!((t, c), (table, column)),
            other => panic!("{table}.{column}: {other:?}"),
        }
    }
}

#[tokio::test]
async fn damaged_player_counts_are_reported_and_never_overwritten() {
    for (column, bad) in [
        ("yaku_counts", "'not json'"),
        ("yaku_counts", "'{\"dragon\":1}'"),
        ("best_hand_yaku", "'riichi,dragon'"),
    ] {
        let (_dir, db, service) = with_a_game().await;
        damage(&db, &format!("UPDATE players SET {column} = {bad}")).await;
        assert_corrupt(
            service
                .stats(
                    GUILD,
                    None,
                    momojan::games::registry::GameId::Momojan,
                    ALICE,
                )
                .await,
            "players",
            column,
        );
        // A new game between them cannot finish over the damaged row: it is refused and
        // the row keeps what it had.
        let (id, _) = service.create_match(&new_match()).await.unwrap();
        assert_corrupt(service.resign(id, ALICE, None).await, "players", column);
        let kept = read_text(
            &db,
            &format!("SELECT {column} FROM players WHERE user_id = {}", ALICE.0),
        )
        .await;
        assert_eq!(format!("'{kept}'"), bad);
        assert!(
            !service.load(id).await.unwrap().meta.is_finished(),
            "nothing half-applied"
        );
    }
}

#[tokio::test]
async fn damaged_settings_are_reported_and_a_change_does_not_save_over_them() {
    for (column, bad) in [("locale", "'fr'"), ("yaku_overrides", "'{bad'")] {
        let dir = tempfile::tempdir().unwrap();
        let db = url(&dir);
        let service = MatchService::new(Store::open(&db).await.unwrap());
        let change = SettingsChange {
            turn_time: Some(60),
            ..SettingsChange::default()
        };
        service.change_settings(GUILD, &change).await.unwrap();
        damage(&db, &format!("UPDATE guild_settings SET {column} = {bad}")).await;
        assert_corrupt(service.settings(GUILD).await, "guild_settings", column);
        let change = SettingsChange {
            turn_time: Some(90),
            ..SettingsChange::default()
        };
        assert_corrupt(
            service.change_settings(GUILD, &change).await,
            "guild_settings",
            column,
        );
        let kept = read_text(&db, &format!("SELECT {column} FROM guild_settings")).await;
        assert_eq!(format!("'{kept}'"), bad, "not saved over");
        let turn = read_text(
            &db,
            "SELECT CAST(turn_timeout_secs AS TEXT) FROM guild_settings",
        )
        .await;
        assert_eq!(turn, "60");
    }
}

fn challenge_of(guild: GuildId) -> NewChallenge {
    NewChallenge {
        guild,
        channel: ChannelId(20),
        challenger: ALICE,
        opponent: BOB,
        opponent_is_bot: false,
        names: Default::default(),
    }
}

#[tokio::test]
async fn a_damaged_challenge_status_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let db = url(&dir);
    let service = MatchService::new(Store::open(&db).await.unwrap());
    let posted = service
        .create_challenge(&challenge_of(GUILD), None)
        .await
        .unwrap();
    damage(&db, "UPDATE challenges SET status = 'maybe'").await;
    assert_corrupt(
        service.answer_challenge(posted.id, BOB, true, None).await,
        "challenges",
        "status",
    );
    assert_eq!(
        read_text(&db, "SELECT status FROM challenges").await,
        "maybe"
    );
}

#[tokio::test]
async fn a_challenge_accepted_while_the_match_cannot_be_created_stays_pending_and_can_be_retried() {
    let dir = tempfile::tempdir().unwrap();
    let db = url(&dir);
    let service = MatchService::new(Store::open(&db).await.unwrap());
    let posted = service
        .create_challenge(&challenge_of(GUILD), None)
        .await
        .unwrap();
    // Inject the failure: creating any match fails.
    damage(
        &db,
        "CREATE TRIGGER no_matches BEFORE INSERT ON matches BEGIN SELECT RAISE(ABORT, 'injected'); END",
    )
    .await;
    let failed = service.answer_challenge(posted.id, BOB, true, None).await;
    assert!(matches!(failed, Err(ServiceError::Store(_))), "{failed:?}");
    assert_eq!(
        read_text(&db, "SELECT status FROM challenges").await,
        "pending"
    );
    assert_eq!(
        read_text(&db, "SELECT CAST(count(*) AS TEXT) FROM matches").await,
        "0"
    );
    damage(&db, "DROP TRIGGER no_matches").await;
    match service.answer_challenge(posted.id, BOB, true, None).await {
        Ok(ChallengeAnswer::Accepted { loaded, .. }) => {
            assert_eq!(loaded.meta.players.to_array(), [ALICE, BOB]);
        }
        other => panic!("the retried accept starts the match: {other:?}"),
    }
    assert_eq!(
        read_text(&db, "SELECT status FROM challenges").await,
        "accepted"
    );
    assert!(matches!(
        service.answer_challenge(posted.id, BOB, true, None).await,
        Err(ServiceError::Challenge(ChallengeRefusal::Closed))
    ));
    let stranger = service
        .answer_challenge(posted.id, UserId(5), true, None)
        .await;
    assert!(matches!(
        stranger,
        Err(ServiceError::Challenge(ChallengeRefusal::NotYours { .. }))
    ));
}
