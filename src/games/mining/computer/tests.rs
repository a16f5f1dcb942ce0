//! The computer players: every level picks only offered parts (random states at 2, 3 and 4
//! seats), decisions are the same for the same view and seed, `normal` walks toward the tile
//! that completes or improves its hand, and its discard goes where the next player cannot
//! reach it.

use proptest::prelude::*;

use crate::games::interface::prelude::*;
use crate::games::interface::seat::{Seat, SeatCount};
use crate::games::interface::{Budget, Level};
use crate::games::kit::mahjong::hand::Hand;
use crate::games::kit::mahjong::tile::{parse_tiles, Tile};
use crate::games::mining::board::{Board, Cell, Dir};
use crate::games::mining::game::Game;
use crate::games::mining::options::Options;
use crate::games::mining::parts::Act;
use crate::games::mining::round::{After, Phase};
use crate::games::mining::table::Table;
use crate::games::mining::Mining;

fn tiles(text: &str) -> Vec<Tile> {
    parse_tiles(text).expect("tiles")
}

fn cell(x: u8, y: u8) -> Cell {
    Cell { x, y }
}

/// A round of `n` at turn 20 with only `columns` on the board, the pieces on `pieces`, seat 0
/// holding `hand` and every other seat a full hand that claims nothing here, in `phase`.
fn crafted(n: usize, columns: &[(Cell, &str)], pieces: &[Cell], hand: &str, phase: Phase) -> Table {
    let options = Options::default();
    let mut game = Game::new(options, n, 0);
    game.start_round(Tile::full_set(true));
    let r = game.rounds.last_mut().expect("a round");
    r.board = Board::from_columns(
        Cell::all()
            .map(|c| {
                columns
                    .iter()
                    .find(|(at, _)| *at == c)
                    .map_or(Vec::new(), |(_, t)| tiles(t))
            })
            .collect(),
    );
    for (s, p) in r.players.iter_mut().enumerate() {
        p.piece = pieces[s];
        // The others hold 13 tiles that claim nothing of the tiles used here.
        p.hand = Hand::from_tiles(&tiles(if s == 0 { hand } else { "111m999m111p999p5z" }));
    }
    r.turn = 20;
    r.phase = phase;
    Table {
        game,
        pending: None,
    }
}

fn decide(table: &Table, level: Level, seed: u64) -> Option<Act> {
    let view = Mining::view(table, Seat::ZERO);
    Mining::decide(level, &view, &Options::default(), Budget::samples(8), seed)
}

/// Seat 0 stands on a column of one `1p` at (6, 6) with single-tile columns north and south;
/// every path that moves takes the `1p`, then the tile of the cell it steps onto.
fn two_ways(hand: &str, north: &str, south: &str) -> Table {
    crafted(
        2,
        &[(cell(6, 6), "1p"), (cell(6, 5), north), (cell(6, 7), south)],
        &[cell(6, 6), cell(0, 0)],
        hand,
        Phase::Start { seat: 0 },
    )
}

#[test]
fn normal_walks_toward_the_tile_that_completes_its_hand() {
    // Tenpai on 1s-4s: the 4s wins, the 7z is nothing to it.
    let hand = "123m456p789s11z23s";
    for level in [Level::Normal, Level::Hard] {
        let north = decide(&two_ways(hand, "4s", "7z"), level, 1);
        assert_eq!(north, Some(Act::Step { n: 0, dir: Dir::N }), "{level}");
        let south = decide(&two_ways(hand, "7z", "4s"), level, 1);
        assert_eq!(south, Some(Act::Step { n: 0, dir: Dir::S }), "{level}");
    }
}

#[test]
fn normal_walks_toward_the_tile_that_improves_its_hand() {
    // One from tenpai: a 4s makes 234s (tenpai on 6m-9m), a 6z touches nothing.
    let hand = "123m456p78m11z23s5z";
    for level in [Level::Normal, Level::Hard] {
        let north = decide(&two_ways(hand, "4s", "6z"), level, 1);
        assert_eq!(north, Some(Act::Step { n: 0, dir: Dir::N }), "{level}");
        let south = decide(&two_ways(hand, "6z", "4s"), level, 1);
        assert_eq!(south, Some(Act::Step { n: 0, dir: Dir::S }), "{level}");
    }
}

/// The cell that got a tile between two boards.
fn placed(before: &Table, after: &Table) -> Vec<Cell> {
    let (a, b) = (
        &before.game.round().expect("round").board,
        &after.game.round().expect("round").board,
    );
    Cell::all()
        .filter(|c| b.height(*c) > a.height(*c))
        .collect()
}

#[test]
fn normal_places_its_discard_out_of_the_next_players_reach() {
    // A 5 × 5 mine around (6, 6); seat 0 on it with 14 tiles after a move, seat 1 on the
    // ground east of it. The discard must go on the ground by the mine: (9, y) next to seat 1
    // is within its reach, the west side is not.
    let mine: Vec<(Cell, String)> = (4..=8)
        .flat_map(|y| (4..=8).map(move |x| (cell(x, y), "9s".to_string())))
        .collect();
    let columns: Vec<(Cell, &str)> = mine.iter().map(|(c, t)| (*c, t.as_str())).collect();
    for seat1 in [cell(9, 6), cell(3, 6), cell(6, 9)] {
        let mut table = crafted(
            2,
            &columns,
            &[cell(6, 6), seat1],
            "123m456p789s11z23s7z",
            Phase::Decide {
                seat: 0,
                after: After::Move,
            },
        );
        let r = table.game.rounds.last_mut().expect("round");
        r.players[0].obtained = vec![(tiles("7z")[0], false)];
        let before = table.clone();
        let deck = [0u8; 32];
        for step in 0..8 {
            if !Mining::to_act(&table).includes(Seat::ZERO)
                || !matches!(
                    table.game.round().map(|r| &r.phase),
                    Some(Phase::Decide { .. })
                )
            {
                break;
            }
            let act = decide(&table, Level::Normal, step).expect("a part");
            Mining::apply(&mut table, &deck, Seat::ZERO, act).expect("a legal part");
        }
        let cells = placed(&before, &table);
        assert_eq!(cells.len(), 1, "one tile placed: {cells:?}");
        let d = crate::games::mining::parts::distance(cells[0], seat1);
        assert!(
            d >= 3,
            "placed on {:?}, {d} from seat 1 on {seat1:?}",
            cells[0]
        );
        assert_eq!(
            table
                .game
                .round()
                .expect("round")
                .board
                .column(cells[0])
                .last(),
            Some(&tiles("7z")[0]),
            "the loose 7z goes"
        );
    }
}

/// A state of a random game at `seats` after `moves` parts played by the easy computer.
fn random_state(seats: SeatCount, seed: u64, moves: usize) -> Table {
    let deck = {
        let mut d = [0u8; 32];
        d[..8].copy_from_slice(&seed.to_le_bytes());
        d
    };
    let options = Options::default();
    let (mut state, _) = Mining::start(&deck, seats, Seat::ZERO, options);
    for i in 0..moves {
        let Some(seat) = Mining::to_act(&state).first() else {
            break;
        };
        let view = Mining::view(&state, seat);
        let Some(a) = Mining::decide(
            Level::Easy,
            &view,
            &options,
            Budget::samples(1),
            seed ^ i as u64,
        ) else {
            break;
        };
        Mining::apply(&mut state, &deck, seat, a).expect("easy plays a listed part");
    }
    state
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Whatever the state, each level's part is one the view offers, and the same view and
    /// seed give the same part.
    #[test]
    fn every_level_picks_an_offered_part(seats in 2usize..=4, seed in any::<u64>(), moves in 0usize..400) {
        let seats = SeatCount::new(seats).expect("2 to 4");
        let state = random_state(seats, seed, moves);
        for seat in Mining::to_act(&state).seats().iter() {
            let view = Mining::view(&state, seat);
            for level in Level::ALL {
                let budget = Budget::samples(4);
                let a = Mining::decide(level, &view, &Options::default(), budget, seed);
                let a = a.expect("a seat to act has a part");
                prop_assert!(view.legal_actions.contains(&a), "{level} chose {a:?}");
                let again = Mining::decide(level, &view, &Options::default(), budget, seed);
                prop_assert_eq!(Some(a), again, "{} is deterministic", level);
            }
        }
    }
}

/// Whole games between the levels end, every part legal (`apply` refuses any other).
#[test]
fn the_levels_play_whole_games_at_two_three_and_four_seats() {
    for (seats, seed) in [
        (SeatCount::TWO, 3u64),
        (SeatCount::THREE, 4),
        (SeatCount::FOUR, 5),
    ] {
        let deck = [seed as u8; 32];
        let options = Options::default();
        let (mut state, _) = Mining::start(&deck, seats, Seat::ZERO, options);
        let mut steps = 0u64;
        while let Some(seat) = Mining::to_act(&state).first() {
            let level = Level::ALL[seat.index() % 3];
            let view = Mining::view(&state, seat);
            let a =
                Mining::decide(level, &view, &options, Budget::samples(2), steps).expect("a part");
            Mining::apply(&mut state, &deck, seat, a).expect("a listed part");
            steps += 1;
            assert!(steps < 50_000, "the game ends");
        }
        assert!(Mining::finish(&state).is_some());
    }
}
