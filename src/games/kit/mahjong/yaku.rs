//! The yaku and yakuman of §8, in the table's order, and which of them a reading holds.

use serde::{Deserialize, Serialize};

use super::reading::{Group, Reading, Shape, Wait};
use super::tile::{Kind, Suit, KINDS};

macro_rules! yaku_table {
    ($($variant:ident $id:literal $closed:literal $open:literal $yakuman:literal;)*) => {
        /// One yaku or yakuman, in the order of §8 (the output's order).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum Yaku {
            $($variant,)*
        }

        impl Yaku {
            /// Every yaku, then every yakuman, in §8's order.
            pub const ALL: &'static [Yaku] = &[$(Yaku::$variant,)*];

            /// The id of the scenario format.
            pub fn id(self) -> &'static str {
                match self {
                    $(Yaku::$variant => $id,)*
                }
            }

            /// Han in a closed hand; for a yakuman its value in yakuman (1 or 2).
            fn closed_value(self) -> u8 {
                match self {
                    $(Yaku::$variant => $closed,)*
                }
            }

            /// Han in an open hand, 0 for a closed-only yaku.
            fn open_value(self) -> u8 {
                match self {
                    $(Yaku::$variant => $open,)*
                }
            }

            pub fn is_yakuman(self) -> bool {
                match self {
                    $(Yaku::$variant => $yakuman,)*
                }
            }
        }
    };
}

yaku_table! {
    Riichi "riichi" 1 0 false;
    DoubleRiichi "double_riichi" 2 0 false;
    Ippatsu "ippatsu" 1 0 false;
    MenzenTsumo "menzen_tsumo" 1 0 false;
    Pinfu "pinfu" 1 0 false;
    Tanyao "tanyao" 1 1 false;
    Iipeikou "iipeikou" 1 0 false;
    Haku "haku" 1 1 false;
    Hatsu "hatsu" 1 1 false;
    Chun "chun" 1 1 false;
    SeatWind "seat_wind" 1 1 false;
    RoundWind "round_wind" 1 1 false;
    Haitei "haitei" 1 1 false;
    Houtei "houtei" 1 1 false;
    Rinshan "rinshan" 1 1 false;
    Chankan "chankan" 1 1 false;
    Sanshoku "sanshoku" 2 1 false;
    Ittsu "ittsu" 2 1 false;
    Chanta "chanta" 2 1 false;
    Chiitoitsu "chiitoitsu" 2 0 false;
    Toitoi "toitoi" 2 2 false;
    Sanankou "sanankou" 2 2 false;
    SanshokuDoukou "sanshoku_doukou" 2 2 false;
    Sankantsu "sankantsu" 2 2 false;
    Shousangen "shousangen" 2 2 false;
    Honroutou "honroutou" 2 2 false;
    Honitsu "honitsu" 3 2 false;
    Junchan "junchan" 3 2 false;
    Ryanpeikou "ryanpeikou" 3 0 false;
    Chinitsu "chinitsu" 6 5 false;
    Kokushi "kokushi" 1 1 true;
    Kokushi13 "kokushi_13" 2 2 true;
    Suuankou "suuankou" 1 1 true;
    SuuankouTanki "suuankou_tanki" 2 2 true;
    Daisangen "daisangen" 1 1 true;
    Shousuushii "shousuushii" 1 1 true;
    Daisuushii "daisuushii" 2 2 true;
    Tsuuiisou "tsuuiisou" 1 1 true;
    Ryuuiisou "ryuuiisou" 1 1 true;
    Chinroutou "chinroutou" 1 1 true;
    Chuuren "chuuren" 1 1 true;
    JunseiChuuren "junsei_chuuren" 2 2 true;
    Suukantsu "suukantsu" 1 1 true;
    Tenhou "tenhou" 1 1 true;
    Chiihou "chiihou" 1 1 true;
}

impl Yaku {
    /// The yaku with this id.
    pub fn from_id(id: &str) -> Option<Yaku> {
        Yaku::ALL.iter().copied().find(|y| y.id() == id)
    }

    /// Its han in a hand that is `closed` or not (`None`: not in an open hand); a yakuman's
    /// 13 per yakuman (26 for a double). `kuitan` off makes tanyao closed only.
    pub fn han(self, closed: bool, kuitan: bool) -> Option<u8> {
        let value = if closed {
            self.closed_value()
        } else if self == Yaku::Tanyao && !kuitan {
            0
        } else {
            self.open_value()
        };
        let han = if self.is_yakuman() { 13 * value } else { value };
        (han > 0).then_some(han)
    }
}

/// How a hand was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinBy {
    Ron,
    Tsumo,
    /// A ron on a robbed kan (§5).
    Chankan,
}

impl WinBy {
    pub fn id(self) -> &'static str {
        match self {
            WinBy::Ron => "ron",
            WinBy::Tsumo => "tsumo",
            WinBy::Chankan => "chankan",
        }
    }

    /// Whether the tile came from another player (ron or chankan).
    pub fn is_ron(self) -> bool {
        self != WinBy::Tsumo
    }
}

/// The winner's riichi (§7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RiichiKind {
    #[default]
    None,
    Single,
    Double,
}

/// What the round says about a win, beside the tiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Situation {
    pub by: WinBy,
    pub seat_wind: Kind,
    pub round_wind: Kind,
    pub riichi: RiichiKind,
    pub ippatsu: bool,
    /// Tsumo on the last tile of the live wall.
    pub haitei: bool,
    /// Ron on a discard made with the live wall empty.
    pub houtei: bool,
    /// Tsumo on a replacement tile.
    pub rinshan: bool,
    /// Tsumo on the player's first draw with no call or kan before: 天和 for the dealer, 地和
    /// for the others.
    pub first_draw: bool,
    pub dealer: bool,
    /// 喰いタン (option `kuitan`).
    pub kuitan: bool,
}

/// What a whole hand holds, whatever its reading.
pub struct HandFacts {
    /// Every tile kind of the hand, calls included (a kan counts four).
    pub all: [u8; KINDS],
    /// No chi, pon, open or added kan.
    pub closed: bool,
    /// No call at all (a closed kan is one).
    pub no_calls: bool,
    /// The concealed tiles before the winning tile, for the thirteen-sided and pure nine gates.
    pub before_win: [u8; KINDS],
    pub won: Kind,
}

/// Every yaku of a reading in §8's order, only its yakuman when it has any (§8).
pub fn yaku_of(reading: &Reading, facts: &HandFacts, s: &Situation) -> Vec<Yaku> {
    let mut yakuman = whole_hand_yakuman(facts, s);
    match reading {
        Reading::Standard {
            groups, pair, wait, ..
        } => yakuman.extend(standard_yakuman(groups, *pair, *wait, s)),
        Reading::ThirteenOrphans { .. } => {
            yakuman.push(if facts.before_win[facts.won.index()] == 1 {
                Yaku::Kokushi13
            } else {
                Yaku::Kokushi
            })
        }
        Reading::SevenPairs { .. } => {}
    }
    if !yakuman.is_empty() {
        yakuman.sort();
        return yakuman;
    }
    let mut yaku = situation_yaku(facts, s);
    yaku.extend(tile_yaku(facts));
    match reading {
        Reading::Standard {
            groups, pair, wait, ..
        } => yaku.extend(standard_yaku(groups, *pair, *wait, facts, s)),
        Reading::SevenPairs { .. } => yaku.push(Yaku::Chiitoitsu),
        Reading::ThirteenOrphans { .. } => {}
    }
    yaku.sort();
    yaku.dedup();
    yaku
}

/// Yaku that come from how and when the hand was won.
fn situation_yaku(facts: &HandFacts, s: &Situation) -> Vec<Yaku> {
    let mut y = Vec::new();
    match s.riichi {
        RiichiKind::None => {}
        RiichiKind::Single => y.push(Yaku::Riichi),
        RiichiKind::Double => y.push(Yaku::DoubleRiichi),
    }
    if s.ippatsu && s.riichi != RiichiKind::None {
        y.push(Yaku::Ippatsu);
    }
    if facts.closed && s.by == WinBy::Tsumo {
        y.push(Yaku::MenzenTsumo);
    }
    let flags = [
        (s.haitei, Yaku::Haitei),
        (s.houtei, Yaku::Houtei),
        (s.rinshan, Yaku::Rinshan),
        (s.by == WinBy::Chankan, Yaku::Chankan),
    ];
    y.extend(flags.into_iter().filter(|(on, _)| *on).map(|(_, y)| y));
    y
}

/// Yaku decided by which kinds the hand holds, whatever the reading.
fn tile_yaku(facts: &HandFacts) -> Vec<Yaku> {
    let mut y = Vec::new();
    let kinds = || Kind::all().filter(|k| facts.all[k.index()] > 0);
    if kinds().all(Kind::is_simple) {
        y.push(Yaku::Tanyao);
    }
    let honors = kinds().any(Kind::is_honor);
    let terminals = kinds().any(Kind::is_terminal);
    if kinds().all(Kind::is_yaochuu) && honors && terminals {
        y.push(Yaku::Honroutou);
    }
    let suits = suits_held(facts);
    if suits == 1 && honors {
        y.push(Yaku::Honitsu);
    }
    if suits == 1 && !honors {
        y.push(Yaku::Chinitsu);
    }
    y
}

fn suits_held(facts: &HandFacts) -> usize {
    [Suit::Man, Suit::Pin, Suit::Sou]
        .into_iter()
        .filter(|&suit| Kind::all().any(|k| k.suit() == suit && facts.all[k.index()] > 0))
        .count()
}

/// Yaku of the four groups and the pair.
fn standard_yaku(
    groups: &[Group; 4],
    pair: Kind,
    wait: Wait,
    facts: &HandFacts,
    s: &Situation,
) -> Vec<Yaku> {
    let mut y = Vec::new();
    let runs: Vec<Kind> = runs(groups);
    let sets: Vec<Kind> = groups
        .iter()
        .filter(|g| g.is_set_of_one_kind())
        .map(|g| g.first)
        .collect();
    if facts.closed && is_pinfu(groups, pair, wait, s) {
        y.push(Yaku::Pinfu);
    }
    if facts.closed {
        match identical_run_pairs(&runs) {
            0 => {}
            1 => y.push(Yaku::Iipeikou),
            _ => y.push(Yaku::Ryanpeikou),
        }
    }
    for (k, yaku) in [
        (Kind::WHITE, Yaku::Haku),
        (dragon(1), Yaku::Hatsu),
        (dragon(2), Yaku::Chun),
        (s.seat_wind, Yaku::SeatWind),
        (s.round_wind, Yaku::RoundWind),
    ] {
        if sets.contains(&k) {
            y.push(yaku);
        }
    }
    if same_in_three_suits(&runs) {
        y.push(Yaku::Sanshoku);
    }
    if is_ittsu(&runs) {
        y.push(Yaku::Ittsu);
    }
    let all_yaochuu = groups.iter().all(|g| g.has_yaochuu()) && pair.is_yaochuu();
    let honor = groups.iter().any(|g| g.first.is_honor()) || pair.is_honor();
    if all_yaochuu && !runs.is_empty() {
        y.push(if honor { Yaku::Chanta } else { Yaku::Junchan });
    }
    if sets.len() == 4 {
        y.push(Yaku::Toitoi);
    }
    if concealed_triplets(groups, wait, s) == 3 {
        y.push(Yaku::Sanankou);
    }
    if same_in_three_suits(
        &sets
            .iter()
            .copied()
            .filter(|k| !k.is_honor())
            .collect::<Vec<_>>(),
    ) {
        y.push(Yaku::SanshokuDoukou);
    }
    if kans(groups) == 3 {
        y.push(Yaku::Sankantsu);
    }
    let dragon_sets = sets.iter().filter(|k| k.is_dragon()).count();
    if dragon_sets == 2 && pair.is_dragon() {
        y.push(Yaku::Shousangen);
    }
    y
}

/// The dragon `n` after white (1 green, 2 red).
fn dragon(n: u8) -> Kind {
    Kind::of(Suit::Honor, 5 + n).unwrap_or(Kind::WHITE)
}

fn runs(groups: &[Group; 4]) -> Vec<Kind> {
    groups
        .iter()
        .filter(|g| g.shape == Shape::Run)
        .map(|g| g.first)
        .collect()
}

fn kans(groups: &[Group; 4]) -> usize {
    groups.iter().filter(|g| g.shape == Shape::Kan).count()
}

/// Triplets and kans that count as concealed (§8 sanankou): closed kans, and triplets formed
/// in the hand, except the one a ron completed.
pub fn concealed_triplets(groups: &[Group; 4], wait: Wait, s: &Situation) -> usize {
    let ron_completed = usize::from(wait == Wait::Triplet && s.by.is_ron());
    let concealed = groups
        .iter()
        .filter(|g| g.is_set_of_one_kind() && !g.called)
        .count();
    concealed - ron_completed
}

/// 平和: four runs, a pair that is no yakuhai, a two-sided wait (the hand is closed).
pub fn is_pinfu(groups: &[Group; 4], pair: Kind, wait: Wait, s: &Situation) -> bool {
    groups.iter().all(|g| g.shape == Shape::Run && !g.called)
        && !(pair.is_dragon() || pair == s.seat_wind || pair == s.round_wind)
        && wait == Wait::TwoSided
}

fn identical_run_pairs(runs: &[Kind]) -> usize {
    let mut counts = [0usize; KINDS];
    for r in runs {
        counts[r.index()] += 1;
    }
    counts.iter().map(|c| c / 2).sum()
}

/// The same number in all three suits (runs by their first kind, or triplets).
fn same_in_three_suits(kinds: &[Kind]) -> bool {
    kinds.iter().any(|k| {
        [Suit::Man, Suit::Pin, Suit::Sou]
            .into_iter()
            .all(|suit| kinds.contains(&Kind::of(suit, k.number()).unwrap_or(*k)))
    })
}

fn is_ittsu(runs: &[Kind]) -> bool {
    [Suit::Man, Suit::Pin, Suit::Sou].into_iter().any(|suit| {
        [1, 4, 7]
            .into_iter()
            .all(|n| Kind::of(suit, n).is_some_and(|k| runs.contains(&k)))
    })
}

/// Yakuman decided by the whole hand or the situation, whatever the reading.
fn whole_hand_yakuman(facts: &HandFacts, s: &Situation) -> Vec<Yaku> {
    let mut y = Vec::new();
    let kinds = || Kind::all().filter(|k| facts.all[k.index()] > 0);
    if kinds().all(Kind::is_honor) {
        y.push(Yaku::Tsuuiisou);
    }
    if kinds().all(is_green) {
        y.push(Yaku::Ryuuiisou);
    }
    if kinds().all(Kind::is_terminal) {
        y.push(Yaku::Chinroutou);
    }
    if let Some(nine_gates) = nine_gates(facts) {
        y.push(nine_gates);
    }
    if s.by == WinBy::Tsumo && s.first_draw {
        y.push(if s.dealer {
            Yaku::Tenhou
        } else {
            Yaku::Chiihou
        });
    }
    y
}

/// `2s 3s 4s 6s 8s 6z`.
fn is_green(k: Kind) -> bool {
    match k.suit() {
        Suit::Sou => matches!(k.number(), 2 | 3 | 4 | 6 | 8),
        Suit::Honor => k.number() == 6,
        _ => false,
    }
}

const NINE_GATES: [u8; 9] = [3, 1, 1, 1, 1, 1, 1, 1, 3];

fn nine_gates(facts: &HandFacts) -> Option<Yaku> {
    if !facts.no_calls || suits_held(facts) != 1 {
        return None;
    }
    let suit = facts.won.suit();
    if suit == Suit::Honor {
        return None;
    }
    let start = suit as usize * 9;
    let block = &facts.all[start..start + 9];
    if block.iter().map(|&c| u32::from(c)).sum::<u32>() != 14
        || block.iter().zip(NINE_GATES).any(|(&c, need)| c < need)
    {
        return None;
    }
    let pure = facts.before_win[start..start + 9] == NINE_GATES;
    Some(if pure {
        Yaku::JunseiChuuren
    } else {
        Yaku::Chuuren
    })
}

/// Yakuman of a standard reading.
fn standard_yakuman(groups: &[Group; 4], pair: Kind, wait: Wait, s: &Situation) -> Vec<Yaku> {
    let mut y = Vec::new();
    if concealed_triplets(groups, wait, s) == 4 {
        y.push(if wait == Wait::Pair {
            Yaku::SuuankouTanki
        } else {
            Yaku::Suuankou
        });
    }
    let sets: Vec<Kind> = groups
        .iter()
        .filter(|g| g.is_set_of_one_kind())
        .map(|g| g.first)
        .collect();
    if sets.iter().filter(|k| k.is_dragon()).count() == 3 {
        y.push(Yaku::Daisangen);
    }
    match sets.iter().filter(|k| k.is_wind()).count() {
        4 => y.push(Yaku::Daisuushii),
        3 if pair.is_wind() => y.push(Yaku::Shousuushii),
        _ => {}
    }
    if kans(groups) == 4 {
        y.push(Yaku::Suukantsu);
    }
    y
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_back_and_keep_the_table_order() {
        for (i, y) in Yaku::ALL.iter().enumerate() {
            assert_eq!(Yaku::from_id(y.id()), Some(*y));
            if i > 0 {
                assert!(Yaku::ALL[i - 1] < *y);
            }
        }
        assert_eq!(Yaku::ALL.len(), 45);
    }

    #[test]
    fn closed_only_yaku_have_no_open_value_and_yakuman_count_thirteen() {
        assert_eq!(Yaku::Pinfu.han(false, true), None);
        assert_eq!(Yaku::Chinitsu.han(false, true), Some(5));
        assert_eq!(Yaku::Chinitsu.han(true, true), Some(6));
        assert_eq!(Yaku::Tanyao.han(false, false), None);
        assert_eq!(Yaku::Tanyao.han(true, false), Some(1));
        assert_eq!(Yaku::Daisuushii.han(false, true), Some(26));
        assert_eq!(Yaku::Kokushi.han(true, true), Some(13));
    }
}
