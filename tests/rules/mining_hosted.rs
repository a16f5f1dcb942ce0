//! Mining mahjong as the host plays it: a move of many parts (a path step by step, the tiles
//! of a discard, then a cell for each), `Back`, a refused part that changes nothing, the
//! timeout's minimum that ends a turn, the computer at every level, and what a view holds.

use momojan::games::interface::deal::DeckSeed;
use momojan::games::interface::prelude::*;
use momojan::games::interface::seat::{Seat, SeatCount};
use momojan::games::interface::{Acting, Budget, Level};
use momojan::games::mining::board::Cell;
use momojan::games::mining::options::{Length, Options};
use momojan::games::mining::parts::{Act, Pending};
use momojan::games::mining::rules::Table;
use momojan::games::registry::Mining;

const SEED: DeckSeed = [5; 32];

fn short() -> Options {
    Options {
        length: Length::East,
        turns: 8,
        ..Options::default()
    }
}

/// The seat whose turn it is.
fn turn(table: &Table) -> Seat {
    match Mining::to_act(table) {
        Acting::Turn(seat) => seat,
        other => panic!("not a turn: {other:?}"),
    }
}

/// Plays the `normal` computer until the seat to act has a discard to choose.
fn to_a_discard(table: &mut Table) -> Seat {
    loop {
        let seat = Mining::to_act(table).first().expect("a game in play");
        let legal = Mining::legal_actions(table, seat);
        if legal.iter().any(|a| matches!(a, Act::Discard { .. })) && table.pending.is_none() {
            return seat;
        }
        let view = Mining::view(table, seat);
        let a = Mining::decide(Level::Normal, &view, &short(), Budget::samples(0), 0).unwrap();
        Mining::apply(table, &SEED, seat, a).unwrap();
    }
}

#[test]
fn a_discard_is_its_tile_then_a_cell_and_back_drops_the_choice() {
    let (mut table, _) = Mining::start(&SEED, SeatCount::TWO, Seat::ZERO, short());
    let seat = to_a_discard(&mut table);
    let legal = Mining::legal_actions(&table, seat);
    let pick = *legal
        .iter()
        .find(|a| matches!(a, Act::Discard { riichi: false, .. }))
        .unwrap();
    // A part of another kind is refused and changes nothing.
    let before = serde_json::to_string(&table).unwrap();
    assert!(Mining::apply(&mut table, &SEED, seat, Act::Row(3)).is_err());
    assert_eq!(serde_json::to_string(&table).unwrap(), before);
    choose_tiles(&mut table, seat, pick);
    let chosen = Mining::legal_actions(&table, seat);
    assert_eq!(chosen.last(), Some(&Act::Back));
    assert!(
        matches!(chosen[0], Act::Place(_)),
        "the nearest cells first"
    );
    assert!(chosen.len() <= 20, "{} choices", chosen.len());
    Mining::apply(&mut table, &SEED, seat, Act::Back).unwrap();
    assert_eq!(serde_json::to_string(&table).unwrap(), before);
    // The tiles, then a column and a row for each: the discard is made.
    choose_tiles(&mut table, seat, pick);
    let discards = |t: &Table| t.game.round().unwrap().players[seat.index()].discards.len();
    let before_discards = discards(&table);
    while table.pending.is_some() {
        let column = *Mining::legal_actions(&table, seat)
            .iter()
            .find(|a| matches!(a, Act::Column(_)))
            .unwrap();
        Mining::apply(&mut table, &SEED, seat, column).unwrap();
        assert!(matches!(
            table.pending,
            Some(Pending::Tiles {
                column: Some(_),
                ..
            })
        ));
        let row = Mining::legal_actions(&table, seat)[0];
        assert!(matches!(row, Act::Row(_)), "{row:?}");
        Mining::apply(&mut table, &SEED, seat, row).unwrap();
    }
    assert!(discards(&table) > before_discards);
}

/// Picks `first`, then the first tile offered after it until the cells are asked.
fn choose_tiles(table: &mut Table, seat: Seat, first: Act) {
    Mining::apply(table, &SEED, seat, first).unwrap();
    while let Some(more) = Mining::legal_actions(table, seat)
        .into_iter()
        .find(|a| matches!(a, Act::Discard { .. }))
    {
        Mining::apply(table, &SEED, seat, more).unwrap();
    }
}

#[test]
fn the_timeouts_minimum_ends_every_turn_and_every_list_stays_short() {
    let (mut table, _) = Mining::start(&SEED, SeatCount::FOUR, Seat::ZERO, short());
    let mut steps = 0;
    while let Some(seat) = Mining::to_act(&table).first() {
        let legal = Mining::legal_actions(&table, seat);
        assert!(legal.len() <= 25, "{legal:?}");
        let a = Mining::timeout_action(&table, seat).expect("a minimum");
        assert!(legal.contains(&a));
        Mining::apply(&mut table, &SEED, seat, a).unwrap();
        steps += 1;
        assert!(steps < 20_000);
    }
    assert!(Mining::finish(&table).is_some());
}

#[test]
fn every_level_plays_a_game_to_its_end_from_the_views_alone() {
    for level in Level::ALL {
        let (mut table, _) = Mining::start(&SEED, SeatCount::TWO, Seat::ZERO, short());
        let budget = Budget::samples(1);
        let mut steps = 0;
        while let Some(seat) = Mining::to_act(&table).first() {
            let view = Mining::view(&table, seat);
            let a = Mining::decide(level, &view, &short(), budget, steps).expect("a part");
            Mining::apply(&mut table, &SEED, seat, a).unwrap();
            steps += 1;
            assert!(steps < 20_000, "{level}");
        }
    }
}

#[test]
fn a_view_holds_each_columns_height_and_top_only() {
    let (mut table, _) = Mining::start(&SEED, SeatCount::THREE, Seat::ZERO, short());
    to_a_discard(&mut table);
    let seat = turn(&table);
    let view = Mining::view(&table, seat);
    let round = table.game.round().unwrap();
    let public = view.public.round.as_ref().unwrap();
    for c in Cell::all() {
        assert_eq!(usize::from(public.height(c)), round.board.height(c));
        assert_eq!(public.top(c), round.board.column(c).last().copied());
    }
    // A sample keeps what the view shows and deals the rest.
    let sample = Mining::sample(&view, 3).expect("a sample on the seat's turn");
    let r = sample.game.round().unwrap();
    for c in Cell::all() {
        assert_eq!(r.board.height(c), round.board.height(c));
        assert_eq!(r.board.column(c).last(), round.board.column(c).last());
    }
    assert_eq!(
        r.players[seat.index()].hand,
        round.players[seat.index()].hand
    );
    assert_eq!(Mining::legal_actions(&sample, seat), view.legal_actions);
}
