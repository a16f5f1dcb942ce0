//! `/momojan replay`: a finished match shown one step at a time. Stepping through a whole
//! match shows the engine's state at each step (both hands and the table), the buttons keep
//! working after a restart, a running match cannot be replayed, and the point-of-view switch
//! shows one player's hand or both.

use momojan::games::interface::deal::DeckSeed;
use momojan::games::interface::{Acting, Hosted};
use momojan::games::registry::{GameId, Momojan, Shogi};
use momojan::service::MatchService;
use rand::{Rng, SeedableRng};
use std::time::Duration;

use crate::fake_discord::cards::{card, cards};
use crate::fake_discord::players::*;
use crate::fake_discord::{FakeDiscord, Msg, User};
use crate::upgrade::old_database;
use momojan::games::drivers::seeded::Seeded;
use momojan::games::interface::seat::{Seat, SeatCount};
use momojan::games::momojan::round::RoundEnd;
use momojan::games::momojan::Game;
use momojan::service::MatchId;
use momojan::store::{Move, Store};
use serde_json::{json, Value};

/// The finished match of the fixture.
const FINISHED: MatchId = MatchId(1);

/// The fixture's finished match at every step, replayed here with the engine alone, each
/// with whether the move that led to it ended a round.
async fn engine_states(db: &str) -> Vec<(Game, bool)> {
    let loaded = load_match(db, FINISHED.0).await;
    let store = Store::open(db).await.unwrap();
    let log = store.event_log::<Momojan>(FINISHED).await.unwrap();
    store.close().await;
    let meta = &loaded.meta;
    let (mut game, _) = Seeded::<Momojan>::start(
        loaded.seed,
        SeatCount::TWO,
        meta.first_dealer,
        loaded.options.clone(),
    );
    let mut states = vec![(game.game.clone(), false)];
    for row in &log {
        let rounds = game.game.records.len();
        match row.action {
            Move::Play(action) => game.apply(row.seat, action),
            Move::Concede(why) => game.concede(row.seat, why),
        }
        .unwrap();
        let ended = game.game.records.len() > rounds
            && game.game.records.last().unwrap().final_hands.is_some();
        states.push((game.game.clone(), ended));
    }
    // The fixture was stored before rounds kept their open sets and their scores the
    // reading they counted: the replay has them.
    let mut last = states.last().unwrap().0.clone();
    for record in &mut last.records {
        record.final_melds = None;
        if let Some(RoundEnd::Win { score, .. }) = &mut record.end {
            score.reading = None;
        }
    }
    assert_eq!(last, loaded.state);
    states
}

fn fields(m: &Msg) -> Vec<(String, String)> {
    m.embeds[0]["fields"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|f| {
            (
                f["name"].as_str().unwrap().to_string(),
                f["value"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn title(m: &Msg) -> String {
    m.embeds[0]["title"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// The button of `m` whose id ends with `:<view>:<nav>`.
fn button(m: &Msg, view: &str, nav: &str) -> String {
    let suffix = format!(":{view}:{nav}");
    m.custom_ids()
        .into_iter()
        .find(|id| id.starts_with("rp:") && id.ends_with(&suffix))
        .unwrap_or_else(|| panic!("no {suffix} button in {:?}", m.custom_ids()))
}

/// The replay message shows `state` at `step` of `total` with the hands of `seats` (on a
/// step that ended a round, the hands that round ended with).
fn assert_shows(m: &Msg, step: usize, total: usize, at: &(Game, bool), seats: &[(Seat, &str)]) {
    let (state, ended) = (&at.0, at.1);
    assert!(
        title(m).contains(&format!("step {step} of {total}")),
        "{}",
        title(m)
    );
    let shown = fields(m);
    for seat in [Seat::ZERO, Seat::ONE] {
        let hand_field = shown.iter().find(|(name, _)| {
            seats
                .iter()
                .any(|(s, who)| *s == seat && name == &format!("{who}'s hand"))
        });
        let final_hands = ended.then(|| state.records.last().unwrap().final_hands.clone().unwrap());
        let wanted = seats.iter().any(|(s, _)| *s == seat) && (ended || state.round.is_some());
        match (wanted, hand_field) {
            (true, Some((_, value))) => {
                let hand = match &final_hands {
                    Some(hands) => hands[seat].clone(),
                    None => state.seat_view(seat).hand,
                };
                if final_hands.is_some() {
                    // A round's end shows the open sets too, and a winner's cards as sets:
                    // every concealed card is there.
                    for c in &hand {
                        assert!(
                            value.contains(&cards(&[*c])),
                            "step {step}, seat {seat:?}: {c} not in {value}"
                        );
                    }
                    continue;
                }
                let expected = if hand.is_empty() {
                    "—".to_string()
                } else {
                    cards(&hand)
                };
                assert_eq!(value, &expected, "step {step}, seat {seat:?}");
            }
            (false, None) => {}
            (wanted, found) => panic!("step {step}, seat {seat:?}: wanted {wanted}, {found:?}"),
        }
    }
}

async fn click(fake: &FakeDiscord, user: &User, m: &Msg, id: &str) -> Msg {
    click_timed(fake, user, m, id).await.0
}

/// A click, with its handling time (interaction sent → callback received).
async fn click_timed(fake: &FakeDiscord, user: &User, m: &Msg, id: &str) -> (Msg, Duration) {
    let cb = fake.click(user, m, id).await;
    assert_eq!(
        cb.kind(),
        7,
        "the replay is updated in place: {:?}",
        cb.body
    );
    (
        fake.message_by_id(m.id).expect("the replay message"),
        cb.latency,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_match_replays_step_by_step_and_its_buttons_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = old_database(&dir);
    let states = engine_states(&db).await;
    let total = states.len() - 1;
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let carol = User::new(4242, "carol");

    // Anyone in the server may ask; a running match is refused.
    let cb = fake
        .slash(
            &carol,
            "replay",
            json!([{"name": "match", "type": 4, "value": 2}]),
            false,
        )
        .await;
    let refused = ephemeral_of(&fake, &carol, &format!("token-{}", cb.interaction_id));
    assert!(
        refused.text().contains("still being played"),
        "{}",
        refused.text()
    );
    assert!(refused.custom_ids().is_empty());

    let cb = fake
        .slash(
            &carol,
            "replay",
            json!([{"name": "match", "type": 4, "value": 1}]),
            false,
        )
        .await;
    let mut m = ephemeral_of(&fake, &carol, &format!("token-{}", cb.interaction_id));
    let names = [(Seat::ZERO, "alice"), (Seat::ONE, "bob")];
    assert_shows(&m, 0, total, &states[0], &names);
    let mut latencies = Vec::new();
    for (step, state) in states.iter().enumerate().skip(1) {
        if step == total / 2 {
            // A restart halfway: the buttons on screen go on from where they were.
            bot.stop().await;
            let restarted = start_bot(&fake, &db).await;
            fake.wait_ready().await;
            m = click(&fake, &carol, &m, &button(&m, "ab", "next")).await;
            assert_shows(&m, step, total, state, &names);
            return finish(fake, restarted, m, &states, &carol, latencies).await;
        }
        let (next, took) = click_timed(&fake, &carol, &m, &button(&m, "ab", "next")).await;
        m = next;
        latencies.push(took);
        assert_shows(&m, step, total, state, &names);
    }
    panic!("the match is longer than two steps");
}

/// The second half of the match, then the round, end and view buttons.
async fn finish(
    fake: FakeDiscord,
    bot: Bot,
    mut m: Msg,
    states: &[(Game, bool)],
    carol: &User,
    mut latencies: Vec<Duration>,
) {
    let total = states.len() - 1;
    let names = [(Seat::ZERO, "alice"), (Seat::ONE, "bob")];
    for (step, state) in states.iter().enumerate().skip(total / 2 + 1) {
        let (next, took) = click_timed(&fake, carol, &m, &button(&m, "ab", "next")).await;
        m = next;
        latencies.push(took);
        assert_shows(&m, step, total, state, &names);
    }
    // At the end, "next" and "last" are disabled, "start" takes the replay back.
    let last: Vec<&Value> = m.components[1]["components"]
        .as_array()
        .unwrap()
        .iter()
        .collect();
    assert_eq!(last[0]["disabled"], true, "{last:?}");
    m = click(&fake, carol, &m, &button(&m, "ab", "first")).await;
    assert_shows(&m, 0, total, &states[0], &names);
    // Round by round: each "next round" lands on a step where a round was just dealt.
    let mut rounds = 0;
    while !title(&m).contains(&format!("step {total} of")) {
        m = click(&fake, carol, &m, &button(&m, "ab", "nextround")).await;
        rounds += 1;
        assert!(rounds < 50);
    }
    assert!(rounds >= 2, "the fixture's match has several rounds");
    // One player's view shows that player's hand only.
    m = click(&fake, carol, &m, &button(&m, "ab", "prevround")).await;
    let step: usize = title(&m)
        .split("step ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    screens(&fake, &m, carol).await;
    m = click(&fake, carol, &m, &button(&m, "a", "view")).await;
    assert_shows(&m, step, total, &states[step], &names[..1]);
    m = click(&fake, carol, &m, &button(&m, "b", "view")).await;
    assert_shows(&m, step, total, &states[step], &names[1..]);
    // A forged step past the end shows the end (the log's length bounds it).
    let forged = m.with_button("rp:1:99999:ab:view");
    let cb = fake.click(carol, &forged, "rp:1:99999:ab:view").await;
    assert_eq!(cb.kind(), 7);
    let end = fake.message_by_id(m.id).unwrap();
    assert!(title(&end).contains(&format!("step {total} of {total}")));
    let mut slowest: Vec<(usize, Duration)> = latencies.iter().copied().enumerate().collect();
    slowest.sort_by_key(|(_, d)| std::cmp::Reverse(*d));
    eprintln!("slowest clicks (index, time): {:?}", &slowest[..5]);
    latencies.sort();
    eprintln!(
        "replay steps: {} clicks, handling median {:?}, p99 {:?}, max {:?} ({} build)",
        latencies.len(),
        latencies[latencies.len() / 2],
        latencies[latencies.len() * 99 / 100],
        latencies.last().unwrap(),
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        }
    );
    bot.stop().await;
    fake.assert_no_violations();
}

/// With `MOMOJAN_SCREENS` set, writes a replay step as an English and a Japanese player see
/// it (`/tmp/replay-screen-{en,ja}.json`, for the discord-screen tool).
async fn screens(fake: &FakeDiscord, english: &Msg, carol: &User) {
    if std::env::var_os("MOMOJAN_SCREENS").is_none() {
        return;
    }
    let ja = bob().with_locale("ja");
    let cb = fake
        .slash(
            &ja,
            "replay",
            json!([{"name": "match", "type": 4, "value": 1}]),
            false,
        )
        .await;
    let mut japanese = ephemeral_of(fake, &ja, &format!("token-{}", cb.interaction_id));
    for _ in 0..7 {
        japanese = click(fake, &ja, &japanese, &button(&japanese, "ab", "next")).await;
    }
    for (lang, viewer, m) in [("en", carol, english), ("ja", &ja, &japanese)] {
        let screen = json!({"viewer": viewer.id.to_string(), "title": "#games",
            "names": {alice().id.to_string(): "alice", bob().id.to_string(): "bob",
                      carol.id.to_string(): "carol"},
            "messages": [{"content": m.content, "embeds": m.embeds,
                          "components": m.components, "flags": 64}]});
        std::fs::write(
            format!("/tmp/replay-screen-{lang}.json"),
            serde_json::to_string_pretty(&screen).unwrap(),
        )
        .unwrap();
    }
}

/// The groups of a winning hand as the pieces' texts, each group sorted: how a hand field
/// shows them whatever the order within a group.
type Reading = Vec<Vec<String>>;

/// A won round whose score counted a reading other than the first one the hand has: its
/// index, its winner, the reading that scored and the first one.
struct Misread {
    round: usize,
    winner: Seat,
    scored: Reading,
    first: Reading,
}

/// Groups of piece texts as a [`Reading`] (each group sorted).
fn texts(groups: impl IntoIterator<Item = Vec<String>>) -> Reading {
    groups
        .into_iter()
        .map(|mut g| {
            g.sort();
            g
        })
        .collect()
}

/// The first MOMOJAN round of `game` won with a partition other than the first found.
fn momojan_misread(game: &Game) -> Option<Misread> {
    use momojan::games::momojan::partition::for_each_partition;
    use momojan::games::momojan::shape::Group;
    use momojan::games::momojan::{Card, CardCounts};
    let text = |cards: &[Card]| cards.iter().map(|&c| card(c)).collect::<Vec<_>>();
    game.records.iter().find_map(|r| {
        let Some(RoundEnd::Win {
            winner,
            card,
            score,
            ..
        }) = &r.end
        else {
            return None;
        };
        let reading = score.reading.as_ref()?;
        let mut all = r.final_hands.as_ref()?[*winner].clone();
        if all.len() % 3 != 2 {
            all.push(*card);
        }
        let mut first = Vec::new();
        let _ = for_each_partition(&CardCounts::from_cards(&all), &mut |groups| {
            let (heads, sets): (Vec<&Group>, Vec<&Group>) =
                groups.iter().partition(|g| g.is_head());
            first = sets.iter().chain(&heads).map(|g| text(g.cards())).collect();
            std::ops::ControlFlow::Break(())
        });
        let mut scored: Vec<Vec<String>> = reading.sets.iter().map(|s| text(s)).collect();
        scored.push(text(&reading.head));
        let (scored, first) = (texts(scored), texts(first));
        (scored != first).then_some(Misread {
            round: r.index as usize,
            winner: *winner,
            scored,
            first,
        })
    })
}

/// The first shogi mahjong round of `game` won with a reading other than the hand's first.
fn shogi_misread(game: &momojan::games::shogi::game::Game) -> Option<Misread> {
    use momojan::games::shogi::group::{readings, Group, Shape};
    use momojan::games::shogi::piece::{Counts, Kind};
    use momojan::games::shogi::round::RoundEnd;
    let text =
        |kinds: Vec<Kind>| -> Vec<String> { kinds.iter().map(|k| k.kanji().to_string()).collect() };
    game.records.iter().find_map(|r| {
        let Some(RoundEnd::Win { winner, score, .. }) = &r.end else {
            return None;
        };
        let declared: Vec<Group> = r.final_melds.as_ref()?[*winner]
            .iter()
            .map(|m| m.group)
            .collect();
        // Concealed groups only: the declared ones are shown as they were declared.
        let groups = |shape: &Shape| -> Reading {
            let kinds: Vec<Vec<Kind>> = match shape {
                Shape::Standard { groups, head } => {
                    let mut own = groups.clone();
                    for d in &declared {
                        if let Some(i) = own.iter().position(|g| g == d) {
                            own.remove(i);
                        }
                    }
                    let mut sets: Vec<Vec<Kind>> =
                        own.iter().map(|g| g.pieces().to_vec()).collect();
                    sets.push(vec![*head, *head]);
                    sets
                }
                Shape::FourPairs { pairs } => pairs.iter().map(|&k| vec![k, k]).collect(),
                Shape::Kokushi => vec![Kind::ALL.to_vec()],
            };
            texts(kinds.into_iter().map(text))
        };
        let hand = Counts::of(&r.final_hands.as_ref()?[*winner]);
        let first = readings(&hand, &declared).into_iter().next()?;
        let (scored, first) = (groups(score.reading.as_ref()?), groups(&first));
        (scored != first).then_some(Misread {
            round: r.index as usize,
            winner: *winner,
            scored,
            first,
        })
    })
}

/// The moves of a game of `G` dealt from `deal`, each player winning whenever they may and
/// otherwise making a random legal move (from `seed`), until `done` says the game has what
/// the test looks for.
fn planned<G: Hosted>(
    deal: DeckSeed,
    seed: u64,
    done: impl Fn(&G::State) -> bool,
) -> Vec<(Seat, G::Action)> {
    let (mut state, _) = G::start(&deal, SeatCount::TWO, Seat::ZERO, Default::default());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut moves = Vec::new();
    // At a table of two, one seat acts at a time.
    while let Acting::Turn(seat) = G::to_act(&state) {
        if done(&state) {
            return moves;
        }
        let legal = G::legal_actions(&state, seat);
        let wins = legal
            .iter()
            .find(|a| ["ron", "tsumo"].contains(&G::action_code(**a).as_str()));
        let action = *wins.unwrap_or(&legal[rng.random_range(0..legal.len())]);
        G::apply(&mut state, &deal, seat, action).unwrap();
        moves.push((seat, action));
    }
    panic!("the game ended without what the test looks for");
}

/// A match of `G` played through the bot from a known deal up to a round won with a reading
/// other than the hand's first one, then resigned: its replay at the step that ended that
/// round shows the winner's concealed groups as the score read them.
async fn a_replayed_win_shows_its_scoring_reading<G: Hosted>(
    game: GameId,
    seed: u64,
    misread: impl Fn(&G::State) -> Option<Misread>,
) {
    let mut deal = [5u8; 32];
    deal[..8].copy_from_slice(&seed.to_le_bytes());
    let moves = planned::<G>(deal, seed, |s| misread(s).is_some());
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let mut config = test_config(&fake, &db);
    config.fixed_deal = Some((deal, Seat::ZERO));
    let bot = start_bot_with(config).await;
    fake.wait_ready().await;
    open_match_of(&fake, game).await;
    let store = Store::open(&db).await.unwrap();
    let service = MatchService::new(store.clone());
    loop {
        // Moves nobody chooses (a forced draw) the service plays by itself.
        let loaded = service.load::<G>(FINISHED).await.unwrap();
        let Some(&(seat, action)) = moves.get(loaded.meta.version as usize) else {
            break;
        };
        let user = loaded.meta.user(seat).expect("a player in every seat");
        service
            .apply::<G>(FINISHED, user, loaded.meta.version, action)
            .await
            .unwrap();
    }
    let loaded = service.load::<G>(FINISHED).await.unwrap();
    let found = misread(&loaded.state).expect("the round was played through the bot");
    assert_ne!(found.scored, found.first, "two readings of the hand");
    let user = loaded.meta.user(Seat::ZERO).expect("a player in seat 0");
    service.resign::<G>(FINISHED, user, None).await.unwrap();
    store.close().await;

    let viewer = User::new(4242, "carol").with_locale("ja");
    let cb = fake
        .slash(
            &viewer,
            "replay",
            json!([{"name": "match", "type": 4, "value": 1}]),
            false,
        )
        .await;
    let m = ephemeral_of(&fake, &viewer, &format!("token-{}", cb.interaction_id));
    // The step of the move that ended the round (the round after it dealt, for a round
    // that was not the last).
    let step = moves.len();
    let forged = format!("rp:1:{step}:ab:view");
    let cb = fake.click(&viewer, &m.with_button(&forged), &forged).await;
    assert_eq!(cb.kind(), 7);
    let m = fake.message_by_id(m.id).unwrap();
    // The resignation is the last step.
    let round_and_step = format!("第{}局 · {} 手中 {step} 手目", found.round + 1, step + 1);
    assert!(title(&m).contains(&round_and_step), "{}", title(&m));
    let name = ["alice", "bob"][found.winner.index()];
    let (_, hand) = fields(&m)
        .into_iter()
        .find(|(field, _)| field == &format!("{name} の手札"))
        .unwrap_or_else(|| panic!("{name}'s hand in {:?}", fields(&m)));
    // The concealed groups are the last ones, after ` · `; a mark is not a piece.
    let shown: Vec<Vec<String>> = hand
        .replace("\\*", "")
        .split(" · ")
        .map(|g| g.split(' ').map(str::to_string).collect())
        .collect();
    let concealed = texts(shown[shown.len().saturating_sub(found.scored.len())..].to_vec());
    assert_eq!(concealed, found.scored, "{game}: {hand}");
    assert_ne!(concealed, found.first, "{game}: {hand}");
    bot.stop().await;
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replayed_win_shows_the_hand_as_its_score_read_it_not_as_first_found() {
    // MOMOJAN: 🍋1 🌙 🌙 and a head of suns (moon) rather than 🍋1 ☀️ ☀️ and a head of moons
    // (sun, equal but later in table order).
    a_replayed_win_shows_its_scoring_reading::<Momojan>(GameId::Momojan, 1037, momojan_misread)
        .await;
    // Shogi mahjong: four pairs (四対子) rather than two dragon sets and a head.
    a_replayed_win_shows_its_scoring_reading::<Shogi>(GameId::Shogi, 1963, shogi_misread).await;
}
