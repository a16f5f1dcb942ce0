//! A round section by section: taking and the step limits (§3, §4), the two discards' claim
//! windows (§6), a tsumo with 15 tiles (§4 [R8]), the exhaustive draw and its payments (§9).

use super::*;
use crate::games::kit::mahjong::tile::parse_tiles;

fn tiles(text: &str) -> Vec<Tile> {
    parse_tiles(text).unwrap()
}

fn hand(text: &str) -> Hand {
    Hand::from_tiles(&tiles(text))
}

fn round(n: usize, options: Options) -> Round {
    Round::new(
        options,
        0,
        Kind::EAST,
        0,
        vec![25_000; n],
        0,
        Tile::full_set(true),
    )
}

fn path(text: &str) -> Action {
    Action::Move {
        path: text.chars().filter_map(Dir::from_letter).collect(),
    }
}

fn cell(x: u8, y: u8) -> Cell {
    Cell { x, y }
}

/// Legal cells for `k` tiles: a ground one first.
fn cells_for(r: &Round, k: usize) -> Vec<Cell> {
    let (cells, ground) = r.board.placements(&r.pieces());
    let mut out = vec![ground[0]];
    out.extend(cells.into_iter().filter(|c| *c != ground[0]).take(k - 1));
    out
}

#[test]
fn a_step_takes_the_tile_left_behind() {
    let mut r = round(2, Options::spec());
    let top_of = |r: &Round, c: Cell| r.board.column(c).last().copied();
    let first = top_of(&r, cell(6, 10)).unwrap();
    // From the ground onto (6, 10): nothing taken; on to (6, 9): (6, 10)'s tile.
    r.apply(0, path("NN")).unwrap();
    assert_eq!(r.players[0].piece, cell(6, 9));
    assert_eq!(r.players[0].hand.tiles(), vec![first]);
    assert_eq!(r.board.height(cell(6, 10)), 0);
    assert_eq!(r.phase, Phase::Start { seat: 1 });
    assert_eq!(r.turn, 2);
}

#[test]
fn moves_have_three_steps_while_collecting_two_after_and_stop_at_thirteen() {
    let mut r = round(2, Options::spec());
    let has = |r: &Round, p: &str| r.legal_actions(0).contains(&path(p));
    assert!(has(&r, "NNW") && has(&r, ""));
    // (6, 9) (height 2) onto the peak (6, 8) (height 4) climbs two.
    assert!(!has(&r, "NNN"));
    // Thirteen tiles: two steps.
    r.players[0].hand = hand("123456789m1234p");
    assert!(has(&r, "NN") && !has(&r, "NNW"));
    // Twelve tiles: the step that takes the thirteenth ends the move.
    r.players[0].hand = hand("123456789m123p");
    r.players[0].piece = cell(6, 10);
    assert!(has(&r, "N") && !has(&r, "NS") && !has(&r, "NW"));
    // From the ground nothing is taken, so a second step follows.
    r.players[0].piece = cell(6, 11);
    assert!(has(&r, "NN") && !has(&r, "NNW"));
    let moves = r.legal_actions(0);
    assert!(moves.len() <= 85);
}

#[test]
fn a_piece_blocks_the_way_unless_jumping_is_on() {
    let mut r = round(2, Options::spec());
    r.players[1].piece = cell(6, 11);
    r.players[0].piece = cell(6, 12);
    assert!(!r.legal_actions(0).contains(&path("N")));
    let options = Options {
        jump: true,
        ..Options::spec()
    };
    r.options = options;
    r.players[1].piece = cell(6, 11);
    // Over (6, 11) onto (6, 10) (height 1): one step, nothing taken from the ground.
    r.apply(0, path("N")).unwrap();
    assert_eq!(r.players[0].piece, cell(6, 10));
}

/// Three players: seat 0 discards 9s then 1z; seat 1 can pon 9s; seat 2 can ron or pon 1z.
fn two_discards() -> Round {
    let mut r = round(3, Options::spec());
    r.players[0].hand = hand("123456789m1122p9s1z");
    r.players[1].hand = hand("99s123456789p1m2z");
    r.players[2].hand = hand("11z234567m234p55s");
    r.phase = Phase::Decide {
        seat: 0,
        after: After::Move,
    };
    r
}

fn discard(r: &mut Round, seat: usize, cards: &str) {
    let cards = tiles(cards);
    let to = cells_for(r, cards.len());
    r.apply(
        seat,
        Action::Discard {
            cards,
            to,
            riichi: false,
        },
    )
    .unwrap();
}

#[test]
fn after_a_call_on_the_first_discard_the_second_can_only_be_ronned() {
    let mut r = two_discards();
    discard(&mut r, 0, "9s1z");
    assert_eq!(r.to_act(), [1]);
    let pon = Action::Pon {
        cards: [tiles("9s")[0]; 2],
    };
    assert_eq!(r.legal_actions(1), [pon.clone(), Action::Pass]);
    r.apply(1, pon).unwrap();
    // The second discard's window: seat 2 may only ron (no pon), seat 1 (14 tiles) nothing.
    assert_eq!(r.to_act(), [2]);
    assert_eq!(r.legal_actions(2), [Action::Ron, Action::Pass]);
    r.apply(2, Action::Pass).unwrap();
    assert!(r.players[2].temporary_furiten);
    assert_eq!(
        r.phase,
        Phase::Decide {
            seat: 1,
            after: r.caller_after(1)
        }
    );
    assert_eq!(r.players[0].discards, tiles("9s1z"));
    // The caller discards one tile, not 9s (kuikae).
    assert!(r
        .legal_actions(1)
        .iter()
        .all(|a| matches!(a, Action::Discard { cards, .. } if cards.len() == 1 && cards[0].kind() != tiles("9s")[0].kind())));
}

#[test]
fn without_a_call_the_second_discard_is_claimed_as_usual() {
    let mut r = two_discards();
    discard(&mut r, 0, "9s1z");
    r.apply(1, Action::Pass).unwrap();
    let pon = Action::Pon {
        cards: [tiles("1z")[0]; 2],
    };
    assert_eq!(r.legal_actions(2), [Action::Ron, pon, Action::Pass]);
    r.apply(2, Action::Ron).unwrap();
    let Some(Outcome::Wins(wins)) = &r.outcome else {
        panic!("a win")
    };
    assert_eq!(
        (wins[0].seat, wins[0].from, wins[0].by),
        (2, Some(0), WinBy::Ron)
    );
    // The first tile was placed; the ronned one was not.
    r.settle();
    assert_eq!(r.points[0] + r.points[2], 50_000);
    assert!(r.points[2] > 25_000);
}

#[test]
fn a_ron_on_the_first_discard_ends_the_round_before_the_second() {
    let mut r = two_discards();
    discard(&mut r, 0, "1z9s");
    r.apply(2, Action::Ron).unwrap();
    assert_eq!(r.phase, Phase::Ended);
    assert_eq!(r.players[0].discards, tiles("1z"));
}

#[test]
fn a_tsumo_with_fifteen_tiles_leaves_out_an_obtained_tile() {
    let mut r = round(2, Options::spec());
    r.players[0].hand = hand("123m456m789p234s5s7z5s");
    r.players[0].obtained = vec![(tiles("7z")[0], false), (tiles("5s")[0], false)];
    r.phase = Phase::Decide {
        seat: 0,
        after: After::Move,
    };
    let seven = tiles("7z")[0];
    assert_eq!(r.legal_actions(0)[0], Action::Tsumo { card: Some(seven) });
    assert!(!r.legal_actions(0).contains(&Action::Tsumo {
        card: Some(tiles("5s")[0])
    }));
    r.apply(0, Action::Tsumo { card: Some(seven) }).unwrap();
    let Some(Outcome::Wins(wins)) = &r.outcome else {
        panic!("a win")
    };
    assert_eq!(wins[0].card, tiles("5s")[0]);
    assert_eq!(wins[0].by, WinBy::Tsumo);
    // The tile left out stays with the hand.
    assert_eq!(r.players[0].hand.len(), 15);
}

#[test]
fn the_round_ends_in_a_draw_after_the_last_turn() {
    let options = Options {
        turns: 8,
        ..Options::spec()
    };
    let mut r = round(2, options);
    for turn in 0..16 {
        r.apply(turn % 2, path("")).unwrap();
    }
    assert_eq!(r.turn, 16);
    assert_eq!(
        r.outcome,
        Some(Outcome::Draw {
            tenpai: vec![false, false]
        })
    );
}

fn noten_payments(tenpai: &[bool]) -> Vec<i64> {
    let mut r = round(tenpai.len(), Options::spec());
    r.outcome = Some(Outcome::Draw {
        tenpai: tenpai.to_vec(),
    });
    r.settle();
    r.points.iter().map(|p| p - 25_000).collect()
}

#[test]
fn noten_payments_for_two_three_and_four_players() {
    assert_eq!(noten_payments(&[true, false]), [1000, -1000]);
    assert_eq!(noten_payments(&[true, false, false]), [2000, -1000, -1000]);
    assert_eq!(noten_payments(&[true, true, false]), [1000, 1000, -2000]);
    assert_eq!(
        noten_payments(&[true, false, false, false]),
        [3000, -1000, -1000, -1000]
    );
    assert_eq!(
        noten_payments(&[true, true, false, false]),
        [1500, 1500, -1500, -1500]
    );
    assert_eq!(
        noten_payments(&[false, true, true, true]),
        [-3000, 1000, 1000, 1000]
    );
    assert_eq!(noten_payments(&[true, true, true]), [0, 0, 0]);
    assert_eq!(noten_payments(&[false, false]), [0, 0]);
}

#[test]
fn riichi_pays_its_stick_and_locks_the_hand() {
    let mut r = round(2, Options::spec());
    r.players[0].hand = hand("123m456m789p234s5s7z");
    r.players[0].obtained = vec![(tiles("7z")[0], false)];
    r.phase = Phase::Decide {
        seat: 0,
        after: After::Move,
    };
    let riichi = Action::Discard {
        cards: tiles("7z"),
        to: Vec::new(),
        riichi: true,
    };
    assert!(r.legal_actions(0).contains(&riichi));
    let to = cells_for(&r, 1);
    r.apply(
        0,
        Action::Discard {
            cards: tiles("7z"),
            to,
            riichi: true,
        },
    )
    .unwrap();
    // The first discard action of the round, no call before: a double riichi.
    assert_eq!(r.players[0].riichi, RiichiKind::Double);
    assert_eq!((r.points[0], r.pot), (24_000, 1000));
    assert_eq!(r.transfers[0].reason, "riichi");
    // Locked: the next turn's discard is the tile obtained, nothing else.
    r.players[0].hand.add(tiles("1z")[0]);
    r.players[0].obtained = vec![(tiles("1z")[0], false)];
    r.phase = Phase::Decide {
        seat: 0,
        after: After::Move,
    };
    let only = Action::Discard {
        cards: tiles("1z"),
        to: Vec::new(),
        riichi: false,
    };
    assert_eq!(r.legal_actions(0), [only]);
    // No discard first or warp in riichi: only moves at the start of a turn.
    r.options.discard_first = true;
    r.options.warp = true;
    r.phase = Phase::Start { seat: 0 };
    r.players[0].hand.remove(tiles("1z")[0]);
    assert!(r
        .legal_actions(0)
        .iter()
        .all(|a| matches!(a, Action::Move { .. })));
}

/// Seat 0 holds a pon of 5p and the fourth; seat 1 waits on 5p.
fn added_kan() -> Round {
    let mut r = round(2, Options::spec());
    let five = tiles("5p")[0];
    r.players[0].hand = hand("5p1234567899m");
    r.players[0].melds = vec![Meld {
        kind: MeldKind::Pon,
        tiles: vec![five; 3],
        claimed: Some(five),
        from: Some(Seat::ONE),
    }];
    r.players[1].hand = hand("123m456m789m46p11z");
    r.phase = Phase::Decide {
        seat: 0,
        after: After::Move,
    };
    r
}

#[test]
fn an_added_kan_may_be_robbed() {
    let mut r = added_kan();
    let kan = Action::Kakan {
        card: tiles("5p")[0].kind(),
    };
    assert!(r.legal_actions(0).contains(&kan));
    r.apply(0, kan).unwrap();
    assert_eq!(r.legal_actions(1), [Action::Ron, Action::Pass]);
    r.apply(1, Action::Ron).unwrap();
    let Some(Outcome::Wins(wins)) = &r.outcome else {
        panic!("a win")
    };
    assert_eq!((wins[0].from, wins[0].by), (Some(0), WinBy::Chankan));
    assert_eq!(r.kans, 0, "a robbed kan is never made");
}

#[test]
fn an_added_kan_not_robbed_reveals_an_indicator_and_draws_a_replacement() {
    let mut r = added_kan();
    r.apply(
        0,
        Action::Kakan {
            card: tiles("5p")[0].kind(),
        },
    )
    .unwrap();
    r.apply(1, Action::Pass).unwrap();
    assert!(r.players[1].temporary_furiten);
    assert_eq!(r.kans, 1);
    assert_eq!(r.indicators(), [r.wall[126], r.wall[127]]);
    assert_eq!(r.players[0].melds[0].kind, MeldKind::Kakan);
    assert_eq!(r.players[0].obtained, [(r.wall[122], true)]);
    assert_eq!(r.players[0].size(), 14);
}

#[test]
fn a_warp_places_three_tiles_and_moves_the_piece() {
    let options = Options {
        warp: true,
        ..Options::spec()
    };
    let mut r = round(2, options);
    r.players[0].hand = hand("111m23456789p12s");
    let warp = Action::Warp {
        cards: tiles("111m"),
        to: Vec::new(),
        target: None,
    };
    assert!(r.legal_actions(0).contains(&warp));
    let to = cells_for(&r, 3);
    let target = Some(cell(0, 0));
    let own = Some(cell(6, 11));
    let bad = Action::Warp {
        cards: tiles("111m"),
        to: to.clone(),
        target: own,
    };
    assert!(r.apply(0, bad).is_err(), "not onto a piece");
    r.apply(
        0,
        Action::Warp {
            cards: tiles("111m"),
            to: to.clone(),
            target,
        },
    )
    .unwrap();
    assert_eq!(r.players[0].piece, cell(0, 0));
    assert_eq!(r.players[0].discards, tiles("111m"));
    assert!(to
        .iter()
        .all(|c| r.board.column(*c).last() == Some(&tiles("1m")[0])));
    assert_eq!(r.phase, Phase::Refill { seat: 0 });
    assert!(r
        .legal_actions(0)
        .iter()
        .all(|a| matches!(a, Action::Move { path } if path.len() <= 2)));
}

#[test]
fn discarding_first_then_moving_refills_the_hand() {
    let options = Options {
        discard_first: true,
        ..Options::spec()
    };
    let mut r = round(2, options);
    r.players[0].hand = hand("123456789m1234p");
    let two = Action::Discard {
        cards: tiles("12m"),
        to: Vec::new(),
        riichi: false,
    };
    assert!(r.legal_actions(0).contains(&two));
    assert!(!r
        .legal_actions(0)
        .iter()
        .any(|a| matches!(a, Action::Discard { riichi: true, .. })));
    discard(&mut r, 0, "12m");
    assert_eq!(r.phase, Phase::Refill { seat: 0 });
    r.apply(0, path("NN")).unwrap();
    assert_eq!(r.players[0].size(), 12);
    assert_eq!(r.phase, Phase::Start { seat: 1 });
}

fn two_rons(double_ron: bool) -> Round {
    let options = Options {
        double_ron,
        ..Options::spec()
    };
    let mut r = round(3, options);
    r.honba = 1;
    r.pot = 1000;
    r.points[0] -= 1000;
    r.players[0].hand = hand("123456789m1122p1z");
    r.players[1].hand = hand("11z234567m234p55s");
    r.players[2].hand = hand("11z234567m234p55s");
    r.phase = Phase::Decide {
        seat: 0,
        after: After::Move,
    };
    discard(&mut r, 0, "1z");
    assert_eq!(r.to_act(), [1, 2]);
    r.apply(2, Action::Ron).unwrap();
    r.apply(1, Action::Ron).unwrap();
    r.settle();
    r
}

#[test]
fn several_rons_all_win_and_the_nearest_takes_the_pot() {
    let r = two_rons(true);
    let Some(Outcome::Wins(wins)) = &r.outcome else {
        panic!("wins")
    };
    assert_eq!(wins.iter().map(|w| w.seat).collect::<Vec<_>>(), [1, 2]);
    let reasons: Vec<(Party, Party, &str)> = r
        .transfers
        .iter()
        .map(|t| (t.from, t.to, t.reason.as_str()))
        .collect();
    assert_eq!(
        reasons,
        [
            (Party::Seat(0), Party::Seat(1), "win"),
            (Party::Seat(0), Party::Seat(2), "win"),
            (Party::Pot, Party::Seat(1), "pot"),
        ]
    );
    // Each ron carries its own 300 per honba.
    let value = super::super::settle::hand_value(3, 0, &wins[0]);
    assert_eq!(r.transfers[0].amount, value + 300);
    assert_eq!(r.points.iter().sum::<i64>() + r.pot, 75_000);
}

#[test]
fn with_double_ron_off_the_nearest_ron_wins() {
    let r = two_rons(false);
    let Some(Outcome::Wins(wins)) = &r.outcome else {
        panic!("wins")
    };
    assert_eq!(wins.iter().map(|w| w.seat).collect::<Vec<_>>(), [1]);
}

#[test]
fn a_tsumo_at_three_players_splits_the_missing_share_and_the_honba() {
    let mut r = round(3, Options::spec());
    r.honba = 2;
    r.players[1].hand = hand("123m456m789p234s55s");
    r.players[1].obtained = vec![(tiles("5s")[0], false)];
    r.phase = Phase::Decide {
        seat: 1,
        after: After::Move,
    };
    r.apply(1, Action::Tsumo { card: None }).unwrap();
    r.settle();
    let Some(Outcome::Wins(wins)) = &r.outcome else {
        panic!("a win")
    };
    let base = wins[0].score.base();
    let up = |x: i64| (x + 99) / 100 * 100;
    // In turn order from the winner: seat 2 (1.5b), then the dealer (2.5b); 300 per honba
    // split over two payers.
    let paid: Vec<(Party, i64)> = r.transfers.iter().map(|t| (t.from, t.amount)).collect();
    assert_eq!(
        paid,
        [
            (Party::Seat(2), up(base * 3 / 2) + 300),
            (Party::Seat(0), up(base * 5 / 2) + 300),
        ]
    );
}
