//! Practice matches against the computer, on both backends: whole games at each level,
//! racing computer moves, a restart, the event log's origin, a damaged level, the AFK
//! computer; and, on SQLite, an upgrade from a database made before practice matches existed.

use momojan::clock::Clock;
use momojan::games::interface::{Budget, Level};
use momojan::games::interface::{Concession, Hosted};
use momojan::games::momojan::game::STARTING_POINTS;
use momojan::games::momojan::{Action, Seat};
use momojan::games::registry::{GameId, Momojan, Shogi};
use momojan::i18n::Lang;
use momojan::service::{
    ChallengeAnswer, ChallengeRefusal, ChannelId, MatchId, MatchService, MessageId, Move, Named,
    NewChallenge, Origin, ServiceError, SettingsChange, StoreError, UserId,
};
use momojan::store::Store;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sqlx::Connection;

use super::{ALICE, BOB, GUILD};

/// The bot's own user id: the computer's seat.
const COMPUTER: UserId = UserId(900);
const CHANNEL: ChannelId = ChannelId(30);

async fn open(db: &str) -> MatchService {
    MatchService::new(Store::open(db).await.unwrap()).with_hard_budget(Budget::samples(4))
}

/// Plays a practice match to its end: the human (seat 0) plays random legal actions through
/// `apply`, the computer through `computer_move`. Returns the computer's move count.
async fn play_out(service: &MatchService, id: MatchId, rng: &mut ChaCha8Rng) -> usize {
    let mut computer_moves = 0;
    for _ in 0..20_000 {
        let loaded = service.load::<Momojan>(id).await.unwrap();
        match loaded.state.to_act() {
            None => break,
            Some(Seat::ZERO) => {
                let legal = loaded.state.legal_actions();
                let action = legal[rng.random_range(0..legal.len())];
                service
                    .apply::<Momojan>(id, ALICE, loaded.meta.version, action)
                    .await
                    .unwrap();
            }
            Some(_) => {
                let applied = service
                    .computer_move::<Momojan>(id)
                    .await
                    .unwrap()
                    .expect("the computer is to act");
                assert_eq!(applied.seat, Seat::ONE);
                assert_eq!(
                    applied.version,
                    loaded.meta.version + applied.moves.len() as i64
                );
                computer_moves += 1;
            }
        }
    }
    computer_moves
}

/// A practice match in which the computer acts first (tries first dealers and seeds).
async fn computer_first(db: &str, level: Level) -> (MatchService, MatchId) {
    let store = Store::open(db).await.unwrap();
    for n in 0..64u8 {
        for dealer in [Seat::ONE, Seat::ZERO] {
            let service = MatchService::new(store.clone())
                .with_hard_budget(Budget::samples(4))
                .with_fixed_deal(Some(([n; 32], dealer)));
            let channel = ChannelId(1000 + i64::from(n) * 2 + dealer.index() as i64);
            let loaded = service
                .create_practice(GUILD, channel, ALICE, COMPUTER, level, Lang::En)
                .await
                .unwrap();
            if loaded.computer_first {
                return (service.with_fixed_deal(None), loaded.meta.id);
            }
            service
                .resign::<Momojan>(loaded.meta.id, ALICE, None)
                .await
                .unwrap();
        }
    }
    panic!("no deal lets the computer act first");
}

on_both! {
async fn a_practice_game_at_each_level_ends_verified_and_only_in_the_practice_record(db) {
    let service = open(db.url()).await;
    for (i, level) in Level::ALL.into_iter().enumerate() {
        let channel = ChannelId(40 + i as i64);
        let loaded = service
            .create_practice(GUILD, channel, ALICE, COMPUTER, level, Lang::En)
            .await
            .unwrap();
        assert_eq!(loaded.meta.practice_level(), Some(level));
        assert_eq!(loaded.meta.computer(Seat::ONE), Some(level));
        assert_eq!(loaded.meta.user(Seat::ZERO), Some(ALICE));
        let id = loaded.meta.id;
        let mut rng = ChaCha8Rng::seed_from_u64(11 + i as u64);
        let computer_moves = play_out(&service, id, &mut rng).await;
        assert!(computer_moves > 0, "{level}: the computer played");
        let end = service.load::<Momojan>(id).await.unwrap();
        assert!(end.meta.is_finished(), "{level}: the game ended");
        service.verify_match(id).await.unwrap();
        for e in service.store().event_log::<Momojan>(id).await.unwrap() {
            let expected = if e.seat == Seat::ZERO {
                Origin::Player
            } else {
                Origin::Computer
            };
            assert!(
                e.origin == expected || e.origin == Origin::Auto,
                "{level}: {e:?}"
            );
        }

        let game = &end.state;
        let winner = game.outcome.unwrap().winner;
        let records = service
            .practice_record(GUILD, ALICE, momojan::games::registry::GameId::Momojan)
            .await
            .unwrap();
        let (_, r) = records
            .iter()
            .find(|(l, _)| *l == level)
            .copied()
            .expect("a record for this level");
        assert_eq!(r.games, 1, "{level}");
        assert_eq!(r.wins, i64::from(winner == Seat::ZERO), "{level}");
        assert_eq!(r.losses, i64::from(winner == Seat::ONE), "{level}");
        assert_eq!(
            r.points_won - r.points_lost,
            game.balances[Seat::ZERO] - STARTING_POINTS
        );
    }
    assert_eq!(
        service
            .practice_record(GUILD, ALICE, momojan::games::registry::GameId::Momojan)
            .await
            .unwrap()
            .len(),
        3
    );
    assert!(service
        .practice_record(GUILD, COMPUTER, momojan::games::registry::GameId::Momojan)
        .await
        .unwrap()
        .is_empty());
    let store = service.store();
    for user in [ALICE, COMPUTER] {
        assert_eq!(
            store
                .player_stats(
                    momojan::store::Board::new(GUILD, 1, momojan::games::registry::GameId::Momojan),
                    user
                )
                .await
                .unwrap(),
            None
        );
    }
    assert!(store
        .leaderboard(
            momojan::store::Board::new(GUILD, 1, momojan::games::registry::GameId::Momojan),
            10,
            0
        )
        .await
        .unwrap()
        .is_empty());
    let players = db.text("SELECT CAST(count(*) AS TEXT) FROM players").await;
    assert_eq!(players, "0", "practice never reaches the players table");
}
}

on_both! {
async fn a_second_practice_match_in_the_same_channel_is_refused(db) {
    let service = open(db.url()).await;
    let first = service
        .create_practice(GUILD, CHANNEL, ALICE, COMPUTER, Level::Easy, Lang::En)
        .await
        .unwrap();
    let again = service
        .create_practice(GUILD, CHANNEL, ALICE, COMPUTER, Level::Normal, Lang::En)
        .await;
    match again {
        Err(ServiceError::Challenge(ChallengeRefusal::AlreadyPlaying { opponent, match_id })) => {
            assert_eq!((opponent, match_id), (COMPUTER, first.meta.id));
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert_eq!(service.match_ids().await.unwrap(), vec![first.meta.id]);
}
}

on_both! {
async fn a_practice_thread_waits_for_its_intro_only_where_threads_are_on(db) {
    use momojan::service::OpenAnchor;
    use momojan::store::Notice;

    let service = open(db.url()).await;
    let first = service
        .create_practice(GUILD, CHANNEL, ALICE, COMPUTER, Level::Easy, Lang::En)
        .await
        .unwrap();
    let id = first.meta.id;
    // The entry as a worker reads it before the intro is posted.
    let pending = service.pending_outbox(id).await.unwrap();
    let entry = pending[0].as_ref().unwrap().clone();
    assert!(
        matches!(entry.notice, Notice::Open { anchor: None, in_thread: true }),
        "{entry:?}"
    );
    assert_eq!(
        service.open_anchor(&entry).await.unwrap(),
        OpenAnchor::Wait,
        "held from its commit on"
    );
    service
        .anchor_posted(id, Some(MessageId(555)))
        .await
        .unwrap();
    // The worker that read the entry before the intro's id was written finds it now.
    assert_eq!(
        service.open_anchor(&entry).await.unwrap(),
        OpenAnchor::From(Some(MessageId(555)))
    );
    let pending = service.pending_outbox(id).await.unwrap();
    assert!(
        matches!(
            pending[0].as_ref().map(|e| &e.notice),
            Ok(Notice::Open { anchor: Some(MessageId(555)), in_thread: true })
        ),
        "{pending:?}"
    );
    // Opened meanwhile (by another worker): nothing is left to do.
    service
        .opened(id, entry.id, ChannelId(77), MessageId(78))
        .await
        .unwrap();
    assert_eq!(
        service.open_anchor(&entry).await.unwrap(),
        OpenAnchor::Gone
    );

    // Threads off: nothing waits for the intro.
    let off = SettingsChange {
        threads: Some(false),
        ..SettingsChange::default()
    };
    service.change_settings(GUILD, &off).await.unwrap();
    let second = service
        .create_practice(GUILD, ChannelId(31), BOB, COMPUTER, Level::Easy, Lang::En)
        .await
        .unwrap();
    let pending = service.pending_outbox(second.meta.id).await.unwrap();
    let entry = pending[0].as_ref().unwrap();
    assert_eq!(
        service.open_anchor(entry).await.unwrap(),
        OpenAnchor::From(None)
    );
}
}

on_both! {
async fn two_racing_computer_moves_store_one(db) {
    let (service, id) = computer_first(db.url(), Level::Normal).await;
    let before = service.load::<Momojan>(id).await.unwrap().meta.version;
    // Both calls read the same version and decide while a writer holds the match (SQLite:
    // the whole store; PostgreSQL: the match row, locked by a load in the transaction); then
    // both try to write the move they chose.
    let mut gate = service.store().begin_write().await.unwrap();
    momojan::store::load_match_in(&mut gate, id).await.unwrap();
    let release = async {
        tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
        drop(gate);
    };
    let ((), a, b) = tokio::join!(
        release,
        service.computer_move::<Momojan>(id),
        service.computer_move::<Momojan>(id)
    );
    let (a, b) = (a.unwrap(), b.unwrap());
    assert!(
        a.is_some() != b.is_some(),
        "exactly one commits: {a:?} / {b:?}"
    );
    let applied = a.or(b).unwrap();
    let now = service.load::<Momojan>(id).await.unwrap().meta.version;
    assert_eq!(now, applied.version);
    assert_eq!(now, before + applied.moves.len() as i64);
    let log = service.store().event_log::<Momojan>(id).await.unwrap();
    assert_eq!(log.len() as i64, now);
    assert_eq!(log.last().unwrap().seat, Seat::ONE);
    let first = log.iter().find(|e| e.seq == before + 1).unwrap();
    assert_eq!(
        first.origin,
        Origin::Computer,
        "the computer's move is logged as such"
    );
    service.verify_match(id).await.unwrap();
}
}

on_both! {
async fn after_a_restart_the_computer_turn_is_listed_and_played_once(db) {
    let (service, id) = computer_first(db.url(), Level::Easy).await;
    let version = service.load::<Momojan>(id).await.unwrap().meta.version;
    assert_eq!(
        service.due_matches(100).await.unwrap(),
        Vec::<MatchId>::new(),
        "the computer has no clock"
    );
    service.close().await;
    drop(service);

    let service = open(db.url()).await;
    assert_eq!(service.due_computer_moves().await.unwrap(), vec![id]);
    let applied = service.computer_move::<Momojan>(id).await.unwrap().expect("played");
    assert!(applied.version > version);
    let log = service.store().event_log::<Momojan>(id).await.unwrap();
    assert_eq!(log.len() as i64, applied.version);
    assert_eq!(log[version as usize].origin, Origin::Computer);
    let loaded = service.load::<Momojan>(id).await.unwrap();
    if loaded.state.to_act() == Some(Seat::ONE) {
        assert_eq!(service.due_computer_moves().await.unwrap(), vec![id]);
    } else {
        assert!(service.due_computer_moves().await.unwrap().is_empty());
        assert!(
            service.computer_move::<Momojan>(id).await.unwrap().is_none(),
            "not its turn"
        );
        assert_eq!(
            service.load::<Momojan>(id).await.unwrap().meta.version,
            applied.version
        );
    }
    service.verify_match(id).await.unwrap();
}
}

on_both! {
async fn a_resignation_in_practice_is_the_computers_win(db) {
    let service = open(db.url()).await;
    let loaded = service
        .create_practice(GUILD, CHANNEL, ALICE, COMPUTER, Level::Hard, Lang::En)
        .await
        .unwrap();
    let applied = service.resign::<Momojan>(loaded.meta.id, ALICE, None).await.unwrap();
    assert_eq!(applied.meta.winner, Some(Seat::ONE));
    let records = service
        .practice_record(GUILD, ALICE, momojan::games::registry::GameId::Momojan)
        .await
        .unwrap();
    assert_eq!(records.len(), 1);
    assert_eq!(
        (records[0].0, records[0].1.games, records[0].1.losses),
        (Level::Hard, 1, 1)
    );
    assert!(service
        .computer_move::<Momojan>(loaded.meta.id)
        .await
        .unwrap()
        .is_none());
    assert!(service.due_computer_moves().await.unwrap().is_empty());
}
}

on_both! {
async fn a_damaged_practice_level_is_reported_as_corrupt(db) {
    let service = open(db.url()).await;
    let loaded = service
        .create_practice(GUILD, CHANNEL, ALICE, COMPUTER, Level::Easy, Lang::En)
        .await
        .unwrap();
    db.damage("UPDATE match_seats SET computer = 'impossible' WHERE seat = 1")
        .await;
    for result in [
        service.load::<Momojan>(loaded.meta.id).await.map(|_| ()),
        service.computer_move::<Momojan>(loaded.meta.id).await.map(|_| ()),
        service.due_computer_moves().await.map(|_| ()),
    ] {
        match result {
            Err(ServiceError::Store(StoreError::Corrupt { table, column, .. })) => {
                assert_eq!((table, column), ("match_seats", "computer"));
            }
            other => panic!("expected match_seats.computer to be reported, got {other:?}"),
        }
    }
}
}

on_both! {
async fn with_the_afk_setting_a_timed_out_turn_is_played_by_the_normal_computer(db) {
    afk_timeouts::<Momojan>(&db, GameId::Momojan, CHANNEL).await;
    afk_timeouts::<Shogi>(&db, GameId::Shogi, ChannelId(CHANNEL.0 + 1)).await;
}
}

/// A database migrated to 0002 only, with a logged move, upgrades: the log keeps its rows
/// (and its primary key), and the new origin is allowed.
#[tokio::test]
async fn a_database_before_practice_upgrades_and_keeps_its_events() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    let url = format!("sqlite://{}?mode=rwc", path.display());
    let older = dir.path().join("migrations");
    std::fs::create_dir(&older).unwrap();
    for name in ["0001_initial.sql", "0002_time_seasons_stats.sql"] {
        let from = format!("{}/migrations/sqlite/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::copy(from, older.join(name)).unwrap();
    }
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::migrate::Migrator::new(older.as_path())
        .await
        .unwrap()
        .run(&mut conn)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO matches (id, guild_id, channel_id, player0_id, player1_id, first_dealer, \
         status, rule_options, seed, version, created_at, updated_at, turn_timeout_secs) \
         VALUES (1, 10, 20, 101, 102, 0, 'finished', '{}', zeroblob(32), 2, 5, 6, 180)",
    )
    .execute(&mut conn)
    .await
    .unwrap();
    let resign = Move::<Action>::Concede(Concession::Resigned).to_json();
    for (seq, origin) in [(1, "timeout"), (2, "resign")] {
        sqlx::query(
            "INSERT INTO match_events (match_id, seq, seat, action, events, created_at, origin) \
             VALUES (1, ?, 0, ?, '[]', 6, ?)",
        )
        .bind(seq)
        .bind(&resign)
        .bind(origin)
        .execute(&mut conn)
        .await
        .unwrap();
    }
    sqlx::query("INSERT INTO guild_settings (guild_id, turn_timeout_secs) VALUES (10, 90)")
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();

    let db = format!("sqlite://{}", path.display());
    let store = Store::open(&db).await.unwrap();
    let log = store.event_log::<Momojan>(MatchId(1)).await.unwrap();
    assert_eq!(log.len(), 2);
    assert_eq!(
        (log[0].seq, log[0].origin, log[1].origin),
        (1, Origin::Timeout, Origin::Resign)
    );
    let s = store.guild_settings(GUILD).await.unwrap();
    assert_eq!((s.turn_timeout_secs, s.afk_computer), (90, false));
    store.close().await;

    let mut conn = sqlx::SqliteConnection::connect(&db).await.unwrap();
    let (schema,): (String,) =
        sqlx::query_as("SELECT sql FROM sqlite_master WHERE name = 'match_events'")
            .fetch_one(&mut conn)
            .await
            .unwrap();
    assert!(schema.contains("PRIMARY KEY (match_id, seq)"), "{schema}");
    assert!(schema.contains("WITHOUT ROWID"), "{schema}");
    let (practice, afk): (Option<String>, i64) = sqlx::query_as(
        "SELECT s.computer, m.afk_computer FROM matches m \
         JOIN match_seats s ON s.match_id = m.id AND s.seat = 1 WHERE m.id = 1",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    assert_eq!(
        (practice, afk),
        (None, 0),
        "an old match is a game between people"
    );
    let insert = |seq: i64, origin: &'static str| {
        sqlx::query(
            "INSERT INTO match_events (match_id, seq, seat, action, events, created_at, origin) \
             VALUES (1, ?, 1, '{}', '[]', 7, ?)",
        )
        .bind(seq)
        .bind(origin)
    };
    insert(3, "computer").execute(&mut conn).await.unwrap();
    assert!(insert(4, "someone").execute(&mut conn).await.is_err());
    assert!(
        insert(3, "player").execute(&mut conn).await.is_err(),
        "the primary key holds"
    );
    let broken: Vec<(String, i64, String, i64)> = sqlx::query_as("PRAGMA foreign_key_check")
        .fetch_all(&mut conn)
        .await
        .unwrap();
    assert!(broken.is_empty(), "{broken:?}");
    conn.close().await.unwrap();
}

on_both! {
async fn a_timed_out_human_turn_in_practice_plays_the_minimum_and_the_computer_has_no_clock(db) {
    let clock = Clock::manual(1_800_000_000);
    let store = db.open().await;
    let service = MatchService::with_clock(store, clock.clone());
    let loaded = service
        .create_practice(GUILD, CHANNEL, ALICE, COMPUTER, Level::Normal, Lang::En)
        .await
        .unwrap();
    let id = loaded.meta.id;
    assert!(!loaded.meta.afk_computer);
    while service.load::<Momojan>(id).await.unwrap().state.to_act() == Some(Seat::ONE) {
        service.computer_move::<Momojan>(id).await.unwrap().expect("its turn");
    }
    let loaded = service.load::<Momojan>(id).await.unwrap();
    let minimum = loaded.state.timeout_action().expect("a minimum");
    clock.advance(10_000);
    // Not played for anyone while nobody can see it; due once its table is shown.
    assert_eq!(service.due_matches(10).await.unwrap(), vec![]);
    service
        .set_match_messages(id, ChannelId(77), MessageId(78))
        .await
        .unwrap();
    assert_eq!(service.due_matches(10).await.unwrap(), vec![id]);
    let applied = service.run_timeout::<Momojan>(id).await.unwrap().expect("due");
    assert_eq!(
        applied.moves[0],
        (Seat::ZERO, Move::Play(minimum), Origin::Timeout)
    );
    assert_eq!(applied.meta.seats[Seat::ZERO].timeouts, 1);
    if applied.state.to_act() == Some(Seat::ONE) {
        clock.advance(10_000);
        assert!(service.due_matches(10).await.unwrap().is_empty());
        assert!(service.run_timeout::<Momojan>(id).await.unwrap().is_none());
        assert_eq!(service.due_computer_moves().await.unwrap(), vec![id]);
    }
    service.verify_match(id).await.unwrap();
}
}

/// With the server's AFK setting, a timed-out turn of game `G` is played by the `normal`
/// computer from the seat's view, and three timeouts in a row still forfeit.
async fn afk_timeouts<G: Hosted>(db: &crate::backend::TestDb, game: GameId, channel: ChannelId) {
    let clock = Clock::manual(1_800_000_000);
    let store = db.open().await;
    let service = MatchService::with_clock(store, clock.clone());
    let afk = SettingsChange {
        afk_computer: Some(true),
        ..SettingsChange::default()
    };
    let settings = service.change_settings(GUILD, &afk).await.unwrap();
    assert!(settings.afk_computer);
    assert_eq!(
        service.settings(GUILD).await.unwrap(),
        settings,
        "saved and read"
    );

    let challenge = NewChallenge {
        guild: GUILD,
        channel,
        challenger: Named::new(ALICE, ""),
        opponents: vec![Named::new(BOB, "")],
        game: Some(game),
        watchable: true,
    };
    let posted = service.create_challenge(&challenge, None).await.unwrap();
    let ChallengeAnswer::Accepted { meta, .. } = service
        .answer_challenge(posted.challenge.id, BOB, true, None)
        .await
        .unwrap()
    else {
        panic!("accepted");
    };
    let loaded = service.load::<G>(meta.id).await.unwrap();
    assert!(
        loaded.meta.afk_computer,
        "copied from the server at the start"
    );
    assert!(!loaded.meta.is_practice());
    let id = loaded.meta.id;
    let seat = G::to_act(&loaded.state).first().unwrap();
    let view = G::view(&loaded.state, seat);
    let expected = G::decide(Level::Normal, &view, &loaded.options, Budget::default(), 0)
        .expect("a legal action");

    clock.advance(loaded.meta.turn_timeout_secs + 300 + 1);
    let applied = service.run_timeout::<G>(id).await.unwrap().expect("due");
    assert_eq!(
        applied.moves[0],
        (seat, Move::Play(expected), Origin::Timeout)
    );
    assert!(applied
        .moves
        .iter()
        .all(|(s, _, o)| *o == Origin::Auto || (*s == seat && *o == Origin::Timeout)));
    // The whole turn was played: the seat no longer acts, unless its move ended the round
    // and the next deal gives it the first turn again (a random deal: a win may keep the deal).
    let round_over = G::rounds_played(&applied.state) > G::rounds_played(&loaded.state);
    assert!(
        round_over || !G::to_act(&applied.state).includes(seat),
        "the whole turn was played"
    );
    assert_eq!(applied.meta.seats[seat].timeouts, 1);
    service.verify_match(id).await.unwrap();

    // Still three timeouts in a row forfeit the match.
    let mut forfeited = false;
    for _ in 0..20 {
        clock.advance(10_000);
        let Some(applied) = service.run_timeout::<G>(id).await.unwrap() else {
            break;
        };
        if applied.meta.end_reason == Some("forfeit") {
            forfeited = true;
            break;
        }
    }
    assert!(forfeited, "the forfeit after three timeouts is kept");
    service.verify_match(id).await.unwrap();
}
