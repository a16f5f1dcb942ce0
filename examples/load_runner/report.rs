//! One measured point and how it is printed: a Markdown row per point as it finishes, the
//! whole table at the end.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::matches::Tally;
use crate::measure::Snapshot;

/// What the window spent of the bot token's global budget.
pub struct Budget {
    /// Requests that used the budget, per route.
    pub by_route: BTreeMap<String, usize>,
    /// All of them.
    pub window: usize,
    /// The most in any one second of the window, and of the whole run (set-up included).
    pub peak: usize,
    pub run_peak: usize,
    /// Requests of the whole run that used the budget (set-up included).
    pub run_total: usize,
    /// 429s of the whole run: (global, routes').
    pub limit_429s: (usize, usize),
    /// The token's limit, requests per second.
    pub per_second: u32,
    /// One match's time between two actions.
    pub period: Duration,
}

impl Budget {
    /// Budget requests per committed action.
    pub fn per_action(&self, actions: f64) -> f64 {
        self.window as f64 / actions
    }

    /// How many matches at this pace one token's budget carries: its requests per second
    /// over what one match spends per second. With nothing spent in the window, the bound
    /// that one request would have given (so "at least").
    pub fn capacity(&self, actions: f64) -> (f64, bool) {
        let per_match_per_second = |per_action: f64| per_action / self.period.as_secs_f64();
        let spent = self.window.max(1) as f64 / actions;
        (
            f64::from(self.per_second) / per_match_per_second(spent),
            self.window == 0,
        )
    }
}

/// Handling p99 above which a larger N is not tried.
const OVERLOADED_P99: Duration = Duration::from_secs(1);

pub struct Point {
    pub store: String,
    pub n: usize,
    /// Bot processes (one shard each when more than one).
    pub processes: u32,
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
    /// What the window spent of the token's global budget.
    pub budget: Budget,
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

    /// The token capacity as printed: matches, "≥" when the window spent nothing.
    fn capacity(&self) -> String {
        let (matches, at_least) = self.budget.capacity(self.actions());
        let sign = if at_least { "≥ " } else { "" };
        format!("{sign}{:.0}", matches)
    }

    /// Over a second at p99, or clicks left unanswered: a larger N tells nothing more.
    pub fn is_overloaded(&self) -> bool {
        self.percentile(0.99) > OVERLOADED_P99 || self.tally.unanswered > 0
    }

    /// What went wrong in the point, for `--check`: matches that did not open, no action
    /// committed in the window, clicks unanswered, objections of the fake.
    pub fn failure(&self) -> Option<String> {
        let mut wrong = Vec::new();
        if self.opened < self.n {
            wrong.push(format!("{} of {} matches opened", self.opened, self.n));
        }
        if self.tally.applied == 0 {
            wrong.push("no action committed in the window".to_string());
        }
        if self.tally.unanswered > 0 {
            wrong.push(format!("{} clicks unanswered", self.tally.unanswered));
        }
        if !self.violations.is_empty() {
            wrong.push(format!("fake violations: {:?}", self.violations));
        }
        (!wrong.is_empty()).then(|| format!("{} N={}: {}", self.store, self.n, wrong.join("; ")))
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

const HEADER: &str = "| store | bots | N | load avg | handling p50 / p99 / max (ms) | actions/s | REST/action | budget/action | token capacity (matches) | budget peak/s | 429s | bot CPU/action (ms) | bot cores | RSS/match (KiB) | fake+players cores | PG cores | other cores | refused / unanswered / idle ticks |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|";

fn markdown(p: &Point) -> String {
    let (bot_ms, _, _) = p.cpu_per_action();
    let rss = (p.rss_after as f64 - p.rss_before as f64) / p.opened.max(1) as f64;
    format!(
        "| {} | {} | {} | {} | {} / {} / {} | {:.0} | {:.2} | {:.4} | {} | {} | {} | {:.2} | {:.2} | {:.0} | {:.2} | {:.2} | {:.2} | {} / {} / {} |",
        p.store,
        p.processes,
        p.opened,
        p.load,
        ms(p.percentile(0.5)),
        ms(p.percentile(0.99)),
        ms(p.percentile(1.0)),
        p.tally.applied as f64 / p.seconds(),
        p.requests.len() as f64 / p.actions(),
        p.budget.per_action(p.actions()),
        p.capacity(),
        p.budget.peak,
        p.budget.limit_429s.0 + p.budget.limit_429s.1,
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
        "  REST per action: {:.2} callbacks, {:.2} hand edits, {:.2} table edits, {:.2} \
         follow-ups (tables, notices), {:.2} channel posts, {:.2} deletions, {:.2} other; {} \
         fake violations, {} bot warnings",
        per(p.count(|m, path| m == "POST" && path.ends_with("/callback"))),
        per(p.count(|m, path| m == "PATCH" && path.ends_with("/@original"))),
        per(p.count(|m, path| m == "PATCH" && !path.ends_with("/@original"))),
        per(p.count(|m, path| m == "POST" && path.starts_with("/webhooks/"))),
        per(p.count(|m, path| m == "POST"
            && path.starts_with("/channels/")
            && path.ends_with("/messages"))),
        per(p.count(|m, _| m == "DELETE")),
        per(p.count(|m, path| {
            !(m == "POST"
                && (path.ends_with("/callback")
                    || path.starts_with("/webhooks/")
                    || path.ends_with("/messages")))
                && m != "PATCH"
                && m != "DELETE"
        })),
        p.violations.len(),
        p.bot_warnings.len(),
    );
    println!(
        "  budget: {} requests in the window ({:.4} per action, peak {} in a second, token \
         limit {}/s; over the whole run {}, peak {} in a second); token capacity {} matches at \
         one action per {:.1} s; 429s over the run: {} global, {} of routes; by route: {:?}",
        p.budget.window,
        p.budget.per_action(p.actions()),
        p.budget.peak,
        p.budget.per_second,
        p.budget.run_total,
        p.budget.run_peak,
        p.capacity(),
        p.budget.period.as_secs_f64(),
        p.budget.limit_429s.0,
        p.budget.limit_429s.1,
        p.budget.by_route,
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
    for line in memory_a_match_more(points) {
        println!("{line}");
    }
}

/// What one live match more costs in memory, from two points of one store: the difference of
/// their RSS at the end of the window over the difference of their matches. A point's own
/// RSS/match also carries what a bot under any load holds at all (its allocator's pages and
/// SQLite's caches, grown with the first matches), and its RSS before the matches open
/// varies by several MiB with start-up work not yet given back.
fn memory_a_match_more(points: &[Point]) -> Vec<String> {
    let mut lines = Vec::new();
    for (i, small) in points.iter().enumerate() {
        let larger = points[i + 1..].iter().find(|p| {
            p.store == small.store && p.processes == small.processes && p.opened > small.opened
        });
        if let Some(large) = larger {
            let kib = (large.rss_after as f64 - small.rss_after as f64)
                / (large.opened - small.opened) as f64;
            lines.push(format!(
                "memory a live match more ({}, {} → {} matches): {kib:.1} KiB",
                small.store, small.opened, large.opened
            ));
        }
    }
    lines
}
