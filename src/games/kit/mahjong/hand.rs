//! Concealed hands as count arrays (34 kinds, red fives kept apart), calls (melds), and the
//! hand notation the tests use.
//!
//! Notation: the concealed tiles first, in the compact form of [`parse_tiles`]
//! (`"123m406p789s11z"`), then each call as one more word: three of a kind is a pon
//! (`"555z"`), three in a row a chi (`"312m"`, the first tile being the one claimed), four of
//! a kind an open kan (`"5555z"`), four in brackets a closed kan (`"[5555z]"`), and four with a
//! `+` an added kan (`"5555z+"`). `"123m456p789s11z 555z"` is a hand of eleven concealed tiles
//! and a pon of red dragons.

use serde::{Deserialize, Serialize};

use super::tile::{parse_tiles, Kind, Suit, Tile, UnknownTile, KINDS};
use crate::games::interface::seat::Seat;

/// How many tiles of each kind.
pub type Counts = [u8; KINDS];

/// A concealed hand: how many of each kind, and how many of those are red fives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Vec<Tile>", into = "Vec<Tile>")]
pub struct Hand {
    counts: Counts,
    /// Red fives held, by suit (m, p, s).
    reds: [u8; 3],
}

impl Default for Hand {
    fn default() -> Hand {
        Hand {
            counts: [0; KINDS],
            reds: [0; 3],
        }
    }
}

impl Hand {
    pub fn new() -> Hand {
        Hand::default()
    }

    pub fn from_tiles(tiles: &[Tile]) -> Hand {
        let mut hand = Hand::new();
        for &t in tiles {
            hand.add(t);
        }
        hand
    }

    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    pub fn count(&self, kind: Kind) -> u8 {
        self.counts[kind.index()]
    }

    /// How many copies of exactly this tile (a red five and a plain five are different).
    pub fn count_tile(&self, tile: Tile) -> u8 {
        let kind = tile.kind();
        if !kind.has_red() {
            return self.count(kind);
        }
        let reds = self.reds[kind.suit() as usize];
        if tile.is_red() {
            reds
        } else {
            self.count(kind) - reds
        }
    }

    pub fn contains(&self, tile: Tile) -> bool {
        self.count_tile(tile) > 0
    }

    pub fn len(&self) -> usize {
        self.counts.iter().map(|&c| usize::from(c)).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Red fives held.
    pub fn red_count(&self) -> u8 {
        self.reds.iter().sum()
    }

    pub fn add(&mut self, tile: Tile) {
        let kind = tile.kind();
        self.counts[kind.index()] += 1;
        if tile.is_red() {
            self.reds[kind.suit() as usize] += 1;
        }
    }

    /// Takes one copy of `tile` out; `false` (and no change) when there is none.
    pub fn remove(&mut self, tile: Tile) -> bool {
        if !self.contains(tile) {
            return false;
        }
        let kind = tile.kind();
        self.counts[kind.index()] -= 1;
        if tile.is_red() {
            self.reds[kind.suit() as usize] -= 1;
        }
        true
    }

    /// Takes one tile of `kind` out, a plain one when the hand has both; the tile taken.
    pub fn remove_kind(&mut self, kind: Kind) -> Option<Tile> {
        let plain = kind.tile();
        let tile = if self.contains(plain) {
            plain
        } else {
            kind.red()?
        };
        self.remove(tile).then_some(tile)
    }

    /// The distinct tiles held, in tile order (`5m` and `0m` apart).
    pub fn distinct(&self) -> Vec<Tile> {
        let mut out = Vec::with_capacity(14);
        for kind in Kind::all() {
            if self.count(kind) == 0 {
                continue;
            }
            let plain = kind.tile();
            if self.contains(plain) {
                out.push(plain);
            }
            if let Some(red) = kind.red().filter(|r| self.contains(*r)) {
                out.push(red);
            }
        }
        out
    }

    /// Every tile, in tile order.
    pub fn tiles(&self) -> Vec<Tile> {
        let mut out = Vec::with_capacity(14);
        for tile in self.distinct() {
            out.extend(std::iter::repeat_n(
                tile,
                usize::from(self.count_tile(tile)),
            ));
        }
        out
    }
}

impl From<Vec<Tile>> for Hand {
    fn from(tiles: Vec<Tile>) -> Hand {
        Hand::from_tiles(&tiles)
    }
}

impl From<Hand> for Vec<Tile> {
    fn from(hand: Hand) -> Vec<Tile> {
        hand.tiles()
    }
}

/// What a call is (§4, §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MeldKind {
    Chi,
    Pon,
    /// 大明槓: an open kan on a discard.
    Daiminkan,
    /// 暗槓: a closed kan from the hand.
    Ankan,
    /// 加槓: a pon with its fourth tile added.
    Kakan,
}

impl MeldKind {
    pub fn is_kan(self) -> bool {
        matches!(
            self,
            MeldKind::Daiminkan | MeldKind::Ankan | MeldKind::Kakan
        )
    }

    /// Whether the call opens the hand (a closed kan does not).
    pub fn opens_hand(self) -> bool {
        self != MeldKind::Ankan
    }
}

/// One call, with its tiles in tile order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meld {
    pub kind: MeldKind,
    pub tiles: Vec<Tile>,
    /// The tile taken from another player (for a kakan, the pon's), `None` for a closed kan.
    pub claimed: Option<Tile>,
    /// Whom it was taken from.
    pub from: Option<Seat>,
}

impl Meld {
    /// The lowest kind of the call (a chi's first number; the kind of the others).
    pub fn first(&self) -> Kind {
        self.tiles[0].kind()
    }
}

/// A hand written in the notation of this module: its concealed tiles and its calls.
///
/// # Errors
/// A tile name outside §1, or a call word that is not a chi, pon or kan.
pub fn parse_hand(text: &str) -> Result<(Hand, Vec<Meld>), UnknownTile> {
    let mut words = text.split_whitespace();
    let concealed = parse_tiles(words.next().unwrap_or(""))?;
    let melds = words.map(parse_meld).collect::<Result<_, _>>()?;
    Ok((Hand::from_tiles(&concealed), melds))
}

fn parse_meld(word: &str) -> Result<Meld, UnknownTile> {
    let bad = || UnknownTile(word.to_string());
    let closed = word.starts_with('[') && word.ends_with(']');
    let added = word.ends_with('+');
    let inner = word.trim_start_matches('[').trim_end_matches([']', '+']);
    let tiles = parse_tiles(inner)?;
    let claimed = tiles.first().copied();
    let mut sorted = tiles.clone();
    sorted.sort();
    let same = sorted.iter().all(|t| t.kind() == sorted[0].kind());
    let kind = match (sorted.len(), same, closed, added) {
        (3, true, false, false) => MeldKind::Pon,
        (3, false, false, false) if is_run(&sorted) => MeldKind::Chi,
        (4, true, true, false) => MeldKind::Ankan,
        (4, true, false, true) => MeldKind::Kakan,
        (4, true, false, false) => MeldKind::Daiminkan,
        _ => return Err(bad()),
    };
    Ok(Meld {
        kind,
        tiles: sorted,
        claimed: claimed.filter(|_| kind != MeldKind::Ankan),
        from: None,
    })
}

/// Three tiles of one suit in a row (sorted).
fn is_run(sorted: &[Tile]) -> bool {
    let k: Vec<Kind> = sorted.iter().map(|t| t.kind()).collect();
    k[0].suit() != Suit::Honor && k[0].up(1) == Some(k[1]) && k[1].up(1) == Some(k[2])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(s: &str) -> Tile {
        s.parse().unwrap()
    }

    #[test]
    fn a_hand_keeps_red_fives_apart_from_plain_ones() {
        let mut hand = Hand::from_tiles(&parse_tiles("550m").unwrap());
        assert_eq!(hand.count(tile("5m").kind()), 3);
        assert_eq!(hand.count_tile(tile("0m")), 1);
        assert_eq!(hand.count_tile(tile("5m")), 2);
        assert!(hand.remove(tile("0m")));
        assert!(!hand.remove(tile("0m")));
        assert_eq!(hand.remove_kind(tile("5m").kind()), Some(tile("5m")));
        assert_eq!(hand.len(), 1);
    }

    #[test]
    fn distinct_tiles_list_the_red_five_after_the_plain_one() {
        let hand = Hand::from_tiles(&parse_tiles("0m5m1z9p").unwrap());
        let names: Vec<String> = hand.distinct().iter().map(Tile::to_string).collect();
        assert_eq!(names, ["5m", "0m", "9p", "1z"]);
    }

    #[test]
    fn the_notation_reads_calls_after_the_concealed_tiles() {
        let (hand, melds) = parse_hand("123m11z 555z 312p [1111s] 7777z+ 2222m").unwrap();
        assert_eq!(hand.len(), 5);
        let kinds: Vec<MeldKind> = melds.iter().map(|m| m.kind).collect();
        assert_eq!(
            kinds,
            [
                MeldKind::Pon,
                MeldKind::Chi,
                MeldKind::Ankan,
                MeldKind::Kakan,
                MeldKind::Daiminkan
            ]
        );
        assert_eq!(melds[1].claimed, Some(tile("3p")));
        assert_eq!(melds[1].first(), tile("1p").kind());
        assert!(parse_hand("123m 124m").is_err());
        assert!(parse_hand("123m 12").is_err());
    }

    #[test]
    fn a_hand_serialises_as_its_tiles() {
        let hand = Hand::from_tiles(&parse_tiles("0m5m1z").unwrap());
        let json = serde_json::to_string(&hand).unwrap();
        assert_eq!(json, r#"["5m","0m","1z"]"#);
        assert_eq!(serde_json::from_str::<Hand>(&json).unwrap(), hand);
    }
}
