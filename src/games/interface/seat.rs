//! Seats, table sizes and per-seat values, shared by every game: a table seats two to four
//! players, numbered 0 … n−1 in turn order (seat k+1 plays after seat k, and seat 0 after the
//! last).

use std::fmt;
use std::ops::{Index, IndexMut};

use serde::de::{self, MapAccess, SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The most seats a table has.
pub const MAX_SEATS: usize = 4;

/// One seat at a table, numbered in turn order from 0. Serialised as its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Seat(u8);

impl Seat {
    pub const ZERO: Seat = Seat(0);
    pub const ONE: Seat = Seat(1);
    pub const TWO: Seat = Seat(2);
    pub const THREE: Seat = Seat(3);
    /// Every seat a table can have, in turn order.
    pub const ALL: [Seat; MAX_SEATS] = [Seat::ZERO, Seat::ONE, Seat::TWO, Seat::THREE];

    /// The seat numbered `index`, `None` past the largest table.
    pub fn from_index(index: u64) -> Option<Seat> {
        u8::try_from(index)
            .ok()
            .filter(|i| usize::from(*i) < MAX_SEATS)
            .map(Seat)
    }

    /// The seat's number, 0-based.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The seat that plays after this one at a table of `seats`.
    pub fn next(self, seats: SeatCount) -> Seat {
        Seat((self.0 + 1) % seats.0)
    }

    /// The seat that plays before this one (its left neighbour, 上家) at a table of `seats`.
    pub fn previous(self, seats: SeatCount) -> Seat {
        Seat((self.0 + seats.0 - 1) % seats.0)
    }

    /// How many places after this seat `other` plays: 0 for itself, 1 for the next seat.
    pub fn distance_to(self, other: Seat, seats: SeatCount) -> u8 {
        (other.0 + seats.0 - self.0) % seats.0
    }

    /// The seat `steps` places after this one.
    pub fn after(self, steps: usize, seats: SeatCount) -> Seat {
        Seat(((usize::from(self.0) + steps) % usize::from(seats.0)) as u8)
    }
}

impl From<Seat> for u8 {
    fn from(seat: Seat) -> u8 {
        seat.0
    }
}

impl TryFrom<u8> for Seat {
    type Error = String;
    fn try_from(value: u8) -> Result<Seat, String> {
        Seat::from_index(value.into())
            .ok_or_else(|| format!("seat must be 0 to {}, not {value}", MAX_SEATS - 1))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// How many seats a table has: 2, 3 or 4. Serialised as the number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct SeatCount(u8);

impl SeatCount {
    pub const TWO: SeatCount = SeatCount(2);
    pub const THREE: SeatCount = SeatCount(3);
    pub const FOUR: SeatCount = SeatCount(4);
    /// Every table size, smallest first.
    pub const ALL: [SeatCount; 3] = [SeatCount::TWO, SeatCount::THREE, SeatCount::FOUR];

    /// The table of `n` seats, `None` unless 2 ≤ n ≤ 4.
    pub fn new(n: usize) -> Option<SeatCount> {
        (2..=MAX_SEATS).contains(&n).then_some(SeatCount(n as u8))
    }

    /// The number of seats.
    pub fn get(self) -> usize {
        usize::from(self.0)
    }

    /// The seats in turn order.
    pub fn seats(self) -> impl DoubleEndedIterator<Item = Seat> + ExactSizeIterator + Clone {
        (0..self.0).map(Seat)
    }

    /// Whether `seat` is one of this table's.
    pub fn has(self, seat: Seat) -> bool {
        seat.0 < self.0
    }

    /// The seats in turn order starting at `first`.
    pub fn from_seat(self, first: Seat) -> impl Iterator<Item = Seat> + Clone {
        (0..self.0).map(move |k| Seat((first.0 + k) % self.0))
    }
}

impl From<SeatCount> for u8 {
    fn from(n: SeatCount) -> u8 {
        n.0
    }
}

impl TryFrom<u8> for SeatCount {
    type Error = String;
    fn try_from(value: u8) -> Result<SeatCount, String> {
        SeatCount::new(value.into())
            .ok_or_else(|| format!("a table seats 2 to {MAX_SEATS}, not {value}"))
    }
}

impl fmt::Display for SeatCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A set of seats (those asked to answer a discard, say).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set of one seat.
    pub fn one(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }

    /// Whether `seat` is in the set.
    pub fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    /// The set with `seat` added.
    pub fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | (1 << seat.0))
    }

    /// The set with `seat` taken out.
    pub fn without(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 & !(1 << seat.0))
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The seats, ascending.
    pub fn iter(self) -> impl DoubleEndedIterator<Item = Seat> + Clone {
        Seat::ALL.into_iter().filter(move |s| self.contains(*s))
    }

    /// The lowest seat, `None` when empty.
    pub fn first(self) -> Option<Seat> {
        self.iter().next()
    }

    /// The one seat of a set of one, `None` otherwise.
    pub fn single(self) -> Option<Seat> {
        (self.len() == 1).then(|| self.first()).flatten()
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> SeatSet {
        iter.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

/// One value per seat of a table of two to four: indexed by [`Seat`], never by convention.
/// Serialised as a list in seat order; a list of a table of two stored by an older release
/// as `{"zero": …, "one": …}` reads back too.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PerSeat<T> {
    values: [Option<T>; MAX_SEATS],
}

impl<T> PerSeat<T> {
    /// A table of two: `zero` for seat 0, `one` for seat 1.
    pub fn new(zero: T, one: T) -> PerSeat<T> {
        PerSeat {
            values: [Some(zero), Some(one), None, None],
        }
    }

    /// A value for each seat of a table of `seats`.
    pub fn from_fn(seats: SeatCount, mut f: impl FnMut(Seat) -> T) -> PerSeat<T> {
        let mut values = [None, None, None, None];
        for seat in seats.seats() {
            values[seat.index()] = Some(f(seat));
        }
        PerSeat { values }
    }

    /// The values in seat order, `None` unless there are 2 to 4 of them.
    pub fn from_vec(values: Vec<T>) -> Option<PerSeat<T>> {
        SeatCount::new(values.len())?;
        let mut slots = [None, None, None, None];
        for (slot, value) in slots.iter_mut().zip(values) {
            *slot = Some(value);
        }
        Some(PerSeat { values: slots })
    }

    /// The same value for every seat of a table of `seats`.
    pub fn filled(seats: SeatCount, value: T) -> PerSeat<T>
    where
        T: Clone,
    {
        PerSeat::from_fn(seats, |_| value.clone())
    }

    /// How many seats.
    pub fn seat_count(&self) -> SeatCount {
        SeatCount(self.values.iter().filter(|v| v.is_some()).count() as u8)
    }

    /// The number of seats, as a length.
    pub fn len(&self) -> usize {
        self.seat_count().get()
    }

    /// Never: a table has at least two seats (for clippy's `len_without_is_empty`).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The value of `seat`, `None` when the table has no such seat.
    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.values[seat.index()].as_ref()
    }

    /// Each value with its seat, in seat order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (Seat, &T)> + Clone {
        Seat::ALL
            .into_iter()
            .zip(&self.values)
            .filter_map(|(seat, v)| v.as_ref().map(|v| (seat, v)))
    }

    /// The values in seat order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &T> + Clone {
        self.values.iter().flatten()
    }

    /// The seats, in order.
    pub fn seats(&self) -> impl DoubleEndedIterator<Item = Seat> + ExactSizeIterator + Clone {
        self.seat_count().seats()
    }

    /// A value per seat made from each seat's value.
    pub fn map<U>(&self, mut f: impl FnMut(Seat, &T) -> U) -> PerSeat<U> {
        PerSeat::from_fn(self.seat_count(), |seat| f(seat, &self[seat]))
    }

    /// The values in seat order.
    pub fn to_vec(&self) -> Vec<T>
    where
        T: Clone,
    {
        self.values().cloned().collect()
    }
}

/// Two default values: the default of the two-seat games' older stored states, which lack a
/// per-seat field a later release added. Games of more seats never rely on it.
impl<T: Default> Default for PerSeat<T> {
    fn default() -> PerSeat<T> {
        PerSeat::new(T::default(), T::default())
    }
}

impl<T> Index<Seat> for PerSeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        match &self.values[seat.index()] {
            Some(value) => value,
            None => panic!("{seat} is not a seat of this table of {}", self.len()),
        }
    }
}

impl<T> IndexMut<Seat> for PerSeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        let seats = self.len();
        match &mut self.values[seat.index()] {
            Some(value) => value,
            None => panic!("{seat} is not a seat of this table of {seats}"),
        }
    }
}

impl<T: fmt::Debug> fmt::Debug for PerSeat<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.values()).finish()
    }
}

impl<T: Serialize> Serialize for PerSeat<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len()))?;
        for value in self.values() {
            seq.serialize_element(value)?;
        }
        seq.end()
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for PerSeat<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PerSeat<T>, D::Error> {
        d.deserialize_any(PerSeatVisitor(std::marker::PhantomData))
    }
}

struct PerSeatVisitor<T>(std::marker::PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for PerSeatVisitor<T> {
    type Value = PerSeat<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a list of 2 to {MAX_SEATS} values, one per seat")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<PerSeat<T>, A::Error> {
        let mut values = Vec::new();
        while let Some(value) = seq.next_element()? {
            if values.len() == MAX_SEATS {
                return Err(de::Error::invalid_length(MAX_SEATS + 1, &self));
            }
            values.push(value);
        }
        let n = values.len();
        PerSeat::from_vec(values).ok_or_else(|| de::Error::invalid_length(n, &self))
    }

    /// A table of two as an older release stored it: `{"zero": …, "one": …}`.
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<PerSeat<T>, A::Error> {
        let (mut zero, mut one) = (None, None);
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "zero" if zero.is_none() => zero = Some(map.next_value()?),
                "one" if one.is_none() => one = Some(map.next_value()?),
                "zero" | "one" => return Err(de::Error::duplicate_field("seat")),
                other => return Err(de::Error::unknown_field(other, &["zero", "one"])),
            }
        }
        match (zero, one) {
            (Some(zero), Some(one)) => Ok(PerSeat::new(zero, one)),
            (None, _) => Err(de::Error::missing_field("zero")),
            (_, None) => Err(de::Error::missing_field("one")),
        }
    }
}

/// In a game of two seats only: the other player. Games of more seats never say it.
pub trait Opponent {
    /// The other seat of a table of two.
    fn opponent(self) -> Seat;
}

impl Opponent for Seat {
    fn opponent(self) -> Seat {
        debug_assert!(self.0 < 2, "{self} is not a seat of a table of two");
        Seat(1 - self.0.min(1))
    }
}

/// The seats of a table of two, in order.
pub const BOTH: [Seat; 2] = [Seat::ZERO, Seat::ONE];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_follow_each_other_round_the_table() {
        let four = SeatCount::FOUR;
        assert_eq!(Seat::THREE.next(four), Seat::ZERO);
        assert_eq!(Seat::ZERO.previous(four), Seat::THREE);
        assert_eq!(Seat::ONE.next(SeatCount::TWO), Seat::ZERO);
        assert_eq!(Seat::TWO.distance_to(Seat::ONE, four), 3);
        assert_eq!(Seat::TWO.distance_to(Seat::TWO, four), 0);
        assert_eq!(Seat::ONE.after(5, SeatCount::THREE), Seat::ZERO);
        let order: Vec<Seat> = SeatCount::THREE.from_seat(Seat::TWO).collect();
        assert_eq!(order, [Seat::TWO, Seat::ZERO, Seat::ONE]);
    }

    #[test]
    fn a_table_has_two_to_four_seats() {
        assert_eq!(SeatCount::new(1), None);
        assert_eq!(SeatCount::new(5), None);
        assert_eq!(SeatCount::new(3), Some(SeatCount::THREE));
        assert!(serde_json::from_str::<SeatCount>("5").is_err());
        assert!(serde_json::from_str::<Seat>("4").is_err());
        assert_eq!(serde_json::from_str::<Seat>("3").unwrap(), Seat::THREE);
    }

    #[test]
    fn per_seat_values_serialise_as_a_list_and_read_old_pairs() {
        let three = PerSeat::from_fn(SeatCount::THREE, |s| s.index() as i64 * 10);
        let json = serde_json::to_string(&three).unwrap();
        assert_eq!(json, "[0,10,20]");
        assert_eq!(serde_json::from_str::<PerSeat<i64>>(&json).unwrap(), three);
        let old: PerSeat<i64> = serde_json::from_str(r#"{"zero": 4, "one": 5}"#).unwrap();
        assert_eq!(old, PerSeat::new(4, 5));
        assert!(serde_json::from_str::<PerSeat<i64>>("[1]").is_err());
        assert!(serde_json::from_str::<PerSeat<i64>>("[1,2,3,4,5]").is_err());
        assert!(serde_json::from_str::<PerSeat<i64>>(r#"{"zero": 4}"#).is_err());
        assert!(serde_json::from_str::<PerSeat<i64>>(r#"{"zero": 4, "two": 1}"#).is_err());
    }

    #[test]
    fn seat_sets_list_their_seats_in_order() {
        let set: SeatSet = [Seat::THREE, Seat::ONE].into_iter().collect();
        assert_eq!(set.iter().collect::<Vec<_>>(), [Seat::ONE, Seat::THREE]);
        assert_eq!(set.len(), 2);
        assert_eq!(set.single(), None);
        assert_eq!(set.without(Seat::ONE).single(), Some(Seat::THREE));
        assert!(SeatSet::EMPTY.is_empty());
    }

    #[test]
    #[should_panic(expected = "not a seat of this table")]
    fn a_seat_past_the_table_is_a_bug() {
        let two = PerSeat::new(1, 2);
        let _ = two[Seat::TWO];
    }
}
