//! What the two-seat games' views share: a player as the table shows them and everything public
//! about a match, over each game's own groups, discards, round and outcome. Neither has a field
//! that could hold a concealed piece.

use serde::{Deserialize, Serialize};

use crate::games::interface::seat::{PerSeat, Seat};
use crate::games::interface::{Board, Group, Piece, RoundBoard, SeatBoard};

/// One player as the table shows them: how many pieces they hold, their open groups (`M`),
/// their discards (`D`) and whether they declared riichi.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicPlayer<M, D> {
    pub hand_size: usize,
    pub melds: Vec<M>,
    pub discards: Vec<D>,
    pub riichi: bool,
}

impl<M, D> PublicPlayer<M, D> {
    /// The seat as the table shows it, from each group as a group and each discard's piece,
    /// riichi and whether it was taken.
    pub fn seat_board(
        &self,
        group: impl Fn(&M) -> Group,
        discard: impl Fn(&D) -> (Piece, bool, bool),
    ) -> SeatBoard {
        SeatBoard {
            concealed: self.hand_size,
            groups: self.melds.iter().map(group).collect(),
            discards: super::shown::discards(&self.discards, discard),
            riichi: self.riichi,
            mark: None,
        }
    }
}

/// Everything public about a match: the balances, the pot, the rounds played, the round in
/// play (`R`) and the outcome (`O`); no concealed piece, no deck order, no seed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicView<R, O> {
    pub balances: PerSeat<i64>,
    pub pot: i64,
    pub rounds_played: usize,
    pub round: Option<R>,
    pub outcome: Option<O>,
}

impl<R, O> PublicView<R, O> {
    /// The public board, from the round in play as a board and the outcome's winner and the id
    /// of why the match ended.
    pub fn board(
        &self,
        round: impl Fn(&R) -> RoundBoard,
        over: impl Fn(&O) -> (Seat, &'static str),
    ) -> Board {
        Board {
            balances: self.balances,
            pot: self.pot,
            round: self.round.as_ref().map(round),
            over: self.outcome.as_ref().map(over),
        }
    }
}

/// What one seat may see: the public view (`V`), its own concealed pieces (`P`, in the game's
/// order) and the one it just drew, the waits (`K`) of its hand and whether it is furiten, and
/// its legal actions (`A`; empty when it may not act).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView<V, P, K, A> {
    pub seat: Seat,
    pub public: V,
    pub concealed: Vec<P>,
    pub drawn: Option<P>,
    pub waits: Vec<K>,
    pub furiten: bool,
    pub legal_actions: Vec<A>,
}
