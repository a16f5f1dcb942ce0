//! Bot configuration from the environment (and `.env`). The token is never logged.

use std::fmt;

/// Everything the bot needs to start.
#[derive(Clone)]
pub struct BotConfig {
    pub token: String,
    pub database_url: String,
    /// Register commands in this guild only (instant, for development).
    pub dev_guild_id: Option<u64>,
    /// TEST ONLY: send REST calls to this base (e.g. `http://127.0.0.1:PORT`) instead of
    /// `https://discord.com`; the gateway URL then comes from that server's `/gateway`.
    #[cfg(feature = "test-support")]
    pub api_base: Option<String>,
    /// How often expired challenges are looked for and marked on their message.
    pub challenge_sweep: std::time::Duration,
    /// How often turns past their deadline are looked for (and played for their player).
    pub timer_sweep: std::time::Duration,
    /// The clock deadlines are measured on (tests use a manual one).
    pub clock: crate::clock::Clock,
    /// How long the computer waits before its move in a practice match.
    pub computer_pause: std::time::Duration,
    /// How often work left over is looked for again: practice matches' computer moves that
    /// are due (after a restart, or one that failed) and outbox entries waiting for a retry.
    pub computer_sweep: std::time::Duration,
    /// The hard computer's budget per decision (`COMPUTER_THINK_MS`, default 250 ms; tests
    /// set a small sample count instead, as debug builds are slow). `None`: the default.
    pub hard_budget: Option<crate::games::interface::Budget>,
    /// How long command registration is retried at start-up before the bot gives up and
    /// exits (a bot that cannot register would be alive and deaf).
    pub registration_limit: std::time::Duration,
    /// TEST ONLY: every new match gets this deck seed and first dealer (not settable from
    /// the environment).
    #[cfg(feature = "test-support")]
    pub fixed_deal: Option<(
        crate::games::interface::deal::DeckSeed,
        crate::games::interface::seat::Seat,
    )>,
    /// The Discord shards this process runs (`--shards A-B --shard-total N`); `None`: every
    /// shard Discord recommends, as one process.
    pub shards: Option<ShardRange>,
    /// The cards' faces as application emojis (`CARD_ART`, on unless `off`).
    pub card_art: super::emoji::CardArtConfig,
    /// How REST requests reach Discord: the token's budget, and a REST proxy if any.
    pub rest: RestConfig,
}

/// How REST requests reach Discord.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RestConfig {
    /// The bot token's global limit, requests per second (`DISCORD_REST_PER_SECOND`;
    /// Discord's 50 unless it raised the bot's). Each process paces itself to its share of
    /// it (`budget::share`).
    pub per_second: u32,
    /// A Discord REST proxy to send every request through (`DISCORD_REST_PROXY`, e.g.
    /// `http://rest-proxy:8080`): it serves Discord's API under the same paths and keeps the
    /// bot's rate limits for every process behind it. serenity's own rate limiter is then
    /// off (serenity 0.12 ignores a proxy while it is on).
    pub proxy: Option<String>,
}

impl Default for RestConfig {
    fn default() -> RestConfig {
        RestConfig {
            per_second: super::budget::DISCORD_PER_SECOND,
            proxy: None,
        }
    }
}

/// A range of Discord shards, both ends included, out of a total.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardRange {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl ShardRange {
    /// `A-B` (or `K` for one shard) out of `total`: `A <= B < total`.
    ///
    /// # Errors
    /// What is wrong, in one line.
    pub fn parse(spec: &str, total: u32) -> Result<ShardRange, String> {
        let number = |s: &str| {
            s.trim()
                .parse::<u32>()
                .map_err(|_| format!("--shards takes A-B or K (shard numbers), not {spec:?}"))
        };
        let (first, last) = match spec.split_once('-') {
            Some((a, b)) => (number(a)?, number(b)?),
            None => {
                let k = number(spec)?;
                (k, k)
            }
        };
        if total == 0 {
            return Err("--shard-total must be at least 1".into());
        }
        if first > last || last >= total {
            return Err(format!(
                "--shards {spec} is not a range of shards 0 to {} (A <= B < --shard-total)",
                total - 1
            ));
        }
        Ok(ShardRange { first, last, total })
    }

    /// The range to give serenity 0.12's `Client::start_shard_range`, which starts every
    /// shard from `range.start` up to and *including* `range.end` (it passes `range.end` on
    /// as the last shard: `start_connection(range.start, range.end, total)` in
    /// `client/mod.rs`), so `first..last`, not `first..last + 1`.
    pub fn serenity_range(self) -> std::ops::Range<u32> {
        self.first..self.last
    }

    /// The IDENTIFY rate-limit buckets of these shards when Discord lets `max_concurrency`
    /// shards identify at once (Discord: shard `id` is in bucket `id % max_concurrency`).
    pub fn buckets(self, max_concurrency: u64) -> Vec<u32> {
        let per = u32::try_from(max_concurrency.max(1)).unwrap_or(u32::MAX);
        let mut buckets: Vec<u32> = (self.first..=self.last).map(|id| id % per).collect();
        buckets.sort_unstable();
        buckets.dedup();
        buckets
    }
}

impl fmt::Debug for BotConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BotConfig")
            .field("token", &"<redacted>")
            .field("database_url", &self.database_url)
            .field("dev_guild_id", &self.dev_guild_id)
            .field("shards", &self.shards)
            .field("card_art", &self.card_art)
            .field("rest", &self.rest)
            .finish_non_exhaustive()
    }
}

/// A configuration problem, stated in one line.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error(
        "DISCORD_TOKEN is not set: copy .env.example to .env and put your bot token in it (see README.md)"
    )]
    MissingToken,
    #[error("DEV_GUILD_ID must be a server id (a number), not {0:?}")]
    BadGuildId(String),
    #[error("COMPUTER_THINK_MS must be a number of milliseconds from 20 to 5000, not {0:?}")]
    BadThinkTime(String),
    #[error("CARD_ART must be on or off, not {0:?}")]
    BadCardArt(String),
    #[error("DISCORD_REST_PER_SECOND must be a number of requests per second from 1 to 10000, not {0:?}")]
    BadRestBudget(String),
    #[error("DISCORD_REST_PROXY must be an http:// or https:// address, not {0:?}")]
    BadRestProxy(String),
}

impl BotConfig {
    /// Reads `DISCORD_TOKEN`, `DATABASE_URL`, `DEV_GUILD_ID` (and, in test builds only,
    /// `MOMOJAN_DISCORD_API_BASE`) from the environment, after loading `.env` if present.
    ///
    /// # Errors
    /// [`ConfigError`] when the token is missing or a value is malformed.
    pub fn from_env() -> Result<BotConfig, ConfigError> {
        let _ = dotenvy::dotenv();
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let token = var("DISCORD_TOKEN").ok_or(ConfigError::MissingToken)?;
        let dev_guild_id = match var("DEV_GUILD_ID") {
            None => None,
            Some(v) => Some(v.trim().parse().map_err(|_| ConfigError::BadGuildId(v))?),
        };
        Ok(BotConfig {
            token,
            database_url: var("DATABASE_URL")
                .unwrap_or_else(|| crate::service::DEFAULT_DATABASE_URL.to_string()),
            dev_guild_id,
            #[cfg(feature = "test-support")]
            api_base: var("MOMOJAN_DISCORD_API_BASE"),
            challenge_sweep: std::time::Duration::from_secs(30),
            timer_sweep: sweep_every(std::time::Duration::from_secs(5)),
            clock: crate::clock::Clock::system(),
            registration_limit: registration_limit(),
            computer_pause: std::time::Duration::from_millis(1500),
            computer_sweep: sweep_every(std::time::Duration::from_secs(30)),
            hard_budget: think_budget(var("COMPUTER_THINK_MS"))?,
            #[cfg(feature = "test-support")]
            fixed_deal: None,
            shards: None,
            card_art: super::emoji::CardArtConfig {
                enabled: card_art_enabled(var("CARD_ART"))?,
                ..Default::default()
            },
            rest: rest_config(var("DISCORD_REST_PER_SECOND"), var("DISCORD_REST_PROXY"))?,
        })
    }
}

/// `DISCORD_REST_PER_SECOND` (1–10000, default 50) and `DISCORD_REST_PROXY` (a URL).
fn rest_config(
    per_second: Option<String>,
    proxy: Option<String>,
) -> Result<RestConfig, ConfigError> {
    let per_second = match per_second {
        None => super::budget::DISCORD_PER_SECOND,
        Some(text) => text
            .trim()
            .parse()
            .ok()
            .filter(|n| (1..=10_000).contains(n))
            .ok_or(ConfigError::BadRestBudget(text))?,
    };
    let proxy = match proxy {
        None => None,
        Some(url) => {
            let url = url.trim().trim_end_matches('/').to_string();
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                return Err(ConfigError::BadRestProxy(url));
            }
            Some(url)
        }
    };
    Ok(RestConfig { per_second, proxy })
}

/// `CARD_ART`: `on` (the default) or `off` (also `true`/`false`, `1`/`0`, `yes`/`no`).
fn card_art_enabled(value: Option<String>) -> Result<bool, ConfigError> {
    let Some(text) = value else {
        return Ok(true);
    };
    match text.trim().to_ascii_lowercase().as_str() {
        "on" | "true" | "1" | "yes" => Ok(true),
        "off" | "false" | "0" | "no" => Ok(false),
        _ => Err(ConfigError::BadCardArt(text)),
    }
}

/// Two minutes, or (test builds only) `MOMOJAN_REGISTRATION_SECS`.
fn registration_limit() -> std::time::Duration {
    #[cfg(feature = "test-support")]
    if let Some(secs) = std::env::var("MOMOJAN_REGISTRATION_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return std::time::Duration::from_secs(secs);
    }
    std::time::Duration::from_secs(120)
}

/// How often due turns and left-over work are swept: `default`, or (test builds only)
/// `MOMOJAN_SWEEP_MS`, so a test of the real binary sees them within its run.
fn sweep_every(default: std::time::Duration) -> std::time::Duration {
    #[cfg(feature = "test-support")]
    if let Some(ms) = std::env::var("MOMOJAN_SWEEP_MS")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return std::time::Duration::from_millis(ms);
    }
    default
}

/// The hard computer's time per decision from `COMPUTER_THINK_MS` (20–5000 ms).
fn think_budget(
    value: Option<String>,
) -> Result<Option<crate::games::interface::Budget>, ConfigError> {
    let Some(text) = value else {
        return Ok(None);
    };
    let ms: u64 = text
        .trim()
        .parse()
        .ok()
        .filter(|ms| (20..=5000).contains(ms))
        .ok_or_else(|| ConfigError::BadThinkTime(text.clone()))?;
    Ok(Some(crate::games::interface::Budget {
        time: Some(std::time::Duration::from_millis(ms)),
        ..crate::games::interface::Budget::default()
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_fall_in_the_identify_bucket_of_their_id_modulo_max_concurrency() {
        let range = ShardRange::parse("2-5", 8).unwrap();
        assert_eq!(range.buckets(1), vec![0], "one bucket for the whole bot");
        assert_eq!(range.buckets(4), vec![0, 1, 2, 3]);
        assert_eq!(range.buckets(16), vec![2, 3, 4, 5]);
        assert_eq!(ShardRange::parse("1", 2).unwrap().buckets(2), vec![1]);
        assert_eq!(range.buckets(0), vec![0], "a limit of 0 read as 1");
    }

    #[test]
    fn the_think_time_is_a_bounded_number_of_milliseconds() {
        assert_eq!(think_budget(None).unwrap(), None);
        let budget = think_budget(Some("400".into())).unwrap().unwrap();
        assert_eq!(budget.time, Some(std::time::Duration::from_millis(400)));
        for bad in ["0", "9999", "fast", ""] {
            assert!(think_budget(Some(bad.into())).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_rest_budget_is_discords_fifty_unless_set_and_a_proxy_is_an_http_address() {
        assert_eq!(rest_config(None, None).unwrap(), RestConfig::default());
        let set = rest_config(Some("120".into()), Some("http://proxy:8080/".into())).unwrap();
        assert_eq!(set.per_second, 120);
        assert_eq!(set.proxy.as_deref(), Some("http://proxy:8080"));
        for bad in ["0", "fast", "20000"] {
            assert!(rest_config(Some(bad.into()), None).is_err(), "{bad}");
        }
        assert!(rest_config(None, Some("proxy:8080".into())).is_err());
    }

    #[test]
    fn card_art_is_on_unless_switched_off() {
        assert!(card_art_enabled(None).unwrap());
        for on in ["on", "ON", "true", "1", "yes"] {
            assert!(card_art_enabled(Some(on.into())).unwrap(), "{on}");
        }
        for off in ["off", "Off", "false", "0", "no", " off "] {
            assert!(!card_art_enabled(Some(off.into())).unwrap(), "{off}");
        }
        assert!(card_art_enabled(Some("maybe".into())).is_err());
    }
}
