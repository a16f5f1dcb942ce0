//! Players who play at random while the bot is killed or its database is down: a pair (or a
//! player and the computer) starts a match, clicks random legal moves, resigns after a
//! while and starts again, logging every click the bot answered; and the checks that must
//! hold afterwards whatever happened meanwhile. Shared by the kill tests (`outbox.rs`,
//! `shard_kill.rs`) and the database outage test (`db_outage.rs`).

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use momojan::discord::ids::{ActionCode, ButtonKind, ComponentId, GameButton};
use momojan::games::interface::Hosted;
use momojan::games::registry::{with_game, GameId};
use momojan::service::{ChannelId, MatchId, MatchService, Origin, UserId};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tokio::sync::mpsc;

use super::players::{action_choices, ephemeral_of};
use super::{Callback, FakeDiscord, Msg, User};

/// A real `momojan run` process, killed (SIGKILL) when dropped: a failing test leaves no
/// bot behind.
pub struct BotProcess(Child);

impl BotProcess {
    /// SIGKILL, and waits for the process to be gone.
    pub fn kill(&mut self) {
        let _ = self.0.kill();
        self.0.wait().expect("the killed bot is reaped");
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Starts the real `momojan run` on `fake` and `db` with `args` (e.g. `--shards`) and
/// `envs`, its output discarded, or appended to the file `MOMOJAN_TEST_BOT_LOG` names (at
/// `RUST_LOG=momojan=debug`) when a failure needs the bot's side of the story.
pub fn spawn_bot(
    fake: &FakeDiscord,
    db: &str,
    dir: &Path,
    args: &[&str],
    envs: &[(&str, &str)],
) -> BotProcess {
    let log = std::env::var_os("MOMOJAN_TEST_BOT_LOG").and_then(|path| {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .ok()
    });
    // The bot logs to stdout; its panics go to stderr.
    let (level, stdout, stderr) = match log.and_then(|f| Some((f.try_clone().ok()?, f))) {
        Some((out, err)) => ("momojan=debug", Stdio::from(out), Stdio::from(err)),
        None => ("off", Stdio::null(), Stdio::null()),
    };
    let child = Command::new(env!("CARGO_BIN_EXE_momojan"))
        .arg("run")
        .args(args)
        .current_dir(dir)
        .env("DISCORD_TOKEN", "MTAx.fake.token")
        .env("MOMOJAN_DISCORD_API_BASE", &fake.base)
        .env("DATABASE_URL", db)
        .env("RUST_LOG", level)
        .env_remove("DEV_GUILD_ID")
        .envs(envs.iter().copied())
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .expect("the bot starts");
    BotProcess(child)
}

/// Who plays one table: two to four people, or a player against the computer
/// (`/momojan practice`). Everyone acts from the player's place (guild and channel).
#[derive(Clone)]
pub struct Seats {
    pub player: User,
    /// Empty: a practice match against the computer.
    pub opponents: Vec<User>,
    /// The game the table plays.
    pub game: GameId,
}

impl Seats {
    pub fn pair(player: User, opponent: User) -> Seats {
        Seats::people(player, vec![opponent])
    }

    /// `player` challenges `opponents` (one to three).
    pub fn people(player: User, opponents: Vec<User>) -> Seats {
        Seats {
            player,
            opponents,
            game: GameId::Momojan,
        }
    }

    pub fn practice(player: User) -> Seats {
        Seats::people(player, Vec::new())
    }

    /// The same table, playing `game`.
    pub fn of(mut self, game: GameId) -> Seats {
        self.game = game;
        self
    }

    /// The guild the table is played in.
    pub fn guild(&self) -> u64 {
        self.player.place.0
    }

    pub fn humans(&self) -> Vec<&User> {
        std::iter::once(&self.player)
            .chain(&self.opponents)
            .collect()
    }
}

/// What the players saw answered.
#[derive(Default)]
pub struct Log {
    /// Moves whose click was answered with the updated hand: (match, version clicked at,
    /// the clicked action's id).
    pub answered: Vec<(i64, i64, String)>,
    /// Move clicks with no answer at all (the bot was down).
    pub unanswered_actions: usize,
    /// Move clicks answered late (deferred): applied or not, the players cannot tell yet.
    pub deferred_actions: usize,
    pub matches: Vec<i64>,
}

impl Log {
    pub fn saw_match(&mut self, match_id: i64) {
        if !self.matches.contains(&match_id) {
            self.matches.push(match_id);
        }
    }
}

/// How one attempt at a move went.
#[derive(Debug)]
pub enum Click {
    /// Nobody could act (no table yet, or nobody's turn).
    Idle,
    /// The move was applied: the hand was updated with it.
    Applied,
    /// Another answer (a refusal, or a deferral whose answer follows), to the hand or the move.
    Answered(User, Callback),
    /// No answer within Discord's deadline.
    Unanswered,
}

/// One table's random play, until `stop`: asks for a kill (naming the table's guild) right
/// after an accept and after some answered moves; with `idle`, sometimes leaves a turn
/// alone that long (so that it times out).
pub struct RandomPlay {
    pub fake: Arc<FakeDiscord>,
    pub service: MatchService,
    pub seats: Seats,
    pub stop: Arc<AtomicBool>,
    pub kill: mpsc::UnboundedSender<u64>,
    pub log: Arc<Mutex<Log>>,
    pub seed: u64,
    pub idle: Option<Duration>,
}

impl RandomPlay {
    pub async fn run(self) {
        let mut rng = StdRng::seed_from_u64(self.seed);
        while !self.stop.load(Ordering::SeqCst) {
            let Some(match_id) = active_match(&self.service, &self.seats).await else {
                start_match(&self.fake, &self.seats, Some(&self.kill)).await;
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            };
            self.log.lock().unwrap().saw_match(match_id);
            let moves = rng.random_range(8..30);
            for _ in 0..moves {
                let click = play_one(&self.fake, match_id, &self.seats, &mut rng, &self.log).await;
                match click {
                    Click::Applied if rng.random_bool(0.08) => {
                        // Between an answer and its posts.
                        let _ = self.kill.send(self.seats.guild());
                    }
                    Click::Applied | Click::Answered(..) => {}
                    Click::Idle | Click::Unanswered => {
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    }
                }
                if let Some(idle) = self.idle.filter(|_| rng.random_bool(0.1)) {
                    tokio::time::sleep(idle).await;
                }
                if self.stop.load(Ordering::SeqCst) {
                    return;
                }
            }
            resign(&self.fake, &self.seats.player).await;
        }
    }
}

/// Starts a table's match: a challenge and its accept, or a practice match. Asks `kill` for
/// a kill (naming the guild) right after an accept.
pub async fn start_match(
    fake: &FakeDiscord,
    seats: &Seats,
    kill: Option<&mpsc::UnboundedSender<u64>>,
) {
    let Seats {
        player,
        opponents,
        game,
    } = seats;
    let index = GameId::HOSTED.iter().position(|g| g == game).unwrap();
    let game_option = serde_json::json!({ "type": 4, "name": "game", "value": index });
    if opponents.is_empty() {
        let _ = fake
            .try_slash_with(player, "practice", None, vec![game_option])
            .await;
        return;
    }
    let _ = fake
        .try_challenge(player, opponents, vec![game_option])
        .await;
    // Everyone named accepts; the last accept starts the match.
    let mut accepted = 0;
    for opponent in opponents {
        let mention = format!("<@{}>", opponent.id);
        let Some(challenge) = fake.all_messages().into_iter().rev().find(|m| {
            m.content.contains(&mention) && m.custom_ids().iter().any(|c| c.ends_with(":accept"))
        }) else {
            return;
        };
        let accept = challenge
            .custom_ids()
            .into_iter()
            .find(|c| c.ends_with(":accept"))
            .unwrap();
        if fake
            .try_click(opponent, &challenge, &accept, None)
            .await
            .is_none()
        {
            return;
        }
        accepted += 1;
    }
    if let Some(kill) = kill.filter(|_| accepted == opponents.len()) {
        // Between the accept and the table.
        let _ = kill.send(seats.guild());
    }
}

/// The active match of a table, as stored (`None` also while the database cannot be read).
pub async fn active_match(service: &MatchService, seats: &Seats) -> Option<i64> {
    let channel = ChannelId::from_snowflake(seats.player.place.1);
    let found = service
        .own_active_game(channel, UserId::from_snowflake(seats.player.id))
        .await
        .ok()
        .flatten();
    let (match_id, _) = found?;
    let meta = service.meta(match_id).await.ok()?;
    let players: Vec<UserId> = meta.players().map(|(_, u)| u).collect();
    let theirs = if seats.opponents.is_empty() {
        meta.is_practice()
    } else {
        seats
            .opponents
            .iter()
            .all(|o| players.contains(&UserId::from_snowflake(o.id)))
    };
    Some(meta.id.0).filter(|_| theirs)
}

/// The table of `match_id` as players see it now (the newest, after any repair).
pub fn table_of(fake: &FakeDiscord, match_id: i64) -> Option<Msg> {
    let prefix = format!("mj:{match_id}:");
    fake.all_messages()
        .into_iter()
        .rev()
        .filter(|m| m.visible_to.is_none())
        .find(|m| {
            m.custom_ids()
                .iter()
                .any(|c| c.starts_with(&prefix) && c.ends_with(":hand"))
        })
}

/// One move of whoever can act, chosen at random from their hand.
pub async fn play_one(
    fake: &FakeDiscord,
    match_id: i64,
    seats: &Seats,
    rng: &mut StdRng,
    log: &Mutex<Log>,
) -> Click {
    let Some(table) = table_of(fake, match_id) else {
        return Click::Idle;
    };
    let hand_id = table
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":hand"))
        .unwrap();
    for user in seats.humans() {
        let Some(opened) = fake.try_click(user, &table, &hand_id, None).await else {
            return Click::Unanswered;
        };
        // A hand is an embed (with buttons when its player may act); a refusal is text.
        let is_hand = opened.body["data"]["embeds"]
            .as_array()
            .is_some_and(|embeds| !embeds.is_empty());
        if opened.kind() != 4 || !is_hand {
            return Click::Answered(user.clone(), opened);
        }
        let hand = ephemeral_of(fake, user, &format!("token-{}", opened.interaction_id));
        let choices = action_choices(&hand);
        if choices.is_empty() {
            continue;
        }
        let (id, value) = choices[rng.random_range(0..choices.len())].clone();
        let acted = value.clone().unwrap_or_else(|| id.clone());
        let answer = fake.try_click(user, &hand, &id, value).await;
        let mut log = log.lock().unwrap();
        return match answer {
            Some(cb) if cb.kind() == 7 => {
                let clicked: GameButton = acted.parse().expect("a game id");
                log.answered.push((match_id, clicked.version, acted));
                Click::Applied
            }
            Some(cb) => {
                if cb.kind() == 6 {
                    log.deferred_actions += 1;
                }
                Click::Answered(user.clone(), cb)
            }
            None => {
                log.unanswered_actions += 1;
                Click::Unanswered
            }
        };
    }
    Click::Idle
}

/// The text a click was finally answered with: the callback's own, or for a deferred one the
/// follow-up or edited response it got within `wait` (`None`: no text came).
pub async fn answer_text(
    fake: &FakeDiscord,
    user: &User,
    cb: &Callback,
    wait: Duration,
) -> Option<String> {
    if cb.kind() == 4 {
        return Some(cb.content());
    }
    let token = format!("token-{}", cb.interaction_id);
    let until = std::time::Instant::now() + wait;
    while std::time::Instant::now() < until {
        let text = fake
            .visible_to(user)
            .into_iter()
            .find(|m| m.token.as_deref() == Some(token.as_str()) && !m.content.is_empty());
        if let Some(m) = text {
            return Some(m.content);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    None
}

/// `/momojan resign` and its confirmation, as far as the bot answers.
pub async fn resign(fake: &FakeDiscord, user: &User) {
    let Some(cb) = fake.try_slash(user, "resign", None).await else {
        return;
    };
    let token = format!("token-{}", cb.interaction_id);
    let Some(confirm) = fake
        .visible_to(user)
        .into_iter()
        .rev()
        .find(|m| m.token.as_deref() == Some(token.as_str()))
    else {
        return;
    };
    if let Some(id) = confirm
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":resign"))
    {
        let _ = fake.try_click(user, &confirm, &id, None).await;
    }
}

/// A PostgreSQL guild's turn time (seconds) with no time bank, written as the store keeps it:
/// the command allows no less than 30 s.
pub async fn set_turn_time(db: &str, guild: u64, secs: i64) {
    use sqlx::Connection;
    let mut conn = sqlx::PgConnection::connect(db).await.unwrap();
    sqlx::query(
        "INSERT INTO guild_settings (guild_id, turn_timeout_secs, time_bank_secs) \
         VALUES ($1, $2, 0)",
    )
    .bind(guild as i64)
    .bind(secs)
    .execute(&mut conn)
    .await
    .unwrap();
}

/// Outbox entries not shown yet, across every match.
pub async fn pending_outbox(service: &MatchService) -> usize {
    let mut n = 0;
    for id in service.outbox_matches().await.unwrap() {
        n += service.pending_outbox(id).await.unwrap().len();
    }
    n
}

/// Waits until every outbox entry is shown (the bots' workers are done).
pub async fn wait_for_empty_outbox(service: &MatchService, within: Duration) {
    let until = std::time::Instant::now() + within;
    while pending_outbox(service).await > 0 {
        assert!(
            std::time::Instant::now() < until,
            "the outbox did not empty"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Ends every match of `tables` (its player resigns) and waits until no match is in play and
/// everything is shown: the bots are then at rest (no turn can time out any more), so the
/// tables can be checked against the store.
pub async fn finish_and_settle(fake: &FakeDiscord, service: &MatchService, tables: &[Seats]) {
    let until = std::time::Instant::now() + Duration::from_secs(40);
    loop {
        let in_play = service.matches_in_play().await.unwrap();
        if in_play.is_empty() {
            break;
        }
        assert!(
            std::time::Instant::now() < until,
            "matches still in play: {in_play:?}"
        );
        for seats in tables {
            resign(fake, &seats.player).await;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    wait_for_empty_outbox(service, Duration::from_secs(30)).await;
    fake.settle(Duration::from_millis(500)).await;
}

/// What the stored events of the logged matches add up to.
#[derive(Debug, Default)]
pub struct Counted {
    pub matches: usize,
    pub finished: usize,
    pub events: usize,
    pub player_moves: usize,
    /// Turns played for a player whose time ran out (a timeout's moves count once).
    pub timeouts: usize,
    pub computer_moves: usize,
}

/// The checks that hold after any amount of killing: every match replays from its log to its
/// snapshot and ledger with one event per version (`verify_match`); its table shows the stored
/// version; a finished match's result is posted exactly once; every answered click is stored,
/// once, as the move clicked; no more moves are stored than clicks that may have been applied;
/// and every timeout was due (a turn's time had run out since the move before).
pub async fn check_everything_stored_once(
    fake: &FakeDiscord,
    service: &MatchService,
    log: &Log,
) -> Counted {
    let mut counted = Counted::default();
    for &m in &log.matches {
        let match_id = MatchId(m);
        service
            .verify_match(match_id)
            .await
            .unwrap_or_else(|e| panic!("match {m} verifies: {e}"));
        let game = service.game_of(match_id).await.unwrap();
        with_game!(game, G => count_match::<G>(fake, service, log, match_id, &mut counted).await);
    }
    let answered = log.answered.len();
    let maybe = log.unanswered_actions + log.deferred_actions;
    assert!(
        counted.player_moves >= answered && counted.player_moves <= answered + maybe,
        "every answered click stored once: {} stored, {answered} answered, {maybe} unanswered \
         or deferred",
        counted.player_moves
    );
    counted
}

/// Checks one match of game `G` and adds what its log holds to `counted`.
async fn count_match<G: Hosted>(
    fake: &FakeDiscord,
    service: &MatchService,
    log: &Log,
    match_id: MatchId,
    counted: &mut Counted,
) {
    let m = match_id.0;
    let loaded = service.load::<G>(match_id).await.unwrap();
    check_table_and_result(fake, &loaded.meta);
    counted.matches += 1;
    counted.finished += usize::from(loaded.meta.is_finished());
    let events = service.store().event_log::<G>(match_id).await.unwrap();
    counted.events += events.len();
    counted.player_moves += events.iter().filter(|e| e.origin == Origin::Player).count();
    counted.computer_moves += events
        .iter()
        .filter(|e| e.origin == Origin::Computer)
        .count();
    counted.timeouts += due_timeouts::<G>(&loaded.meta, &events);
    for (_, version, acted) in log.answered.iter().filter(|(mm, _, _)| *mm == m) {
        check_stored_click::<G>(match_id, &events, *version, acted);
    }
}

fn check_table_and_result(fake: &FakeDiscord, meta: &momojan::service::MatchMeta) {
    let m = meta.id.0;
    let table = fake
        .all_messages()
        .into_iter()
        .find(|msg| Some(msg.id) == meta.table_message_id.map(|t| t.snowflake()))
        .unwrap_or_else(|| panic!("match {m} has a table"));
    for id in table.custom_ids() {
        if let Ok(ComponentId::Game(button)) = id.parse::<ComponentId>() {
            assert_eq!(
                button.version, meta.version,
                "match {m}: the table shows {id}"
            );
        }
    }
    if meta.is_finished() {
        let results = fake
            .all_messages()
            .iter()
            .filter(|msg| {
                msg.custom_ids().iter().any(|c| {
                    matches!(c.parse::<ComponentId>(), Ok(ComponentId::Game(b))
                        if b.match_id == meta.id && b.kind == ButtonKind::Rematch)
                })
            })
            .count();
        assert_eq!(results, 1, "match {m}: its result is posted exactly once");
    }
}

fn check_stored_click<G: Hosted>(
    match_id: MatchId,
    events: &[momojan::store::EventRow<G>],
    version: i64,
    acted: &str,
) {
    let m = match_id.0;
    let row = events
        .iter()
        .find(|e| e.seq == version + 1)
        .unwrap_or_else(|| panic!("match {m}: the answered click {acted} is stored"));
    assert_eq!(row.origin, Origin::Player, "match {m}: {acted}");
    let momojan::service::Move::Play(action) = row.action else {
        panic!("match {m}: {acted} stored as a concession");
    };
    let stored = GameButton {
        match_id,
        version,
        kind: ButtonKind::Act(ActionCode::of::<G>(action)),
    }
    .to_string();
    assert_eq!(
        stored, acted,
        "match {m}: the click stored is the one answered"
    );
}

/// The timeouts of a match's log, each checked to have been due: its first event comes at
/// least the turn time after the move before it (times are whole seconds, hence the one
/// second of slack). The moves of one timeout share their second and follow each other.
fn due_timeouts<G: Hosted>(
    meta: &momojan::service::MatchMeta,
    events: &[momojan::store::EventRow<G>],
) -> usize {
    let timed_out = |o: Origin| matches!(o, Origin::Timeout | Origin::Forfeit);
    let mut timeouts = 0;
    for (i, e) in events.iter().enumerate() {
        if !timed_out(e.origin) {
            continue;
        }
        let before = i.checked_sub(1).map(|j| &events[j]);
        let same_transaction = before.is_some_and(|b| {
            b.created_at == e.created_at && (timed_out(b.origin) || b.origin == Origin::Auto)
        });
        if same_transaction {
            continue;
        }
        let turn_started = before.map_or(meta.created_at, |b| b.created_at);
        assert!(
            e.created_at - turn_started >= meta.turn_timeout_secs - 1,
            "match {}: the timeout at version {} came {} s into a {} s turn",
            meta.id.0,
            e.seq,
            e.created_at - turn_started,
            meta.turn_timeout_secs
        );
        timeouts += 1;
    }
    timeouts
}
