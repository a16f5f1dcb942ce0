//! What a game adds to the records the host keeps: the ledger of every movement of points
//! with its reason, a move's counters while the game is played, and each seat's record once it
//! is over.

use super::ledger::Transfer;
use super::play::Play;
use super::seat::Seat;

/// One movement of points as the match's ledger keeps it: the round it counts for and the
/// game's stable reason id (`ante`, `riichi`, `win`, … and `final_pot`, the pot handed to the
/// winner at the end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LedgerEntry {
    /// 0-based round the points moved for.
    pub round: usize,
    pub transfer: Transfer<&'static str>,
}

/// The ledger reason of the pot left at the end of a game, which every game hands to the
/// winner without a transfer of its own.
pub const FINAL_POT: &str = "final_pot";

/// What one move adds to its player's counters while a game is played.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MoveCounters {
    /// The move declared riichi.
    pub riichi: bool,
    /// The player's own discard left them furiten (they were not before).
    pub furiten: bool,
}

/// A winning hand on a player's record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WonHand {
    /// The hand's value in points.
    pub points: i64,
    /// The game's stable ids of its yaku.
    pub yaku: Vec<&'static str>,
}

/// What a finished game adds to one seat's record.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SeatRecord {
    /// Points won (positive) or lost over the game, against the starting balance.
    pub net: i64,
    pub rounds: i64,
    pub won: Vec<WonHand>,
    /// Rounds this seat lost by discarding another player's winning piece.
    pub deal_ins: i64,
}

/// What the host's records need of a game.
pub trait Records: Play {
    /// Every way this game ends, as stable ids (`Finish::reason`; `resigned` and `forfeit`
    /// included).
    const END_REASONS: &'static [&'static str];
    /// Every reason this game moves points for, as stable ids ([`FINAL_POT`] included).
    const TRANSFER_REASONS: &'static [&'static str];

    /// The ledger of one step from `before` (`None`: the game's start) to `after` through
    /// `events`.
    fn ledger(
        before: Option<&Self::State>,
        after: &Self::State,
        events: &[Self::Event],
    ) -> Vec<LedgerEntry>;
    /// What `seat`'s move from `before` to `after` adds to its counters.
    fn move_counters(
        before: &Self::State,
        after: &Self::State,
        seat: Seat,
        action: Self::Action,
    ) -> MoveCounters;
    /// What a finished game adds to `seat`'s record.
    fn seat_record(state: &Self::State, seat: Seat) -> SeatRecord;
}
