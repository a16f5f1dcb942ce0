use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::games::drivers::seeded::Seeded;
use crate::games::interface::seat::SeatCount;
use crate::games::momojan::rules::deck_for_round;
use crate::games::momojan::{Game, Momojan, Seat};

/// Positions of the deck that the dealer sees after drawing the top of pile 0: its hand,
/// the dora indicator and that card (rules §3 deal order).
const SEEN_BY_DEALER: [usize; 9] = [0, 1, 2, 3, 4, 5, 6, 14, 18];

/// Two decks that agree on every card the dealer will have seen and differ elsewhere.
fn twin_decks(
    seed: u8,
) -> (
    Vec<crate::games::momojan::Card>,
    Vec<crate::games::momojan::Card>,
) {
    let deck = deck_for_round(&[seed; 32], 0);
    let hidden: Vec<usize> = (0..deck.len())
        .filter(|i| !SEEN_BY_DEALER.contains(i))
        .collect();
    let mut cards: Vec<_> = hidden.iter().map(|&i| deck[i]).collect();
    cards.shuffle(&mut ChaCha8Rng::seed_from_u64(u64::from(seed)));
    let mut other = deck.clone();
    for (&i, c) in hidden.iter().zip(cards) {
        other[i] = c;
    }
    (deck, other)
}

/// A game dealt from `deck` in which the dealer (seat 0) has drawn from pile 0.
fn after_first_draw(deck: &[crate::games::momojan::Card]) -> Game {
    let mut game = Game::new(Seat::ZERO, RuleOptions::default());
    game.deal(deck).unwrap();
    game.apply(Seat::ZERO, Action::Draw { pile: 0 }).unwrap();
    game
}

#[test]
fn decisions_depend_only_on_the_seat_view() {
    let options = RuleOptions::default();
    for seed in 0..4u8 {
        let (a, b) = twin_decks(seed);
        let (ga, gb) = (after_first_draw(&a), after_first_draw(&b));
        let (ra, rb) = (ga.round.as_ref().unwrap(), gb.round.as_ref().unwrap());
        assert_ne!(
            ra.players[Seat::ONE].hand,
            rb.players[Seat::ONE].hand,
            "opponent hands differ"
        );
        assert_ne!(ra.piles, rb.piles, "pile orders differ");
        let (va, vb) = (ga.seat_view(Seat::ZERO), gb.seat_view(Seat::ZERO));
        assert_eq!(va, vb, "the dealer sees the same");
        assert!(va.legal_actions.len() > 1);
        for level in Level::ALL {
            let budget = Budget::samples(4);
            let da = Momojan::decide(level, &va, &options, budget, 7).unwrap();
            let db = Momojan::decide(level, &vb, &options, budget, 7).unwrap();
            assert_eq!(da, db, "{level} decided differently");
            assert!(va.legal_actions.contains(&da));
        }
    }
}

#[test]
fn level_ids_round_trip() {
    for level in Level::ALL {
        assert_eq!(level.id().parse::<Level>(), Ok(level));
        assert_eq!(
            serde_json::to_string(&level).unwrap(),
            format!("\"{}\"", level.id())
        );
    }
    assert!("expert".parse::<Level>().is_err());
}

/// Plays one seeded game with `level` on both seats, checking every decision is legal.
fn play(level: Level, seed: u8, budget: Budget) -> Game {
    let (mut game, _) = Seeded::<Momojan>::start(
        [seed; 32],
        SeatCount::TWO,
        Seat::ZERO,
        RuleOptions::default(),
    );
    let mut step = 0u64;
    while let Some(seat) = game.game.to_act() {
        let view = game.game.seat_view(seat);
        let action = Momojan::decide(level, &view, &game.game.options, budget, step).unwrap();
        assert!(view.legal_actions.contains(&action));
        game.apply(seat, action).unwrap();
        step += 1;
    }
    game.game
}

#[test]
fn easy_and_normal_finish_games_with_legal_moves() {
    for seed in 0..6 {
        assert!(play(Level::Easy, seed, Budget::default()).is_over());
        assert!(play(Level::Normal, seed, Budget::default()).is_over());
    }
}

#[test]
fn hard_finishes_a_game_with_legal_moves() {
    assert!(play(Level::Hard, 1, Budget::samples(2)).is_over());
}

#[test]
fn a_determinized_game_shows_the_same_view() {
    let (mut game, _) =
        Seeded::<Momojan>::start([5; 32], SeatCount::TWO, Seat::ONE, RuleOptions::default());
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut checked = 0;
    while let Some(seat) = game.game.to_act() {
        let view = game.game.seat_view(seat);
        let obs = Obs::from_view(&view).unwrap();
        let sampled = sample::determinize(&obs, &game.game.options, &mut rng).unwrap();
        let mine = sampled.seat_view(seat);
        assert_eq!(mine.hand, view.hand);
        assert_eq!(mine.legal_actions, view.legal_actions);
        assert_eq!(mine.public.round, {
            let mut r = view.public.round.clone();
            if let Some(r) = r.as_mut() {
                r.index = 0;
            }
            r
        });
        checked += 1;
        let action = Momojan::decide(
            Level::Normal,
            &view,
            &game.game.options,
            Budget::default(),
            0,
        );
        game.apply(seat, action.unwrap()).unwrap();
    }
    assert!(checked > 20);
}
