//! MOMOJAN as the host plays it ([`Play`]): dealing each round from the match's seed, who
//! acts, applying an action, the end. Each other trait of the interface sits in the file that
//! holds its code, the same file in every game: `Stored` in `codes.rs`, `Records` in
//! `records.rs`, `Settings` in `options.rs`, `Computer` in `computer`, `ScenarioFiles` in
//! `scenario` and `Shows` in `shown.rs`.

use super::card::{full_deck, Card};
use super::view::SeatView;
use super::{Action, Event, Game, Momojan, RuleError, RuleOptions};
use crate::games::interface::seat::{Seat, SeatCount};
use crate::games::interface::Play;
use crate::games::kit::play::{deal_shuffled, forward_play};

// Each round is dealt from a fresh shuffle of the full deck (rules §3.1).
deal_shuffled!(full_deck, Card, Game, Event);

impl Play for Momojan {
    const ID: &'static str = "momojan";

    const SEATS: &'static [SeatCount] = &[SeatCount::TWO];

    type State = Game;

    type Action = Action;

    type Event = Event;

    type Refusal = RuleError;

    type Options = RuleOptions;

    type View = SeatView;

    // MOMOJAN seats two, and every decision, a claim included, is one player's turn.
    forward_play!(two_seat_game(deal_if_due));

    forward_play!(proof_of(deck_for_round));

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
    use crate::games::interface::deal::{commit, fresh_seed, verify, DealProof, DeckSeed};
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
