//! Matches of people only at any table size, for the host's tests written once for every
//! hosted game: a challenge naming several opponents, a match opened at the smallest table
//! its game is played at (two for MOMOJAN and shogi mahjong, four for riichi), and the hand of
//! whichever of its players may act.

use std::time::Duration;

use serde_json::{json, Value};

use crate::fake_discord::players::{
    accept_challenge, action_choices, alice, bob, ephemeral_of, open_match_of, table,
};
use crate::fake_discord::{FakeDiscord, Msg, User};
use momojan::games::registry::GameId;

/// The third and fourth players of a table of people (English, unlike the tables' dave).
pub fn dan() -> User {
    User::new(777_000_000_000_000_011, "dan")
}

pub fn eve() -> User {
    User::new(777_000_000_000_000_012, "eve")
}

/// The poise choice index of a hosted game.
pub fn game_index(game: GameId) -> usize {
    GameId::HOSTED.iter().position(|g| *g == game).unwrap()
}

/// `/momojan challenge` naming `opponents` (as USER options, resolved as Discord does).
pub async fn challenge_many(
    fake: &FakeDiscord,
    user: &User,
    opponents: &[User],
    game: GameId,
) -> Value {
    let (mut options, resolved) = crate::fake_discord::players::challenge_options(opponents);
    options.push(json!({ "type": 4, "name": "game", "value": game_index(game) }));
    fake.slash_resolved(user, "challenge", Value::Array(options), resolved)
        .await
        .body
}

/// Starts a match of `game` at the smallest table it is played at, every seat a person
/// (alice, bob, then dan and eve), and returns its table message and its players.
pub async fn open_match_of_people(fake: &FakeDiscord, game: GameId) -> (Msg, Vec<User>) {
    let seats = game.seat_counts()[0].get();
    if seats == 2 {
        return (open_match_of(fake, game).await, vec![alice(), bob()]);
    }
    let players: Vec<User> = [alice(), bob(), dan(), eve()]
        .into_iter()
        .take(seats)
        .collect();
    challenge_many(fake, &players[0], &players[1..], game).await;
    for opponent in &players[1..] {
        accept_challenge(fake, opponent).await;
    }
    fake.wait_for("the table", Duration::from_secs(10), |f| table(f).is_some())
        .await;
    (table(fake).unwrap(), players)
}

/// The one of `players` whose hand offers actions, with that hand message.
pub async fn acting_hand_of(fake: &FakeDiscord, players: &[User]) -> (User, Msg) {
    let table = table(fake).unwrap();
    let hand_id = table
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":hand"))
        .unwrap();
    for user in players {
        let opened = fake.click(user, &table, &hand_id).await;
        let hand = ephemeral_of(fake, user, &format!("token-{}", opened.interaction_id));
        if !action_choices(&hand).is_empty() {
            return (user.clone(), hand);
        }
    }
    panic!("nobody can act");
}

/// Who sits at a table of a test: people only, or people with computers in the other seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Table {
    /// A challenge of this many people (alice, bob, dan, eve), all accepted.
    People(usize),
    /// An open table of `seats` that `people` join (alice opens it, bob joins), started by its
    /// opener: the computers take the other seats.
    WithComputers { people: usize, seats: usize },
}

impl Table {
    pub fn seats(self) -> usize {
        match self {
            Table::People(n) => n,
            Table::WithComputers { seats, .. } => seats,
        }
    }

    pub fn people(self) -> usize {
        match self {
            Table::People(n) => n,
            Table::WithComputers { people, .. } => people,
        }
    }
}

impl std::fmt::Display for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Table::People(n) => write!(f, "{n} people"),
            Table::WithComputers { people, seats } => {
                write!(f, "{people} people and {} computers", seats - people)
            }
        }
    }
}

/// The people of a table of `n`, in `locale`: alice, bob, dan, eve.
pub fn people(n: usize, locale: &str) -> Vec<User> {
    [alice(), bob(), dan(), eve()]
        .into_iter()
        .take(n)
        .map(|u| u.with_locale(locale))
        .collect()
}

/// Starts a match of `game` at `table`, its people from [`people`], and waits for its table
/// message. Returns the people.
pub async fn start_table(fake: &FakeDiscord, game: GameId, at: Table, locale: &str) -> Vec<User> {
    let players = people(at.people(), locale);
    match at {
        Table::People(_) => {
            challenge_many(fake, &players[0], &players[1..], game).await;
            for opponent in &players[1..] {
                accept_challenge(fake, opponent).await;
            }
        }
        Table::WithComputers { seats, .. } => {
            fake.slash(
                &players[0],
                "table",
                json!([
                    { "type": 4, "name": "game", "value": game_index(game) },
                    { "type": 4, "name": "seats", "value": seats },
                ]),
                false,
            )
            .await;
            let open = |f: &FakeDiscord| {
                f.all_messages()
                    .into_iter()
                    .rev()
                    .find(|m| m.custom_ids().iter().any(|c| c.starts_with("tb:")))
                    .expect("the open table")
            };
            let button = |m: &Msg, end: &str| {
                m.custom_ids()
                    .into_iter()
                    .find(|c| c.ends_with(end))
                    .unwrap_or_else(|| panic!("no {end} on {:?}", m.text()))
            };
            for joining in &players[1..] {
                let table = open(fake);
                fake.click(joining, &table, &button(&table, ":join")).await;
            }
            let table = open(fake);
            fake.click(&players[0], &table, &button(&table, ":start"))
                .await;
        }
    }
    fake.wait_for("the table", Duration::from_secs(10), |f| table(f).is_some())
        .await;
    players
}
