//! Invariants over random games at two, three and four seats (proptest): all 108 cards
//! accounted for at every step, balances plus pot always 15 × P, hands of 5 units between
//! turns, every legal action accepted, a refused action changing nothing, a seat's view
//! holding nothing hidden from it, and the state surviving the store's JSON round trip.

use momojan::games::beginners::card::{full_deck, Card, Counts};
use momojan::games::beginners::computer::sample::sample;
use momojan::games::beginners::round::Phase;
use momojan::games::beginners::{Action, Game, Options};
use momojan::games::interface::deal::shuffled;
use momojan::games::interface::seat::{Seat, SeatCount};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// An arbitrary action, mostly nonsense: any type, any card.
fn any_action(rng: &mut impl Rng) -> Action {
    let card = Card::ALL[rng.random_range(0..Card::ALL.len())];
    match rng.random_range(0..8) {
        0 => Action::Draw,
        1 => Action::Tsumo,
        2 => Action::Discard {
            card,
            riichi: false,
        },
        3 => Action::Discard { card, riichi: true },
        4 => Action::Ron,
        5 => Action::Pon,
        6 => Action::Chi,
        _ => Action::Pass,
    }
}

/// Plays one random game of `seats` (answers in random order), calling `check` with the
/// game after every action and a nonsense action tried before each.
pub fn random_game(seed: u64, seats: SeatCount, mut check: impl FnMut(&Game)) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let deck_seed: [u8; 32] = rng.random();
    let first = Seat::from_index(rng.random_range(0..seats.get() as u64)).unwrap();
    let mut game = Game::new(seats, first, Options::default());
    while !game.is_over() {
        if game.needs_deal() {
            let deck = shuffled(&deck_seed, game.records.len() as u32, &full_deck());
            game.deal(&deck).unwrap();
        }
        let acting: Vec<Seat> = game.acting().iter().collect();
        let seat = acting[rng.random_range(0..acting.len())];
        let legal = game.legal_actions(seat);
        assert!(!legal.is_empty(), "a seat that may act has an action");
        for other in seats.seats().filter(|s| !acting.contains(s)) {
            assert!(game.legal_actions(other).is_empty());
        }
        let nonsense = any_action(&mut rng);
        let who = Seat::from_index(rng.random_range(0..seats.get() as u64)).unwrap();
        if !game.legal_actions(who).contains(&nonsense) {
            let before = game.clone();
            assert!(
                game.apply(who, nonsense).is_err(),
                "{who} {nonsense} is refused"
            );
            assert_eq!(game, before, "a refused action changes nothing");
        }
        let action = legal[rng.random_range(0..legal.len())];
        game.apply(seat, action)
            .expect("a listed action is accepted");
        check(&game);
    }
    game
}

fn check_cards_and_points(game: &Game) {
    let p = game.seats.get() as i64;
    assert_eq!(game.balances.values().sum::<i64>() + game.pot, 15 * p);
    let Some(round) = &game.round else {
        return;
    };
    assert_eq!(Counts::of(&round.all_cards()), Counts::of(&full_deck()));
    for (seat, player) in round.players.iter() {
        let units = player.concealed.len() + player.open.len();
        let drew = matches!(round.phase, Phase::Turn { seat: s, drawn: Some(_) } if s == seat);
        assert_eq!(units, if drew { 6 } else { 5 }, "{seat}");
    }
}

fn check_views(game: &Game, seed: u64) {
    for seat in game.seats.seats() {
        let view = game.seat_view(seat);
        assert_eq!(view.legal_actions, game.legal_actions(seat));
        let Some(round) = &game.round else {
            continue;
        };
        assert_eq!(view.concealed, round.players[seat].concealed);
        // Another game with everything hidden from this seat dealt otherwise shows the same
        // view: the view holds no other seat's concealed card, nor the pile's order.
        let other = sample(&view, seed).expect("a round in play samples");
        assert_eq!(other.seat_view(seat), view);
        assert_eq!(
            Counts::of(&other.round.as_ref().unwrap().all_cards()),
            Counts::of(&full_deck())
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn cards_points_hands_and_refusals_hold_in_random_games(seed in any::<u64>(), n in 2usize..=4) {
        let seats = SeatCount::new(n).unwrap();
        let end = random_game(seed, seats, |game| {
            check_cards_and_points(game);
            let json = serde_json::to_string(game).unwrap();
            let back: Game = serde_json::from_str(&json).unwrap();
            assert_eq!(&back, game);
        });
        let outcome = end.outcome.expect("over");
        prop_assert_eq!(end.pot, 0);
        prop_assert_eq!(outcome.ranking.len(), n);
        prop_assert!(end.records.len() <= 2 * n);
    }

    #[test]
    fn every_listed_action_is_accepted_and_views_hide_what_they_must(seed in any::<u64>(), n in 2usize..=4) {
        let seats = SeatCount::new(n).unwrap();
        let mut step = 0u64;
        random_game(seed, seats, |game| {
            step += 1;
            if step % 5 != 0 {
                return;
            }
            check_views(game, seed ^ step);
            for seat in game.acting().iter() {
                for action in game.legal_actions(seat) {
                    let mut copy = game.clone();
                    assert!(copy.apply(seat, action).is_ok(), "{seat} {action}");
                }
            }
        });
    }
}
