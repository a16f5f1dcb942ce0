//! The bot under load: `momojan run` as a child process, and the fresh database it runs on.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The running bot; killed if it is dropped still running.
pub struct Bot {
    child: Child,
    binary: PathBuf,
    /// The fake's address it was given.
    api_base: String,
}

/// The proxy variables reqwest (the bot's HTTP client) obeys. The bot reaches the fake on
/// 127.0.0.1: a proxy set for the machine's own traffic (apt's, say) would get the bot's
/// requests instead, and a proxy cannot reach this machine's loopback — each request would
/// fail with serenity's "Error while sending HTTP request" until the runner gave up.
const PROXY_VARIABLES: [&str; 6] = [
    "http_proxy",
    "HTTP_PROXY",
    "https_proxy",
    "HTTPS_PROXY",
    "all_proxy",
    "ALL_PROXY",
];

/// The bot's requests to the fake about the gateway that got no answer, after which it is
/// taken to be unable to reach it (the bot waits 2, 4, 8 s… between them: about 6 s).
const GATEWAY_FAILURES: usize = 3;

impl Bot {
    /// Starts `binary run` against the fake at `api_base`, logging to `log`: shard `K` of
    /// `P` when `shards` is `Some((K, P))`, with the token's budget of `per_second`.
    ///
    /// # Panics
    /// If the binary cannot be started (build it with `--features test-support`).
    pub fn start(
        binary: &Path,
        api_base: &str,
        database_url: &str,
        log: &Path,
        shards: Option<(u32, u32)>,
        per_second: u32,
    ) -> Bot {
        let out = std::fs::File::create(log).expect("the bot's log file");
        let mut command = Command::new(binary);
        command.arg("run");
        if let Some((shard, total)) = shards {
            command.args([
                "--shards".to_string(),
                shard.to_string(),
                "--shard-total".to_string(),
                total.to_string(),
            ]);
        }
        for variable in PROXY_VARIABLES {
            command.env_remove(variable);
        }
        let child = command
            .env("DISCORD_REST_PER_SECOND", per_second.to_string())
            .env("DISCORD_TOKEN", "MTAx.fake.token")
            .env("MOMOJAN_DISCORD_API_BASE", api_base)
            .env("DATABASE_URL", database_url)
            .stdout(out.try_clone().expect("the log file"))
            .stderr(out)
            .stdin(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{}: {e}", binary.display()));
        Bot {
            child,
            binary: binary.to_path_buf(),
            api_base: api_base.to_string(),
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Why the bot, still starting, will not become ready: it has exited, or it cannot reach
    /// the fake; the end of its log `log` with it. `None` while it may yet.
    pub fn trouble(&mut self, log: &Path) -> Option<String> {
        let text = std::fs::read_to_string(log).unwrap_or_default();
        let tail = || {
            let lines: Vec<&str> = text.lines().collect();
            lines[lines.len().saturating_sub(10)..].join("\n")
        };
        if let Ok(Some(status)) = self.child.try_wait() {
            return Some(format!(
                "the bot ({}) exited ({status}) before it was ready; the end of its log:\n{}",
                log.display(),
                tail()
            ));
        }
        if text.contains("MOMOJAN_DISCORD_API_BASE is ignored") {
            return Some(format!(
                "the bot {} lacks the test-support feature: it would ask the real Discord \
                 (cargo build --release --locked --features test-support --bin momojan)",
                self.binary.display()
            ));
        }
        let failures = text
            .lines()
            .filter(|l| {
                // A request that got no answer at all (not a 429, which a second process's
                // start may meet).
                l.contains("could not ask Discord about the bot's gateway")
                    && l.contains("Error while sending HTTP request")
            })
            .count();
        (failures >= GATEWAY_FAILURES).then(|| {
            format!(
                "the bot ({}) cannot reach the fake Discord at {}; the end of its log:\n{}",
                log.display(),
                self.api_base,
                tail()
            )
        })
    }

    /// Stops the bot as an operator would (SIGTERM; SIGKILL after 10 s) and returns its
    /// log's warning and error lines.
    pub fn stop(mut self, log: &Path) -> Vec<String> {
        let _ = Command::new("kill")
            .args(["-TERM", &self.pid().to_string()])
            .status();
        let until = Instant::now() + Duration::from_secs(10);
        while Instant::now() < until && matches!(self.child.try_wait(), Ok(None)) {
            std::thread::sleep(Duration::from_millis(50));
        }
        std::fs::read_to_string(log)
            .unwrap_or_default()
            .lines()
            .filter(|l| l.contains("WARN") || l.contains("ERROR"))
            .map(str::to_string)
            .collect()
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// A database for one point of the run, removed afterwards.
pub enum Database {
    /// (the file, its URL)
    Sqlite(PathBuf, String),
    /// (the database's URL, the server's URL it was created on)
    Postgres(String, String),
}

impl Database {
    /// A new SQLite file in `dir`, or a new database on `MOMOJAN_TEST_POSTGRES`'s server.
    ///
    /// # Panics
    /// On an unknown store, or PostgreSQL without `MOMOJAN_TEST_POSTGRES`.
    pub async fn fresh(store: &str, dir: &Path, n: usize) -> Database {
        match store {
            "sqlite" => {
                let path = dir.join(format!("load-{n}.db"));
                remove_sqlite(&path);
                let url = format!("sqlite://{}", path.display());
                Database::Sqlite(path, url)
            }
            "postgres" => {
                let server = std::env::var("MOMOJAN_TEST_POSTGRES")
                    .expect("--store postgres needs MOMOJAN_TEST_POSTGRES (scripts/pg-cluster.sh)");
                let for_it = server.clone();
                let url = tokio::task::spawn_blocking(move || {
                    crate::fake_discord::players::fresh_postgres_database_on(&for_it)
                })
                .await
                .expect("a fresh PostgreSQL database");
                Database::Postgres(url, server)
            }
            other => panic!("--store takes sqlite or postgres, not {other}"),
        }
    }

    pub fn url(&self) -> &str {
        match self {
            Database::Sqlite(_, url) | Database::Postgres(url, _) => url,
        }
    }

    /// Removes the database (after the bot has stopped).
    pub async fn drop_it(self) {
        match self {
            Database::Sqlite(path, _) => remove_sqlite(&path),
            Database::Postgres(url, server) => {
                use sqlx::Connection;
                let name = url.rsplit('/').next().unwrap_or_default().to_string();
                if let Ok(mut conn) = sqlx::PgConnection::connect(&server).await {
                    let drop = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
                    let _ = sqlx::raw_sql(&drop).execute(&mut conn).await;
                }
            }
        }
    }
}

fn remove_sqlite(path: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}
