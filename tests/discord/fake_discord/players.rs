//! Shared moves of the simulated players: the two standard users, starting the bot on the
//! fake, opening a match, finding the table and the acting player's hand.

use std::time::Duration;

use momojan::discord::{run_bot, BotConfig};
use momojan::service::MatchService;
use momojan::store::Store;
use serde_json::Value;
use tokio::sync::oneshot;

use super::{FakeDiscord, Msg, User};

pub fn alice() -> User {
    User::new(53_908_232_506_183_680, "alice")
}

pub fn bob() -> User {
    User::new(809_850_198_683_418_695, "bob")
}

/// A button (`custom_id`, `None`) or a select's option (`custom_id`, `Some(value)`).
pub type Choice = (String, Option<String>);

/// Enabled buttons and select options that take a game action (read in place: the load
/// runner asks this of every live hand every tick).
pub fn action_choices(message: &Msg) -> Vec<Choice> {
    let mut out = Vec::new();
    for c in message.components_in_rows() {
        let id = c["custom_id"].as_str().unwrap_or_default();
        if c["type"] == 2 && c["disabled"] != Value::Bool(true) && is_action(id) {
            out.push((id.to_string(), None));
        }
        for o in c["options"].as_array().into_iter().flatten() {
            let value = o["value"].as_str().unwrap_or_default().to_string();
            out.push((id.to_string(), Some(value)));
        }
    }
    out
}

pub fn is_action(id: &str) -> bool {
    id.starts_with("mj:")
        && !id.contains(":auto-")
        && !id.ends_with(":hand")
        && !id.ends_with(":riichi-on")
        && !id.ends_with(":riichi-off")
        && !id.ends_with(":rematch")
        && !id.ends_with(":back")
        && !id.ends_with(":watch")
}

pub fn ephemeral_of(fake: &FakeDiscord, user: &User, token_of: &str) -> Msg {
    fake.newest_visible(user, |m| {
        m.visible_to == Some(user.id) && m.token.as_deref() == Some(token_of)
    })
    .expect("the hand message")
}

pub struct Bot {
    pub stop: oneshot::Sender<()>,
    pub handle: tokio::task::JoinHandle<()>,
}

/// The bot's configuration for a test on `fake` with the database `db`.
pub fn test_config(fake: &FakeDiscord, db: &str) -> BotConfig {
    BotConfig {
        token: "test-token".into(),
        database_url: db.to_string(),
        dev_guild_id: None,
        api_base: Some(fake.base.clone()),
        challenge_sweep: Duration::from_millis(200),
        timer_sweep: Duration::from_millis(100),
        clock: momojan::clock::Clock::system(),
        fixed_deal: None,
        registration_limit: Duration::from_secs(5),
        computer_pause: Duration::from_millis(30),
        computer_sweep: Duration::from_millis(300),
        hard_budget: Some(momojan::games::interface::Budget {
            samples: 4,
            time: None,
        }),
        shards: None,
        // Off: each test's bot would render and upload every face to its fresh fake; the
        // card-art tests (`card_art.rs`) turn it on.
        card_art: momojan::discord::CardArtConfig {
            enabled: false,
            ..Default::default()
        },
        rest: Default::default(),
    }
}

pub async fn start_bot(fake: &FakeDiscord, db: &str) -> Bot {
    start_bot_with(test_config(fake, db)).await
}

pub async fn start_bot_with(config: BotConfig) -> Bot {
    let (stop, stopped) = oneshot::channel::<()>();
    let handle = tokio::spawn(async move {
        run_bot(config, async {
            let _ = stopped.await;
        })
        .await
        .unwrap();
    });
    Bot { stop, handle }
}

impl Bot {
    pub async fn stop(self) {
        let _ = self.stop.send(());
        let _ = tokio::time::timeout(Duration::from_secs(10), self.handle).await;
    }
}

/// Starts a match between alice and bob and returns the table message.
pub async fn open_match(fake: &FakeDiscord) -> Msg {
    open_match_of(fake, momojan::games::registry::GameId::Momojan).await
}

/// Starts a match of `game` between alice and bob and returns the table message.
pub async fn open_match_of(fake: &FakeDiscord, game: momojan::games::registry::GameId) -> Msg {
    let (alice, bob) = (alice(), bob());
    fake.challenge(&alice, &bob, game).await;
    accept_challenge(fake, &bob).await;
    fake.wait_for("the table", Duration::from_secs(10), |f| table(f).is_some())
        .await;
    table(fake).unwrap()
}

/// `opponent` presses Accept on the newest challenge addressed to them.
pub async fn accept_challenge(fake: &FakeDiscord, opponent: &User) {
    let mention = format!("<@{}>", opponent.id);
    let challenge = fake
        .all_messages()
        .into_iter()
        .rev()
        .find(|m| {
            m.content.contains(&mention) && m.custom_ids().iter().any(|c| c.ends_with(":accept"))
        })
        .expect("a challenge to accept");
    let accept = challenge
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":accept"))
        .unwrap();
    fake.click(opponent, &challenge, &accept).await;
}

/// Whether `momojan verify`, the command a player would run, accepts a fair-deal proof.
#[cfg(test)] // the bot binary's path is known to the tests only
pub fn verified_by_the_command(commitment: &str, salt: &str, deck: &str) -> bool {
    std::process::Command::new(env!("CARGO_BIN_EXE_momojan"))
        .args([
            "verify",
            "--commitment",
            commitment,
            "--salt",
            salt,
            "--deck",
            deck,
        ])
        .output()
        .unwrap()
        .status
        .success()
}

pub fn table(fake: &FakeDiscord) -> Option<Msg> {
    // The newest public message with a "My hand" button and an embed (a turn notice has the
    // button but no embed; the table moves to the bottom of its thread as it changes token).
    fake.newest_visible(&alice(), |m| {
        m.visible_to.is_none()
            && !m.embeds.is_empty()
            && m.custom_ids().iter().any(|c| c.ends_with(":hand"))
    })
}

/// The seated player whose hand offers actions, with that hand message.
pub async fn acting_hand(fake: &FakeDiscord) -> (User, Msg) {
    let table = table(fake).unwrap();
    let hand_id = table
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":hand"))
        .unwrap();
    for user in [alice(), bob()] {
        let opened = fake.click(&user, &table, &hand_id).await;
        let hand = ephemeral_of(fake, &user, &format!("token-{}", opened.interaction_id));
        if !action_choices(&hand).is_empty() {
            return (user, hand);
        }
    }
    panic!("nobody can act");
}

pub async fn stored_version(db: &str) -> i64 {
    stored_version_of(db, 1).await
}

pub async fn stored_version_of(db: &str, match_id: i64) -> i64 {
    let store = Store::open(db).await.unwrap();
    let meta = MatchService::new(store.clone())
        .meta(momojan::service::MatchId(match_id))
        .await
        .unwrap();
    store.close().await;
    meta.version
}

/// Waits up to 20 s for match `match_id` to move on from `version` (a timeout, the computer),
/// failing with `what` when it does not.
pub async fn wait_for_a_move(db: &str, match_id: i64, version: i64, what: &str) {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while stored_version_of(db, match_id).await == version {
        assert!(std::time::Instant::now() < deadline, "{what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A MOMOJAN match as stored now, read through its own connection.
pub async fn load_match(
    db: &str,
    match_id: i64,
) -> momojan::service::Loaded<momojan::games::registry::Momojan> {
    load_match_of(db, match_id).await
}

/// A match of game `G` as stored now, read through its own connection.
pub async fn load_match_of<G: momojan::games::interface::Hosted>(
    db: &str,
    match_id: i64,
) -> momojan::service::Loaded<G> {
    let match_id = momojan::service::MatchId(match_id);
    let store = Store::open(db).await.unwrap();
    let loaded = MatchService::new(store.clone())
        .load::<G>(match_id)
        .await
        .unwrap();
    store.close().await;
    loaded
}

/// The database URL of a test's bot: a file in its temporary directory, or, when
/// `MOMOJAN_DISCORD_TESTS_ON=postgres`, a fresh database on the server of
/// `MOMOJAN_TEST_POSTGRES` (how `.ci/run` runs the Discord suite a second time).
pub fn db_url(dir: &tempfile::TempDir) -> String {
    if on_postgres() {
        return fresh_postgres_database();
    }
    format!("sqlite://{}", dir.path().join("bot.db").display())
}

/// Whether this run of the Discord suite puts each bot on PostgreSQL (`.ci/run`'s second
/// pass, `MOMOJAN_DISCORD_TESTS_ON=postgres`).
pub fn on_postgres() -> bool {
    std::env::var("MOMOJAN_DISCORD_TESTS_ON").as_deref() == Ok("postgres")
}

/// Creates a database on the test server and returns its URL. Run on a thread of its own:
/// the callers are synchronous functions inside the tests' runtimes.
fn fresh_postgres_database() -> String {
    let server = std::env::var("MOMOJAN_TEST_POSTGRES")
        .expect("MOMOJAN_DISCORD_TESTS_ON=postgres needs MOMOJAN_TEST_POSTGRES (see README)");
    fresh_postgres_database_on(&server)
}

/// A new, empty database on the PostgreSQL server at `server` (a URL): its URL.
pub fn fresh_postgres_database_on(server: &str) -> String {
    let server = server.to_string();
    let name = format!("momojan_d_{:016x}", rand::random::<u64>());
    let create = format!("CREATE DATABASE {name}");
    let url = server.clone();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            use sqlx::Connection;
            let mut conn = sqlx::PgConnection::connect(&url).await.unwrap();
            // Databases created at the same moment by other tests can collide on template1.
            let mut tries = 0;
            while let Err(e) = sqlx::raw_sql(&create).execute(&mut conn).await {
                tries += 1;
                assert!(tries < 20, "{create}: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        });
    })
    .join()
    .expect("a fresh PostgreSQL database");
    match server.rsplit_once('/') {
        Some((base, _)) => format!("{base}/{name}"),
        None => panic!("MOMOJAN_TEST_POSTGRES is not a URL: {server}"),
    }
}

/// Fails the test if any embed title, field name, author or footer holds a raw mention:
/// Discord shows `<@…>` there as the id itself.
pub fn assert_no_raw_mentions_in_embeds(fake: &FakeDiscord) {
    for m in fake.all_messages() {
        for e in &m.embeds {
            let mut places = vec![
                e["title"].as_str().unwrap_or_default().to_string(),
                e["footer"]["text"].as_str().unwrap_or_default().to_string(),
                e["author"]["name"].as_str().unwrap_or_default().to_string(),
            ];
            for f in e["fields"].as_array().into_iter().flatten() {
                places.push(f["name"].as_str().unwrap_or_default().to_string());
            }
            for text in places {
                assert!(!text.contains("<@"), "a raw mention in an embed: {text:?}");
            }
        }
    }
}

impl FakeDiscord {
    /// Takes one of [`action_choices`]: clicks the button `id`, or picks `value` of the
    /// select `id` (both must be on `message`).
    /// Runs `/momojan <sub>` with `options` and the `resolved` users and members its USER
    /// options name, as Discord sends them.
    pub async fn slash_resolved(
        &self,
        user: &User,
        sub: &str,
        options: serde_json::Value,
        resolved: serde_json::Value,
    ) -> super::Callback {
        let (id, d) = self.command_interaction(user, sub, options, Some(resolved), false);
        self.dispatch_interaction(&id, d).await
    }

    pub async fn choose(
        &self,
        user: &User,
        message: &Msg,
        id: &str,
        value: Option<String>,
    ) -> super::Callback {
        match value {
            None => self.click(user, message, id).await,
            Some(v) => {
                assert!(message.has_custom_id(id), "{id} is not on the message");
                self.click_raw(user, message, id, Some(vec![v])).await
            }
        }
    }
}

/// Interactions that may go unanswered: the bot may be down (killed) when they are sent.
impl FakeDiscord {
    /// The handling time of every interaction answered so far (sent → callback received).
    pub fn callback_latencies(&self) -> Vec<Duration> {
        let s = self.state.lock().unwrap();
        s.callbacks.values().map(|c| c.latency).collect()
    }

    /// Waits until the bot has sent nothing for `quiet` (its workers are idle). A table of
    /// computers plays on until its game ends, which on a loaded machine took longer than
    /// 20 s (an event's test failed "never settles" beside four others): the bound is
    /// [`PATIENCE`](super::PATIENCE) times that.
    pub async fn settle(&self, quiet: Duration) {
        let mut seen = self.request_count();
        let mut since = std::time::Instant::now();
        let until = since + Duration::from_secs(20) * super::PATIENCE;
        while since.elapsed() < quiet {
            assert!(std::time::Instant::now() < until, "the bot never settles");
            tokio::time::sleep(Duration::from_millis(20)).await;
            let now = self.request_count();
            if now != seen {
                (seen, since) = (now, std::time::Instant::now());
            }
        }
    }

    /// One message by id (without copying every message).
    pub fn message_by_id(&self, id: u64) -> Option<Msg> {
        let s = self.state.lock().unwrap();
        s.messages.get(&id).cloned()
    }

    /// Clicks `custom_id` (or picks `value` of that select) on `message` as `user`; `None`
    /// when no answer came within Discord's deadline (the bot was killed meanwhile).
    pub async fn try_click(
        &self,
        user: &User,
        message: &Msg,
        custom_id: &str,
        value: Option<String>,
    ) -> Option<super::Callback> {
        assert!(
            message.has_custom_id(custom_id),
            "{custom_id} is not on the message"
        );
        let (id, d) = self.component_interaction(user, message, custom_id, value.map(|v| vec![v]));
        self.try_dispatch_interaction(&id, d).await
    }

    /// Runs `/momojan <sub>` with an optional user option; `None` when unanswered.
    pub async fn try_slash(
        &self,
        user: &User,
        sub: &str,
        target: Option<(&str, &User)>,
    ) -> Option<super::Callback> {
        self.try_slash_with(user, sub, target, Vec::new()).await
    }

    /// As [`FakeDiscord::try_slash`], with more options after the user.
    /// `/momojan challenge` naming `opponents` (USER options `opponent`, `opponent2`,
    /// `opponent3`, resolved as Discord does); `None` when the bot does not answer.
    pub async fn try_challenge(
        &self,
        user: &User,
        opponents: &[User],
        more: Vec<serde_json::Value>,
    ) -> Option<super::Callback> {
        let (mut options, resolved) = challenge_options(opponents);
        options.extend(more);
        let options = serde_json::Value::Array(options);
        let (id, d) = self.command_interaction(user, "challenge", options, Some(resolved), false);
        self.try_dispatch_interaction(&id, d).await
    }

    pub async fn try_slash_with(
        &self,
        user: &User,
        sub: &str,
        target: Option<(&str, &User)>,
        more: Vec<serde_json::Value>,
    ) -> Option<super::Callback> {
        let (mut options, resolved) = match target {
            Some((option, target)) => {
                let (options, resolved) = super::user_option(option, target);
                (options, Some(resolved))
            }
            None => (serde_json::json!([]), None),
        };
        options.as_array_mut().unwrap().extend(more);
        let (id, d) = self.command_interaction(user, sub, options, resolved, false);
        self.try_dispatch_interaction(&id, d).await
    }
}

/// The USER options of `/momojan challenge` naming `opponents` (`opponent`, `opponent2`,
/// `opponent3`) and what Discord resolves them to.
pub fn challenge_options(opponents: &[User]) -> (Vec<serde_json::Value>, serde_json::Value) {
    let names = ["opponent", "opponent2", "opponent3"];
    let mut options = Vec::new();
    let mut resolved = serde_json::json!({ "users": {}, "members": {} });
    for (name, target) in names.iter().zip(opponents) {
        let (option, one) = super::user_option(name, target);
        options.extend(option.as_array().unwrap().iter().cloned());
        for part in ["users", "members"] {
            for (k, v) in one[part].as_object().unwrap() {
                resolved[part][k] = v.clone();
            }
        }
    }
    (options, resolved)
}

/// `/momojan export match:<id>` as `user`: the answer it got.
pub async fn export(fake: &FakeDiscord, user: &User, id: momojan::service::MatchId) -> Msg {
    let cb = fake
        .slash(
            user,
            "export",
            serde_json::json!([{"name": "match", "type": 4, "value": id.0}]),
            false,
        )
        .await;
    ephemeral_of(fake, user, &format!("token-{}", cb.interaction_id))
}

/// The match and version a table's "My hand" button is for.
pub fn shown_version(table: &Msg) -> (momojan::service::MatchId, i64) {
    use momojan::discord::ids::{ButtonKind, ComponentId};
    table
        .custom_ids()
        .iter()
        .find_map(|c| match c.parse::<ComponentId>() {
            Ok(ComponentId::Game(b)) if b.kind == ButtonKind::Hand => Some((b.match_id, b.version)),
            _ => None,
        })
        .expect("a My hand button")
}

/// Runs `sql` on the test's database through a connection of its own.
pub async fn execute_sql(db: &str, sql: &str) {
    use sqlx::Connection;
    if db.starts_with("postgres") {
        let mut conn = sqlx::PgConnection::connect(db).await.unwrap();
        sqlx::raw_sql(sql).execute(&mut conn).await.unwrap();
        conn.close().await.unwrap();
    } else {
        let mut conn = sqlx::SqliteConnection::connect(db).await.unwrap();
        sqlx::raw_sql(sql).execute(&mut conn).await.unwrap();
        conn.close().await.unwrap();
    }
}

/// The one text `sql` selects from the test's database.
pub async fn fetch_text(db: &str, sql: &str) -> String {
    use sqlx::Connection;
    if db.starts_with("postgres") {
        let mut conn = sqlx::PgConnection::connect(db).await.unwrap();
        let (text,): (String,) = sqlx::query_as(sql).fetch_one(&mut conn).await.unwrap();
        conn.close().await.unwrap();
        text
    } else {
        let mut conn = sqlx::SqliteConnection::connect(db).await.unwrap();
        let (text,): (String,) = sqlx::query_as(sql).fetch_one(&mut conn).await.unwrap();
        conn.close().await.unwrap();
        text
    }
}
