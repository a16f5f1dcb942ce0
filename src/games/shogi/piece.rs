//! Pieces (rules §1): eight kinds in kind order, and counts of them.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::games::kit::counts::Counted;

/// A kind of piece, in kind order (sorting, legal-action order, dora).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Kind {
    /// 歩, the pawn: pawn sets, heads, and merged into dragon sets.
    Fu,
    /// 香 lance, 桂 knight, 銀 silver, 金 gold: the winds.
    Ky,
    Ke,
    Gi,
    Ki,
    /// 角 bishop, 飛 rook, 玉 king: the dragons.
    Ka,
    Hi,
    Gy,
}

impl Kind {
    pub const ALL: [Kind; 8] = [
        Kind::Fu,
        Kind::Ky,
        Kind::Ke,
        Kind::Gi,
        Kind::Ki,
        Kind::Ka,
        Kind::Hi,
        Kind::Gy,
    ];
    pub const WINDS: [Kind; 4] = [Kind::Ky, Kind::Ke, Kind::Gi, Kind::Ki];
    pub const DRAGONS: [Kind; 3] = [Kind::Ka, Kind::Hi, Kind::Gy];

    pub fn index(self) -> usize {
        self as usize
    }

    /// How many pieces of this kind the set holds.
    pub fn copies(self) -> u8 {
        match self {
            Kind::Fu => 12,
            Kind::Ka | Kind::Hi | Kind::Gy => 2,
            _ => 4,
        }
    }

    pub fn is_wind(self) -> bool {
        Kind::WINDS.contains(&self)
    }

    pub fn is_dragon(self) -> bool {
        Kind::DRAGONS.contains(&self)
    }

    /// The kind an indicator of this kind makes dora: the next in kind order, round to 歩.
    pub fn dora(self) -> Kind {
        Kind::ALL[(self.index() + 1) % 8]
    }

    /// The notation of the scenario format.
    pub fn code(self) -> &'static str {
        ["FU", "KY", "KE", "GI", "KI", "KA", "HI", "GY"][self.index()]
    }

    /// The piece's character.
    pub fn kanji(self) -> &'static str {
        ["歩", "香", "桂", "銀", "金", "角", "飛", "玉"][self.index()]
    }

    /// The piece's English name.
    pub fn english(self) -> &'static str {
        [
            "pawn", "lance", "knight", "silver", "gold", "bishop", "rook", "king",
        ][self.index()]
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A name that is not a piece.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a piece (FU KY KE GI KI KA HI GY)")]
pub struct UnknownPiece(pub String);

impl FromStr for Kind {
    type Err = UnknownPiece;
    fn from_str(s: &str) -> Result<Kind, UnknownPiece> {
        Kind::ALL
            .into_iter()
            .find(|k| k.code() == s)
            .ok_or_else(|| UnknownPiece(s.to_string()))
    }
}

impl TryFrom<String> for Kind {
    type Error = UnknownPiece;
    fn try_from(s: String) -> Result<Kind, UnknownPiece> {
        s.parse()
    }
}

impl From<Kind> for String {
    fn from(k: Kind) -> String {
        k.code().to_string()
    }
}

/// How many pieces of each kind.
pub type Counts = crate::games::kit::counts::Counts<Kind, 8>;

impl Counted<8> for Kind {
    const ALL: [Kind; 8] = Kind::ALL;
    fn index(self) -> usize {
        Kind::index(self)
    }
}

/// The 34 pieces of a round, in kind order.
pub fn full_set() -> Vec<Kind> {
    Kind::ALL
        .into_iter()
        .flat_map(|k| std::iter::repeat_n(k, usize::from(k.copies())))
        .collect()
}

/// Pieces from their notation separated by spaces (`"FU FU KA"`), for tests.
///
/// # Errors
/// The first name that is not a piece.
pub fn parse_pieces(text: &str) -> Result<Vec<Kind>, UnknownPiece> {
    text.split_whitespace().map(str::parse).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_set_holds_34_pieces_and_dora_follows_kind_order_round_to_the_pawn() {
        assert_eq!(full_set().len(), 34);
        assert_eq!(Kind::Fu.dora(), Kind::Ky);
        assert_eq!(Kind::Ki.dora(), Kind::Ka);
        assert_eq!(Kind::Gy.dora(), Kind::Fu);
        for k in Kind::ALL {
            assert_eq!(k.code().parse::<Kind>(), Ok(k));
        }
        assert!("OU".parse::<Kind>().is_err());
    }
}
