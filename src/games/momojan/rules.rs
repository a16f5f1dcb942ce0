//! MOMOJAN as the host plays it ([`Play`]): dealing each round from the match's seed, who
//! acts, applying an action, the end. Each other trait of the interface sits in the file that
//! holds its code, the same file in every game: `Stored` in `codes.rs`, `Records` in
//! `records.rs`, `Settings` in `options.rs`, `Computer` in `computer`, `ScenarioFiles` in
//! `scenario` and `Shows` in `shown.rs`.

use super::card::{full_deck, Card};
use super::view::SeatView;
use super::{Action, Event, Game, Momojan, RuleError, RuleOptions};
use crate::games::interface::deal::{shuffled, DealProof, DeckSeed};
use crate::games::interface::seat::{Opponent, PerSeat, Seat, SeatCount};
use crate::games::interface::{Acting, Concession, Finish, Play};

/// The deck of round `round` of the game with this seed (rules §3.1): the ChaCha20 stream
/// numbered by the round, so a match replays from its seed and nothing else.
pub fn deck_for_round(seed: &DeckSeed, round: u32) -> Vec<Card> {
    shuffled(seed, round, &full_deck())
}

/// Deals the next round from `seed` when one is due (the game goes on and no round is in play).
fn deal_if_due(game: &mut Game, seed: &DeckSeed) -> Vec<Event> {
    if !game.needs_deal() {
        return Vec::new();
    }
    let deck = deck_for_round(seed, game.records.len() as u32);
    game.deal(&deck).expect("a seeded deck is always complete")
}

impl Play for Momojan {
    const ID: &'static str = "momojan";

    const SEATS: &'static [SeatCount] = &[SeatCount::TWO];

    type State = Game;

    type Action = Action;

    type Event = Event;

    type Refusal = RuleError;

    type Options = RuleOptions;

    type View = SeatView;

    /// MOMOJAN seats two: `seats` is always [`SeatCount::TWO`].
    fn start(
        seed: &DeckSeed,
        seats: SeatCount,
        first_dealer: Seat,
        options: RuleOptions,
    ) -> (Game, Vec<Event>) {
        debug_assert_eq!(seats, SeatCount::TWO);
        let mut game = Game::new(first_dealer, options);
        let events = deal_if_due(&mut game, seed);
        (game, events)
    }

    fn deal_proof(seed: &DeckSeed, round: u32, _options: &Self::Options) -> DealProof {
        DealProof::new(seed, round, &deck_for_round(seed, round))
    }

    fn seat_count(_state: &Game) -> SeatCount {
        SeatCount::TWO
    }

    /// Every MOMOJAN decision, a claim included, is one player's turn.
    fn to_act(state: &Game) -> Acting {
        state.to_act().map_or(Acting::Over, Acting::Turn)
    }

    fn legal_actions(state: &Game, seat: Seat) -> Vec<Action> {
        if state.to_act() == Some(seat) {
            state.legal_actions()
        } else {
            Vec::new()
        }
    }

    fn apply(
        state: &mut Game,
        seed: &DeckSeed,
        seat: Seat,
        action: Action,
    ) -> Result<Vec<Event>, RuleError> {
        let mut events = state.apply(seat, action)?;
        events.extend(deal_if_due(state, seed));
        Ok(events)
    }

    fn concede(state: &mut Game, seat: Seat, why: Concession) -> Result<Vec<Event>, RuleError> {
        state.concede(seat, why.into())
    }

    fn view(state: &Game, seat: Seat) -> SeatView {
        state.seat_view(seat)
    }

    fn view_actions(view: &SeatView) -> &[Action] {
        &view.legal_actions
    }

    fn view_seat(view: &SeatView) -> Seat {
        view.seat
    }

    fn balances(state: &Game) -> PerSeat<i64> {
        state.balances
    }

    fn pot(state: &Game) -> i64 {
        state.pot
    }

    fn rounds_played(state: &Game) -> usize {
        state.records.len()
    }

    fn finish(state: &Game) -> Option<Finish> {
        state.outcome.map(|o| Finish {
            ranking: vec![o.winner, o.winner.opponent()],
            reason: o.reason.id(),
            balances: state.balances,
        })
    }

    fn forced_action(state: &Game) -> Option<(Seat, Action)> {
        Some((state.to_act()?, state.riichi_auto_discard()?))
    }

    fn timeout_action(state: &Game, seat: Seat) -> Option<Action> {
        state
            .timeout_action()
            .filter(|_| state.to_act() == Some(seat))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::interface::deal::{commit, fresh_seed, verify};
    use crate::games::momojan::game::check_deck;
    use sha2::{Digest, Sha256};

    fn deal_proof(seed: &DeckSeed, round: u32) -> DealProof {
        Momojan::deal_proof(seed, round, &RuleOptions::default())
    }

    #[test]
    fn decks_are_complete_reproducible_and_differ_by_round() {
        let seed = [7u8; 32];
        let a = deck_for_round(&seed, 0);
        assert!(check_deck(&a).is_ok());
        assert_eq!(a, deck_for_round(&seed, 0));
        assert_ne!(a, deck_for_round(&seed, 1));
        assert_ne!(fresh_seed(), fresh_seed());
    }

    #[test]
    fn a_proof_verifies_and_a_tampered_one_does_not() {
        let seed = [9u8; 32];
        for round in 0..5 {
            let p = deal_proof(&seed, round);
            assert_eq!(p.commitment.len(), 64);
            assert!(verify(&p.commitment, &p.salt, &p.deck));
            let swapped = p.deck.replacen("Dog", "Cat", 1);
            assert!(!verify(&p.commitment, &p.salt, &swapped));
            let other_salt = deal_proof(&seed, round + 1).salt;
            assert!(!verify(&p.commitment, &other_salt, &p.deck));
        }
    }

    #[test]
    fn the_commitment_is_plain_sha256_of_salt_and_deck() {
        // `printf '%s' 'ab:p1 l2' | sha256sum`
        assert_eq!(
            commit("ab", "p1 l2"),
            hex::encode(Sha256::digest(b"ab:p1 l2"))
        );
        assert_ne!(deal_proof(&[1; 32], 0).salt, deal_proof(&[2; 32], 0).salt);
    }
}
