//! Scoring a win (rules §5, §7): every reading of the hand, its yaku after the combining
//! rules, the minimum and the pawn rule, dora and kan bonuses; the best reading counts, and the
//! score keeps it, so that a summary shows the groups its yaku came from.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use super::group::{readings, Group, How, Meld, Shape};
use super::options::Options;
use super::piece::{Counts, Kind};
use super::yaku::{Class, Yaku};

/// How a win was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinBy {
    Ron,
    Tsumo,
    /// Ron on a robbed kan.
    Chankan,
}

/// Everything about a winning hand that is not the pieces' shape.
#[derive(Debug, Clone)]
pub struct Win<'a> {
    /// The concealed pieces with the winning piece.
    pub concealed: Counts,
    /// `None` for 天和 (the dealt pieces win as they are).
    pub winning: Option<Kind>,
    pub melds: &'a [Meld],
    pub by: WinBy,
    pub riichi: bool,
    pub rinshan: bool,
    pub tenhou: bool,
    pub chiihou: bool,
    pub renhou: bool,
    /// Every indicator of the round, the first one first (the rest came with kans).
    pub indicators: &'a [Kind],
    pub honba: u32,
    /// 2 han, or 4 from five honba.
    pub minimum: u32,
}

/// The score of a winning reading.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Counted yaku with the han they scored, in table order (`yakuhai` once, with its count).
    pub yaku: Vec<(String, u64)>,
    pub dora: u32,
    pub kan_bonus: u32,
    pub honba_bonus: u32,
    pub win_bonus: u32,
    pub total: u64,
    /// The reading that scored (declared groups included); `None` only in rounds stored
    /// before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reading: Option<Shape>,
}

/// The bonus for winning (バンバン).
pub const WIN_BONUS: u32 = 2;

/// The best score of a win, with the reading it counts, or `None` when no reading has a
/// winning shape that meets the minimum and the pawn rule.
pub fn score(win: &Win<'_>, options: &Options) -> Option<Score> {
    let declared: Vec<Group> = win.melds.iter().map(|m| m.group).collect();
    let closed = !win.melds.iter().any(Meld::opens_hand);
    readings(&win.concealed, &declared)
        .into_iter()
        .filter_map(|shape| score_reading(win, options, &shape, closed))
        // Between readings that score alike (the same yaku and total) the first is kept.
        .reduce(|best, next| {
            let better = next
                .total
                .cmp(&best.total)
                .then_with(|| han_in_order(&next).cmp(&han_in_order(&best)));
            if better == Ordering::Greater {
                next
            } else {
                best
            }
        })
}

/// The han of each yaku of the table in order (0 where absent), for the tie-break of §5.
fn han_in_order(score: &Score) -> Vec<u64> {
    Yaku::ALL
        .iter()
        .map(|y| {
            score
                .yaku
                .iter()
                .find(|(id, _)| id == y.id())
                .map_or(0, |(_, h)| *h)
        })
        .collect()
}

fn score_reading(win: &Win<'_>, options: &Options, shape: &Shape, closed: bool) -> Option<Score> {
    let found = yaku_of(win, shape, closed);
    let han = &options.yaku_han;
    // (yaku, han): a yaku valued 0 does not count. In u64: a file may value a yaku up to
    // u32::MAX han, and yakuhai counts once per dragon.
    let mut counted: Vec<(Yaku, u64)> = found
        .into_iter()
        .map(|(y, n)| (y, u64::from(han.han(y, closed)) * u64::from(n)))
        .filter(|(_, h)| *h > 0)
        .collect();
    let has = |list: &[(Yaku, u64)], y: Yaku| list.iter().any(|(x, _)| *x == y);
    let replaced: Vec<Yaku> = [
        (
            Yaku::NikantsuKogoma,
            [Yaku::Nikantsu, Yaku::Kogoma].as_slice(),
        ),
        (Yaku::NikantsuShugo, &[Yaku::Nikantsu, Yaku::Shugo]),
        (Yaku::Suushii, &[Yaku::Yontoitsu]),
        (Yaku::Shitennou, &[Yaku::Yontoitsu]),
        (Yaku::Tenhou, &[Yaku::Tsumo]),
        (Yaku::Chiihou, &[Yaku::Tsumo]),
    ]
    .into_iter()
    .filter(|(by, _)| has(&counted, *by))
    .flat_map(|(_, gone)| gone.iter().copied())
    .collect();
    counted.retain(|(y, _)| !replaced.contains(y));
    if counted.iter().any(|(y, _)| y.class() == Class::Big) {
        counted.retain(|(y, _)| y.class() == Class::Big);
    }
    let toward_minimum: u64 = counted
        .iter()
        .map(|(y, h)| if *y == Yaku::Riichi { 1 } else { *h })
        .sum();
    if counted.is_empty() || toward_minimum < u64::from(win.minimum) {
        return None;
    }
    let pawn_ok = counted.iter().any(|(y, _)| y.class() != Class::Small);
    if win.winning == Some(Kind::Fu) && !pawn_ok {
        return None;
    }
    let dora = dora(win, shape);
    let kan_bonus: u32 = win
        .melds
        .iter()
        .map(|m| match m.how {
            How::OpenKan | How::AddedKan => 1,
            How::ClosedKan => 2,
            How::Pon => 0,
        })
        .sum();
    let yaku_total: u64 = counted.iter().map(|(_, h)| *h).sum();
    let total = yaku_total
        + u64::from(dora)
        + u64::from(kan_bonus)
        + u64::from(win.honba)
        + u64::from(WIN_BONUS);
    counted.sort_by_key(|(y, _)| *y);
    Some(Score {
        yaku: counted
            .into_iter()
            .map(|(y, h)| (y.id().to_string(), h))
            .collect(),
        dora,
        kan_bonus,
        honba_bonus: win.honba,
        win_bonus: WIN_BONUS,
        total,
        reading: Some(shape.clone()),
    })
}

/// The yaku whose conditions a reading meets, with how many times (yakuhai per dragon), before
/// values and combining.
fn yaku_of(win: &Win<'_>, shape: &Shape, closed: bool) -> Vec<(Yaku, u32)> {
    let mut out = Vec::new();
    let mut add = |y: Yaku, yes: bool| {
        if yes {
            out.push((y, 1));
        }
    };
    add(Yaku::Riichi, win.riichi);
    add(Yaku::Tsumo, closed && matches!(win.by, WinBy::Tsumo));
    add(Yaku::Tenhou, win.tenhou);
    add(Yaku::Chiihou, win.chiihou);
    add(Yaku::Renhou, win.renhou && closed);
    add(Yaku::Rinshan, win.rinshan && matches!(win.by, WinBy::Tsumo));
    add(Yaku::Chankan, matches!(win.by, WinBy::Chankan));
    let pawns_unmerged = unmerged_pawns(win, shape);
    add(Yaku::Tsuuiisou, pawns_unmerged == 0);
    match shape {
        Shape::Standard { groups, head } => standard_yaku(&mut out, groups, *head, closed),
        Shape::FourPairs { pairs } => {
            let has = |k: Kind| pairs.contains(&k);
            let dragons = pairs.iter().filter(|k| k.is_dragon()).count() as u32;
            if dragons > 0 {
                out.push((Yaku::Yakuhai, dragons));
            }
            out.push((Yaku::Yontoitsu, 1));
            if Kind::WINDS.iter().all(|&k| has(k)) {
                out.push((Yaku::Suushii, 1));
            }
            if [Kind::Ki, Kind::Gi, Kind::Ka, Kind::Hi]
                .iter()
                .all(|&k| has(k))
            {
                out.push((Yaku::Shitennou, 1));
            }
        }
        Shape::Kokushi => out.push((Yaku::Kokushi, 1)),
    }
    out
}

fn standard_yaku(out: &mut Vec<(Yaku, u32)>, groups: &[Group], head: Kind, closed: bool) {
    let dragon_sets: Vec<Kind> = groups
        .iter()
        .filter_map(|g| match g {
            Group::DragonSet { kind } => Some(*kind),
            _ => None,
        })
        .collect();
    let yakuhai = dragon_sets.len() as u32 + u32::from(head.is_dragon());
    if yakuhai > 0 {
        out.push((Yaku::Yakuhai, yakuhai));
    }
    if groups.iter().all(|g| g.is_triplet()) {
        out.push((Yaku::Toitoi, 1));
    }
    if groups.iter().all(|g| *g == Group::PawnSet) && head == Kind::Fu {
        out.push((Yaku::Fuiisou, 1));
    }
    let triplet_of = |k: Kind| groups.iter().any(|g| g.triplet_kind() == Some(k));
    let kan_of = |k: Kind| groups.contains(&Group::WindKan { kind: k });
    let kans = groups.iter().filter(|g| g.is_kan()).count();
    if head == Kind::Fu && triplet_of(Kind::Ky) && triplet_of(Kind::Ke) {
        out.push((Yaku::Kogoma, 1));
    }
    if kans == 2 {
        out.push((Yaku::Nikantsu, 1));
    }
    if head == Kind::Fu && kan_of(Kind::Ky) && kan_of(Kind::Ke) {
        out.push((Yaku::NikantsuKogoma, 1));
    }
    if head == Kind::Gy && triplet_of(Kind::Ki) && triplet_of(Kind::Gi) {
        out.push((Yaku::Shugo, 1));
    }
    if head == Kind::Gy && kan_of(Kind::Ki) && kan_of(Kind::Gi) {
        out.push((Yaku::NikantsuShugo, 1));
    }
    let sets = |k: Kind| dragon_sets.contains(&k);
    if head == Kind::Gy && sets(Kind::Hi) && sets(Kind::Ka) {
        out.push((Yaku::Daisangen, 1));
    }
    let little = sets(Kind::Gy)
        && ((sets(Kind::Hi) && head == Kind::Ka) || (sets(Kind::Ka) && head == Kind::Hi));
    if little {
        // A closed 小三元 is scored and reported as 大三元 (its closed value).
        out.push((
            if closed {
                Yaku::Daisangen
            } else {
                Yaku::Shousangen
            },
            1,
        ));
    }
}

/// Pawns in the hand that are not merged into a dragon set in this reading.
fn unmerged_pawns(win: &Win<'_>, shape: &Shape) -> u32 {
    let mut all = win.concealed;
    for m in win.melds {
        for k in Kind::ALL {
            all.add_n(k, m.group.pieces().get(k));
        }
    }
    let merged = match shape {
        Shape::Standard { groups, .. } => groups
            .iter()
            .filter(|g| matches!(g, Group::DragonSet { .. }))
            .count() as u32,
        _ => 0,
    };
    u32::from(all.get(Kind::Fu)) - merged
}

/// Dora and kan dora of a reading: a merged pawn counts as its dragon; kan indicators count
/// 2 each for a winner in riichi.
fn dora(win: &Win<'_>, shape: &Shape) -> u32 {
    let mut all = win.concealed;
    for m in win.melds {
        for k in Kind::ALL {
            all.add_n(k, m.group.pieces().get(k));
        }
    }
    let merged: Vec<Kind> = match shape {
        Shape::Standard { groups, .. } => groups
            .iter()
            .filter_map(|g| match g {
                Group::DragonSet { kind } => Some(*kind),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    let pieces_as = |named: Kind| -> u32 {
        let physical = u32::from(all.get(named));
        let merged_here = merged.iter().filter(|&&d| d == named).count() as u32;
        if named == Kind::Fu {
            physical - merged.len() as u32
        } else {
            physical + merged_here
        }
    };
    win.indicators
        .iter()
        .enumerate()
        .map(|(i, ind)| {
            let each = if i > 0 && win.riichi { 2 } else { 1 };
            pieces_as(ind.dora()) * each
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shogi::piece::parse_pieces;

    fn win<'a>(hand: &str, winning: Option<&str>, melds: &'a [Meld], by: WinBy) -> Win<'a> {
        let mut concealed = Counts::of(&parse_pieces(hand).unwrap());
        let winning = winning.map(|w| w.parse::<Kind>().unwrap());
        if let Some(w) = winning {
            concealed.add(w);
        }
        Win {
            concealed,
            winning,
            melds,
            by,
            riichi: false,
            rinshan: false,
            tenhou: false,
            chiihou: false,
            renhou: false,
            indicators: &[Kind::Gy],
            honba: 0,
            minimum: 2,
        }
    }

    fn ids(score: &Score) -> Vec<(&str, u64)> {
        score.yaku.iter().map(|(id, h)| (id.as_str(), *h)).collect()
    }

    #[test]
    fn a_closed_tsumo_with_a_dragon_set_and_toitoi() {
        let w = win("KY KY KY KA KA GI GI", Some("FU"), &[], WinBy::Tsumo);
        let s = score(&w, &Options::default()).unwrap();
        // Pawn win allowed by toitoi (medium); the only pawn is merged into the bishop set, so
        // the hand has no pawn (字一色) and the GY indicator's FU dora finds none.
        assert_eq!(
            ids(&s),
            [
                ("tsumo", 1),
                ("yakuhai", 1),
                ("tsuuiisou", 1),
                ("toitoi", 2)
            ]
        );
        assert_eq!(s.dora, 0);
        assert_eq!(s.total, 1 + 1 + 1 + 2 + 2);
    }

    #[test]
    fn below_the_minimum_or_a_small_pawn_win_does_not_win() {
        // Only tsumo (1 han): below 2.
        let w = win("FU FU FU KY KY KY KE", Some("KE"), &[], WinBy::Tsumo);
        assert_eq!(score(&w, &Options::default()), None);
        // Riichi counts 1 toward the minimum: riichi + tsumo = 2 → wins, scores 2 + 1.
        let mut w = win("FU FU FU KY KY KY KE", Some("KE"), &[], WinBy::Tsumo);
        w.riichi = true;
        let s = score(&w, &Options::default()).unwrap();
        assert_eq!(ids(&s), [("riichi", 2), ("tsumo", 1)]);
        // The same on a pawn: small yaku only → the pawn rule refuses it.
        let mut w = win("FU FU KY KY KY KE KE", Some("FU"), &[], WinBy::Tsumo);
        w.riichi = true;
        assert_eq!(score(&w, &Options::default()), None);
    }

    #[test]
    fn a_big_yaku_counts_alone_and_closed_shousangen_is_daisangen() {
        let w = win("GY GY HI HI FU KA KA", Some("FU"), &[], WinBy::Tsumo);
        let s = score(&w, &Options::default()).unwrap();
        assert_eq!(ids(&s), [("daisangen", 50)]);
        let king_pon = [Meld {
            group: Group::DragonSet { kind: Kind::Gy },
            how: How::Pon,
            called: Some(Kind::Gy),
        }];
        let w = win("HI HI FU KA", Some("KA"), &king_pon, WinBy::Ron);
        let s = score(&w, &Options::default()).unwrap();
        assert_eq!(ids(&s), [("shousangen", 16)]);
    }

    #[test]
    fn the_score_keeps_the_reading_that_scored_not_the_first_one() {
        // 角 角 歩 玉 with a pon of 飛 飛 歩, ron on 玉: read first with a head of 角 and 玉 玉 歩
        // a set (小三元), it scores as 大三元 with a head of 玉.
        let hi_pon = [Meld {
            group: Group::DragonSet { kind: Kind::Hi },
            how: How::Pon,
            called: Some(Kind::Fu),
        }];
        let w = win("KA KA FU GY", Some("GY"), &hi_pon, WinBy::Ron);
        let shapes = readings(&w.concealed, &[hi_pon[0].group]);
        let first = score_reading(&w, &Options::default(), &shapes[0], false).unwrap();
        assert_eq!(ids(&first), [("shousangen", 16)]);
        let s = score(&w, &Options::default()).unwrap();
        assert_eq!(ids(&s), [("daisangen", 25)]);
        let dragon = |kind| Group::DragonSet { kind };
        assert_eq!(
            s.reading,
            Some(Shape::Standard {
                groups: vec![dragon(Kind::Ka), dragon(Kind::Hi)],
                head: Kind::Gy
            })
        );
    }

    #[test]
    fn kan_dora_count_double_in_riichi_and_kans_add_their_bonus() {
        let kan = [Meld {
            group: Group::WindKan { kind: Kind::Ki },
            how: How::ClosedKan,
            called: None,
        }];
        let mut w = win("KA KA FU GI", Some("GI"), &kan, WinBy::Tsumo);
        w.riichi = true;
        w.indicators = &[Kind::Fu, Kind::Gi];
        let s = score(&w, &Options::default()).unwrap();
        // KY named by FU: none; KI named by GI (a kan indicator): 4 × 2.
        assert_eq!(s.dora, 8);
        assert_eq!(s.kan_bonus, 2);
    }
}
