//! Mining mahjong's engine as a fingerprint (test support): random games at every table size
//! and under every movement option, each list of legal actions and parts, each placement and
//! reachability answer, each state (as the host stores it) and each refusal of a forged action
//! hashed in order. Two builds whose engines behave the same print the same lines; a speed-up of
//! the engine must not change one (`cargo run --release --example mining_trace [games]`).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use super::action::Action;
use super::board::{Cell, Dir};
use super::game::Game;
use super::options::{Length, Options};
use super::parts::{self, Act, Pending};
use super::round::{Phase, Round};
use super::Mining;
use crate::games::interface::deal::DeckSeed;
use crate::games::interface::prelude::*;
use crate::games::interface::seat::{Seat, SeatCount};
use crate::games::kit::mahjong::tile::Tile;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Every configuration traced: a name and its options.
fn configurations() -> Vec<(&'static str, Options)> {
    let short = Options {
        length: Length::East,
        turns: 8,
        ..Options::default()
    };
    vec![
        ("default", Options::default()),
        (
            "jump",
            Options {
                jump: true,
                ..short
            },
        ),
        (
            "warp+first",
            Options {
                warp: true,
                discard_first: true,
                ..short
            },
        ),
        (
            "all",
            Options {
                jump: true,
                warp: true,
                discard_first: true,
                aka: false,
                double_ron: false,
                ..short
            },
        ),
    ]
}

/// The JSON the host stores (the same whatever the engine keeps inside).
fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("serialisable")
}

/// A few cells anywhere, some of them legal, for forged actions.
fn random_cells(rng: &mut ChaCha8Rng, k: usize) -> Vec<Cell> {
    (0..k)
        .map(|_| Cell {
            x: rng.random_range(0..13),
            y: rng.random_range(0..13),
        })
        .collect()
}

/// What the engine answers about the round besides the legal actions: every seat's paths and
/// cells, the placements, and reachability of a few cells.
fn probe(h: &mut DefaultHasher, round: &Round, rng: &mut ChaCha8Rng) {
    for seat in 0..round.n {
        format!("{:?}", round.paths(seat)).hash(h);
        round.reachable(seat).hash(h);
    }
    let pieces = round.pieces();
    let (cells, ground) = round.board.placements(&pieces);
    (&cells, &ground).hash(h);
    for _ in 0..4 {
        let c = random_cells(rng, 1)[0];
        let extra = rng.random_range(0..3);
        (
            round.board.reachable(c, &pieces, extra),
            round.board.is_ground_by_mine(c),
        )
            .hash(h);
        let k = rng.random_range(1..4);
        let to = random_cells(rng, k);
        round.board.legal_cells(&to, &pieces).hash(h);
    }
    round.board.tops().hash(h);
}

/// Legal cells for `k` tiles: distinct, one on the ground next to the mine when one is free.
fn legal_cells(round: &Round, k: usize, rng: &mut ChaCha8Rng) -> Vec<Cell> {
    let (mut cells, ground) = round.board.placements(&round.pieces());
    cells.shuffle(rng);
    let mut to: Vec<Cell> = Vec::new();
    if let Some(g) = ground.choose(rng) {
        to.push(*g);
    }
    for c in cells {
        if to.len() == k {
            break;
        }
        if !to.contains(&c) {
            to.push(c);
        }
    }
    to.shuffle(rng);
    to
}

/// A forged action: a random path, discard, warp or claim.
fn forged(round: &Round, seat: usize, rng: &mut ChaCha8Rng) -> Action {
    let hand = round.players[seat].hand.tiles();
    let some_tiles = |rng: &mut ChaCha8Rng, k: usize| -> Vec<Tile> {
        (0..k)
            .filter_map(|_| hand.choose(rng).copied())
            .collect::<Vec<_>>()
    };
    match rng.random_range(0..6) {
        0 | 1 => Action::Move {
            path: (0..rng.random_range(0..5))
                .map(|_| Dir::ALL[rng.random_range(0..4)])
                .collect(),
        },
        2 => {
            let k = rng.random_range(1..3);
            let cards = some_tiles(rng, k);
            let to = if rng.random_bool(0.5) {
                legal_cells(round, cards.len(), rng)
            } else {
                random_cells(rng, cards.len())
            };
            Action::Discard {
                cards,
                to,
                riichi: rng.random_bool(0.3),
            }
        }
        3 => {
            let cards = some_tiles(rng, 3);
            let to = if rng.random_bool(0.5) {
                legal_cells(round, 3, rng)
            } else {
                random_cells(rng, 3)
            };
            Action::Warp {
                cards,
                to,
                target: random_cells(rng, 1).pop(),
            }
        }
        4 => Action::Tsumo { card: None },
        _ => [Action::Ron, Action::Pass, Action::Continue][rng.random_range(0..3)].clone(),
    }
}

/// Engine-level games: every legal list, forged actions refused or taken, then a legal one
/// with legal cells.
fn engine_trace(seat_count: usize, options: Options, games: u64) -> u64 {
    let mut h = DefaultHasher::new();
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Game::new(options, seat_count, (seed % seat_count as u64) as usize);
        for _ in 0..20_000 {
            if game.over.is_some() {
                break;
            }
            if !game.in_round() && !game.choosing {
                let mut deck = Tile::full_set(options.aka);
                deck.shuffle(&mut rng);
                game.start_round(deck);
            }
            let acting = game.to_act();
            let seat = acting[rng.random_range(0..acting.len())];
            let legal = game.legal_actions(seat);
            format!("{legal:?}").hash(&mut h);
            if let Some(round) = game.round().filter(|_| !game.choosing) {
                probe(&mut h, round, &mut rng);
                for _ in 0..2 {
                    let f = forged(round, seat, &mut rng);
                    let mut copy = game.clone();
                    let r = copy.apply(seat, f.clone());
                    format!("{f:?} {r:?}").hash(&mut h);
                    if r.is_ok() {
                        json(&copy).hash(&mut h);
                    }
                }
            }
            let mut action = legal[rng.random_range(0..legal.len())].clone();
            if let Some(round) = game.round() {
                match &mut action {
                    Action::Discard { cards, to, .. } => {
                        *to = legal_cells(round, cards.len(), &mut rng)
                    }
                    Action::Warp { to, target, .. } => {
                        *to = legal_cells(round, 3, &mut rng);
                        let pieces = round.pieces();
                        *target = Cell::all()
                            .filter(|c| !pieces.contains(c))
                            .collect::<Vec<_>>()
                            .choose(&mut rng)
                            .copied();
                    }
                    _ => {}
                }
            }
            let r = game.apply(seat, action.clone());
            format!("{action:?} {r:?}").hash(&mut h);
            json(&game).hash(&mut h);
        }
    }
    h.finish()
}

/// Hosted games through the parts: every legal list, the cells offered, forged parts refused,
/// each state after a part.
fn parts_trace(seats: SeatCount, options: Options, games: u64) -> u64 {
    let mut h = DefaultHasher::new();
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut deck_seed: DeckSeed = [0; 32];
        rng.fill_bytes(&mut deck_seed);
        let (mut state, _) = Mining::start(&deck_seed, seats, Seat::ZERO, options);
        for _ in 0..50_000 {
            let acting: Vec<Seat> = Mining::to_act(&state).seats().iter().collect();
            if acting.is_empty() {
                break;
            }
            let seat = acting[rng.random_range(0..acting.len())];
            let legal = Mining::legal_actions(&state, seat);
            format!("{legal:?}").hash(&mut h);
            let s = seat.index();
            if let Some(round) = state.game.round() {
                let pending = state
                    .pending_of(s)
                    .cloned()
                    .unwrap_or(Pending::Path(Vec::new()));
                parts::cells_now(round, s, &pending).hash(&mut h);
                for _ in 0..2 {
                    let act = match rng.random_range(0..5) {
                        0 => Act::Step {
                            n: rng.random_range(0..3),
                            dir: Dir::ALL[rng.random_range(0..4)],
                        },
                        1 => Act::Place(random_cells(&mut rng, 1)[0]),
                        2 => Act::Column(rng.random_range(0..13)),
                        3 => Act::Row(rng.random_range(0..13)),
                        _ => Act::Go,
                    };
                    let mut copy = state.clone();
                    let r = Mining::apply(&mut copy, &deck_seed, seat, act);
                    format!("{act:?} {r:?} {:?}", copy.pending).hash(&mut h);
                }
            }
            let act = legal[rng.random_range(0..legal.len())];
            let r = Mining::apply(&mut state, &deck_seed, seat, act);
            format!("{act:?} {r:?}").hash(&mut h);
            json(&state).hash(&mut h);
            if matches!(state.game.round().map(|r| &r.phase), Some(Phase::Ended)) {
                0u8.hash(&mut h);
            }
        }
    }
    h.finish()
}

/// One line a configuration and table size: the fingerprints of `games` engine-level and
/// `games` hosted random games.
pub fn fingerprint(games: u64) -> String {
    let mut out = String::new();
    for (name, options) in configurations() {
        for seats in Mining::SEATS {
            let n = seats.get();
            out += &format!(
                "{name:>10} {n} seats: engine {:016x} parts {:016x}\n",
                engine_trace(n, options, games),
                parts_trace(*seats, options, games)
            );
        }
    }
    out
}
