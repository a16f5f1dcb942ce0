//! A local fake Discord that speaks the real protocol: REST under `/api/v10` and a gateway
//! websocket, on 127.0.0.1 with an ephemeral port. It keeps every message, ephemeral message
//! and thread in memory so a test can read what each user sees, validates every request body
//! the bot sends (see `validate.rs`), and lets a test act as users: run slash commands and
//! click the buttons the bot actually sent.

pub mod cards;
pub mod emoji;
pub mod multipart;
mod validate;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::State as AxumState;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};
use tokio::sync::mpsc;

#[allow(dead_code)] // for examples/load_runner.rs, which runs the fake on its own
pub mod load;
pub mod players;
#[cfg(test)] // the real bot process of the tests (examples have no CARGO_BIN_EXE)
pub mod random_players;
pub mod ratelimit;
#[cfg(test)]
mod same_bytes;

pub const APP_ID: u64 = 775_799_577_604_522_054;
pub const GUILD_ID: u64 = 290_926_798_626_357_999;
pub const CHANNEL_ID: u64 = 645_027_906_669_510_667;
/// Discord's deadline for the first response to an interaction.
pub const CALLBACK_DEADLINE: Duration = Duration::from_secs(3);
/// Discord: "Interaction tokens are valid for 15 minutes" (receiving-and-responding); past
/// that, webhook requests with the token answer 401 `Invalid Webhook Token` (50027).
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);
/// Discord checks an enforced nonce "for uniqueness in the past few minutes" (Create
/// Message); the fake takes five minutes of its own clock.
pub const NONCE_WINDOW: Duration = Duration::from_secs(5 * 60);

/// A simulated Discord user.
#[derive(Debug, Clone)]
pub struct User {
    pub id: u64,
    pub name: String,
    pub bot: bool,
    /// The user's Discord client language (an interaction's `locale`).
    pub locale: String,
    /// The member's permissions in the channel (a decimal bit set, as Discord sends it).
    pub permissions: String,
    /// Where the user's interactions come from: (guild, channel).
    pub place: (u64, u64),
}

impl User {
    pub fn new(id: u64, name: &str) -> User {
        User {
            id,
            name: name.into(),
            bot: false,
            locale: "en-US".into(),
            permissions: "2147483647".into(),
            place: (GUILD_ID, CHANNEL_ID),
        }
    }

    /// The same user acting in `channel` of `guild` (a guild the fake knows: see
    /// [`FakeDiscord::add_guild`]).
    pub fn in_guild(mut self, guild: u64, channel: u64) -> User {
        self.place = (guild, channel);
        self
    }

    /// Another application's bot user.
    pub fn bot(id: u64, name: &str) -> User {
        User {
            bot: true,
            ..User::new(id, name)
        }
    }

    /// The same user without the Manage Server permission (and most others).
    pub fn without_manage_server(mut self) -> User {
        self.permissions = "3072".into(); // view channel + send messages
        self
    }

    /// The same user with their Discord client in another language.
    pub fn with_locale(mut self, locale: &str) -> User {
        self.locale = locale.into();
        self
    }
}

/// A message as users see it.
#[derive(Debug, Clone)]
pub struct Msg {
    pub id: u64,
    pub channel_id: u64,
    /// `Some(user)` for an ephemeral message only that user sees.
    pub visible_to: Option<u64>,
    pub content: String,
    pub embeds: Vec<Value>,
    pub components: Vec<Value>,
    /// The interaction token whose response this is, if any.
    pub token: Option<String>,
    /// The `nonce` the message was created with (an integer nonce as its decimal string).
    pub nonce: Option<String>,
    /// Files attached to it (multipart requests).
    pub files: Vec<multipart::Upload>,
}

impl Msg {
    /// A copy of this message with one more button (`custom_id`), as a message drawn by an
    /// older version of the bot could carry: Discord then sends that id with this message.
    pub fn with_button(&self, custom_id: &str) -> Msg {
        let mut m = self.clone();
        m.components.push(serde_json::json!({
            "type": 1,
            "components": [{ "type": 2, "style": 2, "label": "old", "custom_id": custom_id }],
        }));
        m
    }

    /// Every custom id of the message's buttons and selects.
    pub fn custom_ids(&self) -> Vec<String> {
        self.components_in_rows()
            .filter_map(|c| c["custom_id"].as_str().map(str::to_string))
            .collect()
    }

    /// Whether a button or select of the message has `custom_id` (without collecting every id:
    /// each simulated click asks).
    pub fn has_custom_id(&self, custom_id: &str) -> bool {
        self.components_in_rows()
            .any(|c| c["custom_id"].as_str() == Some(custom_id))
    }

    /// The buttons and selects of every action row, borrowed (the rows stay the message's).
    pub fn components_in_rows(&self) -> impl Iterator<Item = &Value> {
        (self.components.iter()).flat_map(|row| row["components"].as_array().into_iter().flatten())
    }

    /// All visible text (content, embeds, labels).
    pub fn text(&self) -> String {
        let mut out = self.content.clone();
        for e in &self.embeds {
            out.push('\n');
            out.push_str(&e.to_string());
        }
        for row in &self.components {
            out.push('\n');
            out.push_str(&row.to_string());
        }
        out
    }
}

/// The bot's answer to one interaction.
#[derive(Debug, Clone)]
pub struct Callback {
    pub interaction_id: String,
    pub body: Value,
    /// Interaction sent on the gateway → callback request received.
    pub latency: Duration,
}

impl Callback {
    pub fn kind(&self) -> u64 {
        self.body["type"].as_u64().unwrap_or(0)
    }

    pub fn is_ephemeral(&self) -> bool {
        self.body["data"]["flags"].as_u64().unwrap_or(0) & 64 != 0
    }

    pub fn content(&self) -> String {
        self.body["data"]["content"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }
}

struct Pending {
    interaction_id: String,
    user: u64,
    channel: u64,
    /// When the interaction was created (the fake's clock): the token's age counts from here.
    created: Instant,
    /// When it was sent on the gateway (the fake's clock), for the 3-second deadline.
    sent: Option<Instant>,
    /// The message the clicked component is on.
    component_message: Option<u64>,
    /// The message the callback created (for `@original`).
    original: Option<u64>,
}

#[derive(Default)]
struct State {
    next_id: u64,
    /// Every message by id: ids grow, so this is also the order they were created in.
    messages: BTreeMap<u64, Msg>,
    pending: HashMap<String, Pending>,
    callbacks: HashMap<String, Callback>,
    /// Told of every callback recorded (players wait for theirs on it).
    callback_arrived: Arc<tokio::sync::Notify>,
    commands: Vec<Value>,
    violations: Vec<String>,
    requests: Vec<(String, String)>,
    identifies: u32,
    resumes: u32,
    /// Simulated slowness of message edits, and how many edits of one message overlapped.
    edit_delay: Duration,
    /// Simulated slowness of new messages in one channel.
    post_delay: Option<(u64, Duration)>,
    edits_in_flight: HashMap<u64, usize>,
    max_edits_in_flight: usize,
    rate_limited: usize,
    /// Guild locale sent with interactions.
    guild_locale: String,
    /// Injected failures: requests whose method and path match answer with an error.
    faults: Vec<Fault>,
    /// How far the fake's clock runs ahead of real time (`FakeDiscord::advance`).
    clock_offset: Duration,
    /// Requests refused because their interaction token was 15 minutes old or more.
    expired_token_uses: usize,
    /// Violations about interaction tokens (expired or unknown).
    token_violations: usize,
    /// Messages a thread was started from (the thread's id is the message's).
    threaded_messages: HashSet<u64>,
    /// The name each thread was created with, by its id.
    thread_names: HashMap<u64, String>,
    /// Deleted channels and threads: anything sent there answers 404 Unknown Channel.
    deleted_channels: HashSet<u64>,
    /// Nonces of the bot's channel messages: (nonce, message, created at on the fake's clock).
    nonces: Vec<(String, u64, Instant)>,
    /// An injected global 429 is in force until then: any request before is a violation.
    global_blocked_until: Option<Instant>,
    /// Injected route 429s in force: (method, path fragment, until).
    route_blocked: Vec<(&'static str, String, Instant)>,
    /// The files of the request being handled, taken by the message it creates or edits.
    incoming_files: Vec<multipart::Upload>,
    /// Every file the bot uploaded: the request's method and path, and the file.
    uploads: Vec<(String, String, multipart::Upload)>,
    /// Guilds besides [`GUILD_ID`] the bot is in (each goes to its shard's connection).
    extra_guilds: Vec<u64>,
    /// The guild of each channel besides [`CHANNEL_ID`] (see [`FakeDiscord::add_channel`]).
    channel_guilds: HashMap<u64, u64>,
    /// Discord refuses an IDENTIFY whose shard would carry more guilds than this with close
    /// code 4011 "Sharding required" (2,500 on Discord).
    max_guilds_per_shard: usize,
    /// What `/gateway/bot` recommends, and its `session_start_limit.max_concurrency`.
    recommended_shards: u32,
    max_concurrency: u32,
    /// Session starts left (`session_start_limit.remaining`), counted down per IDENTIFY.
    session_starts_used: u32,
    /// Whether IDENTIFYs are held to Discord's pace (one per 5 s per rate-limit bucket).
    identify_pacing: bool,
    /// Every IDENTIFY: (shard, when, on the fake's clock).
    identify_log: Vec<(u32, Instant)>,
    /// IDENTIFYs sent while their bucket was still closed.
    identify_violations: usize,
    /// Every IDENTIFY sent, refused ones included: (shard, when, on the fake's clock).
    identify_attempts: Vec<(u32, Instant)>,
    /// The application's emojis (`emoji.rs`).
    emojis: Vec<emoji::StoredEmoji>,
    /// Request bodies are not checked against the OpenAPI spec (`load.rs`: load runs).
    skip_validation: bool,
    /// Discord's global limit and per-route buckets, and the requests that used the budget.
    limits: ratelimit::RateLimits,
    /// Users each of whose ephemeral messages is kept as it was created and after each edit
    /// (`FakeDiscord::record_ephemerals_of`), in `recorded`.
    recorded_users: HashSet<u64>,
    recorded: Vec<Msg>,
}

/// An injected failure of one route, as Discord answers it.
struct Fault {
    method: &'static str,
    /// A fragment of the path after `/api/v10` (e.g. `/commands`).
    path: String,
    status: u16,
    /// How many more requests fail; `None`: all of them.
    remaining: Option<u32>,
    /// A 429 instead of `status`: (global, retry_after).
    rate_limit: Option<(bool, Duration)>,
}

impl State {
    /// The fake's "now": real time plus whatever the test advanced the clock by.
    fn now(&self) -> Instant {
        Instant::now() + self.clock_offset
    }

    fn snowflake(&mut self) -> u64 {
        self.next_id += 1;
        1_100_000_000_000_000_000 + self.next_id
    }
}

enum Outgoing {
    Dispatch(&'static str, Payload),
    Close,
}

/// An event's `d` already written as JSON: the sender writes it once (a closed connection
/// hands it back as it is, for the next one).
type Payload = Box<serde_json::value::RawValue>;

/// `d` written as JSON, once.
fn payload_of(d: &impl serde::Serialize) -> Payload {
    serde_json::value::to_raw_value(d).expect("an event is JSON")
}

/// How many times its stated bound a wait for a condition lasts before it fails.
pub const PATIENCE: u32 = 4;

/// The fake Discord. Dropping it stops the server.
pub struct FakeDiscord {
    pub base: String,
    state: Arc<Mutex<State>>,
    gateway: Arc<Mutex<Option<mpsc::UnboundedSender<Outgoing>>>>,
    connections: Connections,
    #[allow(dead_code)] // shared with the gateway sessions; the handle itself is not read
    seq: Arc<AtomicU64>,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.server.abort();
    }
}

#[derive(Clone)]
struct Shared {
    state: Arc<Mutex<State>>,
    gateway: Arc<Mutex<Option<mpsc::UnboundedSender<Outgoing>>>>,
    connections: Connections,
    seq: Arc<AtomicU64>,
    /// Shared, not copied: axum clones the state for every request.
    ws_url: Arc<str>,
}

/// Every identified connection: (shard, total, sender).
type Connections = Arc<Mutex<Vec<(u32, u32, mpsc::UnboundedSender<Outgoing>)>>>;

/// Discord: "each shard only receives events for guilds it is in": guild → shard
/// `(guild_id >> 22) % num_shards`.
pub fn shard_of(guild: u64, total: u32) -> u32 {
    ((guild >> 22) % u64::from(total.max(1))) as u32
}

/// Discord: "Sharding is required for apps in 2,500 or more guilds" (close code 4011).
pub const MAX_GUILDS_PER_SHARD: usize = 2_500;

/// Discord: shards whose `shard_id % max_concurrency` is equal share a rate-limit key, and
/// each key allows one IDENTIFY per 5 seconds.
pub const IDENTIFY_WINDOW: Duration = Duration::from_secs(5);

impl FakeDiscord {
    /// Starts the fake on an ephemeral port of 127.0.0.1.
    pub async fn start() -> FakeDiscord {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let state = State {
            recommended_shards: 1,
            max_concurrency: 1,
            max_guilds_per_shard: MAX_GUILDS_PER_SHARD,
            ..State::default()
        };
        let shared = Shared {
            state: Arc::new(Mutex::new(state)),
            gateway: Arc::default(),
            connections: Arc::default(),
            seq: Arc::default(),
            ws_url: format!("ws://{addr}/ws").into(),
        };
        let app = Router::new()
            .route("/ws", get(ws_handler))
            .fallback(rest)
            .with_state(shared.clone());
        // Discord's servers send each gateway event at once; with Nagle's algorithm on, a
        // small frame written while the one before is unacknowledged would wait for the
        // bot's delayed ACK (up to 40 ms on Linux), which is the fake's delay, not the bot's.
        use axum::serve::ListenerExt;
        let listener = listener.tap_io(|tcp| {
            let _ = tcp.set_nodelay(true);
        });
        let server = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        FakeDiscord {
            base: format!("http://{addr}"),
            state: shared.state,
            gateway: shared.gateway,
            connections: shared.connections,
            seq: shared.seq,
            server,
        }
    }

    /// Every problem found in what the bot sent so far.
    pub fn violations(&self) -> Vec<String> {
        self.state.lock().unwrap().violations.clone()
    }

    /// Fails the test if the bot sent anything Discord would refuse.
    pub fn assert_no_violations(&self) {
        let v = self.violations();
        assert!(
            v.is_empty(),
            "the bot sent invalid requests:\n{}",
            v.join("\n")
        );
    }

    /// Moves the fake's clock forward by `by` (real time passes too): interaction tokens,
    /// nonces and rate limits age by it.
    pub fn advance(&self, by: Duration) {
        self.state.lock().unwrap().clock_offset += by;
    }

    /// How many requests the fake refused because their interaction token was 15 minutes
    /// old or more (each also a violation).
    pub fn expired_token_uses(&self) -> usize {
        self.state.lock().unwrap().expired_token_uses
    }

    /// How many of the violations are about interaction tokens (expired or unknown).
    pub fn token_violations(&self) -> usize {
        self.state.lock().unwrap().token_violations
    }

    /// Deletes a message as a user or moderator would (a player dismissing their
    /// ephemeral, a moderator removing a table): later requests for it answer 404 Unknown
    /// Message (10008), as Discord does.
    pub fn delete_message(&self, id: u64) {
        self.state.lock().unwrap().messages.remove(&id);
    }

    /// Deletes a channel or thread as a moderator would: its messages go with it, and any
    /// request to `/channels/{id}/...` answers 404 Unknown Channel (10003).
    pub fn delete_channel(&self, id: u64) {
        let mut s = self.state.lock().unwrap();
        s.deleted_channels.insert(id);
        s.messages.retain(|_, m| m.channel_id != id);
    }

    /// Makes `method` requests whose path contains `path` answer 429 as Discord does
    /// (`retry_after` in the body and the `retry-after` header; for a global limit also
    /// `x-ratelimit-global: true` and `x-ratelimit-scope: global`), `times` times (`None`:
    /// until the test ends). Until `retry_after` has passed, any request to that route — or,
    /// for a global limit, any request at all — is a violation and answers 429 again.
    pub fn fail_rate_limited(
        &self,
        method: &'static str,
        path: &str,
        global: bool,
        retry_after: Duration,
        times: Option<u32>,
    ) {
        self.state.lock().unwrap().faults.push(Fault {
            method,
            path: path.to_string(),
            status: 429,
            remaining: times,
            rate_limit: Some((global, retry_after)),
        });
    }

    /// Makes every message edit take `delay` (to see whether edits overlap).
    pub fn set_edit_delay(&self, delay: Duration) {
        self.state.lock().unwrap().edit_delay = delay;
    }

    /// Makes every new message in `channel` take `delay` to be created (a slow post, to see
    /// what the bot does meanwhile).
    pub fn set_post_delay(&self, channel: u64, delay: Duration) {
        self.state.lock().unwrap().post_delay = Some((channel, delay));
    }

    /// The most edits of one message that were in flight at once.
    pub fn max_edits_in_flight(&self) -> usize {
        self.state.lock().unwrap().max_edits_in_flight
    }

    /// Makes `method` requests whose path contains `path` answer `status` with Discord's
    /// error body, `times` times (`None`: until the test ends). The emoji routes:
    /// `fail("POST", "/emojis", 500, None)`.
    pub fn fail(&self, method: &'static str, path: &str, status: u16, times: Option<u32>) {
        self.state.lock().unwrap().faults.push(Fault {
            method,
            path: path.to_string(),
            status,
            remaining: times,
            rate_limit: None,
        });
    }

    /// The application's emojis, in the order they were created.
    pub fn emojis(&self) -> Vec<emoji::StoredEmoji> {
        self.state.lock().unwrap().emojis.clone()
    }

    /// Adds an emoji to the application as its owner would on the developer portal (not
    /// through the bot): returns its id.
    pub fn add_emoji(&self, name: &str, png: &[u8]) -> u64 {
        let mut s = self.state.lock().unwrap();
        let id = s.snowflake();
        s.emojis.push(emoji::StoredEmoji {
            id,
            name: name.into(),
            png: png.to_vec(),
        });
        id
    }

    /// How many `method` requests the bot made on the application's emojis.
    pub fn emoji_requests(&self, method: &str) -> usize {
        self.requests()
            .iter()
            .filter(|(m, path)| m == method && path.contains("/emojis"))
            .count()
    }

    /// How many 429 answers the fake gave.
    pub fn rate_limited(&self) -> usize {
        self.state.lock().unwrap().rate_limited
    }

    /// 429s for Discord's global limit and for routes' buckets (`ratelimit.rs`).
    pub fn limit_429s(&self) -> (usize, usize) {
        let s = self.state.lock().unwrap();
        (s.limits.global_429s, s.limits.route_429s)
    }

    /// Sets the global limit to `per_second` requests per bot token (Discord's 50 unless set).
    pub fn set_global_limit(&self, per_second: usize) {
        self.state.lock().unwrap().limits.global_per_second = Some(per_second);
    }

    /// Refills every route's bucket `by` times sooner than the fake's usual limits (the
    /// sizes stay, and so does the global limit). Discord publishes no bucket and says not to
    /// hard-code one: the bot reads each from the headers, which say the same. For tests of
    /// play, not of pacing: a whole game of four live hands otherwise spends most of its time
    /// waiting for each player's webhook bucket (5 edits per 2 s) to refill.
    pub fn quicken_route_buckets(&self, by: u32) {
        self.state.lock().unwrap().limits.quicker = by;
    }

    /// Gives every route `template` (e.g. `POST /channels/{channel_id}/messages`) a bucket of
    /// its own size, or (`None`) none.
    pub fn set_route_limit(&self, template: &str, limit: Option<ratelimit::Limit>) {
        self.state
            .lock()
            .unwrap()
            .limits
            .set_route_limit(template, limit);
    }

    /// The bot process was killed: the 429s it was answered die with it (see
    /// `RateLimits::forget_waits`), so the next process is not blamed for waits it never saw.
    pub fn forget_waits(&self) {
        self.state.lock().unwrap().limits.forget_waits();
    }

    /// How many requests have used the global budget so far (every route but the
    /// interaction endpoints).
    pub fn budget_used(&self) -> usize {
        self.state.lock().unwrap().limits.budget_log.len()
    }

    /// The requests that used the global budget from the `from`-th on ([`Self::budget_used`]
    /// earlier), per route.
    pub fn budget_by_route(&self, from: usize) -> BTreeMap<String, usize> {
        let s = self.state.lock().unwrap();
        let mut by = BTreeMap::new();
        for (_, route) in s.limits.budget_log.iter().skip(from) {
            *by.entry(route.clone()).or_default() += 1;
        }
        by
    }

    /// The most requests that used the global budget within any one second (the fake's
    /// clock), from the `from`-th on.
    pub fn budget_peak(&self, from: usize) -> usize {
        let s = self.state.lock().unwrap();
        let times: Vec<Instant> = s
            .limits
            .budget_log
            .iter()
            .skip(from)
            .map(|(t, _)| *t)
            .collect();
        let mut peak = 0;
        let mut start = 0;
        for end in 0..times.len() {
            while times[end].duration_since(times[start]) >= ratelimit::GLOBAL_WINDOW {
                start += 1;
            }
            peak = peak.max(end - start + 1);
        }
        peak
    }

    /// The guild's locale as interactions report it (`en-US` unless set).
    pub fn set_guild_locale(&self, locale: &str) {
        self.state.lock().unwrap().guild_locale = locale.into();
    }

    fn guild_locale(&self) -> String {
        self.state.lock().unwrap().guild_locale()
    }

    /// How many REST requests the bot has made.
    pub fn request_count(&self) -> usize {
        self.state.lock().unwrap().requests.len()
    }

    /// Every file the bot uploaded, in order: the request's method and path, and the file.
    pub fn uploads(&self) -> Vec<(String, String, multipart::Upload)> {
        self.state.lock().unwrap().uploads.clone()
    }

    /// The name thread `id` was created with.
    pub fn thread_name(&self, id: u64) -> Option<String> {
        self.state.lock().unwrap().thread_names.get(&id).cloned()
    }

    /// Every REST request so far, as (method, path).
    pub fn requests(&self) -> Vec<(String, String)> {
        self.state.lock().unwrap().requests.clone()
    }

    pub fn commands(&self) -> Vec<Value> {
        self.state.lock().unwrap().commands.clone()
    }

    /// Adds a guild the bot is in (its GUILD_CREATE goes to its shard's connection).
    pub fn add_guild(&self, guild: u64) {
        self.state.lock().unwrap().extra_guilds.push(guild);
    }

    /// Adds a text channel to a guild added with [`FakeDiscord::add_guild`] (listed in its
    /// GUILD_CREATE): users placed there with [`User::in_guild`] act from it.
    pub fn add_channel(&self, guild: u64, channel: u64) {
        self.state
            .lock()
            .unwrap()
            .channel_guilds
            .insert(channel, guild);
    }

    /// How many guilds one shard may carry before an IDENTIFY for it is closed with 4011
    /// "Sharding required" ([`MAX_GUILDS_PER_SHARD`] unless set; Discord's is 2,500).
    pub fn require_sharding_over(&self, guilds: usize) {
        self.state.lock().unwrap().max_guilds_per_shard = guilds;
    }

    /// The fake's gateway address (`ws://…`), for tests that speak the gateway themselves.
    pub fn gateway_url(&self) -> String {
        format!("{}/ws", self.base.replacen("http://", "ws://", 1))
    }

    /// What `/gateway/bot` answers: the recommended shard count and `max_concurrency`.
    pub fn set_gateway_bot(&self, shards: u32, max_concurrency: u32) {
        let mut s = self.state.lock().unwrap();
        s.recommended_shards = shards;
        s.max_concurrency = max_concurrency.max(1);
    }

    /// Holds IDENTIFYs to Discord's pace: a second one in a rate-limit bucket within 5 s is
    /// counted as a violation and answered with Invalid Session. Off by default: the other
    /// tests restart their bot within seconds on purpose.
    pub fn pace_identifies(&self) {
        self.state.lock().unwrap().identify_pacing = true;
    }

    /// IDENTIFYs sent while their bucket was closed.
    pub fn identify_violations(&self) -> usize {
        self.state.lock().unwrap().identify_violations
    }

    /// How long apart the first and the last IDENTIFY came (zero with fewer than two).
    pub fn identify_spread(&self) -> Duration {
        let s = self.state.lock().unwrap();
        match (s.identify_log.first(), s.identify_log.last()) {
            (Some((_, first)), Some((_, last))) => last.duration_since(*first),
            _ => Duration::ZERO,
        }
    }

    /// How long after the first IDENTIFY of shard `first` the first one of shard `then` was
    /// sent, refused ones included (`None` until both have been sent).
    pub fn first_identify_gap(&self, first: u32, then: u32) -> Option<Duration> {
        let s = self.state.lock().unwrap();
        let at = |shard: u32| {
            (s.identify_attempts.iter())
                .find(|(of, _)| *of == shard)
                .map(|(_, at)| *at)
        };
        Some(at(then)?.saturating_duration_since(at(first)?))
    }

    /// Every IDENTIFY's shard, in order.
    pub fn identified_shards(&self) -> Vec<u32> {
        let s = self.state.lock().unwrap();
        s.identify_log.iter().map(|(shard, _)| *shard).collect()
    }

    /// Runs `/momojan <sub>` as `user` in `guild` (delivered on that guild's shard only);
    /// `None` when no callback comes within Discord's deadline.
    pub async fn slash_in(
        &self,
        guild: u64,
        user: &User,
        sub: &str,
        options: Value,
    ) -> Option<Callback> {
        let (id, mut d) = self.command_interaction(user, sub, options, None, false);
        d["guild_id"] = json!(guild.to_string());
        d["authorizing_integration_owners"] = json!({ "0": guild.to_string() });
        self.try_dispatch_interaction(&id, d).await
    }

    /// IDENTIFY and RESUME counts seen on the gateway.
    pub fn sessions(&self) -> (u32, u32) {
        let s = self.state.lock().unwrap();
        (s.identifies, s.resumes)
    }

    /// Waits until `cond` holds of the state, or fails after [`PATIENCE`] × `timeout`: the
    /// bounds tests give are what a quiet machine needs, and a busy one (CI beside other
    /// builds) may take several times that; waiting longer costs nothing when all is well.
    pub async fn wait_for(
        &self,
        what: &str,
        timeout: Duration,
        cond: impl Fn(&FakeDiscord) -> bool,
    ) {
        let until = Instant::now() + timeout * PATIENCE;
        while !cond(self) {
            assert!(Instant::now() < until, "timed out waiting for {what}");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    /// Waits for the bot to connect and register its commands.
    pub async fn wait_ready(&self) {
        self.wait_for(
            "the bot to register its commands",
            Duration::from_secs(30),
            |f| !f.commands().is_empty(),
        )
        .await;
    }

    /// Drops the gateway connection (the bot must resume or reconnect).
    pub fn drop_gateway(&self) {
        if let Some(tx) = self.gateway.lock().unwrap().take() {
            let _ = tx.send(Outgoing::Close);
        }
    }

    /// From now on, every ephemeral message of `user` is kept as created and after each edit.
    pub fn record_ephemerals_of(&self, user: &User) {
        self.state.lock().unwrap().recorded_users.insert(user.id);
    }

    /// Every version of the ephemerals of recorded users (see
    /// [`FakeDiscord::record_ephemerals_of`]) that `user` received, oldest first.
    pub fn recorded_ephemerals(&self, user: &User) -> Vec<Msg> {
        let s = self.state.lock().unwrap();
        s.recorded
            .iter()
            .filter(|m| m.visible_to == Some(user.id))
            .cloned()
            .collect()
    }

    /// Messages `user` can see: public ones and their own ephemerals.
    pub fn visible_to(&self, user: &User) -> Vec<Msg> {
        self.state
            .lock()
            .unwrap()
            .messages
            .values()
            .filter(|m| m.visible_to.is_none_or(|u| u == user.id))
            .cloned()
            .collect()
    }

    /// The newest message `user` can see that `keep` keeps (cloning only that one: a long
    /// game's thousands of hands would otherwise be copied on every look).
    pub fn newest_visible(&self, user: &User, keep: impl Fn(&Msg) -> bool) -> Option<Msg> {
        self.state
            .lock()
            .unwrap()
            .messages
            .values()
            .rev()
            .find(|m| m.visible_to.is_none_or(|u| u == user.id) && keep(m))
            .cloned()
    }

    /// Every message of every user (for checks across everything).
    /// Whether any message (ephemeral ones included) is one `keep` keeps, copying none.
    pub fn any_message(&self, keep: impl Fn(&Msg) -> bool) -> bool {
        self.state.lock().unwrap().messages.values().any(keep)
    }

    pub fn all_messages(&self) -> Vec<Msg> {
        self.state
            .lock()
            .unwrap()
            .messages
            .values()
            .cloned()
            .collect()
    }

    /// Runs `/momojan <sub>` as `user` (in the guild channel, or in a DM) and waits for the
    /// bot's answer, failing the test past Discord's 3-second deadline.
    pub async fn slash(&self, user: &User, sub: &str, options: Value, in_dm: bool) -> Callback {
        let (id, d) = self.command_interaction(user, sub, options, None, in_dm);
        self.dispatch_interaction(&id, d).await
    }

    /// A `/momojan <sub>` interaction of `user` (with `resolved` users for user options).
    pub(super) fn command_interaction(
        &self,
        user: &User,
        sub: &str,
        options: Value,
        resolved: Option<Value>,
        in_dm: bool,
    ) -> (String, Value) {
        let (id, token) = self.new_interaction(user, None);
        let command_id = self
            .commands()
            .first()
            .and_then(|c| c["id"].as_str().map(String::from));
        let locale = self.guild_locale();
        let mut d = base_interaction(&id, &token, user, in_dm, &locale);
        d["type"] = json!(2);
        d["data"] = json!({
            "id": command_id.unwrap_or_else(|| "1".into()),
            "name": "momojan",
            "type": 1,
            "options": [{ "type": 1, "name": sub, "options": options }],
        });
        if let Some(resolved) = resolved {
            d["data"]["resolved"] = resolved;
        }
        (id, d)
    }

    /// A click on `custom_id` of `message` by `user` (picking `values` of a select).
    pub(super) fn component_interaction(
        &self,
        user: &User,
        message: &Msg,
        custom_id: &str,
        values: Option<Vec<String>>,
    ) -> (String, Value) {
        let (id, mut d) = self.component_interaction_but_message(user, message, custom_id, values);
        d["message"] = message_json(message);
        (id, d)
    }

    /// A component interaction without its `message` (which [`WithMessage`] writes straight
    /// from the stored message).
    pub(super) fn component_interaction_but_message(
        &self,
        user: &User,
        message: &Msg,
        custom_id: &str,
        values: Option<Vec<String>>,
    ) -> (String, Value) {
        let mut s = self.state.lock().unwrap();
        s.component_interaction_but_message(
            user,
            (message.id, message.channel_id),
            custom_id,
            values,
        )
    }
}

impl State {
    /// [`FakeDiscord::component_interaction_but_message`] under a lock already held, for
    /// the message `(id, channel)`.
    pub(super) fn component_interaction_but_message(
        &mut self,
        user: &User,
        (message, channel): (u64, u64),
        custom_id: &str,
        values: Option<Vec<String>>,
    ) -> (String, Value) {
        let (id, token) = self.new_interaction(user, Some(message));
        let locale = self.guild_locale();
        let mut d = base_interaction(&id, &token, user, false, &locale);
        d["type"] = json!(3);
        d["data"] = match values {
            None => json!({ "custom_id": custom_id, "component_type": 2 }),
            Some(v) => json!({ "custom_id": custom_id, "component_type": 3, "values": v }),
        };
        d["channel_id"] = json!(channel.to_string());
        (id, d)
    }

    /// Creates an interaction of `user` (on `component_message`, for a click): its (id, token).
    fn new_interaction(&mut self, user: &User, component_message: Option<u64>) -> (String, String) {
        let id = self.snowflake().to_string();
        let token = format!("token-{id}");
        let created = self.now();
        // A click happens where its message is (a match's thread); a command where the user is.
        let channel = component_message
            .and_then(|m| self.messages.get(&m))
            .map_or(user.place.1, |m| m.channel_id);
        self.pending.insert(
            token.clone(),
            Pending {
                interaction_id: id.clone(),
                user: user.id,
                channel,
                created,
                sent: None,
                component_message,
                original: None,
            },
        );
        (id, token)
    }

    /// The guild's locale as interactions report it (`en-US` unless set).
    fn guild_locale(&self) -> String {
        if self.guild_locale.is_empty() {
            "en-US".into()
        } else {
            self.guild_locale.clone()
        }
    }
}

impl FakeDiscord {
    /// Runs `/momojan <sub> <option>:@target` (a USER option, resolved as Discord does).
    pub async fn slash_with_user(
        &self,
        user: &User,
        sub: &str,
        option: &str,
        target: &User,
    ) -> Callback {
        let (options, resolved) = user_option(option, target);
        let (id, d) = self.command_interaction(user, sub, options, Some(resolved), false);
        self.dispatch_interaction(&id, d).await
    }

    /// `/momojan challenge opponent:@target game:<game>`: poise sends a choice as its index
    /// among the hosted games.
    pub async fn challenge(
        &self,
        user: &User,
        target: &User,
        game: momojan::games::registry::GameId,
    ) -> Callback {
        let index = momojan::games::registry::GameId::HOSTED
            .iter()
            .position(|g| *g == game)
            .expect("a hosted game");
        let (mut options, resolved) = user_option("opponent", target);
        options
            .as_array_mut()
            .unwrap()
            .push(json!({ "type": 4, "name": "game", "value": index }));
        let (id, d) = self.command_interaction(user, "challenge", options, Some(resolved), false);
        self.dispatch_interaction(&id, d).await
    }

    /// Clicks the button `custom_id` of `message` as `user`. The id must be one the bot put
    /// on that message: Discord only delivers interactions for components a message carries,
    /// so a forged click panics here (`click_raw` sends one on purpose).
    pub async fn click(&self, user: &User, message: &Msg, custom_id: &str) -> Callback {
        assert!(
            message.has_custom_id(custom_id),
            "{custom_id} is not on the message"
        );
        self.click_raw(user, message, custom_id, None).await
    }

    /// Sends a component interaction with any custom id (forged ids, old buttons).
    pub async fn click_raw(
        &self,
        user: &User,
        message: &Msg,
        custom_id: &str,
        values: Option<Vec<String>>,
    ) -> Callback {
        let (id, d) = self.component_interaction(user, message, custom_id, values);
        self.dispatch_interaction(&id, d).await
    }

    /// Clicks `custom_id` on `message` without waiting for the bot's answer (for tests where
    /// the answer itself is made to fail).
    pub async fn click_unanswered(&self, user: &User, message: &Msg, custom_id: &str) {
        // Discord only delivers clicks on components the message carries.
        assert!(
            message.has_custom_id(custom_id),
            "{custom_id} is not on the message"
        );
        let (_, d) = self.component_interaction(user, message, custom_id, None);
        self.dispatch("INTERACTION_CREATE", d).await;
    }

    /// Creates an interaction as Discord does when `user` acts (on `component_message`, for a
    /// click) without sending it to the bot, and returns its (id, token): for tests that
    /// answer it themselves over HTTP. Its 3-second deadline and 15-minute token life start now.
    pub fn issue_interaction(
        &self,
        user: &User,
        component_message: Option<u64>,
    ) -> (String, String) {
        let (id, token) = self.new_interaction(user, component_message);
        let mut s = self.state.lock().unwrap();
        let now = s.now();
        s.pending.get_mut(&token).unwrap().sent = Some(now);
        (id, token)
    }

    fn new_interaction(&self, user: &User, component_message: Option<u64>) -> (String, String) {
        self.state
            .lock()
            .unwrap()
            .new_interaction(user, component_message)
    }

    async fn dispatch_interaction(&self, id: &str, d: Value) -> Callback {
        self.try_dispatch_interaction(id, d)
            .await
            .expect("no interaction callback within Discord's 3-second deadline")
    }

    /// Sends an interaction and waits for its callback; `None` past Discord's deadline.
    pub(super) async fn try_dispatch_interaction(&self, id: &str, d: Value) -> Option<Callback> {
        let token = d["token"].as_str().unwrap();
        let sent = (token, guild_of_event(&d), payload_of(&d));
        self.try_send_interaction(id, sent, |callbacks, id| callbacks.get(id).cloned())
            .await
    }

    /// Sends interaction `id` — (token, guild, payload) — and waits for its callback, read
    /// with `read` (a copy for the tests; the load runner takes it out, having no use for it
    /// afterwards); `None` past Discord's deadline.
    pub(super) async fn try_send_interaction(
        &self,
        id: &str,
        (token, guild, payload): (&str, Option<u64>, Payload),
        read: fn(&mut HashMap<String, Callback>, &str) -> Option<Callback>,
    ) -> Option<Callback> {
        {
            let mut s = self.state.lock().unwrap();
            let now = s.now();
            s.pending.get_mut(token).unwrap().sent = Some(now);
        }
        self.dispatch_payload("INTERACTION_CREATE", guild, payload)
            .await;
        {
            // Sent when a connection took it: the fake holds an event while its shard has
            // no connection (a restarting bot), where Discord would fail the interaction.
            let mut s = self.state.lock().unwrap();
            let now = s.now();
            if !s.callbacks.contains_key(id) {
                s.pending.get_mut(token).unwrap().sent = Some(now);
            }
        }
        let until = tokio::time::Instant::now() + CALLBACK_DEADLINE;
        let arrived = self.state.lock().unwrap().callback_arrived.clone();
        loop {
            // Listening before looking, so a callback recorded in between is not missed.
            let notified = arrived.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if let Some(cb) = read(&mut self.state.lock().unwrap().callbacks, id) {
                return Some(cb);
            }
            if tokio::time::timeout_at(until, notified).await.is_err() {
                return None;
            }
        }
    }

    /// Sends a dispatch event on the gateway (waiting for a connection if there is none), as
    /// Discord routes it: a guild's events to that guild's shard only, DMs to shard 0.
    pub async fn dispatch(&self, event: &'static str, d: Value) {
        self.dispatch_payload(event, guild_of_event(&d), payload_of(&d))
            .await;
    }

    /// As [`Self::dispatch`], for an event of `guild` already written as JSON.
    async fn dispatch_payload(&self, event: &'static str, guild: Option<u64>, mut d: Payload) {
        let until = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(tx) = self.connection_for(guild) {
                // A closed connection hands the event back, for the next one.
                match tx.send(Outgoing::Dispatch(event, d)) {
                    Ok(()) => return,
                    Err(mpsc::error::SendError(Outgoing::Dispatch(_, back))) => d = back,
                    Err(_) => return,
                }
            }
            assert!(
                Instant::now() < until,
                "the bot is not connected to the gateway"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// The open connection of the shard that receives `guild`'s events (`None`: a DM, shard
    /// 0), if one is identified.
    fn connection_for(&self, guild: Option<u64>) -> Option<mpsc::UnboundedSender<Outgoing>> {
        let connections = self.connections.lock().unwrap();
        connections
            .iter()
            .rev()
            .find(|(shard, total, tx)| {
                !tx.is_closed() && guild.map_or(0, |g| shard_of(g, *total)) == *shard
            })
            .map(|(_, _, tx)| tx.clone())
    }
}

/// The guild an event belongs to (its `guild_id`), which picks the shard it goes to.
fn guild_of_event(d: &Value) -> Option<u64> {
    d["guild_id"].as_str().and_then(|g| g.parse::<u64>().ok())
}

/// A component interaction's payload with its `message` written straight from the stored
/// message (no copy of its embeds and components into a `Value`), among the other fields in
/// the order a `Value` map (sorted) writes them: the bytes of the payload with the message
/// in it.
pub(super) struct WithMessage<'a> {
    pub fields: &'a serde_json::Map<String, Value>,
    pub message: &'a Msg,
}

impl serde::Serialize for WithMessage<'_> {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = ser.serialize_map(Some(self.fields.len() + 1))?;
        let mut message = Some(MessageJson::of(self.message));
        for (key, value) in self.fields {
            if key.as_str() > "message" {
                if let Some(m) = message.take() {
                    map.serialize_entry("message", &m)?;
                }
            }
            map.serialize_entry(key, value)?;
        }
        if let Some(m) = message {
            map.serialize_entry("message", &m)?;
        }
        map.end()
    }
}

/// A USER option `option`:`target`, and what Discord resolves it to.
pub(super) fn user_option(option: &str, target: &User) -> (Value, Value) {
    let target_id = target.id.to_string();
    let options = json!([{ "type": 6, "name": option, "value": target_id }]);
    let resolved = json!({
        "users": { target_id.clone(): user_json(target) },
        "members": { target_id.clone(): {
            "avatar": null, "joined_at": "2024-02-12T18:25:07.972000+00:00",
            "nick": null, "pending": false, "permissions": "246997699136",
            "premium_since": null, "roles": [], "flags": 0,
        }},
    });
    (options, resolved)
}

fn user_json(user: &User) -> Value {
    json!({
        "id": user.id.to_string(), "username": user.name, "global_name": user.name,
        "avatar": null, "discriminator": "0", "public_flags": 0, "bot": user.bot,
    })
}

fn bot_user() -> Value {
    BOT_USER.clone()
}

/// The bot's user object, built once: every message the fake answers carries it as author.
static BOT_USER: std::sync::LazyLock<Value> = std::sync::LazyLock::new(|| {
    json!({
        "id": APP_ID.to_string(), "username": "momojan", "global_name": null, "avatar": null,
        "discriminator": "0", "bot": true, "verified": true, "mfa_enabled": false,
        "flags": 0, "public_flags": 0,
    })
});

/// [`APP_ID`] as Discord writes ids (a string), made once.
static APP_ID_TEXT: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| APP_ID.to_string());

/// The fields every interaction carries (after the constructed fixtures of shared/discord).
fn base_interaction(id: &str, token: &str, user: &User, in_dm: bool, guild_locale: &str) -> Value {
    let mut d = json!({
        "id": id, "token": token, "application_id": APP_ID.to_string(), "version": 1,
        "app_permissions": "442368", "locale": user.locale, "entitlements": [],
        "attachment_size_limit": 10485760,
    });
    if in_dm {
        d["user"] = user_json(user);
        d["channel_id"] = json!("111111111111111111");
        d["context"] = json!(1);
        d["authorizing_integration_owners"] = json!({ "1": user.id.to_string() });
    } else {
        d["member"] = json!({
            "user": user_json(user), "roles": [], "premium_since": null,
            "permissions": user.permissions, "pending": false, "nick": null, "mute": false,
            "joined_at": "2024-03-13T19:19:14.040000+00:00", "deaf": false, "flags": 0,
        });
        let (guild, channel) = user.place;
        d["guild_id"] = json!(guild.to_string());
        d["guild_locale"] = json!(guild_locale);
        d["channel_id"] = json!(channel.to_string());
        d["context"] = json!(0);
        d["authorizing_integration_owners"] = json!({ "0": guild.to_string() });
    }
    d
}

/// A message as Discord's API shows it, as a `Value` (for payloads that are built further).
fn message_json(m: &Msg) -> Value {
    serde_json::to_value(MessageJson::of(m)).expect("a message is JSON")
}

/// A message as Discord's API answers it.
fn message_response(m: &Msg) -> Response {
    Json(MessageJson::of(m)).into_response()
}

/// A message as Discord's API shows it, serialised straight from the stored message: its
/// embeds and components are not copied into a `Value` first (the fake answers one per edit).
/// The fields are in the order a `Value` map (sorted by key) writes them, so the bytes are
/// those of the `json!` object the fake used to build.
#[derive(serde::Serialize)]
struct MessageJson<'a> {
    application_id: &'static str,
    attachments: Vec<Value>,
    author: &'static Value,
    channel_id: String,
    components: &'a [Value],
    content: &'a str,
    edited_timestamp: (),
    embeds: &'a [Value],
    flags: u64,
    id: String,
    mention_everyone: bool,
    mention_roles: [(); 0],
    mentions: [(); 0],
    #[serde(skip_serializing_if = "Option::is_none")]
    nonce: Option<&'a str>,
    pinned: bool,
    timestamp: &'static str,
    tts: bool,
    #[serde(rename = "type")]
    kind: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    webhook_id: Option<&'static str>,
}

impl<'a> MessageJson<'a> {
    fn of(m: &'a Msg) -> MessageJson<'a> {
        MessageJson {
            application_id: &APP_ID_TEXT,
            attachments: m
                .files
                .iter()
                .map(|f| {
                    let url = format!(
                        "https://cdn.discordapp.com/attachments/{}/{}/{}",
                        m.channel_id, f.id, f.filename
                    );
                    json!({
                        "id": f.id.to_string(), "filename": f.filename, "size": f.bytes.len(),
                        "url": url, "proxy_url": url,
                    })
                })
                .collect(),
            author: &BOT_USER,
            channel_id: m.channel_id.to_string(),
            components: &m.components,
            content: &m.content,
            edited_timestamp: (),
            embeds: &m.embeds,
            flags: if m.visible_to.is_some() { 64 } else { 0 },
            id: m.id.to_string(),
            mention_everyone: false,
            mention_roles: [],
            mentions: [],
            nonce: m.nonce.as_deref(),
            pinned: false,
            timestamp: "2026-11-23T00:00:00.000000+00:00",
            tts: false,
            kind: 0,
            // Discord: an interaction's response or follow-up is made by the application's
            // webhook.
            webhook_id: m.token.as_ref().map(|_| APP_ID_TEXT.as_str()),
        }
    }
}

pub fn guild_json() -> Value {
    json!({
        "id": GUILD_ID.to_string(), "name": "MOMOJAN club", "icon": null, "splash": null,
        "discovery_splash": null, "owner_id": "1", "afk_channel_id": null, "afk_timeout": 300,
        "verification_level": 0, "default_message_notifications": 0,
        "explicit_content_filter": 0, "roles": [], "emojis": [], "features": [],
        "mfa_level": 0, "application_id": null, "system_channel_id": null,
        "system_channel_flags": 0, "rules_channel_id": null, "vanity_url_code": null,
        "description": null, "banner": null, "premium_tier": 0,
        "preferred_locale": "en-US", "public_updates_channel_id": null, "nsfw_level": 0,
        "stickers": [], "premium_progress_bar_enabled": false,
        "joined_at": "2024-01-01T00:00:00.000000+00:00", "large": false, "member_count": 3,
        "members": [], "channels": [channel_json(CHANNEL_ID, GUILD_ID)], "threads": [], "presences": [],
        "voice_states": [], "stage_instances": [], "guild_scheduled_events": [],
    })
}

fn channel_json(id: u64, guild: u64) -> Value {
    json!({
        "id": id.to_string(), "type": 0, "guild_id": guild.to_string(), "name": "games",
        "position": 0, "permission_overwrites": [], "nsfw": false, "topic": null,
        "last_message_id": null, "parent_id": null, "rate_limit_per_user": 0,
    })
}

async fn ws_handler(ws: WebSocketUpgrade, AxumState(shared): AxumState<Shared>) -> Response {
    ws.on_upgrade(move |socket| gateway_session(socket, shared))
}

fn frame(op: u8, t: Option<&str>, s: Option<u64>, d: impl serde::Serialize) -> WsMessage {
    let text = serde_json::to_string(&Frame { d: &d, op, s, t }).expect("a frame is JSON");
    WsMessage::Text(text.into())
}

/// A gateway payload, written straight from its parts (not moved into a `Value` map and
/// written through `Display`), its fields in the order such a map (sorted) writes them.
#[derive(serde::Serialize)]
struct Frame<'a, D> {
    d: D,
    op: u8,
    s: Option<u64>,
    t: Option<&'a str>,
}

/// What an IDENTIFY gets.
enum Identified {
    Ready(Vec<WsMessage>),
    /// Opcode 9 with `d: false`: start a new session later.
    InvalidSession,
    Close(u16, &'static str),
}

/// IDENTIFY: `shard: [id, total]` (absent: `[0, 1]`), checked as Discord does (4010 Invalid
/// shard; 4011 Sharding required when the shard would carry more guilds than one may),
/// paced per rate-limit bucket when pacing is on (Discord: an IDENTIFY over the bucket's
/// limit is answered with Invalid Session), then READY and a GUILD_CREATE for each of this
/// shard's guilds.
fn identify(payload: &Value, shared: &Shared, tx: &mpsc::UnboundedSender<Outgoing>) -> Identified {
    let shard = &payload["d"]["shard"];
    let (id, total) = if shard.is_null() {
        (0, 1)
    } else {
        match (shard[0].as_u64(), shard[1].as_u64()) {
            (Some(id), Some(total)) if total > 0 && id < total && total <= 65_536 => {
                (id as u32, total as u32)
            }
            _ => return Identified::Close(4010, "Invalid shard"),
        }
    };
    let guilds: Vec<u64> = {
        let mut s = shared.state.lock().unwrap();
        let carried: Vec<u64> = std::iter::once(GUILD_ID)
            .chain(s.extra_guilds.iter().copied())
            .filter(|g| shard_of(*g, total) == id)
            .collect();
        // Discord: a shard may carry at most 2,500 guilds; more asks for (more) shards.
        if carried.len() > s.max_guilds_per_shard {
            return Identified::Close(4011, "Sharding required");
        }
        let now = s.now();
        let bucket = id % s.max_concurrency;
        let max_concurrency = s.max_concurrency;
        s.identify_attempts.push((id, now));
        let closed = s.identify_log.iter().any(|(other, at)| {
            other % max_concurrency == bucket
                && now.saturating_duration_since(*at) < IDENTIFY_WINDOW
        });
        if s.identify_pacing && closed {
            s.identify_violations += 1;
            return Identified::InvalidSession;
        }
        s.identify_log.push((id, now));
        s.identifies += 1;
        s.session_starts_used += 1;
        carried
    };
    let mut connections = shared.connections.lock().unwrap();
    connections.retain(|(shard, t, old)| !(old.is_closed() || *shard == id && *t == total));
    connections.push((id, total, tx.clone()));
    if guilds.contains(&GUILD_ID) {
        *shared.gateway.lock().unwrap() = Some(tx.clone());
    }
    let seq = shared
        .seq
        .fetch_add(1 + guilds.len() as u64, Ordering::SeqCst);
    let unavailable: Vec<Value> = guilds
        .iter()
        .map(|g| json!({ "id": g.to_string(), "unavailable": true }))
        .collect();
    let mut frames = vec![frame(
        0,
        Some("READY"),
        Some(seq + 1),
        json!({
            "v": 10, "user": bot_user(),
            "guilds": unavailable,
            "session_id": format!("fake-session-{id}-{total}"), "resume_gateway_url": &*shared.ws_url,
            "shard": [id, total],
            "application": { "id": APP_ID.to_string(), "flags": 8192 },
        }),
    )];
    for (i, g) in guilds.iter().enumerate() {
        let mut guild = guild_json();
        if *g != GUILD_ID {
            let channels: Vec<Value> = (shared.state.lock().unwrap().channel_guilds.iter())
                .filter(|(_, of)| *of == g)
                .map(|(c, _)| channel_json(*c, *g))
                .collect();
            guild["id"] = json!(g.to_string());
            guild["name"] = json!(format!("guild {g}"));
            guild["channels"] = Value::Array(channels);
        }
        frames.push(frame(
            0,
            Some("GUILD_CREATE"),
            Some(seq + 2 + i as u64),
            guild,
        ));
    }
    Identified::Ready(frames)
}

/// RESUME: the connection takes over its session's shard (the session id names it).
fn resumed(payload: &Value, shared: &Shared, tx: &mpsc::UnboundedSender<Outgoing>) {
    let session = payload["d"]["session_id"].as_str().unwrap_or_default();
    let mut parts = session.trim_start_matches("fake-session-").split('-');
    let mut number = || parts.next().and_then(|n| n.parse::<u32>().ok());
    let (id, total) = (number().unwrap_or(0), number().unwrap_or(1));
    let mut connections = shared.connections.lock().unwrap();
    connections.retain(|(shard, t, old)| !(old.is_closed() || *shard == id && *t == total));
    connections.push((id, total, tx.clone()));
    if shard_of(GUILD_ID, total) == id {
        *shared.gateway.lock().unwrap() = Some(tx.clone());
    }
}

/// One gateway connection (a 1 s heartbeat, so a dropped connection is noticed quickly): HELLO, then IDENTIFY → READY + GUILD_CREATE or RESUME → RESUMED,
/// heartbeats with ACK, and the dispatches a test injects.
async fn gateway_session(mut socket: WebSocket, shared: Shared) {
    let (tx, mut rx) = mpsc::unbounded_channel();
    if socket
        .send(frame(10, None, None, json!({ "heartbeat_interval": 1000 })))
        .await
        .is_err()
    {
        return;
    }
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(msg)) = incoming else { break };
                let text = match msg {
                    WsMessage::Text(t) => t.to_string(),
                    WsMessage::Close(_) => break,
                    _ => continue,
                };
                let Ok(payload) = serde_json::from_str::<Value>(&text) else { continue };
                let reply = match payload["op"].as_u64() {
                    Some(1) => vec![frame(11, None, None, Value::Null)],
                    Some(2) => match identify(&payload, &shared, &tx) {
                        Identified::Ready(frames) => frames,
                        Identified::InvalidSession => vec![frame(9, None, None, json!(false))],
                        Identified::Close(code, reason) => {
                            let _ = socket
                                .send(WsMessage::Close(Some(axum::extract::ws::CloseFrame {
                                    code,
                                    reason: reason.into(),
                                })))
                                .await;
                            return;
                        }
                    },
                    Some(6) => {
                        shared.state.lock().unwrap().resumes += 1;
                        resumed(&payload, &shared, &tx);
                        let seq = shared.seq.fetch_add(1, Ordering::SeqCst);
                        vec![frame(0, Some("RESUMED"), Some(seq + 1), json!({}))]
                    }
                    _ => Vec::new(),
                };
                for f in reply {
                    if socket.send(f).await.is_err() {
                        return;
                    }
                }
            }
            out = rx.recv() => {
                match out {
                    Some(Outgoing::Dispatch(t, d)) => {
                        let seq = shared.seq.fetch_add(1, Ordering::SeqCst) + 1;
                        if socket.send(frame(0, Some(t), Some(seq), &*d)).await.is_err() {
                            break;
                        }
                    }
                    Some(Outgoing::Close) | None => {
                        let _ = socket.send(WsMessage::Close(None)).await;
                        break;
                    }
                }
            }
        }
    }
}

/// Discord's JSON error answer: `{"message": ..., "code": ...}` with `status`.
fn discord_error(status: u16, message: &str, code: u64) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    (status, Json(json!({ "message": message, "code": code }))).into_response()
}

/// 404 Unknown Message (10008): the message does not exist (or is not reachable this way).
fn unknown_message() -> Response {
    discord_error(404, "Unknown Message", 10008)
}

/// 404 Unknown Channel (10003): the channel or thread does not exist (or was deleted).
fn unknown_channel() -> Response {
    discord_error(404, "Unknown Channel", 10003)
}

/// 401 Invalid Webhook Token (50027): an interaction token past its 15 minutes, or unknown.
fn invalid_webhook_token() -> Response {
    discord_error(401, "Invalid Webhook Token", 50027)
}

/// 404 Unknown interaction (10062): a callback past the 3-second deadline, or for an
/// interaction Discord does not know.
fn unknown_interaction() -> Response {
    discord_error(404, "Unknown interaction", 10062)
}

/// The answer of an injected fault matching this request, if any (and counts it down).
fn injected_fault(s: &mut State, method: &str, path: &str) -> Option<Response> {
    let fault = s
        .faults
        .iter_mut()
        .find(|f| f.method == method && path.contains(&f.path) && f.remaining != Some(0))?;
    if let Some(n) = &mut fault.remaining {
        *n -= 1;
    }
    let (status, rate_limit) = (fault.status, fault.rate_limit);
    let (route_method, fragment) = (fault.method, fault.path.clone());
    if let Some((global, retry_after)) = rate_limit {
        // Discord: after a 429, wait `retry_after` before the next request (the whole
        // application for a global limit, the route otherwise).
        let until = s.now() + retry_after;
        if global {
            s.global_blocked_until = Some(until);
        } else {
            s.route_blocked.push((route_method, fragment, until));
        }
        s.rate_limited += 1;
        return Some(rate_limited_response(retry_after, global));
    }
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let (message, code) = match status.as_u16() {
        400 => ("Invalid Form Body", 50035),
        403 => ("Missing Permissions", 50013),
        404 => ("Unknown Channel", 10003),
        _ => ("Internal Server Error", 0),
    };
    let body = json!({ "message": format!("{}: {message}", status.as_u16()), "code": code });
    Some((status, Json(body)).into_response())
}

/// A request sent while an injected 429 is in force (global: any request; otherwise the
/// same route) is a violation and is answered 429 again with the time still to wait.
fn still_rate_limited(shared: &Shared, method: &Method, path: &str) -> Option<Response> {
    let mut s = shared.state.lock().unwrap();
    let now = s.now();
    // Discord: "Interaction endpoints are not bound to the bot's Global Rate Limit."
    let interaction = path.starts_with("/interactions/") || path.starts_with("/webhooks/");
    let blocked = match s.global_blocked_until {
        Some(until) if now < until && !interaction => Some((until, true)),
        _ => s
            .route_blocked
            .iter()
            .find(|(m, fragment, until)| {
                *m == method.as_str() && path.contains(fragment) && now < *until
            })
            .map(|(_, _, until)| (*until, false)),
    };
    let (until, global) = blocked?;
    let scope = if global { "global " } else { "" };
    s.violations.push(format!(
        "{method} {path}: sent {:?} before the retry_after of a {scope}429 ran out",
        until - now
    ));
    s.rate_limited += 1;
    Some(rate_limited_response(until - now, global))
}

/// Discord's 429 (rate-limits topic): the body's `retry_after` in seconds, the
/// `retry-after` header in whole seconds, `x-ratelimit-global: true` and
/// `x-ratelimit-scope: global` for the global limit, bucket headers and scope `user` for
/// a route's.
fn rate_limited_response(retry_after: Duration, global: bool) -> Response {
    let secs = retry_after.as_secs_f64();
    let mut response = (
        StatusCode::TOO_MANY_REQUESTS,
        Json(json!({ "message": "You are being rate limited.", "retry_after": secs, "global": global })),
    )
        .into_response();
    let headers = response.headers_mut();
    let whole = secs.ceil().max(1.0) as u64;
    headers.insert("retry-after", whole.to_string().parse().unwrap());
    if global {
        headers.insert("x-ratelimit-global", "true".parse().unwrap());
        headers.insert("x-ratelimit-scope", "global".parse().unwrap());
    } else {
        headers.insert("x-ratelimit-limit", "5".parse().unwrap());
        headers.insert("x-ratelimit-remaining", "0".parse().unwrap());
        headers.insert("x-ratelimit-reset-after", secs.to_string().parse().unwrap());
        headers.insert("x-ratelimit-bucket", "fake-bucket".parse().unwrap());
        headers.insert("x-ratelimit-scope", "user".parse().unwrap());
    }
    response
}

/// Discord: interaction tokens are valid for 15 minutes; later (or for a token Discord never
/// issued) the webhook routes answer 401 Invalid Webhook Token (50027) and the callback 404
/// Unknown interaction (10062). Each such use is a violation.
fn interaction_token_refusal(
    s: &mut State,
    method: &Method,
    path: &str,
    seg: &[&str],
) -> Option<Response> {
    let (token, callback) = match seg {
        ["webhooks", _, token, ..] => (*token, false),
        ["interactions", _, token, "callback"] => (*token, true),
        _ => return None,
    };
    let refusal = || {
        if callback {
            unknown_interaction()
        } else {
            invalid_webhook_token()
        }
    };
    let now = s.now();
    let Some(p) = s.pending.get(token) else {
        s.violations.push(format!(
            "{method} {path}: unknown interaction token {token}"
        ));
        s.token_violations += 1;
        return Some(refusal());
    };
    let age = now.saturating_duration_since(p.created);
    if age < TOKEN_LIFETIME {
        return None;
    }
    s.violations.push(format!(
        "{method} {path}: used an interaction token {} s old (tokens last 15 minutes)",
        age.as_secs()
    ));
    s.token_violations += 1;
    s.expired_token_uses += 1;
    Some(refusal())
}

/// The message `id` as the channel route reaches it: in `channel`, and not ephemeral
/// (Discord reaches ephemerals only through their interaction's token).
fn channel_message(s: &State, channel: &str, id: &str) -> Option<u64> {
    let (channel, id) = (channel.parse::<u64>().ok()?, id.parse::<u64>().ok()?);
    s.messages
        .get(&id)
        .filter(|m| m.channel_id == channel && m.visible_to.is_none())
        .map(|m| m.id)
}

/// The message `id` as an interaction's webhook route reaches it: the interaction's own
/// response or one of its follow-ups (Discord: "Edits a followup message for an
/// Interaction"); another interaction's message is Unknown Message to this token.
fn token_message(s: &State, token: &str, id: &str) -> Option<u64> {
    let id = id.parse::<u64>().ok()?;
    let m = s.messages.get(&id)?;
    (m.token.as_deref() == Some(token) || original_of(s, token) == Some(id)).then_some(id)
}

/// Get Channel Messages: the channel's messages that everyone sees, newest first, at most
/// `limit` (1–100, default 50), optionally only those `before` or `after` a message id.
fn channel_messages(s: &State, channel: &str, query: &str) -> Response {
    let Ok(channel) = channel.parse::<u64>() else {
        return unknown_channel();
    };
    let param = |name: &str| {
        query
            .split('&')
            .filter_map(|kv| kv.split_once('='))
            .find(|(k, _)| *k == name)
            .and_then(|(_, v)| v.parse::<u64>().ok())
    };
    let limit = param("limit").unwrap_or(50).clamp(1, 100) as usize;
    let (before, after) = (param("before"), param("after"));
    let found: Vec<MessageJson> = s
        .messages
        .values()
        .rev()
        .filter(|m| m.channel_id == channel && m.visible_to.is_none())
        .filter(|m| before.is_none_or(|b| m.id < b) && after.is_none_or(|a| m.id > a))
        .take(limit)
        .map(MessageJson::of)
        .collect();
    Json(found).into_response()
}

/// The message `@original` names for a token: the response the callback created, or for a
/// component interaction answered by an update, the message the component is on.
fn original_of(s: &State, token: &str) -> Option<u64> {
    let p = s.pending.get(token)?;
    let id = p.original.or(p.component_message)?;
    s.messages.contains_key(&id).then_some(id)
}

/// The guild of a channel the fake knows ([`GUILD_ID`] for any other).
fn guild_of_channel(s: &State, channel: &str) -> u64 {
    channel
        .parse::<u64>()
        .ok()
        .and_then(|c| s.channel_guilds.get(&c).copied())
        .unwrap_or(GUILD_ID)
}

/// A message nonce as Discord accepts it (a string or an integer), as a string.
fn nonce_of(body: &Value) -> Option<String> {
    match &body["nonce"] {
        Value::String(n) => Some(n.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Every REST route the bot uses (the original response is also readable, as poise does to
/// learn a reply's message id).
async fn rest(
    AxumState(shared): AxumState<Shared>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let Some(path) = uri.path().strip_prefix("/api/v10") else {
        return (StatusCode::NOT_FOUND, "not under /api/v10").into_response();
    };
    let path = path.to_string();
    let content_type = headers
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let (body, files): (Value, Vec<multipart::Upload>) = if body.is_empty() {
        (Value::Null, Vec::new())
    } else if content_type.starts_with("multipart/form-data") {
        match multipart::parse(&content_type, body).await {
            Ok(parsed) => parsed,
            Err(why) => {
                shared
                    .state
                    .lock()
                    .unwrap()
                    .violations
                    .push(format!("{method} {path}: {why}"));
                return discord_error(400, "Invalid Form Body", 50035);
            }
        }
    } else {
        (
            serde_json::from_slice(&body).unwrap_or(Value::Null),
            Vec::new(),
        )
    };
    let seg: Vec<&str> = path.trim_matches('/').split('/').collect();
    if let Some(limited) = still_rate_limited(&shared, &method, &path) {
        return limited;
    }
    let bot_token = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let limit_headers = match enforce_limits(&shared, bot_token, &method, &seg) {
        ratelimit::Verdict::Pass(headers) => headers,
        ratelimit::Verdict::Limited { response, .. } => return response,
    };
    let query = uri.query().unwrap_or_default().to_string();
    let mut response = respond(shared, method, path.clone(), &query, body, files).await;
    response.headers_mut().extend(limit_headers);
    response
}

/// Discord's global limit and the route's bucket (`ratelimit.rs`): the bucket's headers for
/// the answer, or the 429 that answers instead (counted, and a violation if it should have
/// been waited for).
fn enforce_limits(
    shared: &Shared,
    bot_token: &str,
    method: &Method,
    seg: &[&str],
) -> ratelimit::Verdict {
    let mut s = shared.state.lock().unwrap();
    let now = s.now();
    let route = ratelimit::route_of(method.as_str(), seg);
    let verdict = s.limits.check(bot_token, &route, now);
    if let ratelimit::Verdict::Limited { violation, .. } = &verdict {
        s.rate_limited += 1;
        s.violations.extend(violation.clone());
    }
    verdict
}

/// The answer to one request that the limits let through.
async fn respond(
    shared: Shared,
    method: Method,
    path: String,
    query: &str,
    body: Value,
    files: Vec<multipart::Upload>,
) -> Response {
    let seg: Vec<&str> = path.trim_matches('/').split('/').collect();
    // A message edit, through its channel or an interaction's token (the table).
    let edited = match (method.as_str(), seg.as_slice()) {
        ("PATCH", ["channels", _, "messages", id])
        | ("PATCH", ["webhooks", _, _, "messages", id]) => id.parse::<u64>().ok(),
        _ => None,
    };
    if let ("POST", ["channels", channel, "messages"]) = (method.as_str(), seg.as_slice()) {
        let delay = shared.state.lock().unwrap().post_delay;
        if let Some((_, delay)) = delay.filter(|(c, _)| channel.parse() == Ok(*c)) {
            tokio::time::sleep(delay).await;
        }
    }
    if let Some(id) = edited {
        let delay = {
            let mut s = shared.state.lock().unwrap();
            let n = s.edits_in_flight.entry(id).or_default();
            *n += 1;
            let n = *n;
            s.max_edits_in_flight = s.max_edits_in_flight.max(n);
            s.edit_delay
        };
        // No delay, no sleep: even a zero sleep waits for the timer's next tick (a
        // millisecond) and a wake-up, a cost and a lag the fake would add to every edit.
        if !delay.is_zero() {
            tokio::time::sleep(delay).await;
        }
        *shared
            .state
            .lock()
            .unwrap()
            .edits_in_flight
            .entry(id)
            .or_default() -= 1;
    }
    let mut s = shared.state.lock().unwrap();
    s.requests.push((method.to_string(), path.clone()));
    for f in &files {
        s.uploads
            .push((method.to_string(), path.clone(), f.clone()));
    }
    s.incoming_files = files;
    if let Some(refused) = interaction_token_refusal(&mut s, &method, &path, &seg) {
        return refused;
    }
    // Discord: a deleted channel or thread is gone for every route under it.
    if let ["channels", channel, ..] = seg.as_slice() {
        if channel
            .parse::<u64>()
            .is_ok_and(|c| s.deleted_channels.contains(&c))
        {
            return unknown_channel();
        }
    }
    if let Some(failed) = injected_fault(&mut s, method.as_str(), &path) {
        return failed;
    }
    if !body.is_null() && !s.skip_validation {
        let problems = validate::check_request(method.as_str(), &path, &body);
        s.violations
            .extend(problems.into_iter().map(|p| format!("{p}\n  body: {body}")));
    }
    match (method.as_str(), seg.as_slice()) {
        ("GET", ["gateway"]) | ("GET", ["gateway", "bot"]) => Json(json!({
            "url": &*shared.ws_url, "shards": s.recommended_shards,
            "session_start_limit": {
                "total": 1000, "remaining": 1000u32.saturating_sub(s.session_starts_used),
                "reset_after": 86_400_000, "max_concurrency": s.max_concurrency,
            },
        }))
        .into_response(),
        ("GET", ["users", "@me"]) => Json(bot_user()).into_response(),
        ("GET", ["oauth2", "applications", "@me"]) => Json(json!({
            "id": APP_ID.to_string(), "name": "momojan", "icon": null, "description": "",
            "bot_public": true, "bot_require_code_grant": false, "verify_key": "00",
            "flags": 8192, "owner": bot_user(), "team": null,
        }))
        .into_response(),
        ("PUT", ["applications", _, "commands"])
        | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
            let mut commands = body.as_array().cloned().unwrap_or_default();
            for c in &mut commands {
                c["id"] = json!(s.snowflake().to_string());
                c["application_id"] = json!(APP_ID.to_string());
                c["version"] = json!("1");
                c["default_member_permissions"] = Value::Null;
                if c["type"].is_null() {
                    c["type"] = json!(1);
                }
            }
            s.commands = commands.clone();
            Json(Value::Array(commands)).into_response()
        }
        ("POST", ["interactions", id, token, "callback"]) => {
            interaction_callback(&mut s, id, token, body)
        }
        // Messages that do not exist (never did, or were deleted) answer 404 Unknown
        // Message (10008), as Discord does, for reads, edits and deletions alike.
        ("PATCH", ["webhooks", _, token, "messages", "@original"]) => {
            match original_of(&s, token).and_then(|id| update_message(&mut s, id, body)) {
                Some(m) => message_response(m),
                None => unknown_message(),
            }
        }
        ("GET", ["webhooks", _, token, "messages", "@original"]) => {
            let original = original_of(&s, token);
            match original.and_then(|id| s.messages.get(&id)) {
                Some(m) => message_response(m),
                None => unknown_message(),
            }
        }
        ("DELETE", ["webhooks", _, token, "messages", "@original"]) => match original_of(&s, token)
        {
            Some(id) => {
                s.messages.remove(&id);
                StatusCode::NO_CONTENT.into_response()
            }
            None => unknown_message(),
        },
        ("POST", ["webhooks", _, token]) => {
            let (user, channel) = s
                .pending
                .get(*token)
                .map_or((0, CHANNEL_ID), |p| (p.user, p.channel));
            // A follow-up goes to its interaction's channel: a deleted one is gone for it too.
            if s.deleted_channels.contains(&channel) {
                return unknown_channel();
            }
            let ephemeral = body["flags"].as_u64().unwrap_or(0) & 64 != 0;
            let m = new_message(
                &mut s,
                channel,
                ephemeral.then_some(user),
                body,
                Some(token.to_string()),
            );
            message_response(m)
        }
        ("PATCH", ["webhooks", _, token, "messages", id]) => {
            match token_message(&s, token, id).and_then(|id| update_message(&mut s, id, body)) {
                Some(m) => message_response(m),
                None => unknown_message(),
            }
        }
        ("PATCH", ["channels", channel, "messages", id]) => {
            match channel_message(&s, channel, id).and_then(|id| update_message(&mut s, id, body)) {
                Some(m) => message_response(m),
                None => unknown_message(),
            }
        }
        ("DELETE", ["webhooks", _, token, "messages", id]) => match token_message(&s, token, id) {
            Some(id) => {
                s.messages.remove(&id);
                StatusCode::NO_CONTENT.into_response()
            }
            None => unknown_message(),
        },
        ("DELETE", ["channels", channel, "messages", id]) => match channel_message(&s, channel, id)
        {
            Some(id) => {
                s.messages.remove(&id);
                StatusCode::NO_CONTENT.into_response()
            }
            None => unknown_message(),
        },
        ("POST", ["channels", channel, "messages"]) => {
            let channel = channel.parse().unwrap_or(CHANNEL_ID);
            // Discord (Create Message): with `enforce_nonce`, a nonce the same author used in
            // the past few minutes returns that message and creates none.
            let nonce = nonce_of(&body);
            if let (Some(n), Some(true)) = (&nonce, body["enforce_nonce"].as_bool()) {
                let now = s.now();
                let earlier = s
                    .nonces
                    .iter()
                    .rev()
                    .find(|(k, _, at)| k == n && now.saturating_duration_since(*at) < NONCE_WINDOW)
                    .map(|(_, id, _)| *id);
                if let Some(m) = earlier.and_then(|id| s.messages.get(&id)) {
                    return message_response(m);
                }
            }
            let id = new_message(&mut s, channel, None, body, None).id;
            if let Some(n) = nonce {
                let now = s.now();
                s.nonces.push((n, id, now));
            }
            message_response(&s.messages[&id])
        }
        ("POST", ["channels", channel, "messages", message, "threads"]) => {
            // Discord: one thread per message (160004), started from a message that exists.
            let Some(id) = channel_message(&s, channel, message) else {
                return unknown_message();
            };
            if !s.threaded_messages.insert(id) {
                return discord_error(
                    400,
                    "A thread has already been created for this message",
                    160004,
                );
            }
            let mut c = channel_json(id, guild_of_channel(&s, channel));
            c["type"] = json!(11);
            c["name"] = body["name"].clone();
            s.thread_names
                .insert(id, body["name"].as_str().unwrap_or_default().to_string());
            Json(c).into_response()
        }
        ("POST", ["channels", channel, "threads"]) => {
            let id = s.snowflake();
            let mut c = channel_json(id, guild_of_channel(&s, channel));
            c["type"] = json!(11);
            c["name"] = body["name"].clone();
            s.thread_names
                .insert(id, body["name"].as_str().unwrap_or_default().to_string());
            Json(c).into_response()
        }
        ("GET", ["channels", channel, "messages"]) => channel_messages(&s, channel, query),
        ("GET", ["channels", id]) => {
            let guild = guild_of_channel(&s, id);
            Json(channel_json(id.parse().unwrap_or(CHANNEL_ID), guild)).into_response()
        }
        ("GET", ["guilds", _]) => Json(guild_json()).into_response(),
        (_, ["applications", app, "emojis", rest @ ..]) if rest.len() <= 1 => {
            emoji::route(&mut s, method.as_str(), app, rest, &body)
        }
        _ => {
            s.violations
                .push(format!("{method} {path}: route not served by the fake"));
            StatusCode::NOT_FOUND.into_response()
        }
    }
}

/// Stores the message `body` describes (taking its embeds and components, not copying them):
/// the stored message.
fn new_message(
    s: &mut State,
    channel: u64,
    visible_to: Option<u64>,
    mut body: Value,
    token: Option<String>,
) -> &Msg {
    let files = files_after(s, &[], &body);
    let m = Msg {
        id: s.snowflake(),
        channel_id: channel,
        visible_to,
        content: body["content"].as_str().unwrap_or_default().to_string(),
        embeds: take_array(&mut body, "embeds"),
        components: take_array(&mut body, "components"),
        token,
        nonce: nonce_of(&body),
        files,
    };
    record(s, &m);
    s.messages.entry(m.id).or_insert(m)
}

/// Keeps this version of `m` if it is an ephemeral of a recorded user.
fn record(s: &mut State, m: &Msg) {
    if m.visible_to.is_some_and(|u| s.recorded_users.contains(&u)) {
        s.recorded.push(m.clone());
    }
}

/// Edits message `id` as `body` says (taking its embeds and components): the edited message.
fn update_message(s: &mut State, id: u64, mut body: Value) -> Option<&Msg> {
    let existing = s.messages.get(&id)?.files.clone();
    let files = files_after(s, &existing, &body);
    let m = s.messages.get_mut(&id)?;
    m.files = files;
    if let Some(c) = body.get("content") {
        m.content = c.as_str().unwrap_or_default().to_string();
    }
    if body.get("embeds").is_some() {
        m.embeds = take_array(&mut body, "embeds");
    }
    if body.get("components").is_some() {
        m.components = take_array(&mut body, "components");
    }
    let version = m.clone();
    record(s, &version);
    s.messages.get(&id)
}

/// The files a message holds after the request being handled (`multipart::attachments_after`),
/// each new one given its attachment id; an `attachments` entry Discord would refuse, or an
/// embed whose image is an `attachment://` the message does not hold, is a violation.
fn files_after(
    s: &mut State,
    existing: &[multipart::Upload],
    body: &Value,
) -> Vec<multipart::Upload> {
    let incoming = std::mem::take(&mut s.incoming_files);
    let mut files = match multipart::attachments_after(existing, incoming, body) {
        Ok(files) => files,
        Err(why) => {
            s.violations.push(why);
            existing.to_vec()
        }
    };
    for f in &mut files {
        if f.id == 0 {
            f.id = s.snowflake();
        }
    }
    let embeds = body.get("embeds").and_then(Value::as_array);
    for e in embeds.into_iter().flatten() {
        let Some(url) = e["image"]["url"].as_str() else {
            continue;
        };
        if let Some(name) = url.strip_prefix("attachment://") {
            if !files.iter().any(|f| f.filename == name) {
                s.violations.push(format!(
                    "an embed shows {url}, which the message does not hold"
                ));
            }
        }
    }
    files
}

/// The array `body[key]` moved out of the body (none, or not an array: empty).
fn take_array(body: &mut Value, key: &str) -> Vec<Value> {
    match body.get_mut(key).map(Value::take) {
        Some(Value::Array(items)) => items,
        _ => Vec::new(),
    }
}

/// Interaction callback types: 4 message, 5 deferred message, 6 deferred update, 7 update.
/// As Discord: a callback past the 3-second deadline, or for an interaction id that is not
/// the token's, answers 404 Unknown interaction (10062); a second callback 400 Interaction
/// has already been acknowledged (40060). Each is also a violation.
fn interaction_callback(s: &mut State, id: &str, token: &str, body: Value) -> Response {
    let now = s.now();
    let Some(p) = s.pending.get(token) else {
        s.violations
            .push(format!("callback for unknown interaction token {token}"));
        return unknown_interaction();
    };
    if p.interaction_id != id {
        s.violations
            .push(format!("callback id {id} does not match its token"));
        return unknown_interaction();
    }
    let latency = p
        .sent
        .map_or(Duration::ZERO, |t| now.saturating_duration_since(t));
    if latency > CALLBACK_DEADLINE {
        s.violations.push(format!(
            "callback after {latency:?}, past the 3-second deadline"
        ));
        return unknown_interaction();
    }
    if s.callbacks.contains_key(id) {
        s.violations
            .push(format!("a second callback for interaction {id}"));
        return discord_error(400, "Interaction has already been acknowledged.", 40060);
    }
    let (user, channel, component_message) = (p.user, p.channel, p.component_message);
    let data = body["data"].clone();
    match body["type"].as_u64() {
        Some(4) | Some(5) => {
            let ephemeral = data["flags"].as_u64().unwrap_or(0) & 64 != 0;
            let id = new_message(
                s,
                channel,
                ephemeral.then_some(user),
                data,
                Some(token.to_string()),
            )
            .id;
            s.pending.get_mut(token).unwrap().original = Some(id);
        }
        Some(7) => {
            // Updating a message that was deleted meanwhile: Discord answers Unknown Message.
            let updated = component_message.and_then(|mid| update_message(s, mid, data));
            if component_message.is_some() && updated.is_none() {
                return unknown_message();
            }
        }
        _ => {}
    }
    s.callbacks.insert(
        id.to_string(),
        Callback {
            interaction_id: id.to_string(),
            body,
            latency,
        },
    );
    s.callback_arrived.notify_waiters();
    StatusCode::NO_CONTENT.into_response()
}
