//! One measured point and how it is printed: a Markdown row per point as it finishes, the
//! whole table at the end.

use std::time::Duration;

use crate::matches::Tally;
use crate::measure::Snapshot;

/// Handling p99 above which a larger N is not tried.
const OVERLOADED_P99: Duration = Duration::from_secs(1);

pub struct Point {
    pub store: String,
    pub n: usize,
    pub opened: usize,
    pub setup: Duration,
    /// `uptime`'s load averages just before the point started.
    pub load: String,
    pub tally: Tally,
    pub first: Snapshot,
    pub last: Snapshot,
    pub rss_before: u64,
    pub rss_after: u64,
    /// The REST requests of the window, as (method, path).
    pub requests: Vec<(String, String)>,
    pub violations: Vec<String>,
    pub bot_warnings: Vec<String>,
}

impl Point {
    fn seconds(&self) -> f64 {
        (self.last.at - self.first.at).as_secs_f64()
    }

    fn actions(&self) -> f64 {
        self.tally.applied.max(1) as f64
    }

    fn percentile(&self, q: f64) -> Duration {
        let mut sorted = self.tally.latencies.clone();
        sorted.sort();
        if sorted.is_empty() {
            return Duration::ZERO;
        }
        sorted[((sorted.len() - 1) as f64 * q).round() as usize]
    }

    /// Over a second at p99, or clicks left unanswered: a larger N tells nothing more.
    pub fn is_overloaded(&self) -> bool {
        self.percentile(0.99) > OVERLOADED_P99 || self.tally.unanswered > 0
    }

    /// Cores used by other work on the machine in the window (other builds).
    pub fn other_cores(&self) -> f64 {
        self.cores(self.first.machine_busy, self.last.machine_busy)
            - self.cores(self.first.bot, self.last.bot)
            - self.cores(self.first.runner, self.last.runner)
            - self.cores(self.first.postgres, self.last.postgres)
    }

    /// CPU milliseconds per committed action of the bot, this process, and PostgreSQL.
    fn cpu_per_action(&self) -> (f64, f64, f64) {
        let per = |a: f64, b: f64| (b - a) * 1000.0 / self.actions();
        (
            per(self.first.bot, self.last.bot),
            per(self.first.runner, self.last.runner),
            per(self.first.postgres, self.last.postgres),
        )
    }

    /// Share of one core used, over the window.
    fn cores(&self, a: f64, b: f64) -> f64 {
        (b - a) / self.seconds()
    }

    fn count(&self, f: impl Fn(&str, &str) -> bool) -> usize {
        self.requests.iter().filter(|(m, p)| f(m, p)).count()
    }
}

fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}

/// The machine, once at the start.
pub fn machine(bot: &std::path::Path) {
    let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .unwrap_or_default()
        .lines()
        .find_map(|l| {
            l.strip_prefix("model name")
                .map(|m| m.trim_start_matches([' ', '\t', ':']).to_string())
        })
        .unwrap_or_default();
    println!("machine: {cpus} cores ({model}); bot: {}", bot.display());
}

const HEADER: &str = "| store | N | load avg | handling p50 / p99 / max (ms) | actions/s | REST/action | bot CPU/action (ms) | bot cores | RSS/match (KiB) | fake+players cores | PG cores | other cores | refused / unanswered / idle ticks |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|";

fn markdown(p: &Point) -> String {
    let (bot_ms, _, _) = p.cpu_per_action();
    let rss = (p.rss_after as f64 - p.rss_before as f64) / p.opened.max(1) as f64;
    format!(
        "| {} | {} | {} | {} / {} / {} | {:.0} | {:.2} | {:.2} | {:.2} | {:.0} | {:.2} | {:.2} | {:.2} | {} / {} / {} |",
        p.store,
        p.opened,
        p.load,
        ms(p.percentile(0.5)),
        ms(p.percentile(0.99)),
        ms(p.percentile(1.0)),
        p.tally.applied as f64 / p.seconds(),
        p.requests.len() as f64 / p.actions(),
        bot_ms,
        p.cores(p.first.bot, p.last.bot),
        rss,
        p.cores(p.first.runner, p.last.runner),
        p.cores(p.first.postgres, p.last.postgres),
        p.other_cores(),
        p.tally.refused,
        p.tally.unanswered,
        p.tally.idle,
    )
}

/// A point as soon as it is measured, with the details behind its row.
pub fn row(p: &Point) {
    let (bot_ms, runner_ms, pg_ms) = p.cpu_per_action();
    let per = |n: usize| n as f64 / p.actions();
    println!("{HEADER}\n{}", markdown(p));
    println!(
        "  {} of {} matches opened in {:.1} s; window {:.1} s, {} ticks, {} clicks answered; \
         CPU per action: bot {bot_ms:.2} ms, fake+players {runner_ms:.2} ms, PostgreSQL {pg_ms:.2} ms; \
         RSS {} → {} KiB",
        p.opened,
        p.n,
        p.setup.as_secs_f64(),
        p.seconds(),
        p.tally.ticks,
        p.tally.latencies.len(),
        p.rss_before,
        p.rss_after,
    );
    println!(
        "  REST per action: {:.2} callbacks, {:.2} hand edits, {:.2} table edits, {:.2} posts, \
         {:.2} deletions, {:.2} other; {} fake violations, {} bot warnings",
        per(p.count(|m, path| m == "POST" && path.ends_with("/callback"))),
        per(p.count(|m, path| m == "PATCH" && path.starts_with("/webhooks/"))),
        per(p.count(|m, path| m == "PATCH" && path.starts_with("/channels/"))),
        per(p.count(|m, path| m == "POST" && path.ends_with("/messages"))),
        per(p.count(|m, _| m == "DELETE")),
        per(p.count(|m, path| {
            !(m == "POST" && (path.ends_with("/callback") || path.ends_with("/messages")))
                && m != "PATCH"
                && m != "DELETE"
        })),
        p.violations.len(),
        p.bot_warnings.len(),
    );
    for v in p.violations.iter().take(3) {
        println!("  violation: {v}");
    }
    for w in p.bot_warnings.iter().take(3) {
        println!("  bot: {w}");
    }
}

/// Every point, as one table.
pub fn table(points: &[Point]) {
    println!("\n{HEADER}");
    for p in points {
        println!("{}", markdown(p));
    }
}
