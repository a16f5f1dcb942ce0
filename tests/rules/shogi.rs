//! Shogi mahjong (shogi-mahjong-rules.md, shogi-scenario-format.md): rules by section through
//! the engine, invariants over random games, and malformed scenario files.

use momojan::games::interface::prelude::*;
use momojan::games::interface::seat::{Opponent, BOTH};
use momojan::games::interface::seat::{PerSeat, Seat};
use momojan::games::shogi::game::Game;
use momojan::games::shogi::piece::{full_set, parse_pieces, Counts, Kind};
use momojan::games::shogi::{Action, Options};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

use crate::support::{run_binary, run_lib, run_value};

/// A deck whose dealer hand, non-dealer hand and live wall start are given; the rest of the 34
/// pieces follow in kind order and the indicator is the last piece left.
fn deck(dealer: &str, other: &str, wall: &str) -> Vec<Kind> {
    let mut left = Counts::of(&full_set());
    let mut out = Vec::new();
    for text in [dealer, other, wall] {
        for k in parse_pieces(text).unwrap() {
            assert!(left.remove(k), "too many {k}");
            out.push(k);
        }
    }
    out.extend(left.to_vec());
    assert_eq!(out.len(), 34);
    out
}

fn dealt(deck: &[Kind]) -> Game {
    let mut game = Game::new(Seat::ZERO, Options::default());
    game.deal(deck).unwrap();
    game
}

fn discard(card: &str) -> Action {
    Action::Discard {
        card: card.parse().unwrap(),
        riichi: false,
    }
}

const S0: Seat = Seat::ZERO;
const S1: Seat = Seat::ONE;

#[test]
fn s3_the_deal_gives_eight_and_seven_and_the_dealer_acts_first() {
    let game = dealt(&deck("FU FU FU KY KY KY KE KE", "GI GI GI KI KI KI KA", ""));
    let view = game.seat_view(S0);
    assert_eq!(view.concealed.len(), 8);
    assert_eq!(game.seat_view(S1).concealed.len(), 7);
    assert_eq!(game.to_act(), Some(S0));
    let round = game.public_view().round.unwrap();
    assert_eq!(round.wall_left, 18);
    assert_eq!(round.indicators.len(), 1);
}

#[test]
fn s4_pon_takes_two_winds_a_dragon_pair_for_a_pawn_or_a_dragon_and_a_pawn_never_pawns() {
    // Seat 0 discards FU; seat 1 holds KA KA (pon for the pawn) and FU FU (no pawn pon).
    let mut game = dealt(&deck("FU KY KY KE KE GI GI KI", "KA KA FU FU HI KI KI", ""));
    game.apply(S0, discard("FU")).unwrap();
    let legal = game.legal_actions();
    assert!(legal.contains(&Action::pon(Kind::Ka, Kind::Ka)));
    assert!(
        !legal.contains(&Action::pon(Kind::Fu, Kind::Fu)),
        "{legal:?}"
    );
    game.apply(S1, Action::pon(Kind::Ka, Kind::Ka)).unwrap();
    // After a pon: a discard, nothing else.
    assert!(game
        .legal_actions()
        .iter()
        .all(|a| matches!(a, Action::Discard { riichi: false, .. })));
    assert!(game.apply(S1, Action::Tsumo).is_err());
    game.apply(S1, discard("HI")).unwrap();
    // Seat 0 may not pon the rook with one pawn and no rook.
    assert!(!game
        .legal_actions()
        .iter()
        .any(|a| matches!(a, Action::Pon { .. })));
}

#[test]
fn s4_a_dragon_and_a_pawn_claim_that_dragon() {
    let mut game = dealt(&deck("HI KY KY KE KE GI GI KI", "HI FU KA GY KI KI KI", ""));
    game.apply(S0, discard("HI")).unwrap();
    assert!(game
        .legal_actions()
        .contains(&Action::pon(Kind::Fu, Kind::Hi)));
    game.apply(S1, Action::pon(Kind::Hi, Kind::Fu)).unwrap();
    let melds = &game.public_view().round.unwrap().players[Seat::ONE].melds;
    assert_eq!(melds.len(), 1);
}

#[test]
fn s6_riichi_locks_the_hand_and_pays_two_sticks_at_once() {
    // Seat 0: KY KY KY KE KE KE GI + KI; discarding KI leaves a GI wait (tenpai).
    let mut game = dealt(&deck(
        "KY KY KY KE KE KE GI KI",
        "FU FU FU GY GY HI HI",
        "FU FU",
    ));
    let riichi = Action::Discard {
        card: Kind::Ki,
        riichi: true,
    };
    assert!(game.legal_actions().contains(&riichi));
    game.apply(S0, riichi).unwrap();
    assert_eq!((game.balances[Seat::ZERO], game.pot), (28, 2));
    game.apply(S1, Action::Draw).unwrap();
    game.apply(S1, discard("FU")).unwrap();
    // In riichi: only draw or ron on the opponent's discard; then only the drawn piece goes.
    assert!(!game
        .legal_actions()
        .iter()
        .any(|a| matches!(a, Action::Pon { .. })));
    game.apply(S0, Action::Draw).unwrap();
    let legal = game.legal_actions();
    assert_eq!(
        legal
            .iter()
            .filter(|a| matches!(a, Action::Discard { .. }))
            .count(),
        1,
        "{legal:?}"
    );
}

#[test]
fn s5_discard_furiten_blocks_a_ron_but_never_a_tsumo() {
    // Seat 1: KY×3 KE×3 GI. It draws a GI and discards one: waiting on GI, which it discarded.
    let mut game = dealt(&deck(
        "FU FU FU KA KA HI GY KI",
        "KY KY KY KE KE KE GI",
        "GI GI GI",
    ));
    game.apply(S0, discard("KI")).unwrap();
    game.apply(S1, Action::Draw).unwrap();
    game.apply(S1, discard("GI")).unwrap();
    assert!(game.seat_view(S1).furiten);
    game.apply(S0, Action::Draw).unwrap();
    game.apply(S0, discard("GI")).unwrap();
    assert!(
        !game.legal_actions().contains(&Action::Ron),
        "furiten: no ron"
    );
    let refused = game.apply(S1, Action::Ron).unwrap_err();
    assert!(refused.to_string().contains("furiten"), "{refused}");
    game.apply(S1, Action::Draw).unwrap();
    assert!(
        game.legal_actions().contains(&Action::Tsumo),
        "tsumo is never furiten"
    );
    game.apply(S1, Action::Tsumo).unwrap();
    let record = game.records.last().unwrap();
    // tsumo 1 + tsuuiisou 1 (no pawn) + toitoi 2 + the win bonus 2.
    assert_eq!(record.transfers.last().unwrap().amount, 6, "{record:?}");
}

fn random_game(seed: u64, mut check: impl FnMut(&Game)) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::new(Seat::ZERO, Options::default());
    let mut deck = full_set();
    for round in 0..40 {
        if !game.needs_deal() {
            break;
        }
        for i in (1..deck.len()).rev() {
            deck.swap(i, rng.random_range(0..=i));
        }
        game.deal(&deck).unwrap();
        let _ = round;
        while let Some(seat) = game.to_act() {
            let legal = game.legal_actions();
            let a = legal[rng.random_range(0..legal.len())];
            game.apply(seat, a).unwrap();
            check(&game);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// 34 pieces always accounted for; a seat's view never holds the other's concealed pieces
    /// or the wall; balances plus pot always 60.
    #[test]
    fn pieces_points_and_hidden_information_hold_in_random_games(seed in any::<u64>()) {
        random_game(seed, |game| {
            assert_eq!(game.balances[Seat::ZERO] + game.balances[Seat::ONE] + game.pot, 60);
            if let Some(all) = game.pieces_in_play() {
                assert_eq!(all, Counts::of(&full_set()));
                let round = game.round.as_ref().unwrap();
                for seat in BOTH {
                    let view = game.seat_view(seat);
                    assert_eq!(view.concealed, round.players[seat].concealed.to_vec());
                    let text = serde_json::to_string(&view).unwrap();
                    assert!(!text.contains("deck") && !text.contains("\"wall\""));
                    let other = &view.public.round.as_ref().unwrap().players[seat.opponent()];
                    assert_eq!(other.hand_size, round.players[seat.opponent()].concealed.len());
                }
            }
        });
    }
}

#[test]
fn the_public_view_serialises_no_concealed_piece() {
    let game = dealt(&deck("FU KY KE GI KI KA HI GY", "FU FU FU FU FU FU FU", ""));
    let public = serde_json::to_value(game.public_view()).unwrap();
    let text = public.to_string();
    assert!(!text.contains("concealed"), "{text}");
    let seat1 = serde_json::to_value(game.seat_view(S1)).unwrap();
    assert_eq!(seat1["concealed"].as_array().unwrap().len(), 7);
    assert!(!seat1.to_string().contains("\"GY\",\"FU\""));
    let _ = PerSeat::new(0, 0);
}

// ---- malformed files ------------------------------------------------------------------

fn valid() -> Value {
    let d: Vec<String> = deck("FU FU FU KY KE GI KI KA", "FU FU FU FU FU FU FU", "")
        .iter()
        .map(|k| k.code().to_string())
        .collect();
    json!({"game": "shogi", "rounds": [{"deck": d, "actions": [
        {"seat": 0, "type": "discard", "card": "KA"},
        {"seat": 1, "type": "draw"}
    ]}]})
}

fn error_of(doc: &Value) -> Value {
    let lib = run_lib(doc.to_string().as_bytes()).expect_err("refused");
    let path = std::env::temp_dir().join(format!("shogi-err-{}.json", std::process::id()));
    std::fs::write(&path, doc.to_string()).unwrap();
    let (code, bin) = run_binary(path.to_str().unwrap(), None);
    assert_eq!((code, &bin), (2, &lib));
    lib["error"].clone()
}

fn assert_error(doc: Value, kind: &str, round: Value, action: Value) {
    let e = error_of(&doc);
    assert_eq!(e["kind"], kind, "{e}");
    assert_eq!(
        (e["round"].clone(), e["action"].clone()),
        (round, action),
        "{e}"
    );
}

#[test]
fn a_valid_file_plays() {
    let out = run_lib(valid().to_string().as_bytes()).unwrap();
    assert_eq!(out["next"]["seat"], 1);
}

#[test]
fn every_error_kind_is_reported_where_it_is() {
    let null = Value::Null;
    let mut d = valid();
    d["game"] = json!("chess");
    assert_error(d, "malformed_scenario", null.clone(), null.clone());
    let mut d = valid();
    d["first_dealer"] = json!(2);
    assert_error(d, "malformed_scenario", null.clone(), null.clone());
    let mut d = valid();
    d["options"] = json!({"yaku_han": {"tsumo": [1, 0]}});
    assert_error(d, "malformed_scenario", null.clone(), null.clone());
    let mut d = valid();
    d["options"] = json!({"yaku_han": {"toitoi": -1}});
    assert_error(d, "malformed_scenario", null.clone(), null.clone());
    let mut d = valid();
    d["options"] = json!({"yaku_han": {"pinfu": 1}});
    assert_error(d, "malformed_scenario", null.clone(), null.clone());
    let mut d = valid();
    d["options"] = json!({"yaku_han": {"toitoi": 1.5}});
    assert_error(d, "malformed_scenario", null.clone(), null.clone());
    let mut d = valid();
    d["rounds"][0]["deck"][3] = json!("OU");
    assert_error(d, "unknown_card", json!(0), null.clone());
    let mut d = valid();
    d["rounds"][0]["deck"][3] = json!("FU");
    assert_error(d, "bad_deck", json!(0), null.clone());
    let mut d = valid();
    d["rounds"][0]["actions"][1]["type"] = json!("chi");
    assert_error(d, "unknown_action", json!(0), json!(1));
    let mut d = valid();
    d["rounds"][0]["actions"][1]["seat"] = json!(0);
    assert_error(d, "wrong_seat", json!(0), json!(1));
    let mut d = valid();
    d["rounds"][0]["actions"][1] = json!({"seat": 1, "type": "pon", "cards": ["FU", "FU"]});
    assert_error(d, "illegal_action", json!(0), json!(1));
    let mut d = valid();
    d["rounds"][0]["actions"][0]["card"] = json!(7);
    assert_error(d, "malformed_scenario", json!(0), json!(0));
    assert_eq!(
        error_of(&json!({"game": "shogi", "rounds": "x"}))["kind"],
        "malformed_scenario"
    );
    let e = run_lib(b"{not json").unwrap_err();
    assert_eq!(e["error"]["kind"], "malformed_json");
}

#[test]
fn an_illegal_action_says_why_in_words() {
    let mut d = valid();
    d["rounds"][0]["actions"][0] = json!({"seat": 0, "type": "tsumo"});
    let e = error_of(&d);
    assert_eq!(e["kind"], "illegal_action");
    assert!(
        e["message"].as_str().unwrap().contains("does not win"),
        "{e}"
    );
}

// ---- the computer players --------------------------------------------------------------

/// States met in a few random games, with the seat to act.
fn decision_points() -> Vec<(Game, Seat)> {
    let mut out = Vec::new();
    for seed in 0..10 {
        random_game(seed, |game| {
            if let Some(seat) = game.to_act() {
                if out.len() < 400 && game.legal_actions().len() > 1 {
                    out.push((game.clone(), seat));
                }
            }
        });
    }
    out
}

#[test]
fn a_sampled_game_shows_the_same_view_and_every_level_decides_from_the_view_alone() {
    use momojan::games::interface::{Budget, Level};

    use momojan::games::shogi::Shogi;
    let points = decision_points();
    assert!(points.len() > 50);
    for (i, (game, seat)) in points.iter().enumerate().step_by(7) {
        let view = game.seat_view(*seat);
        // Two different games behind the same view: the hidden pieces dealt otherwise.
        let a = Shogi::sample(&view, 1).expect("a sample");
        let b = Shogi::sample(&view, 2).expect("a sample");
        assert_eq!(a.seat_view(*seat), view, "point {i}");
        assert_eq!(b.seat_view(*seat), view, "point {i}");
        for level in Level::ALL {
            let budget = Budget::samples(4);
            let from_a = Shogi::decide(level, &a.seat_view(*seat), &Options::default(), budget, 9);
            let from_b = Shogi::decide(level, &b.seat_view(*seat), &Options::default(), budget, 9);
            assert_eq!(from_a, from_b, "{level} at point {i}");
            assert!(view.legal_actions.contains(&from_a.unwrap()));
        }
    }
}

#[test]
fn a_matchup_table_does_not_depend_on_the_thread_count() {
    use momojan::games::drivers::matchup::Matchup;
    use momojan::games::interface::{Budget, Level};
    use momojan::games::registry::{matchup, GameId};
    let m = |threads| Matchup {
        a: Level::Normal,
        b: Level::Easy,
        seats: momojan::games::interface::seat::SeatCount::TWO,
        games: 6,
        mirrored: true,
        seed: 3,
        budget: Budget::samples(2),
        threads,
    };
    let one = matchup(GameId::Shogi, m(1));
    let two = matchup(GameId::Shogi, m(2));
    let table = |s: &str| s.lines().take(2).collect::<Vec<_>>().join("\n");
    assert_eq!(table(&one), table(&two));
    assert!(one.contains("6 games (mirrored deals)"), "{one}");
}

/// Every yaku valued the most a file may give (u32::MAX han): each sample that ends in a win
/// still plays, and every win's total is its han, dora and bonuses added exactly (the han of
/// two yaku, or of yakuhai counted per dragon, are past u32).
#[test]
fn the_largest_han_a_file_may_give_are_added_exactly() {
    let han: serde_json::Map<String, Value> = momojan::games::shogi::Yaku::ALL
        .iter()
        .map(|y| {
            let most = json!(u32::MAX);
            let value = if y.has_two_values() {
                json!([most, most])
            } else {
                most
            };
            (y.id().to_string(), value)
        })
        .collect();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/shogi-samples");
    let mut wins = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.to_string_lossy().to_string();
        if !name.ends_with(".json") || name.ends_with(".expected.json") {
            continue;
        }
        let mut doc = crate::support::read_json(&path);
        doc["options"] = json!({ "yaku_han": han });
        let out = run_value(&doc).unwrap_or_else(|e| panic!("{name}: {e}"));
        for round in out["rounds"].as_array().unwrap() {
            if round["result"] != "win" {
                continue;
            }
            wins += 1;
            let yaku: u64 = round["yaku"]
                .as_array()
                .unwrap()
                .iter()
                .map(|y| y["han"].as_u64().unwrap())
                .sum();
            assert!(yaku >= u64::from(u32::MAX), "{name}: {round}");
            let bonuses: u64 = ["dora", "kan_bonus", "honba_bonus", "win_bonus"]
                .iter()
                .map(|k| round[*k].as_u64().unwrap())
                .sum();
            assert_eq!(round["total"].as_u64(), Some(yaku + bonuses), "{name}");
        }
        let points: i64 = out["game"]["balances"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b.as_i64().unwrap())
            .sum();
        assert_eq!(points + out["game"]["pot"].as_i64().unwrap(), 60, "{name}");
    }
    assert!(wins > 0, "a sample ends in a win");
}
