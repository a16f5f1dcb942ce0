//! Seats and per-seat values, shared by every two-player game.

use std::fmt;
use std::ops::{Index, IndexMut};

use serde::{Deserialize, Serialize};

/// One of the two seats. Serialised as `0` or `1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub enum Seat {
    Zero,
    One,
}

impl Seat {
    pub const BOTH: [Seat; 2] = [Seat::Zero, Seat::One];

    pub fn other(self) -> Seat {
        match self {
            Seat::Zero => Seat::One,
            Seat::One => Seat::Zero,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(index: u64) -> Option<Seat> {
        match index {
            0 => Some(Seat::Zero),
            1 => Some(Seat::One),
            _ => None,
        }
    }
}

impl From<Seat> for u8 {
    fn from(seat: Seat) -> u8 {
        seat as u8
    }
}

impl TryFrom<u8> for Seat {
    type Error = String;
    fn try_from(value: u8) -> Result<Seat, String> {
        Seat::from_index(value.into()).ok_or_else(|| format!("seat must be 0 or 1, not {value}"))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.index())
    }
}

/// One value per seat: a two-field type, so that neither seat is an array index by convention.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PerSeat<T> {
    pub zero: T,
    pub one: T,
}

impl<T> PerSeat<T> {
    pub fn new(zero: T, one: T) -> PerSeat<T> {
        PerSeat { zero, one }
    }

    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> PerSeat<T> {
        PerSeat {
            zero: f(Seat::Zero),
            one: f(Seat::One),
        }
    }

    pub fn map<U>(&self, mut f: impl FnMut(Seat, &T) -> U) -> PerSeat<U> {
        PerSeat {
            zero: f(Seat::Zero, &self.zero),
            one: f(Seat::One, &self.one),
        }
    }

    /// The two values in seat order.
    pub fn to_array(&self) -> [T; 2]
    where
        T: Clone,
    {
        [self.zero.clone(), self.one.clone()]
    }
}

impl<T> Index<Seat> for PerSeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        match seat {
            Seat::Zero => &self.zero,
            Seat::One => &self.one,
        }
    }
}

impl<T> IndexMut<Seat> for PerSeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        match seat {
            Seat::Zero => &mut self.zero,
            Seat::One => &mut self.one,
        }
    }
}
