//! Riichi's highlights: what really happened to each player, read from the finished rounds
//! with their walls. Each round is replayed from its record into a [`Story`] (every discard
//! with the hand's shanten and waits after it, the wins, what each seat would have drawn
//! next), and each kind is a function of the stories, so a test can craft the story that
//! triggers it.
//!
//! Round lines ([`Highlights::round_highlights`]) use only what every reader saw by the
//! round's end: the discards, riichi, the wins. Everything read from a concealed hand or the
//! wall is in the game's recap only, written once the game is over.

use super::action::Action;
use super::game::{EndReason, Game, RoundRecord};
use super::options::Options;
use super::round::{RoundEnd, Scores, SEATS};
use super::Riichi;
use crate::games::interface::seat::{PerSeat, Seat};
use crate::games::interface::{Category, Highlight, HighlightKind, Highlights};
use crate::games::interface::{Say, Words};
use crate::games::kit::highlights::{self as kit, GameFacts, RoundFacts, Won};
use crate::games::kit::mahjong::names::piece;
use crate::games::kit::mahjong::score::{base_points, payments, Payments};
use crate::games::kit::mahjong::shanten::shanten;
use crate::games::kit::mahjong::tile::{KindSet, Suit, Tile};
use crate::games::kit::mahjong::waits::waits;
use crate::games::kit::mahjong::yaku::WinBy;

use super::round::Round;

const PREFIX: &str = "riichi";
/// A win this big is worth the biggest-hand line and a deal-in to it a round line: a baiman,
/// or a dealer's haneman. A haneman (12,000) was the biggest hand in 68 % of games of the
/// `normal` computer, so it said little; 16,000 is in 27 % (`BENCHMARKS.md`).
const BIG: i64 = 16_000;
/// Deal-ins in one game worth a line.
const DEAL_INS: usize = 4;
/// Rounds won in a row worth a line.
const STREAK: usize = 3;
/// Rounds without a win worth a line.
const WINLESS: usize = 10;
/// Own discards in a row at one from tenpai, never reaching it, worth a line.
const STUCK: usize = 12;
/// How many times the winner's hand a tenpai must have been worth for the line.
const CHEAPER: i64 = 3;
/// Rounds with a riichi a player must have been first in, every one, for the line.
const FIRST_RIICHI: usize = 3;

macro_rules! kinds {
    ($($name:ident = $id:literal, $cat:ident;)*) => {
        $(const $name: HighlightKind = HighlightKind { id: $id, category: Category::$cat };)*
    };
}

kinds! {
    NEXT_DRAW = "next_draw", Unlucky;
    RIICHI_DEAL_IN = "riichi_deal_in", Unlucky;
    STUCK_ONE_AWAY = "stuck_one_away", Unlucky;
    CHEAPER_WINNER = "cheaper_winner", Unlucky;
    URA_PLACE = "ura_place", Unlucky;
    LEFT_WAIT = "left_wait", Unlucky;
    SUJI_DEAL_IN = "suji_deal_in", Unlucky;
    DODGED = "dodged", Escape;
    FIRST_RIICHI_ALWAYS = "first_riichi", Big;
}

/// One own discard of a seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    pub tile: Tile,
    pub riichi: bool,
    /// The tile drawn just before it (`None` after a call).
    pub drew: Option<Tile>,
    /// The hand's shanten after it (0: tenpai).
    pub shanten: i8,
    /// The hand's waits after it.
    pub waits: KindSet,
    /// The seats in riichi that were waiting on it and did not ron it.
    pub passed_by: Vec<Seat>,
}

/// One win of a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Win {
    pub seat: Seat,
    pub from: Option<Seat>,
    pub by: WinBy,
    pub tile: Tile,
    /// The hand's value, before honba.
    pub points: i64,
    /// What the win paid the winner from each payer, honba included.
    pub paid: Vec<(Seat, i64)>,
    /// What each payer would have paid without the ura dora (honba included).
    pub paid_without_ura: Vec<(Seat, i64)>,
}

/// One round as the highlights read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Story {
    /// 0-based.
    pub index: usize,
    pub turns: PerSeat<Vec<Turn>>,
    pub wins: Vec<Win>,
    /// Each seat's waits as the round ended (empty: not tenpai).
    pub end_waits: PerSeat<KindSet>,
    /// For a seat that did not win, the best its hand would have scored by ron on its waits.
    pub end_value: PerSeat<Option<i64>>,
    /// What each seat would have drawn next had the round gone on (no calls), after a win.
    pub next_draw: PerSeat<Option<Tile>>,
    /// The seats that declared riichi, in order.
    pub riichi_order: Vec<Seat>,
    /// Points after the round's settlement.
    pub points: PerSeat<i64>,
}

/// Replays round `rec` of a game with `options`; `None` if its log does not replay (a damaged
/// record), so a broken round is left out rather than misread.
pub fn replay(options: Options, rec: &RoundRecord) -> Option<Story> {
    let mut round = Round::deal(
        rec.index,
        rec.dealership,
        rec.dealer,
        rec.honba,
        options,
        rec.wall.clone(),
    );
    // The pot plays no part in what is legal; the points do (riichi needs 1,000).
    let mut scores = Scores {
        points: rec.start_points,
        pot: 0,
    };
    let mut turns: PerSeat<Vec<Turn>> = PerSeat::filled(SEATS, Vec::new());
    let mut riichi_order = Vec::new();
    for &(seat, action) in &rec.log {
        if matches!(action, Action::AgariYame | Action::Continue) {
            break;
        }
        let drew = round.players[seat].drawn;
        round.apply(seat, action, &mut scores).ok()?;
        if let Action::Discard { card, riichi } = action {
            let p = &round.players[seat];
            if riichi {
                riichi_order.push(seat);
            }
            let passed_by = SEATS
                .seats()
                .filter(|&r| r != seat && round.players[r].in_riichi())
                .filter(|&r| {
                    let q = &round.players[r];
                    waits(q.hand.counts(), &q.melds).contains(card.kind())
                })
                .collect();
            turns[seat].push(Turn {
                tile: card,
                riichi,
                drew,
                shanten: shanten(p.hand.counts(), p.melds.len()),
                waits: waits(p.hand.counts(), &p.melds),
                passed_by,
            });
        }
    }
    let end = round.end.clone()?;
    let wins: Vec<Win> = match &end {
        RoundEnd::Win { wins } => wins.iter().map(|w| win(&round, w)).collect(),
        _ => Vec::new(),
    };
    // A ron on a discard: a seat that passed it in riichi was not "passing" after all.
    if let Some(w) = wins.first() {
        if let Some(from) = w.from {
            if let Some(last) = turns[from].last_mut() {
                last.passed_by
                    .retain(|s| !wins.iter().any(|w| w.seat == *s));
            }
        }
    }
    let end_waits = round.players.map(|_, p| waits(p.hand.counts(), &p.melds));
    let end_value = PerSeat::from_fn(SEATS, |s| {
        if wins.iter().any(|w| w.seat == s) {
            return None;
        }
        end_waits[s]
            .iter()
            .filter_map(|k| round.score_win(s, k.tile(), WinBy::Ron))
            .map(|score| score.points)
            .max()
    });
    // After a win the next draw is the seat after the discarder's (or the tsumo winner's).
    let next_draw = match wins.first() {
        Some(w) => {
            let last = w.from.unwrap_or(w.seat);
            PerSeat::from_fn(SEATS, |s| {
                let k = last.next(SEATS).distance_to(s, SEATS);
                round.wall.upcoming(usize::from(k))
            })
        }
        None => PerSeat::filled(SEATS, None),
    };
    Some(Story {
        index: rec.index,
        turns,
        wins,
        end_waits,
        end_value,
        next_draw,
        riichi_order,
        points: rec.points,
    })
}

/// A win as the story keeps it, with what the ura dora added to each payment.
fn win(round: &Round, w: &super::round::WinRecord) -> Win {
    let dealer = w.seat == round.dealer;
    let honba = w.honba;
    let split = |p: Payments| -> Vec<(Seat, i64)> {
        match (p, w.from) {
            (Payments::Ron(all), Some(from)) => vec![(from, all + honba)],
            (Payments::Tsumo { dealer: d, others }, _) => SEATS
                .seats()
                .filter(|&s| s != w.seat)
                .map(|s| {
                    let pay = if s == round.dealer { d } else { others };
                    (s, pay + honba / 3)
                })
                .collect(),
            (Payments::Ron(_), None) => Vec::new(),
        }
    };
    let paid = split(w.score.payments);
    let paid_without_ura = match w.score.fu {
        Some(fu) if w.score.ura > 0 => {
            let (base, _) = base_points(w.score.han - w.score.ura, fu);
            split(payments(base, dealer, w.by))
        }
        _ => paid.clone(),
    };
    Win {
        seat: w.seat,
        from: w.from,
        by: w.by,
        tile: w.tile,
        points: w.score.points,
        paid,
        paid_without_ura,
    }
}

fn words(kind: HighlightKind, args: Vec<(&'static str, Say)>) -> Words {
    Words::with(format!("{PREFIX}-hl-{}", kind.id.replace('_', "-")), args)
}

fn line(
    kind: HighlightKind,
    seats: Vec<Seat>,
    round: Option<usize>,
    args: Vec<(&'static str, Say)>,
    weight: u32,
    value: i64,
) -> Highlight {
    Highlight {
        kind: kind.id,
        category: kind.category,
        seats,
        round,
        words: words(kind, args),
        weight,
        value,
    }
}

fn round_no(index: usize) -> Say {
    Say::Num(index as i64 + 1)
}

/// The ron on `from`'s last discard, if the round ended with one.
fn deal_ins(story: &Story) -> impl Iterator<Item = (&Win, Seat, &Turn)> {
    story.wins.iter().filter_map(|w| {
        let from = w.from.filter(|_| w.by == WinBy::Ron)?;
        let last = story.turns[from].last()?;
        (last.tile == w.tile).then_some((w, from, last))
    })
}

/// Public: dealt in with the tile that declared riichi.
pub fn riichi_deal_in(story: &Story) -> Vec<Highlight> {
    deal_ins(story)
        .filter(|(_, _, turn)| turn.riichi)
        .map(|(w, from, turn)| {
            line(
                RIICHI_DEAL_IN,
                vec![from, w.seat],
                Some(story.index),
                vec![
                    ("player", Say::Player(from)),
                    ("winner", Say::Player(w.seat)),
                    ("tile", Say::Piece(piece(turn.tile))),
                    ("points", Say::Num(w.points)),
                ],
                60,
                w.points,
            )
        })
        .collect()
}

/// Public: dealt in on a tile suji to the winner's own discard just before (a tile that looked
/// safe because of it).
pub fn suji_deal_in(story: &Story) -> Vec<Highlight> {
    deal_ins(story)
        .filter_map(|(w, from, turn)| {
            let theirs = story.turns[w.seat].last()?.tile;
            let (a, b) = (theirs.kind(), turn.tile.kind());
            let suji = a.suit() == b.suit()
                && a.suit() != Suit::Honor
                && a.number().abs_diff(b.number()) == 3;
            suji.then(|| {
                line(
                    SUJI_DEAL_IN,
                    vec![from, w.seat],
                    Some(story.index),
                    vec![
                        ("player", Say::Player(from)),
                        ("winner", Say::Player(w.seat)),
                        ("tile", Say::Piece(piece(turn.tile))),
                        ("safe", Say::Piece(piece(theirs))),
                    ],
                    45,
                    w.points,
                )
            })
        })
        .collect()
}

/// Recap: a seat left waiting when another won, whose next draw was its winning tile.
pub fn next_draw(story: &Story) -> Vec<Highlight> {
    SEATS
        .seats()
        .filter(|&s| !story.wins.is_empty() && story.wins.iter().all(|w| w.seat != s))
        .filter_map(|s| {
            let tile = story.next_draw[s]?;
            story.end_waits[s].contains(tile.kind()).then(|| {
                line(
                    NEXT_DRAW,
                    vec![s],
                    Some(story.index),
                    vec![
                        ("player", Say::Player(s)),
                        ("tile", Say::Piece(piece(tile))),
                        ("round", round_no(story.index)),
                    ],
                    75,
                    story.end_value[s].unwrap_or(0),
                )
            })
        })
        .collect()
}

/// Recap: `STUCK` or more own discards in a row at one from tenpai, never reaching it.
pub fn stuck_one_away(story: &Story) -> Vec<Highlight> {
    SEATS
        .seats()
        .filter(|&s| story.turns[s].iter().all(|t| t.shanten > 0))
        .filter_map(|s| {
            let mut run = 0;
            let mut longest = 0;
            for t in &story.turns[s] {
                run = if t.shanten == 1 { run + 1 } else { 0 };
                longest = longest.max(run);
            }
            (longest >= STUCK).then(|| {
                line(
                    STUCK_ONE_AWAY,
                    vec![s],
                    Some(story.index),
                    vec![
                        ("player", Say::Player(s)),
                        ("turns", Say::Num(longest as i64)),
                        ("round", round_no(story.index)),
                    ],
                    (35 + 5 * (longest - STUCK) as u32).min(80),
                    longest as i64,
                )
            })
        })
        .collect()
}

/// Recap: a seat tenpai when another won whose own hand was worth more than the winner's.
pub fn cheaper_winner(story: &Story) -> Vec<Highlight> {
    let Some(top) = story.wins.iter().max_by_key(|w| w.points) else {
        return Vec::new();
    };
    SEATS
        .seats()
        .filter_map(|s| {
            let mine = story.end_value[s]?;
            // Three times the winner's, and a mangan at least: a little more is no story.
            (mine >= CHEAPER * top.points && mine >= 8000).then(|| {
                line(
                    CHEAPER_WINNER,
                    vec![s, top.seat],
                    Some(story.index),
                    vec![
                        ("player", Say::Player(s)),
                        ("winner", Say::Player(top.seat)),
                        ("mine", Say::Num(mine)),
                        ("theirs", Say::Num(top.points)),
                        ("round", round_no(story.index)),
                    ],
                    kit::scaled(40, mine, CHEAPER * top.points),
                    mine,
                )
            })
        })
        .collect()
}

/// Recap: a seat that left a wait and drew a tile of it on its very next draw.
pub fn left_wait(story: &Story) -> Vec<Highlight> {
    SEATS
        .seats()
        .filter_map(|s| {
            let turns = &story.turns[s];
            (2..turns.len()).find_map(|j| {
                let drawn = turns[j].drew?;
                let k = drawn.kind();
                let left = turns[j - 2].waits.contains(k) && !turns[j - 1].waits.contains(k);
                left.then(|| {
                    line(
                        LEFT_WAIT,
                        vec![s],
                        Some(story.index),
                        vec![
                            ("player", Say::Player(s)),
                            ("tile", Say::Piece(piece(drawn))),
                            ("round", round_no(story.index)),
                        ],
                        50,
                        1,
                    )
                })
            })
        })
        .collect()
}

/// Recap: a discard that a player in riichi was waiting on, and did not win on (furiten).
pub fn dodged(story: &Story) -> Vec<Highlight> {
    SEATS
        .seats()
        .filter_map(|s| {
            let turn = story.turns[s].iter().find(|t| !t.passed_by.is_empty())?;
            let r = turn.passed_by[0];
            Some(line(
                DODGED,
                vec![s, r],
                Some(story.index),
                vec![
                    ("player", Say::Player(s)),
                    ("riichi", Say::Player(r)),
                    ("tile", Say::Piece(piece(turn.tile))),
                    ("round", round_no(story.index)),
                ],
                40,
                1,
            ))
        })
        .collect()
}

/// Recap: the ura dora changed the final order: without them `seat` would have been above
/// the winner.
pub fn ura_place(stories: &[Story], final_points: &PerSeat<i64>, order: &[Seat]) -> Vec<Highlight> {
    let place = |points: &PerSeat<i64>| -> Vec<Seat> {
        let mut seats = order.to_vec();
        seats.sort_by_key(|&s| std::cmp::Reverse(points[s]));
        seats
    };
    let ranking = place(final_points);
    let mut out = Vec::new();
    for story in stories {
        for w in &story.wins {
            if w.paid == w.paid_without_ura {
                continue;
            }
            let mut points = *final_points;
            for (&(payer, with), &(_, without)) in w.paid.iter().zip(&w.paid_without_ura) {
                points[payer] += with - without;
                points[w.seat] -= with - without;
            }
            let other = place(&points);
            let winner_at = |r: &[Seat]| r.iter().position(|&s| s == w.seat);
            let (now, then) = (winner_at(&ranking), winner_at(&other));
            let (Some(now), Some(then)) = (now, then) else {
                continue;
            };
            if now < then {
                // The seat the ura put the winner above.
                let passed = other[now];
                let extra: i64 = w.paid.iter().map(|p| p.1).sum::<i64>()
                    - w.paid_without_ura.iter().map(|p| p.1).sum::<i64>();
                out.push(line(
                    URA_PLACE,
                    vec![passed, w.seat],
                    Some(story.index),
                    vec![
                        ("player", Say::Player(passed)),
                        ("winner", Say::Player(w.seat)),
                        ("place", Say::Num(now as i64 + 2)),
                        ("points", Say::Num(extra)),
                        ("round", round_no(story.index)),
                    ],
                    80,
                    extra,
                ));
            }
        }
    }
    out
}

/// Recap: one seat was the first to declare riichi in every round that had one (at least
/// `FIRST_RIICHI` of them).
pub fn first_riichi(stories: &[Story]) -> Option<Highlight> {
    let firsts: Vec<Seat> = stories
        .iter()
        .filter_map(|s| s.riichi_order.first().copied())
        .collect();
    let seat = *firsts.first()?;
    (firsts.len() >= FIRST_RIICHI && firsts.iter().all(|&s| s == seat)).then(|| {
        line(
            FIRST_RIICHI_ALWAYS,
            vec![seat],
            None,
            vec![
                ("player", Say::Player(seat)),
                ("rounds", Say::Num(firsts.len() as i64)),
            ],
            45,
            firsts.len() as i64,
        )
    })
}

/// The shared kinds' view of a round.
fn facts(story: &Story) -> RoundFacts {
    RoundFacts {
        index: story.index,
        wins: story
            .wins
            .iter()
            .map(|w| Won {
                seat: w.seat,
                from: w.from.filter(|_| w.by != WinBy::Tsumo),
                points: w.paid.iter().map(|p| p.1).sum(),
            })
            .collect(),
        balances: story.points,
    }
}

/// The public lines of one story.
pub fn round_lines(story: &Story) -> Vec<Highlight> {
    let mut out = riichi_deal_in(story);
    out.extend(suji_deal_in(story));
    out.extend(kit::round_lines(PREFIX, &facts(story), BIG));
    out
}

/// Every line of a finished game's stories, `ranking` first to last.
pub fn game_lines(
    stories: &[Story],
    ranking: Vec<Seat>,
    order: &[Seat],
    final_points: Option<&PerSeat<i64>>,
) -> Vec<Highlight> {
    let mut out = Vec::new();
    for story in stories {
        // The shared round line comes with the shared kinds below.
        out.extend(riichi_deal_in(story));
        out.extend(suji_deal_in(story));
        out.extend(next_draw(story));
        out.extend(stuck_one_away(story));
        out.extend(cheaper_winner(story));
        out.extend(left_wait(story));
        out.extend(dodged(story));
    }
    if let Some(points) = final_points {
        out.extend(ura_place(stories, points, order));
    }
    out.extend(first_riichi(stories));
    out.extend(kit::game_lines(&GameFacts {
        prefix: PREFIX,
        rounds: stories.iter().map(facts).collect(),
        ranking,
        big: BIG,
        deal_ins: DEAL_INS,
        streak: STREAK,
        winless: WINLESS,
    }));
    out
}

impl Highlights for Riichi {
    const KINDS: &'static [HighlightKind] = &[
        NEXT_DRAW,
        RIICHI_DEAL_IN,
        STUCK_ONE_AWAY,
        CHEAPER_WINNER,
        URA_PLACE,
        LEFT_WAIT,
        SUJI_DEAL_IN,
        DODGED,
        FIRST_RIICHI_ALWAYS,
        kit::BIG_HAND,
        kit::COMEBACK,
        kit::DEAL_INS,
        kit::BIG_DEAL_IN,
        kit::HOT_STREAK,
        kit::WINLESS,
    ];

    fn round_highlights(state: &Game, round: usize) -> Vec<Highlight> {
        state
            .records
            .get(round)
            .and_then(|rec| replay(state.options, rec))
            .map_or_else(Vec::new, |story| round_lines(&story))
    }

    fn game_highlights(state: &Game) -> Vec<Highlight> {
        let Some(outcome) = &state.outcome else {
            return Vec::new();
        };
        let stories: Vec<Story> = (state.records.iter())
            .filter_map(|rec| replay(state.options, rec))
            .collect();
        let order: Vec<Seat> = SEATS.from_seat(state.first_dealer).collect();
        // The ura's place only where the points decided the order (not a resignation).
        let natural = matches!(
            outcome.reason,
            EndReason::LastRound | EndReason::Dobon | EndReason::AgariYame
        );
        let final_points = state.records.last().map(|r| r.points);
        game_lines(
            &stories,
            outcome.ranking.clone(),
            &order,
            final_points.as_ref().filter(|_| natural),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::drivers::random_play;
    use crate::games::interface::seat::SeatCount;
    use crate::games::interface::{Piece, Play};

    const A: Seat = Seat::ZERO;
    const B: Seat = Seat::ONE;
    const C: Seat = Seat::TWO;

    fn t(s: &str) -> Tile {
        s.parse().expect("a tile")
    }

    fn kinds(tiles: &[&str]) -> KindSet {
        tiles
            .iter()
            .fold(KindSet::EMPTY, |set, s| set.with(t(s).kind()))
    }

    fn turn(tile: &str, shanten: i8, waits: &[&str]) -> Turn {
        Turn {
            tile: t(tile),
            riichi: false,
            drew: None,
            shanten,
            waits: kinds(waits),
            passed_by: Vec::new(),
        }
    }

    fn story() -> Story {
        Story {
            index: 2,
            turns: PerSeat::filled(SEATS, Vec::new()),
            wins: Vec::new(),
            end_waits: PerSeat::filled(SEATS, KindSet::EMPTY),
            end_value: PerSeat::filled(SEATS, None),
            next_draw: PerSeat::filled(SEATS, None),
            riichi_order: Vec::new(),
            points: PerSeat::filled(SEATS, 25_000),
        }
    }

    /// B wins by ron on A's last discard `tile`, worth `points`.
    fn ron(s: &mut Story, tile: &str, points: i64) {
        s.turns[A].push(turn(tile, 2, &[]));
        s.wins.push(Win {
            seat: B,
            from: Some(A),
            by: WinBy::Ron,
            tile: t(tile),
            points,
            paid: vec![(A, points)],
            paid_without_ura: vec![(A, points)],
        });
    }

    fn kinds_of(lines: &[Highlight]) -> Vec<&'static str> {
        lines.iter().map(|h| h.kind).collect()
    }

    #[test]
    fn dealing_in_with_the_riichi_tile_is_told_and_a_later_tile_is_not() {
        let mut s = story();
        ron(&mut s, "5p", 3900);
        s.turns[A].last_mut().unwrap().riichi = true;
        let lines = riichi_deal_in(&s);
        assert_eq!(kinds_of(&lines), ["riichi_deal_in"]);
        assert_eq!(lines[0].seats, [A, B]);
        // Near: A declared with the discard before, and dealt in with the next one.
        let mut near = story();
        near.turns[A].push(Turn {
            riichi: true,
            ..turn("1m", 0, &["5p"])
        });
        ron(&mut near, "5p", 3900);
        assert!(riichi_deal_in(&near).is_empty());
    }

    #[test]
    fn a_deal_in_suji_to_the_winners_last_discard_is_told_and_two_apart_is_not() {
        let mut s = story();
        s.turns[B].push(turn("2s", 0, &["5s"]));
        ron(&mut s, "5s", 2000);
        assert_eq!(kinds_of(&suji_deal_in(&s)), ["suji_deal_in"]);
        let mut near = story();
        near.turns[B].push(turn("3s", 0, &["5s"]));
        ron(&mut near, "5s", 2000);
        assert!(suji_deal_in(&near).is_empty(), "3s and 5s are not suji");
        let mut other_suit = story();
        other_suit.turns[B].push(turn("2m", 0, &["5s"]));
        ron(&mut other_suit, "5s", 2000);
        assert!(suji_deal_in(&other_suit).is_empty());
    }

    #[test]
    fn a_waiting_seat_whose_next_draw_would_have_won_is_told_and_the_one_after_is_not() {
        let mut s = story();
        ron(&mut s, "9m", 1000);
        s.end_waits[C] = kinds(&["3p", "6p"]);
        s.end_value[C] = Some(2600);
        s.next_draw[C] = Some(t("6p"));
        let lines = next_draw(&s);
        assert_eq!(kinds_of(&lines), ["next_draw"]);
        assert_eq!((lines[0].seats.clone(), lines[0].value), (vec![C], 2600));
        let mut near = s.clone();
        near.next_draw[C] = Some(t("7p"));
        assert!(next_draw(&near).is_empty());
        // Nobody won (a draw): there is no "next draw" to tell.
        let mut drawn = s.clone();
        drawn.wins.clear();
        assert!(next_draw(&drawn).is_empty());
    }

    #[test]
    fn twelve_discards_at_one_from_tenpai_are_told_and_eleven_are_not() {
        let mut s = story();
        s.turns[C] = (0..STUCK).map(|_| turn("1z", 1, &[])).collect();
        let lines = stuck_one_away(&s);
        assert_eq!(kinds_of(&lines), ["stuck_one_away"]);
        assert_eq!(lines[0].value, STUCK as i64);
        let mut near = story();
        near.turns[C] = (0..STUCK - 1).map(|_| turn("1z", 1, &[])).collect();
        near.turns[C].push(turn("1z", 2, &[]));
        assert!(stuck_one_away(&near).is_empty());
        // Reaching tenpai at the end is not "never got there".
        let mut reached = s.clone();
        reached.turns[C].push(turn("1z", 0, &["2z"]));
        assert!(stuck_one_away(&reached).is_empty());
    }

    #[test]
    fn a_tenpai_worth_three_times_the_winners_hand_is_told_and_less_is_not() {
        let mut s = story();
        ron(&mut s, "9m", 2700);
        s.end_value[C] = Some(8100);
        let lines = cheaper_winner(&s);
        assert_eq!(kinds_of(&lines), ["cheaper_winner"]);
        assert_eq!(lines[0].seats, [C, B]);
        let mut near = s.clone();
        near.end_value[C] = Some(8000);
        assert!(cheaper_winner(&near).is_empty());
        // Three times a 2,000 hand is no mangan.
        let mut cheap = story();
        ron(&mut cheap, "9m", 2000);
        cheap.end_value[C] = Some(7700);
        assert!(cheaper_winner(&cheap).is_empty());
    }

    #[test]
    fn leaving_a_wait_and_drawing_it_next_is_told_and_keeping_it_is_not() {
        let mut s = story();
        s.turns[C] = vec![
            turn("1z", 0, &["2p", "5p"]),
            turn("2z", 0, &["7s"]),
            Turn {
                drew: Some(t("5p")),
                ..turn("5p", 0, &["7s"])
            },
        ];
        assert_eq!(kinds_of(&left_wait(&s)), ["left_wait"]);
        // Kept the wait (then a draw of it is a tsumo chance, not a regret).
        let mut kept = s.clone();
        kept.turns[C][1].waits = kinds(&["5p", "7s"]);
        assert!(left_wait(&kept).is_empty());
        // Drew it a turn later.
        let mut later = s.clone();
        later.turns[C][2].drew = Some(t("9s"));
        later.turns[C].push(Turn {
            drew: Some(t("5p")),
            ..turn("5p", 0, &["7s"])
        });
        assert!(left_wait(&later).is_empty());
    }

    #[test]
    fn a_discard_into_a_riichi_wait_without_a_ron_is_told_and_one_nobody_waited_on_is_not() {
        let mut s = story();
        s.turns[A].push(Turn {
            passed_by: vec![C],
            ..turn("4m", 2, &[])
        });
        let lines = dodged(&s);
        assert_eq!(kinds_of(&lines), ["dodged"]);
        assert_eq!(lines[0].seats, [A, C]);
        assert!(dodged(&story()).is_empty());
    }

    #[test]
    fn the_ura_that_changed_the_order_is_told_and_one_that_did_not_is_not() {
        let order = [A, B, C, Seat::THREE];
        let mut s = story();
        // B won 8000 from A, 3900 of it the ura's; B ends 2000 above C.
        s.wins.push(Win {
            seat: B,
            from: Some(A),
            by: WinBy::Ron,
            tile: t("1p"),
            points: 8000,
            paid: vec![(A, 8000)],
            paid_without_ura: vec![(A, 3900)],
        });
        let points = PerSeat::from_vec(vec![10_000, 35_000, 33_000, 22_000]).unwrap();
        let lines = ura_place(std::slice::from_ref(&s), &points, &order);
        assert_eq!(kinds_of(&lines), ["ura_place"]);
        assert_eq!(lines[0].seats, [C, B]);
        assert_eq!(lines[0].value, 4100);
        // 5,000 above C: the ura's 4,100 did not decide it.
        let wide = PerSeat::from_vec(vec![10_000, 38_000, 33_000, 19_000]).unwrap();
        assert!(ura_place(std::slice::from_ref(&s), &wide, &order).is_empty());
    }

    #[test]
    fn first_to_riichi_in_every_round_with_one_is_told_from_three_rounds() {
        let rounds = |firsts: &[Seat]| -> Vec<Story> {
            firsts
                .iter()
                .map(|&f| Story {
                    riichi_order: vec![f, C],
                    ..story()
                })
                .chain(std::iter::once(story()))
                .collect()
        };
        let h = first_riichi(&rounds(&[A, A, A])).expect("three of three");
        assert_eq!((h.seats.clone(), h.value), (vec![A], 3));
        assert_eq!(
            first_riichi(&rounds(&[A, A])),
            None,
            "two rounds are too few"
        );
        assert_eq!(first_riichi(&rounds(&[A, B, A])), None, "B was first once");
    }

    /// Every piece a line shows.
    fn pieces(words: &Words, out: &mut Vec<Piece>) {
        fn say(s: &Say, out: &mut Vec<Piece>) {
            match s {
                Say::Piece(p) => out.push(p.clone()),
                Say::Pieces(ps) => out.extend(ps.iter().cloned()),
                Say::Words(w) => pieces(w, out),
                Say::Join(all, _) => all.iter().for_each(|s| say(s, out)),
                _ => {}
            }
        }
        words.args.iter().for_each(|(_, s)| say(s, out));
    }

    /// Every finished game of random play, its round lines and recap checked: a round's line
    /// shows only tiles that were public by the round's end (discards, the winners' tiles,
    /// the indicators), and no highlight comes before the end.
    #[test]
    fn round_lines_show_only_public_tiles_and_the_recap_waits_for_the_end() {
        let mut checked = 0;
        for seed in 0..3 {
            let mut last = None;
            random_play::play_checked::<Riichi>(
                seed,
                SeatCount::FOUR,
                &Options::default(),
                |state: &Game| {
                    if !state.is_over() {
                        assert!(Riichi::game_highlights(state).is_empty());
                    }
                    last = Some(state.clone());
                },
            );
            let game = last.expect("a game was played");
            assert!(Riichi::finish(&game).is_some());
            for (i, rec) in game.records.iter().enumerate() {
                let story = replay(game.options, rec).expect("a stored round replays");
                assert_eq!(story.points, rec.points);
                let mut public: Vec<Piece> = rec
                    .log
                    .iter()
                    .filter_map(|(_, a)| match a {
                        Action::Discard { card, .. } => Some(piece(*card)),
                        _ => None,
                    })
                    .collect();
                public.extend(story.wins.iter().map(|w| piece(w.tile)));
                for line in Riichi::round_highlights(&game, i) {
                    let mut shown = Vec::new();
                    pieces(&line.words, &mut shown);
                    for p in shown {
                        assert!(public.contains(&p), "round {i}: {p:?} was not public");
                    }
                    checked += 1;
                }
            }
            let all = Riichi::game_highlights(&game);
            for h in &all {
                assert!(
                    Riichi::KINDS
                        .iter()
                        .any(|k| k.id == h.kind && k.category == h.category),
                    "{} is listed",
                    h.kind
                );
                assert!(h.words.key.starts_with("riichi-hl-"));
            }
        }
        // Random players rarely make a line; the crafted tests above make each one.
        let _ = checked;
    }
}
