//! Hands (rules §5): open melds, the two tenpai forms with their wait, and the completed hand
//! of four melds and a head that yaku are read on.

use serde::{Deserialize, Serialize};

use super::card::{Card, Form, Kind, Shape};
use crate::games::interface::seat::Seat;

/// A hand holds this many units between turns (rules §3): a concealed card or an open meld
/// each.
pub const UNITS: usize = 5;

/// A meld of the completed hand, or an open meld: its kind and its shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Set {
    pub kind: Kind,
    pub shape: Shape,
}

/// An open meld laid out after a pon (a triplet) or a chi (a sequence): the caller's taatsu
/// card and the claimed isolated card (rules §4.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OpenMeld {
    pub set: Set,
    /// The isolated card's discarder.
    pub from: Seat,
}

impl OpenMeld {
    /// The two cards it is made of: the taatsu and the claimed isolated card.
    pub fn cards(self) -> [Card; 2] {
        let taatsu = Card::new(self.set.kind, Form::Taatsu(self.set.shape))
            .expect("an open meld's taatsu exists");
        [taatsu, Card::isolated(self.set.kind)]
    }
}

/// Which of the two tenpai forms a hand is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TenpaiForm {
    /// 4 melds + 1 isolated card: the isolated card waits for its head.
    HeadWait,
    /// 3 melds + 1 head + 1 taatsu: the taatsu waits to become a meld.
    MeldWait,
}

/// A tenpai hand: its form, what it waits on and what it completes into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tenpai {
    pub form: TenpaiForm,
    /// The kind of isolated card that wins.
    pub wait: Kind,
    /// The hand once the winning card is added.
    pub completed: Completed,
}

/// Four melds and a head, each with its kind (rules §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Completed {
    pub melds: [Set; 4],
    pub head: Kind,
}

impl Completed {
    /// The kinds of the five sets: the four melds, then the head.
    pub fn kinds(&self) -> [Kind; 5] {
        let m = self.melds;
        [m[0].kind, m[1].kind, m[2].kind, m[3].kind, self.head]
    }
}

/// The units of a hand by category: melds (concealed meld cards and open melds), taatsu,
/// isolated and head cards, each with the first one's kind and shape.
#[derive(Debug, Clone, Copy, Default)]
struct Units {
    melds: [Option<Set>; UNITS],
    meld_count: usize,
    taatsu: Option<Set>,
    taatsu_count: usize,
    isolated: Option<Kind>,
    isolated_count: usize,
    head: Option<Kind>,
    head_count: usize,
}

impl Units {
    fn of(concealed: &[Card], open: &[OpenMeld]) -> Option<Units> {
        if concealed.len() + open.len() != UNITS {
            return None;
        }
        let mut u = Units::default();
        for set in open.iter().map(|m| m.set) {
            u.push_meld(set);
        }
        for &card in concealed {
            let kind = card.kind();
            match card.form() {
                Form::Meld(shape) => u.push_meld(Set { kind, shape }),
                Form::Taatsu(shape) => {
                    u.taatsu.get_or_insert(Set { kind, shape });
                    u.taatsu_count += 1;
                }
                Form::Isolated => {
                    u.isolated.get_or_insert(kind);
                    u.isolated_count += 1;
                }
                Form::Head => {
                    u.head.get_or_insert(kind);
                    u.head_count += 1;
                }
            }
        }
        Some(u)
    }

    fn push_meld(&mut self, set: Set) {
        self.melds[self.meld_count] = Some(set);
        self.meld_count += 1;
    }

    fn meld(&self, i: usize) -> Set {
        self.melds[i].expect("counted melds are there")
    }

    /// The first three melds and `fourth`.
    fn with_fourth(&self, fourth: Set) -> [Set; 4] {
        [self.meld(0), self.meld(1), self.meld(2), fourth]
    }
}

/// Whether a hand of 5 units is tenpai, and in which form (rules §5). Nothing but the two
/// forms is tenpai: 4 melds + a taatsu or a head, or 3 melds + two taatsu, are not.
pub fn tenpai(concealed: &[Card], open: &[OpenMeld]) -> Option<Tenpai> {
    let u = Units::of(concealed, open)?;
    if u.meld_count == 4 && u.isolated_count == 1 {
        let wait = u.isolated?;
        let completed = Completed {
            melds: u.with_fourth(u.meld(3)),
            head: wait,
        };
        return Some(Tenpai {
            form: TenpaiForm::HeadWait,
            wait,
            completed,
        });
    }
    if u.meld_count == 3 && u.head_count == 1 && u.taatsu_count == 1 {
        let taatsu = u.taatsu?;
        return Some(Tenpai {
            form: TenpaiForm::MeldWait,
            wait: taatsu.kind,
            completed: Completed {
                melds: u.with_fourth(taatsu),
                head: u.head?,
            },
        });
    }
    None
}

/// A dealt hand of 4 meld cards and 1 head card, as 天和 reads it (rules §7); `None` for any
/// other hand.
pub fn dealt_complete(concealed: &[Card]) -> Option<Completed> {
    let u = Units::of(concealed, &[])?;
    (u.meld_count == 4 && u.head_count == 1).then(|| Completed {
        melds: u.with_fourth(u.meld(3)),
        head: u.head.expect("one head"),
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Cards from their ids separated by spaces.
    pub fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace()
            .map(|id| id.parse().expect("a card id"))
            .collect()
    }

    fn open(kind: Kind, shape: Shape) -> OpenMeld {
        OpenMeld {
            set: Set { kind, shape },
            from: Seat::ZERO,
        }
    }

    #[test]
    fn four_melds_and_an_isolated_card_wait_on_the_isolated_cards_kind() {
        let hand = cards("M-ko-man M-shun-pin M-shun-pin M-ko-dragon I-wind");
        let t = tenpai(&hand, &[]).expect("tenpai");
        assert_eq!(t.form, TenpaiForm::HeadWait);
        assert_eq!(t.wait, Kind::Wind);
        assert_eq!(t.completed.head, Kind::Wind);
    }

    #[test]
    fn three_melds_a_head_and_a_taatsu_wait_on_the_taatsus_kind_and_shape() {
        let hand = cards("M-ko-man M-shun-pin H-dragon T-shun-sou M-ko-wind");
        let t = tenpai(&hand, &[]).expect("tenpai");
        assert_eq!(t.form, TenpaiForm::MeldWait);
        assert_eq!(t.wait, Kind::Sou);
        assert!(t.completed.melds.contains(&Set {
            kind: Kind::Sou,
            shape: Shape::Shun
        }));
        assert_eq!(t.completed.head, Kind::Dragon);
    }

    #[test]
    fn nothing_but_the_two_forms_is_tenpai() {
        for hand in [
            "M-ko-man M-shun-pin M-shun-pin M-ko-dragon T-ko-wind",
            "M-ko-man M-shun-pin M-shun-pin M-ko-dragon H-wind",
            "M-ko-man M-shun-pin M-shun-pin T-ko-dragon T-ko-wind",
            "M-ko-man M-shun-pin M-shun-pin I-dragon I-wind",
            "M-ko-man M-shun-pin H-pin H-dragon T-ko-wind",
            "M-ko-man M-shun-pin M-shun-pin M-ko-dragon M-ko-wind",
        ] {
            assert_eq!(tenpai(&cards(hand), &[]), None, "{hand}");
        }
        // A hand of the wrong size is never tenpai.
        assert_eq!(
            tenpai(&cards("M-ko-man M-shun-pin M-shun-pin I-wind"), &[]),
            None
        );
    }

    #[test]
    fn open_melds_count_as_melds() {
        let hand = cards("M-ko-man M-shun-pin I-sou");
        let melds = [open(Kind::Dragon, Shape::Ko), open(Kind::Man, Shape::Shun)];
        let t = tenpai(&hand, &melds).expect("tenpai with two open melds");
        assert_eq!(t.wait, Kind::Sou);
        let hand = cards("M-ko-man H-pin T-ko-wind");
        assert_eq!(tenpai(&hand, &melds).map(|t| t.wait), Some(Kind::Wind));
    }

    #[test]
    fn a_dealt_hand_of_four_melds_and_a_head_is_complete() {
        let hand = cards("M-ko-man M-shun-pin M-shun-pin M-ko-dragon H-wind");
        assert_eq!(dealt_complete(&hand).map(|c| c.head), Some(Kind::Wind));
        assert_eq!(
            dealt_complete(&cards("M-ko-man M-shun-pin M-shun-pin M-ko-dragon I-wind")),
            None
        );
    }
}
