//! Determinization: one complete game state consistent with everything a seat has seen.
//!
//! The unseen cards (deck minus own hand, open sets, lying discards and dora indicators) are
//! shuffled and dealt to the opponent's hand, the piles (at their public sizes) and the dead
//! wall's hidden cards. The opponent's hand is biased toward good shapes and, in riichi,
//! toward tenpai (see [`sample_opponent_hand`]); every sample still holds exactly the unseen
//! cards, so it never contradicts what the seat has seen.

use crate::games::interface::seat::SeatCount;
use rand::seq::SliceRandom;
use rand::Rng;

use super::obs::Obs;
use super::shape::Layout;
use crate::games::momojan::game::STATE_VERSION;
use crate::games::momojan::round::{Phase, Player, Round};
use crate::games::momojan::view::Stage;
use crate::games::momojan::waits::is_tenpai;
use crate::games::momojan::{Card, CardCounts, Game, PerSeat, RuleOptions};

/// Redraws allowed to find a tenpai hand for an opponent in riichi.
const RIICHI_TRIES: usize = 20;
/// At most this many extra candidate hands for an opponent who has been playing a while.
const MAX_SKILL_TRIES: usize = 5;

/// A playable game whose round matches `obs` for the observing seat, balances and pot as
/// the table shows them; `None` when the observation is inconsistent.
pub fn determinize(obs: &Obs, options: &RuleOptions, rng: &mut impl Rng) -> Option<Game> {
    let phase = phase_of(obs)?;
    let kan_made = obs.dora_indicators.len() >= 2;
    let mut pool = obs.unseen.to_vec();
    let opp = obs.opponent();
    let opp_size = obs.hand_sizes[opp];
    let hidden_dead = if kan_made { 1 } else { 3 };
    if pool.len() != opp_size + obs.cards_in_piles() + hidden_dead {
        return None;
    }
    let opp_hand = sample_opponent_hand(obs, &mut pool, rng);
    let mut rest = pool[opp_size..].iter().copied();
    let piles = obs
        .pile_sizes
        .map(|n| rest.by_ref().take(n).collect::<Vec<Card>>());
    let hidden: Vec<Card> = rest.collect();
    let dead_wall = dead_wall(obs, &hidden, kan_made)?;
    let players = PerSeat::from_fn(SeatCount::TWO, |s| Player {
        hand: if s == obs.seat { obs.hand } else { opp_hand },
        melds: obs.melds[s].to_vec(),
        discards: obs.discards[s].to_vec(),
        riichi: obs.riichi[s],
        ippatsu: ippatsu(obs, s),
    });
    let round = Round {
        dealer: obs.dealer,
        players,
        piles,
        dead_wall,
        kan_made,
        phase,
        end: None,
    };
    Some(Game {
        version: STATE_VERSION,
        options: options.clone(),
        first_dealer: obs.dealer,
        balances: obs.balances,
        pot: obs.pot,
        dealer: obs.dealer,
        honba: obs.honba,
        dealerships_passed: 0,
        round: Some(round),
        records: Vec::new(),
        pending_transfers: Vec::new(),
        outcome: None,
    })
}

/// Shuffles `pool` so that its first cards are the opponent's hand. The opponent is not a
/// random hand: it has been drawing and discarding toward a win, so of several random
/// hands (more the longer it has played) the one closest to tenpai is kept. An opponent in
/// riichi is tenpai, so its hand is redrawn until it is (a few tries).
fn sample_opponent_hand(obs: &Obs, pool: &mut [Card], rng: &mut impl Rng) -> CardCounts {
    let opp = obs.opponent();
    let size = obs.hand_sizes[opp];
    let melds = obs.melds[opp];
    let tries = 1 + obs.discards[opp].len().min(MAX_SKILL_TRIES);
    let mut best: Option<(i32, Vec<Card>)> = None;
    for _ in 0..tries {
        pool.shuffle(rng);
        let hand = CardCounts::from_cards(&pool[..size]);
        let distance = Layout::new(&hand).shanten_without(0);
        if best.as_ref().is_none_or(|(d, _)| distance < *d) {
            best = Some((distance, pool[..size].to_vec()));
        }
    }
    if let Some((_, cards)) = best {
        move_to_front(pool, &cards);
    }
    for _ in 0..RIICHI_TRIES {
        let hand = CardCounts::from_cards(&pool[..size]);
        if !obs.riichi[opp] || is_tenpai(&hand, melds) {
            return hand;
        }
        pool.shuffle(rng);
    }
    CardCounts::from_cards(&pool[..size])
}

/// Reorders `pool` so that it starts with `front` (a sub-multiset of it).
fn move_to_front(pool: &mut [Card], front: &[Card]) {
    for (i, card) in front.iter().enumerate() {
        if let Some(j) = pool[i..].iter().position(|c| c == card) {
            pool.swap(i, i + j);
        }
    }
}

/// The dead wall: the public indicator(s) and sampled hidden cards. After a kan the
/// replacement card has already been drawn, so its slot is never read again.
fn dead_wall(obs: &Obs, hidden: &[Card], kan_made: bool) -> Option<[Card; 4]> {
    let first = *obs.dora_indicators.first()?;
    if kan_made {
        let second = *obs.dora_indicators.get(1)?;
        let unused = *hidden.first()?;
        Some([first, second, unused, unused])
    } else {
        Some([first, *hidden.first()?, *hidden.get(1)?, *hidden.get(2)?])
    }
}

fn phase_of(obs: &Obs) -> Option<Phase> {
    let seat = obs.seat;
    Some(match obs.stage {
        Stage::TurnStart => Phase::TurnStart {
            seat,
            claimable: obs.claimable,
        },
        Stage::AfterDraw => Phase::AfterDraw {
            seat,
            drawn: obs.drawn?,
            three: false,
        },
        Stage::AfterOpening => Phase::AfterOpening { seat },
        Stage::AfterKan => Phase::AfterKan {
            seat,
            drawn: obs.drawn?,
        },
    })
}

/// The ippatsu window as far as the table shows it: open while the player's last discard is
/// an unclaimed riichi discard and we have not just opened a set (an opening closes it).
fn ippatsu(obs: &Obs, seat: crate::games::momojan::Seat) -> bool {
    let last_is_riichi = obs.discards[seat]
        .last()
        .is_some_and(|d| d.riichi && !d.claimed);
    let we_opened = seat != obs.seat && matches!(obs.stage, Stage::AfterOpening | Stage::AfterKan);
    obs.riichi[seat] && last_is_riichi && !we_opened
}
