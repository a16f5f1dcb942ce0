//! What each seat may see: its own concealed pieces and everything public. [`PublicView`] has
//! no field that could hold the opponent's concealed pieces or the wall's order.

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::game::{Game, Outcome};
use super::group::Meld;
use super::piece::Kind;
use super::round::{Discard, Phase};
use crate::games::interface::seat::{PerSeat, Seat};

/// One player as the table shows them.
pub type PublicPlayer = crate::games::kit::view::PublicPlayer<Meld, Discard>;

/// The round in play, as everyone may see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicRound {
    pub index: u32,
    pub dealer: Seat,
    pub honba: u32,
    pub minimum: u32,
    pub indicators: Vec<Kind>,
    pub wall_left: usize,
    pub players: PerSeat<PublicPlayer>,
    pub to_act: Option<Seat>,
    /// The discard the player to act may claim, or the kan piece they may rob.
    pub claimable: Option<Kind>,
    /// Whose move and what kind of move; the piece a player drew is left out.
    pub phase: Phase,
}

/// Everything public about a game.
pub type PublicView = crate::games::kit::view::PublicView<PublicRound, Outcome>;

/// What one seat may see, with its legal actions (empty when not to act): its concealed pieces
/// in kind order, the piece just drawn when it is after a draw.
pub type SeatView = crate::games::kit::view::SeatView<PublicView, Kind, Kind, Action>;

impl Game {
    pub fn public_view(&self) -> PublicView {
        PublicView {
            balances: self.balances,
            pot: self.pot,
            rounds_played: self.records.len(),
            round: self.round.as_ref().map(|r| PublicRound {
                index: self.records.len() as u32,
                dealer: r.dealer,
                honba: r.honba,
                minimum: r.minimum(),
                indicators: r.indicators.clone(),
                wall_left: r.wall_left(),
                players: r.players.map(|_, p| PublicPlayer {
                    hand_size: p.concealed.len(),
                    melds: p.melds.clone(),
                    discards: p.discards.clone(),
                    riichi: p.riichi,
                }),
                to_act: r.to_act(),
                claimable: match r.phase {
                    Phase::Claim { discard, .. } => Some(discard),
                    Phase::Rob { card, .. } => Some(card),
                    _ => None,
                },
                phase: match r.phase {
                    Phase::Turn { seat, rinshan, .. } => Phase::Turn {
                        seat,
                        drawn: None,
                        rinshan,
                    },
                    other => other,
                },
            }),
            outcome: self.outcome,
        }
    }

    pub fn seat_view(&self, seat: Seat) -> SeatView {
        let round = self.round.as_ref();
        let player = round.map(|r| &r.players[seat]);
        let drawn = round.and_then(|r| match r.phase {
            Phase::Turn { seat: s, drawn, .. } if s == seat => drawn,
            _ => None,
        });
        SeatView {
            seat,
            public: self.public_view(),
            concealed: player.map(|p| p.concealed.to_vec()).unwrap_or_default(),
            drawn,
            waits: player.map(|p| p.waits()).unwrap_or_default(),
            furiten: player.is_some_and(|p| p.is_furiten()),
            legal_actions: if self.to_act() == Some(seat) {
                self.legal_actions()
            } else {
                Vec::new()
            },
        }
    }
}
