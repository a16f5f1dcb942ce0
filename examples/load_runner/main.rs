//! Capacity of one bot process: the real `momojan run` (a release build with the
//! `test-support` feature, for its Discord API base) as a child process, against the fake
//! Discord in this process, with N matches each taking one action every 3 seconds (human
//! pace) from its players' live hands. After a warm-up, a measured window reports handling
//! time (interaction sent on the gateway → its callback received, in the fake), actions per
//! second, REST calls per action, CPU per action of the bot, of this process (the fake and
//! the players) and of PostgreSQL, and the bot's resident memory per live match.
//!
//! ```sh
//! cargo build --release --locked --features test-support --bin momojan --example load_runner
//! target/release/examples/load_runner --store sqlite,postgres --n 100,300,1000,3000 --seconds 60
//! ```
//!
//! PostgreSQL runs need `MOMOJAN_TEST_POSTGRES` (`scripts/pg-cluster.sh start`); every point
//! gets a fresh database (or SQLite file) and a fresh bot.

mod bot;
#[allow(dead_code)] // the tests' fake: this runner uses a few of its moves
#[path = "../../tests/discord/fake_discord/mod.rs"]
mod fake_discord;
mod matches;
mod measure;
mod report;

use std::sync::Arc;
use std::time::{Duration, Instant};

use fake_discord::FakeDiscord;
use matches::{Schedule, Tally};
use measure::Snapshot;
use report::Point;

/// The command line.
#[derive(Debug, Clone)]
struct Args {
    stores: Vec<String>,
    sizes: Vec<usize>,
    seconds: u64,
    warmup: u64,
    period: Duration,
    bot: std::path::PathBuf,
    dir: std::path::PathBuf,
    validate: bool,
    setup_concurrency: usize,
    /// Wait up to this long before each point for the machine to be quiet.
    quiet_wait: Duration,
    /// How many more times a point disturbed by other work is measured.
    retries: usize,
}

fn list<T: std::str::FromStr>(value: &str) -> Vec<T> {
    value
        .split(',')
        .map(|v| {
            v.trim()
                .replace('_', "")
                .parse()
                .ok()
                .expect("a list of values")
        })
        .collect()
}

fn parse_args() -> Args {
    let here = std::env::current_exe().expect("this program's path");
    let release = here
        .parent()
        .and_then(|p| p.parent())
        .expect("target/release");
    let mut args = Args {
        stores: vec!["sqlite".into()],
        sizes: vec![100, 300, 1_000, 3_000],
        seconds: 60,
        warmup: 15,
        period: Duration::from_secs(3),
        bot: release.join("momojan"),
        dir: std::env::temp_dir(),
        validate: false,
        setup_concurrency: 64,
        quiet_wait: Duration::from_secs(600),
        retries: 2,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--store" => args.stores = list(&value()),
            "--n" => args.sizes = list(&value()),
            "--seconds" => args.seconds = value().parse().expect("--seconds N"),
            "--warmup" => args.warmup = value().parse().expect("--warmup N"),
            "--period-ms" => args.period = Duration::from_millis(value().parse().expect("ms")),
            "--bot" => args.bot = value().into(),
            "--dir" => args.dir = value().into(),
            "--setup-concurrency" => args.setup_concurrency = value().parse().expect("N"),
            "--validate" => args.validate = true,
            "--retries" => args.retries = value().parse().expect("--retries N"),
            "--quiet-wait" => args.quiet_wait = Duration::from_secs(value().parse().expect("s")),
            other => panic!("unknown argument {other} (see the file's doc comment)"),
        }
    }
    args
}

fn main() {
    let args = parse_args();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    report::machine(&args.bot);
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

/// One store at one N: a fresh database, bot and fake; set-up, warm-up, measured window.
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
    let log = args.dir.join(format!("load-bot-{store}-{n}.log"));
    let bot = bot::Bot::start(&args.bot, &fake.base, db.url(), &log);
    fake.wait_ready().await;
    let rss_before = measure::rss_kib(bot.pid());
    let setup = Instant::now();
    let tables = open_matches(&fake, n, args.setup_concurrency).await;
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
    let first = Snapshot::take(bot.pid(), postmaster, fake.request_count());
    tokio::time::sleep_until(window.to.into()).await;
    let last = Snapshot::take(bot.pid(), postmaster, fake.request_count());
    let rss_after = measure::rss_kib(bot.pid());
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
    let bot_warnings = bot.stop(&log);
    drop(fake);
    db.drop_it().await;
    Point {
        store: store.to_string(),
        n,
        opened,
        setup,
        load,
        tally,
        first,
        last,
        rss_before,
        rss_after,
        requests,
        violations,
        bot_warnings,
    }
}

/// Opens `n` matches, `concurrency` at a time; a match that fails to open is reported and
/// left out.
async fn open_matches(
    fake: &Arc<FakeDiscord>,
    n: usize,
    concurrency: usize,
) -> Vec<matches::Table> {
    let gate = Arc::new(tokio::sync::Semaphore::new(concurrency));
    let mut tasks = Vec::new();
    for m in 0..n {
        let (fake, gate) = (fake.clone(), gate.clone());
        tasks.push(tokio::spawn(async move {
            let _turn = gate.acquire().await.expect("the gate stays open");
            matches::open(&fake, m as u64).await
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
