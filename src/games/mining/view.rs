//! What one seat may see: everything public — points, the pot, each column's height and only
//! its top tile, the pieces, calls, discards, riichi, the dora indicators — its own concealed
//! tiles, the tiles it obtained this turn, the part of a move it has chosen, and its legal
//! parts. No field holds another seat's concealed tile or a tile below a column's top.

use serde::{Deserialize, Serialize};

use super::board::{Cell, SIZE};
use super::game::{End, Game};
use super::options::Options;
use super::parts::{Act, Pending};
use super::round::{Phase, Round};
use super::table::Table;
use crate::games::interface::seat::Seat;
use crate::games::kit::mahjong::hand::Meld;
use crate::games::kit::mahjong::tile::{Kind, Tile};

/// One player as everyone sees them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicPlayer {
    pub hand_size: usize,
    /// Concealed tiles only (calls aside).
    pub concealed: usize,
    pub melds: Vec<Meld>,
    pub discards: Vec<Tile>,
    pub piece: Cell,
    pub riichi: bool,
}

/// The round in play (or just ended), as everyone sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicRound {
    /// 0-based.
    pub index: usize,
    pub dealer: usize,
    pub round_wind: Kind,
    /// The dealership's number in its wind (1…N).
    pub number: usize,
    pub honba: u32,
    pub turn: u32,
    pub last_turn: u32,
    pub kans: usize,
    pub indicators: Vec<Tile>,
    /// Each cell's height, in [`Cell::all`]'s order.
    pub heights: Vec<u8>,
    /// Each cell's top tile, `None` on the ground, in [`Cell::all`]'s order.
    pub tops: Vec<Option<Tile>>,
    pub players: Vec<PublicPlayer>,
    /// The seats to act.
    pub acting: Vec<usize>,
    /// The discard (or kan tile) a claim window is open on.
    pub claimable: Option<Tile>,
    /// The cells the discards a claim window is open on are going to (public: the table's
    /// picture marks them, and so does every seat's).
    #[serde(default)]
    pub placed: Vec<Cell>,
    pub ended: bool,
}

/// Everything public about a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicView {
    pub n: usize,
    pub options: Options,
    pub first_dealer: usize,
    pub points: Vec<i64>,
    pub pot: i64,
    pub rounds_played: usize,
    pub round: Option<PublicRound>,
    /// The dealer's choice to end or go on after a last-round win.
    pub choosing: bool,
    pub over: Option<End>,
    /// Seats from first rank to last, once over.
    pub ranking: Vec<usize>,
}

/// What one seat sees.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Seat,
    pub public: PublicView,
    /// Its concealed tiles, in tile order.
    pub concealed: Vec<Tile>,
    /// The tiles it obtained this turn, in order, each with whether it was a replacement tile.
    pub obtained: Vec<(Tile, bool)>,
    /// The stage of its own turn, while it is its turn to move, discard or decide.
    pub phase: Option<Phase>,
    pub furiten: bool,
    /// The part of a move it has chosen so far.
    pub pending: Option<Pending>,
    pub legal_actions: Vec<Act>,
    /// Where its piece can go this turn (or, deciding, where its discards can be placed):
    /// public, and highlighted on its picture of the board.
    #[serde(default)]
    pub reachable: Vec<Cell>,
}

impl PublicRound {
    fn of(game: &Game, index: usize, r: &Round) -> PublicRound {
        let claimable = match &r.phase {
            Phase::Claims { window, .. } | Phase::Robbing { window, .. } => Some(window.tile),
            _ => None,
        };
        let dealership = (r.dealer + r.n - game.first_dealer) % r.n;
        PublicRound {
            index,
            dealer: r.dealer,
            round_wind: r.round_wind,
            number: dealership + 1,
            honba: r.honba,
            turn: r.turn,
            last_turn: r.last_turn(),
            kans: r.kans,
            indicators: r.indicators(),
            heights: Cell::all().map(|c| r.board.height(c) as u8).collect(),
            tops: r.board.tops(),
            players: r
                .players
                .iter()
                .map(|p| PublicPlayer {
                    hand_size: p.size(),
                    concealed: p.hand.len(),
                    melds: p.melds.clone(),
                    discards: p.discards.clone(),
                    piece: p.piece,
                    riichi: p.in_riichi(),
                })
                .collect(),
            acting: if game.choosing {
                Vec::new()
            } else {
                r.to_act()
            },
            claimable,
            placed: match &r.phase {
                Phase::Claims { pending, .. } => pending.cells.clone(),
                _ => Vec::new(),
            },
            ended: r.outcome.is_some(),
        }
    }

    /// The height of cell `c`.
    pub fn height(&self, c: Cell) -> u8 {
        self.heights[usize::from(c.y) * SIZE + usize::from(c.x)]
    }

    /// The top tile of cell `c`.
    pub fn top(&self, c: Cell) -> Option<Tile> {
        self.tops[usize::from(c.y) * SIZE + usize::from(c.x)]
    }
}

impl PublicView {
    pub fn of(table: &Table) -> PublicView {
        let g = &table.game;
        PublicView {
            n: g.n,
            options: g.options,
            first_dealer: g.first_dealer,
            points: table.points(),
            pot: table.pot(),
            rounds_played: table.rounds_played(),
            round: g
                .rounds
                .last()
                .map(|r| PublicRound::of(g, g.rounds.len() - 1, r)),
            choosing: g.choosing,
            over: g.over,
            ranking: if g.over.is_some() {
                g.ranking()
            } else {
                Vec::new()
            },
        }
    }
}

impl SeatView {
    pub fn of(table: &Table, seat: Seat) -> SeatView {
        let s = seat.index();
        let player = table.game.round().map(|r| &r.players[s]);
        SeatView {
            seat,
            public: PublicView::of(table),
            concealed: player.map(|p| p.hand.tiles()).unwrap_or_default(),
            obtained: player.map(|p| p.obtained.clone()).unwrap_or_default(),
            phase: table
                .game
                .round()
                .filter(|_| !table.game.choosing)
                .map(|r| r.phase.clone())
                .filter(|ph| match ph {
                    Phase::Start { seat } | Phase::Refill { seat } | Phase::Decide { seat, .. } => {
                        *seat == s
                    }
                    _ => false,
                }),
            furiten: table.game.round().is_some_and(|r| r.is_furiten(s)),
            pending: table.pending_of(s).cloned(),
            legal_actions: super::parts::legal(&table.game, table.pending_of(s), s),
            reachable: table
                .game
                .round()
                .filter(|_| !table.game.choosing)
                .map(|r| r.reachable(s))
                .unwrap_or_default(),
        }
    }
}
