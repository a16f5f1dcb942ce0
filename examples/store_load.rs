//! Load runner for the match service: plays random games through it with 1, 10 and 100
//! concurrent matches and reports durable actions per second and action latency, next to the
//! raw cost of one SQLite commit on the same disk, measured in the same run.
//!
//! `cargo run --release --example store_load -- [DIR] [SECONDS_PER_LEVEL]`

use momojan::games::registry::Momojan;
use std::time::{Duration, Instant};

use momojan::games::momojan::{PerSeat, RuleOptions, Seat};
use momojan::service::{ChannelId, GuildId, MatchService, NewMatch, ServiceError, UserId};
use momojan::store::Store;
use rand::{Rng, SeedableRng};

fn percentile(sorted: &[Duration], q: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * q) as usize]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = args.get(1).cloned().unwrap_or_else(|| ".".into());
    let secs: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(run(&dir, Duration::from_secs(secs)));
}

async fn run(dir: &str, per_level: Duration) {
    let path = format!("{dir}/store_load.db");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{path}{suffix}"));
    }
    let store = Store::open(&format!("sqlite://{path}"))
        .await
        .expect("open");
    let service = MatchService::new(store.clone());

    let mut commits = Vec::new();
    for _ in 0..2000 {
        let t = Instant::now();
        store.raw_commit().await.expect("commit");
        commits.push(t.elapsed());
    }
    commits.sort();
    println!(
        "raw commit: p50 {:?} p99 {:?} ({} commits)",
        percentile(&commits, 0.5),
        percentile(&commits, 0.99),
        commits.len()
    );
    // Closed loop (every match acts again as soon as its last action commits: the most load
    // the store can take), then 100 matches paced at 1,000 actions/s in total (each match
    // acts every 100 ms, like busy players), where latency is the cost of an action rather
    // than the wait behind the other 99.
    for (matches, pace) in [(1usize, None), (10, None), (100, None), (100, Some(100u64))] {
        let deadline = Instant::now() + per_level;
        let mut tasks = Vec::new();
        for m in 0..matches {
            let service = service.clone();
            let pace = pace.map(Duration::from_millis);
            tasks.push(tokio::spawn(async move {
                player(service, m as u64, deadline, pace).await
            }));
        }
        let mut latencies = Vec::new();
        let mut conflicts = 0;
        for t in tasks {
            let (l, c) = t.await.expect("task");
            latencies.extend(l);
            conflicts += c;
        }
        latencies.sort();
        let rate = latencies.len() as f64 / per_level.as_secs_f64();
        let mode = if pace.is_some() {
            "paced 1 action/100 ms each"
        } else {
            "closed loop"
        };
        println!(
            "{matches:>3} concurrent matches ({mode}): {} actions, {rate:.0} durable actions/s, p50 {:?}, p99 {:?}, p99/raw-commit-p50 {:.1}x, conflicts {conflicts}",
            latencies.len(),
            percentile(&latencies, 0.5),
            percentile(&latencies, 0.99),
            percentile(&latencies, 0.99).as_secs_f64() / percentile(&commits, 0.5).as_secs_f64()
        );
    }
}

/// Plays games on one match after another until the deadline; returns action latencies.
async fn player(
    service: MatchService,
    seed: u64,
    deadline: Instant,
    pace: Option<Duration>,
) -> (Vec<Duration>, u32) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut latencies = Vec::new();
    let mut conflicts = 0;
    let new = NewMatch::<Momojan> {
        guild_id: GuildId(1),
        channel_id: ChannelId(1),
        players: PerSeat::new(UserId(1 + 2 * seed as i64), UserId(2 + 2 * seed as i64)),
        first_dealer: Seat::Zero,
        options: RuleOptions::default(),
        turn_timeout_secs: 180,
        time_bank_secs: 300,
        season: 1,
        lang: momojan::i18n::Lang::En,
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
                .apply::<Momojan>(id, new.players[seat], version, action)
                .await
            {
                Ok(applied) => {
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
