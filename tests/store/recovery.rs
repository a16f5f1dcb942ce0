//! A write that SQLite itself rolls back (a full disk, an I/O error) leaves nothing behind,
//! and the next write works as soon as the fault is gone — without a restart.

use momojan::service::{MatchService, ServiceError};
use momojan::store::Store;
use sqlx::Connection;

use super::{new_match, url, user};

async fn run_sql(db: &str, sql: &str) {
    let mut conn = sqlx::SqliteConnection::connect(db).await.unwrap();
    sqlx::query(sql).execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();
}

#[tokio::test]
async fn after_writes_that_sqlite_rolled_back_the_next_write_works_without_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = url(&dir);
    let service = MatchService::new(Store::open(&db).await.unwrap());
    let (id, _) = service
        .create_match_with_seed(&new_match(), [5; 32])
        .await
        .unwrap();
    // RAISE(ROLLBACK) makes SQLite roll the whole transaction back by itself, as it does on
    // SQLITE_FULL or an I/O error in the middle of a write.
    run_sql(
        &db,
        "CREATE TRIGGER disk_full BEFORE INSERT ON match_events \
         BEGIN SELECT RAISE(ROLLBACK, 'database or disk is full'); END",
    )
    .await;
    for _ in 0..12 {
        let loaded = service.load(id).await.unwrap();
        let seat = loaded.game.game.to_act().unwrap();
        let action = loaded.game.game.legal_actions()[0];
        let refused = service
            .apply(id, user(seat), loaded.meta.version, action)
            .await;
        assert!(
            matches!(refused, Err(ServiceError::Store(_))),
            "{refused:?}"
        );
        assert_eq!(
            service.load(id).await.unwrap().meta.version,
            0,
            "nothing half-applied"
        );
    }
    run_sql(&db, "DROP TRIGGER disk_full").await;
    for step in 0..30 {
        let loaded = service.load(id).await.unwrap();
        let Some(seat) = loaded.game.game.to_act() else {
            break;
        };
        let action = loaded.game.game.legal_actions()[0];
        service
            .apply(id, user(seat), loaded.meta.version, action)
            .await
            .unwrap_or_else(|e| panic!("write {step} after the fault: {e}"));
    }
    service.verify_match(id).await.unwrap();
    // Refusals inside a transaction (a stale version) leave the connection usable too.
    for _ in 0..12 {
        let loaded = service.load(id).await.unwrap();
        if let Some(seat) = loaded.game.game.to_act() {
            let action = loaded.game.game.legal_actions()[0];
            let stale = service
                .apply(id, user(seat), loaded.meta.version - 1, action)
                .await;
            assert!(matches!(stale, Err(ServiceError::Conflict { .. })));
        }
    }
    let loaded = service.load(id).await.unwrap();
    if let Some(seat) = loaded.game.game.to_act() {
        let action = loaded.game.game.legal_actions()[0];
        service
            .apply(id, user(seat), loaded.meta.version, action)
            .await
            .unwrap();
    }
}
