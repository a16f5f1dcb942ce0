//! Teaching tables on the fake Discord (issue 39): `/momojan practice teach:on` at riichi and
//! at the beginners' game. On every one of the player's turns the hand shows a hint for every
//! choice — exactly the game's hints from the player's own seat view, so nothing of another
//! seat's hand — and the `normal` computer's suggestion; the match has no turn deadline and
//! nothing is ever played on a timeout.

use std::time::Duration;

use momojan::discord::view::pen::nameless_words;
use momojan::games::interface::Hosted;
use momojan::games::registry::{Beginners, GameId, Riichi};
use momojan::i18n::{tr, Lang};
use momojan::service::{MatchId, Origin, UserId};
use momojan::store::Store;
use rand::{Rng, SeedableRng};
use serde_json::json;

use crate::fake_discord::players::*;
use crate::fake_discord::FakeDiscord;

/// `/momojan practice game:<game> seats:<seats> teach:on` (poise sends choices as their index).
async fn start_teaching(fake: &FakeDiscord, game: GameId, seats: u64) {
    let game = GameId::HOSTED.iter().position(|g| *g == game).unwrap();
    fake.slash(
        &alice(),
        "practice",
        json!([
            { "type": 4, "name": "game", "value": game },
            { "type": 4, "name": "seats", "value": seats },
            { "type": 4, "name": "teach", "value": 0 },
        ]),
        false,
    )
    .await;
    fake.wait_for("the practice table", Duration::from_secs(10), |f| {
        table(f).is_some()
    })
    .await;
}

async fn teaching_practice<G: Hosted>(game: GameId, seats: u64, turns: usize) {
    let fake = FakeDiscord::start().await;
    fake.quicken_route_buckets(10);
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let human = alice();
    start_teaching(&fake, game, seats).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seats);
    let (mut checked, mut suggestions) = (0, 0);
    for _ in 0..3_000 {
        if checked >= turns {
            break;
        }
        let loaded = load_match_of::<G>(&db, 1).await;
        assert!(loaded.meta.teach, "teach:on makes a teaching match");
        assert_eq!(loaded.meta.turn_deadline, None, "no clock");
        if loaded.meta.is_finished() {
            break;
        }
        let me = loaded.meta.seat_of(UserId(human.id as i64)).unwrap();
        // A turn or a claim window: without a clock, a window waits for the player too.
        if !G::to_act(&loaded.state).includes(me) {
            tokio::time::sleep(Duration::from_millis(15)).await;
            continue;
        }
        let Some(table) = table(&fake) else { continue };
        let hand_id = table
            .custom_ids()
            .into_iter()
            .find(|c| c.ends_with(":hand"))
            .unwrap();
        let opened = fake.click(&human, &table, &hand_id).await;
        let hand = ephemeral_of(&fake, &human, &format!("token-{}", opened.interaction_id));
        let description = hand.embeds[0]["description"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        // The match may have moved on between the load and the click: read it again.
        let now = load_match_of::<G>(&db, 1).await;
        if now.meta.version != loaded.meta.version {
            continue;
        }
        let view = G::view(&now.state, me);
        let hints = G::hints(&view, &now.options);
        assert_eq!(
            hints.len(),
            G::view_actions(&view).len(),
            "a hint per choice"
        );
        let lang = [Lang::En, Lang::Ja]
            .into_iter()
            .find(|l| description.contains(&tr(*l, "hand-teach-title")))
            .unwrap_or_else(|| panic!("a teaching hand: {description}"));
        for (_, hint) in &hints {
            let line = nameless_words(game, lang, hint);
            assert!(description.contains(&line), "{line:?} in {description}");
        }
        if description.contains("💡") {
            suggestions += 1;
        }
        checked += 1;
        let choices = action_choices(&hand);
        let (id, value) = choices[rng.random_range(0..choices.len())].clone();
        fake.choose(&human, &hand, &id, value).await;
    }
    assert!(
        checked >= turns.min(5),
        "{checked} of the player's turns checked"
    );
    assert_eq!(
        suggestions, checked,
        "the computer's suggestion on every turn"
    );
    let store = Store::open(&db).await.unwrap();
    let log = store.event_log::<G>(MatchId(1)).await.unwrap();
    assert!(
        log.iter().all(|e| e.origin != Origin::Timeout),
        "no clock fired"
    );
    assert!(
        log.iter().any(|e| e.origin == Origin::Computer),
        "computers moved"
    );
    store.close().await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_riichi_teaching_practice_hints_every_choice_from_the_players_view_and_has_no_clock() {
    teaching_practice::<Riichi>(GameId::Riichi, 4, 12).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_beginners_teaching_practice_hints_every_choice_from_the_players_view_and_has_no_clock() {
    teaching_practice::<Beginners>(GameId::Beginners, 2, 12).await;
}
