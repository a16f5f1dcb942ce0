//! Load runner for the match service: plays random games through it with 1, 10, 100 and
//! 1,000 concurrent matches and reports durable actions per second and action latency, next
//! to the raw cost of one commit on the same store, measured in the same run — on SQLite and,
//! when a PostgreSQL server is given, on PostgreSQL, level by level side by side.
//!
//! `cargo run --release --example store_load -- [DIR] [SECONDS_PER_LEVEL] [--postgres URL]
//! [--shown-only]` (`--help` says the same).
//!
//! The PostgreSQL server defaults to `MOMOJAN_TEST_POSTGRES` (`scripts/pg-cluster.sh start`);
//! a fresh database is made on it for the run and dropped afterwards.
//!
//! Then "shown" levels: each action followed by the store work the bot does to show it (the
//! outbox worker reads its entry, what the entry shows and the table; the live hands read the
//! match and the moves since; the entry is deleted), with the process's CPU time per action
//! (user + system, every thread: the sqlx connection threads included). `--shown-only` runs
//! these alone.

use momojan::games::registry::Momojan;
use std::time::{Duration, Instant};

use momojan::games::interface::seat::Seat;
use momojan::service::{
    ChannelId, GuildId, MatchId, MatchService, NewMatch, Notice, Occupant, ServiceError, UserId,
};
use momojan::store::Store;
use rand::{Rng, SeedableRng};

fn percentile(sorted: &[Duration], q: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * q) as usize]
}

/// The match service under 1, 10, 100 and 1,000 concurrent matches, on SQLite and (with a
/// server) on PostgreSQL, side by side.
#[derive(Debug, clap::Parser)]
#[command(name = "store_load")]
struct Args {
    /// Where the SQLite files are made.
    #[arg(default_value = ".")]
    dir: String,
    /// Seconds measured per level.
    #[arg(default_value_t = 5)]
    seconds_per_level: u64,
    /// A PostgreSQL server to measure too (a fresh database is made on it and dropped);
    /// default: MOMOJAN_TEST_POSTGRES.
    #[arg(long)]
    postgres: Option<String>,
    /// Run only the shown levels (each action followed by the store work that shows it).
    #[arg(long)]
    shown_only: bool,
}

fn main() {
    let args = <Args as clap::Parser>::parse();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let server = args
        .postgres
        .or_else(|| std::env::var("MOMOJAN_TEST_POSTGRES").ok());
    runtime.block_on(run(
        &args.dir,
        server.as_deref(),
        Duration::from_secs(args.seconds_per_level),
        args.shown_only,
    ));
}

/// One store under test.
struct Backend {
    name: &'static str,
    store: Store,
    service: MatchService,
    /// The median of 2,000 one-row commits.
    raw_commit: Duration,
}

async fn run(dir: &str, server: Option<&str>, per_level: Duration, shown_only: bool) {
    let path = format!("{dir}/store_load.db");
    remove_sqlite(&path);
    let mut backends = vec![backend("SQLite", &format!("sqlite://{path}")).await];
    let postgres = match server {
        Some(server) => {
            let (url, name) = fresh_postgres(server).await;
            backends.push(backend("PostgreSQL", &url).await);
            Some(name)
        }
        None => {
            println!("(no PostgreSQL: set MOMOJAN_TEST_POSTGRES or pass --postgres URL)");
            None
        }
    };
    // Closed loop (every match acts again as soon as its last action commits: the most load
    // the store can take), then 100 matches paced at 1,000 actions/s in total (each match
    // acts every 100 ms, like busy players), where latency is the cost of an action rather
    // than the wait behind the other 99.
    let levels = [
        (1usize, None),
        (10, None),
        (100, None),
        (1_000, None),
        (100, Some(100u64)),
    ];
    for (matches, pace) in levels.into_iter().filter(|_| !shown_only) {
        for b in &backends {
            level(b, matches, pace, per_level, false).await;
        }
    }
    // Each action and its showing: one match in a closed loop (the cost of one action
    // alone), then 300 matches each acting every 300 ms (1,000 actions/s wanted, as the bot
    // at 3,000 matches acting every 3 s).
    for (matches, pace) in [(1usize, None), (300, Some(300u64))] {
        for b in &backends {
            level(b, matches, pace, per_level, true).await;
        }
    }
    for b in backends {
        b.store.close().await;
    }
    remove_sqlite(&path);
    if let (Some(server), Some(name)) = (server, postgres) {
        drop_postgres(server, &name).await;
    }
}

async fn backend(name: &'static str, url: &str) -> Backend {
    let store = Store::open(url).await.expect("open");
    let service = MatchService::new(store.clone());
    let mut commits = Vec::new();
    for _ in 0..2000 {
        let t = Instant::now();
        store.raw_commit().await.expect("commit");
        commits.push(t.elapsed());
    }
    commits.sort();
    println!(
        "{name}: raw commit p50 {:?} p99 {:?} ({} commits)",
        percentile(&commits, 0.5),
        percentile(&commits, 0.99),
        commits.len()
    );
    Backend {
        name,
        store,
        service,
        raw_commit: percentile(&commits, 0.5),
    }
}

/// The process's CPU time so far (user + system, all threads), from `/proc/self/stat`.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest.split_whitespace().collect())
        .unwrap_or_default();
    // utime and stime (fields 14 and 15 of proc(5)), in clock ticks of 1/100 s.
    let ticks: u64 = [11, 12]
        .iter()
        .filter_map(|i| fields.get(*i).and_then(|f| f.parse::<u64>().ok()))
        .sum();
    Duration::from_millis(ticks * 10)
}

/// `matches` concurrent matches on `b` for `per_level`, each paced or in a closed loop; with
/// `shown`, each action is followed by the store work that shows it.
async fn level(b: &Backend, matches: usize, pace: Option<u64>, per_level: Duration, shown: bool) {
    let deadline = Instant::now() + per_level;
    let cpu_before = cpu_time();
    let mut tasks = Vec::new();
    for m in 0..matches {
        let service = b.service.clone();
        let pace = pace.map(Duration::from_millis);
        tasks.push(tokio::spawn(async move {
            player(service, m as u64, deadline, pace, shown).await
        }));
    }
    let mut latencies = Vec::new();
    let mut conflicts = 0;
    for t in tasks {
        let (l, c) = t.await.expect("task");
        latencies.extend(l);
        conflicts += c;
    }
    let cpu = cpu_time().saturating_sub(cpu_before);
    latencies.sort();
    let rate = latencies.len() as f64 / per_level.as_secs_f64();
    let mode = match pace {
        Some(p) => format!("paced 1 action/{p} ms each"),
        None => "closed loop".to_string(),
    };
    if shown {
        println!(
            "{:<10} {matches:>5} matches, each action shown ({mode}): {} actions, {rate:.0} actions/s, action + showing p50 {:?}, p99 {:?}, CPU per action {:.3} ms, conflicts {conflicts}",
            b.name,
            latencies.len(),
            percentile(&latencies, 0.5),
            percentile(&latencies, 0.99),
            cpu.as_secs_f64() * 1000.0 / latencies.len().max(1) as f64,
        );
        return;
    }
    println!(
        "{:<10} {matches:>5} concurrent matches ({mode}): {} actions, {rate:.0} durable actions/s, p50 {:?}, p99 {:?}, p99/raw-commit-p50 {:.1}x, conflicts {conflicts}",
        b.name,
        latencies.len(),
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.99),
        percentile(&latencies, 0.99).as_secs_f64() / b.raw_commit.as_secs_f64()
    );
}

/// The store work the bot does to show one committed action of match `id`: the outbox
/// worker reads the pending entries, what each shows and the table, the live hands read the
/// match and the moves since the hand was drawn, and the entries are deleted as sent.
async fn show(service: &MatchService, id: MatchId) -> Result<(), ServiceError> {
    let entries = service.pending_outbox(id).await?;
    let mut sent = Vec::new();
    // Every entry here is the tool's own, sound.
    for entry in entries.iter().flatten() {
        if let Notice::Show(shown) = &entry.notice {
            service.show_state::<Momojan>(id, shown).await?;
        }
        sent.push(entry.id);
    }
    service.table_state::<Momojan>(id).await?;
    let loaded = service.load::<Momojan>(id).await?;
    let version = loaded.meta.version;
    service
        .moves_between::<Momojan>(id, version - 1, version)
        .await?;
    // Removed in the background with the other matches' (`service/removals.rs`).
    service.outbox_sent(id, &sent);
    Ok(())
}

/// Plays games on one match after another until the deadline; returns action latencies (with
/// `shown`, of each action and its showing).
async fn player(
    service: MatchService,
    seed: u64,
    deadline: Instant,
    pace: Option<Duration>,
    shown: bool,
) -> (Vec<Duration>, u32) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut latencies = Vec::new();
    let mut conflicts = 0;
    let new = NewMatch::<Momojan> {
        guild_id: GuildId(1),
        channel_id: ChannelId(1),
        players: vec![
            Occupant::player(UserId(1 + 2 * seed as i64), ""),
            Occupant::player(UserId(2 + 2 * seed as i64), ""),
        ],
        first_dealer: Some(Seat::ZERO),
        options: Default::default(),
        turn_timeout_secs: 180,
        time_bank_secs: 300,
        claim_secs: 30,
        season: 1,
        lang: momojan::i18n::Lang::En,
        afk_computer: false,
        watchable: true,
        teach: false,
    };
    // Paced matches start at a random point of the period, then act once per period.
    let mut ticker = pace.map(|p| {
        let offset = Duration::from_millis(rng.random_range(0..p.as_millis() as u64));
        let mut t = tokio::time::interval_at(tokio::time::Instant::now() + offset, p);
        t.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        t
    });
    while Instant::now() < deadline {
        let (id, mut game) = service.create_match::<Momojan>(&new).await.expect("create");
        let mut version = 0;
        while let Some(seat) = game.to_act() {
            if Instant::now() >= deadline {
                break;
            }
            if let Some(ticker) = ticker.as_mut() {
                ticker.tick().await;
            }
            let legal = game.legal_actions();
            let action = legal[rng.random_range(0..legal.len())];
            let t = Instant::now();
            match service
                .apply::<Momojan>(
                    id,
                    UserId(1 + 2 * seed as i64 + seat.index() as i64),
                    version,
                    action,
                )
                .await
            {
                Ok(applied) => {
                    if shown {
                        show(&service, id).await.expect("shown");
                    }
                    latencies.push(t.elapsed());
                    version = applied.version;
                    game = applied.state;
                }
                Err(ServiceError::Conflict { .. }) => conflicts += 1,
                Err(e) => panic!("{e}"),
            }
        }
    }
    (latencies, conflicts)
}

fn remove_sqlite(path: &str) {
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{path}{suffix}"));
    }
}

/// A new database on the PostgreSQL server at `server`: its URL and name.
async fn fresh_postgres(server: &str) -> (String, String) {
    use sqlx::Connection;
    let name = format!("momojan_load_{:016x}", rand::random::<u64>());
    let mut conn = sqlx::PgConnection::connect(server)
        .await
        .expect("the PostgreSQL server");
    sqlx::raw_sql(&format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .await
        .expect("CREATE DATABASE");
    let (base, _) = server.rsplit_once('/').expect("a PostgreSQL URL");
    (format!("{base}/{name}"), name)
}

async fn drop_postgres(server: &str, name: &str) {
    use sqlx::Connection;
    if let Ok(mut conn) = sqlx::PgConnection::connect(server).await {
        let drop = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
        let _ = sqlx::raw_sql(&drop).execute(&mut conn).await;
    }
}
