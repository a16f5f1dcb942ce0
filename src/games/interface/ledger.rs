//! Point transfers as every game keeps them: each movement of points between the seats and
//! the pot, with the game's own reasons.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::games::interface::seat::{PerSeat, Seat};

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

/// One movement of points, with the game's reason `R`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Transfer<R> {
    pub from: Party,
    pub to: Party,
    pub amount: i64,
    pub reason: R,
}

impl<R> Transfer<R> {
    /// Moves the points: out of `from`, into `to`, each a seat's balance or the pot.
    pub fn move_points(&self, balances: &mut PerSeat<i64>, pot: &mut i64) {
        for (party, delta) in [(self.from, -self.amount), (self.to, self.amount)] {
            match party {
                Party::Seat(s) => balances[s] += delta,
                Party::Pot => *pot += delta,
            }
        }
    }
}
