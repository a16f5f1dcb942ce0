//! The outbox is written in the transaction of the change it shows: an action commits its
//! entry with it, a refused or failed action writes none, and a damaged entry is reported by
//! name (never skipped as if sent).

use momojan::games::registry::Momojan;
use momojan::service::{MatchId, MatchService, Notice, OutboxEntry, ServiceError, StoreError};

use super::{started, user};

/// The entries the store holds once it holds `n` (a fresh service knows of none sent):
/// those a service marked sent are deleted within moments.
async fn in_store(service: &MatchService, id: MatchId, n: usize) -> Vec<OutboxEntry> {
    let fresh = MatchService::new(service.store().clone());
    let until = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let stored = pending(&fresh, id).await;
        if stored.len() <= n || std::time::Instant::now() > until {
            return stored;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
}

/// The pending entries, every one sound.
async fn pending(service: &MatchService, id: MatchId) -> Vec<OutboxEntry> {
    service
        .pending_outbox(id)
        .await
        .unwrap()
        .into_iter()
        .map(|p| p.expect("a sound entry"))
        .collect()
}

on_both! {
async fn each_committed_action_leaves_one_entry_and_a_refused_or_failed_one_none(db) {
    let (service, id, _) = started(db.open().await, 3).await;
    assert!(service.pending_outbox(id).await.unwrap().is_empty());
    let mut applied = 0;
    for _ in 0..6 {
        let loaded = service.load::<Momojan>(id).await.unwrap();
        let seat = loaded.state.to_act().unwrap();
        let action = loaded.state.legal_actions()[0];
        // A stale click: refused, nothing to show.
        let stale = service
            .apply::<Momojan>(id, user(seat), loaded.meta.version + 5, action)
            .await;
        assert!(matches!(stale, Err(ServiceError::Conflict { .. })));
        service
            .apply::<Momojan>(id, user(seat), loaded.meta.version, action)
            .await
            .unwrap();
        applied += 1;
    }
    let pending = pending(&service, id).await;
    assert_eq!(pending.len(), applied);
    for (i, entry) in pending.iter().enumerate() {
        let Notice::Show(shown) = &entry.notice else {
            panic!("{entry:?}");
        };
        assert_eq!(
            (shown.from_version, shown.to_version),
            (i as i64, i as i64 + 1)
        );
        assert_eq!(shown.rounds, 0..0);
        assert_eq!(entry.attempts, 0);
    }
    // A write the database refuses (on SQLite, one it rolls back by itself, as on a full
    // disk): the action and its entry go together.
    db.refuse_inserts("outbox", "ROLLBACK", "database or disk is full")
        .await;
    let loaded = service.load::<Momojan>(id).await.unwrap();
    let seat = loaded.state.to_act().unwrap();
    let action = loaded.state.legal_actions()[0];
    let failed = service
        .apply::<Momojan>(id, user(seat), loaded.meta.version, action)
        .await;
    assert!(matches!(failed, Err(ServiceError::Store(_))), "{failed:?}");
    assert_eq!(
        service.load::<Momojan>(id).await.unwrap().meta.version,
        loaded.meta.version
    );
    db.allow("outbox").await;
    assert_eq!(service.pending_outbox(id).await.unwrap().len(), applied);
    // Sent entries are no longer pending, and are deleted a moment later; the rest stay in
    // order.
    let ids: Vec<_> = pending.iter().take(4).map(|e| e.id).collect();
    service.outbox_sent(id, &ids);
    let left = self::pending(&service, id).await;
    assert_eq!(left, pending[4..].to_vec());
    assert_eq!(in_store(&service, id, left.len()).await, left);
    // A given-up entry is kept with its reason and no longer pending.
    service
        .outbox_failed(left[0].id, "the channel is gone")
        .await
        .unwrap();
    assert_eq!(self::pending(&service, id).await, pending[5..].to_vec());
    assert_eq!(service.outbox_matches().await.unwrap(), vec![id]);
}
}

on_both! {
async fn a_damaged_entry_is_reported_by_name_in_its_place(db) {
    let (service, id, _) = started(db.open().await, 4).await;
    let loaded = service.load::<Momojan>(id).await.unwrap();
    let seat = loaded.state.to_act().unwrap();
    let action = loaded.state.legal_actions()[0];
    service.apply::<Momojan>(id, user(seat), 0, action).await.unwrap();
    for (sql, column) in [
        ("UPDATE outbox SET to_version = from_version - 1", "to_version"),
        ("UPDATE outbox SET seat = NULL", "seat"),
        ("UPDATE outbox SET rounds_from = -1", "rounds_from"),
    ] {
        let mut conn = db.connect_unchecked().await;
        conn.execute("BEGIN").await;
        conn.execute(sql).await;
        // Read outside the damage's transaction: still sound.
        assert_eq!(pending(&service, id).await.len(), 1);
        conn.execute("COMMIT").await;
        match &service.pending_outbox(id).await.unwrap()[..] {
            [Err(damaged)] => match &damaged.error {
                StoreError::Corrupt {
                    table, column: c, ..
                } => assert_eq!((*table, *c), ("outbox", column)),
                other => panic!("{sql}: {other:?}"),
            },
            other => panic!("{sql}: {other:?}"),
        }
        conn.execute("UPDATE outbox SET to_version = 1, seat = 0, rounds_from = 0")
            .await;
        conn.close().await;
    }
    assert_eq!(pending(&service, id).await.len(), 1);
}
}

/// Plays the first legal action `n` times.
async fn play(service: &MatchService, id: MatchId, n: usize) {
    for _ in 0..n {
        let loaded = service.load::<Momojan>(id).await.unwrap();
        let seat = loaded.state.to_act().unwrap();
        let action = loaded.state.legal_actions()[0];
        service
            .apply::<Momojan>(id, user(seat), loaded.meta.version, action)
            .await
            .unwrap();
    }
}

on_both! {
async fn a_round_of_showing_reads_the_match_once_and_again_after_its_own_writes(db) {
    let (service, id, _) = started(db.open().await, 5).await;
    play(&service, id, 3).await;
    // Two of the three changes shown: their entries go.
    let sent: Vec<_> = pending(&service, id).await.iter().take(2).map(|e| e.id).collect();
    service.outbox_sent(id, &sent);
    let in_store = service.moves_between::<Momojan>(id, 0, 3).await.unwrap();
    let entries = pending(&service, id).await;
    assert_eq!(entries.len(), 1);
    service
        .in_one_read(id, 24, async {
            // The entries come with the match and the moves they cover.
            let read = service.pending_for_round::<Momojan>(id).await.unwrap();
            let read: Vec<_> = read.into_iter().map(|p| p.expect("a sound entry")).collect();
            assert_eq!(read, entries);
            let first = service.load::<Momojan>(id).await.unwrap();
            assert_eq!(first.meta.version, 3);
            // A move committed meanwhile is the next round's: this one keeps what it read.
            play(&service, id, 1).await;
            let again = service.load::<Momojan>(id).await.unwrap();
            assert_eq!(again.meta.version, 3);
            // The moves it read are answered from the read, as the store has them.
            let moves = service.moves_between::<Momojan>(id, 0, 3).await.unwrap();
            let seqs = |rows: &[momojan::service::EventRow<Momojan>]| {
                rows.iter().map(|r| (r.seq, r.seat, r.action)).collect::<Vec<_>>()
            };
            assert_eq!(seqs(&moves), seqs(&in_store));
            // Moves it did not read come from the store.
            assert_eq!(
                service.moves_between::<Momojan>(id, 3, 4).await.unwrap().len(),
                1
            );
            // What this process writes to the match's row is read back at once.
            let notice = momojan::service::MessageId::from_snowflake(77);
            service.set_match_notice(id, Some(notice)).await.unwrap();
            let after = service.load::<Momojan>(id).await.unwrap();
            assert_eq!((after.meta.version, after.meta.notice_message_id), (4, Some(notice)));
        })
        .await;
    // Outside a round every read is the store's.
    play(&service, id, 1).await;
    assert_eq!(service.load::<Momojan>(id).await.unwrap().meta.version, 5);
}
}
