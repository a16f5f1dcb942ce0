//! Mining mahjong's highlights: the shared kinds (the biggest hand, the comeback, the
//! deal-ins, a deal-in to a big hand after its round, a streak, a game without a win), read
//! from the rounds it kept, and its own: after their round, from what the table saw, the one
//! player tenpai or the one not tenpai when the mine ran out, and a riichi that came to
//! nothing; in the recap only (it reads a concealed hand), a player left one tile from
//! tenpai when the mine ran out in rounds in a row.
//!
//! Most mining rounds end with the mine run out, mostly with one or two players tenpai and
//! a riichi or two on the table, so the round's own events are the game's weather, not its
//! story: in 1,000 four-seat games of the `normal` computer, someone was the only one tenpai
//! in 85 % of games, a riichi did not win in 95 %, someone was one from tenpai at a draw in
//! 97 %. The recap therefore tells a seat that it happened to again and again (`BENCHMARKS.md`,
//! "How often each highlight fires", has the figures each threshold was chosen by).

use super::round::Round;
use super::settle::{Outcome, Party as MineParty};
use super::table::Table;
use super::Mining;
use crate::games::interface::ledger::Party;
use crate::games::interface::seat::{PerSeat, Seat};
use crate::games::interface::{Category, Highlight, HighlightKind, Highlights, Play, Say, Words};
use crate::games::kit::highlights::{self as kit, GameFacts, RoundFacts, Won};
use crate::games::kit::mahjong::shanten::shanten;

const PREFIX: &str = "mining";
/// A win of this many points is big: a dealer's mangan or a haneman (a game starts at 25,000
/// each). A mangan (8,000) was the biggest hand in 65 % of games.
const BIG: i64 = 12_000;
/// Deal-ins in one game worth a line.
const DEAL_INS: usize = 3;
/// Rounds won in a row worth a line.
const STREAK: usize = 3;
/// Rounds without a win worth a line.
const WINLESS: usize = 8;
/// Draws in a game one seat was the only one tenpai at, worth a recap line (once: 85 % of
/// games; twice: 24 %).
const ONLY_TENPAI_TIMES: usize = 2;
/// Rounds in a game a seat's riichi did not win, worth a recap line (once: 95 % of games).
const RIICHI_TIMES: usize = 2;
/// Draws in a row a seat was one from tenpai at, worth a recap line (once: 97 % of games;
/// at three draws of a game: 17 %).
const SHORT_RUN: usize = 2;

/// The one seat not tenpai at an exhaustive draw (it pays everyone).
const LONE_NOTEN: HighlightKind = HighlightKind {
    id: "lone_noten",
    category: Category::Unlucky,
};
/// The one seat tenpai at an exhaustive draw (everyone pays it).
const ONLY_TENPAI: HighlightKind = HighlightKind {
    id: "only_tenpai",
    category: Category::Escape,
};
/// One from tenpai when the mine ran out (the recap only: it reads the concealed hand).
const ONE_SHORT: HighlightKind = HighlightKind {
    id: "one_short",
    category: Category::Unlucky,
};
/// Declared riichi, and did not win the round.
const RIICHI_FOR_NOTHING: HighlightKind = HighlightKind {
    id: "riichi_for_nothing",
    category: Category::Unlucky,
};

fn own_line(kind: HighlightKind, s: Seat, round: usize, weight: u32) -> Highlight {
    Highlight {
        kind: kind.id,
        category: kind.category,
        seats: vec![s],
        round: Some(round),
        words: Words::with(
            format!("{PREFIX}-hl-{}", kind.id.replace('_', "-")),
            vec![
                ("player", Say::Player(s)),
                ("round", Say::Num(round as i64 + 1)),
            ],
        ),
        weight,
        value: 1,
    }
}

/// Mining's own lines about finished round `index`.
fn own_lines(index: usize, r: &Round) -> Vec<Highlight> {
    let Some(outcome) = r.outcome.as_ref() else {
        return Vec::new();
    };
    let (tenpai, winners) = match outcome {
        Outcome::Draw { tenpai } => (Some(tenpai.as_slice()), Vec::new()),
        Outcome::Wins(wins) => (None, wins.iter().map(|w| w.seat).collect()),
    };
    let riichi: Vec<bool> = r.players.iter().map(|p| p.in_riichi()).collect();
    lines_of(index, tenpai, &riichi, &winners)
}

/// The lines of a round that ended in a draw with `tenpai` (`None`: in wins by `winners`),
/// `riichi` saying who declared.
fn lines_of(
    index: usize,
    tenpai: Option<&[bool]>,
    riichi: &[bool],
    winners: &[usize],
) -> Vec<Highlight> {
    let mut out = Vec::new();
    if let Some(tenpai) = tenpai {
        let lone = |want: bool| -> Option<Seat> {
            let mut which = (0..tenpai.len()).filter(|&i| tenpai[i] == want);
            match (which.next(), which.next()) {
                (Some(i), None) if tenpai.len() > 1 => seat(i),
                _ => None,
            }
        };
        // At two seats the one not tenpai is the other side of the one tenpai: one draw told
        // once, from the seat that was tenpai (it was in 60 % of two-seat games).
        let alone_noten = lone(false).filter(|_| tenpai.len() > 2);
        out.extend(alone_noten.map(|s| own_line(LONE_NOTEN, s, index, 35)));
        out.extend(lone(true).map(|s| own_line(ONLY_TENPAI, s, index, 45)));
    }
    out.extend(
        (0..riichi.len())
            .filter(|&i| riichi[i] && !winners.contains(&i))
            .filter_map(seat)
            .map(|s| own_line(RIICHI_FOR_NOTHING, s, index, 30)),
    );
    out
}

/// How the recap tells a kind of mining's own round events: every one, or a seat's when it
/// had `times` of them in the game (`in_a_row`: in rounds one after another), as one line
/// weighing `weight` and 10 more for each beyond `times`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Told {
    Each,
    Times {
        times: usize,
        in_a_row: bool,
        weight: u32,
    },
}

fn told(kind: &str) -> Told {
    match kind {
        k if k == ONLY_TENPAI.id => Told::Times {
            times: ONLY_TENPAI_TIMES,
            in_a_row: false,
            weight: 45,
        },
        k if k == RIICHI_FOR_NOTHING.id => Told::Times {
            times: RIICHI_TIMES,
            in_a_row: false,
            weight: 35,
        },
        k if k == ONE_SHORT.id => Told::Times {
            times: SHORT_RUN,
            in_a_row: true,
            weight: 30,
        },
        _ => Told::Each,
    }
}

/// The longest run of consecutive round numbers in `rounds` (ascending): its length and its
/// last round, the first of equal runs.
fn longest_run(rounds: &[usize]) -> Option<(usize, usize)> {
    let mut best: Option<(usize, usize)> = None;
    let mut run = 0;
    for (i, &r) in rounds.iter().enumerate() {
        run = if i > 0 && rounds[i - 1] + 1 == r {
            run + 1
        } else {
            1
        };
        if best.is_none_or(|(n, _)| run > n) {
            best = Some((run, r));
        }
    }
    best
}

/// The recap's lines of mining's own kinds from `events`, every finished round's own lines
/// in round order: those told each time as they are, the others one line per seat that had
/// enough of them.
fn recap_lines(events: Vec<Highlight>) -> Vec<Highlight> {
    let mut out = Vec::new();
    let mut by_seat =
        std::collections::BTreeMap::<(&'static str, Seat), (Category, Vec<usize>)>::new();
    for h in events {
        match (told(h.kind), h.round, h.seats.first()) {
            (Told::Times { .. }, Some(round), Some(&s)) => by_seat
                .entry((h.kind, s))
                .or_insert_with(|| (h.category, Vec::new()))
                .1
                .push(round),
            _ => out.push(h),
        }
    }
    for ((id, s), (category, rounds)) in by_seat {
        let kind = HighlightKind { id, category };
        let Told::Times {
            times,
            in_a_row,
            weight,
        } = told(kind.id)
        else {
            continue;
        };
        let (count, last) = if in_a_row {
            longest_run(&rounds).unwrap_or((0, 0))
        } else {
            (rounds.len(), rounds.last().copied().unwrap_or(0))
        };
        if count >= times.max(1) {
            let extra = (count - times.max(1)) as u32;
            out.push(times_line(
                kind,
                s,
                count,
                last,
                (weight + 10 * extra).min(90),
            ));
        }
    }
    out
}

/// A recap line: `kind` happened to `s` `count` times, the last in round `last` (0-based).
fn times_line(kind: HighlightKind, s: Seat, count: usize, last: usize, weight: u32) -> Highlight {
    Highlight {
        kind: kind.id,
        category: kind.category,
        seats: vec![s],
        round: Some(last),
        words: Words::with(
            format!("{PREFIX}-hl-{}-times", kind.id.replace('_', "-")),
            vec![
                ("player", Say::Player(s)),
                ("count", Say::Num(count as i64)),
                ("round", Say::Num(last as i64 + 1)),
            ],
        ),
        weight,
        value: count as i64,
    }
}

/// The seats one from tenpai at the draw that ended finished round `index`.
fn one_short(index: usize, r: &Round) -> Vec<Highlight> {
    let Some(Outcome::Draw { tenpai }) = r.outcome.as_ref() else {
        return Vec::new();
    };
    (r.players.iter().enumerate())
        .filter(|(i, p)| {
            !tenpai.get(*i).copied().unwrap_or(true) && shanten(p.hand.counts(), p.melds.len()) == 1
        })
        .filter_map(|(i, _)| seat(i))
        .map(|s| own_line(ONE_SHORT, s, index, 25))
        .collect()
}

fn seat(i: usize) -> Option<Seat> {
    Seat::from_index(i as u64)
}

fn party(p: MineParty) -> Option<Party> {
    Some(match p {
        MineParty::Seat(i) => Party::Seat(seat(i)?),
        MineParty::Pot => Party::Pot,
    })
}

/// A finished round's facts; `None` while it is in play (or a damaged seat number).
fn facts(index: usize, r: &Round) -> Option<RoundFacts> {
    let Outcome::Wins(wins) = r.outcome.as_ref()? else {
        return Some(RoundFacts {
            index,
            wins: Vec::new(),
            balances: balances_after(r)?,
        });
    };
    let transfers: Vec<(Party, Party, i64, bool)> = r
        .transfers
        .iter()
        .filter_map(|t| Some((party(t.from)?, party(t.to)?, t.amount, t.reason == "win")))
        .collect();
    let wins = wins
        .iter()
        .filter_map(|w| {
            let s = seat(w.seat)?;
            Some(Won {
                seat: s,
                from: w.from.and_then(seat),
                points: kit::win_points(transfers.iter().copied(), s),
            })
        })
        .collect();
    Some(RoundFacts {
        index,
        wins,
        balances: balances_after(r)?,
    })
}

/// Each seat's points after the round (a round's points move with its payments).
fn balances_after(r: &Round) -> Option<PerSeat<i64>> {
    PerSeat::from_vec(r.points.clone())
}

impl Highlights for Mining {
    const KINDS: &'static [HighlightKind] = &[
        kit::BIG_HAND,
        kit::COMEBACK,
        kit::DEAL_INS,
        kit::BIG_DEAL_IN,
        kit::HOT_STREAK,
        kit::WINLESS,
        LONE_NOTEN,
        ONLY_TENPAI,
        ONE_SHORT,
        RIICHI_FOR_NOTHING,
    ];

    fn round_highlights(state: &Table, round: usize) -> Vec<Highlight> {
        let Some(r) = state.game.rounds.get(round) else {
            return Vec::new();
        };
        let mut out = facts(round, r).map_or_else(Vec::new, |f| kit::round_lines(PREFIX, &f, BIG));
        out.extend(own_lines(round, r));
        out
    }

    fn game_highlights(state: &Table) -> Vec<Highlight> {
        let Some(finish) = Mining::finish(state) else {
            return Vec::new();
        };
        let mut out = recap_lines(
            (state.game.rounds.iter().enumerate())
                .flat_map(|(i, r)| own_lines(i, r).into_iter().chain(one_short(i, r)))
                .collect(),
        );
        out.extend(kit::game_lines(&GameFacts {
            prefix: PREFIX,
            rounds: (state.game.rounds.iter().enumerate())
                .filter_map(|(i, r)| facts(i, r))
                .collect(),
            ranking: finish.ranking,
            big: BIG,
            deal_ins: DEAL_INS,
            streak: STREAK,
            winless: WINLESS,
        }));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::drivers::random_play;
    use crate::games::interface::seat::SeatCount;
    use crate::games::kit::mahjong::hand::parse_hand;

    fn kinds(lines: &[Highlight]) -> Vec<(&'static str, Seat)> {
        lines.iter().map(|h| (h.kind, h.seats[0])).collect()
    }

    const NONE: [bool; 4] = [false; 4];

    #[test]
    fn the_one_player_not_tenpai_at_a_draw_is_told_and_two_are_not() {
        let lines = lines_of(0, Some(&[true, false, true, true]), &NONE, &[]);
        assert_eq!(kinds(&lines), [("lone_noten", Seat::ONE)]);
        assert!(lines_of(0, Some(&[true, false, false, true]), &NONE, &[]).is_empty());
        let three = lines_of(0, Some(&[true, false, true]), &NONE, &[]);
        assert_eq!(kinds(&three), [("lone_noten", Seat::ONE)]);
    }

    #[test]
    fn at_two_seats_a_draw_with_one_tenpai_is_told_from_the_tenpai_side_only() {
        let lines = lines_of(0, Some(&[false, true]), &NONE, &[]);
        assert_eq!(kinds(&lines), [("only_tenpai", Seat::ONE)]);
    }

    #[test]
    fn the_one_player_tenpai_at_a_draw_is_told_and_two_are_not() {
        let lines = lines_of(0, Some(&[false, false, true, false]), &NONE, &[]);
        assert_eq!(kinds(&lines), [("only_tenpai", Seat::TWO)]);
        assert!(lines_of(0, Some(&[false, true, true, false]), &NONE, &[]).is_empty());
    }

    #[test]
    fn a_riichi_that_did_not_win_is_told_and_the_winners_is_not() {
        let riichi = [true, false, true, false];
        let lines = lines_of(3, None, &riichi, &[2]);
        assert_eq!(kinds(&lines), [("riichi_for_nothing", Seat::ZERO)]);
        assert_eq!(lines[0].round, Some(3));
        assert!(lines_of(3, None, &[false, false, true, false], &[2]).is_empty());
        let drawn = lines_of(3, Some(&[true; 4]), &[false, false, false, true], &[]);
        assert_eq!(kinds(&drawn), [("riichi_for_nothing", Seat::THREE)]);
    }

    #[test]
    fn the_recap_tells_the_only_one_tenpai_at_two_draws_and_not_at_one() {
        let draw = |i| lines_of(i, Some(&[false, false, true, false]), &NONE, &[]);
        let twice: Vec<Highlight> = [1, 4].into_iter().flat_map(draw).collect();
        let lines = recap_lines(twice);
        assert_eq!(kinds(&lines), [("only_tenpai", Seat::TWO)]);
        assert_eq!((lines[0].value, lines[0].round), (2, Some(4)));
        assert_eq!(lines[0].words.key, "mining-hl-only-tenpai-times");
        assert_eq!(ONLY_TENPAI_TIMES, 2);
        assert!(recap_lines(draw(1)).is_empty(), "once is in most games");
        // Two seats alone once each are not one seat twice.
        let mut two_seats = draw(1);
        two_seats.extend(lines_of(2, Some(&[true, false, false, false]), &NONE, &[]));
        assert!(recap_lines(two_seats).is_empty());
    }

    #[test]
    fn the_recap_tells_a_riichi_that_came_to_nothing_twice_and_not_once() {
        let riichi = [true, false, false, false];
        let lost = lines_of(0, None, &riichi, &[2]);
        let drawn = lines_of(3, Some(&[true, true, false, false]), &riichi, &[]);
        let won = lines_of(5, None, &riichi, &[0]);
        assert!(won.is_empty(), "a riichi that won is not for nothing");
        let twice: Vec<Highlight> = lost.iter().chain(&drawn).cloned().collect();
        let lines = recap_lines(twice);
        assert_eq!(kinds(&lines), [("riichi_for_nothing", Seat::ZERO)]);
        assert_eq!((lines[0].value, lines[0].round), (2, Some(3)));
        assert_eq!(lines[0].words.key, "mining-hl-riichi-for-nothing-times");
        assert_eq!(RIICHI_TIMES, 2);
        assert!(recap_lines(lost.into_iter().chain(won).collect()).is_empty());
    }

    #[test]
    fn the_recap_tells_one_short_at_two_draws_in_a_row_and_not_two_apart() {
        let short = |s, i| own_line(ONE_SHORT, s, i, 25);
        let lines = recap_lines(vec![short(Seat::ONE, 2), short(Seat::ONE, 3)]);
        assert_eq!(kinds(&lines), [("one_short", Seat::ONE)]);
        assert_eq!((lines[0].value, lines[0].round), (2, Some(3)));
        assert_eq!(lines[0].words.key, "mining-hl-one-short-times");
        assert_eq!(SHORT_RUN, 2);
        assert!(recap_lines(vec![short(Seat::ONE, 1), short(Seat::ONE, 3)]).is_empty());
        assert!(recap_lines(vec![short(Seat::ONE, 2), short(Seat::TWO, 3)]).is_empty());
    }

    #[test]
    fn the_recap_tells_the_one_player_not_tenpai_each_time() {
        let lines = recap_lines(lines_of(4, Some(&[true, false, true, true]), &NONE, &[]));
        assert_eq!(kinds(&lines), [("lone_noten", Seat::ONE)]);
        assert_eq!(lines[0].words.key, "mining-hl-lone-noten");
    }

    #[test]
    fn the_longest_run_of_rounds_is_the_first_of_the_longest() {
        assert_eq!(longest_run(&[]), None);
        assert_eq!(longest_run(&[4]), Some((1, 4)));
        assert_eq!(longest_run(&[1, 2, 3, 5, 6]), Some((3, 3)));
        assert_eq!(longest_run(&[1, 2, 4, 5]), Some((2, 2)));
    }

    #[test]
    fn one_from_tenpai_at_a_draw_is_told_and_further_is_not() {
        let mut last = None;
        random_play::play_checked::<Mining>(
            1,
            SeatCount::FOUR,
            &Default::default(),
            |t: &Table| {
                last = t.game.rounds.first().cloned();
            },
        );
        let mut r = last.expect("a round");
        r.outcome = Some(Outcome::Draw {
            tenpai: vec![false; 4],
        });
        let hand = |s: &str| parse_hand(s).expect("a hand").0;
        for p in r.players.iter_mut() {
            p.melds.clear();
            p.hand = hand("1357m2468p1357s7z");
        }
        // Three sets, a two-sided partial and two single tiles: one from tenpai.
        r.players[1].hand = hand("123m456p789s23s15z");
        assert_eq!(shanten(r.players[1].hand.counts(), 0), 1);
        assert_eq!(kinds(&one_short(2, &r)), [("one_short", Seat::ONE)]);
        r.players[1].hand = hand("123m456p78s12345z");
        assert!(shanten(r.players[1].hand.counts(), 0) > 1);
        assert!(one_short(2, &r).is_empty());
        // Tenpai at the draw is not one short.
        r.players[1].hand = hand("123m456p789s23s11z");
        r.outcome = Some(Outcome::Draw {
            tenpai: vec![false, true, false, false],
        });
        assert!(one_short(2, &r).is_empty());
    }
}
