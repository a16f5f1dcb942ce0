//! Moves the bot makes for a player: the riichi player's automatic discard of a drawn card that
//! does not win, and the safe minimum played when a player's time runs out.

use super::action::Action;
use super::game::Game;
use super::round::Phase;

impl Game {
    /// The discard a riichi player makes without being asked (rules §5): after a draw that
    /// does not win, the drawn card. `None` when a choice remains (a tsumo is possible) or the
    /// player to act is not in riichi.
    pub fn riichi_auto_discard(&self) -> Option<Action> {
        let round = self.round.as_ref()?;
        let Phase::AfterDraw { seat, drawn, .. } = round.phase else {
            return None;
        };
        let legal = self.legal_actions();
        let discard = Action::Discard {
            card: drawn,
            riichi: false,
        };
        (round.players[seat].riichi && legal == [discard]).then_some(discard)
    }

    /// The safest legal minimum for a player whose time ran out: decline any claim by drawing
    /// from the fullest pile (or pass when the piles are empty), discard the card just drawn,
    /// and after an opening discard without drawing three. Never a win, a claim or riichi.
    pub fn timeout_action(&self) -> Option<Action> {
        let round = self.round.as_ref()?;
        let legal = self.legal_actions();
        let seat = round.phase.seat()?;
        let chosen = match round.phase {
            Phase::TurnStart { .. } => legal
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Draw { .. }))
                .max_by_key(|a| match a {
                    Action::Draw { pile } => (round.piles[*pile as usize].len(), 3 - *pile),
                    _ => (0, 0),
                })
                .or(Some(Action::Pass)),
            Phase::AfterDraw { drawn, .. } | Phase::AfterKan { drawn, .. } => {
                Some(Action::Discard {
                    card: drawn,
                    riichi: false,
                })
            }
            Phase::AfterOpening { .. } => {
                round.players[seat]
                    .hand
                    .kinds()
                    .last()
                    .map(|card| Action::Discard {
                        card,
                        riichi: false,
                    })
            }
            Phase::Over => None,
        };
        chosen.filter(|a| legal.contains(a))
    }
}

#[cfg(test)]
mod tests {
    use crate::games::drivers::seeded::Seeded;
    use crate::games::interface::seat::SeatCount;
    use crate::games::momojan::{Momojan, RuleOptions, Seat};

    #[test]
    fn timeouts_always_have_a_legal_move_and_finish_a_game() {
        for seed in 0..20u8 {
            let (mut game, _) = Seeded::<Momojan>::start(
                [seed; 32],
                SeatCount::TWO,
                Seat::ZERO,
                RuleOptions::default(),
            );
            let mut steps = 0;
            while let Some(seat) = game.game.to_act() {
                let action = game.game.timeout_action().expect("a safe move exists");
                assert!(!matches!(
                    action,
                    crate::games::momojan::Action::Tsumo | crate::games::momojan::Action::Ron
                ));
                game.apply(seat, action).unwrap();
                steps += 1;
                assert!(steps < 2000);
            }
        }
    }
}
