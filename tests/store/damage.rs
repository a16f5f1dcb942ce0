//! Damaged rows: every JSON and enum column, damaged with SQL behind the store's back, is
//! reported as `StoreError::Corrupt` naming its table, row and column by the use case that
//! reads it — never replaced by a default, never written back — and the row is unchanged.
//! Also: a challenge accepted while the match cannot be created stays pending.

use momojan::games::registry::Momojan;
use momojan::service::{
    ChallengeAnswer, ChallengeRefusal, ChannelId, GuildId, MatchId, MatchService, Named,
    NewChallenge, ServiceError, SettingsChange, StoreError, UserId,
};

use super::backend::TestDb;
use super::{new_match, started, ALICE, BOB, GUILD};

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

/// A fresh store on a new database of the same backend as `like`, with one finished game
/// between Alice and Bob (match 1).
async fn with_a_game(like: &TestDb) -> (TestDb, MatchService) {
    let db = like.fresh().await;
    let (service, id, _) = started(db.open().await, 9).await;
    service.resign::<Momojan>(id, ALICE, None).await.unwrap();
    (db, service)
}

on_both! {
async fn every_damaged_match_column_is_reported_by_name_and_left_as_it_was(like) {
    let short_seed = like.blob("0102");
    let seed_hex = format!("SELECT {} FROM matches", like.hex("seed"));
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
        ("matches", "seed", short_seed.as_str(), seed_hex.as_str()),
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
        (
            "match_seats",
            "auto",
            "8",
            "SELECT CAST(auto AS TEXT) FROM match_seats WHERE seat = 0",
        ),
    ] {
        let (db, service) = with_a_game(&like).await;
        db.damage(&format!("UPDATE {table} SET {column} = {bad}")).await;
        let damaged = db.text(select).await;
        assert_corrupt(service.load::<Momojan>(MatchId(1)).await, table, column);
        assert_corrupt(service.resign::<Momojan>(MatchId(1), BOB, None).await, table, column);
        assert!(service.verify_match(MatchId(1)).await.is_err());
        assert_eq!(db.text(select).await, damaged, "{column} left as it was");
        // Nothing else breaks: a new match is created and played beside the damaged one.
        let (id, _) = service.create_match(&new_match()).await.unwrap();
        service.resign::<Momojan>(id, BOB, None).await.unwrap();
        service.verify_match(id).await.unwrap();
    }
}
}

on_both! {
async fn damaged_log_and_ledger_rows_are_reported_by_verify(like) {
    for (table, column, bad) in [
        ("match_events", "action", "'{\"type\":\"fly\"}'"),
        ("match_events", "events", "'not json'"),
        ("match_events", "origin", "'ghost'"),
        ("match_events", "seat", "4"),
        ("ledger", "reason", "'bribe'"),
        ("ledger", "from_party", "'2'"),
        ("ledger", "to_party", "'house'"),
    ] {
        let (db, service) = with_a_game(&like).await;
        db.damage(&format!("UPDATE {table} SET {column} = {bad}")).await;
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
}

on_both! {
async fn damaged_player_counts_are_reported_and_never_overwritten(like) {
    for (column, bad) in [
        ("yaku_counts", "'not json'"),
        ("yaku_counts", "'{\"dragon\":1}'"),
        ("best_hand_yaku", "'riichi,dragon'"),
    ] {
        let (db, service) = with_a_game(&like).await;
        db.damage(&format!("UPDATE players SET {column} = {bad}")).await;
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
        assert_corrupt(service.resign::<Momojan>(id, ALICE, None).await, "players", column);
        let kept = db
            .text(&format!(
                "SELECT {column} FROM players WHERE user_id = {}",
                ALICE.0
            ))
            .await;
        assert_eq!(format!("'{kept}'"), bad);
        assert!(
            !service.load::<Momojan>(id).await.unwrap().meta.is_finished(),
            "nothing half-applied"
        );
    }
}
}

on_both! {
async fn damaged_settings_are_reported_and_a_change_does_not_save_over_them(like) {
    for (column, bad) in [
        ("locale", "'fr'"),
        ("game_options", "'{bad'"),
        // Another game's id, and a game's options that are not its type.
        ("game_options", "'{\"chess\": {}}'"),
        ("game_options", "'{\"shogi\": {\"yaku_han\": 3}}'"),
    ] {
        let db = like.fresh().await;
        let service = MatchService::new(db.open().await);
        let change = SettingsChange {
            turn_time: Some(60),
            ..SettingsChange::default()
        };
        service.change_settings(GUILD, &change).await.unwrap();
        db.damage(&format!("UPDATE guild_settings SET {column} = {bad}"))
            .await;
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
        let kept = db
            .text(&format!("SELECT {column} FROM guild_settings"))
            .await;
        assert_eq!(format!("'{kept}'"), bad, "not saved over");
        let turn = db
            .text("SELECT CAST(turn_timeout_secs AS TEXT) FROM guild_settings")
            .await;
        assert_eq!(turn, "60");
    }
}
}

fn challenge_of(guild: GuildId) -> NewChallenge {
    NewChallenge {
        guild,
        channel: ChannelId(20),
        challenger: Named::new(ALICE, ""),
        opponents: vec![Named::new(BOB, "")],
        game: None,
        watchable: true,
    }
}

on_both! {
async fn a_damaged_challenge_status_is_reported(db) {
    let service = MatchService::new(db.open().await);
    let posted = service
        .create_challenge(&challenge_of(GUILD), None)
        .await
        .unwrap();
    db.damage("UPDATE challenges SET status = 'maybe'").await;
    assert_corrupt(
        service.answer_challenge(posted.challenge.id, BOB, true, None).await,
        "challenges",
        "status",
    );
    assert_eq!(db.text("SELECT status FROM challenges").await, "maybe");
}
}

on_both! {
async fn a_challenge_accepted_while_the_match_cannot_be_created_stays_pending_and_can_be_retried(db) {
    let service = MatchService::new(db.open().await);
    let posted = service
        .create_challenge(&challenge_of(GUILD), None)
        .await
        .unwrap();
    // Inject the failure: creating any match fails.
    db.refuse_inserts("matches", "ABORT", "injected").await;
    let failed = service.answer_challenge(posted.challenge.id, BOB, true, None).await;
    assert!(matches!(failed, Err(ServiceError::Store(_))), "{failed:?}");
    assert_eq!(db.text("SELECT status FROM challenges").await, "pending");
    assert_eq!(
        db.text("SELECT CAST(count(*) AS TEXT) FROM matches").await,
        "0"
    );
    db.allow("matches").await;
    match service.answer_challenge(posted.challenge.id, BOB, true, None).await {
        Ok(ChallengeAnswer::Accepted { meta, .. }) => {
            let players: Vec<UserId> = meta.players().map(|(_, u)| u).collect();
            assert_eq!(players, [ALICE, BOB]);
        }
        other => panic!("the retried accept starts the match: {other:?}"),
    }
    assert_eq!(db.text("SELECT status FROM challenges").await, "accepted");
    assert!(matches!(
        service.answer_challenge(posted.challenge.id, BOB, true, None).await,
        Err(ServiceError::Challenge(ChallengeRefusal::Closed))
    ));
    let stranger = service
        .answer_challenge(posted.challenge.id, UserId(5), true, None)
        .await;
    assert!(matches!(
        stranger,
        Err(ServiceError::Challenge(ChallengeRefusal::NotYours { .. }))
    ));
}
}
