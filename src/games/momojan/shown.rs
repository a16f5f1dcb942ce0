//! MOMOJAN as the host shows it ([`Shows`]): cards as an emoji and a number, sets in the
//! brackets of how they were made, the three piles, dora with what it points at, the
//! choices of a hand with the sets they make and the waits a riichi leaves, and the words of
//! every move, refusal, result and yaku. The message ids are in this game's message files.

use super::card::{DoraTarget, Face, Fruit, Picture};
use super::game::{Game, RoundRecord};
use crate::games::interface::seat::BOTH;
use std::ops::ControlFlow;

use super::card::CardCounts;
use super::meld::{Meld, MeldSource};
use super::partition::for_each_partition;
use super::records::reason_id;
use super::refusal::{cards_of, Refusal};
use super::round::{RoundEnd, RoundEvent};
use super::score::Reading;
use super::view::{PublicRound, PublicView, SeatView, Stage, WaitInfo};
use super::{Action, Card, Event, Momojan, RuleError, RuleOptions, WinBy, Yaku};
use crate::games::interface::seat::PerSeat;
use crate::games::interface::Stored;
use crate::games::interface::{
    revealed_hand, winning_sets, Board, Choice, ChoiceKind, EnglishName, Group, GroupKind,
    HandBoard, Piece, RoundBoard, RoundResult, Say, Shows, Tone, Words, YakuRow,
};
use crate::games::kit::shown::{self as shows, identity, Ledger, Told};

const PILES: [&str; 3] = ["A", "B", "C"];

/// One card: `🍋5`, `🐕`.
pub fn piece(c: Card) -> Piece {
    let (text, name_en) = match c.face() {
        Face::Number { fruit, number } => (
            format!("{}{number}", fruit_emoji(fruit)),
            EnglishName::Unneeded,
        ),
        Face::Picture(p) => (picture_emoji(p).to_string(), picture_name(p)),
    };
    Piece {
        face: c.to_string(),
        text,
        name_en,
    }
}

/// The animals' art shows their kanji (犬 猿 雉), which their emoji does not need; the sun
/// and the moon are drawn.
fn picture_name(p: Picture) -> EnglishName {
    match p {
        Picture::Dog => EnglishName::BesideArt("dog"),
        Picture::Monkey => EnglishName::BesideArt("monkey"),
        Picture::Pheasant => EnglishName::BesideArt("pheasant"),
        Picture::Sun | Picture::Moon => EnglishName::Unneeded,
    }
}

fn fruit_emoji(fruit: Fruit) -> &'static str {
    match fruit {
        Fruit::Peach => "🍑",
        Fruit::Lemon => "🍋",
        Fruit::Orange => "🍊",
        Fruit::Strawberry => "🍓",
    }
}

fn picture_emoji(p: Picture) -> &'static str {
    match p {
        Picture::Dog => "🐕",
        Picture::Monkey => "🐒",
        Picture::Pheasant => "🐦",
        Picture::Sun => "☀️",
        Picture::Moon => "🌙",
    }
}

fn pieces(cards: &[Card]) -> Say {
    Say::Pieces(cards.iter().map(|&c| piece(c)).collect())
}

/// An open set, in the brackets of how it was made, its called card marked.
fn meld_group(m: &Meld) -> Group {
    Group {
        pieces: m.cards.iter().map(|&c| piece(c)).collect(),
        marked: m.called.and_then(|c| m.cards.iter().position(|&x| x == c)),
        kind: match m.source {
            MeldSource::Kai => GroupKind::Opened,
            MeldSource::Pon | MeldSource::Chi => GroupKind::Called,
            MeldSource::Kan => GroupKind::Kan,
        },
    }
}

/// The whole set a claim makes: the hand's cards and the claimed one, in printing order, the
/// claimed one marked.
fn claimed_set(hand_cards: &[Card], claimed: Option<Card>) -> Say {
    shows::claimed_set(hand_cards, claimed, piece)
}

fn stage_words(stage: Option<Stage>) -> Words {
    Words::key(match stage {
        Some(Stage::TurnStart) => "stage-turn-start",
        Some(Stage::AfterDraw) => "stage-after-draw",
        Some(Stage::AfterOpening) => "stage-after-opening",
        Some(Stage::AfterKan) => "stage-after-kan",
        None => "stage-over",
    })
}

/// One dora indicator with the dora it points at: `all 5s (🍋4)`, `🐒 (🐕)`.
fn dora_words(indicator: Card) -> Say {
    let dora: Say = match indicator.dora_target() {
        DoraTarget::Number(n) => Words::with("hand-dora-number", vec![("n", n.into())]).into(),
        DoraTarget::Picture(p) => piece(Card::picture(p)).into(),
    };
    Words::with(
        "hand-dora-one",
        vec![("dora", dora), ("indicator", piece(indicator).into())],
    )
    .into()
}

fn round_board(view: &PublicView, round: &PublicRound) -> RoundBoard {
    let piles = round.pile_sizes;
    let piles_args = |mut args: Vec<(&'static str, Say)>| {
        for (name, n) in ["a", "b", "c"].into_iter().zip(piles) {
            args.push((name, n.into()));
        }
        args
    };
    let table_lines = vec![
        Words::with(
            "table-dealer",
            vec![
                ("name", Say::Player(round.dealer)),
                ("honba", round.honba.into()),
                ("ante", round.ante.into()),
                ("pot", view.pot.into()),
            ],
        ),
        Words::with(
            "table-dora",
            piles_args(vec![("cards", pieces(&round.dora_indicators))]),
        ),
    ];
    let dora: Vec<Say> = round
        .dora_indicators
        .iter()
        .map(|&i| dora_words(i))
        .collect();
    let hand_lines = vec![
        Words::with(
            "hand-dealer",
            vec![
                ("name", Say::Player(round.dealer)),
                ("honba", round.honba.into()),
                ("pot", view.pot.into()),
            ],
        ),
        Words::with("hand-dora", vec![("dora", Say::Join(dora, " · "))]),
        Words::with("hand-piles", piles_args(Vec::new())),
    ];
    RoundBoard {
        index: round.index as usize,
        dealer: round.dealer,
        to_act: shows::turn(round.to_act),
        stage: stage_words(round.stage),
        table_lines,
        hand_lines,
        seats: round
            .players
            .map(|_, p| p.seat_board(meld_group, |d| (piece(d.card), d.riichi, d.claimed))),
        claimable: round.claimable.map(piece),
    }
}

fn board_of(view: &PublicView) -> Board {
    view.board(|r| round_board(view, r), |o| (o.winner, o.reason.id()))
}

/// Waits as `🍋5 ×2 left, 🐕 ×1 left (no ron)`.
fn waits_words(waits: &[WaitInfo]) -> Say {
    let each = waits
        .iter()
        .map(|w| {
            let left: Say = Words::with(
                "wait-left",
                vec![("card", piece(w.card).into()), ("n", w.unseen.into())],
            )
            .into();
            if w.ron_blocked {
                Say::Join(vec![left, Words::key("wait-no-ron").into()], " ")
            } else {
                left
            }
        })
        .collect();
    Say::Join(each, ", ")
}

/// Waits as `🍋5×2 🐕×1`, for a button.
fn short_waits(waits: &[WaitInfo]) -> Say {
    if waits.is_empty() {
        return Say::Text("—".into());
    }
    let each = waits
        .iter()
        .map(|w| {
            Say::Join(
                vec![piece(w.card).into(), Say::Text(format!("×{}", w.unseen))],
                "",
            )
        })
        .collect();
    Say::Join(each, " ")
}

/// The waits a discard of `card` leaves (empty if the engine found none).
fn waits_after(view: &SeatView, card: Card) -> &[WaitInfo] {
    view.tenpai_discards
        .iter()
        .find(|d| d.card == card)
        .map_or(&[], |d| d.waits.as_slice())
}

fn notes(view: &SeatView) -> Vec<Words> {
    let mut notes = Vec::new();
    if view.tenpai {
        notes.push(Words::with(
            "hand-tenpai",
            vec![("waits", waits_words(&view.waits))],
        ));
    }
    if view.furiten {
        notes.push(Words::key("hand-furiten"));
    }
    let riichi_legal = view
        .legal_actions
        .iter()
        .any(|a| matches!(a, Action::Discard { riichi: true, .. }));
    // With riichi legal, the riichi buttons list these discards with their waits.
    if !view.tenpai_discards.is_empty() && !view.legal_actions.is_empty() && !riichi_legal {
        let keep: Vec<Card> = view.tenpai_discards.iter().map(|d| d.card).collect();
        notes.push(Words::with(
            "hand-keep-tenpai",
            vec![("cards", pieces(&keep))],
        ));
    }
    notes
}

fn choice(action: Action, view: &SeatView) -> Choice {
    let claimed = view.public.round.as_ref().and_then(|r| r.claimable);
    let with_set = |key: &'static str, hand_cards: &[Card]| {
        Words::with(key, vec![("cards", claimed_set(hand_cards, claimed))])
    };
    let label = match action {
        Action::Draw { pile } => {
            let left = view
                .public
                .round
                .as_ref()
                .map_or(0, |r| r.pile_sizes[pile as usize % 3]);
            Words::with(
                "act-draw-left",
                vec![
                    ("pile", Say::Text(PILES[pile as usize % 3].into())),
                    ("n", left.into()),
                ],
            )
        }
        Action::Pon { cards } => with_set("act-pon", &cards),
        Action::Chi { cards } => with_set("act-chi", &cards),
        Action::Discard { card, riichi: true } => Words::with(
            "act-riichi-waits",
            vec![
                ("card", piece(card).into()),
                ("waits", short_waits(waits_after(view, card))),
            ],
        ),
        other => Momojan::action_words(other),
    };
    let (option_label, detail) = match action {
        Action::Discard { card, riichi: true } => (
            Some(Words::with(
                "act-riichi",
                vec![("card", piece(card).into())],
            )),
            Some(Words::with(
                "riichi-waits",
                vec![("waits", waits_words(waits_after(view, card)))],
            )),
        ),
        _ => (None, None),
    };
    Choice {
        code: Momojan::action_code(action),
        label,
        option_label,
        detail,
        kind: match action {
            Action::Pon { .. } | Action::Chi { .. } | Action::Kai { .. } | Action::Kan { .. } => {
                ChoiceKind::Call
            }
            Action::Discard { riichi: true, .. } => ChoiceKind::Riichi,
            Action::Discard { riichi: false, .. } => ChoiceKind::Discard,
            Action::Draw { .. }
            | Action::Ron
            | Action::Tsumo
            | Action::DrawThree
            | Action::Pass => ChoiceKind::Main,
        },
        tone: match action {
            Action::Ron | Action::Tsumo => Tone::Win,
            Action::Pon { .. } | Action::Chi { .. } | Action::Kai { .. } | Action::Kan { .. } => {
                Tone::Call
            }
            _ => Tone::Plain,
        },
        piece: match action {
            Action::Discard { card, .. } => Some(piece(card)),
            // A claim shows the card it takes.
            Action::Pon { .. } | Action::Chi { .. } => claimed.map(piece),
            _ => None,
        },
    }
}

/// The engine's reason for refusing an action.
fn refusal_reason(reason: &Refusal) -> Words {
    let cards_words = |key: &'static str, c: &[Card]| Words::with(key, vec![("cards", pieces(c))]);
    let card_words = |key: &'static str, c: Card| Words::with(key, vec![("card", piece(c).into())]);
    match *reason {
        Refusal::Rule(text) => Words::key(format!("rule-{}", text.id())),
        Refusal::NoSuchPile(p) => Words::with("rule-no-such-pile", vec![("pile", p.into())]),
        Refusal::PileEmpty(p) => Words::with("rule-pile-empty", vec![("pile", p.into())]),
        Refusal::NotHeld(a) => cards_words("rule-not-held", cards_of(&a)),
        Refusal::NotASet(a, called) => {
            let mut all: Vec<_> = called.into_iter().collect();
            all.extend_from_slice(cards_of(&a));
            cards_words("rule-not-a-set", &all)
        }
        Refusal::WrongClaim(_, called) => card_words("rule-wrong-claim", called),
        Refusal::NotAKan(a) => cards_words("rule-not-a-kan", cards_of(&a)),
        Refusal::RonWithoutYaku(c) => card_words("rule-ron-without-yaku", c),
        Refusal::Furiten(c) => card_words("rule-furiten", c),
        Refusal::TooFewForDrawThree(n) => {
            Words::with("rule-too-few-for-draw-three", vec![("n", n.into())])
        }
        Refusal::NotTenpaiAfter(c) => card_words("rule-not-tenpai-after", c),
    }
}

/// "<name> wins by ron", "exhaustive draw".
fn headline(record: &RoundRecord) -> Words {
    match &record.end {
        Some(RoundEnd::Win { winner, by, .. }) => Words::with(
            match by {
                WinBy::Ron => "sum-wins-ron",
                WinBy::Tsumo => "sum-wins-tsumo",
            },
            vec![("name", Say::Player(*winner))],
        ),
        Some(RoundEnd::Draw { .. }) => Words::key("sum-headline-draw"),
        None => Words::key("sum-headline-play"),
    }
}

fn result_lines(record: &RoundRecord) -> Vec<Words> {
    let mut lines = Vec::new();
    match &record.end {
        Some(RoundEnd::Win {
            by,
            card: won_on,
            score,
            ..
        }) => {
            for (yaku, points) in &score.yaku {
                let info = yaku.0.info();
                lines.push(Words::with(
                    "sum-yaku",
                    vec![
                        ("japanese", Say::Text(info.japanese.into())),
                        ("english", Say::Text(info.english.into())),
                        ("value", Say::Num(i64::from(*points))),
                    ],
                ));
            }
            if score.dora > 0 {
                lines.push(Words::with("sum-dora", vec![("n", score.dora.into())]));
            }
            if score.ron_bonus > 0 {
                lines.push(Words::with(
                    "sum-ron-bonus",
                    vec![("n", score.ron_bonus.into())],
                ));
            }
            let total = |n: u64| Say::Num(i64::try_from(n).unwrap_or(i64::MAX));
            lines.push(Words::with(
                if score.doubled {
                    "sum-total-doubled"
                } else {
                    "sum-total"
                },
                vec![("base", total(score.base)), ("total", total(score.total))],
            ));
            lines.push(Words::with(
                match by {
                    WinBy::Ron => "sum-won-ron",
                    WinBy::Tsumo => "sum-won-tsumo",
                },
                vec![("card", piece(*won_on).into())],
            ));
        }
        Some(RoundEnd::Draw { tenpai, values }) => {
            lines.push(Words::key("sum-draw"));
            for seat in BOTH {
                lines.push(Words::with(
                    if tenpai[seat] {
                        "sum-tenpai"
                    } else {
                        "sum-noten"
                    },
                    vec![("name", Say::Player(seat)), ("value", values[seat].into())],
                ));
            }
        }
        None => lines.push(Words::key("sum-still")),
    }
    lines.push(Words::with(
        "sum-dora-indicator",
        vec![("cards", pieces(&record.dora_indicators))],
    ));
    lines
}

/// Both hands as the round ended: each player's open sets, then the winner's concealed cards
/// (with the card won on) as the sets and head their score counted, the winning card marked;
/// the other's concealed cards as they were.
fn revealed(record: &RoundRecord) -> Option<PerSeat<Vec<Group>>> {
    let hands = record.final_hands.as_ref()?;
    let melds = record.final_melds.clone().unwrap_or_default();
    let winning = match &record.end {
        Some(RoundEnd::Win {
            winner,
            card,
            score,
            ..
        }) => Some((*winner, *card, score.reading.as_ref())),
        _ => None,
    };
    Some(hands.map(|seat, cards| {
        revealed_hand(
            melds[seat].iter().map(meld_group).collect(),
            cards.iter().map(|&c| piece(c)).collect(),
            winning
                .filter(|(w, _, _)| *w == seat)
                .map(|(_, won_on, reading)| match reading {
                    Some(reading) => reading_groups(reading, won_on),
                    None => first_partition_groups(cards, won_on),
                }),
        )
    }))
}

/// The sets and head of the reading a score counted, the winning card marked in the group
/// that reading completes with it.
fn reading_groups(reading: &Reading, won_on: Card) -> Vec<Group> {
    let sets = reading.sets.iter().map(|set| in_printing_order(set));
    let head = reading.head.to_vec();
    let mut groups: Vec<Group> = sets
        .chain(std::iter::once(head))
        .map(|set| Group::concealed(set.iter().map(|&c| piece(c)).collect()))
        .collect();
    let at = reading.winning_set.unwrap_or(reading.sets.len());
    if let Some(group) = groups.get_mut(at) {
        let face = won_on.to_string();
        group.marked = group.pieces.iter().position(|p| p.face == face);
    }
    groups
}

/// A set as it is printed: by number (a peach in a run sits at its place), then card order.
fn in_printing_order(set: &[Card]) -> Vec<Card> {
    let mut set = set.to_vec();
    set.sort_by_key(|c| (c.number(), *c));
    set
}

/// A winning hand from before scores kept their reading: its concealed cards (with the card
/// won on, which a ron took from the discards) as the first partition found, sets then head,
/// the winning card marked in the first group holding it.
fn first_partition_groups(cards: &[Card], won_on: Card) -> Vec<Group> {
    let mut all = cards.to_vec();
    if all.len() % 3 != 2 {
        all.push(won_on);
    }
    let mut found: Option<Vec<Vec<Card>>> = None;
    let _ = for_each_partition(&CardCounts::from_cards(&all), &mut |groups| {
        let mut sets: Vec<Vec<Card>> = groups
            .iter()
            .filter(|g| !g.is_head())
            .map(|g| in_printing_order(g.cards()))
            .collect();
        sets.extend(
            groups
                .iter()
                .filter(|g| g.is_head())
                .map(|g| g.cards().to_vec()),
        );
        found = Some(sets);
        ControlFlow::Break(())
    });
    let sets = found.unwrap_or_else(|| vec![all.clone()]);
    let sets = sets
        .iter()
        .map(|set| set.iter().map(|&c| piece(c)).collect())
        .collect();
    winning_sets(sets, Some(&piece(won_on)))
}

fn round_result(record: &RoundRecord) -> RoundResult {
    let won = match &record.end {
        Some(RoundEnd::Win { score, .. }) => Some(Words::with(
            "news-round-won",
            vec![("base", score.base.into()), ("total", score.total.into())],
        )),
        _ => None,
    };
    let told = Told::new(record.index as usize, headline(record), won);
    let ledger = Ledger::of(&record.transfers, reason_id, record.balances, record.pot);
    shows::round_result(told, result_lines(record), revealed(record), ledger)
}

impl Shows for Momojan {
    identity!(ja: "桃雀", en: "MOMOJAN", colour: 0xF4A6C0, emoji: "🍑");

    fn board(state: &Game) -> Board {
        board_of(&state.public_view())
    }

    fn hand(view: &SeatView) -> HandBoard {
        HandBoard {
            seat: view.seat,
            board: board_of(&view.public),
            concealed: view.hand.iter().map(|&c| piece(c)).collect(),
            drawn: view.drawn.map(piece),
            notes: notes(view),
            choices: shows::choices(&view.legal_actions, |a| choice(a, view)),
        }
    }

    fn held(n: usize) -> Words {
        Words::with("held", vec![("n", n.into())])
    }

    fn round_result(state: &Game, index: usize) -> Option<RoundResult> {
        state.records.get(index).map(round_result)
    }

    fn ends_round(event: &Event) -> bool {
        matches!(event, Event::Round(RoundEvent::Ended(_)))
    }

    /// Short words for an action, from what the action itself holds.
    fn action_words(a: Action) -> Words {
        let with_cards =
            |key: &'static str, c: &[Card]| Words::with(key, vec![("cards", pieces(c))]);
        match a {
            Action::Draw { pile } => Words::with(
                "act-draw",
                vec![("pile", Say::Text(PILES[pile as usize % 3].into()))],
            ),
            Action::Pon { cards } => with_cards("act-pon", &cards),
            Action::Chi { cards } => with_cards("act-chi", &cards),
            Action::Ron => Words::key("act-ron"),
            Action::Tsumo => Words::key("act-tsumo"),
            Action::Kai { cards } => with_cards("act-kai", &cards),
            Action::Kan { cards } => with_cards("act-kan", &cards),
            Action::DrawThree => Words::key("act-draw-three"),
            Action::Discard { card, riichi } => {
                shows::discard_words(["act-discard", "act-riichi"], "card", piece(card), riichi)
            }
            Action::Pass => Words::key("act-pass"),
        }
    }

    fn news_words(action: Action, before: Option<Action>) -> Words {
        let taken = match before {
            Some(Action::Discard { card, .. }) => Some(card),
            _ => None,
        };
        let with = |key: &'static str, args: Vec<(&'static str, Say)>| Words::with(key, args);
        match action {
            Action::Draw { pile } => with(
                "news-draw",
                vec![("pile", Say::Text(PILES[pile as usize % 3].into()))],
            ),
            Action::DrawThree => Words::key("news-draw-three"),
            Action::Pon { cards } => with("news-pon", vec![("cards", claimed_set(&cards, taken))]),
            Action::Chi { cards } => with("news-chi", vec![("cards", claimed_set(&cards, taken))]),
            Action::Kai { cards } => with("news-kai", vec![("cards", pieces(&cards))]),
            Action::Kan { cards } => with("news-kan", vec![("cards", pieces(&cards))]),
            Action::Ron => Words::key("news-ron"),
            Action::Tsumo => Words::key("news-tsumo"),
            Action::Discard { card, riichi } => {
                shows::discard_words(["news-discard", "news-riichi"], "card", piece(card), riichi)
            }
            Action::Pass => Words::key("news-pass"),
        }
    }

    fn refusal_words(error: &RuleError) -> Words {
        let reason = match error {
            RuleError::GameOver => Words::key("rule-game-over"),
            RuleError::AwaitingDeal
            | RuleError::AlreadyDealt
            | RuleError::BadDeck(_)
            | RuleError::NotAConcession => Words::key("rule-no-round"),
            RuleError::WrongSeat { .. } => Words::key("rule-wrong-seat"),
            RuleError::Illegal { action, reason } => {
                return Words::with(
                    "err-illegal",
                    vec![
                        ("action", Momojan::action_words(*action).into()),
                        ("reason", refusal_reason(reason).into()),
                    ],
                );
            }
        };
        Words::with("err-refused", vec![("reason", reason.into())])
    }

    fn end_words(reason: &str) -> Words {
        Words::key(format!("end-{}", reason.replace('_', "-")))
    }

    fn transfer_words(reason: &str) -> Words {
        Words::key(format!("why-{}", reason.replace('_', "-")))
    }

    fn yaku_names(id: &str) -> Option<(&'static str, &'static str)> {
        Yaku::from_id(id).map(|y| (y.info().japanese, y.info().english))
    }

    fn yaku_rows(options: &RuleOptions) -> Vec<YakuRow> {
        Yaku::ALL
            .into_iter()
            .map(|y| {
                let info = y.info();
                let points = options.yaku_points.get(y);
                YakuRow {
                    id: info.id,
                    japanese: info.japanese,
                    english: info.english,
                    value: Words::with("yaku-points", vec![("n", points.into())]),
                    condition: Words::with(
                        "yaku-condition",
                        vec![("text", Say::Text(info.condition.into()))],
                    ),
                    changed: points != info.points,
                }
            })
            .collect()
    }

    fn rules_pages() -> &'static [&'static str] {
        &["rules-1", "rules-2", "rules-3", "rules-4", "rules-5"]
    }
}

/// Every player's view of the table from the public board, for tests.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::interface::seat::Seat;
    use crate::games::momojan::card::parse_cards;
    use crate::games::momojan::score::{score_win, Score, WinningHand};
    use crate::games::momojan::shape::classify;
    use crate::games::momojan::yaku::{WinSituation, YakuPoints};

    #[test]
    fn a_called_set_marks_the_called_card_and_a_kan_has_its_own_kind() {
        let c = parse_cards("Dog Dog Dog").unwrap();
        let pon = Meld::new(MeldSource::Pon, classify(&c).unwrap(), &c, Some(c[0]));
        let group = meld_group(&pon);
        assert_eq!(group.kind, GroupKind::Called);
        assert_eq!(group.marked, Some(0));
        let kai = Meld::new(MeldSource::Kai, classify(&c).unwrap(), &c, None);
        assert_eq!(meld_group(&kai).marked, None);
    }

    #[test]
    fn a_claim_shows_the_whole_set_in_order_with_the_claimed_card_marked() {
        let c = parse_cards("s1 s3 s2").unwrap();
        let Say::Group(g) = claimed_set(&c[..2], Some(c[2])) else {
            panic!("a group");
        };
        let texts: Vec<&str> = g.pieces.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(texts, ["🍓1", "🍓2", "🍓3"]);
        assert_eq!(g.marked, Some(1));
    }

    /// Each group's cards as text, a marked card with a `*`.
    fn texts(groups: &[Group]) -> Vec<String> {
        shows::texts(groups, " ")
    }

    /// The revealed hand of a round `winner` won with `concealed` (the card won on left out
    /// for a ron, as the round keeps it) and `melds`, scored by the engine.
    fn won(concealed: &str, won_on: &str, melds: Vec<Meld>, by: WinBy) -> (Score, Vec<Group>) {
        let won_on: Card = won_on.parse().unwrap();
        let mut hand = parse_cards(concealed).unwrap();
        let mut counts = CardCounts::from_cards(&hand);
        counts.add(won_on);
        if by == WinBy::Tsumo {
            hand.push(won_on);
        }
        let winning = WinningHand {
            concealed: &counts,
            winning_card: won_on,
            melds: &melds,
            by,
            situation: WinSituation::default(),
        };
        let score = score_win(&winning, &[Card::DOG], &YakuPoints::default()).unwrap();
        let record = RoundRecord {
            index: 0,
            dealer: Seat::ZERO,
            honba: 0,
            ante: 1,
            dora_indicators: vec![Card::DOG],
            end: Some(RoundEnd::Win {
                winner: Seat::ONE,
                by,
                card: won_on,
                score: score.clone(),
            }),
            final_hands: Some(PerSeat::new(Vec::new(), hand)),
            final_melds: Some(PerSeat::new(Vec::new(), melds)),
            transfers: Vec::new(),
            balances: PerSeat::new(30, 30),
            pot: 0,
        };
        let hands = round_result(&record).hands.unwrap();
        (score, hands[Seat::ONE].clone())
    }

    fn meld(source: MeldSource, text: &str, called: Option<&str>) -> Meld {
        let c = parse_cards(text).unwrap();
        let called = called.map(|t| t.parse().unwrap());
        Meld::new(source, classify(&c).unwrap(), &c, called)
    }

    #[test]
    fn a_winning_hand_shows_the_sets_its_score_counted_not_the_first_partition_found() {
        // From a played game: a ron on a moon with l1, two suns and a moon in hand. The first
        // partition found is 🍋1 ☀️ ☀️ and a head of moons (sun, 2 points); the one that
        // scores is 🍋1 🌙 🌙 and a head of suns (moon, 2 points, first in table order).
        let melds = vec![
            meld(MeldSource::Kai, "p2 o1 o3", None),
            meld(MeldSource::Chi, "p4 o5 o6", Some("p4")),
        ];
        let (score, hand) = won("l1 Sun Sun Moon", "Moon", melds, WinBy::Ron);
        assert!(score.has(Yaku::Moon) && !score.has(Yaku::Sun));
        assert_eq!(
            texts(&hand),
            ["🍑2 🍊1 🍊3", "*🍑4 🍊5 🍊6", "*🌙 🌙 🍋1", "☀️ ☀️"]
        );
        // Runs of 1-2-3 (tabi, chanta, sanshoku: 5) rather than the partition found first,
        // 2s, 3s and s1 with the moons (tabi, moon: 3); the 2 won on is marked in the run it
        // completes.
        let melds = vec![meld(MeldSource::Kai, "l7 l8 l9", None)];
        let (score, hand) = won("l1 l2 l3 o1 o3 s1 s2 s3 Moon Moon", "o2", melds, WinBy::Ron);
        assert!(score.has(Yaku::Sanshoku) && score.has(Yaku::Chanta));
        assert_eq!(
            texts(&hand),
            [
                "🍋7 🍋8 🍋9",
                "🍋1 🍋2 🍋3",
                "🍊1 *🍊2 🍊3",
                "🍓1 🍓2 🍓3",
                "🌙 🌙"
            ]
        );
    }

    #[test]
    fn a_winning_hand_stored_without_its_reading_shows_its_first_partition() {
        // A ron: the card won on came from the discards.
        let ron = parse_cards("l1 l2 l3 o4 o5 o6 Sun").unwrap();
        let groups = first_partition_groups(&ron, Card::SUN);
        assert_eq!(texts(&groups), ["🍋1 🍋2 🍋3", "🍊4 🍊5 🍊6", "*☀️ ☀️"]);
        // A tsumo: it is in the hand already.
        let tsumo = parse_cards("l1 l2 l3 o4 o5 o6 Sun Sun").unwrap();
        let groups = first_partition_groups(&tsumo, "l2".parse().unwrap());
        assert_eq!(texts(&groups), ["🍋1 *🍋2 🍋3", "🍊4 🍊5 🍊6", "☀️ ☀️"]);
    }

    #[test]
    fn every_card_has_its_notation_as_its_face() {
        for c in parse_cards("p5 l1 o9 s3 Dog Monkey Pheasant Sun Moon").unwrap() {
            assert_eq!(piece(c).face, c.to_string());
        }
        assert_eq!(piece("p5".parse().unwrap()).text, "🍑5");
    }
}
