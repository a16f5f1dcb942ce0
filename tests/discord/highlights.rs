//! Highlights on the fake Discord: a whole practice match ends and its recap is posted once,
//! inside the final result (no message of its own), in the table's language; each round's
//! lines join that round's summary.

use std::time::Duration;

use rand::SeedableRng;
use serde_json::{json, Value};

use crate::fake_discord::players::*;
use crate::fake_discord::{FakeDiscord, Msg};
use crate::practice::{human_move, start_practice};
use momojan::games::interface::{recap, Acting, Highlights, Play, RECAP_MAX};
use momojan::games::momojan::Seat;
use momojan::games::registry::{GameId, Momojan, Shogi};

fn descriptions(m: &Msg) -> Vec<String> {
    m.embeds
        .iter()
        .filter_map(|e| e["description"].as_str().map(str::to_string))
        .collect()
}

fn field_named(m: &Msg, name: &str) -> Option<String> {
    m.embeds
        .iter()
        .flat_map(|e| e["fields"].as_array().cloned().unwrap_or_default())
        .find(|f: &Value| f["name"].as_str() == Some(name))
        .and_then(|f| f["value"].as_str().map(str::to_string))
}

/// Plays one practice match of shogi to its end and checks what was posted; gives the recap's
/// lines, the rounds that had a line, and the lines about the human that the recap would have
/// shown had they not turned highlights off (`muted`: they do, with the command, first).
async fn a_practice_match_posts_its_recap_once(
    ja: bool,
    seed: u64,
    muted: bool,
) -> (usize, usize, usize) {
    let fake = FakeDiscord::start().await;
    fake.quicken_route_buckets(10);
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let human = if ja {
        fake.set_guild_locale("ja");
        alice().with_locale("ja")
    } else {
        alice()
    };
    if muted {
        let cb = fake
            .slash(
                &human,
                "highlights",
                json!([{ "type": 4, "name": "mine", "value": 0 }]),
                false,
            )
            .await;
        assert!(cb.is_ephemeral(), "the answer is the player's own");
        let answer = ephemeral_of(&fake, &human, &format!("token-{}", cb.interaction_id)).text();
        let said = if ja {
            "オフにしました"
        } else {
            "now off"
        };
        assert!(answer.contains(said), "{answer}");
    }
    start_practice(&fake, &human, 0, GameId::Shogi).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..5_000 {
        let loaded = load_match_of::<Shogi>(&db, 1).await;
        if loaded.meta.is_finished() {
            break;
        }
        if !(Shogi::to_act(&loaded.state) == Acting::Turn(Seat::ZERO)
            && human_move(&fake, &human, &mut rng).await)
        {
            tokio::time::sleep(Duration::from_millis(15)).await;
        }
    }
    let loaded = load_match_of::<Shogi>(&db, 1).await;
    assert!(loaded.meta.is_finished(), "the match ends");
    let (header, field, rematch) = if ja {
        ("**ハイライト**", "ハイライト", "再戦")
    } else {
        ("**Highlights**", "Highlights", "Rematch")
    };
    // The final result is the last post; wait for it.
    fake.wait_for("the final result", Duration::from_secs(30), |f| {
        f.all_messages().iter().any(|m| m.text().contains(rematch))
    })
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let state = &loaded.state;
    let hidden: &[Seat] = if muted { &[Seat::ZERO] } else { &[] };
    let expected = recap(Shogi::game_highlights(state), hidden, RECAP_MAX);
    let about_human = recap(Shogi::game_highlights(state), &[], RECAP_MAX)
        .iter()
        .filter(|h| h.seats.contains(&Seat::ZERO))
        .count();
    let messages = fake.all_messages();
    let with_recap: Vec<&Msg> = messages
        .iter()
        .filter(|m| descriptions(m).iter().any(|d| d.contains(header)))
        .collect();
    if expected.is_empty() {
        assert!(with_recap.is_empty(), "no recap without a highlight");
    } else {
        assert_eq!(with_recap.len(), 1, "the recap is posted once");
        let recap_msg = with_recap[0];
        assert!(
            recap_msg.text().contains(rematch),
            "inside the final result"
        );
        let description = descriptions(recap_msg).join("\n");
        let after = description.split(header).nth(1).unwrap_or_default();
        let lines = after.lines().filter(|l| !l.trim().is_empty()).count();
        assert_eq!(lines, expected.len(), "{description}");
        assert!(!description.contains("-hl-"), "{description}");
    }
    // Each round with a line carries it in its own summary, and only those.
    let rounds_with_lines = (0..Shogi::rounds_played(state))
        .filter(|&r| !recap(Shogi::round_highlights(state, r), hidden, 2).is_empty())
        .count();
    let summaries_with_lines = messages
        .iter()
        .filter_map(|m| field_named(m, field))
        .inspect(|v| assert!(!v.contains("-hl-"), "{v}"))
        .count();
    assert_eq!(summaries_with_lines, rounds_with_lines);
    fake.assert_no_violations();
    bot.stop().await;
    (expected.len(), rounds_with_lines, about_human)
}

/// Matches until one had both a recap and a round line (the deal is the bot's secret seed, so
/// a match may have neither: about one shogi match in two has a round line), every one
/// checked; at most twenty (ten in a row without both came once in a CI run beside a busy
/// loop).
async fn until_both_are_seen(ja: bool) {
    for seed in 0..20 {
        let (recap, rounds, _) = a_practice_match_posts_its_recap_once(ja, seed, false).await;
        if recap > 0 && rounds > 0 {
            return;
        }
    }
    panic!("twenty matches without both a recap and a round line");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_practice_match_posts_its_recap_once_in_english() {
    until_both_are_seen(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_practice_match_posts_its_recap_once_in_japanese() {
    until_both_are_seen(true).await;
}

/// A player who turned highlights off: matches until one whose recap would have named them
/// (every one checked: the recap posted is the one without their lines, and so are the round
/// summaries); at most ten.
async fn until_a_muted_line_is_left_out(ja: bool) {
    for seed in 0..10 {
        let (_, _, about_them) = a_practice_match_posts_its_recap_once(ja, seed, true).await;
        if about_them > 0 {
            return;
        }
    }
    panic!("ten matches without a line about the player");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_turned_highlights_off_is_left_out_of_the_recap() {
    until_a_muted_line_is_left_out(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_turned_highlights_off_is_left_out_of_the_recap_in_japanese() {
    until_a_muted_line_is_left_out(true).await;
}

/// Rated games of momojan between Alice and Bob played through the service on the bot's
/// database until one has a highlight; gives the users its lines are about.
async fn a_rated_game_with_highlights(db: &str) -> Vec<u64> {
    use momojan::games::momojan::RuleOptions;
    use momojan::service::{ChannelId, GuildId, MatchService, NewMatch, Occupant, UserId};
    use momojan::store::Store;
    use rand::Rng;
    let service = MatchService::new(Store::open(db).await.unwrap());
    let (a, b) = (alice().id, bob().id);
    for seed in 1..40u8 {
        let new = NewMatch::<Momojan> {
            guild_id: GuildId(crate::fake_discord::GUILD_ID as i64),
            channel_id: ChannelId(crate::fake_discord::CHANNEL_ID as i64),
            players: vec![
                Occupant::player(UserId(a as i64), "alice"),
                Occupant::player(UserId(b as i64), "bob"),
            ],
            first_dealer: Some(Seat::ZERO),
            options: RuleOptions::default(),
            turn_timeout_secs: 180,
            time_bank_secs: 300,
            claim_secs: 30,
            season: 1,
            lang: momojan::i18n::Lang::En,
            afk_computer: false,
            watchable: true,
            teach: false,
        };
        let (id, _) = service
            .create_match_with_seed(&new, [seed; 32])
            .await
            .unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(u64::from(seed));
        loop {
            let loaded = service.load::<Momojan>(id).await.unwrap();
            let Some(seat) = loaded.state.to_act() else {
                break;
            };
            let legal = loaded.state.legal_actions();
            let action = legal[rng.random_range(0..legal.len())];
            let who = UserId([a, b][seat.index()] as i64);
            service
                .apply::<Momojan>(id, who, loaded.meta.version, action)
                .await
                .unwrap();
        }
        let loaded = service.load::<Momojan>(id).await.unwrap();
        assert!(loaded.meta.is_finished());
        let lines = Momojan::game_highlights(&loaded.state);
        if !lines.is_empty() {
            service.close().await;
            return lines.iter().map(|h| [a, b][h.seats[0].index()]).collect();
        }
    }
    panic!("forty games without a highlight");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_lists_the_seasons_lines_per_game_and_refuses_an_unknown_season() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let about = a_rated_game_with_highlights(&db).await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let ask = |options: Value| {
        let fake = &fake;
        async move {
            let cb = fake.slash(&alice(), "highlights", options, false).await;
            assert!(cb.is_ephemeral());
            ephemeral_of(fake, &alice(), &format!("token-{}", cb.interaction_id))
        }
    };
    // Every game: one field each; momojan's names the players its lines are about.
    let board = ask(json!([])).await;
    let momojan = field_named(&board, GameId::Momojan.names().en).expect("a field for momojan");
    for user in &about {
        assert!(momojan.contains(&format!("<@{user}>")), "{momojan}");
    }
    // Each entry names its kind ("<@u>: 3 deal-ins (game #1)"), not a bare value.
    let kinds = [
        "biggest hand, ",
        "came back from ",
        " deal-ins",
        "dealt in to ",
        " wins in a row",
        " rounds without a win",
    ];
    assert!(kinds.iter().any(|k| momojan.contains(k)), "{momojan}");
    assert!(momojan.contains("(game #1)"), "{momojan}");
    let fields = board.embeds[0]["fields"].as_array().unwrap().len();
    assert_eq!(fields, GameId::HOSTED.len());
    let shogi = field_named(&board, GameId::Shogi.names().en).expect("a field for shogi");
    assert!(shogi.contains("No highlights yet"), "{shogi}");
    // One game, named.
    let game = GameId::HOSTED
        .iter()
        .position(|g| *g == GameId::Momojan)
        .unwrap();
    let one = ask(json!([{ "type": 4, "name": "game", "value": game }])).await;
    assert_eq!(one.embeds[0]["fields"].as_array().unwrap().len(), 1);
    // In Japanese for a player whose Discord is in Japanese.
    let ja = alice().with_locale("ja");
    let cb = fake
        .slash(
            &ja,
            "highlights",
            json!([{ "type": 4, "name": "game", "value": game }]),
            false,
        )
        .await;
    let in_ja = ephemeral_of(&fake, &ja, &format!("token-{}", cb.interaction_id));
    assert_eq!(
        in_ja.embeds[0]["title"].as_str(),
        Some("ハイライト · シーズン1")
    );
    let field = field_named(&in_ja, GameId::Momojan.names().ja).expect("the game's Japanese name");
    assert!(field.contains("いちばん不運"), "{field}");
    // A season that has not begun is said so, not an empty board.
    let later = ask(json!([{ "type": 4, "name": "season", "value": 5 }])).await;
    assert!(later.text().contains("no season 5"), "{}", later.text());
    assert!(later.embeds.is_empty());
    // A player the board names turns theirs off: it no longer names them.
    let named = if about.contains(&alice().id) {
        alice()
    } else {
        bob()
    };
    let cb = fake
        .slash(
            &named,
            "highlights",
            json!([{ "type": 4, "name": "mine", "value": 0 }]),
            false,
        )
        .await;
    let said = ephemeral_of(&fake, &named, &format!("token-{}", cb.interaction_id)).text();
    assert!(said.contains("now off"), "{said}");
    let board = ask(json!([{ "type": 4, "name": "game", "value": game }])).await;
    let text = field_named(&board, GameId::Momojan.names().en).unwrap();
    assert!(!text.contains(&format!("<@{}>", named.id)), "{text}");
    assert_no_raw_mentions_in_embeds(&fake);
    fake.assert_no_violations();
    bot.stop().await;
}
