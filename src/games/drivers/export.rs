//! A finished game as a scenario file of its game's public format: every round's deck (the
//! deck a seed dealt, revealed now that the game is over) with the actions played in it, the
//! concession that ended it if one did, and each round's fair-deal proof. `momojan scenario`
//! on the file prints the game's stored result, so anyone can check a match with the engine's
//! own tool.
//!
//! Written once for every game over [`Hosted`]: a game supplies only how its options and
//! actions are written in its format.

use serde_json::{json, Value};

use crate::games::interface::deal::DeckSeed;
use crate::games::interface::seat::{Seat, SeatCount};
use crate::games::interface::{Hosted, Step};

pub use crate::games::interface::{ExportContext, ExtraFile};

/// Why a log cannot be exported.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExportError<E: std::error::Error> {
    /// A logged move the game refuses when replayed from the seed (a damaged log).
    #[error("move {index} does not replay: {refusal}")]
    Replay { index: usize, refusal: E },
}

/// The scenario file that replays `steps` from `seed`.
///
/// Call it only for a finished game: the file reveals every deck.
///
/// # Errors
/// [`ExportError::Replay`] at the first move the game refuses.
pub fn export<R: Hosted>(
    seed: &DeckSeed,
    seats: SeatCount,
    first_dealer: Seat,
    options: &R::Options,
    steps: &[Step<R::Action>],
) -> Result<Value, ExportError<R::Refusal>> {
    let (mut state, _) = R::start(seed, seats, first_dealer, options.clone());
    let mut actions: Vec<Vec<Value>> = Vec::new();
    let mut dealt = rounds_dealt::<R>(&state);
    let mut concession = None;
    for (index, step) in steps.iter().enumerate() {
        let replayed = match *step {
            Step::Play(seat, action) => {
                let round = R::rounds_played(&state);
                if actions.len() <= round {
                    actions.resize_with(round + 1, Vec::new);
                }
                if let Some(mut v) = R::scenario_step(&state, seat, action) {
                    v["seat"] = json!(seat.index());
                    actions[round].push(v);
                }
                R::apply(&mut state, seed, seat, action)
            }
            Step::Concede(seat, why) => {
                concession = Some(json!({ "seat": seat.index(), "reason": why.id() }));
                R::concede(&mut state, seat, why)
            }
        };
        replayed.map_err(|refusal| ExportError::Replay { index, refusal })?;
        dealt = dealt.max(rounds_dealt::<R>(&state));
    }
    actions.resize_with(dealt.max(actions.len()), Vec::new);
    let rounds: Vec<Value> = actions
        .into_iter()
        .enumerate()
        .map(|(r, actions)| {
            let proof = R::deal_proof(seed, r as u32, options);
            let deck: Vec<&str> = proof.deck.split(' ').collect();
            json!({
                "deck": deck,
                "actions": actions,
                "proof": { "commitment": proof.commitment, "salt": proof.salt },
            })
        })
        .collect();
    let mut doc = json!({
        "game": R::ID,
        "first_dealer": first_dealer.index(),
        "options": R::scenario_options(options),
        "rounds": rounds,
    });
    // A game played at more than one table size says how many played (`players`).
    if R::SEATS.len() > 1 {
        doc["players"] = json!(seats.get());
    }
    if let Some(c) = concession {
        doc["concession"] = c;
    }
    Ok(doc)
}

/// Rounds dealt so far: the finished ones and the one in play.
fn rounds_dealt<R: Hosted>(state: &R::State) -> usize {
    R::rounds_played(state) + usize::from(!R::to_act(state).is_over())
}

/// A game at one step of its log, with where its rounds start.
#[derive(Debug, Clone)]
pub struct Replayed<S> {
    /// The state after `step` moves (0: the first deal).
    pub state: S,
    /// Whether the move that led to `step` ended a round.
    pub ended_round: bool,
    /// When it did, the state just before it: the round's table as it ended (`state` has the
    /// next round dealt already).
    pub before_end: Option<S>,
    /// The step at which each round was dealt, in order (round 0 at step 0).
    pub round_starts: Vec<usize>,
}

/// Replays `steps` from `seed` and keeps the state after the first `step` of them (`step` is
/// clamped to the log's length).
///
/// # Errors
/// [`ExportError::Replay`] at the first move the game refuses.
pub fn replay<R: Hosted>(
    seed: &DeckSeed,
    seats: SeatCount,
    first_dealer: Seat,
    options: &R::Options,
    steps: &[Step<R::Action>],
    step: usize,
) -> Result<Replayed<R::State>, ExportError<R::Refusal>> {
    let step = step.min(steps.len());
    let (mut state, _) = R::start(seed, seats, first_dealer, options.clone());
    let mut at_step = (step == 0).then(|| state.clone());
    let mut ended_round = false;
    let mut before_end = None;
    let mut round_starts = vec![0];
    for (index, s) in steps.iter().enumerate() {
        let (dealt, played) = (rounds_dealt::<R>(&state), R::rounds_played(&state));
        let before = (index + 1 == step).then(|| state.clone());
        let replayed = match *s {
            Step::Play(seat, action) => R::apply(&mut state, seed, seat, action),
            Step::Concede(seat, why) => R::concede(&mut state, seat, why),
        };
        replayed.map_err(|refusal| ExportError::Replay { index, refusal })?;
        if rounds_dealt::<R>(&state) > dealt {
            round_starts.push(index + 1);
        }
        if index + 1 == step {
            ended_round = R::rounds_played(&state) > played;
            before_end = before.filter(|_| ended_round);
            at_step = Some(state.clone());
        }
    }
    Ok(Replayed {
        state: at_step.expect("step is within the log"),
        ended_round,
        before_end,
        round_starts,
    })
}
