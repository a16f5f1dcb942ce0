//! The tenhou.net/6 log of a riichi game, read back by a reader of this test's own and checked
//! hand by hand against the stored game: the round, honba, sticks and start scores, the
//! indicators, every seat's dealt tiles, draws and calls played through to its final hand and
//! calls, and each result with the score changes that lead to the next round's points.

use momojan::games::drivers::export::ExportContext;
use momojan::games::interface::prelude::*;
use momojan::games::interface::seat::{PerSeat, Seat, SeatCount};
use momojan::games::interface::{Budget, Level};
use momojan::games::kit::mahjong::hand::MeldKind;
use momojan::games::kit::mahjong::score::Payments;
use momojan::games::kit::mahjong::tile::{parse_tiles, Kind, Suit, Tile};
use momojan::games::riichi::action::Action;
use momojan::games::riichi::computer::choose;
use momojan::games::riichi::game::{Game, RoundRecord, Stage};
use momojan::games::riichi::options::Options;
use momojan::games::riichi::round::{Abort, Reason, RoundEnd};
use momojan::games::riichi::tenhou;
use momojan::games::riichi::wall::seeded_wall;
use momojan::games::riichi::Riichi;
use serde_json::Value;

const FOUR: SeatCount = SeatCount::FOUR;

/// A game of `normal` computers (seat 1 at `hard`) from a seeded deal.
fn played(seed: u8, first_dealer: Seat, options: Options) -> Game {
    let deck = [seed; 32];
    let mut game = Game::new(first_dealer, options);
    let mut step = 0;
    loop {
        if game.stage == Stage::NeedsDeal {
            game.deal(seeded_wall(&deck, game.records.len() as u32, options.aka));
        }
        let Some(seat) = game.acting().seats().first() else {
            return game;
        };
        let level = if seat == Seat::ONE {
            Level::Hard
        } else {
            Level::Normal
        };
        let action =
            choose(level, &game.seat_view(seat), Budget::samples(4), step).expect("an action");
        game.apply(seat, action).expect("a listed action");
        step += 1;
    }
}

// ---- the reader -------------------------------------------------------------------------

/// A tile code of the format: 11–19, 21–29, 31–39, 41–47, 51–53 (red fives).
fn tile(code: u64) -> Tile {
    let suits = [Suit::Man, Suit::Pin, Suit::Sou];
    let (tens, units) = ((code / 10) as u8, (code % 10) as u8);
    let kind = match tens {
        1..=3 => Kind::of(suits[usize::from(tens - 1)], units),
        4 => Kind::of(Suit::Honor, units),
        5 => {
            return Kind::of(suits[usize::from(units - 1)], 5)
                .and_then(Kind::red)
                .expect("red")
        }
        _ => None,
    };
    kind.unwrap_or_else(|| panic!("no tile {code}")).tile()
}

/// A call or kan written as a string: its letter, its tiles in order, and the letter's slot.
fn call_parts(text: &str) -> (char, Vec<Tile>, usize) {
    let at = text
        .find(|c: char| c.is_ascii_alphabetic())
        .expect("a letter");
    let letter = text[at..].chars().next().expect("a letter");
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    let tiles = (0..digits.len() / 2)
        .map(|i| tile(digits[2 * i..2 * i + 2].parse().expect("a code")))
        .collect();
    (letter, tiles, at / 2)
}

#[derive(Debug, Clone, PartialEq)]
enum Take {
    Draw(Tile),
    /// A chi, pon or open kan: its tiles (the claimed one marked), and how far the discarder
    /// sits after the caller (3: on the left, 2: across, 1: on the right).
    Call {
        kind: MeldKind,
        claimed: Tile,
        tiles: Vec<Tile>,
        distance: u8,
    },
}

#[derive(Debug, Clone, PartialEq)]
enum Out {
    /// `None`: the tile just drawn.
    Discard(Option<Tile>, bool),
    AfterOpenKan,
    ClosedKan(Vec<Tile>),
    AddedKan(Tile),
}

fn take(v: &Value) -> Take {
    if let Some(code) = v.as_u64() {
        return Take::Draw(tile(code));
    }
    let (letter, tiles, slot) = call_parts(v.as_str().expect("a call"));
    let (kind, distance) = match (letter, slot) {
        ('c', _) => (MeldKind::Chi, 3),
        ('p', 0) => (MeldKind::Pon, 3),
        ('p', 1) => (MeldKind::Pon, 2),
        ('p', 2) => (MeldKind::Pon, 1),
        ('m', 0) => (MeldKind::Daiminkan, 3),
        ('m', 1) => (MeldKind::Daiminkan, 2),
        ('m', 3) => (MeldKind::Daiminkan, 1),
        other => panic!("no take {other:?} in {v}"),
    };
    Take::Call {
        kind,
        claimed: tiles[slot],
        tiles,
        distance,
    }
}

fn out(v: &Value) -> Out {
    match v {
        Value::Number(n) => match n.as_u64() {
            Some(0) => Out::AfterOpenKan,
            Some(60) => Out::Discard(None, false),
            Some(code) => Out::Discard(Some(tile(code)), false),
            None => panic!("{v}"),
        },
        Value::String(s) if s.starts_with('r') => match s[1..].parse::<u64>() {
            Ok(60) => Out::Discard(None, true),
            Ok(code) => Out::Discard(Some(tile(code)), true),
            Err(_) => panic!("{s}"),
        },
        Value::String(s) => {
            let (letter, tiles, slot) = call_parts(s);
            match letter {
                'a' => Out::ClosedKan(tiles),
                'k' => Out::AddedKan(tiles[slot]),
                _ => panic!("no discard {s}"),
            }
        }
        _ => panic!("no discard {v}"),
    }
}

/// A call: its kind, sorted tiles, the claimed tile and the discarder's distance (none for a
/// closed kan).
type Call = (MeldKind, Vec<Tile>, Option<Tile>, Option<u8>);

/// A seat's hand and calls after playing its streams through.
#[derive(Debug, Default)]
struct Played {
    hand: Vec<Tile>,
    calls: Vec<Call>,
    draws: Vec<Tile>,
    riichi: usize,
}

fn remove(hand: &mut Vec<Tile>, t: Tile) {
    let i = hand
        .iter()
        .position(|x| *x == t)
        .unwrap_or_else(|| panic!("{t} not held"));
    hand.remove(i);
}

fn play_through(haipai: &[Tile], takes: &[Take], outs: &[Out]) -> Played {
    let mut p = Played {
        hand: haipai.to_vec(),
        ..Played::default()
    };
    let mut outs = outs.iter();
    for t in takes {
        // The tile a tsumogiri (`60`) names: the one just drawn, none after a call.
        let last = match t {
            Take::Draw(tile) => {
                p.hand.push(*tile);
                p.draws.push(*tile);
                Some(*tile)
            }
            Take::Call {
                kind,
                claimed,
                tiles,
                distance,
            } => {
                let mut own = tiles.clone();
                remove(&mut own, *claimed);
                own.iter().for_each(|x| remove(&mut p.hand, *x));
                let mut sorted = tiles.clone();
                sorted.sort();
                p.calls
                    .push((*kind, sorted, Some(*claimed), Some(*distance)));
                None
            }
        };
        match outs.next() {
            None | Some(Out::AfterOpenKan) => {}
            Some(Out::Discard(tile, riichi)) => {
                let t = tile.or(last).expect("a tsumogiri follows a draw");
                remove(&mut p.hand, t);
                p.riichi += usize::from(*riichi);
            }
            Some(Out::ClosedKan(tiles)) => {
                tiles.iter().for_each(|x| remove(&mut p.hand, *x));
                let mut sorted = tiles.clone();
                sorted.sort();
                p.calls.push((MeldKind::Ankan, sorted, None, None));
            }
            Some(Out::AddedKan(added)) => {
                remove(&mut p.hand, *added);
                let pon = p
                    .calls
                    .iter_mut()
                    .find(|c| c.0 == MeldKind::Pon && c.1[0].kind() == added.kind())
                    .expect("a pon to add to");
                pon.0 = MeldKind::Kakan;
                pon.1.push(*added);
                pon.1.sort();
            }
        }
    }
    assert!(outs.next().is_none(), "a discard left without its take");
    p.hand.sort();
    p
}

fn codes(v: &Value) -> Vec<Tile> {
    v.as_array()
        .expect("tiles")
        .iter()
        .map(|c| tile(c.as_u64().expect("a code")))
        .collect()
}

fn numbers(v: &Value) -> Vec<i64> {
    v.as_array()
        .expect("numbers")
        .iter()
        .map(|n| n.as_i64().expect("a number"))
        .collect()
}

// ---- the checks ---------------------------------------------------------------------------

/// Checks one hand of the log against its round record; returns the calls' kinds seen.
fn check_hand(game: &Game, r: &RoundRecord, pot_before: i64, h: &[Value]) -> Vec<MeldKind> {
    let seats: Vec<Seat> = FOUR.from_seat(game.first_dealer).collect();
    let in_order = |v: &PerSeat<i64>| seats.iter().map(|s| v[*s]).collect::<Vec<_>>();
    assert_eq!(h.len(), 17);
    assert_eq!(
        numbers(&h[0]),
        [
            i64::from(r.dealership),
            i64::from(r.honba),
            pot_before / 1000
        ]
    );
    assert_eq!(numbers(&h[1]), in_order(&r.start_points));
    assert_eq!(codes(&h[2]), r.dora_indicators);
    let ura = codes(&h[3]);
    assert!(ura.is_empty() || ura == r.ura_indicators);
    let mut draws = Vec::new();
    let mut riichi = 0;
    let mut kinds = Vec::new();
    for (t, &seat) in seats.iter().enumerate() {
        let haipai = codes(&h[4 + 3 * t]);
        let mut dealt = r.wall[13 * usize::from(r.dealer.distance_to(seat, FOUR))..][..13].to_vec();
        dealt.sort();
        assert_eq!(haipai, dealt, "seat {seat}'s dealt tiles");
        let takes: Vec<Take> = h[5 + 3 * t]
            .as_array()
            .expect("takes")
            .iter()
            .map(take)
            .collect();
        let outs: Vec<Out> = h[6 + 3 * t]
            .as_array()
            .expect("discards")
            .iter()
            .map(out)
            .collect();
        let p = play_through(&haipai, &takes, &outs);
        let mut hand = r.hands[seat].clone();
        hand.sort();
        assert_eq!(p.hand, hand, "seat {seat}'s final hand");
        let stored: Vec<_> = r.melds[seat]
            .iter()
            .map(|m| {
                let distance = m.from.map(|f| seat.distance_to(f, FOUR));
                (m.kind, m.tiles.clone(), m.claimed, distance)
            })
            .collect();
        assert_eq!(p.calls, stored, "seat {seat}'s calls");
        kinds.extend(stored.iter().map(|c| c.0));
        draws.extend(p.draws);
        riichi += p.riichi;
    }
    // Every draw came off the wall: the live wall from w[52], the replacement tiles from w[122].
    let kans = r
        .melds
        .values()
        .flatten()
        .filter(|m| m.kind.is_kan())
        .count();
    let mut wall_draws = r.wall[52..52 + draws.len() - kans].to_vec();
    wall_draws.extend_from_slice(&r.wall[122..122 + kans]);
    wall_draws.sort();
    draws.sort();
    assert_eq!(draws, wall_draws);
    let paid_sticks = r
        .transfers
        .iter()
        .filter(|t| t.reason == Reason::Riichi)
        .count();
    assert!(paid_sticks <= riichi);
    let deltas = check_result(r, &h[16], &seats);
    // Start scores, plus what the result says, less the sticks put in, are the record's points.
    for (i, &seat) in seats.iter().enumerate() {
        let stick = 1000
            * r.transfers
                .iter()
                .filter(|t| {
                    t.reason == Reason::Riichi
                        && t.from == momojan::games::interface::ledger::Party::Seat(seat)
                })
                .count() as i64;
        assert_eq!(
            r.start_points[seat] + deltas[i] - stick,
            r.points[seat],
            "seat {seat}"
        );
    }
    kinds
}

/// Checks the result element; returns the summed deltas in the log's seat order.
fn check_result(r: &RoundRecord, result: &Value, seats: &[Seat]) -> Vec<i64> {
    let items = result.as_array().expect("a result");
    let t = |s: Seat| seats.iter().position(|x| *x == s).expect("a seat") as i64;
    let mut sum = vec![0i64; 4];
    let mut add = |d: &[i64]| sum.iter_mut().zip(d).for_each(|(s, x)| *s += x);
    match r.end.as_ref().expect("a finished round") {
        RoundEnd::Win { wins } => {
            assert_eq!(items[0], "和了");
            assert_eq!(items.len(), 1 + 2 * wins.len());
            for (i, w) in wins.iter().enumerate() {
                add(&numbers(&items[1 + 2 * i]));
                let detail = items[2 + 2 * i].as_array().expect("a detail");
                assert_eq!(detail[0].as_i64(), Some(t(w.seat)));
                assert_eq!(detail[1].as_i64(), Some(w.from.map_or(t(w.seat), t)));
                let text = detail[3].as_str().expect("the points");
                let points = match w.score.payments {
                    Payments::Ron(all) => format!("{all}点"),
                    Payments::Tsumo { others, .. } => format!("{others}"),
                };
                assert!(text.contains(&points), "{text} for {:?}", w.score.payments);
                if let (Some(fu), None) = (w.score.fu, w.score.limit) {
                    assert!(
                        text.starts_with(&format!("{fu}符{}飜", w.score.han)),
                        "{text}"
                    );
                }
                let dora_lines = usize::from(w.score.dora > 0)
                    + usize::from(w.score.aka > 0)
                    + usize::from(w.score.yaku.iter().any(|(y, _)| y.id().contains("riichi")));
                let lines = if w.score.is_yakuman() { 0 } else { dora_lines };
                assert_eq!(detail.len(), 4 + w.score.yaku.len() + lines, "{detail:?}");
            }
        }
        RoundEnd::ExhaustiveDraw { tenpai } => match tenpai.values().filter(|t| **t).count() {
            // Nothing paid: the name alone, as Tenhou writes it.
            4 => assert_eq!(items.as_slice(), [Value::from("全員聴牌")]),
            0 => assert_eq!(items.as_slice(), [Value::from("全員不聴")]),
            _ => {
                assert_eq!(items[0], "流局");
                assert_eq!(items.len(), 2);
                add(&numbers(&items[1]));
            }
        },
        RoundEnd::AbortiveDraw { abort } => {
            let name = match abort {
                Abort::NineTerminals => "九種九牌",
                Abort::FourRiichi => "四家立直",
                Abort::FourKans => "四槓散了",
                Abort::FourWinds => "四風連打",
            };
            assert_eq!(items.as_slice(), [Value::from(name)]);
        }
    }
    sum
}

fn check_log(game: &Game, doc: &Value) -> Vec<MeldKind> {
    let hands = doc["log"].as_array().expect("a log");
    assert_eq!(hands.len(), game.records.len());
    let mut pot = 0;
    let mut kinds = Vec::new();
    for (r, h) in game.records.iter().zip(hands) {
        kinds.extend(check_hand(game, r, pot, h.as_array().expect("a hand")));
        pot = r.pot;
    }
    kinds
}

#[test]
fn every_hand_of_the_log_reads_back_as_the_stored_game() {
    let mut kinds = Vec::new();
    for (seed, first) in [
        (1, Seat::ZERO),
        (2, Seat::TWO),
        (3, Seat::ONE),
        (4, Seat::THREE),
    ] {
        let game = played(seed, first, Options::default());
        assert_eq!(game.stage, Stage::Over);
        let names = PerSeat::from_fn(FOUR, |s| format!("player {}", s.index()));
        let doc = tenhou::log(&game, &names, ["momojan", "a test"]).expect("a log");
        // Through text, as a file holds it.
        let doc: Value = serde_json::from_str(&doc.to_string()).expect("JSON");
        assert_eq!(doc["rule"]["disp"], "般南喰赤");
        assert_eq!(doc["rule"]["aka"], 1);
        let name = |t: usize| doc["name"][t].as_str().expect("a name").to_string();
        assert_eq!(name(0), names[first]);
        kinds.extend(check_log(&game, &doc));
    }
    // The games called: the notation of chi and pon was read back.
    assert!(
        kinds.contains(&MeldKind::Chi) && kinds.contains(&MeldKind::Pon),
        "{kinds:?}"
    );
}

#[test]
fn an_east_game_without_red_fives_says_so_and_reads_back() {
    let options = Options {
        length: momojan::games::riichi::options::Length::East,
        aka: false,
        ..Options::default()
    };
    let game = played(5, Seat::ZERO, options);
    let doc = tenhou::log(&game, &tenhou::seat_names(), ["", ""]).expect("a log");
    assert_eq!(doc["rule"]["disp"], "般東喰");
    assert_eq!(doc["rule"]["aka"], 0);
    check_log(&game, &doc);
}

#[test]
fn the_export_attaches_the_log_for_riichi_only() {
    let game = played(6, Seat::ZERO, Options::default());
    let names = tenhou::seat_names();
    let context = ExportContext {
        title: "momojan match 1",
        names: &names,
    };
    let files = Riichi::extra_exports(&game, &context).expect("files");
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].extension, "tenhou.json");
    let doc: Value = serde_json::from_slice(&files[0].bytes).expect("JSON");
    assert_eq!(doc["title"][1], "momojan match 1");
    check_log(&game, &doc);
    let shogi = momojan::games::shogi::Shogi::start(
        &[1; 32],
        SeatCount::TWO,
        Seat::ZERO,
        Default::default(),
    )
    .0;
    let none = momojan::games::shogi::Shogi::extra_exports(&shogi, &context).expect("none");
    assert!(none.is_empty());
}

// ---- draws and concessions from chosen walls ---------------------------------------------

/// A wall whose hands (seat 0 deals: `w[0..13)`, seat 1 `w[13..26)`, …) and first live draws
/// (`w[52..]`) are given; every other position holds the tiles left over, in tile order.
fn wall(hands: [&str; 4], draws: &str) -> Vec<Tile> {
    let mut left = Tile::full_set(true);
    let mut given: Vec<Tile> = Vec::new();
    for hand in hands {
        let tiles = parse_tiles(hand).expect("tiles");
        assert_eq!(tiles.len(), 13, "{hand}");
        given.extend(tiles);
    }
    given.extend(parse_tiles(draws).expect("tiles"));
    for t in &given {
        let i = left
            .iter()
            .position(|x| x == t)
            .unwrap_or_else(|| panic!("no {t} left"));
        left.remove(i);
    }
    given.extend(left);
    given
}

#[track_caller]
fn apply(game: &mut Game, seat: Seat, action: Action) {
    if let Err(e) = game.apply(seat, action) {
        panic!("{seat:?} {action}: {e}");
    }
}

/// Passes every open claim.
fn pass_claims(game: &mut Game) {
    while let Some(s) = game
        .acting()
        .seats()
        .iter()
        .find(|s| game.legal_actions(*s).contains(&Action::Pass))
    {
        apply(game, s, Action::Pass);
    }
}

/// Every seat passes each claim and discards each tile it draws, until the round ends.
fn tsumogiri_to_the_end(game: &mut Game) {
    let index = game.records.len();
    while game.records.len() == index {
        pass_claims(game);
        if game.records.len() != index {
            return;
        }
        let seat = game.acting().seats().first().expect("a seat to play");
        let drawn = game.round.as_ref().expect("a round").players[seat]
            .drawn
            .expect("a drawn tile");
        apply(game, seat, Action::discard(drawn));
    }
}

/// Tenpai on 1z/2z, 3z/4z, 5z/6z and 4m/9m: every seat stays tenpai discarding what it draws.
const TENPAI: [&str; 4] = [
    "123m456p789s1122z",
    "123p456s789m3344z",
    "234s567m678p5566z",
    "345p678s234m4499m",
];
/// Hands of single tiles: noten whatever they draw and discard.
const NOTEN: [&str; 4] = [
    "147m258p369s1234z",
    "258m369p147s1234z",
    "369m147p258s567z5m",
    "147m258p369s567z7m",
];

/// The log of a game whose first round is played to an exhaustive draw from `hands`.
fn drawn_game(hands: [&str; 4]) -> (Game, Value) {
    let mut game = Game::new(Seat::ZERO, Options::default());
    game.deal(wall(hands, ""));
    tsumogiri_to_the_end(&mut game);
    let doc = tenhou::log(&game, &tenhou::seat_names(), ["", ""]).expect("a log");
    let doc: Value = serde_json::from_str(&doc.to_string()).expect("JSON");
    check_log(&game, &doc);
    (game, doc)
}

#[test]
fn an_exhaustive_draw_with_every_seat_tenpai_is_written_all_tenpai_without_deltas() {
    let (game, doc) = drawn_game(TENPAI);
    assert_eq!(
        game.records[0].end,
        Some(RoundEnd::ExhaustiveDraw {
            tenpai: PerSeat::filled(FOUR, true)
        })
    );
    assert_eq!(doc["log"][0][16], serde_json::json!(["全員聴牌"]));
}

#[test]
fn an_exhaustive_draw_with_no_seat_tenpai_is_written_all_noten_without_deltas() {
    let (game, doc) = drawn_game(NOTEN);
    assert_eq!(
        game.records[0].end,
        Some(RoundEnd::ExhaustiveDraw {
            tenpai: PerSeat::filled(FOUR, false)
        })
    );
    assert_eq!(doc["log"][0][16], serde_json::json!(["全員不聴"]));
    // Some seats tenpai: the payments, as before.
    let (_, doc) = drawn_game([TENPAI[0], TENPAI[1], NOTEN[2], NOTEN[3]]);
    assert_eq!(
        doc["log"][0][16],
        serde_json::json!(["流局", [1500, 1500, -1500, -1500]])
    );
}

/// A seat's points after the log's hands: each hand's start scores, plus its deltas, less the
/// sticks its `r` discards put in; the last hand's, in the log's seat order.
fn points_after_the_log(doc: &Value) -> Vec<i64> {
    let hand = doc["log"]
        .as_array()
        .and_then(|l| l.last())
        .and_then(Value::as_array)
        .expect("a hand");
    let mut points = numbers(&hand[1]);
    let result = hand[16].as_array().expect("a result");
    for deltas in result
        .iter()
        .filter(|v| v.as_array().is_some_and(|a| a.iter().all(Value::is_i64)))
    {
        for (p, d) in points.iter_mut().zip(numbers(deltas)) {
            *p += d;
        }
    }
    for (t, p) in points.iter_mut().enumerate() {
        let sticks = hand[6 + 3 * t]
            .as_array()
            .expect("discards")
            .iter()
            .filter(|d| d.as_str().is_some_and(|s| s.starts_with('r')))
            .count() as i64;
        *p -= 1000 * sticks;
    }
    points
}

#[test]
fn a_conceded_match_has_final_scores_its_logged_hands_add_up_to() {
    // Round 1: seats 0 and 1 tenpai, 2 and 3 noten; the dealer stays.
    let mut game = Game::new(Seat::ZERO, Options::default());
    game.deal(wall([TENPAI[0], TENPAI[1], NOTEN[2], NOTEN[3]], ""));
    tsumogiri_to_the_end(&mut game);
    assert_eq!(
        game.scores.points.to_vec(),
        [26_500, 26_500, 23_500, 23_500]
    );
    assert_eq!(game.scores.pot, 0);
    // Round 2: the dealer discards the 1s it draws, seat 1 declares riichi on the 9s it draws,
    // and seat 2 resigns before anyone else plays.
    game.deal(wall([TENPAI[0], TENPAI[1], NOTEN[2], NOTEN[3]], "1s9s"));
    apply(
        &mut game,
        Seat::ZERO,
        Action::discard("1s".parse().unwrap()),
    );
    pass_claims(&mut game);
    let riichi = Action::Discard {
        card: "9s".parse().unwrap(),
        riichi: true,
    };
    apply(&mut game, Seat::ONE, riichi);
    pass_claims(&mut game);
    assert_eq!(game.scores.pot, 1000, "the stick is on the table");
    game.concede(Seat::TWO, momojan::games::interface::Concession::Resigned)
        .expect("conceded");
    let outcome = game.outcome.clone().expect("over");
    assert_eq!(outcome.ranking.last(), Some(&Seat::TWO));
    assert_eq!(game.records.len(), 1, "the cut round is not logged");

    let doc = tenhou::log(&game, &tenhou::seat_names(), ["", ""]).expect("a log");
    let doc: Value = serde_json::from_str(&doc.to_string()).expect("JSON");
    check_log(&game, &doc);
    let sc = doc["sc"].as_array().expect("sc");
    assert_eq!(sc.len(), 8);
    let sc_points: Vec<i64> = (0..4)
        .map(|t| 100 * sc[2 * t].as_i64().expect("points"))
        .collect();
    assert_eq!(sc_points, points_after_the_log(&doc));
    assert_eq!(sc_points, [26_500, 26_500, 23_500, 23_500]);
    // Each final score keeps the game's uma and oka for its place: it moves with the points.
    let seats: Vec<Seat> = FOUR.from_seat(game.first_dealer).collect();
    let mut total = 0;
    for (t, &seat) in seats.iter().enumerate() {
        let tenths = (sc[2 * t + 1].as_f64().expect("a score") * 10.0).round() as i64;
        assert_eq!(
            tenths - sc_points[t] / 100,
            outcome.final_tenths[seat] - game.scores.points[seat] / 100,
            "seat {seat}"
        );
        total += tenths;
    }
    assert_eq!(total, 0);
}
