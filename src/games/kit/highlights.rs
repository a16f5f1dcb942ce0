//! The highlight kinds every game finds the same way, from what each finished round moved:
//! the biggest hand, the comeback from last place, a run of deal-ins, and the round line
//! for a deal-in to a big hand. A game turns its own records into [`RoundFacts`] (through
//! [`SharedKinds`] when these are all its kinds, or into [`GameFacts`] beside its own) and words
//! the lines in its own messages (`{prefix}-hl-…`), so each reads in the game's own terms.

use crate::games::interface::ledger::{Party, Transfer};
use crate::games::interface::seat::{PerSeat, Seat};
use crate::games::interface::{Category, Highlight, HighlightKind, Highlights, Play};
use crate::games::interface::{Say, Words};

/// The biggest hand of the game.
pub const BIG_HAND: HighlightKind = HighlightKind {
    id: "big_hand",
    category: Category::Big,
};
/// Last after a round, first at the end.
pub const COMEBACK: HighlightKind = HighlightKind {
    id: "comeback",
    category: Category::Escape,
};
/// Dealt in several times in one game.
pub const DEAL_INS: HighlightKind = HighlightKind {
    id: "deal_ins",
    category: Category::Unlucky,
};
/// Dealt in to a big hand (the round line).
pub const BIG_DEAL_IN: HighlightKind = HighlightKind {
    id: "big_deal_in",
    category: Category::Unlucky,
};

/// Won several rounds in a row.
pub const HOT_STREAK: HighlightKind = HighlightKind {
    id: "hot_streak",
    category: Category::Big,
};
/// Won no round in a long game.
pub const WINLESS: HighlightKind = HighlightKind {
    id: "winless",
    category: Category::Unlucky,
};

/// The shared kinds, for a game's [`crate::games::interface::Highlights::KINDS`].
pub const SHARED: [HighlightKind; 6] = [
    BIG_HAND,
    COMEBACK,
    DEAL_INS,
    BIG_DEAL_IN,
    HOT_STREAK,
    WINLESS,
];

/// A game whose highlights are exactly the shared kinds: it says how each finished round reads
/// and where its thresholds lie, and the lines are found here once (MOMOJAN, shogi mahjong and
/// the beginners' game). Riichi and mining find kinds of their own and implement
/// [`Highlights`] themselves.
pub trait SharedKinds: Play {
    /// The game's message prefix (`momojan`, `shogi`, …).
    const PREFIX: &'static str;
    /// The smallest win worth the `big_hand` line and the `big_deal_in` round line.
    const BIG: i64;
    /// Deal-ins in one game worth the `deal_ins` line.
    const DEAL_INS: usize;
    /// Rounds won in a row worth the `hot_streak` line.
    const STREAK: usize;
    /// Rounds in a game without a win worth the `winless` line.
    const WINLESS: usize;

    /// Every finished round so far, in order.
    fn rounds(state: &Self::State) -> Vec<RoundFacts>;
}

impl<G: SharedKinds> Highlights for G {
    const KINDS: &'static [HighlightKind] = &SHARED;

    fn round_highlights(state: &Self::State, round: usize) -> Vec<Highlight> {
        G::rounds(state)
            .iter()
            .find(|r| r.index == round)
            .map_or_else(Vec::new, |r| round_lines(G::PREFIX, r, G::BIG))
    }

    fn game_highlights(state: &Self::State) -> Vec<Highlight> {
        let Some(finish) = G::finish(state) else {
            return Vec::new();
        };
        game_lines(&GameFacts {
            prefix: G::PREFIX,
            rounds: G::rounds(state),
            ranking: finish.ranking,
            big: G::BIG,
            deal_ins: G::DEAL_INS,
            streak: G::STREAK,
            winless: G::WINLESS,
        })
    }
}

/// One win of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Won {
    pub seat: Seat,
    /// The seat that dealt in; `None` for a win on one's own draw.
    pub from: Option<Seat>,
    /// What the win paid the winner (its win transfers, honba included).
    pub points: i64,
}

/// One finished round, as the shared kinds read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundFacts {
    /// 0-based.
    pub index: usize,
    pub wins: Vec<Won>,
    /// Every seat's balance after the round's settlement.
    pub balances: PerSeat<i64>,
}

impl RoundFacts {
    /// Round `index` that at most one seat won: `won` is the winner with the seat that dealt
    /// in (`None` for a tsumo), its points what the winner received by the `transfers` whose
    /// reason is `win`; `balances` after the round's settlement.
    pub fn one_win<R: PartialEq>(
        index: u32,
        won: Option<(Seat, Option<Seat>)>,
        transfers: &[Transfer<R>],
        win: &R,
        balances: PerSeat<i64>,
    ) -> RoundFacts {
        let wins = won.map(|(seat, from)| Won {
            seat,
            from,
            points: win_points(
                transfers
                    .iter()
                    .map(|t| (t.from, t.to, t.amount, t.reason == *win)),
                seat,
            ),
        });
        RoundFacts {
            index: index as usize,
            wins: wins.into_iter().collect(),
            balances,
        }
    }
}

/// A finished game, as the shared kinds read it, with the game's thresholds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameFacts {
    /// The game's message prefix (`momojan`, `shogi`, …).
    pub prefix: &'static str,
    pub rounds: Vec<RoundFacts>,
    /// First to last.
    pub ranking: Vec<Seat>,
    /// The smallest win worth the `big_hand` line and the `big_deal_in` round line.
    pub big: i64,
    /// Deal-ins in one game worth the `deal_ins` line.
    pub deal_ins: usize,
    /// Rounds won in a row worth the `hot_streak` line.
    pub streak: usize,
    /// Rounds in a game without a win worth the `winless` line.
    pub winless: usize,
}

fn words(prefix: &str, kind: HighlightKind, args: Vec<(&'static str, Say)>) -> Words {
    Words::with(format!("{prefix}-hl-{}", kind.id.replace('_', "-")), args)
}

fn line(
    kind: HighlightKind,
    seats: Vec<Seat>,
    round: Option<usize>,
    words: Words,
    weight: u32,
    value: i64,
) -> Highlight {
    Highlight {
        kind: kind.id,
        category: kind.category,
        seats,
        round,
        words,
        weight,
        value,
    }
}

/// What `winner` received by the transfers whose reason `is_win` (the win and its honba, not
/// the pot), from `(from, to, amount, is_win)`.
pub fn win_points(
    transfers: impl IntoIterator<Item = (Party, Party, i64, bool)>,
    winner: Seat,
) -> i64 {
    transfers
        .into_iter()
        .filter(|&(_, to, _, is_win)| is_win && to == Party::Seat(winner))
        .map(|(_, _, amount, _)| amount)
        .sum()
}

/// A weight from 1 to 100 that grows with `value` over `base` (twice the base adds 20).
pub fn scaled(start: u32, value: i64, base: i64) -> u32 {
    let times = value.checked_div(base.max(1)).unwrap_or(0).clamp(0, 8) as u32;
    (start + 10 * times.saturating_sub(1)).min(100)
}

/// The round line of round `facts`: each deal-in to a win of at least `big`.
pub fn round_lines(prefix: &'static str, facts: &RoundFacts, big: i64) -> Vec<Highlight> {
    facts
        .wins
        .iter()
        .filter(|w| w.points >= big)
        .filter_map(|w| {
            let from = w.from?;
            Some(line(
                BIG_DEAL_IN,
                vec![from, w.seat],
                Some(facts.index),
                words(
                    prefix,
                    BIG_DEAL_IN,
                    vec![
                        ("player", Say::Player(from)),
                        ("winner", Say::Player(w.seat)),
                        ("points", Say::Num(w.points)),
                    ],
                ),
                scaled(45, w.points, big),
                w.points,
            ))
        })
        .collect()
}

/// The shared kinds of a finished game, its rounds' lines included.
pub fn game_lines(facts: &GameFacts) -> Vec<Highlight> {
    let mut out: Vec<Highlight> = (facts.rounds.iter())
        .flat_map(|r| round_lines(facts.prefix, r, facts.big))
        .collect();
    out.extend(biggest_hand(facts));
    out.extend(comeback(facts));
    out.extend(deal_ins(facts));
    out.extend(hot_streak(facts));
    out.extend(winless(facts));
    out
}

/// The longest run of rounds won in a row, if it is at least `streak` (the first of equal
/// ones; a round two won counts for both).
pub fn hot_streak(facts: &GameFacts) -> Option<Highlight> {
    let seats: Vec<Seat> = facts.ranking.clone();
    let mut best: Option<(Seat, usize, usize)> = None;
    for &seat in &seats {
        let mut run = 0;
        for r in &facts.rounds {
            run = if r.wins.iter().any(|w| w.seat == seat) {
                run + 1
            } else {
                0
            };
            if run >= facts.streak.max(2) && best.is_none_or(|(_, n, _)| run > n) {
                best = Some((seat, run, r.index));
            }
        }
    }
    let (seat, run, last) = best?;
    Some(line(
        HOT_STREAK,
        vec![seat],
        Some(last),
        words(
            facts.prefix,
            HOT_STREAK,
            vec![
                ("player", Say::Player(seat)),
                ("count", Say::Num(run as i64)),
                ("round", Say::Num(last as i64 + 1)),
            ],
        ),
        (40 + 10 * (run - facts.streak.max(2)) as u32).min(90),
        run as i64,
    ))
}

/// Each seat that won no round in a game of at least `winless` rounds.
pub fn winless(facts: &GameFacts) -> Vec<Highlight> {
    let rounds = facts.rounds.len();
    if rounds < facts.winless.max(1) {
        return Vec::new();
    }
    facts
        .ranking
        .iter()
        .filter(|&&s| {
            facts
                .rounds
                .iter()
                .all(|r| r.wins.iter().all(|w| w.seat != s))
        })
        .map(|&s| {
            line(
                WINLESS,
                vec![s],
                None,
                words(
                    facts.prefix,
                    WINLESS,
                    vec![
                        ("player", Say::Player(s)),
                        ("rounds", Say::Num(rounds as i64)),
                    ],
                ),
                30,
                rounds as i64,
            )
        })
        .collect()
}

/// The biggest win of the game, if it is at least `big` (the first of equal ones).
pub fn biggest_hand(facts: &GameFacts) -> Option<Highlight> {
    let (round, win) = facts
        .rounds
        .iter()
        .flat_map(|r| r.wins.iter().map(move |w| (r.index, w)))
        .fold(None::<(usize, &Won)>, |best, (i, w)| match best {
            Some((_, b)) if b.points >= w.points => best,
            _ => Some((i, w)),
        })?;
    (win.points >= facts.big).then(|| {
        line(
            BIG_HAND,
            vec![win.seat],
            Some(round),
            words(
                facts.prefix,
                BIG_HAND,
                vec![
                    ("player", Say::Player(win.seat)),
                    ("points", Say::Num(win.points)),
                    ("round", Say::Num(round as i64 + 1)),
                ],
            ),
            scaled(40, win.points, facts.big),
            win.points,
        )
    })
}

/// The winner of the game, if they were alone in last place after a round before the last.
pub fn comeback(facts: &GameFacts) -> Option<Highlight> {
    let winner = *facts.ranking.first()?;
    let rounds = facts.rounds.len();
    let (round, deficit) = facts
        .rounds
        .iter()
        .take(rounds.saturating_sub(1))
        .filter_map(|r| {
            let mine = r.balances[winner];
            let others = r.balances.iter().filter(|(s, _)| *s != winner);
            let alone_last = others.clone().all(|(_, &b)| b > mine);
            let leader = others.map(|(_, &b)| b).max()?;
            alone_last.then_some((r.index, leader - mine))
        })
        .max_by_key(|&(i, deficit)| (deficit, std::cmp::Reverse(i)))?;
    Some(line(
        COMEBACK,
        vec![winner],
        Some(round),
        words(
            facts.prefix,
            COMEBACK,
            vec![
                ("player", Say::Player(winner)),
                ("round", Say::Num(round as i64 + 1)),
                ("behind", Say::Num(deficit)),
            ],
        ),
        70,
        deficit,
    ))
}

/// Each seat that dealt in at least `deal_ins` times.
pub fn deal_ins(facts: &GameFacts) -> Vec<Highlight> {
    let mut count = std::collections::BTreeMap::<Seat, (usize, i64)>::new();
    for w in facts.rounds.iter().flat_map(|r| &r.wins) {
        if let Some(from) = w.from {
            let e = count.entry(from).or_default();
            e.0 += 1;
            e.1 += w.points;
        }
    }
    count
        .into_iter()
        .filter(|&(_, (n, _))| n >= facts.deal_ins.max(1))
        .map(|(seat, (n, paid))| {
            line(
                DEAL_INS,
                vec![seat],
                None,
                words(
                    facts.prefix,
                    DEAL_INS,
                    vec![
                        ("player", Say::Player(seat)),
                        ("count", Say::Num(n as i64)),
                        ("points", Say::Num(paid)),
                    ],
                ),
                (30 + 10 * (n - facts.deal_ins.max(1)) as u32).min(90),
                n as i64,
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::interface::seat::SeatCount;

    fn round(index: usize, wins: Vec<Won>, balances: [i64; 2]) -> RoundFacts {
        RoundFacts {
            index,
            wins,
            balances: PerSeat::from_vec(balances.to_vec()).unwrap(),
        }
    }

    fn ron(seat: Seat, from: Seat, points: i64) -> Won {
        Won {
            seat,
            from: Some(from),
            points,
        }
    }

    fn game(rounds: Vec<RoundFacts>, ranking: [Seat; 2]) -> GameFacts {
        GameFacts {
            prefix: "g",
            rounds,
            ranking: ranking.to_vec(),
            big: 8000,
            deal_ins: 2,
            streak: 2,
            winless: 3,
        }
    }

    const A: Seat = Seat::ZERO;
    const B: Seat = Seat::ONE;

    #[test]
    fn the_biggest_hand_is_told_from_the_threshold_up() {
        let g = game(
            vec![
                round(0, vec![ron(A, B, 3900)], [28900, 21100]),
                round(1, vec![ron(B, A, 8000)], [20900, 29100]),
            ],
            [B, A],
        );
        let h = biggest_hand(&g).expect("an 8000 hand is big");
        assert_eq!((h.seats[0], h.round, h.value), (B, Some(1), 8000));
        assert_eq!(h.words.key, "g-hl-big-hand");
        let mut near = g.clone();
        near.rounds[1].wins[0].points = 7900;
        assert_eq!(biggest_hand(&near), None, "7900 is under the threshold");
    }

    #[test]
    fn a_comeback_needs_the_winner_alone_in_last_place_before_the_last_round() {
        let g = game(
            vec![
                round(0, vec![ron(B, A, 8000)], [17000, 33000]),
                round(1, vec![ron(A, B, 18000)], [35000, 15000]),
            ],
            [A, B],
        );
        let h = comeback(&g).expect("A was last after round 1 and won");
        assert_eq!((h.seats[0], h.round, h.value), (A, Some(0), 16000));
        // Level after round 1 is not last place alone; and last in the last round does not
        // count (that is losing, not coming back).
        let mut level = g.clone();
        level.rounds[0].balances = PerSeat::filled(SeatCount::TWO, 25000);
        assert_eq!(comeback(&level), None);
        let mut lost = g.clone();
        lost.ranking = vec![B, A];
        assert_eq!(comeback(&lost), None);
    }

    #[test]
    fn deal_ins_are_told_from_the_threshold_up() {
        let g = game(
            vec![
                round(0, vec![ron(B, A, 1000)], [24000, 26000]),
                round(1, vec![ron(B, A, 2000)], [22000, 28000]),
                round(
                    2,
                    vec![Won {
                        seat: A,
                        from: None,
                        points: 3000,
                    }],
                    [25000, 25000],
                ),
            ],
            [A, B],
        );
        let lines = deal_ins(&g);
        assert_eq!(lines.len(), 1);
        assert_eq!((lines[0].seats[0], lines[0].value), (A, 2));
        let mut near = g.clone();
        near.rounds[1].wins[0].from = None;
        assert!(deal_ins(&near).is_empty(), "one deal-in and a tsumo");
    }

    #[test]
    fn a_streak_of_wins_is_told_from_the_threshold_up() {
        let tsumo = |seat| Won {
            seat,
            from: None,
            points: 1000,
        };
        let g = game(
            vec![
                round(0, vec![tsumo(A)], [26000, 24000]),
                round(1, vec![tsumo(B)], [25000, 25000]),
                round(2, vec![tsumo(B)], [24000, 26000]),
            ],
            [B, A],
        );
        let h = hot_streak(&g).expect("B won two in a row");
        assert_eq!((h.seats.clone(), h.value, h.round), (vec![B], 2, Some(2)));
        let mut near = g.clone();
        near.rounds[1].wins[0].seat = A;
        near.rounds[0].wins[0].seat = B;
        assert_eq!(hot_streak(&near), None, "B, A, B is no streak");
    }

    #[test]
    fn a_long_game_without_a_win_is_told_and_a_short_one_is_not() {
        let tsumo = |seat| Won {
            seat,
            from: None,
            points: 1000,
        };
        let g = game(
            (0..3)
                .map(|i| round(i, vec![tsumo(B)], [25000, 25000]))
                .collect(),
            [B, A],
        );
        let lines = winless(&g);
        assert_eq!(lines.len(), 1);
        assert_eq!((lines[0].seats.clone(), lines[0].value), (vec![A], 3));
        let mut short = g.clone();
        short.rounds.pop();
        assert!(winless(&short).is_empty(), "two rounds are too few");
        let mut won_once = g.clone();
        won_once.rounds[1].wins[0].seat = A;
        assert!(winless(&won_once).is_empty());
    }

    #[test]
    fn a_round_line_names_a_deal_in_to_a_big_hand_only() {
        let r = round(3, vec![ron(B, A, 12000)], [13000, 37000]);
        let lines = round_lines("g", &r, 8000);
        assert_eq!(lines.len(), 1);
        assert_eq!(
            (lines[0].seats.clone(), lines[0].round),
            (vec![A, B], Some(3))
        );
        let small = round(3, vec![ron(B, A, 7700)], [17300, 32700]);
        assert!(round_lines("g", &small, 8000).is_empty());
        let tsumo = round(
            3,
            vec![Won {
                seat: B,
                from: None,
                points: 12000,
            }],
            [13000, 37000],
        );
        assert!(round_lines("g", &tsumo, 8000).is_empty(), "nobody dealt in");
    }
}
