//! What the runner reads from `/proc`: CPU time of the bot, of this process (the fake and its
//! players), of the PostgreSQL server, of the whole machine, and the bot's resident memory.

use std::time::Instant;

/// Linux's `USER_HZ`: `/proc` counts CPU time in hundredths of a second.
const TICKS_PER_SECOND: f64 = 100.0;

/// CPU seconds (user + system, every thread) of process `pid`; 0 if it is gone.
pub fn cpu_seconds(pid: u32) -> f64 {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| ticks_of(&stat))
        .map_or(0.0, |t| t as f64 / TICKS_PER_SECOND)
}

/// utime + stime of one `/proc/<pid>/stat` line (fields 14 and 15, counted after the
/// parenthesised command name, which may hold spaces).
fn ticks_of(stat: &str) -> Option<u64> {
    let after = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = after.split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

/// The PostgreSQL server of `scripts/pg-cluster.sh` (`PG_CLUSTER_DIR`): its postmaster's
/// pid. Other clusters on the machine are not counted.
pub fn postmaster() -> Option<u32> {
    let dir = std::env::var("PG_CLUSTER_DIR").ok()?;
    let pid = std::fs::read_to_string(format!("{dir}/data/postmaster.pid")).ok()?;
    pid.lines().next()?.trim().parse().ok()
}

/// CPU seconds of the PostgreSQL server whose postmaster is `postmaster`: it and its
/// children (the backends, the writers); 0 without one.
pub fn postgres_cpu_seconds(postmaster: Option<u32>) -> f64 {
    let (Some(postmaster), Ok(entries)) = (postmaster, std::fs::read_dir("/proc")) else {
        return 0.0;
    };
    let ticks: u64 = entries
        .flatten()
        .filter_map(|e| std::fs::read_to_string(e.path().join("stat")).ok())
        .filter(|stat| {
            let pid = stat.split_whitespace().next().and_then(|p| p.parse().ok());
            pid == Some(postmaster) || parent_of(stat) == Some(postmaster)
        })
        .filter_map(|stat| ticks_of(&stat))
        .sum();
    ticks as f64 / TICKS_PER_SECOND
}

/// The parent pid of one `/proc/<pid>/stat` line (field 4).
fn parent_of(stat: &str) -> Option<u32> {
    let after = &stat[stat.rfind(')')? + 2..];
    after.split_whitespace().nth(1)?.parse().ok()
}

/// The machine's CPU seconds in processes (user, nice, system), summed over all cores, from
/// `/proc/stat`: interrupt and softirq time (our own loopback traffic) and steal are left out,
/// as they are of the per-process counts.
pub fn machine_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/stat").unwrap_or_default();
    let ticks: u64 = stat
        .lines()
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .skip(1)
        .take(3)
        .filter_map(|v| v.parse::<u64>().ok())
        .sum();
    ticks as f64 / TICKS_PER_SECOND
}

/// Resident memory of process `pid` in KiB (`VmRSS`).
pub fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// `uptime`'s three load averages.
pub fn load_average() -> String {
    let text = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    text.split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Resident memory of the processes `pids` together, in KiB.
pub fn rss_kib_of(pids: &[u32]) -> u64 {
    pids.iter().map(|pid| rss_kib(*pid)).sum()
}

/// Every counter at one moment.
#[derive(Debug, Clone, Copy)]
pub struct Snapshot {
    pub at: Instant,
    /// CPU seconds of every bot process together.
    pub bot: f64,
    pub runner: f64,
    pub postgres: f64,
    pub machine_busy: f64,
    /// REST requests the fake received so far.
    pub requests: usize,
    /// Of them, those that used the token's global budget.
    pub budget: usize,
}

impl Snapshot {
    pub fn take(
        bots: &[u32],
        postmaster: Option<u32>,
        fake: &crate::fake_discord::FakeDiscord,
    ) -> Snapshot {
        Snapshot {
            at: Instant::now(),
            bot: bots.iter().map(|pid| cpu_seconds(*pid)).sum(),
            runner: cpu_seconds(std::process::id()),
            postgres: postgres_cpu_seconds(postmaster),
            machine_busy: machine_seconds(),
            requests: fake.request_count(),
            budget: fake.budget_used(),
        }
    }
}

/// Waits until the machine is quiet (under `threshold` cores busy over 3 s, so no other build
/// runs beside the measurement), at most `limit`; returns the cores busy at the last look.
pub async fn wait_quiet(threshold: f64, limit: std::time::Duration) -> f64 {
    let until = Instant::now() + limit;
    loop {
        let busy0 = machine_seconds();
        tokio::time::sleep(std::time::Duration::from_secs(3)).await;
        let busy1 = machine_seconds();
        let cores = (busy1 - busy0) / 3.0;
        if cores < threshold || Instant::now() >= until {
            return cores;
        }
    }
}
