//! Scoring a win (rules §6): the best partition, dora, the ron bonus and doubling. The score
//! keeps the partition it counted, so that a summary shows the sets its yaku came from.

use std::cmp::Ordering;
use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};

use super::card::{Card, CardCounts};
use super::meld::{Meld, MeldSource};
use super::partition::for_each_partition;
use super::shape::Group;
use super::yaku::{HandFacts, WinBy, WinSituation, Yaku, YakuPoints};

/// Every set of a win needs at least this many sets, open and concealed (rules §6.1).
pub const MIN_SETS: usize = 3;

/// A winning hand to be scored.
pub struct WinningHand<'a> {
    /// The concealed cards, the winning card included.
    pub concealed: &'a CardCounts,
    pub winning_card: Card,
    pub melds: &'a [Meld],
    pub by: WinBy,
    pub situation: WinSituation,
}

/// The score of a win.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// The yaku with their values, in table order; never empty.
    pub yaku: Vec<(YakuId, u32)>,
    pub dora: u32,
    pub ron_bonus: u32,
    /// Yaku + dora + ron bonus. Wide enough for any option values (28 yaku of at most
    /// `u32::MAX` points each) without overflow.
    pub base: u64,
    pub doubled: bool,
    /// What the loser pays.
    pub total: u64,
    /// The partition that scored; `None` only in rounds stored before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reading: Option<Reading>,
}

/// The partition of the concealed cards (the winning card included) that a score counts: its
/// sets, its head and where the winning card sits. Open sets are the hand's melds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reading {
    /// The concealed sets, each in card order, in the order the search found them.
    pub sets: Vec<Vec<Card>>,
    pub head: [Card; 2],
    /// The set of `sets` the winning card completes; `None` when it completes the head.
    pub winning_set: Option<usize>,
}

impl Score {
    pub fn has(&self, yaku: Yaku) -> bool {
        self.yaku.iter().any(|(y, _)| y.0 == yaku)
    }
}

/// A yaku serialised by its id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct YakuId(pub Yaku);

impl Serialize for YakuId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.id())
    }
}

impl<'de> Deserialize<'de> for YakuId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let id = String::deserialize(d)?;
        Yaku::from_id(&id)
            .map(YakuId)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown yaku id {id:?}")))
    }
}

/// Whether the open sets plus some partition of `concealed` make a winning shape (at least
/// three sets and one head), ignoring yaku.
pub fn is_winning_shape(concealed: &CardCounts, open_sets: usize) -> bool {
    enough_sets(concealed, open_sets) && super::partition::has_partition(concealed)
}

fn enough_sets(concealed: &CardCounts, open_sets: usize) -> bool {
    concealed.len() % 3 == 2 && concealed.len() / 3 + open_sets >= MIN_SETS
}

/// The best score of a winning hand, with the partition it counts, or `None` when it has no
/// winning shape or no yaku.
pub fn score_win(
    hand: &WinningHand,
    dora_indicators: &[Card],
    points: &YakuPoints,
) -> Option<Score> {
    let (yaku, reading) = best_yaku(hand, points)?;
    let all_cards = all_cards(hand);
    let dora = count_dora(&all_cards, dora_indicators);
    let ron_bonus = u32::from(hand.by == WinBy::Ron);
    let base = yaku_sum(&yaku) + u64::from(dora) + u64::from(ron_bonus);
    let doubled = base >= 7;
    Some(Score {
        yaku: yaku.into_iter().map(|(y, p)| (YakuId(y), p)).collect(),
        dora,
        ron_bonus,
        base,
        doubled,
        total: if doubled { base * 2 } else { base },
        reading: Some(reading),
    })
}

/// Each card is worth 1 per indicator that names it (rules §3).
pub fn count_dora(cards: &[Card], indicators: &[Card]) -> u32 {
    indicators
        .iter()
        .map(|i| {
            cards
                .iter()
                .filter(|c| c.is_dora_for(i.dora_target()))
                .count() as u32
        })
        .sum()
}

fn all_cards(hand: &WinningHand) -> Vec<Card> {
    let mut cards = hand.concealed.to_vec();
    cards.extend(hand.melds.iter().flat_map(|m| m.cards.iter().copied()));
    cards
}

/// The yaku of the best partition, the highest sum, then the larger values first in table
/// order (rules §6), with that partition. `None` when no partition earns a yaku.
fn best_yaku(hand: &WinningHand, points: &YakuPoints) -> Option<(Vec<(Yaku, u32)>, Reading)> {
    if !enough_sets(hand.concealed, hand.melds.len()) {
        return None;
    }
    let all_cards = all_cards(hand);
    let open: Vec<(Group, Option<MeldSource>)> = hand
        .melds
        .iter()
        .map(|m| (m.group(), Some(m.source)))
        .collect();
    let mut best: Option<Best> = None;
    let _ = for_each_partition(hand.concealed, &mut |groups| {
        let (heads, concealed): (Vec<Group>, Vec<Group>) = groups.iter().partition(|g| g.is_head());
        let mut sets = open.clone();
        sets.extend(concealed.iter().map(|g| (*g, None)));
        for winning_set in placements(&sets, &heads[0], hand.winning_card) {
            let facts = HandFacts {
                sets: &sets,
                head: heads[0],
                winning_set,
                by: hand.by,
                situation: hand.situation,
                all_cards: &all_cards,
            };
            let yaku = facts.yaku(points);
            if best
                .as_ref()
                .is_none_or(|b| compare(&yaku, &b.yaku) == Ordering::Greater)
            {
                best = Some(Best {
                    yaku,
                    groups: groups.to_vec(),
                    winning_set,
                });
            }
        }
        ControlFlow::Continue(())
    });
    let best = best.filter(|b| !b.yaku.is_empty())?;
    let winning_set = best.winning_set.map(|i| i - open.len());
    Some((best.yaku, reading(&best.groups, winning_set)))
}

/// The best partition found so far: its yaku, its groups and where the winning card sits (an
/// index into the open and concealed sets). Made a [`Reading`] once, at the end.
struct Best {
    yaku: Vec<(Yaku, u32)>,
    groups: Vec<Group>,
    winning_set: Option<usize>,
}

/// A partition as a [`Reading`]; `winning_set` indexes its sets (the head left out).
fn reading(groups: &[Group], winning_set: Option<usize>) -> Reading {
    let (heads, sets): (Vec<&Group>, Vec<&Group>) = groups.iter().partition(|g| g.is_head());
    let head = heads[0].cards();
    Reading {
        sets: sets.iter().map(|g| g.cards().to_vec()).collect(),
        head: [head[0], head[1]],
        winning_set,
    }
}

/// Where the winning card can sit: the head (`None`) or any concealed set holding its kind.
fn placements(
    sets: &[(Group, Option<MeldSource>)],
    head: &Group,
    card: Card,
) -> Vec<Option<usize>> {
    let mut out: Vec<Option<usize>> = sets
        .iter()
        .enumerate()
        .filter(|(_, (g, source))| source.is_none() && g.cards().contains(&card))
        .map(|(i, _)| Some(i))
        .collect();
    if head.cards().contains(&card) {
        out.push(None);
    }
    out
}

fn yaku_sum(yaku: &[(Yaku, u32)]) -> u64 {
    yaku.iter().map(|(_, p)| u64::from(*p)).sum()
}

fn compare(a: &[(Yaku, u32)], b: &[(Yaku, u32)]) -> Ordering {
    yaku_sum(a)
        .cmp(&yaku_sum(b))
        .then_with(|| table_values(a).cmp(&table_values(b)))
}

/// Values in table order, 0 for an absent yaku, for the tie-break of rules §6.
fn table_values(yaku: &[(Yaku, u32)]) -> [u32; 28] {
    let mut values = [0; 28];
    for (y, p) in yaku {
        values[*y as usize] = *p;
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::momojan::card::parse_cards;
    use crate::games::momojan::shape::classify;

    fn meld(source: MeldSource, text: &str) -> Meld {
        let cards = parse_cards(text).unwrap();
        let called = source.is_call().then_some(cards[0]);
        Meld::new(source, classify(&cards).unwrap(), &cards, called)
    }

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn score(
        concealed: &str,
        winning: &str,
        melds: &[Meld],
        by: WinBy,
        situation: WinSituation,
        dora: &str,
    ) -> Option<Score> {
        let mut counts = CardCounts::from_cards(&parse_cards(concealed).unwrap());
        counts.add(card(winning));
        let hand = WinningHand {
            concealed: &counts,
            winning_card: card(winning),
            melds,
            by,
            situation,
        };
        score_win(&hand, &parse_cards(dora).unwrap(), &YakuPoints::default())
    }

    fn ids(score: &Score) -> Vec<&'static str> {
        score.yaku.iter().map(|(y, _)| y.0.id()).collect()
    }

    #[test]
    fn rulebook_example_one_scores_six() {
        let melds = [
            meld(MeldSource::Kai, "Dog Dog Dog"),
            meld(MeldSource::Kai, "l4 l5 l6"),
            meld(MeldSource::Kai, "s7 s8 s9"),
        ];
        let riichi = WinSituation {
            riichi: true,
            ..Default::default()
        };
        let s = score("Sun Sun o2 o3", "o1", &melds, WinBy::Ron, riichi, "p3").unwrap();
        assert_eq!(ids(&s), ["riichi", "tabi", "dog", "ittsu"]);
        assert_eq!(
            (s.dora, s.ron_bonus, s.base, s.doubled, s.total),
            (1, 1, 6, false, 6)
        );
    }

    #[test]
    fn rulebook_example_two_scores_fourteen() {
        let melds = [
            meld(MeldSource::Pon, "Pheasant Pheasant Pheasant"),
            meld(MeldSource::Chi, "l3 l4 l5"),
            meld(MeldSource::Kai, "o6 o7 o8"),
            meld(MeldSource::Chi, "s5 s6 s7"),
        ];
        let s = score(
            "l2 s2 Moon Moon",
            "Moon",
            &melds,
            WinBy::Tsumo,
            WinSituation::default(),
            "o1",
        )
        .unwrap();
        assert_eq!(ids(&s), ["onigashima", "pheasant", "moon"]);
        assert_eq!((s.dora, s.base, s.doubled, s.total), (2, 7, true, 14));
    }

    #[test]
    fn rulebook_example_three_scores_thirty_eight() {
        let melds = [
            meld(MeldSource::Pon, "Dog Dog Dog"),
            meld(MeldSource::Pon, "Monkey Monkey Monkey"),
            meld(MeldSource::Pon, "Pheasant Pheasant Pheasant"),
            meld(MeldSource::Chi, "l2 l3 l4"),
            meld(MeldSource::Chi, "o5 o6 o7"),
            meld(MeldSource::Pon, "p3 o3 s3"),
            meld(MeldSource::Chi, "s4 s5 s6"),
        ];
        let riichi = WinSituation {
            riichi: true,
            ..Default::default()
        };
        let s = score("s8", "l8", &melds, WinBy::Ron, riichi, "Sun").unwrap();
        assert_eq!(
            ids(&s),
            [
                "riichi",
                "nihon_ichi",
                "dog",
                "monkey",
                "pheasant",
                "kerai",
                "kibidango"
            ]
        );
        assert_eq!((s.dora, s.ron_bonus, s.base, s.total), (0, 1, 19, 38));
    }

    #[test]
    fn no_yaku_no_win() {
        let melds = [meld(MeldSource::Kai, "l4 l5 l6")];
        assert!(score(
            "o1 o2 o3 s7 l7",
            "p7",
            &melds,
            WinBy::Tsumo,
            Default::default(),
            "Sun"
        )
        .is_none_or(|s| !s.yaku.is_empty()));
        // Two sets only: no winning shape.
        assert!(score(
            "l1 l2 l3 Dog Dog Dog o5",
            "s5",
            &[],
            WinBy::Ron,
            Default::default(),
            "l1"
        )
        .is_none());
    }

    #[test]
    fn the_score_keeps_the_partition_that_scored_not_the_first_one_found() {
        // Runs 1-2-3 of lemon, orange and strawberry score tabi, chanta and sanshoku (5). The
        // search finds first a head of l1 o1 with sets of the 2s, the 3s and s1 and two
        // moons, which score tabi and moon (3).
        let melds = [meld(MeldSource::Kai, "l7 l8 l9")];
        let s = score(
            "l1 l2 l3 o1 o3 s1 s2 s3 Moon Moon",
            "o2",
            &melds,
            WinBy::Ron,
            WinSituation::default(),
            "Dog",
        )
        .unwrap();
        assert_eq!(ids(&s), ["tabi", "chanta", "sanshoku"]);
        let runs = ["l1 l2 l3", "o1 o2 o3", "s1 s2 s3"].map(|t| parse_cards(t).unwrap());
        let reading = s.reading.unwrap();
        assert_eq!(reading.sets, runs);
        assert_eq!(reading.head, [Card::MOON; 2]);
        assert_eq!(
            reading.winning_set,
            Some(1),
            "the o2 completes the orange run"
        );
        let mut first = Vec::new();
        let hand =
            CardCounts::from_cards(&parse_cards("l1 l2 l3 o1 o2 o3 s1 s2 s3 Moon Moon").unwrap());
        let _ = for_each_partition(&hand, &mut |groups| {
            first = groups
                .iter()
                .filter(|g| !g.is_head())
                .map(|g| g.cards().to_vec())
                .collect();
            ControlFlow::Break(())
        });
        let found_first = ["l2 o2 s2", "l3 o3 s3", "s1 Moon Moon"].map(|t| parse_cards(t).unwrap());
        assert_eq!(first, found_first);
    }

    #[test]
    fn a_score_keeps_its_reading_when_stored_and_reads_without_one_stored_before() {
        let melds = [meld(MeldSource::Kai, "Dog Dog Dog")];
        let s = score(
            "l1 l2 l3 o4 o5 o6 Sun",
            "Sun",
            &melds,
            WinBy::Tsumo,
            Default::default(),
            "p1",
        )
        .unwrap();
        let json = serde_json::to_value(&s).unwrap();
        assert_eq!(serde_json::from_value::<Score>(json.clone()).unwrap(), s);
        let mut older = json;
        older.as_object_mut().unwrap().remove("reading");
        let read: Score = serde_json::from_value(older).unwrap();
        assert_eq!(read.reading, None);
        assert_eq!(read.yaku, s.yaku);
    }

    #[test]
    fn dora_counts_every_indicator() {
        let cards = parse_cards("l5 o5 Monkey Monkey").unwrap();
        assert_eq!(count_dora(&cards, &parse_cards("s4").unwrap()), 2);
        assert_eq!(count_dora(&cards, &parse_cards("s4 p4").unwrap()), 4);
        assert_eq!(count_dora(&cards, &parse_cards("Dog").unwrap()), 2);
    }
}
