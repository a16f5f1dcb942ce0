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
    let names = ["opponent", "opponent2", "opponent3"];
    let mut options = Vec::new();
    let mut resolved = json!({ "users": {}, "members": {} });
    for (name, target) in names.iter().zip(opponents) {
        let (option, one) = crate::fake_discord::user_option(name, target);
        options.extend(option.as_array().unwrap().iter().cloned());
        for part in ["users", "members"] {
            for (k, v) in one[part].as_object().unwrap() {
                resolved[part][k] = v.clone();
            }
        }
    }
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
