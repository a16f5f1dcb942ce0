//! The simulated players of one match: a challenge and its acceptance, both hands opened from
//! the table, then one action every period from whichever live hand offers one.

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};

use crate::fake_discord::players::Choice;
use crate::fake_discord::{FakeDiscord, Msg, User};

/// The two players of a match and the ids of their live hand messages.
pub struct Table {
    pub users: [User; 2],
    pub hands: [u64; 2],
}

/// How long setting up a match waits for the bot's table in the challenge's thread.
const TABLE_WAIT: Duration = Duration::from_secs(20);
/// How long the opponent looks at a challenge before accepting it.
const READING: Duration = Duration::from_secs(1);

/// Match `m`'s two players (ids that no other match uses), acting in `place` (guild,
/// channel).
fn users_of(m: u64, (guild, channel): (u64, u64)) -> [User; 2] {
    [
        User::new(600_000_000_000_000_000 + 2 * m, &format!("a{m}")).in_guild(guild, channel),
        User::new(600_000_000_000_000_001 + 2 * m, &format!("b{m}")).in_guild(guild, channel),
    ]
}

/// Challenge, accept, wait for the table in the match's thread, open both hands.
///
/// # Errors
/// Which step failed.
pub async fn open(fake: &FakeDiscord, m: u64, place: (u64, u64)) -> Result<Table, String> {
    let users = users_of(m, place);
    let [a, b] = &users;
    let asked = fake
        .try_slash(a, "challenge", Some(("opponent", b)))
        .await
        .ok_or("no answer to the challenge")?;
    let challenge = fake
        .response_message(&asked.interaction_id)
        .ok_or("no challenge message")?;
    let accept = button(&challenge, ":accept").ok_or("no Accept button")?;
    fake.forget_callback(&asked.interaction_id);
    // The opponent reads the challenge first (and the bot learns its message meanwhile, to
    // start the thread from it).
    tokio::time::sleep(READING).await;
    fake.try_click(b, &challenge, &accept, None)
        .await
        .ok_or("no answer to Accept")?;
    // The bot starts the match's thread from the challenge message: the thread's id is the
    // message's (else a thread of its own, where the table names the players).
    let table = match wait_for_table(fake, challenge.id).await {
        Some(table) => table,
        None => table_naming(fake, a).ok_or("no table")?,
    };
    let hand_button = button(&table, ":hand").ok_or("no My hand button")?;
    let mut hands = [0; 2];
    for (seat, user) in users.iter().enumerate() {
        let opened = fake
            .try_click(user, &table, &hand_button, None)
            .await
            .ok_or("no answer to My hand")?;
        hands[seat] = fake
            .response_message(&opened.interaction_id)
            .ok_or("no hand message")?
            .id;
        fake.forget_callback(&opened.interaction_id);
    }
    Ok(Table { users, hands })
}

fn button(message: &Msg, suffix: &str) -> Option<String> {
    message
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(suffix))
}

async fn wait_for_table(fake: &FakeDiscord, thread: u64) -> Option<Msg> {
    let until = Instant::now() + TABLE_WAIT;
    while Instant::now() < until {
        let table = fake
            .public_messages_in(thread)
            .into_iter()
            .find(|m| button(m, ":hand").is_some());
        if let Some(table) = table {
            return Some(table);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    None
}

/// The newest table that names `player` (a scan of every message: the slow way).
fn table_naming(fake: &FakeDiscord, player: &User) -> Option<Msg> {
    let id = player.id.to_string();
    fake.all_messages()
        .into_iter()
        .rev()
        .find(|m| m.visible_to.is_none() && button(m, ":hand").is_some() && m.text().contains(&id))
}

/// When a match acts, and which of its clicks are measured.
#[derive(Debug, Clone, Copy)]
pub struct Schedule {
    /// The match's first click.
    pub first: Instant,
    pub period: Duration,
    /// Clicks sent in `[from, to)` are measured; none is sent from `to` on.
    pub from: Instant,
    pub to: Instant,
}

/// What one match's measured clicks did.
#[derive(Debug, Default)]
pub struct Tally {
    /// Handling time of every measured click that was answered.
    pub latencies: Vec<Duration>,
    /// Clicks answered by updating the hand: committed actions.
    pub applied: u64,
    /// Clicks refused (a stale hand) and answered with a fresh hand.
    pub refused: u64,
    /// Clicks with no answer within Discord's 3 seconds.
    pub unanswered: u64,
    /// Ticks where neither hand offered an action (the bot had not edited it yet, or the
    /// game is over).
    pub idle: u64,
    /// Every tick from the window's start on (the game's end makes the rest idle).
    pub ticks: u64,
}

/// Plays `table` by `schedule`: each tick, the hand that offers actions takes one at random.
pub async fn play(fake: &FakeDiscord, mut table: Table, schedule: Schedule, seed: u64) -> Tally {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut ticker = tokio::time::interval_at(
        tokio::time::Instant::from_std(schedule.first),
        schedule.period,
    );
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut tally = Tally::default();
    loop {
        ticker.tick().await;
        let sent = Instant::now();
        if sent >= schedule.to {
            return tally;
        }
        let measured = sent >= schedule.from;
        tally.ticks += u64::from(measured);
        let players = [
            (&table.users[0], table.hands[0]),
            (&table.users[1], table.hands[1]),
        ];
        let Some((seat, answer)) = fake
            .try_act(players, |offered| choose(offered, &mut rng))
            .await
        else {
            tally.idle += u64::from(measured);
            continue;
        };
        let Some(answer) = answer else {
            tally.unanswered += u64::from(measured);
            continue;
        };
        if answer.kind() != 7 {
            // A refusal comes with a fresh hand message: the player goes on from that one.
            if let Some(fresh) = fake.response_message(&answer.interaction_id) {
                table.hands[seat] = fresh.id;
            }
        }
        if measured {
            tally.latencies.push(answer.latency);
            if answer.kind() == 7 {
                tally.applied += 1;
            } else {
                tally.refused += 1;
            }
        }
    }
}

/// Of the seats whose live hand offers actions (both only while one hand is stale: either
/// click is a real player's), one at random, and one of its actions at random.
fn choose(offered: &mut Vec<(usize, Vec<Choice>)>, rng: &mut impl Rng) -> (usize, Choice) {
    let (seat, choices) = offered.swap_remove(rng.random_range(0..offered.len()));
    let pick = choices[rng.random_range(0..choices.len())].clone();
    (seat, pick)
}
