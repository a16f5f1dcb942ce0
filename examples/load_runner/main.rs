//! Capacity of one bot process, and of one bot token's global budget: the real `momojan run`
//! (a release build with the `test-support` feature, for its Discord API base) as a child
//! process — or several, one shard each on one PostgreSQL database (`--processes`) —
//! against the fake Discord in this process, which enforces Discord's 50 requests per second
//! per token, with N matches each taking one action every 3 seconds (human pace) from its
//! players' live hands. After a warm-up, a measured window reports handling time
//! (interaction sent on the gateway → its callback received, in the fake), actions per
//! second, REST calls per action, the requests that used the token's global budget per
//! action and the matches that budget would carry at this pace, CPU per action of the bots,
//! of this process (the fake and the players) and of PostgreSQL, and the bots' resident
//! memory per live match.
//!
//! ```sh
//! cargo build --release --locked --features test-support --bin momojan --example load_runner
//! target/release/examples/load_runner --store sqlite,postgres --n 100,300,1000,3000 --seconds 60
//! target/release/examples/load_runner --help
//! # The smallest point, checked (what tests/discord/load_runner.rs runs):
//! target/release/examples/load_runner --store postgres --n 10 --seconds 2 --warmup 1 \
//!     --quiet-wait 0 --retries 0 --check
//! ```
//!
//! PostgreSQL runs need `MOMOJAN_TEST_POSTGRES` (`scripts/pg-cluster.sh start`); every point
//! gets a fresh database (or SQLite file) and fresh bots.

mod bot;

/// The fake and its players share the machine with the bot: the same allocator as the bot's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
#[allow(dead_code)] // the tests' fake: this runner uses a few of its moves
#[path = "../../tests/discord/fake_discord/mod.rs"]
mod fake_discord;
mod matches;
mod measure;
mod places;
mod report;

use std::sync::Arc;
use std::time::{Duration, Instant};

use fake_discord::FakeDiscord;
use matches::{Schedule, Tally};
use measure::Snapshot;
use report::Point;

/// Capacity of one bot process, and of one bot token's global budget: the release bot
/// against the fake Discord, N matches acting every period from their live hands.
#[derive(Debug, Clone, clap::Parser)]
#[command(name = "load_runner")]
struct Args {
    /// Stores to measure, comma-separated: sqlite, postgres (postgres needs
    /// MOMOJAN_TEST_POSTGRES, e.g. from scripts/pg-cluster.sh).
    #[arg(long = "store", value_delimiter = ',', default_value = "sqlite")]
    stores: Vec<String>,
    /// Numbers of concurrent matches, comma-separated (1_000 or 1000).
    #[arg(long = "n", value_delimiter = ',', value_parser = count, default_value = "100,300,1000,3000")]
    sizes: Vec<usize>,
    /// Length of the measured window, in seconds.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// Warm-up before the window, in seconds.
    #[arg(long, default_value_t = 15)]
    warmup: u64,
    /// Time between two actions of one match, in milliseconds.
    #[arg(long = "period-ms", value_parser = millis, default_value = "3000")]
    period: Duration,
    /// The bot binary (default: `momojan` next to this program's directory).
    #[arg(long)]
    bot: Option<std::path::PathBuf>,
    /// Where the SQLite files and the bots' logs go.
    #[arg(long, default_value_os_t = std::env::temp_dir())]
    dir: std::path::PathBuf,
    /// Check every request body against Discord's OpenAPI spec (costs the fake CPU).
    #[arg(long)]
    validate: bool,
    /// Matches opened at once during set-up.
    #[arg(long, default_value_t = 64)]
    setup_concurrency: usize,
    /// Matches per channel (each channel's thread creations share a rate-limit bucket).
    #[arg(long, default_value_t = 10)]
    per_channel: usize,
    /// Bot processes sharing the token, each running one shard of as many (`--shards K-K
    /// --shard-total P`); more than one needs --store postgres.
    #[arg(long, default_value_t = 1)]
    processes: u32,
    /// The token's global budget, requests per second (the fake enforces it; each bot
    /// process gets its share through DISCORD_REST_PER_SECOND).
    #[arg(long, default_value_t = 50)]
    rest_per_second: u32,
    /// Wait up to this many seconds before each point for the machine to be quiet.
    #[arg(long = "quiet-wait", value_parser = secs, default_value = "600")]
    quiet_wait: Duration,
    /// How many more times a point disturbed by other work is measured.
    #[arg(long, default_value_t = 2)]
    retries: usize,
    /// Threads of this process's runtime (the fake and the players). One carries them at
    /// 1,000 actions per second, and spares the wake-ups and handovers between threads that a
    /// second one costs in CPU.
    #[arg(long, default_value_t = 1)]
    fake_threads: usize,
    /// Exit with status 1 unless every point opened all its matches, committed actions in its
    /// window, answered every click and drew no objection from the fake (a smoke test: `--n
    /// 10 --seconds 2 --warmup 1 --quiet-wait 0 --retries 0 --check`).
    #[arg(long)]
    check: bool,
}

/// A count that may be written with `_` between digits.
fn count(value: &str) -> Result<usize, String> {
    value
        .trim()
        .replace('_', "")
        .parse()
        .map_err(|_| format!("{value:?} is not a number"))
}

fn millis(value: &str) -> Result<Duration, String> {
    count(value).map(|ms| Duration::from_millis(ms as u64))
}

fn secs(value: &str) -> Result<Duration, String> {
    count(value).map(|s| Duration::from_secs(s as u64))
}

impl Args {
    /// The bot binary: `--bot`, or `momojan` in this program's `target/<profile>`.
    fn bot(&self) -> std::path::PathBuf {
        self.bot.clone().unwrap_or_else(|| {
            let here = std::env::current_exe().expect("this program's path");
            let profile = here
                .parent()
                .and_then(|p| p.parent())
                .expect("target/<profile>");
            profile.join("momojan")
        })
    }
}

fn main() {
    let args = <Args as clap::Parser>::parse();
    if args.processes > 1 && args.stores.iter().any(|s| s != "postgres") {
        eprintln!(
            "--processes {} shares one database: use --store postgres",
            args.processes
        );
        std::process::exit(2);
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.fake_threads.max(1))
        .enable_all()
        .build()
        .expect("runtime");
    report::machine(&args.bot());
    let mut points = Vec::new();
    for store in &args.stores {
        for &n in &args.sizes {
            let point = runtime.block_on(measured_point(&args, store, n));
            let overloaded = point.is_overloaded();
            points.push(point);
            if overloaded {
                println!("({store}: stopping here; larger N would only be slower)");
                break;
            }
        }
    }
    report::table(&points);
    if args.check {
        let failed: Vec<String> = points.iter().filter_map(report::Point::failure).collect();
        if !failed.is_empty() {
            eprintln!("check failed:\n{}", failed.join("\n"));
            std::process::exit(1);
        }
        println!("check passed");
    }
}

/// A point measured while nothing else ran on the machine, if that happens within
/// `--retries` more tries; else the least disturbed try.
async fn measured_point(args: &Args, store: &str, n: usize) -> Point {
    let mut best: Option<Point> = None;
    for _ in 0..=args.retries {
        let point = run_point(args, store, n).await;
        report::row(&point);
        let others = point.other_cores();
        if best.as_ref().is_none_or(|b| others < b.other_cores()) {
            best = Some(point);
        }
        if others <= DISTURBED {
            break;
        }
        println!("({others:.2} cores of other work during {store} N={n}: measuring again)");
    }
    best.expect("at least one try")
}

/// Cores of other work in a measured window above which a point is measured again.
const DISTURBED: f64 = 0.25;

/// One store at one N: a fresh database, bot(s) and fake; set-up, warm-up, measured window.
async fn run_point(args: &Args, store: &str, n: usize) -> Point {
    let busy = measure::wait_quiet(0.3, args.quiet_wait).await;
    let load = measure::load_average();
    if busy >= 0.3 {
        println!("({busy:.1} cores busy before {store} N={n}: measured anyway)");
    }
    let db = bot::Database::fresh(store, &args.dir, n).await;
    let fake = Arc::new(FakeDiscord::start().await);
    if !args.validate {
        fake.skip_validation();
    }
    fake.set_global_limit(args.rest_per_second as usize);
    let places = places::Places::new(&fake, n, args.per_channel, args.processes);
    let mut bots = Vec::new();
    for shard in 0..args.processes {
        let log = args.dir.join(format!("load-bot-{store}-{n}-{shard}.log"));
        let shards = (args.processes > 1).then_some((shard, args.processes));
        let started = bot::Bot::start(
            &args.bot(),
            &fake.base,
            db.url(),
            &log,
            shards,
            args.rest_per_second,
        );
        bots.push((started, log));
    }
    wait_for_bots(&fake, &mut bots, args.processes).await;
    let pids: Vec<u32> = bots.iter().map(|(b, _)| b.pid()).collect();
    let rss_before = measure::rss_kib_of(&pids);
    let setup = Instant::now();
    let tables = open_matches(&fake, &places, n, args.setup_concurrency).await;
    let setup = setup.elapsed();
    let opened = tables.len();
    let start = Instant::now() + Duration::from_millis(200);
    let from = start + Duration::from_secs(args.warmup);
    let schedule = |m: usize| Schedule {
        first: start + args.period.mul_f64(m as f64 / opened.max(1) as f64),
        period: args.period,
        from,
        to: from + Duration::from_secs(args.seconds),
    };
    let mut players = Vec::new();
    for (m, table) in tables.into_iter().enumerate() {
        let (fake, schedule) = (fake.clone(), schedule(m));
        players.push(tokio::spawn(async move {
            matches::play(&fake, table, schedule, m as u64).await
        }));
    }
    let window = schedule(0);
    let postmaster = measure::postmaster().filter(|_| store == "postgres");
    tokio::time::sleep_until(window.from.into()).await;
    let first = Snapshot::take(&pids, postmaster, &fake);
    tokio::time::sleep_until(window.to.into()).await;
    let last = Snapshot::take(&pids, postmaster, &fake);
    let budget = report::Budget {
        by_route: fake.budget_by_route(first.budget),
        window: last.budget - first.budget,
        peak: fake.budget_peak(first.budget),
        run_peak: fake.budget_peak(0),
        run_total: fake.budget_used(),
        limit_429s: fake.limit_429s(),
        per_second: args.rest_per_second,
        period: args.period,
    };
    let rss_after = measure::rss_kib_of(&pids);
    let mut tally = Tally::default();
    for p in players {
        let t = p.await.expect("a player task");
        tally.latencies.extend(t.latencies);
        tally.applied += t.applied;
        tally.refused += t.refused;
        tally.unanswered += t.unanswered;
        tally.idle += t.idle;
        tally.ticks += t.ticks;
    }
    let requests = fake.requests()[first.requests..last.requests].to_vec();
    let violations = fake.violations();
    let mut bot_warnings = Vec::new();
    for (bot, log) in bots {
        bot_warnings.extend(bot.stop(&log));
    }
    drop(fake);
    db.drop_it().await;
    Point {
        store: store.to_string(),
        n,
        processes: args.processes,
        opened,
        setup,
        load,
        tally,
        first,
        last,
        rss_before,
        rss_after,
        requests,
        budget,
        violations,
        bot_warnings,
    }
}

/// How long the bots get to connect and register their commands.
const BOTS_READY: Duration = Duration::from_secs(240);

/// Waits until every bot process has a gateway session and the commands are registered.
///
/// # Panics
/// When a bot exits or cannot reach the fake (with the end of its log), or after
/// [`BOTS_READY`].
async fn wait_for_bots(
    fake: &FakeDiscord,
    bots: &mut [(bot::Bot, std::path::PathBuf)],
    processes: u32,
) {
    let until = Instant::now() + BOTS_READY;
    let mut looked = Instant::now();
    while fake.commands().is_empty() || fake.sessions().0 < processes {
        if looked.elapsed() >= Duration::from_millis(250) {
            looked = Instant::now();
            for (bot, log) in bots.iter_mut() {
                if let Some(why) = bot.trouble(log) {
                    panic!("{why}");
                }
            }
        }
        assert!(
            Instant::now() < until,
            "timed out waiting for every bot process ({} s)",
            BOTS_READY.as_secs()
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Opens `n` matches, `concurrency` at a time, each in its place; a match that fails to open
/// is reported and left out.
async fn open_matches(
    fake: &Arc<FakeDiscord>,
    places: &places::Places,
    n: usize,
    concurrency: usize,
) -> Vec<matches::Table> {
    let gate = Arc::new(tokio::sync::Semaphore::new(concurrency));
    let mut tasks = Vec::new();
    for m in 0..n {
        let (fake, gate, place) = (fake.clone(), gate.clone(), places.of(m));
        tasks.push(tokio::spawn(async move {
            let _turn = gate.acquire().await.expect("the gate stays open");
            matches::open(&fake, m as u64, place).await
        }));
    }
    let mut tables = Vec::new();
    for (m, task) in tasks.into_iter().enumerate() {
        match task.await.expect("a set-up task") {
            Ok(table) => tables.push(table),
            Err(why) => eprintln!("match {m} did not open: {why}"),
        }
    }
    tables
}
