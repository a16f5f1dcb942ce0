//! Shogi mahjong as the host shows it ([`Shows`]): pieces as their characters (with the
//! romanised name for English readers), declared groups (a dragon set shows its merged pawn),
//! the wall, the dora indicators, the minimum in force, and a hand's choices: every pon
//! pattern with the group it makes, each kind of kan, riichi with the waits it leaves and how
//! many of each are unseen (and a warning when it is declared in furiten). The message ids are
//! in this game's message files.

use super::action::{Action, Refusal};
use super::game::{EndReason, Game, Reason, RoundRecord, RETURN};
use super::group::{readings, waits, Group as Shape, How, Meld, Shape as Reading};
use super::options::Options;
use super::piece::{Counts, Kind};
use super::round::{Phase, RoundEnd, RoundEvent};
use super::score::WinBy;
use super::view::{PublicRound, PublicView, SeatView};
use super::yaku::{Hand, Yaku};
use super::Shogi;
use crate::games::interface::seat::BOTH;
use crate::games::interface::seat::{PerSeat, Seat};
use crate::games::interface::Stored;
use crate::games::interface::{
    revealed_hand, winning_sets, Board, Choice, ChoiceKind, EnglishName, Group, GroupKind,
    HandBoard, Piece, RoundBoard, RoundResult, Say, Shows, Tone, Words, YakuRow,
};
use crate::games::kit::shown::{self as shows, identity, Ledger, Told};

/// The romanised names, in kind order.
const ROMAJI: [&str; 8] = ["fu", "kyo", "kei", "gin", "kin", "kaku", "hi", "gyoku"];

/// One piece: `歩`, with `fu` for English readers.
pub fn piece(kind: Kind) -> Piece {
    Piece {
        face: kind.code().to_string(),
        text: kind.kanji().to_string(),
        // The text and the art are both the kanji.
        name_en: EnglishName::BesideBoth(ROMAJI[kind.index()]),
    }
}

fn pieces(kinds: &[Kind]) -> Say {
    Say::Pieces(kinds.iter().map(|&k| piece(k)).collect())
}

/// The pieces of a group in the order they are shown: a dragon set's pawn last.
fn group_pieces(shape: Shape) -> Vec<Kind> {
    match shape {
        Shape::PawnSet => vec![Kind::Fu; 3],
        Shape::WindTriplet { kind } => vec![kind; 3],
        Shape::WindKan { kind } => vec![kind; 4],
        Shape::DragonSet { kind } => vec![kind, kind, Kind::Fu],
    }
}

fn meld_group(m: &Meld) -> Group {
    let kinds = group_pieces(m.group);
    Group {
        marked: m.called.and_then(|c| kinds.iter().rposition(|&k| k == c)),
        pieces: kinds.iter().map(|&k| piece(k)).collect(),
        kind: match m.how {
            How::Pon => GroupKind::Called,
            How::OpenKan | How::AddedKan => GroupKind::Kan,
            How::ClosedKan => GroupKind::ClosedKan,
        },
    }
}

/// The group a pon of `hand` pieces with `claimed` makes, the claimed piece marked.
fn pon_group(hand: [Kind; 2], claimed: Option<Kind>) -> Say {
    let mut all = hand.to_vec();
    let Some(claimed) = claimed else {
        return pieces(&all);
    };
    all.push(claimed);
    // Dragons first, the pawn last: the order a dragon set is shown in.
    all.sort_by_key(|k| (*k == Kind::Fu, *k));
    Say::Group(Group {
        marked: all.iter().rposition(|&k| k == claimed),
        pieces: all.iter().map(|&k| piece(k)).collect(),
        kind: GroupKind::Concealed,
    })
}

fn kan_group(kind: Kind) -> Say {
    Say::Group(Group::concealed(vec![piece(kind); 4]))
}

fn stage_words(phase: Phase) -> Words {
    Words::key(match phase {
        Phase::Turn { .. } => "shogi-stage-turn",
        Phase::AfterPon { .. } => "shogi-stage-after-pon",
        Phase::Claim { .. } => "shogi-stage-claim",
        Phase::Rob { .. } => "shogi-stage-rob",
        Phase::Over => "shogi-stage-over",
    })
}

fn dora_words(indicators: &[Kind]) -> Say {
    Say::Join(
        indicators
            .iter()
            .map(|&i| {
                Words::with(
                    "shogi-dora-one",
                    vec![
                        ("dora", piece(i.dora()).into()),
                        ("indicator", piece(i).into()),
                    ],
                )
                .into()
            })
            .collect(),
        " · ",
    )
}

fn round_board(view: &PublicView, round: &PublicRound) -> RoundBoard {
    let stakes = |key: &'static str| {
        Words::with(
            key,
            vec![
                ("name", Say::Player(round.dealer)),
                ("honba", round.honba.into()),
                ("pot", view.pot.into()),
                ("minimum", round.minimum.into()),
            ],
        )
    };
    RoundBoard {
        index: round.index as usize,
        dealer: round.dealer,
        to_act: shows::turn(round.to_act),
        stage: stage_words(round.phase),
        table_lines: vec![
            stakes("shogi-table-stakes"),
            Words::with(
                "shogi-table-wall",
                vec![
                    ("indicators", pieces(&round.indicators)),
                    ("wall", round.wall_left.into()),
                ],
            ),
        ],
        hand_lines: vec![
            stakes("shogi-hand-stakes"),
            Words::with(
                "shogi-hand-dora",
                vec![("dora", dora_words(&round.indicators))],
            ),
            Words::with("shogi-hand-wall", vec![("wall", round.wall_left.into())]),
        ],
        seats: round
            .players
            .map(|_, p| p.seat_board(meld_group, |d| (piece(d.card), d.riichi, d.claimed))),
        claimable: round.claimable.map(piece),
    }
}

fn board_of(view: &PublicView) -> Board {
    view.board(|r| round_board(view, r), |o| (o.winner, o.reason.id()))
}

/// How many of each kind `view.seat` cannot see: not in its hand, any discard pile, any
/// declared group or among the indicators.
fn unseen(view: &SeatView) -> Counts {
    let mut seen = Counts::of(&view.concealed);
    if let Some(round) = &view.public.round {
        for p in [&round.players[Seat::ZERO], &round.players[Seat::ONE]] {
            for d in &p.discards {
                seen.add(d.card);
            }
            for m in &p.melds {
                for k in group_pieces(m.group) {
                    seen.add(k);
                }
            }
        }
        for &i in &round.indicators {
            seen.add(i);
        }
    }
    let mut left = Counts::default();
    for k in Kind::ALL {
        left.add_n(k, k.copies().saturating_sub(seen.get(k)));
    }
    left
}

/// The waits left after discarding `card`, and whether a riichi with that discard would be in
/// discard furiten (a chombo risk).
fn waits_after(view: &SeatView, card: Kind) -> (Vec<Kind>, bool) {
    let mut concealed = Counts::of(&view.concealed);
    concealed.remove(card);
    let declared: Vec<Shape> = view
        .public
        .round
        .as_ref()
        .map(|r| r.players[view.seat].melds.iter().map(|m| m.group).collect())
        .unwrap_or_default();
    let after = waits(&concealed, &declared);
    let own: Vec<Kind> = view
        .public
        .round
        .as_ref()
        .map(|r| {
            r.players[view.seat]
                .discards
                .iter()
                .map(|d| d.card)
                .collect()
        })
        .unwrap_or_default();
    let furiten = after.iter().any(|w| *w == card || own.contains(w));
    (after, furiten)
}

/// Waits with how many of each are unseen: `金 ×2 left, 玉 ×1 left`.
fn waits_words(waits: &[Kind], unseen: &Counts) -> Say {
    Say::Join(
        waits
            .iter()
            .map(|&w| {
                Words::with(
                    "shogi-wait-left",
                    vec![("piece", piece(w).into()), ("n", unseen.get(w).into())],
                )
                .into()
            })
            .collect(),
        ", ",
    )
}

/// Waits as `金×2 玉×1`, for a button.
fn short_waits(waits: &[Kind], unseen: &Counts) -> Say {
    if waits.is_empty() {
        return Say::Text("—".into());
    }
    Say::Join(
        waits
            .iter()
            .map(|&w| {
                Say::Join(
                    vec![piece(w).into(), Say::Text(format!("×{}", unseen.get(w)))],
                    "",
                )
            })
            .collect(),
        " ",
    )
}

fn notes(view: &SeatView, unseen: &Counts) -> Vec<Words> {
    let mut notes = Vec::new();
    if !view.waits.is_empty() && view.public.round.is_some() {
        notes.push(Words::with(
            "shogi-hand-tenpai",
            vec![("waits", waits_words(&view.waits, unseen))],
        ));
    }
    if view.furiten {
        notes.push(Words::key("shogi-hand-furiten"));
    }
    notes
}

fn choice(action: Action, view: &SeatView, unseen: &Counts) -> Choice {
    let round = view.public.round.as_ref();
    let claimed = round.and_then(|r| r.claimable);
    let mut option_label = None;
    let mut detail = None;
    let label = match action {
        Action::Draw => Words::with(
            "shogi-act-draw",
            vec![("n", round.map_or(0, |r| r.wall_left).into())],
        ),
        Action::Pon { cards } => {
            Words::with("shogi-act-pon", vec![("group", pon_group(cards, claimed))])
        }
        Action::Discard { card, riichi: true } => {
            let (waits, furiten) = waits_after(view, card);
            option_label = Some(Words::with(
                "shogi-act-riichi",
                vec![("piece", piece(card).into())],
            ));
            let key = if furiten {
                "shogi-riichi-risk"
            } else {
                "shogi-riichi-waits"
            };
            detail = Some(Words::with(
                key,
                vec![("waits", waits_words(&waits, unseen))],
            ));
            Words::with(
                if furiten {
                    "shogi-act-riichi-risk"
                } else {
                    "shogi-act-riichi-waits"
                },
                vec![
                    ("piece", piece(card).into()),
                    ("waits", short_waits(&waits, unseen)),
                ],
            )
        }
        other => Shogi::action_words(other),
    };
    Choice {
        code: Shogi::action_code(action),
        label,
        option_label,
        detail,
        kind: match action {
            Action::Pon { .. }
            | Action::Daiminkan { .. }
            | Action::Ankan { .. }
            | Action::Kakan { .. } => ChoiceKind::Call,
            Action::Discard { riichi: true, .. } => ChoiceKind::Riichi,
            Action::Discard { riichi: false, .. } => ChoiceKind::Discard,
            Action::Draw | Action::Ron | Action::Tsumo | Action::Pass => ChoiceKind::Main,
        },
        tone: match action {
            Action::Ron | Action::Tsumo => Tone::Win,
            Action::Pon { .. }
            | Action::Daiminkan { .. }
            | Action::Ankan { .. }
            | Action::Kakan { .. } => Tone::Call,
            _ => Tone::Plain,
        },
        piece: match action {
            Action::Discard { card, .. } => Some(piece(card)),
            // A claim shows the piece it takes, a kan the piece of its group.
            Action::Pon { .. } | Action::Daiminkan { .. } => claimed.map(piece),
            Action::Ankan { card } | Action::Kakan { card } => Some(piece(card)),
            _ => None,
        },
    }
}

fn headline(record: &RoundRecord) -> Words {
    match &record.end {
        Some(RoundEnd::Win { winner, by, .. }) => Words::with(
            match by {
                WinBy::Ron => "shogi-wins-ron",
                WinBy::Tsumo => "shogi-wins-tsumo",
                WinBy::Chankan => "shogi-wins-chankan",
            },
            vec![("name", Say::Player(*winner))],
        ),
        Some(RoundEnd::Draw { .. }) => Words::key("shogi-headline-draw"),
        None => Words::key("sum-headline-play"),
    }
}

fn result_lines(record: &RoundRecord) -> Vec<Words> {
    let mut lines = Vec::new();
    match &record.end {
        Some(RoundEnd::Win {
            by, winning, score, ..
        }) => {
            for (id, han) in &score.yaku {
                let (japanese, english) = Yaku::from_id(id)
                    .map_or((id.as_str(), ""), |y| (y.info().japanese, y.info().english));
                lines.push(Words::with(
                    "sum-yaku",
                    vec![
                        ("japanese", Say::Text(japanese.into())),
                        ("english", Say::Text(english.into())),
                        (
                            "value",
                            Words::with("shogi-han", vec![("n", (*han).into())]).into(),
                        ),
                    ],
                ));
            }
            for (key, n) in [
                ("shogi-sum-dora", score.dora),
                ("shogi-sum-kan-bonus", score.kan_bonus),
                ("shogi-sum-honba", score.honba_bonus),
                ("shogi-sum-win-bonus", score.win_bonus),
            ] {
                if n > 0 {
                    lines.push(Words::with(key, vec![("n", n.into())]));
                }
            }
            lines.push(Words::with(
                "shogi-sum-total",
                vec![(
                    "total",
                    Say::Num(i64::try_from(score.total).unwrap_or(i64::MAX)),
                )],
            ));
            lines.push(match winning {
                Some(k) => Words::with(
                    match by {
                        WinBy::Ron => "shogi-sum-won-ron",
                        WinBy::Tsumo => "shogi-sum-won-tsumo",
                        WinBy::Chankan => "shogi-sum-won-chankan",
                    },
                    vec![("piece", piece(*k).into())],
                ),
                None => Words::key("shogi-sum-won-dealt"),
            });
        }
        Some(RoundEnd::Draw { tenpai, chombo }) => {
            lines.push(Words::key("shogi-sum-draw"));
            for seat in BOTH {
                let key = if chombo.contains(&seat) {
                    "shogi-sum-chombo"
                } else if tenpai[seat] {
                    "shogi-sum-tenpai"
                } else {
                    "shogi-sum-noten"
                };
                lines.push(Words::with(key, vec![("name", Say::Player(seat))]));
            }
        }
        None => lines.push(Words::key("sum-still")),
    }
    lines.push(Words::with(
        "shogi-sum-indicators",
        vec![
            ("pieces", pieces(&record.indicators)),
            ("minimum", record.minimum.into()),
        ],
    ));
    lines
}

/// Both hands as the round ended: each player's declared groups, then the winner's concealed
/// pieces (with the winning piece) as the groups and head (or pairs) their score counted, the
/// winning piece marked; the other's concealed pieces as they were.
fn revealed(record: &RoundRecord) -> Option<PerSeat<Vec<Group>>> {
    let hands = record.final_hands.as_ref()?;
    let melds = record.final_melds.clone().unwrap_or_default();
    let winning = match &record.end {
        Some(RoundEnd::Win {
            winner,
            winning,
            score,
            ..
        }) => Some((*winner, *winning, score.reading.as_ref())),
        _ => None,
    };
    Some(hands.map(|seat, kinds| {
        let declared: Vec<Shape> = melds[seat].iter().map(|m| m.group).collect();
        revealed_hand(
            melds[seat].iter().map(meld_group).collect(),
            kinds.iter().map(|&k| piece(k)).collect(),
            winning
                .filter(|(w, _, _)| *w == seat)
                .map(|(_, won_on, reading)| winning_groups(kinds, won_on, &declared, reading)),
        )
    }))
}

/// A winning hand's concealed pieces as the reading its score counted (a round stored before
/// scores kept it is read again: its first reading) shows them: its own groups and head, or
/// its pairs, or kokushi's one of each; the winning piece marked.
fn winning_groups(
    kinds: &[Kind],
    won_on: Option<Kind>,
    declared: &[Shape],
    reading: Option<&Reading>,
) -> Vec<Group> {
    let mut all = kinds.to_vec();
    // Two groups and a head, the declared groups included (a kan counts as one group).
    let concealed_wanted = 2usize.saturating_sub(declared.len()) * 3 + 2;
    if let Some(k) = won_on.filter(|_| all.len() < concealed_wanted) {
        all.push(k);
    }
    all.sort();
    let read_again = || readings(&Counts::of(&all), declared).into_iter().next();
    let sets: Vec<Vec<Kind>> = match reading.cloned().or_else(read_again) {
        Some(Reading::Standard { groups, head }) => {
            let mut own = groups;
            for d in declared {
                if let Some(i) = own.iter().position(|g| g == d) {
                    own.remove(i);
                }
            }
            let mut sets: Vec<Vec<Kind>> = own.into_iter().map(group_pieces).collect();
            sets.push(vec![head, head]);
            sets
        }
        Some(Reading::FourPairs { pairs }) => pairs.iter().map(|&k| vec![k, k]).collect(),
        Some(Reading::Kokushi) | None => vec![all],
    };
    let sets = sets
        .iter()
        .map(|set| set.iter().map(|&k| piece(k)).collect())
        .collect();
    winning_sets(sets, won_on.map(piece).as_ref())
}

fn round_result(record: &RoundRecord) -> RoundResult {
    let won = match &record.end {
        Some(RoundEnd::Win { score, .. }) => Some(Words::with(
            "shogi-news-round-won",
            vec![("total", score.total.into())],
        )),
        _ => None,
    };
    let told = Told::new(record.index as usize, headline(record), won);
    let ledger = Ledger::of(&record.transfers, Reason::id, record.balances, record.pot);
    shows::round_result(told, result_lines(record), revealed(record), ledger)
}

fn yaku_value(closed: u32, open: u32, hand: Hand) -> Words {
    match hand {
        Hand::ClosedOnly => Words::with("shogi-yaku-closed-only", vec![("n", closed.into())]),
        Hand::OpenOnly => Words::with("shogi-yaku-open-only", vec![("n", open.into())]),
        Hand::Any if closed == open => Words::with("shogi-han", vec![("n", closed.into())]),
        Hand::Any => Words::with(
            "shogi-yaku-two",
            vec![("closed", closed.into()), ("open", open.into())],
        ),
    }
}

impl Shows for Shogi {
    identity!(ja: "将棋麻雀", en: "Shogi mahjong", colour: 0xC8A165, emoji: "☗");

    fn board(state: &Game) -> Board {
        board_of(&state.public_view())
    }

    fn hand(view: &SeatView) -> HandBoard {
        // What the seat cannot see, counted once for the help and every choice.
        let unseen = unseen(view);
        HandBoard {
            seat: view.seat,
            board: board_of(&view.public),
            concealed: view.concealed.iter().map(|&k| piece(k)).collect(),
            drawn: view.drawn.map(piece),
            notes: notes(view, &unseen),
            choices: shows::choices(&view.legal_actions, |a| choice(a, view, &unseen)),
        }
    }

    fn held(n: usize) -> Words {
        Words::with("shogi-held", vec![("n", n.into())])
    }

    fn round_result(state: &Game, index: usize) -> Option<RoundResult> {
        state.records.get(index).map(round_result)
    }

    fn result_lines(state: &Game) -> Vec<Words> {
        let Some(outcome) = state.outcome else {
            return Vec::new();
        };
        let score = outcome.final_score;
        vec![Words::with(
            "shogi-final-score",
            vec![
                ("a", Say::Player(Seat::ZERO)),
                ("sa", Say::Text(signed(score[Seat::ZERO]))),
                ("b", Say::Player(Seat::ONE)),
                ("sb", Say::Text(signed(score[Seat::ONE]))),
                ("return", RETURN.into()),
            ],
        )]
    }

    fn ends_round(event: &super::game::Event) -> bool {
        matches!(event, super::game::Event::Round(RoundEvent::Ended(_)))
    }

    fn action_words(action: Action) -> Words {
        match action {
            Action::Draw => Words::key("shogi-act-draw-short"),
            Action::Pon { cards } => Words::with("shogi-act-pon", vec![("group", pieces(&cards))]),
            Action::Daiminkan { card } => {
                Words::with("shogi-act-open-kan", vec![("group", kan_group(card))])
            }
            Action::Ankan { card } => {
                Words::with("shogi-act-closed-kan", vec![("group", kan_group(card))])
            }
            Action::Kakan { card } => {
                Words::with("shogi-act-added-kan", vec![("group", kan_group(card))])
            }
            Action::Ron => Words::key("shogi-act-ron"),
            Action::Tsumo => Words::key("shogi-act-tsumo"),
            Action::Discard { card, riichi } => shows::discard_words(
                ["shogi-act-discard", "shogi-act-riichi"],
                "piece",
                piece(card),
                riichi,
            ),
            Action::Pass => Words::key("shogi-act-pass"),
        }
    }

    fn news_words(action: Action, before: Option<Action>) -> Words {
        let taken = match before {
            Some(Action::Discard { card, .. }) => Some(card),
            _ => None,
        };
        match action {
            Action::Draw => Words::key("shogi-news-draw"),
            Action::Pon { cards } => {
                Words::with("shogi-news-pon", vec![("group", pon_group(cards, taken))])
            }
            Action::Daiminkan { card } => {
                Words::with("shogi-news-open-kan", vec![("group", kan_group(card))])
            }
            Action::Ankan { card } => {
                Words::with("shogi-news-closed-kan", vec![("group", kan_group(card))])
            }
            Action::Kakan { card } => {
                Words::with("shogi-news-added-kan", vec![("piece", piece(card).into())])
            }
            Action::Ron => Words::key("shogi-news-ron"),
            Action::Tsumo => Words::key("shogi-news-tsumo"),
            Action::Discard { card, riichi } => shows::discard_words(
                ["shogi-news-discard", "shogi-news-riichi"],
                "piece",
                piece(card),
                riichi,
            ),
            Action::Pass => Words::key("shogi-news-pass"),
        }
    }

    fn refusal_words(refusal: &Refusal) -> Words {
        let reason = match refusal {
            Refusal::GameOver => Words::key("shogi-rule-game-over"),
            Refusal::RoundOver => Words::key("shogi-rule-round-over"),
            Refusal::NotYourTurn => Words::key("shogi-rule-not-your-turn"),
            Refusal::WallEmpty => Words::key("shogi-rule-wall-empty"),
            Refusal::NoDraw => Words::key("shogi-rule-no-draw"),
            Refusal::NotInHand(k) => {
                Words::with("shogi-rule-not-in-hand", vec![("piece", piece(*k).into())])
            }
            Refusal::RiichiLocked => Words::key("shogi-rule-riichi-locked"),
            Refusal::MustDiscard => Words::key("shogi-rule-must-discard"),
            Refusal::NothingToClaim => Words::key("shogi-rule-nothing-to-claim"),
            Refusal::BadPon(_) => Words::key("shogi-rule-bad-pon"),
            Refusal::BadKan(_) => Words::key("shogi-rule-bad-kan"),
            Refusal::NoWin => Words::key("shogi-rule-no-win"),
            Refusal::Furiten => Words::key("shogi-rule-furiten"),
            Refusal::BadRiichi => Words::key("shogi-rule-bad-riichi"),
            Refusal::NothingToPass => Words::key("shogi-rule-nothing-to-pass"),
            Refusal::NotNow(action) => Words::with(
                "shogi-rule-not-now",
                vec![("action", Shogi::action_words(*action).into())],
            ),
        };
        Words::with("err-refused", vec![("reason", reason.into())])
    }

    fn end_words(reason: &str) -> Words {
        let key = match reason {
            "bust" => "shogi-end-bust",
            "round_limit" => "shogi-end-round-limit",
            "resigned" => "shogi-end-resigned",
            _ => "shogi-end-forfeit",
        };
        debug_assert!(
            [
                EndReason::Bust,
                EndReason::RoundLimit,
                EndReason::Resigned,
                EndReason::Forfeit
            ]
            .iter()
            .any(|r| r.id() == reason),
            "an end reason of shogi mahjong: {reason}"
        );
        Words::key(key)
    }

    fn transfer_words(reason: &str) -> Words {
        Words::key(match reason {
            "riichi" => "shogi-why-riichi",
            "win" => "shogi-why-win",
            "pot" => "shogi-why-pot",
            "chombo" => "shogi-why-chombo",
            "noten" => "shogi-why-noten",
            _ => "shogi-why-final-pot",
        })
    }

    fn yaku_names(id: &str) -> Option<(&'static str, &'static str)> {
        Yaku::from_id(id).map(|y| (y.info().japanese, y.info().english))
    }

    fn yaku_rows(options: &Options) -> Vec<YakuRow> {
        Yaku::ALL
            .into_iter()
            .map(|y| {
                let info = y.info();
                let (closed, open) = options.yaku_han.get(y);
                YakuRow {
                    id: info.id,
                    japanese: info.japanese,
                    english: info.english,
                    value: yaku_value(closed, open, info.hand),
                    condition: Words::key(format!("shogi-yaku-if-{}", info.id.replace('_', "-"))),
                    changed: (closed, open) != info.han,
                }
            })
            .collect()
    }

    fn rules_pages() -> &'static [&'static str] {
        &[
            "shogi-rules-1",
            "shogi-rules-2",
            "shogi-rules-3",
            "shogi-rules-4",
            "shogi-rules-5",
        ]
    }
}

/// A score with its sign: `+41`, `-41`, `0`.
fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dragon_set_shows_its_pawn_and_marks_the_claimed_piece() {
        let Say::Group(g) = pon_group([Kind::Ka, Kind::Ka], Some(Kind::Fu)) else {
            panic!("a group");
        };
        let texts: Vec<&str> = g.pieces.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(texts, ["角", "角", "歩"]);
        assert_eq!(g.marked, Some(2));
        let Say::Group(g) = pon_group([Kind::Ka, Kind::Fu], Some(Kind::Ka)) else {
            panic!("a group");
        };
        let texts: Vec<&str> = g.pieces.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(texts, ["角", "角", "歩"]);
        assert_eq!(g.marked, Some(1));
    }

    #[test]
    fn pieces_have_their_code_as_face_and_a_romanised_name() {
        for k in Kind::ALL {
            let p = piece(k);
            assert_eq!(p.face, k.code());
            assert_eq!(p.text, k.kanji());
            assert!(p.name_en.beside(false).is_some() && p.name_en.beside(true).is_some());
        }
    }

    /// Each group's pieces as text, a marked one with a `*`.
    fn texts(groups: &[Group]) -> Vec<String> {
        shows::texts(groups, "")
    }

    #[test]
    fn a_winning_hand_shows_the_reading_its_score_counted_not_the_first_one() {
        use super::super::score::{score, Win};
        // From a played game: a ron on 玉 holding 角 角 歩 玉 with a pon of 飛 飛 歩. Read
        // first with a head of 角 (玉 玉 歩 a set: 小三元), it scores as 大三元 with a head of
        // 玉 and 角 角 歩 a set.
        let hi_pon = Meld {
            group: Shape::DragonSet { kind: Kind::Hi },
            how: How::Pon,
            called: Some(Kind::Fu),
        };
        let concealed = vec![Kind::Fu, Kind::Ka, Kind::Ka, Kind::Gy, Kind::Gy];
        let melds = [hi_pon];
        let win = Win {
            concealed: Counts::of(&concealed),
            winning: Some(Kind::Gy),
            melds: &melds,
            by: WinBy::Ron,
            riichi: false,
            rinshan: false,
            tenhou: false,
            chiihou: false,
            renhou: false,
            indicators: &[Kind::Ky],
            honba: 0,
            minimum: 2,
        };
        let score = score(&win, &Options::default()).unwrap();
        let ids: Vec<&str> = score.yaku.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(ids, ["daisangen"]);
        let record = RoundRecord {
            index: 0,
            dealer: Seat::ZERO,
            honba: 0,
            minimum: 2,
            indicators: vec![Kind::Ky],
            end: Some(RoundEnd::Win {
                winner: Seat::ONE,
                by: WinBy::Ron,
                winning: Some(Kind::Gy),
                score,
            }),
            // A ron's piece is in the winner's hand when the round ends.
            final_hands: Some(PerSeat::new(Vec::new(), concealed)),
            final_melds: Some(PerSeat::new(Vec::new(), melds.to_vec())),
            transfers: Vec::new(),
            balances: PerSeat::new(30, 30),
            pot: 0,
        };
        let hands = round_result(&record).hands.unwrap();
        assert_eq!(texts(&hands[Seat::ONE]), ["飛飛*歩", "角角歩", "*玉玉"]);
    }

    #[test]
    fn a_winning_hand_stored_without_its_reading_shows_its_first_reading() {
        use super::super::group::{How, Meld as Declared};
        // A ron on 玉 with a pon of 金 declared: one group and a head of the concealed
        // pieces with the 玉 won on, read first with a head of 歩, the first 玉 marked.
        let concealed = [Kind::Fu, Kind::Fu, Kind::Fu, Kind::Gy];
        let declared = [Shape::WindTriplet { kind: Kind::Ki }];
        let groups = winning_groups(&concealed, Some(Kind::Gy), &declared, None);
        assert_eq!(texts(&groups), ["*玉玉歩", "歩歩"]);
        let pon = Declared {
            group: declared[0],
            how: How::Pon,
            called: Some(Kind::Ki),
        };
        assert_eq!(meld_group(&pon).kind, GroupKind::Called);
    }

    #[test]
    fn final_scores_carry_their_sign() {
        assert_eq!(signed(41), "+41");
        assert_eq!(signed(-41), "-41");
        assert_eq!(signed(0), "0");
    }
}
