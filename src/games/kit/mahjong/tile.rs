//! Tiles (rules §1): 34 kinds, red fives, and the `1m`…`7z` notation.
//!
//! A [`Kind`] is one of the 34 kinds (0–8 characters, 9–17 circles, 18–26 bamboos, 27–33
//! honors). A [`Tile`] is a kind and whether it is a red five, in one byte ordered as the rules
//! sort tiles: `4m 5m 0m 6m` (a red five right after the plain five).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Number of tile kinds.
pub const KINDS: usize = 34;

/// One of the 34 kinds of tile, in tile order. Serialised as its plain tile's name (`5m`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Kind(u8);

/// The four suits of the notation, in tile order (`z` holds the honors).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    Man,
    Pin,
    Sou,
    Honor,
}

impl Suit {
    /// The notation's letter.
    pub fn letter(self) -> char {
        ['m', 'p', 's', 'z'][self as usize]
    }

    fn from_letter(c: char) -> Option<Suit> {
        match c {
            'm' => Some(Suit::Man),
            'p' => Some(Suit::Pin),
            's' => Some(Suit::Sou),
            'z' => Some(Suit::Honor),
            _ => None,
        }
    }
}

impl Kind {
    /// East wind (`1z`); the other winds follow it.
    pub const EAST: Kind = Kind(27);
    /// White dragon (`5z`); green and red follow it.
    pub const WHITE: Kind = Kind(31);

    /// The kind numbered `index` (0–33), `None` past the last.
    pub const fn new(index: u8) -> Option<Kind> {
        if (index as usize) < KINDS {
            Some(Kind(index))
        } else {
            None
        }
    }

    /// The kind of `number` (1–9; 1–7 for honors) in `suit`.
    pub fn of(suit: Suit, number: u8) -> Option<Kind> {
        let max = if suit == Suit::Honor { 7 } else { 9 };
        (1..=max)
            .contains(&number)
            .then(|| Kind(suit as u8 * 9 + number - 1))
    }

    /// Every kind in tile order.
    pub fn all() -> impl DoubleEndedIterator<Item = Kind> + Clone {
        (0..KINDS as u8).map(Kind)
    }

    /// The kind's number 0–33, an index into count arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub fn suit(self) -> Suit {
        match self.0 / 9 {
            0 => Suit::Man,
            1 => Suit::Pin,
            2 => Suit::Sou,
            _ => Suit::Honor,
        }
    }

    /// The number within the suit: 1–9 (honors 1–7: East…North, white, green, red).
    pub fn number(self) -> u8 {
        self.0 % 9 + 1
    }

    pub fn is_honor(self) -> bool {
        self.0 >= 27
    }

    pub fn is_wind(self) -> bool {
        (27..31).contains(&self.0)
    }

    pub fn is_dragon(self) -> bool {
        self.0 >= 31
    }

    /// A 1 or 9 of a suit.
    pub fn is_terminal(self) -> bool {
        !self.is_honor() && matches!(self.number(), 1 | 9)
    }

    /// A terminal or an honor (么九牌).
    pub fn is_yaochuu(self) -> bool {
        self.is_honor() || self.is_terminal()
    }

    /// A suit tile 2–8.
    pub fn is_simple(self) -> bool {
        !self.is_yaochuu()
    }

    /// Whether the kind has a red copy (a five of a suit).
    pub fn has_red(self) -> bool {
        !self.is_honor() && self.number() == 5
    }

    /// The kind `steps` numbers up in the same suit, `None` past 9 (or for an honor).
    pub fn up(self, steps: u8) -> Option<Kind> {
        if self.is_honor() || self.number() + steps > 9 {
            None
        } else {
            Some(Kind(self.0 + steps))
        }
    }

    /// The kind an indicator of this kind makes dora (§3): the next within a suit (9→1), the
    /// winds in turn, the dragons in turn.
    pub fn dora_after(self) -> Kind {
        let (first, len) = match self.0 {
            0..=26 => (self.0 / 9 * 9, 9),
            27..=30 => (27, 4),
            _ => (31, 3),
        };
        Kind(first + (self.0 - first + 1) % len)
    }

    /// The plain tile of this kind.
    pub fn tile(self) -> Tile {
        Tile(self.0 * 2)
    }

    /// The red tile of this kind, `None` unless it is a five of a suit.
    pub fn red(self) -> Option<Tile> {
        self.has_red().then_some(Tile(self.0 * 2 + 1))
    }
}

impl fmt::Display for Kind {
    /// The plain tile's name (`5m` for the fives).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.tile().fmt(f)
    }
}

impl TryFrom<String> for Kind {
    type Error = UnknownTile;
    /// Any tile name of the kind (`0m` and `5m` alike).
    fn try_from(s: String) -> Result<Kind, UnknownTile> {
        s.parse::<Tile>().map(Tile::kind)
    }
}

impl From<Kind> for String {
    fn from(kind: Kind) -> String {
        kind.to_string()
    }
}

/// One tile: a kind, and whether it is a red five. Ordered as the rules sort tiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Tile(u8);

impl Tile {
    pub fn kind(self) -> Kind {
        Kind(self.0 >> 1)
    }

    /// A red five (赤ドラ).
    pub fn is_red(self) -> bool {
        self.0 & 1 == 1
    }

    /// A number for compact tables (0–67, in tile order).
    pub fn code(self) -> u8 {
        self.0
    }

    /// The tile a [`Tile::code`] names.
    pub fn from_code(code: u8) -> Option<Tile> {
        let tile = Tile(code);
        (tile.kind().index() < KINDS && (!tile.is_red() || tile.kind().has_red())).then_some(tile)
    }

    /// The 136 tiles of the game in tile order, one copy of each five red when `aka` is on.
    pub fn full_set(aka: bool) -> Vec<Tile> {
        let mut tiles = Vec::with_capacity(136);
        for kind in Kind::all() {
            let reds = u8::from(aka && kind.has_red());
            tiles.extend(std::iter::repeat_n(kind.tile(), usize::from(4 - reds)));
            if reds == 1 {
                tiles.extend(kind.red());
            }
        }
        tiles
    }
}

impl From<Kind> for Tile {
    fn from(kind: Kind) -> Tile {
        kind.tile()
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = self.kind();
        let number = if self.is_red() { 0 } else { kind.number() };
        write!(f, "{number}{}", kind.suit().letter())
    }
}

/// A tile name outside the notation of §1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a tile (1m…9m, 0m, 1p…9p, 0p, 1s…9s, 0s, 1z…7z)")]
pub struct UnknownTile(pub String);

impl FromStr for Tile {
    type Err = UnknownTile;

    fn from_str(s: &str) -> Result<Tile, UnknownTile> {
        let unknown = || UnknownTile(s.to_string());
        let mut chars = s.chars();
        let (Some(digit), Some(letter), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(unknown());
        };
        let suit = Suit::from_letter(letter).ok_or_else(unknown)?;
        let digit = digit.to_digit(10).ok_or_else(unknown)? as u8;
        if digit == 0 {
            return Kind::of(suit, 5).and_then(Kind::red).ok_or_else(unknown);
        }
        Kind::of(suit, digit).map(Kind::tile).ok_or_else(unknown)
    }
}

impl TryFrom<String> for Tile {
    type Error = UnknownTile;
    fn try_from(s: String) -> Result<Tile, UnknownTile> {
        s.parse()
    }
}

impl From<Tile> for String {
    fn from(tile: Tile) -> String {
        tile.to_string()
    }
}

/// A set of kinds (waits, the kinds a player discarded).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, Serialize, Deserialize)]
#[serde(from = "Vec<Kind>", into = "Vec<Kind>")]
pub struct KindSet(u64);

impl KindSet {
    pub const EMPTY: KindSet = KindSet(0);

    pub fn contains(self, kind: Kind) -> bool {
        self.0 & (1 << kind.0) != 0
    }

    pub fn insert(&mut self, kind: Kind) {
        self.0 |= 1 << kind.0;
    }

    pub fn with(mut self, kind: Kind) -> KindSet {
        self.insert(kind);
        self
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the two sets share a kind.
    pub fn meets(self, other: KindSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The kinds in tile order.
    pub fn iter(self) -> impl Iterator<Item = Kind> {
        Kind::all().filter(move |k| self.contains(*k))
    }
}

impl From<Vec<Kind>> for KindSet {
    fn from(kinds: Vec<Kind>) -> KindSet {
        kinds.into_iter().fold(KindSet::EMPTY, KindSet::with)
    }
}

impl From<KindSet> for Vec<Kind> {
    fn from(set: KindSet) -> Vec<Kind> {
        set.iter().collect()
    }
}

/// Tiles written compactly, digits before their suit letter: `"123m0p55z"` is `1m 2m 3m 0p 5z
/// 5z`. Spaces are ignored.
///
/// # Errors
/// A digit with no suit after it, or a name outside §1.
pub fn parse_tiles(text: &str) -> Result<Vec<Tile>, UnknownTile> {
    let mut tiles = Vec::new();
    let mut digits = String::new();
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if digits.is_empty() {
            return Err(UnknownTile(text.to_string()));
        }
        for d in digits.drain(..) {
            tiles.push(format!("{d}{c}").parse()?);
        }
    }
    if digits.is_empty() {
        Ok(tiles)
    } else {
        Err(UnknownTile(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tile_name_reads_back_and_others_are_refused() {
        for code in 0..68 {
            if let Some(tile) = Tile::from_code(code) {
                assert_eq!(tile.to_string().parse::<Tile>(), Ok(tile));
            }
        }
        for bad in ["", "0z", "8z", "10m", "5x", "m5", "5mm", "１m"] {
            assert!(bad.parse::<Tile>().is_err(), "{bad}");
        }
        assert_eq!("0p".parse::<Tile>().unwrap().kind().to_string(), "5p");
    }

    #[test]
    fn tiles_sort_with_the_red_five_after_the_plain_five() {
        let mut tiles = parse_tiles("6m0m5m4m1z9s").unwrap();
        tiles.sort();
        let names: Vec<String> = tiles.iter().map(Tile::to_string).collect();
        assert_eq!(names, ["4m", "5m", "0m", "6m", "9s", "1z"]);
    }

    #[test]
    fn dora_follow_their_indicator_round_each_group() {
        let next = |t: &str| t.parse::<Tile>().unwrap().kind().dora_after().to_string();
        assert_eq!(next("9m"), "1m");
        assert_eq!(next("0p"), "6p");
        assert_eq!(next("4z"), "1z");
        assert_eq!(next("7z"), "5z");
        assert_eq!(next("3z"), "4z");
    }

    #[test]
    fn the_full_set_has_136_tiles_and_three_red_fives_with_aka() {
        let with = Tile::full_set(true);
        assert_eq!(with.len(), 136);
        assert_eq!(with.iter().filter(|t| t.is_red()).count(), 3);
        let without = Tile::full_set(false);
        assert_eq!(without.len(), 136);
        assert!(without.iter().all(|t| !t.is_red()));
    }
}
