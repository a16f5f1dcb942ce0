//! What one seat may see (§13 of the host's contract): its own concealed tiles and everything
//! public. [`PublicRound`] has no field for another seat's concealed tiles, the wall's order or
//! the ura indicators.

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::closed::Closed;
use super::game::{Game, Outcome, Stage};
use super::options::Options;
use super::round::{Discarded, Phase, Round};
use crate::games::interface::seat::{PerSeat, Seat, SeatSet};
use crate::games::kit::mahjong::hand::Meld;
use crate::games::kit::mahjong::tile::{Kind, Tile};
use crate::games::kit::mahjong::waits::waits;
use crate::games::kit::mahjong::yaku::RiichiKind;

/// One player as the table shows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicPlayer {
    pub hand_size: usize,
    pub melds: Vec<Meld>,
    pub pond: Vec<Discarded>,
    pub riichi: RiichiKind,
}

/// The round in play, as everyone may see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicRound {
    pub index: usize,
    pub dealership: u8,
    pub dealer: Seat,
    pub honba: u32,
    pub minimum_han: u8,
    pub dora_indicators: Vec<Tile>,
    pub live_left: usize,
    pub kans: usize,
    pub players: PerSeat<PublicPlayer>,
    /// The seats that may act now.
    pub acting: Vec<Seat>,
    /// The discard (or kan tile) a claim window is open on.
    pub claimable: Option<Tile>,
}

/// Everything public about a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicView {
    pub options: Options,
    pub first_dealer: Seat,
    pub points: PerSeat<i64>,
    pub pot: i64,
    pub rounds_played: usize,
    pub round: Option<PublicRound>,
    pub agari_choice: bool,
    pub outcome: Option<Outcome>,
    /// The last claim window someone answered, once closed: its answers are public (calls
    /// are declared aloud).
    pub last_claims: Option<Closed>,
}

/// What one seat may see, with its legal actions (empty when it may not act): its concealed
/// tiles in tile order (the drawn one among them), the waits of a 13-tile hand (empty while
/// holding 14).
pub type SeatView = crate::games::kit::view::SeatView<PublicView, Tile, Kind, Action>;

impl Game {
    pub fn public_view(&self) -> PublicView {
        PublicView {
            options: self.options,
            first_dealer: self.first_dealer,
            points: self.scores.points,
            pot: self.scores.pot,
            rounds_played: self.records.len(),
            round: self.live_round().map(public_round),
            agari_choice: self.stage == Stage::AgariChoice,
            outcome: self.outcome.clone(),
            last_claims: self.last_claims.clone(),
        }
    }

    pub fn seat_view(&self, seat: Seat) -> SeatView {
        let round = self.live_round();
        let player = round.map(|r| &r.players[seat]);
        let concealed = player.map(|p| p.hand.tiles()).unwrap_or_default();
        let waits = match player {
            Some(p) if p.hand.len() % 3 == 1 => waits(p.hand.counts(), &p.melds).iter().collect(),
            _ => Vec::new(),
        };
        SeatView {
            seat,
            public: self.public_view(),
            concealed,
            drawn: player.and_then(|p| p.drawn),
            waits,
            furiten: round.is_some_and(|r| r.is_furiten(seat)),
            legal_actions: self.legal_actions(seat),
        }
    }
}

fn public_round(r: &Round) -> PublicRound {
    let acting: SeatSet = r.acting().seats();
    PublicRound {
        index: r.index,
        dealership: r.dealership,
        dealer: r.dealer,
        honba: r.honba,
        minimum_han: r.minimum_han,
        dora_indicators: r.wall.dora_indicators().to_vec(),
        live_left: r.wall.live_left(),
        kans: r.wall.kans(),
        players: r.players.map(|_, p| PublicPlayer {
            hand_size: p.hand.len(),
            melds: p.melds.clone(),
            pond: p.pond.clone(),
            riichi: p.riichi,
        }),
        acting: acting.iter().collect(),
        claimable: match &r.phase {
            Phase::Claims { window } => Some(window.tile),
            _ => None,
        },
    }
}
