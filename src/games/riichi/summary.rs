//! A finished round and the end of the game in the terms riichi players know (§10–§12): each
//! winner's hand as its sets with the winning tile marked, its yaku with their han, dora, red
//! fives and ura, han and fu, the limit's name, the points and who pays what; an exhaustive
//! draw's tenpai hands with their waits and the noten payments; an abortive draw and why; the
//! ranks with the final score, uma and oka.

use super::game::{Game, RoundRecord, RETURN, UMA};
use super::names::{piece, pieces};
use super::round::{Reason, RoundEnd, WinRecord, SEATS};
use crate::games::interface::ledger::Party;
use crate::games::interface::seat::{PerSeat, Seat};
use crate::games::interface::{Group, RoundResult, Say, Words};
use crate::games::kit::mahjong::hand::Hand;
pub use crate::games::kit::mahjong::names::meld_group;
use crate::games::kit::mahjong::names::score_lines;
use crate::games::kit::mahjong::revealed::{revealed, wait_pieces, Won};
use crate::games::kit::mahjong::score::Payments;
use crate::games::kit::mahjong::yaku::WinBy;
use crate::games::kit::shown::{self as shows, ranking_lines, Ledger, Told};

/// The round's name: `East 1` … `South 4` (`東1局`).
pub fn round_name(dealership: u8) -> Words {
    let key = if dealership < 4 {
        "riichi-round-east"
    } else {
        "riichi-round-south"
    };
    Words::with(key, vec![("n", (dealership % 4 + 1).into())])
}

/// The summary of a finished round.
pub fn round_result(record: &RoundRecord) -> RoundResult {
    let headline = Words::with(
        "riichi-sum-headline",
        vec![
            ("round", round_name(record.dealership).into()),
            ("honba", record.honba.into()),
            ("what", what_happened(record).into()),
        ],
    );
    let told = Told::new(record.index, headline, None);
    let ledger = Ledger::of(&record.transfers, Reason::id, record.points, record.pot);
    shows::round_result(told, lines(record), Some(revealed_hands(record)), ledger)
}

/// How the round ended, in a few words.
fn what_happened(record: &RoundRecord) -> Words {
    match &record.end {
        Some(RoundEnd::Win { wins }) if wins.len() > 1 => Words::with(
            "riichi-wins-several",
            vec![
                (
                    "names",
                    Say::Join(wins.iter().map(|w| Say::Player(w.seat)).collect(), ", "),
                ),
                ("from", from_of(&wins[0])),
            ],
        ),
        Some(RoundEnd::Win { wins }) => wins
            .first()
            .map_or_else(|| Words::key("riichi-headline-play"), win_words),
        Some(RoundEnd::ExhaustiveDraw { .. }) => Words::key("riichi-headline-draw"),
        Some(RoundEnd::AbortiveDraw { abort }) => {
            Words::key(format!("riichi-abort-{}", abort.id().replace('_', "-")))
        }
        None => Words::key("riichi-headline-play"),
    }
}

fn from_of(w: &WinRecord) -> Say {
    w.from.map_or(Say::Text(String::new()), Say::Player)
}

/// One winner in a few words: `alice wins by ron from bob`.
fn win_words(w: &WinRecord) -> Words {
    let key = match w.by {
        WinBy::Ron => "riichi-wins-ron",
        WinBy::Tsumo => "riichi-wins-tsumo",
        WinBy::Chankan => "riichi-wins-chankan",
    };
    Words::with(
        key,
        vec![("name", Say::Player(w.seat)), ("from", from_of(w))],
    )
}

fn lines(record: &RoundRecord) -> Vec<Words> {
    let mut lines = Vec::new();
    let mut riichi_winner = false;
    match &record.end {
        Some(RoundEnd::Win { wins }) => {
            for w in wins {
                lines.extend(win_lines(w, record));
                riichi_winner |= w
                    .score
                    .yaku
                    .iter()
                    .any(|(y, _)| matches!(y.id(), "riichi" | "double_riichi"));
            }
        }
        Some(RoundEnd::ExhaustiveDraw { tenpai }) => lines.extend(draw_lines(record, tenpai)),
        Some(RoundEnd::AbortiveDraw { abort }) => {
            let why = format!("riichi-abort-why-{}", abort.id().replace('_', "-"));
            lines.push(Words::key(why));
            lines.push(Words::key("riichi-sum-abort"));
        }
        None => lines.push(Words::key("riichi-sum-still")),
    }
    lines.push(Words::with(
        "riichi-sum-indicators",
        vec![("pieces", pieces(&record.dora_indicators))],
    ));
    if riichi_winner {
        lines.push(Words::with(
            "riichi-sum-ura-indicators",
            vec![("pieces", pieces(&record.ura_indicators))],
        ));
    }
    lines
}

/// A win: who, on what tile, the yaku with their han, the dora, the value and the payments.
fn win_lines(w: &WinRecord, record: &RoundRecord) -> Vec<Words> {
    let s = &w.score;
    let mut lines = vec![Words::with(
        "riichi-sum-winner",
        vec![
            ("win", win_words(w).into()),
            ("piece", piece(w.tile).into()),
        ],
    )];
    lines.extend(score_lines(s));
    lines.push(payment_words(w, record));
    lines
}

/// Who pays the winner what: the hand's payments, the honba and the pot.
fn payment_words(w: &WinRecord, record: &RoundRecord) -> Words {
    let honba = w.honba;
    let pot: i64 = record
        .transfers
        .iter()
        .filter(|t| t.reason == Reason::Pot && t.to == Party::Seat(w.seat))
        .map(|t| t.amount)
        .sum();
    let payments = match w.score.payments {
        Payments::Ron(points) => Words::with(
            "riichi-pay-ron",
            vec![("from", from_of(w)), ("points", points.into())],
        ),
        Payments::Tsumo { dealer: 0, others } => {
            Words::with("riichi-pay-tsumo-dealer", vec![("each", others.into())])
        }
        Payments::Tsumo { dealer, others } => Words::with(
            "riichi-pay-tsumo",
            vec![("others", others.into()), ("dealer", dealer.into())],
        ),
    };
    let mut parts: Vec<Say> = vec![payments.into()];
    if honba > 0 {
        parts.push(Words::with("riichi-pay-honba", vec![("n", honba.into())]).into());
    }
    if pot > 0 {
        parts.push(Words::with("riichi-pay-pot", vec![("n", pot.into())]).into());
    }
    Words::with(
        "riichi-sum-payments",
        vec![("list", Say::Join(parts, " · "))],
    )
}

/// An exhaustive draw: each player tenpai with their waits, or noten, and the noten payments.
fn draw_lines(record: &RoundRecord, tenpai: &PerSeat<bool>) -> Vec<Words> {
    let mut lines: Vec<Words> = SEATS
        .seats()
        .map(|seat| {
            let name = ("name", Say::Player(seat));
            if tenpai[seat] {
                let hand = Hand::from_tiles(&record.hands[seat]);
                let waits = wait_pieces(hand.counts(), &record.melds[seat]);
                Words::with("riichi-sum-tenpai", vec![name, ("waits", waits)])
            } else {
                Words::with("riichi-sum-noten", vec![name])
            }
        })
        .collect();
    let ready = tenpai.values().filter(|t| **t).count();
    lines.push(match ready {
        0 | 4 => Words::key("riichi-sum-no-noten-payments"),
        n => Words::with(
            "riichi-sum-noten-payments",
            vec![
                ("tenpai", n.into()),
                ("each", (3000 / (4 - n as i64)).into()),
            ],
        ),
    });
    lines
}

/// The hands as the round's end shows them: a winner's as its sets and pair with the winning
/// tile marked; a tenpai hand at a draw as it is; a noten or losing hand hidden (its calls
/// stay, they were public).
fn revealed_hands(record: &RoundRecord) -> PerSeat<Vec<Group>> {
    let wins: Vec<&WinRecord> = match &record.end {
        Some(RoundEnd::Win { wins }) => wins.iter().collect(),
        _ => Vec::new(),
    };
    let shown = |seat: Seat| match &record.end {
        Some(RoundEnd::Win { .. }) => wins.iter().any(|w| w.seat == seat),
        Some(RoundEnd::ExhaustiveDraw { tenpai }) => tenpai[seat],
        _ => true,
    };
    record.hands.map(|seat, tiles| {
        let melds = &record.melds[seat];
        let open = melds.iter().map(meld_group).collect();
        let won = wins.iter().find(|w| w.seat == seat).map(|w| Won {
            reading: &w.score.reading,
            tile: w.tile,
            ron: w.by.is_ron(),
        });
        revealed(open, tiles, melds.len(), shown(seat), won)
    })
}

/// The end of the game: each rank with the points and the final score (§12: against the
/// 30,000 return, with the uma, and the oka to the first).
pub fn final_lines(game: &Game) -> Vec<Words> {
    let Some(outcome) = &game.outcome else {
        return Vec::new();
    };
    let mut lines = ranking_lines(&outcome.ranking, &game.scores.points, |place, seat| {
        let key = if place == 0 {
            "riichi-final-first"
        } else {
            "riichi-final-rank"
        };
        Words::with(
            key,
            vec![
                ("score", tenths(outcome.final_tenths[seat])),
                ("uma", Say::Text(format!("{:+}", UMA[place]))),
            ],
        )
    });
    lines.push(Words::with(
        "riichi-final-how",
        vec![("return", RETURN.into())],
    ));
    lines
}

/// A final score in tenths as it reads: `+42.3`, `-17.0`.
fn tenths(t: i64) -> Say {
    let sign = if t < 0 { "-" } else { "+" };
    Say::Text(format!("{sign}{}.{}", t.abs() / 10, t.abs() % 10))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn final_scores_read_with_their_sign_and_one_decimal() {
        let shown = |t| match tenths(t) {
            Say::Text(s) => s,
            _ => unreachable!(),
        };
        assert_eq!(shown(423), "+42.3");
        assert_eq!(shown(-173), "-17.3");
        assert_eq!(shown(-5), "-0.5");
        assert_eq!(shown(0), "+0.0");
    }

    #[test]
    fn rounds_are_named_by_wind_and_dealership() {
        assert_eq!(round_name(0).key, "riichi-round-east");
        assert_eq!(round_name(5).key, "riichi-round-south");
        assert_eq!(round_name(5).args[0].1, Say::Num(2));
    }
}
