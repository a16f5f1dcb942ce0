//! A riichi player's auto switches, through the fake Discord: one click in the player's own
//! hand turns a switch on, and from then the game takes what it decides for them without a
//! click — a claim window they could only call in is passed (no calls), a win is taken
//! (auto-win), a draw in riichi that offers a closed kan is discarded (auto-discard in riichi)
//! — while with the switch off they are asked as before. The deals are searched with a fixed
//! walk (the `easy` computer on turns, a pass on every claim) that the tests then play through
//! the service, so each switch meets the situation it is for.

use std::time::Duration;

use momojan::discord::ids::{ActionCode, ButtonKind, GameButton};
use momojan::games::interface::deal::DeckSeed;
use momojan::games::interface::ledger::Party;
use momojan::games::interface::prelude::*;
use momojan::games::interface::seat::{Seat, SeatCount};
use momojan::games::interface::Acting;
use momojan::games::interface::AutoSwitch;
use momojan::games::interface::Shows;
use momojan::games::interface::{Budget, Level};
use momojan::games::registry::{GameId, Riichi};
use momojan::games::riichi::action::Action;
use momojan::games::riichi::game::Game;
use momojan::service::{MatchId, MatchService, Move, Origin, UserId};
use momojan::store::Store;

use crate::fake_discord::players::{db_url, ephemeral_of, start_bot_with, test_config, Bot};
use crate::fake_discord::{FakeDiscord, Msg, User};
use crate::seats::{start_table, Table};

const MATCH: MatchId = MatchId(1);
/// Deals searched for a situation (a closed kan offered in riichi is the rarest).
const SEARCHED: u64 = 3_000;

/// The walk the deals are searched with: a pass on every claim, the `easy` computer's move
/// on a turn.
fn walk(state: &Game, seat: Seat) -> Action {
    let legal = Riichi::legal_actions(state, seat);
    if legal.contains(&Action::Pass) {
        return Action::Pass;
    }
    let view = Riichi::view(state, seat);
    Riichi::decide(
        Level::Easy,
        &view,
        &Default::default(),
        Budget::default(),
        7,
    )
    .unwrap_or(legal[0])
}

/// Whether `seat` may only call (chi, pon, kan) or pass now: no ron among its actions.
fn only_calls(state: &Game, seat: Seat) -> bool {
    let legal = Riichi::legal_actions(state, seat);
    legal.contains(&Action::Pass) && !legal.contains(&Action::Ron)
}

/// Whether `seat`, in riichi, drew a tile that offers a closed kan but no win: the draw the
/// auto-discard switch discards.
fn kan_in_riichi(state: &Game, seat: Seat) -> bool {
    let view = Riichi::view(state, seat);
    let in_riichi = view.public.round.as_ref().is_some_and(|r| {
        r.players[seat].riichi != momojan::games::kit::mahjong::yaku::RiichiKind::None
    });
    let legal = &view.legal_actions;
    in_riichi
        && legal.iter().any(|a| matches!(a, Action::Ankan { .. }))
        && !legal.contains(&Action::Tsumo)
}

/// Whether `seat` may win now (ron or tsumo).
fn may_win(state: &Game, seat: Seat) -> bool {
    let legal = Riichi::legal_actions(state, seat);
    legal.contains(&Action::Ron) || legal.contains(&Action::Tsumo)
}

/// A searched deal: its seed and first dealer, and the versions (moves played, the forced
/// ones too) at which the wanted situations arise for `seat`.
struct Deal {
    seed: DeckSeed,
    dealer: Seat,
    seat: Seat,
    at: Vec<i64>,
}

/// The first deal whose walk reaches `times` situations `wanted` of one seat (the first
/// seat it finds them for), in its first round.
fn find_deal(times: usize, wanted: impl Fn(&Game, Seat) -> bool) -> Deal {
    let four = SeatCount::new(4).unwrap();
    for n in 0u64..SEARCHED {
        let mut seed = [0u8; 32];
        seed[..8].copy_from_slice(&n.to_le_bytes());
        let dealer = Seat::from_index(n % 4).unwrap();
        let (mut state, _) = Riichi::start(&seed, four, dealer, Default::default());
        let mut moves = 0i64;
        let mut found: Vec<(Seat, i64)> = Vec::new();
        while Riichi::rounds_played(&state) == 0 {
            for seat in Riichi::to_act(&state).seats().iter() {
                if wanted(&state, seat) {
                    found.push((seat, moves));
                }
            }
            let first = found[..].first().map(|(s, _)| *s);
            if let Some(seat) = first {
                let at: Vec<i64> = found
                    .iter()
                    .filter(|(s, _)| *s == seat)
                    .map(|(_, v)| *v)
                    .collect();
                if at.len() == times {
                    return Deal {
                        seed,
                        dealer,
                        seat,
                        at,
                    };
                }
            }
            let seat = Riichi::to_act(&state).first().unwrap();
            let action = walk(&state, seat);
            Riichi::apply(&mut state, &seed, seat, action).unwrap();
            moves += 1;
            while let Some((seat, forced)) = Riichi::forced_action(&state) {
                Riichi::apply(&mut state, &seed, seat, forced).unwrap();
                moves += 1;
            }
        }
    }
    panic!("no deal with the situation in {SEARCHED} seeds");
}

/// A riichi table of four people (alice, bob, dan, eve) playing `deal`.
struct Game4 {
    fake: FakeDiscord,
    bot: Bot,
    store: Store,
    service: MatchService,
    people: Vec<User>,
    _dir: tempfile::TempDir,
}

impl Game4 {
    async fn start(deal: &Deal) -> Game4 {
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().unwrap();
        let db = db_url(&dir);
        let mut config = test_config(&fake, &db);
        config.fixed_deal = Some((deal.seed, deal.dealer));
        let bot = start_bot_with(config).await;
        fake.wait_ready().await;
        let people = start_table(&fake, GameId::Riichi, Table::People(4), "en-US").await;
        let store = Store::open(&db).await.unwrap();
        let service = MatchService::new(store.clone());
        let loaded = service.load::<Riichi>(MATCH).await.unwrap();
        assert_eq!(
            loaded.options,
            Default::default(),
            "the deal was searched with the default options"
        );
        Game4 {
            fake,
            bot,
            store,
            service,
            people,
            _dir: dir,
        }
    }

    async fn stop(self) {
        self.service.verify_match(MATCH).await.unwrap();
        self.fake.assert_no_violations();
        self.store.close().await;
        self.bot.stop().await;
    }

    async fn user_of(&self, seat: Seat) -> (UserId, User) {
        let meta = self.service.meta(MATCH).await.unwrap();
        let id = meta.seats[seat].occupant.user().expect("a person's seat");
        let user = self
            .people
            .iter()
            .find(|p| p.id as i64 == id.0)
            .expect("one of the people")
            .clone();
        (id, user)
    }

    /// Opens `user`'s hand from the table's "My hand" button.
    async fn open_hand(&self, user: &User) -> Msg {
        let is_table =
            |m: &Msg| m.visible_to.is_none() && m.custom_ids().iter().any(|c| c.ends_with(":hand"));
        self.fake
            .wait_for("the table", Duration::from_secs(10), |f| {
                f.all_messages().iter().any(is_table)
            })
            .await;
        let table = self
            .fake
            .all_messages()
            .into_iter()
            .rev()
            .find(is_table)
            .unwrap();
        let id = table
            .custom_ids()
            .into_iter()
            .find(|c| c.ends_with(":hand"))
            .unwrap();
        let opened = self.fake.click(user, &table, &id).await;
        ephemeral_of(
            &self.fake,
            user,
            &format!("token-{}", opened.interaction_id),
        )
    }

    /// Plays the walk through the service, for everyone to act, until version `to` (or
    /// past it, when what a switch played came with the move that reached it).
    async fn walk_to(&self, to: i64) {
        loop {
            let loaded = self.service.load::<Riichi>(MATCH).await.unwrap();
            if loaded.meta.version >= to {
                return;
            }
            let seat = Riichi::to_act(&loaded.state).first().unwrap();
            let (user, _) = self.user_of(seat).await;
            let action = walk(&loaded.state, seat);
            self.service
                .apply::<Riichi>(MATCH, user, loaded.meta.version, action)
                .await
                .unwrap();
        }
    }
}

/// The custom id of `switch`'s button on `hand`, which must say the switch is `on` (a click
/// asks for the other state).
fn switch_button(hand: &Msg, switch: AutoSwitch, on: bool) -> String {
    let wanted = format!(":auto-{}-{}", switch.id(), if on { "off" } else { "on" });
    hand.custom_ids()
        .into_iter()
        .find(|c| c.ends_with(&wanted))
        .unwrap_or_else(|| panic!("no {wanted} on the hand: {:?}", hand.custom_ids()))
}

/// `hand` once it is drawn for `version` (the bot edits a live hand after each action).
async fn hand_at(fake: &FakeDiscord, hand: u64, version: i64) -> Msg {
    let at = format!("mj:{}:{version}:", MATCH.0);
    let drawn = |m: &Msg| m.custom_ids().iter().any(|c| c.starts_with(&at));
    fake.wait_for("the hand at the version", Duration::from_secs(10), |f| {
        f.message_by_id(hand).is_some_and(|m| drawn(&m))
    })
    .await;
    fake.message_by_id(hand).unwrap()
}

fn action_id(version: i64, action: Action) -> String {
    GameButton {
        match_id: MATCH,
        version,
        kind: ButtonKind::Act(ActionCode::of::<Riichi>(action)),
    }
    .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_calls_turned_on_in_a_claim_window_passes_it_at_once_and_every_later_one() {
    let deal = find_deal(2, only_calls);
    let (first, second) = (deal.at[0], deal.at[1]);
    let game = Game4::start(&deal).await;
    let (_, user) = game.user_of(deal.seat).await;
    game.walk_to(first).await;
    // With the switch off the player is asked: the window waits for them, their hand offers
    // the call.
    let loaded = game.service.load::<Riichi>(MATCH).await.unwrap();
    assert_eq!(loaded.meta.version, first);
    assert!(
        matches!(Riichi::to_act(&loaded.state), Acting::Claims(asked) if asked.contains(deal.seat))
    );
    let call = Riichi::legal_actions(&loaded.state, deal.seat)
        .into_iter()
        .find(|a| *a != Action::Pass)
        .unwrap();
    let hand = game.open_hand(&user).await;
    assert!(
        action_choice_ids(&hand).contains(&action_id(first, call)),
        "the call is offered: {:?}",
        hand.custom_ids()
    );
    // One click: the switch is on, and the window is passed for them at once.
    let answer = game
        .fake
        .click(
            &user,
            &hand,
            &switch_button(&hand, AutoSwitch::NoCalls, false),
        )
        .await;
    assert_eq!(answer.kind(), 7, "{}", answer.content());
    let rows = game
        .service
        .moves_between::<Riichi>(MATCH, first, first + 1)
        .await
        .unwrap();
    assert_eq!(
        rows.iter()
            .map(|r| (r.seat, r.action, r.origin))
            .collect::<Vec<_>>(),
        vec![(deal.seat, Move::Play(Action::Pass), Origin::Auto)]
    );
    let meta = game.service.meta(MATCH).await.unwrap();
    assert!(
        meta.seats[deal.seat].auto.has(AutoSwitch::NoCalls),
        "stored"
    );
    let hand = game.fake.message_by_id(hand.id).unwrap();
    switch_button(&hand, AutoSwitch::NoCalls, true);
    // The next window they could only call in never asks them: the discard that opens it
    // is followed by their pass in the same action.
    game.walk_to(second).await;
    let rows = game
        .service
        .moves_between::<Riichi>(MATCH, second, second + 1)
        .await
        .unwrap();
    assert_eq!(
        rows.iter()
            .map(|r| (r.seat, r.action, r.origin))
            .collect::<Vec<_>>(),
        vec![(deal.seat, Move::Play(Action::Pass), Origin::Auto)],
        "the window at {second} was passed for them"
    );
    game.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn auto_win_turned_on_in_the_hand_takes_the_win_when_it_comes_without_a_click() {
    let deal = find_deal(1, may_win);
    let chance = deal.at[0];
    let game = Game4::start(&deal).await;
    let (_, user) = game.user_of(deal.seat).await;
    // One click at the start: the switch is on (stored), nothing else moves.
    let hand = game.open_hand(&user).await;
    let answer = game
        .fake
        .click(&user, &hand, &switch_button(&hand, AutoSwitch::Win, false))
        .await;
    assert_eq!(answer.kind(), 7, "{}", answer.content());
    let hand = game.fake.message_by_id(hand.id).unwrap();
    switch_button(&hand, AutoSwitch::Win, true);
    let meta = game.service.meta(MATCH).await.unwrap();
    assert_eq!(meta.version, 0, "turning a switch on is no move");
    assert!(meta.seats[deal.seat].auto.has(AutoSwitch::Win), "stored");
    // The move that gives them the win is followed by their win, in the same action.
    game.walk_to(chance).await;
    let rows = game
        .service
        .moves_between::<Riichi>(MATCH, chance, chance + 1)
        .await
        .unwrap();
    let [row] = rows.as_slice() else {
        panic!("one move after {chance}: {} of them", rows.len());
    };
    assert_eq!((row.seat, row.origin), (deal.seat, Origin::Auto));
    assert!(
        matches!(row.action, Move::Play(Action::Ron | Action::Tsumo)),
        "{:?}",
        row.action
    );
    let after = game.service.load::<Riichi>(MATCH).await.unwrap();
    let result = Riichi::round_result(&after.state, 0).expect("the round ended on the win");
    assert!(
        result
            .transfers
            .iter()
            .any(|t| t.reason == "win" && t.to == Party::Seat(deal.seat)),
        "they won: {:?}",
        result.transfers
    );
    game.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_auto_win_off_a_player_who_may_win_is_asked() {
    let deal = find_deal(1, may_win);
    let chance = deal.at[0];
    let game = Game4::start(&deal).await;
    let (_, user) = game.user_of(deal.seat).await;
    let hand = game.open_hand(&user).await;
    switch_button(&hand, AutoSwitch::Win, false);
    game.walk_to(chance).await;
    let loaded = game.service.load::<Riichi>(MATCH).await.unwrap();
    assert_eq!(loaded.meta.version, chance, "nothing is played for them");
    assert!(Riichi::to_act(&loaded.state).includes(deal.seat));
    let win = [Action::Ron, Action::Tsumo]
        .into_iter()
        .find(|a| Riichi::legal_actions(&loaded.state, deal.seat).contains(a))
        .unwrap();
    let hand = hand_at(&game.fake, hand.id, chance).await;
    assert!(
        action_choice_ids(&hand).contains(&action_id(chance, win)),
        "the win is offered: {:?}",
        hand.custom_ids()
    );
    game.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn auto_discard_in_riichi_discards_a_draw_that_offers_a_closed_kan_without_a_click() {
    let deal = find_deal(1, kan_in_riichi);
    let chance = deal.at[0];
    let game = Game4::start(&deal).await;
    let (_, user) = game.user_of(deal.seat).await;
    let hand = game.open_hand(&user).await;
    let answer = game
        .fake
        .click(
            &user,
            &hand,
            &switch_button(&hand, AutoSwitch::RiichiDiscard, false),
        )
        .await;
    assert_eq!(answer.kind(), 7, "{}", answer.content());
    let meta = game.service.meta(MATCH).await.unwrap();
    assert_eq!(meta.version, 0, "turning a switch on is no move");
    assert!(
        meta.seats[deal.seat].auto.has(AutoSwitch::RiichiDiscard),
        "stored"
    );
    // The draw that offers the kan is followed by its discard, in the same action.
    game.walk_to(chance).await;
    let rows = game
        .service
        .moves_between::<Riichi>(MATCH, chance, chance + 1)
        .await
        .unwrap();
    let [row] = rows.as_slice() else {
        panic!("one move after {chance}: {} of them", rows.len());
    };
    assert_eq!((row.seat, row.origin), (deal.seat, Origin::Auto));
    assert!(
        matches!(
            row.action,
            Move::Play(Action::Discard { riichi: false, .. })
        ),
        "{:?}",
        row.action
    );
    game.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_auto_discard_off_a_player_in_riichi_is_asked_about_a_closed_kan() {
    let deal = find_deal(1, kan_in_riichi);
    let chance = deal.at[0];
    let game = Game4::start(&deal).await;
    let (_, user) = game.user_of(deal.seat).await;
    let hand = game.open_hand(&user).await;
    switch_button(&hand, AutoSwitch::RiichiDiscard, false);
    game.walk_to(chance).await;
    let loaded = game.service.load::<Riichi>(MATCH).await.unwrap();
    assert_eq!(loaded.meta.version, chance, "nothing is played for them");
    let kan = Riichi::legal_actions(&loaded.state, deal.seat)
        .into_iter()
        .find(|a| matches!(a, Action::Ankan { .. }))
        .unwrap();
    let hand = hand_at(&game.fake, hand.id, chance).await;
    assert!(
        action_choice_ids(&hand).contains(&action_id(chance, kan)),
        "the kan is offered: {:?}",
        hand.custom_ids()
    );
    game.stop().await;
}

/// The ids of the game actions a hand offers (buttons and select options).
fn action_choice_ids(hand: &Msg) -> Vec<String> {
    crate::fake_discord::players::action_choices(hand)
        .into_iter()
        .map(|(id, value)| value.unwrap_or(id))
        .collect()
}
