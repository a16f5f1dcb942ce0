//! The beginners' card mahjong as the host shows it ([`Shows`]): cards by their ids with
//! their art, open melds with the claimed card marked, discard piles, the draw pile and the
//! pot, and a hand that teaches — what its five units are, whether it is tenpai and in which
//! of the two forms, what each claim or riichi would make, and a claim that lost to a nearer
//! or stronger one. Answers to a discard stay unsaid until its window closes: a move shows
//! only that a seat answered, the closed window's answers are public ([`Closed`]). A round's
//! summary shows the winning hand as four melds and a head, the yaku in table order and who
//! paid what (a tsumo's remainder said), or each hand's tenpai after a draw. The message ids
//! are in `messages/`.

use std::borrow::Cow;

use super::action::{Action, Refusal, RiichiBar};
use super::art::face_code;
use super::card::{Card, Form, Kind, Shape};
use super::claim::Closed;
use super::game::{Event, Game, Reason, RoundRecord};
use super::hand::{tenpai, OpenMeld, Set, Tenpai, TenpaiForm};
use super::options::Options;
use super::round::{RoundEnd, RoundEvent, WinBy, PILE};
use super::view::{PublicPhase, PublicRound, PublicView, SeatView};
use super::yaku::{score, Score, WinContext, Yaku};
use super::Beginners;
use crate::games::interface::seat::{PerSeat, Seat, SeatCount};
use crate::games::interface::{
    revealed_hand, Board, Choice, ChoiceKind, EnglishName, Group, GroupKind, HandBoard, Piece,
    RoundBoard, RoundResult, Say, SeatBoard, Shows, Tone, Words, YakuRow,
};
use crate::games::interface::{Acting, Records, Stored};
use crate::games::kit::shown::{self as shows, identity, Ledger, Told};

/// One card: its id as text (`M-shun-pin`), its art named after it.
pub fn piece(card: Card) -> Piece {
    Piece {
        face: face_code(card),
        text: card.to_string(),
        // The id says what the card is; the art draws it.
        name_en: EnglishName::Unneeded,
    }
}

/// A kind in the reader's words ("pin", "筒子").
fn kind_words(kind: Kind) -> Say {
    Words::key(format!("beginners-kind-{}", kind.id())).into()
}

/// A meld of a completed or open hand: "pin triplet", "sou sequence".
fn set_words(set: Set) -> Say {
    Words::with(
        format!("beginners-set-{}", set.shape.id()),
        vec![("kind", kind_words(set.kind))],
    )
    .into()
}

/// An open meld as the table shows it: the taatsu and the claimed isolated card, marked.
fn meld_group(meld: &OpenMeld) -> Group {
    Group {
        pieces: meld.cards().iter().map(|&c| piece(c)).collect(),
        marked: Some(1),
        kind: GroupKind::Called,
    }
}

fn stage_words(phase: PublicPhase) -> Words {
    Words::key(match phase {
        PublicPhase::Turn { drawn: false, .. } => "beginners-stage-draw",
        PublicPhase::Turn { drawn: true, .. } => "beginners-stage-discard",
        PublicPhase::Claims { .. } => "beginners-stage-claims",
        PublicPhase::Over => "beginners-stage-over",
    })
}

fn acting(phase: PublicPhase) -> Acting {
    match phase {
        PublicPhase::Turn { seat, .. } => Acting::Turn(seat),
        PublicPhase::Claims { pending, .. } if !pending.is_empty() => Acting::Claims(pending),
        PublicPhase::Claims { .. } | PublicPhase::Over => Acting::Over,
    }
}

/// "Carol's pon took Alice's I-pin", with the claims it beat and why; "Alice's I-pin lies:
/// everyone passed".
fn claims_line(closed: &Closed) -> Words {
    let card = ("card", Say::Piece(piece(closed.card)));
    let discarder = ("discarder", Say::Player(closed.discarder));
    let Some((taker, taken)) = closed.taken() else {
        return Words::with("beginners-claims-passed", vec![discarder, card]);
    };
    let beaten = shows::answers("beginners-claims-beaten", closed.lost(), answer_words);
    let mut args = vec![
        ("name", Say::Player(taker)),
        ("answer", answer_words(taken).into()),
        discarder,
        card,
    ];
    if beaten.is_empty() {
        return Words::with("beginners-claims-took", args);
    }
    args.push(("beaten", Say::Join(beaten, ", ")));
    Words::with("beginners-claims-took-over", args)
}

/// An answer as a noun: "ron", "pon", "chi", "pass".
fn answer_words(answer: Action) -> Words {
    Words::key(match answer {
        Action::Ron => "beginners-answer-ron",
        Action::Pon => "beginners-answer-pon",
        Action::Chi => "beginners-answer-chi",
        _ => "beginners-answer-pass",
    })
}

fn round_board(view: &PublicView, round: &PublicRound) -> RoundBoard {
    let stakes = |key: &'static str| {
        Words::with(
            key,
            vec![
                ("n", (round.index as usize + 1).into()),
                ("rounds", (2 * view.seats.get()).into()),
                ("name", Say::Player(round.dealer)),
                ("pot", view.pot.into()),
            ],
        )
    };
    let pile = Words::with(
        "beginners-pile",
        vec![("n", round.pile_left.into()), ("of", PILE.into())],
    );
    let claims = view.last_claims.as_ref().map(claims_line);
    let mut table_lines = vec![stakes("beginners-table-stakes"), pile.clone()];
    let mut hand_lines = vec![stakes("beginners-hand-stakes"), pile];
    table_lines.extend(claims.clone());
    hand_lines.extend(claims);
    RoundBoard {
        index: round.index as usize,
        dealer: round.dealer,
        to_act: acting(round.phase),
        stage: stage_words(round.phase),
        table_lines,
        hand_lines,
        seats: round.players.map(|_, p| SeatBoard {
            concealed: p.hand_size,
            groups: p.open.iter().map(meld_group).collect(),
            discards: shows::discards(&p.discards, |d| (piece(d.card), d.riichi, d.claimed)),
            riichi: p.riichi,
            mark: None,
        }),
        claimable: match round.phase {
            PublicPhase::Claims { card, .. } => Some(piece(card)),
            _ => None,
        },
    }
}

fn board_of(view: &PublicView) -> Board {
    Board {
        balances: view.balances,
        pot: view.pot,
        round: view.round.as_ref().map(|r| round_board(view, r)),
        over: view.outcome.as_ref().map(|o| (o.winner(), o.reason.id())),
    }
}

/// What a seat's hand is made of: its concealed cards (the card just drawn set apart) and
/// its open melds.
struct Own<'a> {
    view: &'a SeatView,
    open: &'a [OpenMeld],
    riichi: bool,
}

impl<'a> Own<'a> {
    fn of(view: &'a SeatView) -> Own<'a> {
        let player = view.public.round.as_ref().map(|r| &r.players[view.seat]);
        Own {
            view,
            open: player.map_or(&[], |p| p.open.as_slice()),
            riichi: player.is_some_and(|p| p.riichi),
        }
    }

    fn options(&self) -> &Options {
        &self.view.public.options
    }

    /// The concealed cards without one `card` (the one drawn, or a discard).
    fn without(&self, card: Card) -> Vec<Card> {
        let mut rest = self.view.concealed.clone();
        if let Some(at) = rest.iter().position(|&c| c == card) {
            rest.remove(at);
        }
        rest
    }

    /// The five units held before the draw.
    fn units(&self) -> Vec<Card> {
        match self.view.drawn {
            Some(drawn) => self.without(drawn),
            None => self.view.concealed.clone(),
        }
    }

    fn is_closed(&self) -> bool {
        self.open.is_empty()
    }

    /// The score of a win of `t` by ron or tsumo; `None` without a yaku.
    fn worth(&self, t: &Tenpai, tsumo: bool) -> Option<Score> {
        let how = WinContext {
            tenhou: false,
            riichi: self.riichi,
            closed: self.is_closed(),
            tsumo,
        };
        score(&t.completed, how, &self.options().yaku_points)
    }

    /// The hand after a pon or a chi of `card` (`shape`): the taatsu laid out with it.
    fn after_call(&self, card: Card, shape: Shape) -> Option<Tenpai> {
        let taatsu = Card::new(card.kind(), Form::Taatsu(shape))?;
        let mut open = self.open.to_vec();
        open.push(OpenMeld {
            set: Set {
                kind: card.kind(),
                shape,
            },
            from: self.view.seat,
        });
        tenpai(&self.without(taatsu), &open)
    }
}

/// "3 melds · 1 taatsu · 1 head", open melds counted as melds.
fn units_words(units: &[Card], open: usize) -> Words {
    let count = |f: fn(Card) -> bool| units.iter().filter(|&&c| f(c)).count();
    let melds = count(Card::is_meld) + open;
    let taatsu = count(|c| c.taatsu_shape().is_some());
    let isolated = count(Card::is_isolated);
    let heads = count(Card::is_head);
    Words::with(
        "beginners-hand-units",
        vec![
            ("melds", melds.into()),
            ("taatsu", taatsu.into()),
            ("isolated", isolated.into()),
            ("heads", heads.into()),
        ],
    )
}

/// "head wait: I-pin waits for another I-pin" or "meld wait: T-shun-sou waits for I-sou":
/// without "your", as the round summary of a draw says it of every seat.
fn tenpai_words(t: &Tenpai, units: &[Card]) -> Say {
    let waiting = units
        .iter()
        .copied()
        .find(|c| match t.form {
            TenpaiForm::HeadWait => c.is_isolated(),
            TenpaiForm::MeldWait => c.taatsu_shape().is_some(),
        })
        .unwrap_or(Card::isolated(t.wait));
    let key = match t.form {
        TenpaiForm::HeadWait => "beginners-wait-head",
        TenpaiForm::MeldWait => "beginners-wait-meld",
    };
    Words::with(
        key,
        vec![
            ("card", piece(waiting).into()),
            ("winning", piece(Card::isolated(t.wait)).into()),
            ("kind", kind_words(t.wait)),
        ],
    )
    .into()
}

/// Points as a number argument.
fn num(n: u64) -> Say {
    Say::Num(i64::try_from(n).unwrap_or(i64::MAX))
}

/// `key` with `n`, or `key-one` when `n` is exactly one: the host hands numbers to Fluent as
/// text (no locale grouping), so a message cannot pick English's singular by itself.
fn counted(key: &'static str, n: u64) -> Words {
    let key = if n == 1 {
        Cow::Owned(format!("{key}-one"))
    } else {
        Cow::Borrowed(key)
    };
    Words::with(key, vec![("n", num(n))])
}

/// A win's points, or that it has no yaku.
fn worth_words(score: Option<&Score>) -> Say {
    match score {
        Some(s) => counted("beginners-points", s.total).into(),
        None => Words::key("beginners-no-yaku").into(),
    }
}

/// Between turns: what the five units are, tenpai or not, and what a win would be worth.
fn between_turns_notes(own: &Own, notes: &mut Vec<Words>) {
    let units = own.units();
    notes.push(units_words(&units, own.open.len()));
    match tenpai(&units, own.open) {
        Some(t) => {
            notes.push(Words::with(
                "beginners-hand-tenpai",
                vec![("how", tenpai_words(&t, &units))],
            ));
            notes.push(Words::with(
                "beginners-hand-worth",
                vec![
                    ("ron", worth_words(own.worth(&t, false).as_ref())),
                    ("tsumo", worth_words(own.worth(&t, true).as_ref())),
                ],
            ));
        }
        None => notes.push(Words::key("beginners-hand-not-tenpai")),
    }
}

/// After a draw: which discards keep the hand tenpai, unless the riichi choices say it.
fn after_draw_notes(own: &Own, notes: &mut Vec<Words>) {
    let legal = &own.view.legal_actions;
    if legal.contains(&Action::Tsumo) {
        notes.push(Words::key("beginners-hand-can-tsumo"));
    }
    let riichi_offered = legal
        .iter()
        .any(|a| matches!(a, Action::Discard { riichi: true, .. }));
    if own.riichi || riichi_offered {
        return;
    }
    let mut keep: Vec<Say> = Vec::new();
    let mut seen: Vec<Card> = Vec::new();
    for &card in &own.view.concealed {
        if seen.contains(&card) {
            continue;
        }
        seen.push(card);
        if let Some(t) = tenpai(&own.without(card), own.open) {
            keep.push(
                Words::with(
                    "beginners-keep-one",
                    vec![("card", piece(card).into()), ("kind", kind_words(t.wait))],
                )
                .into(),
            );
        }
    }
    if !keep.is_empty() {
        notes.push(Words::with(
            "beginners-hand-keep-tenpai",
            vec![("discards", Say::Join(keep, ", "))],
        ));
    }
}

/// In a claim window this seat is asked in: what each claim would make.
fn claim_notes(own: &Own, card: Card, notes: &mut Vec<Words>) {
    for &action in &own.view.legal_actions {
        let shape = match action {
            Action::Pon => Shape::Ko,
            Action::Chi => Shape::Shun,
            Action::Ron => {
                let units = own.units();
                if let Some(t) = tenpai(&units, own.open) {
                    let worth = own.worth(&t, false);
                    notes.push(Words::with(
                        "beginners-claim-ron",
                        vec![
                            ("card", piece(card).into()),
                            ("worth", worth_words(worth.as_ref())),
                            ("yaku", yaku_list(worth.as_ref())),
                        ],
                    ));
                }
                continue;
            }
            _ => continue,
        };
        let after = match own.after_call(card, shape) {
            Some(t) => Words::with(
                "beginners-after-call-tenpai",
                vec![("kind", kind_words(t.wait))],
            ),
            None => Words::key("beginners-after-call-not-tenpai"),
        };
        let taatsu = Card::new(card.kind(), Form::Taatsu(shape)).unwrap_or(card);
        notes.push(Words::with(
            if action == Action::Pon {
                "beginners-claim-pon"
            } else {
                "beginners-claim-chi"
            },
            vec![
                ("taatsu", piece(taatsu).into()),
                ("card", piece(card).into()),
                (
                    "set",
                    set_words(Set {
                        kind: card.kind(),
                        shape,
                    }),
                ),
                ("after", after.into()),
            ],
        ));
    }
    if own.is_closed() && own.view.legal_actions.iter().any(|a| *a != Action::Pass) {
        // Calling opens the hand: riichi and the tsumo yaku are for closed hands only.
        let opens = own
            .view
            .legal_actions
            .iter()
            .any(|a| matches!(a, Action::Pon | Action::Chi));
        if opens {
            notes.push(Words::key("beginners-claim-opens"));
        }
    }
}

/// The yaku of a score by name, for a note: "honitsu, yakuhai".
fn yaku_list(score: Option<&Score>) -> Say {
    let names = score
        .map(|s| {
            s.yaku
                .iter()
                .map(|(y, _)| {
                    let (japanese, english) = yaku_names(*y);
                    Say::Text(format!("{japanese} ({english})"))
                })
                .collect()
        })
        .unwrap_or_default();
    Say::Join(names, ", ")
}

/// This seat's claim on the last closed window, if it lost: to whom, and why.
fn lost_claim_note(seat: Seat, closed: &Closed) -> Option<Words> {
    let (_, mine) = closed.lost().find(|(s, _)| *s == seat)?;
    let (taker, theirs) = closed.taken()?;
    let why = if theirs == Action::Ron && mine != Action::Ron {
        "beginners-lost-ron-first"
    } else {
        "beginners-lost-nearest"
    };
    Some(Words::with(
        "beginners-hand-lost-claim",
        vec![
            ("mine", answer_words(mine).into()),
            ("name", Say::Player(taker)),
            ("theirs", answer_words(theirs).into()),
            ("why", Words::key(why).into()),
        ],
    ))
}

fn notes(view: &SeatView) -> Vec<Words> {
    let mut notes = Vec::new();
    if let Some(lost) = view
        .public
        .last_claims
        .as_ref()
        .and_then(|c| lost_claim_note(view.seat, c))
    {
        notes.push(lost);
    }
    let Some(round) = view.public.round.as_ref() else {
        return notes;
    };
    let own = Own::of(view);
    if own.riichi {
        notes.push(Words::key("beginners-hand-in-riichi"));
    }
    match round.phase {
        PublicPhase::Turn { seat, drawn: true } if seat == view.seat => {
            after_draw_notes(&own, &mut notes)
        }
        PublicPhase::Claims { card, .. } => {
            between_turns_notes(&own, &mut notes);
            if let Some(answer) = view.answer {
                notes.push(Words::with(
                    "beginners-hand-answered",
                    vec![("answer", answer_words(answer).into())],
                ));
            } else {
                claim_notes(&own, card, &mut notes);
            }
        }
        _ => between_turns_notes(&own, &mut notes),
    }
    notes
}

/// Riichi with the discard of `card`: the wait it leaves.
fn riichi_wait(own: &Own, card: Card) -> Option<Tenpai> {
    tenpai(&own.without(card), own.open)
}

fn choice(action: Action, view: &SeatView) -> Choice {
    let own = Own::of(view);
    let round = view.public.round.as_ref();
    let claimed = round.and_then(|r| match r.phase {
        PublicPhase::Claims { card, .. } => Some(card),
        _ => None,
    });
    let mut option_label = None;
    let mut detail = None;
    let label = match action {
        Action::Draw => Words::with(
            "beginners-choice-draw",
            vec![("n", round.map_or(0, |r| r.pile_left).into())],
        ),
        Action::Tsumo => tsumo_label(&own),
        // The button says what it does; the log's "answered the discard" keeps the answer
        // secret from the others, but the seat choosing it needs its name.
        Action::Pass => Words::key("beginners-choice-pass"),
        Action::Ron => {
            let worth = tenpai(&own.units(), own.open).and_then(|t| own.worth(&t, false));
            Words::with(
                "beginners-choice-ron",
                vec![("worth", worth_words(worth.as_ref()))],
            )
        }
        Action::Pon | Action::Chi => {
            let shape = if action == Action::Pon {
                Shape::Ko
            } else {
                Shape::Shun
            };
            let card = claimed.unwrap_or(Card::isolated(Kind::Man));
            Words::with(
                if action == Action::Pon {
                    "beginners-choice-pon"
                } else {
                    "beginners-choice-chi"
                },
                vec![
                    ("card", piece(card).into()),
                    (
                        "set",
                        set_words(Set {
                            kind: card.kind(),
                            shape,
                        }),
                    ),
                ],
            )
        }
        Action::Discard { card, riichi: true } => {
            let wait = riichi_wait(&own, card);
            let waits: Say = match &wait {
                Some(t) => kind_words(t.wait),
                None => Say::Text("—".into()),
            };
            option_label = Some(Words::with(
                "beginners-act-riichi",
                vec![("card", piece(card).into())],
            ));
            detail = wait.map(|t| {
                Words::with(
                    "beginners-riichi-detail",
                    vec![("how", tenpai_words(&t, &own.without(card)))],
                )
            });
            Words::with(
                "beginners-choice-riichi",
                vec![("card", piece(card).into()), ("kind", waits)],
            )
        }
        other => Beginners::action_words(other),
    };
    Choice {
        code: Beginners::action_code(action),
        label,
        option_label,
        detail,
        kind: match action {
            Action::Pon | Action::Chi => ChoiceKind::Call,
            Action::Discard { riichi: true, .. } => ChoiceKind::Riichi,
            Action::Discard { riichi: false, .. } => ChoiceKind::Discard,
            Action::Draw | Action::Tsumo | Action::Ron | Action::Pass => ChoiceKind::Main,
        },
        tone: match action {
            Action::Ron | Action::Tsumo => Tone::Win,
            Action::Pon | Action::Chi => Tone::Call,
            _ => Tone::Plain,
        },
        piece: match action {
            Action::Discard { card, .. } => Some(piece(card)),
            // A claim shows the card it takes.
            Action::Pon | Action::Chi => claimed.map(piece),
            _ => None,
        },
    }
}

/// "Tsumo! 4 points", or 天和 on the dealt cards.
fn tsumo_label(own: &Own) -> Words {
    let Some(drawn) = own.view.drawn else {
        let tenhou = own.options().yaku_points.get(Yaku::Tenhou);
        return Words::with("beginners-choice-tenhou", vec![("n", num(tenhou))]);
    };
    let worth = tenpai(&own.without(drawn), own.open).and_then(|t| own.worth(&t, true));
    Words::with(
        "beginners-choice-tsumo",
        vec![("worth", worth_words(worth.as_ref()))],
    )
}

fn riichi_bar_words(bar: RiichiBar) -> Words {
    Words::key(match bar {
        RiichiBar::Already => "beginners-rule-riichi-already",
        RiichiBar::OpenHand => "beginners-rule-riichi-open",
        RiichiBar::NoPoint => "beginners-rule-riichi-no-point",
        RiichiBar::PileTooShort => "beginners-rule-riichi-pile",
        RiichiBar::NotTenpai => "beginners-rule-riichi-not-tenpai",
    })
}

/// The English names of the yaku, in table order (the Japanese ones are the engine's).
const ENGLISH: [&str; 11] = [
    "Blessing of heaven",
    "Big four winds",
    "Big three dragons",
    "All honours",
    "Full flush",
    "Half flush",
    "All triplets",
    "All sequences",
    "Dragon meld",
    "Riichi",
    "Closed tsumo",
];

fn yaku_names(yaku: Yaku) -> (&'static str, &'static str) {
    (yaku.japanese(), ENGLISH[yaku.index()])
}

fn yaku_value(yaku: Yaku, points: u64) -> Words {
    let key = match yaku {
        y if y.is_yakuman() => "beginners-yaku-yakuman",
        Yaku::Yakuhai => "beginners-yaku-each",
        _ => "beginners-points",
    };
    counted(key, points)
}

// A finished round.

fn headline(record: &RoundRecord) -> Words {
    match &record.end {
        Some(RoundEnd::Win {
            winner,
            by,
            winning,
            ..
        }) => Words::with(
            match (by, winning) {
                (WinBy::Ron { .. }, _) => "beginners-wins-ron",
                (WinBy::Tsumo, Some(_)) => "beginners-wins-tsumo",
                (WinBy::Tsumo, None) => "beginners-wins-tenhou",
            },
            vec![("name", Say::Player(*winner))],
        ),
        Some(RoundEnd::Draw { .. }) => Words::key("beginners-headline-draw"),
        None => Words::key("beginners-headline-play"),
    }
}

fn total(score: &Score) -> Say {
    num(score.total)
}

/// Who paid the win (rules §8): a ron's discarder all of it; a tsumo's share of each other
/// player and, when it does not divide, who paid the remainder on top (R18).
fn payment_line(record: &RoundRecord, seats: SeatCount) -> Option<Words> {
    let Some(RoundEnd::Win {
        winner, by, score, ..
    }) = &record.end
    else {
        return None;
    };
    let total = total(score);
    let others = seats.get() as u64 - 1;
    Some(match by {
        WinBy::Ron { from } => Words::with(
            "beginners-sum-pay-ron",
            vec![("name", Say::Player(*from)), ("total", total)],
        ),
        WinBy::Tsumo if others == 1 => Words::with(
            "beginners-sum-pay-tsumo-one",
            vec![("name", Say::Player(winner.next(seats))), ("total", total)],
        ),
        WinBy::Tsumo if score.total % others == 0 => Words::with(
            "beginners-sum-pay-tsumo",
            vec![
                ("total", total),
                ("others", num(others)),
                ("share", num(score.total / others)),
            ],
        ),
        WinBy::Tsumo => {
            let dealer_won = *winner == record.dealer;
            let payer = if dealer_won {
                record.dealer.next(seats)
            } else {
                record.dealer
            };
            Words::with(
                if dealer_won {
                    "beginners-sum-pay-tsumo-rest-next"
                } else {
                    "beginners-sum-pay-tsumo-rest-dealer"
                },
                vec![
                    ("total", total),
                    ("others", num(others)),
                    ("share", num(score.total / others)),
                    ("rest", num(score.total % others)),
                    ("name", Say::Player(payer)),
                ],
            )
        }
    })
}

fn result_lines(record: &RoundRecord, seats: SeatCount) -> Vec<Words> {
    let mut lines = Vec::new();
    match &record.end {
        Some(RoundEnd::Win {
            winner,
            by,
            winning,
            hand,
            score,
        }) => {
            for &(yaku, points) in &score.yaku {
                let (japanese, english) = yaku_names(yaku);
                lines.push(Words::with(
                    "sum-yaku",
                    vec![
                        ("japanese", Say::Text(japanese.into())),
                        ("english", Say::Text(english.into())),
                        ("value", counted("beginners-points", points).into()),
                    ],
                ));
            }
            lines.push(Words::with(
                "beginners-sum-total",
                vec![("total", counted("beginners-points", score.total).into())],
            ));
            lines.push(Words::with(
                "beginners-sum-completed",
                vec![
                    (
                        "melds",
                        Say::Join(hand.melds.iter().map(|&m| set_words(m)).collect(), ", "),
                    ),
                    ("head", kind_words(hand.head)),
                ],
            ));
            lines.push(match (by, winning) {
                (WinBy::Ron { from }, Some(card)) => Words::with(
                    "beginners-sum-won-ron",
                    vec![("card", piece(*card).into()), ("name", Say::Player(*from))],
                ),
                (_, Some(card)) => Words::with(
                    "beginners-sum-won-tsumo",
                    vec![("card", piece(*card).into())],
                ),
                (_, None) => Words::key("beginners-sum-won-tenhou"),
            });
            lines.extend(payment_line(record, seats));
            let pot: i64 = record
                .transfers
                .iter()
                .filter(|t| t.reason == Reason::Pot)
                .map(|t| t.amount)
                .sum();
            if pot > 0 {
                lines.push(Words::with(
                    "beginners-sum-pot",
                    vec![("pot", pot.into()), ("name", Say::Player(*winner))],
                ));
            }
        }
        Some(RoundEnd::Draw { tenpai: was }) => {
            lines.push(Words::key("beginners-sum-draw"));
            for (seat, &tenpai_then) in was.iter() {
                let how = record
                    .final_hands
                    .as_ref()
                    .and_then(|h| h.get(seat))
                    .and_then(|(concealed, open)| {
                        tenpai(concealed, open).map(|t| tenpai_words(&t, concealed))
                    });
                lines.push(match how.filter(|_| tenpai_then) {
                    Some(how) => Words::with(
                        "beginners-sum-tenpai",
                        vec![("name", Say::Player(seat)), ("how", how)],
                    ),
                    None => Words::with("beginners-sum-noten", vec![("name", Say::Player(seat))]),
                });
            }
        }
        None => lines.push(Words::key("beginners-headline-play")),
    }
    lines
}

/// A winning hand's concealed cards as the melds and head they complete: each meld card, the
/// taatsu with the winning card (a meld wait) before the head card, or the isolated card with
/// the winning one as the head (a head wait); the winning card marked. 天和 has none.
fn winning_groups(concealed: &[Card], by: WinBy, winning: Option<Card>) -> Vec<Group> {
    let mut cards = concealed.to_vec();
    // A tsumo's card is among the concealed cards; a ron's came from the discard.
    if let Some(w) = winning.filter(|_| matches!(by, WinBy::Tsumo)) {
        if let Some(at) = cards.iter().position(|&c| c == w) {
            cards.remove(at);
        }
    }
    let single = |c: Card| Group::concealed(vec![piece(c)]);
    let mut groups: Vec<Group> = cards
        .iter()
        .filter(|c| c.is_meld())
        .map(|&c| single(c))
        .collect();
    let waiting = cards
        .iter()
        .find(|c| c.taatsu_shape().is_some())
        .or_else(|| cards.iter().find(|c| c.is_isolated()));
    let completed = match (waiting, winning) {
        (Some(&unit), Some(w)) => Some(Group {
            pieces: vec![piece(unit), piece(w)],
            marked: Some(1),
            kind: GroupKind::Concealed,
        }),
        _ => None,
    };
    let head_wait = waiting.is_some_and(|c| c.is_isolated());
    if !head_wait {
        groups.extend(completed.clone());
    }
    groups.extend(cards.iter().filter(|c| c.is_head()).map(|&c| single(c)));
    if head_wait {
        groups.extend(completed);
    }
    groups
}

/// Every hand as the round ended: open melds, then the winner's concealed cards as the melds
/// and head they complete, the others' as they were.
fn revealed(record: &RoundRecord) -> Option<PerSeat<Vec<Group>>> {
    let hands = record.final_hands.as_ref()?;
    let win = match &record.end {
        Some(RoundEnd::Win {
            winner,
            by,
            winning,
            ..
        }) => Some((*winner, *by, *winning)),
        _ => None,
    };
    Some(hands.map(|seat, (concealed, open)| {
        revealed_hand(
            open.iter().map(meld_group).collect(),
            concealed.iter().map(|&c| piece(c)).collect(),
            win.filter(|(w, _, _)| *w == seat)
                .map(|(_, by, winning)| winning_groups(concealed, by, winning)),
        )
    }))
}

fn round_result(record: &RoundRecord, seats: SeatCount) -> RoundResult {
    let won = match &record.end {
        Some(RoundEnd::Win { score, .. }) => Some(Words::with(
            "beginners-news-round-won",
            vec![("total", total(score))],
        )),
        _ => None,
    };
    let told = Told::new(record.index as usize, headline(record), won);
    let ledger = Ledger::of(&record.transfers, Reason::id, record.balances, record.pot);
    let lines = result_lines(record, seats);
    shows::round_result(told, lines, revealed(record), ledger)
}

impl Shows for Beginners {
    identity!(ja: "かんたん麻雀ボドゲ", en: "Beginners' card mahjong", colour: 0x7CB342, emoji: "🔰");

    fn board(state: &Game) -> Board {
        board_of(&state.public_view())
    }

    fn hand(view: &SeatView) -> HandBoard {
        let own = Own::of(view);
        HandBoard {
            seat: view.seat,
            board: board_of(&view.public),
            // The five units, the card just drawn set apart.
            concealed: own.units().into_iter().map(piece).collect(),
            drawn: view.drawn.map(piece),
            notes: notes(view),
            choices: shows::choices(&view.legal_actions, |a| choice(a, view)),
        }
    }

    fn held(n: usize) -> Words {
        counted("beginners-held", u64::try_from(n).unwrap_or(u64::MAX))
    }

    fn round_result(state: &Game, index: usize) -> Option<RoundResult> {
        state
            .records
            .get(index)
            .map(|r| round_result(r, state.seats))
    }

    /// The final ranking, first to last, and the pot the first-ranked took at the end.
    fn result_lines(state: &Game) -> Vec<Words> {
        let Some(outcome) = &state.outcome else {
            return Vec::new();
        };
        let mut lines = shows::ranking_lines(&outcome.ranking, &state.balances, |_, _| {
            Words::key("beginners-final-place")
        });
        if outcome.final_pot > 0 {
            lines.push(Words::with(
                "beginners-final-pot",
                vec![
                    ("pot", outcome.final_pot.into()),
                    ("name", Say::Player(outcome.winner())),
                ],
            ));
        }
        lines
    }

    fn ends_round(event: &Event) -> bool {
        matches!(event, Event::Round(RoundEvent::Ended(_)))
    }

    /// A move in a few words. An answer to a discard says only that the seat answered: what it
    /// answered is secret until the window closes (R11), and the table tells it then.
    fn action_words(action: Action) -> Words {
        match action {
            Action::Draw => Words::key("beginners-act-draw"),
            Action::Tsumo => Words::key("beginners-act-tsumo"),
            Action::Discard { card, riichi } => shows::discard_words(
                ["beginners-act-discard", "beginners-act-riichi"],
                "card",
                piece(card),
                riichi,
            ),
            Action::Ron | Action::Pon | Action::Chi | Action::Pass => {
                Words::key("beginners-act-answer")
            }
        }
    }

    fn news_words(action: Action, _before: Option<Action>) -> Words {
        match action {
            Action::Draw => Words::key("beginners-news-draw"),
            Action::Tsumo => Words::key("beginners-news-tsumo"),
            Action::Discard { card, riichi } => shows::discard_words(
                ["beginners-news-discard", "beginners-news-riichi"],
                "card",
                piece(card),
                riichi,
            ),
            Action::Ron | Action::Pon | Action::Chi | Action::Pass => {
                Words::key("beginners-news-answer")
            }
        }
    }

    fn refusal_words(refusal: &Refusal) -> Words {
        let kind =
            |key: &'static str, kind: Kind| Words::with(key, vec![("kind", kind_words(kind))]);
        let reason = match *refusal {
            Refusal::GameOver => Words::key("beginners-rule-game-over"),
            Refusal::RoundOver => Words::key("beginners-rule-round-over"),
            Refusal::NotYourTurn => Words::key("beginners-rule-not-your-turn"),
            Refusal::AlreadyAnswered => Words::key("beginners-rule-already-answered"),
            Refusal::MustDraw => Words::key("beginners-rule-must-draw"),
            Refusal::AlreadyDrew => Words::key("beginners-rule-already-drew"),
            Refusal::NotInHand(card) => Words::with(
                "beginners-rule-not-in-hand",
                vec![("card", piece(card).into())],
            ),
            Refusal::RiichiLocked => Words::key("beginners-rule-riichi-locked"),
            Refusal::Riichi(bar) => riichi_bar_words(bar),
            Refusal::NoWin => Words::key("beginners-rule-no-win"),
            Refusal::NotTheWinningCard => Words::key("beginners-rule-not-the-winning-card"),
            Refusal::NoYaku => Words::key("beginners-rule-no-yaku"),
            Refusal::MustAnswer => Words::key("beginners-rule-must-answer"),
            Refusal::NothingToAnswer => Words::key("beginners-rule-nothing-to-answer"),
            Refusal::NoPon(k) => kind("beginners-rule-no-pon", k),
            Refusal::NoChi(k) => kind("beginners-rule-no-chi", k),
            Refusal::CallInRiichi => Words::key("beginners-rule-call-in-riichi"),
            Refusal::CallOnLastDiscard => Words::key("beginners-rule-call-on-last-discard"),
        };
        Words::with("err-refused", vec![("reason", reason.into())])
    }

    fn end_words(reason: &str) -> Words {
        debug_assert!(
            Self::END_REASONS.contains(&reason),
            "an end reason of the beginners' game: {reason}"
        );
        Words::key(format!("beginners-end-{reason}"))
    }

    fn transfer_words(reason: &str) -> Words {
        Words::key(format!("beginners-why-{}", reason.replace('_', "-")))
    }

    fn yaku_names(id: &str) -> Option<(&'static str, &'static str)> {
        Yaku::from_id(id).map(yaku_names)
    }

    fn yaku_rows(options: &Options) -> Vec<YakuRow> {
        Yaku::ALL
            .into_iter()
            .map(|y| {
                let (japanese, english) = yaku_names(y);
                let points = options.yaku_points.get(y);
                YakuRow {
                    id: y.id(),
                    japanese,
                    english,
                    value: yaku_value(y, points),
                    condition: Words::key(format!("beginners-yaku-if-{}", y.id())),
                    changed: points != y.default_points(),
                }
            })
            .collect()
    }

    fn rules_pages() -> &'static [&'static str] {
        &[
            "beginners-rules-1",
            "beginners-rules-2",
            "beginners-rules-3",
            "beginners-rules-4",
            "beginners-rules-5",
            "beginners-rules-6",
        ]
    }
}

#[cfg(test)]
mod tests;
