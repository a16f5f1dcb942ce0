//! The words for the riichi tiles and yaku, shared by the games played with them: a tile as a
//! piece (its notation, an honor's character and English name) and each yaku's Japanese and
//! English names.

use crate::games::interface::{EnglishName, Group, GroupKind, Piece, Say, Words, YakuRow};
use crate::games::kit::mahjong::hand::{Hand, Meld, MeldKind};
use crate::games::kit::mahjong::reading::{Reading, Shape};
use crate::games::kit::mahjong::score::{Limit, Score};
use crate::games::kit::mahjong::tile::Kind;
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

/// A yaku's han in words: yakuman, closed only, the same open and closed, or both.
fn yaku_value(yaku: Yaku, kuitan: bool) -> Words {
    let closed = yaku.han(true, kuitan).unwrap_or(0);
    match (yaku.is_yakuman(), yaku.han(false, kuitan)) {
        (true, _) if closed > 13 => Words::key("riichi-yaku-double-yakuman"),
        (true, _) => Words::key("riichi-yaku-yakuman"),
        (false, None) => Words::with("riichi-yaku-closed-only", vec![("n", closed.into())]),
        (false, Some(open)) if open == closed => {
            Words::with("riichi-han", vec![("n", closed.into())])
        }
        (false, Some(open)) => Words::with(
            "riichi-yaku-two",
            vec![("closed", closed.into()), ("open", open.into())],
        ),
    }
}

/// The rows of the yaku table of `yaku` with `kuitan` on or off, worded by riichi's messages
/// (every game played with riichi's hands shows riichi's table).
pub fn yaku_rows(yaku: &[Yaku], kuitan: bool) -> Vec<YakuRow> {
    yaku.iter()
        .map(|&y| {
            let (japanese, english) = yaku_names(y);
            YakuRow {
                id: y.id(),
                japanese,
                english,
                value: yaku_value(y, kuitan),
                condition: Words::key(format!("riichi-yaku-if-{}", y.id().replace('_', "-"))),
                changed: y == Yaku::Tanyao && !kuitan,
            }
        })
        .collect()
}

/// A win's score, line by line: each yaku with its han, the dora, red fives and ura, then han,
/// fu, the limit and the points, worded by riichi's messages.
pub fn score_lines(s: &Score) -> Vec<Words> {
    let mut lines = Vec::new();
    for (yaku, han) in &s.yaku {
        let (japanese, english) = yaku_names(*yaku);
        let value = if yaku.is_yakuman() {
            let key = if *han > 13 {
                "riichi-yaku-double-yakuman"
            } else {
                "riichi-yaku-yakuman"
            };
            Words::key(key)
        } else {
            Words::with("riichi-han", vec![("n", (*han).into())])
        };
        lines.push(Words::with(
            "sum-yaku",
            vec![
                ("japanese", Say::Text(japanese.into())),
                ("english", Say::Text(english.into())),
                ("value", value.into()),
            ],
        ));
    }
    let bonus: Vec<Say> = [
        ("riichi-sum-dora", s.dora),
        ("riichi-sum-aka", s.aka),
        ("riichi-sum-ura", s.ura),
    ]
    .into_iter()
    .filter(|(_, n)| *n > 0)
    .map(|(key, n)| Words::with(key, vec![("n", n.into())]).into())
    .collect();
    if !bonus.is_empty() {
        lines.push(Words::with(
            "riichi-sum-bonus",
            vec![("list", Say::Join(bonus, " · "))],
        ));
    }
    lines.push(value_words(s));
    lines
}

/// `3 han 40 fu — 5200`, `6 han — haneman 12000`, `yakuman — 32000`.
fn value_words(s: &Score) -> Words {
    let points = ("points", s.points.into());
    match (s.limit, s.fu) {
        (Some(limit), _) if s.is_yakuman() => Words::with(
            "riichi-sum-value-yakuman",
            vec![("limit", limit_words(limit, false).into()), points],
        ),
        (Some(limit), fu) => Words::with(
            "riichi-sum-value-limit",
            vec![
                ("han", s.han.into()),
                ("fu", fu.unwrap_or(0).into()),
                ("limit", limit_words(limit, true).into()),
                points,
            ],
        ),
        (None, fu) => Words::with(
            "riichi-sum-value",
            vec![
                ("han", s.han.into()),
                ("fu", fu.unwrap_or(0).into()),
                points,
            ],
        ),
    }
}

/// A limit's name; 13 han or more counted (`counted`) is a kazoe yakuman.
fn limit_words(limit: Limit, counted: bool) -> Words {
    let id = match limit {
        Limit::Yakuman if counted => "kazoe",
        other => other.id(),
    };
    Words::key(format!("riichi-limit-{id}"))
}

/// A call as a group: the claimed tile marked, a kan in its brackets.
pub fn meld_group(m: &Meld) -> Group {
    Group {
        marked: m.claimed.and_then(|c| m.tiles.iter().position(|&t| t == c)),
        pieces: m.tiles.iter().map(|&t| piece(t)).collect(),
        kind: match m.kind {
            MeldKind::Chi | MeldKind::Pon => GroupKind::Called,
            MeldKind::Daiminkan | MeldKind::Kakan => GroupKind::Kan,
            MeldKind::Ankan => GroupKind::ClosedKan,
        },
    }
}

/// The tiles of a reading's concealed sets and pair, the called sets left out.
pub fn reading_sets(reading: &Reading, calls: usize, concealed: &[Tile]) -> Vec<Vec<Tile>> {
    // Red fives are placed back where their kind appears first.
    let mut left = Hand::from_tiles(concealed);
    let mut take = |kind: Kind| left.remove_kind(kind).unwrap_or(kind.tile());
    match reading {
        Reading::Standard { groups, pair, .. } => {
            let mut sets: Vec<Vec<Tile>> = groups[calls..]
                .iter()
                .map(|g| {
                    let kinds: Vec<Kind> = match g.shape {
                        Shape::Run => g.kinds().collect(),
                        _ => vec![g.first; 3],
                    };
                    kinds.into_iter().map(&mut take).collect()
                })
                .collect();
            sets.push(vec![take(*pair), take(*pair)]);
            sets
        }
        Reading::SevenPairs { pairs } => pairs.iter().map(|&k| vec![take(k), take(k)]).collect(),
        Reading::ThirteenOrphans { .. } => vec![concealed.to_vec()],
    }
}
