//! Invariants over many random games (proptest): cards and points are conserved, hand sizes
//! are 7/4/1 between turns, exactly the listed actions apply, games end, and the state
//! survives a serde round trip at every point.

use momojan::games::drivers::seeded::Seeded;
use momojan::games::interface::seat::SeatCount;
use momojan::games::interface::seat::{Opponent, BOTH};
use momojan::games::interface::{Budget, Computer as _, Level};
use momojan::games::momojan::card::{full_deck, CardCounts};
use momojan::games::momojan::round::{Phase, Round};
use momojan::games::momojan::Momojan;
use momojan::games::momojan::{Action, Card, Game, RuleOptions, Seat};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Every card of the round, wherever it lies, as one multiset.
fn all_cards(round: &Round) -> CardCounts {
    let mut all = CardCounts::new();
    for p in [&round.players[Seat::ZERO], &round.players[Seat::ONE]] {
        for c in p.hand.to_vec() {
            all.add(c);
        }
        for c in p.melds.iter().flat_map(|m| m.cards.iter()) {
            all.add(*c);
        }
        for d in p.discards.iter().filter(|d| !d.claimed) {
            all.add(d.card);
        }
    }
    for pile in &round.piles {
        for &c in pile {
            all.add(c);
        }
    }
    // The replacement card has left the dead wall once a kan was made.
    let wall = if round.kan_made { 3 } else { 4 };
    for &c in &round.dead_wall[..wall] {
        all.add(c);
    }
    all
}

fn check_invariants(game: &Game) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        game.balances[Seat::ZERO] + game.balances[Seat::ONE] + game.pot,
        60
    );
    if let Some(round) = &game.round {
        prop_assert_eq!(all_cards(round), CardCounts::from_cards(&full_deck()));
        if let Phase::TurnStart { .. } = round.phase {
            for seat in BOTH {
                let n = round.players[seat].hand.len();
                prop_assert!(matches!(n, 7 | 4 | 1), "hand of {} cards between turns", n);
            }
        }
    }
    let json = serde_json::to_string(game).expect("state serialises");
    let back: Game = serde_json::from_str(&json).expect("state deserialises");
    prop_assert_eq!(&back, game);
    Ok(())
}

/// An arbitrary action, mostly nonsense: random type, random cards, random pile.
fn random_action(rng: &mut impl Rng) -> Action {
    let card = |rng: &mut dyn rand::RngCore| Card::from_index(rng.random_range(0..41)).unwrap();
    match rng.random_range(0..10) {
        0 => Action::Draw {
            pile: rng.random_range(0..4),
        },
        1 => Action::Pon {
            cards: [card(rng), card(rng)],
        },
        2 => Action::Chi {
            cards: [card(rng), card(rng)],
        },
        3 => Action::Ron,
        4 => Action::Tsumo,
        5 => Action::Kai {
            cards: [card(rng), card(rng), card(rng)],
        },
        6 => Action::Kan {
            cards: [card(rng), card(rng), card(rng), card(rng)],
        },
        7 => Action::DrawThree,
        8 => Action::Discard {
            card: card(rng),
            riichi: rng.random(),
        },
        _ => Action::Pass,
    }
}

/// Every action that names only cards of the hand (and every pile, ron, tsumo, draw3, pass),
/// built independently of the engine's own candidate lists.
fn every_action_on_hand(hand: &[Card]) -> Vec<Action> {
    let mut out: Vec<Action> = (0..4).map(|pile| Action::Draw { pile }).collect();
    out.extend([Action::Ron, Action::Tsumo, Action::DrawThree, Action::Pass]);
    let n = hand.len();
    for a in 0..n {
        for riichi in [false, true] {
            out.push(Action::Discard {
                card: hand[a],
                riichi,
            });
        }
        for b in a + 1..n {
            let cards = [hand[a], hand[b]];
            out.extend([Action::Pon { cards }, Action::Chi { cards }]);
            for c in b + 1..n {
                out.push(Action::Kai {
                    cards: [hand[a], hand[b], hand[c]],
                });
                for d in c + 1..n {
                    out.push(Action::Kan {
                        cards: [hand[a], hand[b], hand[c], hand[d]],
                    });
                }
            }
        }
    }
    out.iter_mut().for_each(|a| *a = a.normalized());
    out.sort();
    out.dedup();
    out
}

/// The legal list is exactly the set of actions the checks accept.
fn check_list_is_exact(game: &Game, seat: Seat, legal: &[Action]) -> Result<(), TestCaseError> {
    let hand = game.round.as_ref().expect("in play").players[seat]
        .hand
        .to_vec();
    for action in every_action_on_hand(&hand) {
        let accepted = game.check(seat, action).is_ok();
        prop_assert_eq!(
            accepted,
            legal.contains(&action),
            "{:?}: check says {} but the list disagrees",
            action,
            accepted
        );
    }
    let mut sorted = legal.to_vec();
    sorted.sort_by_key(|a| a.order_group());
    prop_assert_eq!(
        &sorted,
        legal,
        "legal actions are grouped in the stable order"
    );
    Ok(())
}

/// Who plays the games of the invariant tests.
#[derive(Debug, Clone, Copy)]
enum Policy {
    /// Uniformly among the legal actions.
    Random,
    /// The easy computer (the greedy player) from the seat's own view: it opens, riichis and
    /// wins far more often, reaching deeper states.
    Greedy,
}

impl Policy {
    fn choose(self, game: &Game, seat: Seat, legal: &[Action], rng: &mut ChaCha8Rng) -> Action {
        match self {
            Policy::Random => legal[rng.random_range(0..legal.len())],
            Policy::Greedy => Momojan::decide(
                Level::Easy,
                &game.seat_view(seat),
                &game.options,
                Budget::default(),
                0,
            )
            .expect("a seat to act has a choice"),
        }
    }
}

fn play_checked(seed: u64, policy: Policy) -> Result<(), TestCaseError> {
    let mut deck_seed = [0u8; 32];
    deck_seed[..8].copy_from_slice(&seed.to_le_bytes());
    let (mut game, _) = Seeded::<Momojan>::start(
        deck_seed,
        SeatCount::TWO,
        Seat::ZERO,
        RuleOptions::default(),
    );
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = 0;
    while let Some(seat) = game.game.to_act() {
        check_invariants(&game.game)?;
        let legal = game.game.legal_actions();
        prop_assert!(!legal.is_empty(), "a seat to act always has a legal action");
        check_list_is_exact(&game.game, seat, &legal)?;
        for _ in 0..8 {
            let probe = random_action(&mut rng);
            let by = if rng.random_bool(0.8) {
                seat
            } else {
                seat.opponent()
            };
            let before = game.clone();
            let listed = by == seat && legal.contains(&probe.normalized());
            match game.apply(by, probe) {
                Ok(_) => {
                    prop_assert!(listed, "{:?} by {} applied but was not listed", probe, by);
                    game = before;
                }
                Err(_) => {
                    prop_assert!(!listed, "{:?} was listed but refused", probe);
                    prop_assert_eq!(&game, &before, "a refused action changed the game");
                }
            }
        }
        let action = policy.choose(&game.game, seat, &legal, &mut rng);
        game.apply(seat, action)
            .map_err(|e| TestCaseError::fail(format!("listed {action:?} refused: {e}")))?;
        steps += 1;
        prop_assert!(steps < 5_000, "the game does not end");
    }
    check_invariants(&game.game)?;
    prop_assert!(game.game.is_over());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(seed in any::<u64>()) {
        play_checked(seed, Policy::Random)?;
    }

    /// The greedy player opens, riichis and wins far more often, reaching deeper states.
    #[test]
    fn greedy_games_keep_every_invariant(seed in any::<u64>()) {
        play_checked(seed, Policy::Greedy)?;
    }
}
