//! The words for riichi's tiles and yaku: a tile as a piece (its notation, an honor's
//! character and English name) and each yaku's Japanese and English names. Both the live
//! views (`shown.rs`) and the round summaries (`summary.rs`) say them.

use crate::games::interface::{EnglishName, Piece, Say};
use crate::games::kit::mahjong::tile::Tile;
use crate::games::kit::mahjong::yaku::Yaku;

/// The honors' characters and English names, East to red.
const HONORS: [(&str, &str); 7] = [
    ("東", "East"),
    ("南", "South"),
    ("西", "West"),
    ("北", "North"),
    ("白", "White"),
    ("發", "Green"),
    ("中", "Red"),
];

/// One tile: its notation (a red five `0m`), honors by their character with their English
/// name (the art shows the character too).
pub fn piece(tile: Tile) -> Piece {
    let kind = tile.kind();
    if kind.is_honor() {
        let (ch, en) = HONORS[usize::from(kind.number() - 1)];
        return Piece {
            face: tile.to_string(),
            text: ch.to_string(),
            name_en: EnglishName::BesideBoth(en),
        };
    }
    Piece {
        face: tile.to_string(),
        text: tile.to_string(),
        name_en: EnglishName::Unneeded,
    }
}

/// Tiles separated by spaces.
pub fn pieces(tiles: &[Tile]) -> Say {
    Say::Pieces(tiles.iter().map(|&t| piece(t)).collect())
}

/// Japanese and English names of each yaku, in §8's order.
const NAMES: [(&str, &str); 45] = [
    ("立直", "Riichi"),
    ("ダブル立直", "Double riichi"),
    ("一発", "Ippatsu"),
    ("門前清自摸和", "Closed tsumo"),
    ("平和", "Pinfu"),
    ("断么九", "All simples"),
    ("一盃口", "Pure double run"),
    ("白", "White dragon"),
    ("發", "Green dragon"),
    ("中", "Red dragon"),
    ("自風", "Seat wind"),
    ("場風", "Round wind"),
    ("海底摸月", "Last tile tsumo"),
    ("河底撈魚", "Last discard ron"),
    ("嶺上開花", "After a kan"),
    ("槍槓", "Robbing a kan"),
    ("三色同順", "Mixed triple run"),
    ("一気通貫", "Pure straight"),
    ("混全帯么九", "Outside hand"),
    ("七対子", "Seven pairs"),
    ("対々和", "All triplets"),
    ("三暗刻", "Three concealed triplets"),
    ("三色同刻", "Triple triplets"),
    ("三槓子", "Three kans"),
    ("小三元", "Little three dragons"),
    ("混老頭", "All terminals and honors"),
    ("混一色", "Half flush"),
    ("純全帯么九", "Terminals in all sets"),
    ("二盃口", "Twice pure double run"),
    ("清一色", "Full flush"),
    ("国士無双", "Thirteen orphans"),
    ("国士無双十三面", "Thirteen-wait thirteen orphans"),
    ("四暗刻", "Four concealed triplets"),
    ("四暗刻単騎", "Four concealed triplets, single wait"),
    ("大三元", "Big three dragons"),
    ("小四喜", "Little four winds"),
    ("大四喜", "Big four winds"),
    ("字一色", "All honors"),
    ("緑一色", "All green"),
    ("清老頭", "All terminals"),
    ("九蓮宝燈", "Nine gates"),
    ("純正九蓮宝燈", "Pure nine gates"),
    ("四槓子", "Four kans"),
    ("天和", "Blessing of heaven"),
    ("地和", "Blessing of earth"),
];

/// A yaku's Japanese and English names.
pub fn yaku_names(yaku: Yaku) -> (&'static str, &'static str) {
    let i = Yaku::ALL.iter().position(|y| *y == yaku).unwrap_or(0);
    NAMES[i]
}
