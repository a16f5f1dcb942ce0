//! Point transfers: every movement of points between the seats and the pot.

use serde::{Deserialize, Serialize};

pub use crate::games::interface::ledger::Party;

/// Why points moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TransferReason {
    /// The non-dealer's ante into the pot.
    Ante,
    /// The loser pays the winner.
    Win,
    /// The exhaustive-draw payment.
    Draw,
    /// The pot goes to the round's winner.
    Pot,
}

/// One movement of points.
pub type Transfer = crate::games::interface::ledger::Transfer<TransferReason>;
