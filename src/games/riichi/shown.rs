//! Riichi as the host shows it ([`Shows`]): tiles in their notation (honors by their
//! characters), calls, ponds, the dora indicators, the honba, pot and minimum, a hand's
//! choices (every chi and pon with the set it makes, kans, riichi with the waits it leaves),
//! and round summaries drawn from the reading the score chose. The message ids are in this
//! game's message files.

use super::action::{Action, Refusal};
use super::game::{EndReason, Event, Game, RoundRecord, RETURN};
use super::hand::{Hand, Meld, MeldKind};
use super::reading::{Reading, Shape};
use super::round::{Discarded as Pond, RoundEnd, WinRecord, SEATS};
use super::tile::{Kind, Tile};
use super::view::{PublicRound, PublicView, SeatView};
use super::waits::waits;
use super::yaku::{WinBy, Yaku};
use super::Riichi;
use crate::games::ledger::Transfer;
use crate::games::rules::{Acting, Rules};
use crate::games::seat::PerSeat;
use crate::games::shown::{
    revealed_hand, winning_sets, Board, Choice, ChoiceKind, Discarded, EnglishName, Group,
    GroupKind, HandBoard, Piece, RoundBoard, RoundResult, Say, SeatBoard, Shows, Tone, Words,
    YakuRow,
};

/// The honors' characters and English names, East to red.
const HONORS: [(&str, &str); 7] = [
    ("東", "East"),
    ("南", "South"),
    ("西", "West"),
    ("北", "North"),
    ("白", "White"),
    ("發", "Green"),
    ("中", "Red"),
];

/// One tile: its notation (a red five `0m`), honors by their character.
pub fn piece(tile: Tile) -> Piece {
    let kind = tile.kind();
    let (text, name_en) = if kind.is_honor() {
        let (ch, en) = HONORS[usize::from(kind.number() - 1)];
        (ch.to_string(), Some(en))
    } else if tile.is_red() {
        (format!("{tile}"), Some("red five"))
    } else {
        (tile.to_string(), None)
    };
    Piece {
        face: tile.to_string(),
        text,
        name_en: name_en.map_or(EnglishName::Unneeded, EnglishName::BesideBoth),
    }
}

fn pieces(tiles: &[Tile]) -> Say {
    Say::Pieces(tiles.iter().map(|&t| piece(t)).collect())
}

fn meld_group(m: &Meld) -> Group {
    Group {
        marked: m.claimed.and_then(|c| m.tiles.iter().position(|&t| t == c)),
        pieces: m.tiles.iter().map(|&t| piece(t)).collect(),
        kind: match m.kind {
            MeldKind::Chi | MeldKind::Pon => GroupKind::Called,
            MeldKind::Daiminkan | MeldKind::Kakan => GroupKind::Kan,
            MeldKind::Ankan => GroupKind::ClosedKan,
        },
    }
}

/// The set a chi or pon of `hand` tiles with `claimed` makes, the claimed tile marked.
fn call_group(hand: [Tile; 2], claimed: Option<Tile>) -> Say {
    let Some(claimed) = claimed else {
        return pieces(&hand);
    };
    let mut all = hand.to_vec();
    all.push(claimed);
    all.sort();
    Say::Group(Group {
        marked: all.iter().position(|&t| t == claimed),
        pieces: all.iter().map(|&t| piece(t)).collect(),
        kind: GroupKind::Concealed,
    })
}

fn kan_group(kind: Kind) -> Say {
    Say::Group(Group {
        pieces: vec![piece(kind.tile()); 4],
        marked: None,
        kind: GroupKind::Concealed,
    })
}

fn ponds(pond: &[Pond]) -> Vec<Discarded> {
    pond.iter()
        .map(|d| Discarded {
            piece: piece(d.tile),
            riichi: d.riichi,
            taken: d.claimed,
        })
        .collect()
}

fn stage_words(round: &PublicRound) -> Words {
    Words::key(match round.claimable {
        Some(_) => "riichi-stage-claim",
        None => "riichi-stage-turn",
    })
}

fn round_name(dealership: u8) -> Say {
    let wind = if dealership < 4 { "東" } else { "南" };
    Say::Text(format!("{wind}{}", dealership % 4 + 1))
}

fn round_board(view: &PublicView, round: &PublicRound) -> RoundBoard {
    let stakes = |key: &'static str| {
        Words::with(
            key,
            vec![
                ("round", round_name(round.dealership)),
                ("name", Say::Player(round.dealer)),
                ("honba", round.honba.into()),
                ("pot", view.pot.into()),
                ("minimum", round.minimum_han.into()),
            ],
        )
    };
    let wall = Words::with(
        "riichi-wall",
        vec![
            ("indicators", pieces(&round.dora_indicators)),
            ("wall", round.live_left.into()),
        ],
    );
    let acting = match round.acting.as_slice() {
        [] => Acting::Over,
        [one] if round.claimable.is_none() => Acting::Turn(*one),
        many => Acting::Claims(many.iter().copied().collect()),
    };
    RoundBoard {
        index: round.index,
        dealer: round.dealer,
        to_act: acting,
        stage: stage_words(round),
        table_lines: vec![stakes("riichi-stakes"), wall.clone()],
        hand_lines: vec![stakes("riichi-stakes"), wall],
        seats: round.players.map(|_, p| SeatBoard {
            concealed: p.hand_size,
            groups: p.melds.iter().map(meld_group).collect(),
            discards: ponds(&p.pond),
            riichi: p.riichi != super::yaku::RiichiKind::None,
        }),
        claimable: round.claimable.map(piece),
    }
}

fn board_of(view: &PublicView) -> Board {
    Board {
        balances: view.points,
        pot: view.pot,
        round: view.round.as_ref().map(|r| round_board(view, r)),
        over: view.outcome.as_ref().map(|o| (o.ranking[0], o.reason.id())),
    }
}

fn waits_words(kinds: &[Kind]) -> Say {
    Say::Pieces(kinds.iter().map(|k| piece(k.tile())).collect())
}

fn notes(view: &SeatView) -> Vec<Words> {
    let mut notes = Vec::new();
    if !view.waits.is_empty() {
        notes.push(Words::with(
            "riichi-hand-tenpai",
            vec![("waits", waits_words(&view.waits))],
        ));
    }
    if view.furiten {
        notes.push(Words::key("riichi-hand-furiten"));
    }
    notes
}

/// The waits left after discarding `tile`.
fn waits_after(view: &SeatView, tile: Tile) -> Vec<Kind> {
    let mut hand = Hand::from_tiles(&view.concealed);
    hand.remove(tile);
    let melds = view
        .public
        .round
        .as_ref()
        .map(|r| r.players[view.seat].melds.clone())
        .unwrap_or_default();
    waits(hand.counts(), &melds).iter().collect()
}

fn choice(action: Action, view: &SeatView) -> Choice {
    let claimed = view.public.round.as_ref().and_then(|r| r.claimable);
    let mut option_label = None;
    let mut detail = None;
    let label = match action {
        Action::Chi { cards } => Words::with(
            "riichi-act-chi",
            vec![("group", call_group(cards, claimed))],
        ),
        Action::Pon { cards } => Words::with(
            "riichi-act-pon",
            vec![("group", call_group(cards, claimed))],
        ),
        Action::Discard { card, riichi: true } => {
            let waits = waits_after(view, card);
            option_label = Some(action_words(action));
            detail = Some(Words::with(
                "riichi-riichi-waits",
                vec![("waits", waits_words(&waits))],
            ));
            Words::with(
                "riichi-act-riichi-waits",
                vec![
                    ("piece", piece(card).into()),
                    ("waits", waits_words(&waits)),
                ],
            )
        }
        other => action_words(other),
    };
    Choice {
        code: Riichi::action_code(action),
        label,
        option_label,
        detail,
        kind: match action {
            Action::Chi { .. }
            | Action::Pon { .. }
            | Action::Daiminkan { .. }
            | Action::Ankan { .. }
            | Action::Kakan { .. } => ChoiceKind::Call,
            Action::Discard { riichi: true, .. } => ChoiceKind::Riichi,
            Action::Discard { riichi: false, .. } => ChoiceKind::Discard,
            _ => ChoiceKind::Main,
        },
        tone: match action {
            Action::Ron | Action::Tsumo => Tone::Win,
            Action::Chi { .. }
            | Action::Pon { .. }
            | Action::Daiminkan { .. }
            | Action::Ankan { .. }
            | Action::Kakan { .. } => Tone::Call,
            _ => Tone::Plain,
        },
        piece: match action {
            Action::Discard { card, .. } => Some(piece(card)),
            Action::Chi { .. } | Action::Pon { .. } | Action::Daiminkan { .. } => {
                claimed.map(piece)
            }
            Action::Ankan { card } | Action::Kakan { card } => Some(piece(card.tile())),
            _ => None,
        },
    }
}

fn action_words(action: Action) -> Words {
    match action {
        Action::Tsumo => Words::key("riichi-act-tsumo"),
        Action::Ron => Words::key("riichi-act-ron"),
        Action::Chi { cards } => Words::with("riichi-act-chi", vec![("group", pieces(&cards))]),
        Action::Pon { cards } => Words::with("riichi-act-pon", vec![("group", pieces(&cards))]),
        Action::Daiminkan { card } => {
            Words::with("riichi-act-open-kan", vec![("group", kan_group(card))])
        }
        Action::Ankan { card } => {
            Words::with("riichi-act-closed-kan", vec![("group", kan_group(card))])
        }
        Action::Kakan { card } => {
            Words::with("riichi-act-added-kan", vec![("group", kan_group(card))])
        }
        Action::Kyuushu => Words::key("riichi-act-kyuushu"),
        Action::Discard {
            card,
            riichi: false,
        } => Words::with("riichi-act-discard", vec![("piece", piece(card).into())]),
        Action::Discard { card, riichi: true } => {
            Words::with("riichi-act-riichi", vec![("piece", piece(card).into())])
        }
        Action::Pass => Words::key("riichi-act-pass"),
        Action::AgariYame => Words::key("riichi-act-agari-yame"),
        Action::Continue => Words::key("riichi-act-continue"),
    }
}

fn news_words(action: Action, before: Option<Action>) -> Words {
    let taken = match before {
        Some(Action::Discard { card, .. }) => Some(card),
        _ => None,
    };
    let with =
        |key: &'static str, name: &'static str, say: Say| Words::with(key, vec![(name, say)]);
    match action {
        Action::Chi { cards } => with("riichi-news-chi", "group", call_group(cards, taken)),
        Action::Pon { cards } => with("riichi-news-pon", "group", call_group(cards, taken)),
        Action::Daiminkan { card } => with("riichi-news-open-kan", "group", kan_group(card)),
        Action::Ankan { card } => with("riichi-news-closed-kan", "group", kan_group(card)),
        Action::Kakan { card } => with("riichi-news-added-kan", "piece", piece(card.tile()).into()),
        Action::Discard { card, riichi } => with(
            if riichi {
                "riichi-news-riichi"
            } else {
                "riichi-news-discard"
            },
            "piece",
            piece(card).into(),
        ),
        Action::Tsumo => Words::key("riichi-news-tsumo"),
        Action::Ron => Words::key("riichi-news-ron"),
        Action::Kyuushu => Words::key("riichi-news-kyuushu"),
        Action::Pass => Words::key("riichi-news-pass"),
        Action::AgariYame => Words::key("riichi-news-agari-yame"),
        Action::Continue => Words::key("riichi-news-continue"),
    }
}

fn refusal_words(refusal: &Refusal) -> Words {
    let reason = match refusal {
        Refusal::GameOver => Words::key("riichi-rule-game-over"),
        Refusal::RoundOver => Words::key("riichi-rule-round-over"),
        Refusal::NotYourTurn => Words::key("riichi-rule-not-your-turn"),
        Refusal::NotInHand(t) => {
            Words::with("riichi-rule-not-in-hand", vec![("piece", piece(*t).into())])
        }
        Refusal::NoWin => Words::key("riichi-rule-no-win"),
        Refusal::Furiten => Words::key("riichi-rule-furiten"),
        Refusal::RiichiLocked => Words::key("riichi-rule-riichi-locked"),
        Refusal::MustDiscard => Words::key("riichi-rule-must-discard"),
        Refusal::Kuikae(k) => Words::with(
            "riichi-rule-kuikae",
            vec![("piece", piece(k.tile()).into())],
        ),
        Refusal::BadRiichi => Words::key("riichi-rule-bad-riichi"),
        Refusal::BadCall(_) => Words::key("riichi-rule-bad-call"),
        Refusal::BadKan(_) => Words::key("riichi-rule-bad-kan"),
        Refusal::NoNineTerminals => Words::key("riichi-rule-no-nine-terminals"),
        Refusal::NoAgariChoice => Words::key("riichi-rule-no-agari-choice"),
        Refusal::NotNow(action) => Words::with(
            "riichi-rule-not-now",
            vec![("action", action_words(*action).into())],
        ),
    };
    Words::with("err-refused", vec![("reason", reason.into())])
}

fn headline(record: &RoundRecord) -> Words {
    match &record.end {
        Some(RoundEnd::Win { wins }) if wins.len() > 1 => Words::with(
            "riichi-wins-several",
            vec![(
                "names",
                Say::Join(wins.iter().map(|w| Say::Player(w.seat)).collect(), ", "),
            )],
        ),
        Some(RoundEnd::Win { wins }) => wins
            .first()
            .map_or_else(|| Words::key("riichi-sum-still"), win_headline),
        Some(RoundEnd::ExhaustiveDraw { .. }) => Words::key("riichi-headline-draw"),
        Some(RoundEnd::AbortiveDraw { abort }) => {
            Words::key(format!("riichi-abort-{}", abort.id().replace('_', "-")))
        }
        None => Words::key("riichi-headline-play"),
    }
}

fn win_headline(w: &WinRecord) -> Words {
    Words::with(
        match w.by {
            WinBy::Ron => "riichi-wins-ron",
            WinBy::Tsumo => "riichi-wins-tsumo",
            WinBy::Chankan => "riichi-wins-chankan",
        },
        vec![("name", Say::Player(w.seat))],
    )
}

fn win_lines(w: &WinRecord) -> Vec<Words> {
    let s = &w.score;
    let mut lines = vec![win_headline(w)];
    for (yaku, han) in &s.yaku {
        let (japanese, english) = yaku_names(*yaku);
        lines.push(Words::with(
            "sum-yaku",
            vec![
                ("japanese", Say::Text(japanese.into())),
                ("english", Say::Text(english.into())),
                (
                    "value",
                    Words::with("riichi-han", vec![("n", (*han).into())]).into(),
                ),
            ],
        ));
    }
    for (key, n) in [
        ("riichi-sum-dora", s.dora),
        ("riichi-sum-aka", s.aka),
        ("riichi-sum-ura", s.ura),
    ] {
        if n > 0 {
            lines.push(Words::with(key, vec![("n", n.into())]));
        }
    }
    lines.push(Words::with(
        "riichi-sum-value",
        vec![
            ("han", s.han.into()),
            ("fu", Say::Text(s.fu.map_or("—".into(), |f| f.to_string()))),
            ("points", s.points.into()),
            ("honba", w.honba.into()),
        ],
    ));
    lines
}

fn result_lines(record: &RoundRecord) -> Vec<Words> {
    let mut lines = Vec::new();
    match &record.end {
        Some(RoundEnd::Win { wins }) => {
            for w in wins {
                lines.extend(win_lines(w));
            }
        }
        Some(RoundEnd::ExhaustiveDraw { tenpai }) => {
            for seat in SEATS.seats() {
                let key = if tenpai[seat] {
                    "riichi-sum-tenpai"
                } else {
                    "riichi-sum-noten"
                };
                lines.push(Words::with(key, vec![("name", Say::Player(seat))]));
            }
        }
        Some(RoundEnd::AbortiveDraw { .. }) => lines.push(Words::key("riichi-sum-abort")),
        None => lines.push(Words::key("riichi-sum-still")),
    }
    lines.push(Words::with(
        "riichi-sum-indicators",
        vec![
            ("pieces", pieces(&record.dora_indicators)),
            ("minimum", record.minimum_han.into()),
        ],
    ));
    lines
}

/// The tiles of a reading's concealed sets and pair, the called sets left out.
fn reading_sets(reading: &Reading, calls: usize, concealed: &[Tile]) -> Vec<Vec<Tile>> {
    // Red fives are placed back where their kind appears first.
    let mut left = Hand::from_tiles(concealed);
    let mut take = |kind: Kind| left.remove_kind(kind).unwrap_or(kind.tile());
    match reading {
        Reading::Standard { groups, pair, .. } => {
            let mut sets: Vec<Vec<Tile>> = groups[calls..]
                .iter()
                .map(|g| {
                    let kinds: Vec<Kind> = match g.shape {
                        Shape::Run => g.kinds().collect(),
                        _ => vec![g.first; 3],
                    };
                    kinds.into_iter().map(&mut take).collect()
                })
                .collect();
            sets.push(vec![take(*pair), take(*pair)]);
            sets
        }
        Reading::SevenPairs { pairs } => pairs.iter().map(|&k| vec![take(k), take(k)]).collect(),
        Reading::ThirteenOrphans { .. } => vec![concealed.to_vec()],
    }
}

fn revealed(record: &RoundRecord) -> PerSeat<Vec<Group>> {
    let wins: Vec<&WinRecord> = match &record.end {
        Some(RoundEnd::Win { wins }) => wins.iter().collect(),
        _ => Vec::new(),
    };
    record.hands.map(|seat, tiles| {
        let melds = &record.melds[seat];
        let win = wins.iter().find(|w| w.seat == seat);
        let winning = win.map(|w| {
            let mut concealed = tiles.clone();
            if w.by.is_ron() {
                concealed.push(w.tile);
            }
            let sets = reading_sets(&w.score.reading, melds.len(), &concealed);
            let sets = sets
                .into_iter()
                .map(|set| set.into_iter().map(piece).collect())
                .collect();
            winning_sets(sets, Some(&piece(w.tile)))
        });
        revealed_hand(
            melds.iter().map(meld_group).collect(),
            tiles.iter().map(|&t| piece(t)).collect(),
            winning,
        )
    })
}

fn round_result(record: &RoundRecord) -> RoundResult {
    let n = Say::Num(record.index as i64 + 1);
    RoundResult {
        index: record.index,
        headline: headline(record),
        lines: result_lines(record),
        hands: Some(revealed(record)),
        transfers: record
            .transfers
            .iter()
            .map(|t| Transfer {
                from: t.from,
                to: t.to,
                amount: t.amount,
                reason: t.reason.id(),
            })
            .collect(),
        balances: record.points,
        pot: record.pot,
        news: Words::with(
            "news-round",
            vec![("n", n), ("headline", headline(record).into())],
        ),
    }
}

/// Japanese and English names of each yaku, in §8's order.
const NAMES: [(&str, &str); 45] = [
    ("立直", "Riichi"),
    ("ダブル立直", "Double riichi"),
    ("一発", "Ippatsu"),
    ("門前清自摸和", "Closed tsumo"),
    ("平和", "Pinfu"),
    ("断么九", "All simples"),
    ("一盃口", "Pure double run"),
    ("白", "White dragon"),
    ("發", "Green dragon"),
    ("中", "Red dragon"),
    ("自風", "Seat wind"),
    ("場風", "Round wind"),
    ("海底摸月", "Last tile tsumo"),
    ("河底撈魚", "Last discard ron"),
    ("嶺上開花", "After a kan"),
    ("槍槓", "Robbing a kan"),
    ("三色同順", "Mixed triple run"),
    ("一気通貫", "Pure straight"),
    ("混全帯么九", "Outside hand"),
    ("七対子", "Seven pairs"),
    ("対々和", "All triplets"),
    ("三暗刻", "Three concealed triplets"),
    ("三色同刻", "Triple triplets"),
    ("三槓子", "Three kans"),
    ("小三元", "Little three dragons"),
    ("混老頭", "All terminals and honors"),
    ("混一色", "Half flush"),
    ("純全帯么九", "Terminals in all sets"),
    ("二盃口", "Twice pure double run"),
    ("清一色", "Full flush"),
    ("国士無双", "Thirteen orphans"),
    ("国士無双十三面", "Thirteen-wait thirteen orphans"),
    ("四暗刻", "Four concealed triplets"),
    ("四暗刻単騎", "Four concealed triplets, single wait"),
    ("大三元", "Big three dragons"),
    ("小四喜", "Little four winds"),
    ("大四喜", "Big four winds"),
    ("字一色", "All honors"),
    ("緑一色", "All green"),
    ("清老頭", "All terminals"),
    ("九蓮宝燈", "Nine gates"),
    ("純正九蓮宝燈", "Pure nine gates"),
    ("四槓子", "Four kans"),
    ("天和", "Blessing of heaven"),
    ("地和", "Blessing of earth"),
];

fn yaku_names(yaku: Yaku) -> (&'static str, &'static str) {
    let i = Yaku::ALL.iter().position(|y| *y == yaku).unwrap_or(0);
    NAMES[i]
}

fn yaku_value(yaku: Yaku, kuitan: bool) -> Words {
    let closed = yaku.han(true, kuitan).unwrap_or(0);
    match (yaku.is_yakuman(), yaku.han(false, kuitan)) {
        (true, _) if closed > 13 => Words::key("riichi-yaku-double-yakuman"),
        (true, _) => Words::key("riichi-yaku-yakuman"),
        (false, None) => Words::with("riichi-yaku-closed-only", vec![("n", closed.into())]),
        (false, Some(open)) if open == closed => {
            Words::with("riichi-han", vec![("n", closed.into())])
        }
        (false, Some(open)) => Words::with(
            "riichi-yaku-two",
            vec![("closed", closed.into()), ("open", open.into())],
        ),
    }
}

impl Shows for Riichi {
    const MESSAGES: (&'static str, &'static str) = (
        include_str!("messages/en.ftl"),
        include_str!("messages/ja.ftl"),
    );
    const COLOUR: u32 = 0x1F8A3C;
    const TITLE: &'static str = "リーチ麻雀 Riichi mahjong";
    const EMOJI: &'static str = "🀄";

    fn board(state: &Game) -> Board {
        board_of(&state.public_view())
    }

    fn hand(view: &SeatView) -> HandBoard {
        HandBoard {
            seat: view.seat,
            board: board_of(&view.public),
            concealed: view.concealed.iter().map(|&t| piece(t)).collect(),
            drawn: view.drawn.map(piece),
            notes: notes(view),
            choices: view
                .legal_actions
                .iter()
                .map(|&a| choice(a, view))
                .collect(),
        }
    }

    fn held(n: usize) -> Words {
        Words::with("riichi-held", vec![("n", n.into())])
    }

    fn round_result(state: &Game, index: usize) -> Option<RoundResult> {
        state.records.get(index).map(round_result)
    }

    fn result_lines(state: &Game) -> Vec<Words> {
        let Some(outcome) = &state.outcome else {
            return Vec::new();
        };
        outcome
            .ranking
            .iter()
            .enumerate()
            .map(|(place, &seat)| {
                let t = outcome.final_tenths[seat];
                Words::with(
                    "riichi-final-score",
                    vec![
                        ("place", (place + 1).into()),
                        ("name", Say::Player(seat)),
                        ("points", state.scores.points[seat].into()),
                        ("score", Say::Text(format!("{:+.1}", t as f64 / 10.0))),
                        ("return", RETURN.into()),
                    ],
                )
            })
            .collect()
    }

    fn ends_round(event: &Event) -> bool {
        matches!(event, Event::RoundEnded { .. })
    }

    fn action_words(action: Action) -> Words {
        action_words(action)
    }

    fn news_words(action: Action, before: Option<Action>) -> Words {
        news_words(action, before)
    }

    fn refusal_words(refusal: &Refusal) -> Words {
        refusal_words(refusal)
    }

    fn end_words(reason: &str) -> Words {
        debug_assert!(
            EndReason::ALL.iter().any(|r| r.id() == reason),
            "an end reason of riichi: {reason}"
        );
        Words::key(format!("riichi-end-{}", reason.replace('_', "-")))
    }

    fn transfer_words(reason: &str) -> Words {
        Words::key(match reason {
            "riichi" => "riichi-why-riichi",
            "win" => "riichi-why-win",
            "pot" => "riichi-why-pot",
            "noten" => "riichi-why-noten",
            _ => "riichi-why-final-pot",
        })
    }

    fn yaku_names(id: &str) -> Option<(&'static str, &'static str)> {
        Yaku::from_id(id).map(yaku_names)
    }

    fn yaku_rows(options: &super::options::Options) -> Vec<YakuRow> {
        Yaku::ALL
            .iter()
            .map(|&y| {
                let (japanese, english) = yaku_names(y);
                YakuRow {
                    id: y.id(),
                    japanese,
                    english,
                    value: yaku_value(y, options.kuitan),
                    condition: Words::key(format!("riichi-yaku-if-{}", y.id().replace('_', "-"))),
                    changed: y == Yaku::Tanyao && !options.kuitan,
                }
            })
            .collect()
    }

    fn rules_pages() -> &'static [&'static str] {
        &[
            "riichi-rules-1",
            "riichi-rules-2",
            "riichi-rules-3",
            "riichi-rules-4",
        ]
    }

    fn switch_words(id: &str) -> Words {
        Words::key(format!("riichi-switch-{}", id.replace('_', "-")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_show_their_notation_and_honors_their_character() {
        let p = piece("0m".parse().unwrap());
        assert_eq!(
            (p.face.as_str(), p.name_en),
            ("0m", EnglishName::BesideBoth("red five"))
        );
        let p = piece("7z".parse().unwrap());
        assert_eq!((p.face.as_str(), p.text.as_str()), ("7z", "中"));
    }

    #[test]
    fn every_step_of_a_played_game_is_shown_and_every_round_summarised() {
        use crate::games::deal::DeckSeed;
        let seed: DeckSeed = [4; 32];
        let (mut game, _) = Riichi::start(
            &seed,
            crate::games::seat::SeatCount::FOUR,
            crate::games::seat::Seat::ZERO,
            super::super::options::Options::default(),
        );
        while let Some(seat) = Riichi::to_act(&game).first() {
            let view = Riichi::view(&game, seat);
            let hand = Riichi::hand(&view);
            assert_eq!(hand.choices.len(), view.legal_actions.len());
            let _ = Riichi::board(&game);
            let action = super::super::computer::decide(&view).expect("a legal action");
            Riichi::apply(&mut game, &seed, seat, action).expect("legal");
        }
        for index in 0..game.records.len() {
            let result = Riichi::round_result(&game, index).expect("a finished round");
            let hands = result.hands.expect("hands are revealed");
            assert_eq!(hands.len(), 4);
        }
        assert_eq!(Riichi::result_lines(&game).len(), 4);
    }

    #[test]
    fn every_yaku_has_names() {
        for y in Yaku::ALL {
            let (ja, en) = yaku_names(*y);
            assert!(!ja.is_empty() && !en.is_empty());
        }
        assert_eq!(yaku_names(Yaku::Chiihou).0, "地和");
    }
}
