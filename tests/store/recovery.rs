//! A write that SQLite itself rolls back (a full disk, an I/O error) leaves nothing behind,
//! and the next write works as soon as the fault is gone — without a restart.

use momojan::games::registry::Momojan;
use momojan::service::ServiceError;
use momojan::store::Store;
use sqlx::Connection;

use super::{started, url, user};

async fn run_sql(db: &str, sql: &str) {
    let mut conn = sqlx::SqliteConnection::connect(db).await.unwrap();
    sqlx::query(sql).execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();
}

#[tokio::test]
async fn after_writes_that_sqlite_rolled_back_the_next_write_works_without_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = url(&dir);
    let (service, id, _) = started(Store::open(&db).await.unwrap(), 5).await;
    // RAISE(ROLLBACK) makes SQLite roll the whole transaction back by itself, as it does on
    // SQLITE_FULL or an I/O error in the middle of a write.
    run_sql(
        &db,
        "CREATE TRIGGER disk_full BEFORE INSERT ON match_events \
         BEGIN SELECT RAISE(ROLLBACK, 'database or disk is full'); END",
    )
    .await;
    for _ in 0..12 {
        let loaded = service.load::<Momojan>(id).await.unwrap();
        let seat = loaded.state.to_act().unwrap();
        let action = loaded.state.legal_actions()[0];
        let refused = service
            .apply::<Momojan>(id, user(seat), loaded.meta.version, action)
            .await;
        assert!(
            matches!(refused, Err(ServiceError::Store(_))),
            "{refused:?}"
        );
        assert_eq!(
            service.load::<Momojan>(id).await.unwrap().meta.version,
            0,
            "nothing half-applied"
        );
    }
    run_sql(&db, "DROP TRIGGER disk_full").await;
    for step in 0..30 {
        let loaded = service.load::<Momojan>(id).await.unwrap();
        let Some(seat) = loaded.state.to_act() else {
            break;
        };
        let action = loaded.state.legal_actions()[0];
        service
            .apply::<Momojan>(id, user(seat), loaded.meta.version, action)
            .await
            .unwrap_or_else(|e| panic!("write {step} after the fault: {e}"));
    }
    service.verify_match(id).await.unwrap();
    // Refusals inside a transaction (a stale version) leave the connection usable too.
    for _ in 0..12 {
        let loaded = service.load::<Momojan>(id).await.unwrap();
        if let Some(seat) = loaded.state.to_act() {
            let action = loaded.state.legal_actions()[0];
            let stale = service
                .apply::<Momojan>(id, user(seat), loaded.meta.version - 1, action)
                .await;
            assert!(matches!(stale, Err(ServiceError::Conflict { .. })));
        }
    }
    let loaded = service.load::<Momojan>(id).await.unwrap();
    if let Some(seat) = loaded.state.to_act() {
        let action = loaded.state.legal_actions()[0];
        service
            .apply::<Momojan>(id, user(seat), loaded.meta.version, action)
            .await
            .unwrap();
    }
}

/// A real full disk: a 2 MB tmpfs mounted for the test and filled up (needs root, as CI
/// runs; elsewhere the test says so and only the simulation above runs). A read-only file
/// system cannot be made under a running store here: remounting read-only is refused while
/// files are open for writing, and `chattr +i` does not apply to descriptors already open.
#[tokio::test]
async fn on_a_real_full_disk_writes_fail_cleanly_and_work_again_once_space_is_back() {
    let dir = tempfile::tempdir().unwrap();
    let mount = |args: &[&str]| {
        std::process::Command::new("mount")
            .args(args)
            .status()
            .is_ok_and(|s| s.success())
    };
    let at = dir.path().to_str().unwrap();
    if !mount(&["-t", "tmpfs", "-o", "size=2m", "tmpfs", at]) {
        eprintln!("cannot mount a tmpfs here (not root): only the simulated full disk is tested");
        return;
    }
    struct Unmount(String);
    impl Drop for Unmount {
        fn drop(&mut self) {
            let _ = std::process::Command::new("umount").arg(&self.0).status();
        }
    }
    let _unmount = Unmount(at.to_string());
    let db = url(&dir);
    let (service, id, _) = started(Store::open(&db).await.unwrap(), 6).await;
    let act = |version_offset: i64| {
        let service = service.clone();
        async move {
            let loaded = service.load::<Momojan>(id).await.unwrap();
            let seat = loaded.state.to_act().unwrap();
            let action = loaded.state.legal_actions()[0];
            service
                .apply::<Momojan>(id, user(seat), loaded.meta.version + version_offset, action)
                .await
        }
    };
    act(0).await.unwrap();

    // Full: a file takes every free byte.
    let filler = dir.path().join("filler");
    let _ = std::fs::write(&filler, vec![0u8; 4 << 20]);
    let before = service.load::<Momojan>(id).await.unwrap().meta.version;
    for _ in 0..5 {
        let refused = act(0).await;
        assert!(
            matches!(refused, Err(ServiceError::Store(_))),
            "{refused:?}"
        );
    }
    assert_eq!(
        service.load::<Momojan>(id).await.unwrap().meta.version,
        before,
        "nothing half-applied"
    );
    std::fs::remove_file(&filler).unwrap();
    act(0).await.expect("a write once space is back");
    for _ in 0..10 {
        act(0).await.expect("writes work again without a restart");
    }
    service.verify_match(id).await.unwrap();
}

/// A database file made immutable (`chattr +i`, needs root) while the bot runs: the
/// connections SQLite opens meanwhile are read-only for good. Writes meanwhile are refused
/// cleanly (or go through an older connection), and once the file is writable again every
/// write works — the read-only connections are closed, not reused.
#[tokio::test]
async fn after_the_file_was_immutable_writes_work_again_without_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = url(&dir);
    let file = dir.path().join("momojan.db");
    let chattr = |flag: &str| {
        std::process::Command::new("chattr")
            .arg(flag)
            .arg(&file)
            .status()
            .is_ok_and(|s| s.success())
    };
    let (service, id, _) = started(Store::open(&db).await.unwrap(), 8).await;
    if !chattr("+i") {
        eprintln!("chattr is not allowed here (not root): only the simulations above run");
        return;
    }
    struct Mutable(std::path::PathBuf);
    impl Drop for Mutable {
        fn drop(&mut self) {
            let _ = std::process::Command::new("chattr")
                .arg("-i")
                .arg(&self.0)
                .status();
        }
    }
    let _mutable = Mutable(file.clone());
    // A busy moment: the pool opens connections while the file cannot be written.
    service.store().open_connections(8).await.unwrap();
    let act = || async {
        let loaded = service.load::<Momojan>(id).await.unwrap();
        let seat = loaded.state.to_act().unwrap();
        let action = loaded.state.legal_actions()[0];
        let before = loaded.meta.version;
        let result = service
            .apply::<Momojan>(id, user(seat), before, action)
            .await;
        (before, result)
    };
    let mut refused = 0;
    for _ in 0..8 {
        let (before, result) = act().await;
        let after = service.load::<Momojan>(id).await.unwrap().meta.version;
        match result {
            Ok(applied) => assert_eq!(applied.version, after),
            Err(ServiceError::Store(_)) => {
                refused += 1;
                assert_eq!(after, before, "nothing half-applied");
            }
            Err(e) => panic!("{e}"),
        }
    }
    assert!(chattr("-i"));
    for step in 0..12 {
        let (_, result) = act().await;
        result.unwrap_or_else(|e| panic!("write {step} once the file is writable: {e}"));
    }
    service.verify_match(id).await.unwrap();
    eprintln!("{refused} of 8 writes refused while the file was immutable");
}
