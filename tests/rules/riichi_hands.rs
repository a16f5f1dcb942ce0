//! Riichi hand values (riichi-rules.md §8–§10): every yaku and yakuman with a hand that has it
//! and one that does not, fu by their parts, the score table cell by cell, limits and kazoe,
//! and the choice of the best reading.

use momojan::games::kit::mahjong::hand::parse_hand;
use momojan::games::kit::mahjong::score::{
    base_points, payments, score, Bonus, Limit, Payments, Score, WinningHand,
};
use momojan::games::kit::mahjong::tile::{Kind, Tile};
use momojan::games::kit::mahjong::yaku::{RiichiKind, Situation, WinBy, Yaku};

fn tile(name: &str) -> Tile {
    name.parse().unwrap()
}

fn kind(name: &str) -> Kind {
    tile(name).kind()
}

/// A win to score: the whole hand in the notation of `hand.rs` (the winning tile among the
/// concealed tiles), the winning tile, and the situation (a non-dealer, seat wind West, round
/// wind East, by ron unless changed).
struct Win {
    hand: &'static str,
    won: &'static str,
    s: Situation,
    dora: Vec<Kind>,
    ura: Vec<Kind>,
    minimum: u8,
}

fn win(hand: &'static str, won: &'static str) -> Win {
    Win {
        hand,
        won,
        s: Situation {
            by: WinBy::Ron,
            seat_wind: kind("3z"),
            round_wind: kind("1z"),
            riichi: RiichiKind::None,
            ippatsu: false,
            haitei: false,
            houtei: false,
            rinshan: false,
            first_draw: false,
            dealer: false,
            kuitan: true,
        },
        dora: Vec::new(),
        ura: Vec::new(),
        minimum: 1,
    }
}

impl Win {
    fn tsumo(mut self) -> Win {
        self.s.by = WinBy::Tsumo;
        self
    }

    fn dealer(mut self) -> Win {
        self.s.dealer = true;
        self.s.seat_wind = kind("1z");
        self
    }

    fn riichi(mut self) -> Win {
        self.s.riichi = RiichiKind::Single;
        self
    }

    fn with(mut self, f: impl FnOnce(&mut Situation)) -> Win {
        f(&mut self.s);
        self
    }

    fn dora(mut self, indicators: &[&str]) -> Win {
        self.dora = indicators.iter().map(|t| kind(t).dora_after()).collect();
        self
    }

    fn ura(mut self, indicators: &[&str]) -> Win {
        self.ura = indicators.iter().map(|t| kind(t).dora_after()).collect();
        self
    }

    fn minimum(mut self, han: u8) -> Win {
        self.minimum = han;
        self
    }

    fn score(&self) -> Option<Score> {
        let (concealed, melds) = parse_hand(self.hand).unwrap();
        let hand = WinningHand {
            concealed: &concealed,
            melds: &melds,
            won: tile(self.won),
        };
        let bonus = Bonus {
            dora: &self.dora,
            ura: &self.ura,
        };
        score(hand, &self.s, bonus, self.minimum)
    }

    fn yaku(&self) -> Vec<Yaku> {
        self.score()
            .map(|s| s.yaku.iter().map(|(y, _)| *y).collect())
            .unwrap_or_default()
    }

    fn has(&self, yaku: Yaku) -> bool {
        self.yaku().contains(&yaku)
    }
}

#[track_caller]
fn assert_yaku(w: Win, yaku: &[(Yaku, u8)]) {
    let s = w
        .score()
        .unwrap_or_else(|| panic!("{} wins on {}", w.hand, w.won));
    assert_eq!(s.yaku, yaku, "{} on {}", w.hand, w.won);
}

// §8: yaku from the situation.

#[test]
fn riichi_is_one_han_and_double_riichi_replaces_it() {
    assert_yaku(
        win("234m567p234s55s678s", "5s").riichi(),
        &[(Yaku::Riichi, 1), (Yaku::Tanyao, 1)],
    );
    assert_yaku(
        win("234m567p234s55s678s", "5s").with(|s| s.riichi = RiichiKind::Double),
        &[(Yaku::DoubleRiichi, 2), (Yaku::Tanyao, 1)],
    );
}

#[test]
fn ippatsu_needs_riichi() {
    let hand = "234m567p234s55s678s";
    assert!(win(hand, "5s")
        .riichi()
        .with(|s| s.ippatsu = true)
        .has(Yaku::Ippatsu));
    assert!(!win(hand, "5s")
        .with(|s| s.ippatsu = true)
        .has(Yaku::Ippatsu));
}

#[test]
fn menzen_tsumo_is_a_closed_hand_won_by_tsumo() {
    assert!(win("234m567p234s55s678s", "5s")
        .tsumo()
        .has(Yaku::MenzenTsumo));
    assert!(!win("234m567p234s55s678s", "5s").has(Yaku::MenzenTsumo));
    assert!(!win("234m567p55s678s 234s", "5s")
        .tsumo()
        .has(Yaku::MenzenTsumo));
    // A closed kan keeps the hand closed.
    assert!(win("234m567p55s678s [2222m]", "5s")
        .tsumo()
        .has(Yaku::MenzenTsumo));
}

#[test]
fn last_tile_replacement_and_robbed_kan_wins_have_their_yaku() {
    let hand = "234m567p234s55s678s";
    assert!(win(hand, "5s")
        .tsumo()
        .with(|s| s.haitei = true)
        .has(Yaku::Haitei));
    assert!(win(hand, "5s").with(|s| s.houtei = true).has(Yaku::Houtei));
    assert!(win(hand, "5s")
        .tsumo()
        .with(|s| s.rinshan = true)
        .has(Yaku::Rinshan));
    assert!(win(hand, "5s")
        .with(|s| s.by = WinBy::Chankan)
        .has(Yaku::Chankan));
    assert!(!win(hand, "5s").has(Yaku::Haitei));
}

// §8: yaku of the tiles and groups.

#[test]
fn pinfu_is_four_runs_a_plain_pair_and_a_two_sided_wait() {
    assert!(win("123456m789p234s99s", "4s").has(Yaku::Pinfu));
    assert!(
        win("123456m789p123s99s", "1s").has(Yaku::Pinfu),
        "23s waits on 1s and 4s"
    );
    assert!(
        !win("123456m789p123s99s", "3s").has(Yaku::Pinfu),
        "12s is an edge wait"
    );
    assert!(
        !win("123456m789p234s99s", "3s").has(Yaku::Pinfu),
        "24s is a middle wait"
    );
    assert!(
        !win("123456m789p234s55z", "4s").has(Yaku::Pinfu),
        "a dragon pair"
    );
    assert!(
        !win("123456m789p234s33z", "4s").has(Yaku::Pinfu),
        "a seat-wind pair"
    );
    assert!(
        !win("123456m789p234s11z", "4s").has(Yaku::Pinfu),
        "a round-wind pair"
    );
    assert!(
        win("123456m789p234s44z", "4s").has(Yaku::Pinfu),
        "north is nobody's wind here"
    );
    assert!(!win("456m789p234s99s 123m", "4s").has(Yaku::Pinfu), "open");
}

#[test]
fn tanyao_is_only_simples_and_open_only_with_kuitan() {
    assert!(win("234m567p234s55s678s", "5s").has(Yaku::Tanyao));
    assert!(win("234m567p55s678s 234s", "5s").has(Yaku::Tanyao));
    let no_kuitan = win("234m567p55s678s 234s", "5s").with(|s| s.kuitan = false);
    assert!(no_kuitan.score().is_none(), "no other yaku");
    assert!(!win("123m567p234s55s678s", "5s").has(Yaku::Tanyao));
}

#[test]
fn iipeikou_is_two_identical_runs_in_a_closed_hand() {
    assert!(win("112233m456p789s44z", "4z").has(Yaku::Iipeikou));
    assert!(!win("112233m789s44z 456p", "4z").has(Yaku::Iipeikou));
    assert!(!win("123345m456p789s44z", "4z").has(Yaku::Iipeikou));
}

#[test]
fn dragon_and_wind_triplets_are_yakuhai() {
    assert_yaku(win("123m456p789s11m555z", "1m"), &[(Yaku::Haku, 1)]);
    assert_yaku(win("123m456p789s11m666z", "1m"), &[(Yaku::Hatsu, 1)]);
    assert_yaku(win("123m456p789s11m 7777z", "1m"), &[(Yaku::Chun, 1)]);
    assert_yaku(win("123m456p789s11m333z", "1m"), &[(Yaku::SeatWind, 1)]);
    assert_yaku(win("123m456p789s11m111z", "1m"), &[(Yaku::RoundWind, 1)]);
    assert_yaku(
        win("123m456p789s11m111z", "1m").dealer(),
        &[(Yaku::SeatWind, 1), (Yaku::RoundWind, 1)],
    );
    assert!(
        win("123m456p789s11m222z", "1m").score().is_none(),
        "south is nobody's wind"
    );
    assert!(
        win("123m456p789s11m55z", "1m").score().is_none(),
        "a pair is no yakuhai"
    );
}

#[test]
fn sanshoku_is_one_run_in_three_suits_two_han_closed_one_open() {
    assert_yaku(win("234m234p234s789s44z", "4z"), &[(Yaku::Sanshoku, 2)]);
    assert_yaku(win("234p234s789s44z 234m", "4z"), &[(Yaku::Sanshoku, 1)]);
    assert!(!win("234m234p345s789s44z", "4z").has(Yaku::Sanshoku));
}

#[test]
fn ittsu_is_one_to_nine_in_one_suit() {
    assert_yaku(win("123456789m123p44z", "4z"), &[(Yaku::Ittsu, 2)]);
    assert_yaku(win("456789m123p44z 123m", "4z"), &[(Yaku::Ittsu, 1)]);
    assert!(!win("123456m789p123p44z", "4z").has(Yaku::Ittsu));
}

#[test]
fn chanta_and_junchan_need_a_terminal_in_every_part_and_a_run() {
    assert_yaku(win("123m789p111s789s44z", "4z"), &[(Yaku::Chanta, 2)]);
    assert_yaku(win("123m789p111s789s99m", "9m"), &[(Yaku::Junchan, 3)]);
    assert_yaku(win("123m789p789s99m 111s", "9m"), &[(Yaku::Junchan, 2)]);
    assert!(!win("123m789p111s678s44z", "4z").has(Yaku::Chanta));
    // Triplets only is honroutou, not chanta.
    assert!(!win("111m999p11z 111s 999s", "1z").has(Yaku::Chanta));
}

#[test]
fn seven_pairs_are_seven_different_pairs() {
    assert_yaku(win("1122m3344p5566s44z", "4z"), &[(Yaku::Chiitoitsu, 2)]);
    assert!(
        win("1111m3344p5566s44z", "4z").score().is_none(),
        "four of a kind is no two pairs"
    );
}

#[test]
fn toitoi_is_four_triplets() {
    let w = win("111m44z 222p 333s 666z", "4z");
    assert_eq!(w.yaku(), [Yaku::Hatsu, Yaku::Toitoi]);
    assert!(!win("123m44z 222p 333s 666z", "4z").has(Yaku::Toitoi));
}

#[test]
fn sanankou_is_three_concealed_triplets_not_one_completed_by_ron() {
    assert!(win("111m222p333s456m44z", "5m").has(Yaku::Sanankou));
    assert!(win("111m222p333s456m44z", "1m").tsumo().has(Yaku::Sanankou));
    assert!(
        !win("111m222p333s456m44z", "1m").has(Yaku::Sanankou),
        "the ron opens the 1m"
    );
    assert!(
        win("111m222p456m44z [3333s]", "5m").has(Yaku::Sanankou),
        "a closed kan counts"
    );
    assert!(!win("111m222p456m44z 3333s", "5m").has(Yaku::Sanankou));
}

#[test]
fn sanshoku_doukou_sankantsu_and_shousangen() {
    assert!(win("222m222p222s456m44z", "5m").has(Yaku::SanshokuDoukou));
    assert!(!win("222m222p333s456m44z", "5m").has(Yaku::SanshokuDoukou));
    let kans = win("456m44z [2222m] 3333p 4444s+", "5m");
    assert!(kans.has(Yaku::Sankantsu));
    assert!(!win("456m44z 222m 3333p 4444s+", "5m").has(Yaku::Sankantsu));
    assert_yaku(
        win("555z666z77z123m456p", "4p"),
        &[(Yaku::Haku, 1), (Yaku::Hatsu, 1), (Yaku::Shousangen, 2)],
    );
}

#[test]
fn honroutou_honitsu_and_chinitsu() {
    let w = win("111m11z 999p 111s 999s", "1z");
    assert_eq!(w.yaku(), [Yaku::Toitoi, Yaku::Honroutou]);
    assert_yaku(
        win("123m456m789m44z 555z", "4z"),
        &[(Yaku::Haku, 1), (Yaku::Ittsu, 1), (Yaku::Honitsu, 2)],
    );
    assert_yaku(win("123345567789m22m", "2m"), &[(Yaku::Chinitsu, 6)]);
    assert_yaku(win("345567789m22m 123m", "2m"), &[(Yaku::Chinitsu, 5)]);
    assert!(!win("123345567789m22p", "2p").has(Yaku::Chinitsu));
}

#[test]
fn ryanpeikou_is_two_pairs_of_identical_runs_and_beats_seven_pairs() {
    let w = win("112233m445566p77s", "1m");
    assert_eq!(w.yaku(), [Yaku::Pinfu, Yaku::Ryanpeikou]);
    assert!(!w.has(Yaku::Iipeikou) && !w.has(Yaku::Chiitoitsu));
}

// §8: yakuman.

#[test]
fn thirteen_orphans_single_and_thirteen_sided() {
    assert_yaku(win("119m19p19s1234567z", "9m"), &[(Yaku::Kokushi, 13)]);
    assert_yaku(win("119m19p19s1234567z", "1m"), &[(Yaku::Kokushi13, 26)]);
}

#[test]
fn four_concealed_triplets_single_and_double() {
    assert_yaku(
        win("111m222p333s444z55z", "1m").tsumo(),
        &[(Yaku::Suuankou, 13)],
    );
    assert_yaku(
        win("111m222p333s444z55z", "5z"),
        &[(Yaku::SuuankouTanki, 26)],
    );
    let ron = win("111m222p333s444z55z", "1m");
    assert_eq!(ron.yaku(), [Yaku::Toitoi, Yaku::Sanankou]);
}

#[test]
fn dragons_and_winds_yakuman() {
    assert_yaku(win("555z666z777z123m44z", "4z"), &[(Yaku::Daisangen, 13)]);
    assert_yaku(
        win("123m44z 111z 222z 333z", "4z"),
        &[(Yaku::Shousuushii, 13)],
    );
    assert_yaku(
        win("11m 111z 222z 333z 444z", "1m"),
        &[(Yaku::Daisuushii, 26)],
    );
}

#[test]
fn all_honors_all_green_all_terminals() {
    assert_yaku(
        win("77z 111z 222z 333z 555z", "7z"),
        &[(Yaku::Tsuuiisou, 13)],
    );
    assert_yaku(win("11223344556677z", "7z"), &[(Yaku::Tsuuiisou, 13)]);
    assert_yaku(win("223344666888s66z", "6z"), &[(Yaku::Ryuuiisou, 13)]);
    assert!(!win("223344666888s55z", "5z").has(Yaku::Ryuuiisou));
    assert_yaku(
        win("11s 111m 999m 111p 999p", "1s"),
        &[(Yaku::Chinroutou, 13)],
    );
}

#[test]
fn nine_gates_and_pure_nine_gates() {
    assert_yaku(win("11123455678999m", "2m"), &[(Yaku::Chuuren, 13)]);
    assert_yaku(win("11123455678999m", "5m"), &[(Yaku::JunseiChuuren, 26)]);
    assert!(!win("2345678999m11z 111m", "1z").has(Yaku::Chuuren));
}

#[test]
fn four_kans_heaven_and_earth() {
    assert_yaku(
        win("11z [2222m] 3333p 4444s+ 5555s", "1z"),
        &[(Yaku::Suukantsu, 13)],
    );
    let hand = "234m567p234s55s678s";
    assert_yaku(
        win(hand, "5s")
            .tsumo()
            .dealer()
            .with(|s| s.first_draw = true),
        &[(Yaku::Tenhou, 13)],
    );
    assert_yaku(
        win(hand, "5s").tsumo().with(|s| s.first_draw = true),
        &[(Yaku::Chiihou, 13)],
    );
}

#[test]
fn yakuman_add_up_and_count_no_dora() {
    let w = win("555z666z777z44z 111z", "4z").dora(&["4z"]);
    let s = w.score().unwrap();
    assert_eq!(s.yaku, [(Yaku::Daisangen, 13), (Yaku::Tsuuiisou, 13)]);
    assert_eq!((s.han, s.fu, s.dora, s.points), (26, None, 0, 64_000));
    assert_eq!(s.limit, Some(Limit::Yakuman));
}

// §6: the minimum, dora not counting toward it.

#[test]
fn dora_never_count_toward_the_minimum() {
    let open_no_yaku = win("123m456p789s11m 123s", "1m").dora(&["9s"]);
    assert!(open_no_yaku.score().is_none());
    assert!(win("123m456p789s11m555z", "1m")
        .minimum(2)
        .score()
        .is_none());
    assert!(win("123m456p789s11m555z", "1m")
        .tsumo()
        .minimum(2)
        .score()
        .is_some());
}

// §9: fu.

fn fu_of(w: Win) -> u32 {
    w.score().unwrap().fu.unwrap()
}

#[test]
fn fu_counts_each_part_and_rounds_up() {
    // Closed ron 20+10, concealed 1m triplet 8, middle wait 2 → 40.
    assert_eq!(fu_of(win("111m456p789s345s99p", "4s").riichi()), 40);
    // Pinfu tsumo 20, pinfu ron 30.
    assert_eq!(fu_of(win("123456m789p234s99s", "4s").tsumo()), 20);
    assert_eq!(fu_of(win("123456m789p234s99s", "4s")), 30);
    // Open hand with no fu: 30 however won.
    let open = || win("456m789p234s99s 123m", "4s");
    assert_eq!(fu_of(open().with(|s| s.houtei = true)), 30);
    assert_eq!(fu_of(open().tsumo().with(|s| s.haitei = true)), 30);
    // Seven pairs: 25, not rounded.
    assert_eq!(fu_of(win("1122m3344p5566s44z", "4z")), 25);
}

#[test]
fn fu_of_groups_double_for_terminals_and_honors() {
    // Open pon of white 4, tanki 2, tsumo 2: 20+4+2+2 = 28 → 30.
    assert_eq!(fu_of(win("123m456p789s11m 555z", "1m").tsumo()), 30);
    // Closed kan of 1m 32 + closed ron 10 + 20 + tanki 2 = 64 → 70.
    assert_eq!(fu_of(win("456p789s23455s [1111m]", "5s").riichi()), 70);
    // Open kan of 2m 8 + open pon of 9p 4 + dragon pair 2 + 20 = 34 → 40.
    let open_kan = win("234s567s55z 2222m 999p", "4s").with(|s| s.houtei = true);
    assert_eq!(fu_of(open_kan), 40);
    // A triplet completed by ron is open: 111m 4, the open white pon 4, 20 → 28 → 30.
    assert_eq!(fu_of(win("111m22p456s789s 555z", "1m")), 30);
}

#[test]
fn a_pair_of_a_double_wind_is_four_fu() {
    // 20 + closed ron 10 + concealed 1m triplet 8 = 38, and the pair: the dealer's East is
    // seat and round wind, 4 → 42 → 50; a non-dealer's West only the seat's, 2 → 40.
    assert_eq!(
        fu_of(win("111m456p234s789s11z", "4s").dealer().riichi()),
        50
    );
    assert_eq!(fu_of(win("111m456p234s789s33z", "4s").riichi()), 40);
    assert_eq!(fu_of(win("111m456p234s789s44z", "4s").riichi()), 40);
}

#[test]
fn edge_and_middle_waits_are_two_fu_and_the_best_reading_counts() {
    // 12 3 on the 3 is an edge: 20+10+2 = 32 → 40 and no pinfu.
    assert_eq!(fu_of(win("123456m789p123s99s", "3s").riichi()), 40);
    // 123 on the 1 reads as a two-sided wait: pinfu, 30 fu.
    let s = win("123456m789p123s99s", "1s").riichi().score().unwrap();
    assert_eq!((s.fu, s.yaku[1].0), (Some(30), Yaku::Pinfu));
}

// §10: the score table, cell by cell (no kiriage mangan).

/// One cell: (han, fu, non-dealer ron, dealer ron, non-dealer tsumo (others, dealer), dealer
/// tsumo from each).
type Cell = (u32, u32, i64, i64, (i64, i64), i64);

const TABLE: &[Cell] = &[
    (1, 30, 1000, 1500, (300, 500), 500),
    (1, 40, 1300, 2000, (400, 700), 700),
    (1, 50, 1600, 2400, (400, 800), 800),
    (1, 60, 2000, 2900, (500, 1000), 1000),
    (1, 70, 2300, 3400, (600, 1200), 1200),
    (1, 80, 2600, 3900, (700, 1300), 1300),
    (1, 90, 2900, 4400, (800, 1500), 1500),
    (1, 100, 3200, 4800, (800, 1600), 1600),
    (1, 110, 3600, 5300, (900, 1800), 1800),
    (2, 20, 1300, 2000, (400, 700), 700),
    (2, 25, 1600, 2400, (400, 800), 800),
    (2, 30, 2000, 2900, (500, 1000), 1000),
    (2, 40, 2600, 3900, (700, 1300), 1300),
    (2, 50, 3200, 4800, (800, 1600), 1600),
    (2, 60, 3900, 5800, (1000, 2000), 2000),
    (2, 70, 4500, 6800, (1200, 2300), 2300),
    (2, 80, 5200, 7700, (1300, 2600), 2600),
    (2, 90, 5800, 8700, (1500, 2900), 2900),
    (2, 100, 6400, 9600, (1600, 3200), 3200),
    (2, 110, 7100, 10600, (1800, 3600), 3600),
    (3, 20, 2600, 3900, (700, 1300), 1300),
    (3, 25, 3200, 4800, (800, 1600), 1600),
    (3, 30, 3900, 5800, (1000, 2000), 2000),
    (3, 40, 5200, 7700, (1300, 2600), 2600),
    (3, 50, 6400, 9600, (1600, 3200), 3200),
    (3, 60, 7700, 11600, (2000, 3900), 3900),
    (3, 70, 8000, 12000, (2000, 4000), 4000),
    (4, 20, 5200, 7700, (1300, 2600), 2600),
    (4, 25, 6400, 9600, (1600, 3200), 3200),
    (4, 30, 7700, 11600, (2000, 3900), 3900),
    (4, 40, 8000, 12000, (2000, 4000), 4000),
    (5, 30, 8000, 12000, (2000, 4000), 4000),
    (6, 30, 12000, 18000, (3000, 6000), 6000),
    (7, 30, 12000, 18000, (3000, 6000), 6000),
    (8, 30, 16000, 24000, (4000, 8000), 8000),
    (10, 30, 16000, 24000, (4000, 8000), 8000),
    (11, 30, 24000, 36000, (6000, 12000), 12000),
    (12, 30, 24000, 36000, (6000, 12000), 12000),
    (13, 30, 32000, 48000, (8000, 16000), 16000),
    (20, 30, 32000, 48000, (8000, 16000), 16000),
];

#[test]
fn the_score_table_pays_each_cell() {
    for &(han, fu, ron, dealer_ron, (others, dealer), dealer_each) in TABLE {
        let (base, _) = base_points(han, fu);
        let cell = format!("{han} han {fu} fu");
        assert_eq!(
            payments(base, false, WinBy::Ron),
            Payments::Ron(ron),
            "{cell}"
        );
        assert_eq!(
            payments(base, true, WinBy::Ron),
            Payments::Ron(dealer_ron),
            "{cell}"
        );
        assert_eq!(
            payments(base, false, WinBy::Tsumo),
            Payments::Tsumo { dealer, others },
            "{cell}"
        );
        assert_eq!(
            payments(base, true, WinBy::Tsumo),
            Payments::Tsumo {
                dealer: 0,
                others: dealer_each
            },
            "{cell}"
        );
    }
}

#[test]
fn limits_are_named_by_han() {
    let limit = |han, fu| base_points(han, fu).1;
    assert_eq!(limit(3, 60), None, "no kiriage");
    assert_eq!(limit(3, 70), Some(Limit::Mangan));
    assert_eq!(limit(4, 40), Some(Limit::Mangan));
    assert_eq!(limit(5, 20), Some(Limit::Mangan));
    assert_eq!(limit(6, 20), Some(Limit::Haneman));
    assert_eq!(limit(8, 20), Some(Limit::Baiman));
    assert_eq!(limit(11, 20), Some(Limit::Sanbaiman));
    assert_eq!(limit(13, 20), Some(Limit::Yakuman));
}

#[test]
fn thirteen_counted_han_are_a_kazoe_yakuman() {
    // Riichi, tsumo, pinfu, iipeikou, ittsu 2, chinitsu 6 = 12 han; three ura make 15.
    let w = win("112233456789m55m", "9m").tsumo().riichi().ura(&["4m"]);
    let s = w.score().unwrap();
    assert_eq!(s.han, 15, "{:?}", s.yaku);
    assert_eq!((s.limit, s.points), (Some(Limit::Yakuman), 32_000));
    assert_eq!(s.ura, 3);
}

#[test]
fn dora_aka_and_ura_are_counted_apart() {
    let w = win("234m067p234s55s678s", "5s")
        .riichi()
        .dora(&["1m"])
        .ura(&["4s"]);
    let s = w.score().unwrap();
    assert_eq!((s.dora, s.aka, s.ura), (1, 1, 2));
    assert_eq!(s.han, 2 + 1 + 1 + 2);
}

#[test]
fn the_best_reading_is_chosen_by_payment() {
    // 222333444m: three triplets (sanankou) or three runs (pinfu-like): the triplets pay more.
    let s = win("222333444m678p99s", "9s").tsumo().score().unwrap();
    assert!(
        s.yaku.iter().any(|(y, _)| *y == Yaku::Sanankou),
        "{:?}",
        s.yaku
    );
}

#[test]
fn each_example_of_section_10_pays_its_value() {
    // Non-dealer 3 han 30 fu ron 3,900.
    let s = win("123456m789p234s99s", "4s")
        .riichi()
        .with(|s| s.ippatsu = true)
        .score()
        .unwrap();
    assert_eq!((s.han, s.fu, s.points), (3, Some(30), 3900));
}
