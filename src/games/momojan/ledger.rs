//! Point transfers: every movement of points between the seats and the pot.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::action::Seat;

/// Who gives or receives points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Party {
    Seat(Seat),
    Pot,
}

/// Serialised as the seat number or the string `"pot"`, as in the scenario output.
impl Serialize for Party {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Party::Seat(seat) => s.serialize_u8((*seat).into()),
            Party::Pot => s.serialize_str("pot"),
        }
    }
}

impl<'de> Deserialize<'de> for Party {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Party, D::Error> {
        match serde_json::Value::deserialize(d)? {
            serde_json::Value::String(s) if s == "pot" => Ok(Party::Pot),
            serde_json::Value::Number(n) => n
                .as_u64()
                .and_then(Seat::from_index)
                .map(Party::Seat)
                .ok_or_else(|| serde::de::Error::custom("party must be 0, 1 or \"pot\"")),
            _ => Err(serde::de::Error::custom("party must be 0, 1 or \"pot\"")),
        }
    }
}

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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Transfer {
    pub from: Party,
    pub to: Party,
    pub amount: i64,
    pub reason: TransferReason,
}
