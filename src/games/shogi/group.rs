//! Groups, heads and the three winning shapes (rules §2), and every way to read a hand.

use serde::{Deserialize, Serialize};

use super::piece::{Counts, Kind};

/// A group of a hand (rules §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(tag = "group", rename_all = "snake_case")]
pub enum Group {
    /// 歩 歩 歩: a sequence, never a triplet.
    PawnSet,
    /// Three identical winds.
    WindTriplet { kind: Kind },
    /// Four identical winds: one group, and a triplet.
    WindKan { kind: Kind },
    /// Two identical dragons and a merged pawn: a triplet of that dragon.
    DragonSet { kind: Kind },
}

impl Group {
    /// Counts as a triplet (for 対々 and the 三役).
    pub fn is_triplet(self) -> bool {
        !matches!(self, Group::PawnSet)
    }

    /// The kind the group is a triplet of (a dragon set's dragon), if it is one.
    pub fn triplet_kind(self) -> Option<Kind> {
        match self {
            Group::PawnSet => None,
            Group::WindTriplet { kind } | Group::WindKan { kind } | Group::DragonSet { kind } => {
                Some(kind)
            }
        }
    }

    pub fn is_kan(self) -> bool {
        matches!(self, Group::WindKan { .. })
    }

    /// The pieces it is made of.
    pub fn pieces(self) -> Counts {
        let mut c = Counts::default();
        match self {
            Group::PawnSet => c.add_n(Kind::Fu, 3),
            Group::WindTriplet { kind } => c.add_n(kind, 3),
            Group::WindKan { kind } => c.add_n(kind, 4),
            Group::DragonSet { kind } => {
                c.add_n(kind, 2);
                c.add(Kind::Fu);
            }
        }
        c
    }
}

/// How a declared group was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum How {
    /// ポン: a wind triplet or a dragon set from the opponent's discard.
    Pon,
    /// 大明槓: three concealed winds and the opponent's discard.
    OpenKan,
    /// 加槓: a concealed wind added to a pon.
    AddedKan,
    /// 暗槓: four concealed winds; the hand stays closed.
    ClosedKan,
}

/// A declared group, shown on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Meld {
    pub group: Group,
    pub how: How,
    /// The claimed discard (pon and open kan).
    pub called: Option<Kind>,
}

impl Meld {
    /// Opens the hand (everything but a closed kan).
    pub fn opens_hand(&self) -> bool {
        self.how != How::ClosedKan
    }
}

/// The shape of one reading of a winning hand.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "shape", rename_all = "snake_case")]
pub enum Shape {
    /// Two groups (declared ones included) and a head.
    Standard { groups: Vec<Group>, head: Kind },
    /// 四対子: four pairs of four kinds.
    FourPairs { pairs: [Kind; 4] },
    /// 国士無双: one of each kind.
    Kokushi,
}

/// Every reading of `concealed` (the winning piece included) with `declared` groups as a
/// winning shape: each standard split, four pairs and kokushi (the last two only with nothing
/// declared).
pub fn readings(concealed: &Counts, declared: &[Group]) -> Vec<Shape> {
    let mut out = Vec::new();
    let wanted = 2usize.saturating_sub(declared.len());
    if declared.len() <= 2 && concealed.len() == wanted * 3 + 2 {
        for head in Kind::ALL {
            let mut rest = *concealed;
            if !(rest.remove(head) && rest.remove(head)) {
                continue;
            }
            let mut splits = Vec::new();
            split(&rest, wanted, &mut Vec::new(), &mut splits);
            for groups in splits {
                let mut all: Vec<Group> = declared.to_vec();
                all.extend(groups);
                all.sort();
                let shape = Shape::Standard { groups: all, head };
                if !out.contains(&shape) {
                    out.push(shape);
                }
            }
        }
    }
    if declared.is_empty() && concealed.len() == 8 {
        if Kind::ALL.iter().all(|&k| concealed.get(k) == 1) {
            out.push(Shape::Kokushi);
        }
        let pairs: Vec<Kind> = concealed.kinds().collect();
        if pairs.len() == 4 && pairs.iter().all(|&k| concealed.get(k) == 2) {
            out.push(Shape::FourPairs {
                pairs: [pairs[0], pairs[1], pairs[2], pairs[3]],
            });
        }
    }
    out
}

/// Every split of `rest` into exactly `n` groups, each list in the order found.
fn split(rest: &Counts, n: usize, so_far: &mut Vec<Group>, out: &mut Vec<Vec<Group>>) {
    if n == 0 {
        if rest.is_empty() {
            out.push(so_far.clone());
        }
        return;
    }
    // The lowest piece left must be in the next group.
    let Some(low) = rest.kinds().next() else {
        return;
    };
    let mut candidates = Vec::new();
    if low == Kind::Fu {
        candidates.push(Group::PawnSet);
        for dragon in Kind::DRAGONS {
            candidates.push(Group::DragonSet { kind: dragon });
        }
    } else if low.is_wind() {
        candidates.push(Group::WindTriplet { kind: low });
    } else {
        candidates.push(Group::DragonSet { kind: low });
    }
    for group in candidates {
        let mut left = *rest;
        let pieces = group.pieces();
        if !Kind::ALL
            .iter()
            .all(|&k| (0..pieces.get(k)).all(|_| left.remove(k)))
        {
            continue;
        }
        so_far.push(group);
        split(&left, n - 1, so_far, out);
        so_far.pop();
    }
}

/// Whether the pieces with these declared groups have a winning shape. The hot path of legal
/// actions and waits: it allocates nothing.
pub fn is_winning(concealed: &Counts, declared: &[Group]) -> bool {
    let n = concealed.len();
    if declared.is_empty() && n == 8 {
        let each = |want: u8| {
            Kind::ALL
                .iter()
                .all(|&k| matches!(concealed.get(k), 0) || concealed.get(k) == want)
        };
        if Kind::ALL.iter().all(|&k| concealed.get(k) == 1) {
            return true;
        }
        if each(2) && concealed.kinds().count() == 4 {
            return true;
        }
    }
    let Some(wanted) = 2usize.checked_sub(declared.len()) else {
        return false;
    };
    if n != wanted * 3 + 2 {
        return false;
    }
    Kind::ALL.into_iter().any(|head| {
        let mut rest = *concealed;
        rest.remove(head) && rest.remove(head) && can_split(&rest, wanted)
    })
}

/// Whether `rest` splits into exactly `n` groups.
fn can_split(rest: &Counts, n: usize) -> bool {
    let Some(low) = rest.kinds().next() else {
        return n == 0;
    };
    if n == 0 {
        return false;
    }
    let take = |pieces: &[(Kind, u8)]| -> Option<Counts> {
        let mut left = *rest;
        for &(k, times) in pieces {
            for _ in 0..times {
                if !left.remove(k) {
                    return None;
                }
            }
        }
        Some(left)
    };
    let options: &[&[(Kind, u8)]] = match low {
        Kind::Fu => &[
            &[(Kind::Fu, 3)],
            &[(Kind::Fu, 1), (Kind::Ka, 2)],
            &[(Kind::Fu, 1), (Kind::Hi, 2)],
            &[(Kind::Fu, 1), (Kind::Gy, 2)],
        ],
        Kind::Ka => &[&[(Kind::Fu, 1), (Kind::Ka, 2)]],
        Kind::Hi => &[&[(Kind::Fu, 1), (Kind::Hi, 2)]],
        Kind::Gy => &[&[(Kind::Fu, 1), (Kind::Gy, 2)]],
        wind => {
            return take(&[(wind, 3)]).is_some_and(|left| can_split(&left, n - 1));
        }
    };
    options
        .iter()
        .any(|pieces| take(pieces).is_some_and(|left| can_split(&left, n - 1)))
}

/// The waits of a hand (rules §5): the kinds that, added, give a winning shape, counting only
/// kinds the player does not hold every copy of (concealed and declared together).
pub fn waits(concealed: &Counts, declared: &[Group]) -> Vec<Kind> {
    let mut held = *concealed;
    for g in declared {
        for k in Kind::ALL {
            held.add_n(k, g.pieces().get(k));
        }
    }
    Kind::ALL
        .into_iter()
        .filter(|&k| held.get(k) < k.copies())
        .filter(|&k| {
            let mut with = *concealed;
            with.add(k);
            is_winning(&with, declared)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shogi::piece::parse_pieces;

    fn counts(text: &str) -> Counts {
        Counts::of(&parse_pieces(text).unwrap())
    }

    #[test]
    fn a_standard_hand_reads_every_way_its_pawns_can_go() {
        // KA KA FU | FU FU FU | head GY GY? No: FU FU FU FU KA KA GY GY.
        let r = readings(&counts("FU FU FU FU KA KA GY GY"), &[]);
        assert!(r.contains(&Shape::Standard {
            groups: vec![Group::PawnSet, Group::DragonSet { kind: Kind::Ka }],
            head: Kind::Gy
        }));
        assert!(r.contains(&Shape::Standard {
            groups: vec![
                Group::DragonSet { kind: Kind::Ka },
                Group::DragonSet { kind: Kind::Gy }
            ],
            head: Kind::Fu
        }));
    }

    #[test]
    fn four_pairs_need_four_kinds_and_kokushi_one_of_each() {
        assert!(readings(&counts("FU FU KY KY KE KE GI GI"), &[])
            .iter()
            .any(|s| matches!(s, Shape::FourPairs { .. })));
        assert!(!readings(&counts("KY KY KY KY KE KE GI GI"), &[])
            .iter()
            .any(|s| matches!(s, Shape::FourPairs { .. })));
        assert_eq!(
            readings(&counts("FU KY KE GI KI KA HI GY"), &[]),
            vec![Shape::Kokushi]
        );
    }

    #[test]
    fn the_fast_check_agrees_with_the_readings() {
        use crate::games::shogi::piece::full_set;
        use rand::seq::SliceRandom;
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut set = full_set();
        for i in 0..4000 {
            set.shuffle(&mut rng);
            let declared: &[Group] = match i % 3 {
                0 => &[],
                1 => &[Group::WindTriplet { kind: Kind::Ky }],
                _ => &[Group::DragonSet { kind: Kind::Hi }, Group::PawnSet],
            };
            let size = 8 - 3 * declared.len();
            let hand = Counts::of(&set[..size]);
            assert_eq!(
                is_winning(&hand, declared),
                !readings(&hand, declared).is_empty(),
                "{:?} with {declared:?}",
                hand.to_vec()
            );
        }
    }

    #[test]
    fn waits_leave_out_kinds_the_player_holds_every_copy_of() {
        // Kokushi waiting on the king.
        assert_eq!(waits(&counts("FU KY KE GI KI KA HI"), &[]), vec![Kind::Gy]);
        // KA KA FU with a KY KY KY triplet and a lone GY: waits on the other king only.
        assert_eq!(
            waits(
                &counts("KA KA FU GY"),
                &[Group::WindTriplet { kind: Kind::Ky }]
            ),
            vec![Kind::Gy]
        );
        let held = counts("KY KY KY GI GI KE KE");
        assert_eq!(
            waits(&held, &[]),
            vec![Kind::Ke, Kind::Gi],
            "a shanpon wait"
        );
    }
}
