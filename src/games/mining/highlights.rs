//! Mining mahjong's highlights: the shared kinds (the biggest hand, the comeback, the
//! deal-ins, a deal-in to a big hand after its round, a streak, a game without a win), read
//! from the rounds it kept, and its own: after their round, from what the table saw, the one
//! player tenpai or the one not tenpai when the mine ran out, and a riichi that came to
//! nothing; in the recap only (it reads a concealed hand), a player left one tile from
//! tenpai when the mine ran out.

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
/// A win of this many points is big: a mangan (a game starts at 25,000 each).
const BIG: i64 = 8000;
/// Deal-ins in one game worth a line.
const DEAL_INS: usize = 3;
/// Rounds won in a row worth a line.
const STREAK: usize = 3;
/// Rounds without a win worth a line.
const WINLESS: usize = 8;

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
        out.extend(lone(false).map(|s| own_line(LONE_NOTEN, s, index, 35)));
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

/// The recap's line about finished round `index`: the seats one from tenpai at its draw.
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
        let mut out: Vec<Highlight> = (state.game.rounds.iter().enumerate())
            .flat_map(|(i, r)| own_lines(i, r).into_iter().chain(one_short(i, r)))
            .collect();
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
