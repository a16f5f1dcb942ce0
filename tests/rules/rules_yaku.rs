//! Rules §7: every yaku, how they combine, and the rulebook's three worked examples.

use std::path::PathBuf;

use crate::support::*;
use momojan::games::momojan::yaku::WinSituation;
use momojan::games::momojan::Yaku;
use serde_json::Value;

// ---------------------------------------------------------------------------------------------
// A hand with no yaku of its own: three sets (l2 l3 l4 open by kai, o5 o6 o7, s2 s3 s4) and the
// head l9 o9. Adding one condition shows that condition's yaku alone.

fn plain(by_ron: bool) -> HandSpec {
    let spec = if by_ron {
        HandSpec::ron("o5 o6 o7 s2 s3 s4 l9", "o9")
    } else {
        HandSpec::tsumo("o5 o6 o7 s2 s3 s4 l9", "o9")
    };
    spec.open(kai("l2 l3 l4"))
}

#[test]
fn a_hand_without_yaku_does_not_win_even_with_dora_and_the_ron_bonus() {
    assert!(plain(true).score().is_none());
    assert!(plain(false).score().is_none());
    // l8 names every 9 as dora: two dora and the ron bonus are still no yaku.
    assert!(plain(true).indicators("l8").score().is_none());
}

#[test]
fn riichi_is_a_yaku_of_one_point() {
    let score = plain(true).situation(|s| s.riichi = true).score().unwrap();
    assert_eq!(yaku_ids(&score), ["riichi"]);
    assert_eq!((score.base, score.ron_bonus, score.total), (2, 1, 2));
}

#[test]
fn ippatsu_adds_one_to_riichi() {
    let spec = plain(false).situation(|s| {
        s.riichi = true;
        s.ippatsu = true;
    });
    assert_eq!(spec.yaku(), ["riichi", "ippatsu"]);
    assert_eq!(spec.score().unwrap().total, 2, "tsumo: no ron bonus");
}

#[test]
fn tabi_is_exactly_four_sets() {
    let spec = HandSpec::ron("s2 s3 s4 l9", "o9")
        .open(kai("l2 l3 l4"))
        .open(kai("o5 o6 o7"))
        .open(kai("s6 s7 s8"));
    assert_eq!(spec.yaku(), ["tabi"]);
}

fn five_sets() -> HandSpec {
    HandSpec::ron("s2 s3 s4 l9", "o9")
        .open(kai("l2 l3 l4"))
        .open(kai("o5 o6 o7"))
        .open(kai("s6 s7 s8"))
        .open(kai("p1 o1 s1"))
}

#[test]
fn onigashima_is_exactly_five_sets() {
    assert_eq!(five_sets().yaku(), ["onigashima"]);
    assert_eq!(five_sets().score().unwrap().total, 3);
}

#[test]
fn momotaro_is_exactly_six_sets() {
    let spec = five_sets().open(kai("l6 l7 l8"));
    assert_eq!(spec.yaku(), ["momotaro"]);
    assert_eq!(spec.score().unwrap().base, 5);
}

#[test]
fn nihon_ichi_is_seven_sets() {
    let spec = five_sets().open(kai("l6 l7 l8")).open(kai("p5 l5 s5"));
    assert_eq!(spec.yaku(), ["nihon_ichi"]);
    let score = spec.score().unwrap();
    assert_eq!((score.base, score.doubled, score.total), (8, true, 16));
}

#[test]
fn the_set_count_yaku_never_combine() {
    let count_yaku = ["tabi", "onigashima", "momotaro", "nihon_ichi"];
    let hands = [
        HandSpec::ron("s2 s3 s4 l9", "o9")
            .open(kai("l2 l3 l4"))
            .open(kai("o5 o6 o7"))
            .open(kai("s6 s7 s8")),
        five_sets(),
        five_sets().open(kai("l6 l7 l8")),
        five_sets().open(kai("l6 l7 l8")).open(kai("p5 l5 s5")),
    ];
    for (i, hand) in hands.iter().enumerate() {
        let listed: Vec<&str> = hand
            .yaku()
            .into_iter()
            .filter(|y| count_yaku.contains(y))
            .collect();
        assert_eq!(listed, [count_yaku[i]], "{} sets", i + 4);
    }
    // Three sets earn none of them.
    assert!(plain(true)
        .situation(|s| s.riichi = true)
        .yaku()
        .iter()
        .all(|y| !count_yaku.contains(y)));
}

fn with_animal(text: &str) -> HandSpec {
    HandSpec::ron("o5 o6 o7 s2 s3 s4 l9", "o9").open(kai(text))
}

#[test]
fn dog_monkey_and_pheasant_sets_are_one_point_each() {
    assert_eq!(with_animal("Dog Dog Dog").yaku(), ["dog"]);
    assert_eq!(with_animal("Monkey Monkey Monkey").yaku(), ["monkey"]);
    assert_eq!(
        with_animal("Pheasant Pheasant Pheasant").yaku(),
        ["pheasant"]
    );
}

#[test]
fn an_animal_kan_counts_as_its_set() {
    let spec = HandSpec::ron("o5 o6 o7 s2 s3 s4 l9", "o9").open(kan("Dog Dog Dog Dog"));
    assert_eq!(spec.yaku(), ["dog"]);
}

#[test]
fn moon_is_a_moon_triplet_or_a_celestial_moon_set() {
    assert_eq!(with_animal("Moon Moon Moon").yaku(), ["moon"]);
    assert_eq!(with_animal("Moon Moon l1").yaku(), ["moon"]);
    assert_eq!(with_animal("Moon Moon Moon").score().unwrap().base, 3);
}

#[test]
fn sun_is_a_sun_triplet_or_a_celestial_sun_set() {
    assert_eq!(with_animal("Sun Sun Sun").indicators("l5").yaku(), ["sun"]);
    assert_eq!(with_animal("Sun Sun p1").indicators("l5").yaku(), ["sun"]);
}

#[test]
fn kerai_needs_dog_monkey_and_pheasant_sets_and_adds_to_them() {
    let spec = HandSpec::ron("s2 s3 s4 l9", "o9")
        .open(kai("Dog Dog Dog"))
        .open(kai("Monkey Monkey Monkey"))
        .open(kai("Pheasant Pheasant Pheasant"));
    assert_eq!(spec.yaku(), ["tabi", "dog", "monkey", "pheasant", "kerai"]);
    let two_animals = HandSpec::ron("s2 s3 s4 l5 l6 l7 l9", "o9")
        .open(kai("Dog Dog Dog"))
        .open(kai("Monkey Monkey Monkey"));
    assert!(!two_animals.has("kerai"));
}

#[test]
fn ittsu_is_one_two_three_four_five_six_seven_eight_nine_of_any_fruits() {
    let spec = HandSpec::ron("s7 s8 s9 l5", "s5")
        .open(kai("l1 l2 l3"))
        .open(kai("o4 o5 o6"));
    assert_eq!(spec.yaku(), ["ittsu"]);
}

#[test]
fn kibidango_is_a_ron_with_only_called_sets_and_the_set_the_ron_card_completes() {
    let called = || {
        HandSpec::ron("s2 s3 l9 o9", "s4")
            .open(chi("l2 l3 l4"))
            .open(pon("p6 o6 s6"))
    };
    assert_eq!(called().yaku(), ["kibidango"]);
    // A kai set spoils it (and the hand then has no yaku).
    let with_kai = HandSpec::ron("s2 s3 l9 o9", "s4")
        .open(kai("l2 l3 l4"))
        .open(pon("p6 o6 s6"));
    assert!(with_kai.score().is_none());
    // So does a concealed set the ron card did not complete.
    let head_wait = HandSpec::ron("s2 s3 s4 l9", "o9")
        .open(chi("l2 l3 l4"))
        .open(pon("p6 o6 s6"));
    assert!(head_wait.score().is_none());
    // And a tsumo.
    let mut tsumo = called();
    tsumo.by = momojan::games::momojan::WinBy::Tsumo;
    assert!(tsumo.score().is_none());
}

#[test]
fn kan_is_a_yaku_for_the_player_who_made_the_kan() {
    let spec = HandSpec::ron("o6 o7 o8 s2 s3 s4 l9", "o9")
        .open(kan("p5 l5 o5 s5"))
        .situation(|s| s.made_kan = true);
    assert_eq!(spec.yaku(), ["kan"]);
}

#[test]
fn rinshan_is_a_tsumo_on_the_kan_replacement_card() {
    let spec = HandSpec::tsumo("o6 o7 o8 s2 s3 s4 l9", "o9")
        .open(kan("p5 l5 o5 s5"))
        .situation(|s| {
            s.made_kan = true;
            s.rinshan = true;
        });
    assert_eq!(spec.yaku(), ["kan", "rinshan"]);
}

#[test]
fn oshimai_is_a_hand_of_picture_cards_only() {
    let spec = HandSpec::ron("Monkey Monkey Monkey Pheasant Pheasant Pheasant Sun", "Sun")
        .open(kai("Dog Dog Dog"))
        .indicators("l5");
    assert_eq!(
        spec.yaku(),
        ["dog", "monkey", "pheasant", "kerai", "oshimai", "toitoi"]
    );
    assert_eq!(spec.score().unwrap().total, 2 * (3 + 5 + 10 + 2 + 1));
    let one_number = HandSpec::ron("Monkey Monkey Monkey Pheasant Pheasant Pheasant l9", "o9")
        .open(kai("Dog Dog Dog"));
    assert!(!one_number.has("oshimai"));
}

#[test]
fn haitei_is_a_tsumo_after_the_draw_that_emptied_the_piles() {
    assert_eq!(
        plain(false).situation(|s| s.haitei = true).yaku(),
        ["haitei"]
    );
}

#[test]
fn houtei_is_a_ron_on_a_discard_made_with_the_piles_empty() {
    assert_eq!(
        plain(true).situation(|s| s.houtei = true).yaku(),
        ["houtei"]
    );
}

#[test]
fn nichigetsu_is_a_sun_set_and_a_moon_set_on_top_of_both() {
    let spec = HandSpec::ron("Moon Moon l1 s2 s3 s4 l9", "o9")
        .open(kai("Sun Sun Sun"))
        .indicators("l5");
    assert_eq!(spec.yaku(), ["moon", "sun", "nichigetsu"]);
    assert_eq!(spec.score().unwrap().base, 2 + 2 + 2 + 1);
}

#[test]
fn tanyao_is_number_cards_two_to_eight_only() {
    let spec = HandSpec::ron("o5 o6 o7 s2 s3 s4 l8", "o8").open(kai("l2 l3 l4"));
    assert_eq!(spec.yaku(), ["tanyao"]);
}

#[test]
fn chanta_needs_a_terminal_or_picture_in_every_group_and_a_sequence() {
    let spec = HandSpec::ron("o7 o8 o9 p1 o1 s1 s9", "l9").open(kai("l1 l2 l3"));
    assert_eq!(spec.yaku(), ["chanta"]);
    // Without a sequence it is toitoi, not chanta.
    let no_sequence = HandSpec::ron("Dog Dog Dog p1 o1 s1 s9", "l9").open(kai("l9 o9 p9"));
    assert!(!no_sequence.has("chanta"));
}

#[test]
fn toitoi_is_a_hand_without_sequences() {
    let spec = HandSpec::ron("l5 o5 s5 p7 l7 o7 s9", "l9").open(kai("l2 o2 s2"));
    assert_eq!(spec.yaku(), ["toitoi"]);
}

#[test]
fn sanshoku_is_the_same_sequence_in_lemon_orange_and_strawberry() {
    let spec = HandSpec::ron("o2 o3 o4 s2 s3 s4 l9", "o9").open(kai("l2 l3 l4"));
    assert_eq!(spec.yaku(), ["sanshoku"]);
    // A peach fits the missing fruit.
    let peach = HandSpec::ron("o2 o3 o4 p2 s3 s4 l9", "o9").open(kai("l2 l3 l4"));
    assert_eq!(peach.yaku(), ["sanshoku"]);
}

#[test]
fn honitsu_is_one_fruit_and_pictures() {
    let spec = HandSpec::ron("l5 l6 l7 l2 l3 l4 l9", "p9").open(kai("Dog Dog Dog"));
    assert_eq!(spec.yaku(), ["dog", "honitsu"]);
}

fn chinitsu_hand() -> HandSpec {
    HandSpec::ron("l4 l5 l6 p1 p2 p3 l7", "p7").open(kai("l1 l2 l3"))
}

#[test]
fn chinitsu_is_one_fruit_only_and_replaces_honitsu() {
    assert_eq!(chinitsu_hand().yaku(), ["chinitsu"]);
    assert_eq!(chinitsu_hand().score().unwrap().total, 6);
    // With chinitsu switched off, honitsu still needs a picture card, so nothing is left.
    assert!(chinitsu_hand().points(Yaku::Chinitsu, 0).score().is_none());
}

#[test]
fn takaramono_is_a_tsumo_with_only_kai_sets_and_the_set_the_tsumo_card_completes() {
    let spec = HandSpec::tsumo("s2 s3 l9 o9", "s4")
        .open(kai("l2 l3 l4"))
        .open(kai("o5 o6 o7"));
    assert_eq!(spec.yaku(), ["takaramono"]);
    let with_pon = HandSpec::tsumo("s2 s3 l9 o9", "s4")
        .open(kai("l2 l3 l4"))
        .open(chi("o5 o6 o7"));
    assert!(with_pon.score().is_none(), "a called set spoils it");
    let by_ron = HandSpec::ron("s2 s3 l9 o9", "s4")
        .open(kai("l2 l3 l4"))
        .open(kai("o5 o6 o7"));
    assert!(by_ron.score().is_none());
}

#[test]
fn otomo_is_two_animal_sets_and_a_head_of_the_third_animal() {
    let spec = HandSpec::ron("s2 s3 s4 l5 l6 l7 Pheasant", "Pheasant")
        .open(kai("Dog Dog Dog"))
        .open(kai("Monkey Monkey Monkey"));
    assert_eq!(spec.yaku(), ["tabi", "dog", "monkey", "otomo"]);
}

#[test]
fn a_yaku_set_to_zero_is_not_listed_and_does_not_make_a_hand_win() {
    let riichi = plain(true).situation(|s| s.riichi = true);
    assert!(riichi.clone().points(Yaku::Riichi, 0).score().is_none());
    let kerai = HandSpec::ron("s2 s3 s4 l9", "o9")
        .open(kai("Dog Dog Dog"))
        .open(kai("Monkey Monkey Monkey"))
        .open(kai("Pheasant Pheasant Pheasant"))
        .points(Yaku::Kerai, 0)
        .points(Yaku::Tabi, 3);
    assert_eq!(kerai.yaku(), ["tabi", "dog", "monkey", "pheasant"]);
    assert_eq!(kerai.score().unwrap().base, 3 + 3 + 1);
}

#[test]
fn every_yaku_has_a_test_above() {
    // The ids the scenario format lists, in order (rules §7).
    let ids: Vec<&str> = Yaku::ALL.iter().map(|y| y.id()).collect();
    assert_eq!(
        ids,
        [
            "riichi",
            "ippatsu",
            "tabi",
            "onigashima",
            "momotaro",
            "nihon_ichi",
            "dog",
            "monkey",
            "pheasant",
            "moon",
            "sun",
            "kerai",
            "ittsu",
            "kibidango",
            "kan",
            "rinshan",
            "oshimai",
            "haitei",
            "houtei",
            "nichigetsu",
            "tanyao",
            "chanta",
            "toitoi",
            "sanshoku",
            "honitsu",
            "chinitsu",
            "takaramono",
            "otomo"
        ]
    );
    let _ = WinSituation::default();
}

#[test]
fn dora_counts_once_per_indicator_and_seven_or_more_doubles() {
    // l4 names every 5: the hand holds o5 only.
    let riichi = plain(true).situation(|s| s.riichi = true).indicators("l4");
    let score = riichi.score().unwrap();
    assert_eq!((score.dora, score.base, score.total), (1, 3, 3));
    // Two indicators both naming 5s (after a kan) make o5 worth 2.
    let twice = plain(true)
        .situation(|s| s.riichi = true)
        .indicators("l4 s4");
    assert_eq!(twice.score().unwrap().dora, 2);
}

// ---------------------------------------------------------------------------------------------
// The rulebook's worked examples (rules §7), as complete scenario files.

fn scenario_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scenarios"))
}

/// Example 1: the non-dealer (seat 1) lays open a dog set and lemon 4-5-6 and strawberry
/// 7-8-9 by kai in one turn, declares riichi holding `Sun Sun o2 o3`, lets the ippatsu window
/// pass, and rons the dealer's `o1`. Dora indicator l3 names every 4: the winner holds l4.
fn rulebook_1() -> Value {
    let deck = DeckBuilder::new()
        .dealer("o1 l1 l2 s1 s2 p9 Pheasant")
        .non_dealer("Dog Dog Dog l4 l5 l6 Sun")
        .dora("l3")
        .pile(0, "Monkey Sun s7 o2 Monkey Pheasant l9")
        .pile(1, "s8 o3")
        .pile(2, "s9 Monkey");
    let steps = [
        "0 draw 0",
        "0 discard Monkey",
        "1 draw 0",
        "1 kai Dog Dog Dog",
        "1 draw3",
        "1 kai l4 l5 l6",
        "1 draw3",
        "1 kai s7 s8 s9",
        "1 riichi Monkey",
        "0 draw 0",
        "0 discard Monkey",
        "1 draw 0",
        "1 discard Pheasant",
        "0 draw 0",
        "0 discard o1",
        "1 ron",
    ];
    scenario_json(0, vec![round_json(&deck, &steps)])
}

/// Example 2: the dealer opens a pheasant set, 3-3-3 and 5-5-5 by kai, chis s6 s7 on s8, and
/// tsumos the third Moon with `l2 s2 Moon Moon`. Indicator l1 names the two 2s.
fn rulebook_2() -> Value {
    let deck = DeckBuilder::new()
        .dealer("Pheasant Pheasant Pheasant l3 o3 s3 Moon")
        .non_dealer("s8")
        .dora("l1")
        .pile(0, "Moon p5 s6 o8 l2 o9 Moon")
        .pile(1, "l5 s7 s2")
        .pile(2, "o5 Monkey Monkey");
    let steps = [
        "0 draw 0",
        "0 kai Pheasant Pheasant Pheasant",
        "0 draw3",
        "0 kai l3 o3 s3",
        "0 draw3",
        "0 kai p5 l5 o5",
        "0 discard Monkey",
        "1 draw 0",
        "1 discard s8",
        "0 chi s6 s7",
        "0 draw3",
        "0 discard Monkey",
        "1 draw 0",
        "1 discard o9",
        "0 draw 0",
        "0 tsumo",
    ];
    scenario_json(0, vec![round_json(&deck, &steps)])
}

/// Example 3: the non-dealer calls seven sets (dog, monkey and pheasant pons, chi l4 l5 on
/// l3, pons of the 2s, 6s and 9s), declares riichi on a single s8, lets the ippatsu window
/// pass and rons the dealer's l8. Indicator Sun names Moon, which the winner does not hold.
fn rulebook_3() -> Value {
    let deck = DeckBuilder::new()
        .dealer("Dog Monkey Pheasant l3 l2 l6 l9")
        .non_dealer("Dog Dog Monkey Monkey Pheasant Pheasant s8")
        .dora("Sun")
        .pile(0, "l8 l4 _ o2 _ o6 _ o9 _ p4")
        .pile(1, "l5 s2 s6 s9 p5 p9")
        .pile(2, "p1 p2 p3 s1 o1 s3");
    let steps = [
        "0 draw 0",
        "0 discard Dog",
        "1 pon Dog Dog",
        "1 draw3",
        "1 discard p1",
        "0 draw 0",
        "0 discard Monkey",
        "1 pon Monkey Monkey",
        "1 draw3",
        "1 discard p2",
        "0 draw 0",
        "0 discard Pheasant",
        "1 pon Pheasant Pheasant",
        "1 draw3",
        "1 discard p3",
        "0 draw 0",
        "0 discard l3",
        "1 chi l4 l5",
        "1 draw3",
        "1 discard s1",
        "0 draw 0",
        "0 discard l2",
        "1 pon o2 s2",
        "1 draw3",
        "1 discard p4",
        "0 draw 0",
        "0 discard l6",
        "1 pon o6 s6",
        "1 discard p5",
        "0 draw 0",
        "0 discard l9",
        "1 pon o9 s9",
        "1 riichi o1",
        "0 draw 2",
        "0 discard s3",
        "1 draw 1",
        "1 discard p9",
        "0 draw 2",
        "0 discard l8",
        "1 ron",
    ];
    scenario_json(0, vec![round_json(&deck, &steps)])
}

/// The scenario file must be the document built above; `MOMOJAN_BLESS=1` rewrites it, and
/// writes the binary's output as the expected file (to be checked by hand before committing).
fn check_rulebook(name: &str, doc: Value, total: u64, yaku: &[&str]) {
    let path = scenario_dir().join(format!("{name}.json"));
    let expected_path = scenario_dir().join(format!("{name}.expected.json"));
    let bless = std::env::var_os("MOMOJAN_BLESS").is_some();
    if bless {
        std::fs::create_dir_all(scenario_dir()).unwrap();
        std::fs::write(&path, serde_json::to_string_pretty(&doc).unwrap() + "\n").unwrap();
    }
    assert_eq!(
        read_json(&path),
        doc,
        "{name}.json differs from the built scenario"
    );
    let (code, out) = run_binary(path.to_str().unwrap(), None);
    assert_eq!(code, 0, "{out}");
    if bless {
        std::fs::write(
            &expected_path,
            serde_json::to_string_pretty(&out).unwrap() + "\n",
        )
        .unwrap();
    }
    assert_eq!(out, read_json(&expected_path), "{name}: output differs");
    // Library and binary agree.
    assert_eq!(run_value(&doc).unwrap(), out);
    let round = round0(&out);
    assert_eq!(round["result"], "win");
    assert_eq!(round["total"], total, "{name} total");
    assert_eq!(doc_yaku(round), yaku, "{name} yaku");
}

#[test]
fn rulebook_example_1_scores_6() {
    check_rulebook(
        "rulebook-1",
        rulebook_1(),
        6,
        &["riichi", "tabi", "dog", "ittsu"],
    );
    let out = run_value(&rulebook_1()).unwrap();
    let round = round0(&out);
    assert_eq!(round["winner"], 1);
    assert_eq!(round["by"], "ron");
    assert_eq!(
        (round["dora"].as_u64(), round["ron_bonus"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(round["doubled"], false);
}

#[test]
fn rulebook_example_2_scores_14() {
    check_rulebook(
        "rulebook-2",
        rulebook_2(),
        14,
        &["onigashima", "pheasant", "moon"],
    );
    let out = run_value(&rulebook_2()).unwrap();
    let round = round0(&out);
    assert_eq!(
        (round["winner"].as_u64(), round["by"].as_str()),
        (Some(0), Some("tsumo"))
    );
    assert_eq!(
        (round["dora"].as_u64(), round["base"].as_u64()),
        (Some(2), Some(7))
    );
    assert_eq!(
        (round["ron_bonus"].as_u64(), round["doubled"].as_bool()),
        (Some(0), Some(true))
    );
}

#[test]
fn rulebook_example_3_scores_38() {
    check_rulebook(
        "rulebook-3",
        rulebook_3(),
        38,
        &[
            "riichi",
            "nihon_ichi",
            "dog",
            "monkey",
            "pheasant",
            "kerai",
            "kibidango",
        ],
    );
    let out = run_value(&rulebook_3()).unwrap();
    let round = round0(&out);
    assert_eq!(
        (round["dora"].as_u64(), round["base"].as_u64()),
        (Some(0), Some(19))
    );
    // The dealer pays 38 from 30 and busts (rules §9).
    assert_eq!(out["game"]["reason"], "bust");
    assert_eq!(out["game"]["winner"], 1);
}

// ---------------------------------------------------------------------------------------------
// Haitei and houtei in play: the piles really run out.

fn win_of(game: &momojan::games::momojan::Game) -> momojan::games::momojan::Score {
    match &game.records.last().expect("a finished round").end {
        Some(momojan::games::momojan::RoundEnd::Win { score, .. }) => score.clone(),
        other => panic!("not a win: {other:?}"),
    }
}

#[test]
fn haitei_in_play_the_dealer_tsumos_the_last_card_of_the_piles() {
    // The dealer keeps o5 o6 o7 s1 s2 s3 s9 with l2 l3 l4 open; o9 and p9 are out of the
    // piles and l9 is the very last card.
    let deck = DeckBuilder::new()
        .dealer("l2 l3 l4 o5 o6 o7 s9")
        .non_dealer("o9 Pheasant Moon Moon l1 o1 Sun")
        .dora("Moon")
        .at(UNUSED, "p9")
        .pile(0, "Dog s1")
        .pile(1, "s2")
        .pile(2, "s3")
        .at(PILE[2] + 11, "l9");
    let mut game = dealt(&deck.build());
    play(
        &mut game,
        &["0 draw 0", "0 kai l2 l3 l4", "0 draw3", "0 discard Dog"],
    );
    drain_piles(&mut game, 1);
    assert_eq!(game.to_act(), Some(seat(0)));
    play(&mut game, &["0 draw 2", "0 tsumo"]);
    let score = win_of(&game);
    assert_eq!(yaku_ids(&score), ["haitei"]);
    assert_eq!((score.dora, score.total), (0, 1));
}

#[test]
fn houtei_in_play_the_dealer_rons_a_discard_made_with_the_piles_empty() {
    // The dealer lays l2 l3 l4 and o1 o2 o3 open and keeps o5 o6 o7 s1 s2 s3 s9; the
    // non-dealer draws the last card, l9, and discards it.
    let deck = DeckBuilder::new()
        .dealer("l2 l3 l4 o1 o2 o3 Moon")
        .non_dealer("o9 Pheasant Monkey Monkey l1 Dog Sun")
        .dora("Sun")
        .at(UNUSED, "p9")
        .pile(0, "s9 o5 s1")
        .pile(1, "o6 s2")
        .pile(2, "o7 s3")
        .at(PILE[2] + 11, "l9");
    let mut game = dealt(&deck.build());
    play(
        &mut game,
        &[
            "0 draw 0",
            "0 kai l2 l3 l4",
            "0 draw3",
            "0 kai o1 o2 o3",
            "0 draw3",
            "0 discard Moon",
        ],
    );
    drain_piles(&mut game, 1);
    assert_eq!(game.to_act(), Some(seat(1)));
    play(&mut game, &["1 draw 2", "1 discard l9", "0 ron"]);
    let score = win_of(&game);
    assert_eq!(yaku_ids(&score), ["tabi", "houtei"]);
    assert_eq!(score.total, 3);
}

#[test]
fn between_partitions_with_equal_totals_the_earlier_yaku_values_win() {
    // l1 l2 l3 o1 o2 o3 s1 s2 s3 is three sequences (chanta, sanshoku) or three same-number
    // sets (toitoi). With sanshoku worth 0 both partitions total 2 + ron 1: chanta comes
    // before toitoi in the table, so chanta is reported.
    let spec = HandSpec::ron("l1 l2 l3 o1 o2 o3 s1 s2 s3 l9", "o9").points(Yaku::Sanshoku, 0);
    assert_eq!(spec.yaku(), ["chanta"]);
    // With the defaults the sequences score more (chanta 2 + sanshoku 2 against toitoi 2).
    let spec = HandSpec::ron("l1 l2 l3 o1 o2 o3 s1 s2 s3 l9", "o9");
    assert_eq!(spec.yaku(), ["chanta", "sanshoku"]);
    // Raising toitoi makes the same-number partition the best.
    let spec = HandSpec::ron("l1 l2 l3 o1 o2 o3 s1 s2 s3 l9", "o9").points(Yaku::Toitoi, 5);
    assert_eq!(spec.yaku(), ["toitoi"]);
}
