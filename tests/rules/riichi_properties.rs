//! Riichi invariants over many random games (proptest): the 136 tiles are all accounted for at
//! every step, points plus pot stay 100,000, exactly the listed actions apply and a refused
//! one changes nothing, games end, and a seat's view holds nothing hidden from it.

use momojan::games::interface::seat::Seat;
use momojan::games::kit::mahjong::tile::{Kind, Tile};
use momojan::games::riichi::action::Action;
use momojan::games::riichi::computer::decide;
use momojan::games::riichi::game::{Game, Stage};
use momojan::games::riichi::options::Options;
use momojan::games::riichi::round::{Round, SEATS};
use momojan::games::riichi::wall::seeded_wall;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Every tile of the round, wherever it lies, sorted.
fn all_tiles(round: &Round) -> Vec<Tile> {
    let mut all = round.wall.unseen();
    for p in round.players.values() {
        all.extend(p.hand.tiles());
        all.extend(p.melds.iter().flat_map(|m| m.tiles.iter().copied()));
        all.extend(p.pond.iter().filter(|d| !d.claimed).map(|d| d.tile));
    }
    all.sort();
    all
}

fn check_invariants(game: &Game) -> Result<(), TestCaseError> {
    let total: i64 = game.scores.points.values().sum::<i64>() + game.scores.pot;
    prop_assert_eq!(total, 100_000, "points plus pot");
    if let Some(round) = &game.round {
        prop_assert_eq!(all_tiles(round), Tile::full_set(game.options.aka));
    }
    let json = serde_json::to_string(game).expect("state serialises");
    let back: Game = serde_json::from_str(&json).expect("state deserialises");
    prop_assert_eq!(&back, game);
    Ok(())
}

/// Nonsense and sense alike: a random type with random tiles.
fn random_action(rng: &mut impl Rng, hand: &[Tile]) -> Action {
    let any = |rng: &mut ChaCha8Rng| {
        Tile::from_code(rng.random_range(0..68)).unwrap_or(Kind::EAST.tile())
    };
    let mut rng = ChaCha8Rng::seed_from_u64(rng.random());
    let tile = |rng: &mut ChaCha8Rng| {
        if !hand.is_empty() && rng.random_bool(0.7) {
            hand[rng.random_range(0..hand.len())]
        } else {
            any(rng)
        }
    };
    match rng.random_range(0..12) {
        0 => Action::Tsumo,
        1 => Action::Ron,
        2 => Action::chi(tile(&mut rng), tile(&mut rng)),
        3 => Action::pon(tile(&mut rng), tile(&mut rng)),
        4 => Action::Daiminkan {
            card: tile(&mut rng).kind(),
        },
        5 => Action::Ankan {
            card: tile(&mut rng).kind(),
        },
        6 => Action::Kakan {
            card: tile(&mut rng).kind(),
        },
        7 => Action::Kyuushu,
        8 => Action::Pass,
        9 => Action::AgariYame,
        10 => Action::Continue,
        _ => Action::Discard {
            card: tile(&mut rng),
            riichi: rng.random(),
        },
    }
}

/// How the players choose: uniformly, or mostly like the computer (which wins, riichis and
/// reaches the rarer states).
#[derive(Debug, Clone, Copy)]
enum Policy {
    Random,
    Sensible,
}

fn play_checked(seed: u64, options: Options, policy: Policy) -> Result<(), TestCaseError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let deck_seed: [u8; 32] = rng.random();
    let mut game = Game::new(Seat::from_index(seed % 4).unwrap(), options);
    let mut steps = 0;
    loop {
        if game.stage == Stage::NeedsDeal {
            game.deal(seeded_wall(
                &deck_seed,
                game.records.len() as u32,
                options.aka,
            ));
        }
        check_invariants(&game)?;
        let acting = game.acting().seats();
        let Some(seat) = acting.iter().nth(rng.random_range(0..acting.len().max(1))) else {
            break;
        };
        let legal = game.legal_actions(seat);
        prop_assert!(!legal.is_empty(), "a seat to act has a legal action");
        for other in SEATS.seats().filter(|s| !acting.contains(*s)) {
            prop_assert!(game.legal_actions(other).is_empty());
        }
        let view = game.seat_view(seat);
        prop_assert_eq!(&view.legal_actions, &legal);
        let hand = view.concealed.clone();
        for _ in 0..6 {
            let probe = random_action(&mut rng, &hand);
            let by = if rng.random_bool(0.8) {
                seat
            } else {
                Seat::from_index(rng.random_range(0..4)).unwrap()
            };
            let listed = game.legal_actions(by).contains(&probe);
            let before = game.clone();
            match game.apply(by, probe) {
                Ok(_) => {
                    prop_assert!(listed, "{:?} by {:?} applied but was not listed", probe, by);
                    game = before;
                }
                Err(e) => {
                    prop_assert!(!listed, "{:?} was listed but refused: {}", probe, e);
                    prop_assert_eq!(&game, &before, "a refused action changed the game");
                }
            }
        }
        let action = match policy {
            Policy::Sensible if rng.random_bool(0.9) => decide(&view).expect("a legal action"),
            _ => legal[rng.random_range(0..legal.len())],
        };
        game.apply(seat, action)
            .map_err(|e| TestCaseError::fail(format!("listed {action:?} refused: {e}")))?;
        steps += 1;
        prop_assert!(steps < 20_000, "the game does not end");
    }
    check_invariants(&game)?;
    prop_assert!(game.is_over());
    prop_assert_eq!(game.scores.pot, 0, "the last pot goes to the first");
    Ok(())
}

fn options_from(bits: u16) -> Options {
    let mut o = Options::default();
    for (i, key) in Options::FLAGS.iter().enumerate() {
        *o.flag_mut(key).unwrap() = bits & (1 << i) == 0;
    }
    if bits & (1 << 8) != 0 {
        o.length = momojan::games::riichi::options::Length::East;
    }
    o
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn random_riichi_games_keep_every_invariant(seed in any::<u64>(), bits in 0u16..512) {
        play_checked(seed, options_from(bits), Policy::Random)?;
    }

    #[test]
    fn sensible_riichi_games_keep_every_invariant(seed in any::<u64>(), bits in 0u16..512) {
        play_checked(seed, options_from(bits), Policy::Sensible)?;
    }
}

/// A wall in which `swap` exchanges tiles hidden from seat 0 (another seat's deal, the live
/// wall beyond the first draw, the ura indicators).
fn walls_differing_only_where_seat_zero_cannot_see() -> (Vec<Tile>, Vec<Tile>) {
    let a = seeded_wall(&[5; 32], 0, true);
    let mut b = a.clone();
    for (x, y) in [
        (13, 100),
        (20, 110),
        (30, 60),
        (45, 121),
        (131, 135),
        (132, 134),
    ] {
        b.swap(x, y);
    }
    (a, b)
}

#[test]
fn a_seat_sees_neither_other_hands_nor_the_wall_nor_the_ura() {
    let (a, b) = walls_differing_only_where_seat_zero_cannot_see();
    assert_ne!(a, b);
    let view = |wall: Vec<Tile>| {
        let mut game = Game::new(Seat::ZERO, Options::default());
        game.deal(wall);
        serde_json::to_value(game.seat_view(Seat::ZERO)).unwrap()
    };
    assert_eq!(view(a.clone()), view(b.clone()));
    // The same walls are told apart by the seat whose hand changed.
    let other = |wall: Vec<Tile>| {
        let mut game = Game::new(Seat::ZERO, Options::default());
        game.deal(wall);
        serde_json::to_value(game.seat_view(Seat::ONE)).unwrap()
    };
    assert_ne!(other(a), other(b));
}
