//! Riichi's switches (§14) from the server to the table: each is set with `/momojan config`'s
//! change (`game:riichi switch:… value:…`), copied into a new match when it starts (a practice
//! match at four), and changes how that match plays. One test per switch: the match's own
//! options play a deal built to show the switch (the wall of `wall`), or its own first deal.

use momojan::games::interface::prelude::*;
use momojan::games::interface::seat::{Seat, SeatCount};
use momojan::games::interface::Acting;
use momojan::games::interface::Level;
use momojan::games::kit::mahjong::tile::Tile;
use momojan::games::registry::{GameId, Riichi};
use momojan::games::riichi::action::Action;
use momojan::games::riichi::game::{EndReason, Game, Stage};
use momojan::games::riichi::options::Options;
use momojan::games::riichi::round::RoundEnd;
use momojan::i18n::Lang;
use momojan::service::{ChannelId, MatchService, NewPractice, SettingsChange, UserId};
use momojan::store::Store;

use super::{ALICE, GUILD};

/// The options of a new riichi practice match on a server whose `switch` is `value`; the
/// match's state plays under them.
async fn match_options(switch: &str, value: &str) -> (Options, Game) {
    let dir = tempfile::tempdir().unwrap();
    let db = super::url(&dir);
    let service = MatchService::new(Store::open(&db).await.unwrap());
    let change = SettingsChange {
        game: Some(GameId::Riichi),
        switch: Some(switch.into()),
        value: Some(value.into()),
        ..SettingsChange::default()
    };
    service.change_settings(GUILD, &change).await.unwrap();
    let started = service
        .start_practice(&NewPractice {
            guild: GUILD,
            channel: ChannelId(40),
            user: ALICE,
            computer_user: UserId(900),
            level: Level::Normal,
            lang: Lang::En,
            name: String::new(),
            game: Some(GameId::Riichi),
            seats: Some(4),
            watchable: true,
            teach: None,
        })
        .await
        .unwrap();
    let loaded = service.load::<Riichi>(started.meta.id).await.unwrap();
    assert_eq!(
        Riichi::switch_value(&loaded.options, switch),
        Some(value),
        "the server's {switch} is the match's"
    );
    assert_eq!(loaded.state.options, loaded.options, "and its game's");
    (loaded.options, loaded.state)
}

fn tiles(text: &str) -> Vec<Tile> {
    text.split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

/// A wall (§3) with these tiles from these indices (the dealer's hand at 0, the next seats'
/// at 13, 26 and 39, draws from 52, replacement tiles from 122, ura indicators from 131), the
/// rest of the set after them in tile order.
fn wall(aka: bool, placed: &[(usize, &str)]) -> Vec<Tile> {
    let mut pool = Tile::full_set(aka);
    let mut out: Vec<Option<Tile>> = vec![None; pool.len()];
    for &(at, text) in placed {
        for (i, t) in tiles(text).into_iter().enumerate() {
            let from = pool.iter().position(|&p| p == t).expect("a copy left");
            out[at + i] = Some(pool.remove(from));
        }
    }
    let mut rest = pool.into_iter();
    out.into_iter()
        .map(|t| t.or_else(|| rest.next()).unwrap())
        .collect()
}

/// A game under `options` whose first round, dealt by seat 0 at `dealership` and `honba`, is
/// `wall`.
fn dealt(options: Options, dealership: u8, honba: u32, wall: Vec<Tile>) -> Game {
    // The first dealer whose turn as dealer `dealership` is seat 0's.
    let first = Seat::ZERO.after(4 - usize::from(dealership % 4), SeatCount::FOUR);
    let mut game = Game::new(first, options);
    game.dealership = dealership;
    game.honba = honba;
    game.deal(wall);
    game
}

/// Seat 0 (the dealer) wins on its first draw: 天和.
fn blessing_of_heaven(aka: bool) -> Vec<Tile> {
    wall(
        aka,
        &[(0, "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 9p"), (52, "9p")],
    )
}

/// Seats 1, 2 and 3 each wait on 2s alone with all simples (1 han), and the dealer discards 2s
/// first.
fn three_waits_on_the_dealers_first_discard(aka: bool) -> Vec<Tile> {
    let waiting = "2m 3m 4m 6m 7m 8m 3p 4p 5p 6s 7s 8s 2s";
    wall(
        aka,
        &[
            (0, "1z 1z 2z 2z 3z 3z 4z 4z 5z 5z 6z 6z 7z"),
            (13, waiting),
            (26, waiting),
            (39, waiting),
            (52, "2s"),
        ],
    )
}

/// Every ron offered on the dealer's first discard of 2s is made.
fn everyone_rons(game: &mut Game) {
    let two = "2s".parse().unwrap();
    game.apply(Seat::ZERO, Action::discard(two)).unwrap();
    while let Acting::Claims(seats) = game.acting() {
        let seat = seats.first().unwrap();
        let ron = game.legal_actions(seat).contains(&Action::Ron);
        let answer = if ron { Action::Ron } else { Action::Pass };
        game.apply(seat, answer).unwrap();
    }
}

fn winners(game: &Game) -> usize {
    match game.records.last().and_then(|r| r.end.as_ref()) {
        Some(RoundEnd::Win { wins }) => wins.len(),
        other => panic!("no win: {other:?}"),
    }
}

#[tokio::test]
async fn length_east_from_the_server_ends_the_game_when_the_east_fours_dealer_loses() {
    for (value, over) in [("east", true), ("south", false)] {
        let (options, _) = match_options("length", value).await;
        // E4: the dealer's first discard is ronned, so the dealership passes.
        let mut game = dealt(
            options,
            3,
            0,
            three_waits_on_the_dealers_first_discard(options.aka),
        );
        everyone_rons(&mut game);
        assert_eq!(game.is_over(), over, "length {value}");
        if over {
            let outcome = game.outcome.as_ref().unwrap();
            assert_eq!(outcome.reason, EndReason::LastRound);
        } else {
            assert_eq!(game.dealership, 4, "South 1 is next");
        }
    }
}

#[tokio::test]
async fn dobon_off_from_the_server_plays_on_below_zero() {
    for (value, over) in [("true", true), ("false", false)] {
        let (options, _) = match_options("dobon", value).await;
        let mut game = dealt(options, 0, 0, blessing_of_heaven(options.aka));
        game.scores.points[Seat::ONE] = 500;
        game.scores.points[Seat::ZERO] = 49_500;
        game.apply(Seat::ZERO, Action::Tsumo).unwrap();
        assert!(game.scores.points[Seat::ONE] < 0);
        assert_eq!(game.is_over(), over, "dobon {value}");
        if over {
            assert_eq!(game.outcome.as_ref().unwrap().reason, EndReason::Dobon);
        }
    }
}

#[tokio::test]
async fn kan_ura_from_the_server_decides_whether_the_ura_under_a_kan_indicator_counts() {
    for (value, ura) in [("true", 1), ("false", 0)] {
        let (options, _) = match_options("kan_ura", value).await;
        // The dealer declares riichi waiting on 9p alone, draws the fourth East, makes a
        // closed kan that keeps the wait and wins on the replacement tile. The first ura
        // indicator (9s) names 1s, which the hand lacks; the kan's (8m) names 9m, which it
        // holds once.
        let wall = wall(
            options.aka,
            &[
                (0, "1z 1z 1z 1m 2m 3m 4m 5m 6m 7m 8m 9m 9p"),
                (52, "5z 6z 6z 6z 1z"),
                (122, "9p"),
                (131, "9s 8m"),
            ],
        );
        let mut game = dealt(options, 0, 0, wall);
        let white = "5z".parse().unwrap();
        let riichi = Action::Discard {
            card: white,
            riichi: true,
        };
        game.apply(Seat::ZERO, riichi).unwrap();
        // The others drop the green dragon they drew.
        for seat in SeatCount::FOUR.seats().skip(1) {
            while game.acting() != Acting::Turn(seat) {
                let waiting = game.acting().first().unwrap();
                game.apply(waiting, Action::Pass).unwrap();
            }
            game.apply(seat, Action::discard("6z".parse().unwrap()))
                .unwrap();
        }
        while game.acting() != Acting::Turn(Seat::ZERO) {
            let waiting = game.acting().first().unwrap();
            game.apply(waiting, Action::Pass).unwrap();
        }
        let kan = Action::Ankan {
            card: "1z".parse::<Tile>().unwrap().kind(),
        };
        game.apply(Seat::ZERO, kan).unwrap();
        game.apply(Seat::ZERO, Action::Tsumo).unwrap();
        let record = game.records.last().unwrap();
        let Some(RoundEnd::Win { wins }) = &record.end else {
            panic!("a win: {:?}", record.end)
        };
        assert_eq!(wins[0].score.ura, ura, "kan_ura {value}");
        assert_eq!(record.ura_indicators.len(), 1 + ura as usize);
    }
}

#[tokio::test]
async fn aka_off_from_the_server_deals_no_red_five() {
    for (value, reds) in [("false", 0), ("true", 3)] {
        let (_, game) = match_options("aka", value).await;
        let round = game.round.as_ref().expect("the first round is dealt");
        let dealt = round.wall.tiles().iter().filter(|t| t.is_red()).count();
        assert_eq!(dealt, reds, "aka {value}");
    }
}

#[tokio::test]
async fn two_han_shibari_from_the_server_refuses_a_one_han_ron_from_five_honba() {
    for (value, ron) in [("true", false), ("false", true)] {
        let (options, _) = match_options("two_han_shibari", value).await;
        let mut game = dealt(
            options,
            0,
            5,
            three_waits_on_the_dealers_first_discard(options.aka),
        );
        let two = "2s".parse().unwrap();
        game.apply(Seat::ZERO, Action::discard(two)).unwrap();
        let offered = SeatCount::FOUR
            .seats()
            .any(|s| game.legal_actions(s).contains(&Action::Ron));
        assert_eq!(
            offered, ron,
            "two_han_shibari {value}: all simples is 1 han"
        );
    }
}

#[tokio::test]
async fn agari_yame_from_the_server_lets_the_last_dealer_end_the_game_after_a_win() {
    for (value, choice) in [("true", true), ("false", false)] {
        let (options, _) = match_options("agari_yame", value).await;
        let last = options.length.dealerships() - 1;
        let mut game = dealt(options, last, 0, blessing_of_heaven(options.aka));
        game.apply(Seat::ZERO, Action::Tsumo).unwrap();
        assert_eq!(
            game.stage == Stage::AgariChoice,
            choice,
            "agari_yame {value}"
        );
        let legal = game.legal_actions(Seat::ZERO);
        assert_eq!(legal.contains(&Action::AgariYame), choice);
        assert!(
            !game.is_over(),
            "the dealer stays: the game goes on or waits for the choice"
        );
    }
}

#[tokio::test]
async fn double_ron_off_from_the_server_lets_only_the_nearest_ron_win() {
    for (value, wins) in [("false", 1), ("true", 3)] {
        let (options, _) = match_options("double_ron", value).await;
        let mut game = dealt(
            options,
            0,
            0,
            three_waits_on_the_dealers_first_discard(options.aka),
        );
        everyone_rons(&mut game);
        assert_eq!(winners(&game), wins, "double_ron {value}");
    }
}

#[tokio::test]
async fn triple_ron_off_from_the_server_lets_the_two_nearest_of_three_rons_win() {
    for (value, wins) in [("false", 2), ("true", 3)] {
        let (options, _) = match_options("triple_ron", value).await;
        let mut game = dealt(
            options,
            0,
            0,
            three_waits_on_the_dealers_first_discard(options.aka),
        );
        everyone_rons(&mut game);
        assert_eq!(winners(&game), wins, "triple_ron {value}");
    }
}

#[tokio::test]
async fn kuitan_off_from_the_server_gives_an_open_all_simples_hand_no_yaku() {
    for (value, ron) in [("true", true), ("false", false)] {
        let (options, _) = match_options("kuitan", value).await;
        // Seat 1 pons the dealer's 5m, drops 2m and waits on 6s with all simples only; seat 2
        // draws 6s and drops it.
        let wall = wall(
            options.aka,
            &[
                (0, "1z 1z 2z 2z 3z 3z 4z 4z 5z 5z 6z 6z 5m"),
                (13, "5m 5m 2p 3p 4p 6p 7p 8p 3s 4s 5s 6s 2m"),
                (52, "7z 6s"),
            ],
        );
        let mut game = dealt(options, 0, 0, wall);
        let five = "5m".parse().unwrap();
        game.apply(Seat::ZERO, Action::discard(five)).unwrap();
        while let Acting::Claims(seats) = game.acting() {
            let seat = seats.first().unwrap();
            let pon = Action::pon(five, five);
            let answer = if seat == Seat::ONE { pon } else { Action::Pass };
            game.apply(seat, answer).unwrap();
        }
        game.apply(Seat::ONE, Action::discard("2m".parse().unwrap()))
            .unwrap();
        while let Acting::Claims(seats) = game.acting() {
            game.apply(seats.first().unwrap(), Action::Pass).unwrap();
        }
        let six = "6s".parse().unwrap();
        game.apply(Seat::TWO, Action::discard(six)).unwrap();
        let offered = game.legal_actions(Seat::ONE).contains(&Action::Ron);
        assert_eq!(offered, ron, "kuitan {value}");
    }
}
