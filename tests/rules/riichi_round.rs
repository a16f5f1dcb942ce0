//! Riichi rounds and games through the engine (riichi-rules.md §4–§7, §11, §12): claims and
//! their priorities, kuikae, furiten, riichi, kans and robbing them, the draws, settlement and
//! the end of the game. Walls are built from the tiles a test cares about.

use momojan::games::interface::seat::Seat;
use momojan::games::interface::Shows;
use momojan::games::kit::mahjong::tile::{parse_tiles, Tile};
use momojan::games::kit::mahjong::yaku::{WinBy, Yaku};
use momojan::games::riichi::action::{Action, Refusal};
use momojan::games::riichi::closed::LostTo;
use momojan::games::riichi::game::{EndReason, Game, Stage};
use momojan::games::riichi::options::{Length, Options};
use momojan::games::riichi::round::{Abort, Phase, RoundEnd};
use momojan::games::riichi::Riichi;

const S0: Seat = Seat::ZERO;
const S1: Seat = Seat::ONE;
const S2: Seat = Seat::TWO;
const S3: Seat = Seat::THREE;

fn t(name: &str) -> Tile {
    name.parse().unwrap()
}

/// A wall whose hands (seat 0 deals: `w[0..13)`, seat 1 `w[13..26)`, …), first live draws
/// (`w[52..]`) and chosen dead-wall positions are given; every other position holds the
/// tiles left over, in tile order.
fn wall(hands: [&str; 4], draws: &str, dead: &[(usize, &str)]) -> Vec<Tile> {
    let mut left = Tile::full_set(true);
    let mut slots: Vec<Option<Tile>> = vec![None; 136];
    let mut place = |at: usize, tile: Tile| {
        let i = left
            .iter()
            .position(|x| *x == tile)
            .unwrap_or_else(|| panic!("no {tile} left"));
        left.remove(i);
        assert!(slots[at].is_none(), "position {at} given twice");
        slots[at] = Some(tile);
    };
    for (seat, hand) in hands.iter().enumerate() {
        let tiles = parse_tiles(hand).unwrap();
        assert_eq!(tiles.len(), 13, "hand {seat}");
        for (k, tile) in tiles.into_iter().enumerate() {
            place(13 * seat + k, tile);
        }
    }
    for (k, tile) in parse_tiles(draws).unwrap().into_iter().enumerate() {
        place(52 + k, tile);
    }
    for &(at, name) in dead {
        place(at, t(name));
    }
    let mut rest = left.into_iter();
    slots
        .into_iter()
        .map(|s| s.or_else(|| rest.next()).unwrap())
        .collect()
}

fn game_with(options: Options, wall: Vec<Tile>) -> Game {
    let mut game = Game::new(S0, options);
    game.deal(wall);
    game
}

fn game(wall: Vec<Tile>) -> Game {
    game_with(Options::default(), wall)
}

fn discard(name: &str) -> Action {
    Action::discard(t(name))
}

fn riichi(name: &str) -> Action {
    Action::Discard {
        card: t(name),
        riichi: true,
    }
}

#[track_caller]
fn play(game: &mut Game, seat: Seat, action: Action) {
    if let Err(e) = game.apply(seat, action) {
        panic!("{seat:?} {action}: {e}");
    }
}

#[track_caller]
fn refused(game: &mut Game, seat: Seat, action: Action) -> Refusal {
    let before = game.clone();
    let e = game.apply(seat, action).expect_err("refused");
    assert_eq!(*game, before, "a refused action changes nothing");
    e
}

fn end(game: &Game) -> RoundEnd {
    game.records
        .last()
        .and_then(|r| r.end.clone())
        .expect("a round ended")
}

/// Every seat passes each claim and discards each tile it draws, until the round ends.
fn tsumogiri_to_the_end(game: &mut Game) {
    let index = game.records.len();
    while game.records.len() == index {
        let Some(seat) = game.acting().seats().first() else {
            return;
        };
        let legal = game.legal_actions(seat);
        let action = if legal.contains(&Action::Pass) {
            Action::Pass
        } else {
            let drawn = game.round.as_ref().unwrap().players[seat].drawn.unwrap();
            Action::discard(drawn)
        };
        play(game, seat, action);
    }
}

// Hands that claim nothing from each other unless a test says so.
const QUIET: [&str; 4] = [
    "147m258p369s1234z",
    "258m369p147s1234z",
    "369m147p258s567z5m",
    "147m258p369s567z7m",
];

/// Three hands holding one of each suit tile and of each wind between them, so a test's
/// dealer may hold up to three of any suit kind and all four of a dragon.
const OTHERS: [&str; 3] = [
    "258m369p147s1234z",
    "369m147p258s1234z",
    "147m258p369s1234z",
];

#[test]
fn chi_is_offered_only_to_the_player_after_the_discarder() {
    let w = wall(
        [
            "3m147p258s12345z9m",
            "45m369p147s1234z7m",
            "45m369p147s567z88m",
            QUIET[3],
        ],
        "9p",
        &[],
    );
    let mut g = game(w);
    play(&mut g, S0, discard("3m"));
    assert!(g.legal_actions(S1).contains(&Action::chi(t("4m"), t("5m"))));
    assert!(g.legal_actions(S2).is_empty(), "seat 2 is not asked");
    assert_eq!(g.acting().seats().iter().collect::<Vec<_>>(), [S1]);
}

#[test]
fn pon_beats_chi_whatever_the_order_of_the_answers() {
    let w = wall(
        [
            "3m147p258s12345z9m",
            "45m369p147s1234z7m",
            "33m69p147s567z889m",
            QUIET[3],
        ],
        "9p",
        &[],
    );
    let mut g = game(w);
    play(&mut g, S0, discard("3m"));
    play(&mut g, S1, Action::chi(t("4m"), t("5m")));
    play(&mut g, S2, Action::pon(t("3m"), t("3m")));
    let Phase::Turn { seat, .. } = g.round.as_ref().unwrap().phase else {
        panic!("a turn")
    };
    assert_eq!(seat, S2);
    assert_eq!(g.round.as_ref().unwrap().players[S1].melds.len(), 0);
}

/// Whether `seat`'s hand tells it that its claim lost.
fn told_lost(game: &Game, seat: Seat) -> bool {
    Riichi::hand(&game.seat_view(seat))
        .notes
        .iter()
        .any(|n| n.key == "riichi-hand-lost-claim")
}

#[test]
fn a_pon_that_loses_to_a_ron_is_told_to_its_player_after_the_round_ends() {
    // Seat 1 waits on 5p (haku); seat 2 holds 5p 5p for a pon; the dealer discards 5p.
    let hands = [
        "5p147m28s1234z369s",
        "123m456s789s0p555z",
        "55p147m258s369s12z",
        "147m369p369s567z7m",
    ];
    let mut g = game(wall(hands, "9p", &[]));
    play(&mut g, S0, discard("5p"));
    let pon = Action::pon(t("5p"), t("5p"));
    assert!(g.legal_actions(S1).contains(&Action::Ron));
    assert!(g.legal_actions(S2).contains(&pon));
    play(&mut g, S2, pon);
    assert_eq!(
        g.last_claims, None,
        "nothing is told while the window is open"
    );
    play(&mut g, S1, Action::Ron);
    assert!(matches!(end(&g), RoundEnd::Win { .. }));
    let closed = g.last_claims.as_ref().expect("the window closed");
    assert_eq!(closed.taken_by, [S1]);
    assert_eq!(closed.lost_by(S2), Some((pon, LostTo::Ron)));
    assert!(told_lost(&g, S2));
    for seat in [S0, S1, S3] {
        assert!(!told_lost(&g, seat), "seat {seat:?} lost nothing");
    }
}

#[test]
fn a_chi_that_loses_to_a_pon_is_told_until_the_chi_players_next_action() {
    let w = wall(
        [
            "3m147p258s12345z9m",
            "45m369p147s1234z7m",
            "33m69p147s567z889m",
            QUIET[3],
        ],
        "9p",
        &[],
    );
    let mut g = game(w);
    play(&mut g, S0, discard("3m"));
    let chi = Action::chi(t("4m"), t("5m"));
    play(&mut g, S1, chi);
    play(&mut g, S2, Action::pon(t("3m"), t("3m")));
    let closed = g.last_claims.as_ref().expect("the window closed");
    assert_eq!(closed.lost_by(S1), Some((chi, LostTo::Pon)));
    assert!(told_lost(&g, S1) && !told_lost(&g, S2));
    // Another seat's move does not end it; the chi player's own does.
    play(&mut g, S2, discard("6p"));
    assert!(told_lost(&g, S1));
    let pass_or_tsumogiri = |g: &mut Game, seat: Seat| {
        let action = if g.legal_actions(seat).contains(&Action::Pass) {
            Action::Pass
        } else {
            Action::discard(g.round.as_ref().unwrap().players[seat].drawn.unwrap())
        };
        play(g, seat, action);
    };
    while !g.acting().includes(S1) {
        let seat = g.acting().seats().first().unwrap();
        pass_or_tsumogiri(&mut g, seat);
    }
    assert!(told_lost(&g, S1));
    pass_or_tsumogiri(&mut g, S1);
    assert!(!told_lost(&g, S1));
}

#[test]
fn kuikae_forbids_the_claimed_kind_and_the_other_end() {
    let w = wall(
        [
            "3m147p258s12345z9m",
            "4567m69p147s1234z",
            QUIET[2],
            QUIET[3],
        ],
        "9p",
        &[],
    );
    let mut g = game(w);
    play(&mut g, S0, discard("3m"));
    play(&mut g, S1, Action::chi(t("4m"), t("5m")));
    assert!(matches!(
        refused(&mut g, S1, discard("6m")),
        Refusal::Kuikae(_)
    ));
    assert!(!g.legal_actions(S1).contains(&discard("6m")));
    assert!(g.legal_actions(S1).contains(&discard("9p")));
}

#[test]
fn a_ron_on_several_seats_pays_each_winner_and_the_pot_to_the_nearest() {
    // Seats 1, 2 and 3 all wait on 5p with a yakuhai triplet; the dealer discards it.
    let hands = [
        "5p147m28s1234z369s",
        "123m456s789s5p555z",
        "234m678m46p666z99s",
        "345s678s34p777z11s",
    ];
    let run = |options: Options| {
        let mut g = game_with(options, wall(hands, "9p", &[]));
        play(&mut g, S0, discard("5p"));
        for s in [S3, S1, S2] {
            if g.legal_actions(s).contains(&Action::Ron) {
                play(&mut g, s, Action::Ron);
            }
        }
        g
    };
    let winners = |g: &Game| match end(g) {
        RoundEnd::Win { wins } => wins.iter().map(|w| w.seat).collect::<Vec<_>>(),
        other => panic!("{other:?}"),
    };
    let all = run(Options::default());
    assert_eq!(
        winners(&all),
        [S1, S2, S3],
        "in turn order from the discarder"
    );
    let two = run(Options {
        triple_ron: false,
        ..Options::default()
    });
    assert_eq!(winners(&two), [S1, S2]);
    let one = run(Options {
        double_ron: false,
        ..Options::default()
    });
    assert_eq!(winners(&one), [S1], "head bump");
}

#[test]
fn declining_a_ron_is_furiten_until_the_players_next_discard() {
    let hands = [
        "5p147m28s1234z369s",
        "234m456s678s5p888p",
        QUIET[2],
        QUIET[3],
    ];
    let mut g = game(wall(hands, "9p0p3s", &[]));
    play(&mut g, S0, discard("5p"));
    play(&mut g, S1, Action::Pass);
    assert!(g.round.as_ref().unwrap().is_furiten(S1));
    // Seat 1 draws 5p itself: a tsumo is never blocked by furiten.
    assert!(g.legal_actions(S1).contains(&Action::Tsumo));
    play(&mut g, S1, discard("5p"));
    assert!(
        g.round.as_ref().unwrap().is_furiten(S1),
        "5p discarded: discard furiten now"
    );
}

#[test]
fn riichi_needs_a_thousand_points_and_pays_its_stick_when_not_ronned() {
    let hands = ["123m456p789s1122z", QUIET[1], QUIET[2], QUIET[3]];
    let mut g = game(wall(hands, "9p", &[]));
    assert!(g.legal_actions(S0).contains(&riichi("9p")));
    let mut poor = g.clone();
    poor.scores.points[S0] = 900;
    assert_eq!(refused(&mut poor, S0, riichi("9p")), Refusal::BadRiichi);
    assert_eq!(
        refused(&mut g, S0, riichi("1m")),
        Refusal::BadRiichi,
        "not tenpai after it"
    );
    play(&mut g, S0, riichi("9p"));
    assert_eq!(g.scores.points[S0], 24_000);
    assert_eq!(g.scores.pot, 1000);
}

#[test]
fn four_first_discards_of_one_wind_end_the_round() {
    let hands = [
        "1z147m258p369s235z",
        "1z258m369p147s236z",
        "1z369m147p258s237z",
        "1z147m258p369s245z",
    ];
    let mut g = game(wall(hands, "9m9p9s8m", &[]));
    for s in [S0, S1, S2, S3] {
        play(&mut g, s, discard("1z"));
    }
    assert_eq!(
        end(&g),
        RoundEnd::AbortiveDraw {
            abort: Abort::FourWinds
        }
    );
    assert_eq!(
        (g.dealer(), g.honba),
        (S0, 1),
        "the dealer stays, honba + 1"
    );
}

#[test]
fn nine_terminals_may_be_declared_on_the_first_draw_only() {
    let hands = ["19m19p19s1234z258m", QUIET[1], QUIET[2], QUIET[3]];
    let mut g = game(wall(hands, "5z", &[]));
    assert!(g.legal_actions(S0).contains(&Action::Kyuushu));
    play(&mut g, S0, Action::Kyuushu);
    assert_eq!(
        end(&g),
        RoundEnd::AbortiveDraw {
            abort: Abort::NineTerminals
        }
    );
}

#[test]
fn an_exhaustive_draw_pays_noten_to_tenpai_players() {
    // Seats 0 and 1 stay tenpai by discarding what they draw; seats 2 and 3 stay noten.
    let hands = ["123m456p789s1122z", "123p456s789m3344z", QUIET[2], QUIET[3]];
    let mut g = game(wall(hands, "", &[]));
    tsumogiri_to_the_end(&mut g);
    match end(&g) {
        RoundEnd::ExhaustiveDraw { tenpai } => {
            assert_eq!(tenpai.to_vec(), [true, true, false, false])
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(g.scores.points.to_vec(), [26_500, 26_500, 23_500, 23_500]);
    assert_eq!((g.dealer(), g.honba), (S0, 1), "a tenpai dealer stays");
}

/// Passes every open claim, then the seat to play discards the tile it drew.
fn pass_then_tsumogiri(game: &mut Game) {
    while let Some(s) = game
        .acting()
        .seats()
        .iter()
        .find(|s| game.legal_actions(*s).contains(&Action::Pass))
    {
        play(game, s, Action::Pass);
    }
    let seat = game.acting().seats().first().unwrap();
    let drawn = game.round.as_ref().unwrap().players[seat].drawn.unwrap();
    play(game, seat, Action::discard(drawn));
}

#[test]
fn an_added_kan_can_be_robbed_by_a_player_waiting_on_it() {
    // Seat 1 pons the dealer's 2m and later draws the fourth; seat 3 waits on 2m (1m 3m) with
    // a haku triplet, declines the first 2m and robs the kan.
    let hands = [
        "2m47m258p369s1234z",
        "22m369p147s123z7m7z",
        QUIET[2],
        "13m456p789s55s555z",
    ];
    let mut g = game(wall(hands, "9m8p6z9p2m", &[]));
    play(&mut g, S0, discard("2m"));
    play(&mut g, S3, Action::Pass);
    play(&mut g, S1, Action::pon(t("2m"), t("2m")));
    play(&mut g, S1, discard("7z"));
    for _ in 0..3 {
        pass_then_tsumogiri(&mut g);
    }
    let kan = Action::Kakan {
        card: t("2m").kind(),
    };
    assert!(g.legal_actions(S1).contains(&kan));
    play(&mut g, S1, kan);
    assert_eq!(g.legal_actions(S3), [Action::Ron, Action::Pass]);
    play(&mut g, S3, Action::Ron);
    let RoundEnd::Win { wins } = end(&g) else {
        panic!("a win")
    };
    assert_eq!(
        (wins[0].seat, wins[0].from, wins[0].by),
        (S3, Some(S1), WinBy::Chankan)
    );
    let yaku: Vec<Yaku> = wins[0].score.yaku.iter().map(|(y, _)| *y).collect();
    assert_eq!(yaku, [Yaku::Haku, Yaku::Chankan]);
    assert_eq!(
        g.records[0].dora_indicators.len(),
        1,
        "a robbed kan is never made"
    );
}

#[test]
fn a_closed_kan_reveals_its_indicator_at_once_and_draws_the_replacement() {
    let hands = ["5555z456p789s77z1s", OTHERS[0], OTHERS[1], OTHERS[2]];
    let mut g = game(wall(hands, "7z", &[(122, "1s"), (127, "6s")]));
    play(
        &mut g,
        S0,
        Action::Ankan {
            card: t("5z").kind(),
        },
    );
    let r = g.round.as_ref().unwrap();
    assert_eq!(r.wall.dora_indicators().len(), 2);
    assert_eq!(r.wall.dora_indicators()[1], t("6s"));
    assert_eq!(r.players[S0].drawn, Some(t("1s")));
    assert_eq!(
        r.wall.live_left(),
        68,
        "one live tile drawn, one moved to the dead wall"
    );
    // The replacement pairs the 1s: 456p 789s 777z 11s and the kan.
    assert!(g.legal_actions(S0).contains(&Action::Tsumo));
    play(&mut g, S0, Action::Tsumo);
    match end(&g) {
        RoundEnd::Win { wins } => {
            let yaku: Vec<Yaku> = wins[0].score.yaku.iter().map(|(y, _)| *y).collect();
            assert!(yaku.contains(&Yaku::Rinshan), "{yaku:?}");
            assert_eq!(wins[0].by, WinBy::Tsumo);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_two_han_minimum_starts_at_five_honba() {
    let hands = ["123m456p789s11m55z", OTHERS[0], OTHERS[1], OTHERS[2]];
    let options = Options {
        two_han_shibari: true,
        ..Options::default()
    };
    let mut g = Game::new(S0, options);
    g.honba = 5;
    g.deal(wall(hands, "5z", &[]));
    assert_eq!(g.round.as_ref().unwrap().minimum_han, 2);
    // Haku and menzen tsumo make two: the tsumo is offered.
    assert!(g.legal_actions(S0).contains(&Action::Tsumo));
    let mut g4 = Game::new(S0, options);
    g4.honba = 4;
    g4.deal(wall(hands, "5z", &[]));
    assert_eq!(g4.round.as_ref().unwrap().minimum_han, 1);
}

#[test]
fn the_last_rounds_dealer_may_end_the_game_after_winning() {
    let hands = ["123m456p789s11m55z", OTHERS[0], OTHERS[1], OTHERS[2]];
    let options = Options {
        length: Length::East,
        ..Options::default()
    };
    let mut g = Game::new(S1, options);
    g.dealership = 3;
    // Seat 1 + 3 = seat 0 deals the last round.
    assert_eq!(g.dealer(), S0);
    g.deal(wall(hands, "5z", &[]));
    play(&mut g, S0, Action::Tsumo);
    assert_eq!(g.stage, Stage::AgariChoice);
    assert_eq!(g.legal_actions(S0), [Action::AgariYame, Action::Continue]);
    assert_eq!(refused(&mut g, S1, Action::AgariYame), Refusal::NotYourTurn);
    let mut on = g.clone();
    play(&mut on, S0, Action::Continue);
    assert!(on.needs_deal());
    play(&mut g, S0, Action::AgariYame);
    let outcome = g.outcome.as_ref().unwrap();
    assert_eq!(outcome.reason, EndReason::AgariYame);
    assert_eq!(outcome.ranking[0], S0);
}

#[test]
fn the_final_score_adds_uma_and_oka_and_sums_to_zero() {
    let mut g = Game::new(S0, Options::default());
    g.scores.points =
        momojan::games::interface::seat::PerSeat::from_vec(vec![42_300, 31_000, 17_700, 9_000])
            .unwrap();
    g.concede(S3, momojan::games::interface::Concession::Resigned)
        .unwrap();
    let o = g.outcome.as_ref().unwrap();
    assert_eq!(o.final_tenths.to_vec(), [423, 60, -173, -310]);
}

#[test]
fn equal_points_rank_by_turn_order_from_the_first_dealer() {
    let mut g = Game::new(S2, Options::default());
    g.concede(S1, momojan::games::interface::Concession::Forfeit)
        .unwrap();
    assert_eq!(g.outcome.as_ref().unwrap().ranking, [S2, S3, S0, S1]);
}

#[test]
fn a_fourth_riichi_not_ronned_ends_the_round_after_its_stick_is_paid() {
    let hands = [
        "123m456p789s1122z",
        "123p456s789m5566z",
        "234s567m678p3377z",
        "345p678s234m4499m",
    ];
    let mut g = game(wall(hands, "9p4z1p4z", &[]));
    for (seat, tile) in [(S0, "9p"), (S1, "4z"), (S2, "1p"), (S3, "4z")] {
        play(&mut g, seat, riichi(tile));
    }
    assert_eq!(
        end(&g),
        RoundEnd::AbortiveDraw {
            abort: Abort::FourRiichi
        }
    );
    assert_eq!(g.scores.pot, 4000);
    assert_eq!(g.scores.points.to_vec(), [24_000; 4]);
    assert_eq!((g.dealer(), g.honba), (S0, 1));
}

#[test]
fn in_riichi_a_closed_kan_is_offered_only_when_it_keeps_the_waits() {
    // 555z 456p 789s 23s 11m waits on 1s 4s; the fourth 5z keeps them: a kan is offered.
    let keeps = ["555z456p789s23s11m", OTHERS[0], OTHERS[1], OTHERS[2]];
    let mut g = game(wall(keeps, "6z7z6z7z5z", &[]));
    play(&mut g, S0, riichi("6z"));
    for _ in 0..3 {
        pass_then_tsumogiri(&mut g);
    }
    let kan = |name: &str| Action::Ankan {
        card: t(name).kind(),
    };
    assert_eq!(g.legal_actions(S0), [kan("5z"), discard("5z")]);
    // 11123m 456p 789s 55z waits on 1m 4m 5z; a kan of 1m would leave only 4m: not offered
    // (the 1m wins instead, with ippatsu).
    let changes = [
        "11123m456p789s55z",
        OTHERS[0],
        OTHERS[1],
        "479m258p369s1234z",
    ];
    let mut g = game(wall(changes, "6z7z6z7z1m", &[]));
    play(&mut g, S0, riichi("6z"));
    for _ in 0..3 {
        pass_then_tsumogiri(&mut g);
    }
    assert_eq!(g.legal_actions(S0), [Action::Tsumo, discard("1m")]);
    assert!(matches!(
        refused(&mut g, S0, kan("1m")),
        Refusal::RiichiLocked
    ));
}
