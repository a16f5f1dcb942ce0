//! Mining mahjong as the host shows it ([`Shows`]): tiles as riichi's (the kit's names), the
//! table (the round, honba, sticks, the turn, dora indicators, where each piece stands; each
//! seat's wind, calls and discards), a hand with the tiles obtained this turn set apart, the
//! part of a move chosen so far and its choices (steps, tiles, cells by the nearest or by
//! column then row), and round summaries with riichi's score lines. Message ids are in this
//! game's message files, yaku values and conditions in riichi's.

use super::board::{Cell, Dir};
use super::game::{End, START};
use super::options::Options;
use super::parts::{Act, Pending};
use super::picture::{self, BoardPicture};
use super::round::Round;
use super::settle::{hand_value, Outcome, Win};
use super::table::{seat, Event, Reason, Refusal, Table};
use super::view::{PublicRound, PublicView, SeatView};
use super::Mining;
use crate::games::interface::seat::{PerSeat, Seat};
use crate::games::interface::Picture;
use crate::games::interface::{
    Acting, Board, Choice, ChoiceKind, Group, HandBoard, RoundBoard, RoundResult, Say, SeatBoard,
    Shows, Stored, Tone, Words, YakuRow,
};
use crate::games::kit::mahjong::hand::Hand;
use crate::games::kit::mahjong::names::{meld_group, piece, pieces, score_lines, yaku_names};
use crate::games::kit::mahjong::revealed::{revealed, wait_pieces, Won};
use crate::games::kit::mahjong::tile::{Kind, Tile};
use crate::games::kit::mahjong::waits::waits;
use crate::games::kit::mahjong::yaku::{WinBy, Yaku};
use crate::games::kit::shown::{self as shows, identity, ranking_lines, Ledger, Told};

/// A cell as `(x, y)`.
fn cell_words(c: Cell) -> Say {
    Say::Text(format!("({}, {})", c.x, c.y))
}

pub(super) fn dir_words(d: Dir) -> Words {
    Words::key(match d {
        Dir::N => "mining-dir-n",
        Dir::E => "mining-dir-e",
        Dir::S => "mining-dir-s",
        Dir::W => "mining-dir-w",
    })
}

/// A path as its arrows.
fn path_words(path: &[Dir]) -> Say {
    Say::Join(path.iter().map(|d| dir_words(*d).into()).collect(), " ")
}

/// The round's name: `East 1` … `South 4`.
fn round_name(wind: Kind, number: usize) -> Words {
    let key = if wind == Kind::EAST {
        "mining-round-east"
    } else {
        "mining-round-south"
    };
    Words::with(key, vec![("n", number.into())])
}

/// The wind of `s` in a round dealt by `dealer` at a table of `n`.
fn seat_wind(dealer: usize, n: usize, s: usize) -> Words {
    let k = (s + n - dealer) % n;
    Words::key(
        [
            "mining-seat-east",
            "mining-seat-south",
            "mining-seat-west",
            "mining-seat-north",
        ][k],
    )
}

fn round_board(view: &PublicView, round: &PublicRound) -> RoundBoard {
    let to_act = match round.acting.as_slice() {
        _ if view.choosing => Acting::Turn(seat(round.dealer)),
        [] => Acting::Over,
        [one] if round.claimable.is_none() => Acting::Turn(seat(*one)),
        many => Acting::Claims(many.iter().map(|s| seat(*s)).collect()),
    };
    let round_line = Words::with(
        "mining-round-line",
        vec![
            ("round", round_name(round.round_wind, round.number).into()),
            ("honba", round.honba.into()),
            ("sticks", (view.pot / 1000).into()),
            ("turn", round.turn.into()),
            ("last", round.last_turn.into()),
        ],
    );
    let dora: Vec<Tile> = round
        .indicators
        .iter()
        .map(|t| t.kind().dora_after().tile())
        .collect();
    let dora_line = Words::with(
        "mining-dora-line",
        vec![
            ("indicators", pieces(&round.indicators)),
            ("dora", pieces(&dora)),
        ],
    );
    let where_line = Words::with(
        "mining-pieces-line",
        vec![(
            "list",
            Say::Join(
                round
                    .players
                    .iter()
                    .enumerate()
                    .map(|(s, p)| {
                        Words::with(
                            "mining-piece-at",
                            vec![
                                ("name", Say::Player(seat(s))),
                                ("cell", cell_words(p.piece)),
                                ("height", round.height(p.piece).into()),
                            ],
                        )
                        .into()
                    })
                    .collect(),
                " · ",
            ),
        )],
    );
    let lines = vec![round_line, dora_line, where_line];
    let seats = PerSeat::from_vec(
        round
            .players
            .iter()
            .enumerate()
            .map(|(s, p)| SeatBoard {
                concealed: p.concealed,
                groups: p.melds.iter().map(meld_group).collect(),
                discards: shows::discards(&p.discards, |t| (piece(*t), false, false)),
                riichi: p.riichi,
                mark: Some(seat_wind(round.dealer, view.n, s)),
            })
            .collect(),
    )
    .expect("2 to 4 seats");
    RoundBoard {
        index: round.index,
        dealer: seat(round.dealer),
        to_act,
        stage: Words::key(if round.claimable.is_some() {
            "mining-stage-claim"
        } else {
            "mining-stage-turn"
        }),
        table_lines: lines.clone(),
        hand_lines: lines,
        seats,
        claimable: round.claimable.map(piece),
    }
}

fn board_of(view: &PublicView) -> Board {
    Board {
        balances: PerSeat::from_vec(view.points.clone()).expect("2 to 4 seats"),
        pot: view.pot,
        round: view
            .round
            .as_ref()
            .filter(|r| !r.ended || view.choosing)
            .map(|r| round_board(view, r)),
        over: view
            .over
            .zip(view.ranking.first())
            .map(|(end, first)| (seat(*first), end.id())),
    }
}

/// What the seat has chosen of its move so far.
fn pending_note(pending: &Pending) -> Words {
    match pending {
        Pending::Path(path) => Words::with("mining-pending-path", vec![("path", path_words(path))]),
        Pending::Tiles {
            cards, warp, cells, ..
        } if *warp && cells.len() == cards.len() => Words::key("mining-pending-target"),
        Pending::Tiles {
            cards,
            cells,
            column,
            ..
        } => {
            let mut args = vec![
                ("pieces", pieces(cards)),
                (
                    "cells",
                    Say::Join(cells.iter().map(|c| cell_words(*c)).collect(), ", "),
                ),
            ];
            let key = match column {
                Some(x) => {
                    args.push(("x", (*x).into()));
                    "mining-pending-column"
                }
                None => "mining-pending-tiles",
            };
            Words::with(key, args)
        }
    }
}

/// The hand's help: where the piece stands, the move chosen so far, waits and furiten.
fn notes(view: &SeatView) -> Vec<Words> {
    let mut notes = Vec::new();
    let s = view.seat.index();
    if let Some(round) = view.public.round.as_ref() {
        let p = &round.players[s];
        notes.push(Words::with(
            "mining-your-piece",
            vec![
                ("wind", seat_wind(round.dealer, view.public.n, s).into()),
                ("cell", cell_words(p.piece)),
                ("height", round.height(p.piece).into()),
                ("size", p.hand_size.into()),
            ],
        ));
        if p.hand_size == 13 {
            let hand = Hand::from_tiles(&view.concealed);
            let w: Vec<Kind> = waits(hand.counts(), &p.melds).iter().collect();
            if !w.is_empty() {
                let waits = w.iter().map(|k| piece(k.tile())).collect();
                notes.push(Words::with(
                    "mining-hand-tenpai",
                    vec![("waits", Say::Pieces(waits))],
                ));
            }
        }
    }
    if view.furiten {
        notes.push(Words::key("mining-hand-furiten"));
    }
    if let Some(p) = &view.pending {
        notes.push(pending_note(p));
    }
    notes
}

fn is_call(a: Act) -> bool {
    matches!(
        a,
        Act::Chi { .. }
            | Act::Pon { .. }
            | Act::Daiminkan { .. }
            | Act::Ankan { .. }
            | Act::Kakan { .. }
            | Act::Warp { .. }
    )
}

fn choice(action: Act, view: &SeatView) -> Choice {
    let claimed = view.public.round.as_ref().and_then(|r| r.claimable);
    let label = match action {
        Act::Go => Words::key(match &view.pending {
            None => "mining-act-stay",
            Some(Pending::Path(_)) => "mining-act-go",
            Some(Pending::Tiles { .. }) => "mining-act-these",
        }),
        Act::Chi { cards } | Act::Pon { cards } => Words::with(
            if matches!(action, Act::Chi { .. }) {
                "mining-act-chi"
            } else {
                "mining-act-pon"
            },
            vec![("group", shows::claimed_set(&cards, claimed, piece))],
        ),
        Act::Ron => Words::with(
            "mining-act-ron-on",
            vec![(
                "piece",
                claimed.map_or(Say::Text(String::new()), |t| piece(t).into()),
            )],
        ),
        other => Mining::action_words(other),
    };
    Choice {
        code: Mining::action_code(action),
        label,
        option_label: None,
        detail: None,
        kind: match action {
            a if is_call(a) => ChoiceKind::Call,
            Act::Discard { riichi: true, .. } => ChoiceKind::Riichi,
            Act::Discard { riichi: false, .. } | Act::Column(_) | Act::Row(_) => {
                ChoiceKind::Discard
            }
            _ => ChoiceKind::Main,
        },
        tone: match action {
            Act::Ron | Act::Tsumo { .. } => Tone::Win,
            a if is_call(a) => Tone::Call,
            _ => Tone::Plain,
        },
        piece: match action {
            Act::Discard { card, .. } => Some(piece(card)),
            Act::Chi { .. } | Act::Pon { .. } | Act::Daiminkan { .. } => claimed.map(piece),
            Act::Ankan { card } | Act::Kakan { card } => Some(piece(card.tile())),
            Act::Warp { cards } => Some(piece(cards[0])),
            _ => None,
        },
    }
}

fn kan_group(kind: Kind) -> Say {
    Say::Group(Group::concealed(vec![piece(kind.tile()); 4]))
}

/// How a round ended, in a few words.
fn headline(r: &Round, name: Words) -> Words {
    let what = match &r.outcome {
        Some(Outcome::Wins(wins)) if !wins.is_empty() => {
            let w = &wins[0];
            let key = match (wins.len(), w.by) {
                (2.., _) => "mining-wins-several",
                (_, WinBy::Tsumo) => "mining-wins-tsumo",
                (_, WinBy::Chankan) => "mining-wins-chankan",
                _ => "mining-wins-ron",
            };
            let names = Say::Join(
                wins.iter().map(|w| Say::Player(seat(w.seat))).collect(),
                ", ",
            );
            Words::with(
                key,
                vec![
                    ("names", names),
                    (
                        "from",
                        w.from
                            .map_or(Say::Text(String::new()), |f| Say::Player(seat(f))),
                    ),
                ],
            )
        }
        Some(Outcome::Draw { .. }) => Words::key("mining-headline-draw"),
        _ => Words::key("mining-headline-play"),
    };
    Words::with(
        "mining-sum-headline",
        vec![
            ("round", name.into()),
            ("honba", r.honba.into()),
            ("what", what.into()),
        ],
    )
}

fn win_lines(r: &Round, w: &Win) -> Vec<Words> {
    let mut lines = vec![Words::with(
        "mining-sum-winner",
        vec![
            ("name", Say::Player(seat(w.seat))),
            ("piece", piece(w.card).into()),
        ],
    )];
    lines.extend(score_lines(&w.score));
    lines.push(Words::with(
        "mining-sum-value",
        vec![
            ("points", hand_value(r.n, r.dealer, w).into()),
            ("honba", (300 * i64::from(r.honba)).into()),
        ],
    ));
    lines
}

fn result_lines_of(r: &Round) -> Vec<Words> {
    let mut lines = Vec::new();
    match &r.outcome {
        Some(Outcome::Wins(wins)) => {
            for w in wins {
                lines.extend(win_lines(r, w));
            }
        }
        Some(Outcome::Draw { tenpai }) => {
            for (s, ready) in tenpai.iter().enumerate() {
                let name = ("name", Say::Player(seat(s)));
                lines.push(if *ready {
                    let p = &r.players[s];
                    let waits = wait_pieces(p.hand.counts(), &p.melds);
                    Words::with("mining-sum-tenpai", vec![name, ("waits", waits)])
                } else {
                    Words::with("mining-sum-noten", vec![name])
                });
            }
        }
        None => {}
    }
    lines.push(Words::with(
        "mining-sum-indicators",
        vec![("pieces", pieces(&r.indicators()))],
    ));
    lines
}

/// The hands as the round's end shows them: a winner's as its sets with the winning tile
/// marked, a tenpai hand at a draw as it is, the others' calls only.
fn revealed_hands(r: &Round) -> PerSeat<Vec<Group>> {
    let wins: Vec<&Win> = match &r.outcome {
        Some(Outcome::Wins(wins)) => wins.iter().collect(),
        _ => Vec::new(),
    };
    let hands = r
        .players
        .iter()
        .enumerate()
        .map(|(s, p)| {
            let open: Vec<Group> = p.melds.iter().map(meld_group).collect();
            let tenpai = matches!(&r.outcome, Some(Outcome::Draw { tenpai }) if tenpai[s]);
            let won = wins.iter().find(|w| w.seat == s).map(|w| Won {
                reading: &w.score.reading,
                tile: w.card,
                ron: w.by.is_ron(),
            });
            revealed(open, &p.hand.tiles(), p.melds.len(), tenpai, won)
        })
        .collect();
    PerSeat::from_vec(hands).expect("2 to 4 seats")
}

/// A round's dealership as its name.
fn round_name_of(table: &Table, r: &Round) -> Words {
    let n = r.n;
    let dealership = (r.dealer + n - table.game.first_dealer) % n;
    round_name(r.round_wind, dealership + 1)
}

impl Shows for Mining {
    identity!(ja: "採掘麻雀", en: "Mining mahjong", colour: 0x8B5A2B, emoji: "⛏️");

    fn board(state: &Table) -> Board {
        board_of(&PublicView::of(state))
    }

    /// The mine as everyone sees it, the discards waiting in a claim window marked.
    fn table_picture(state: &Table) -> Option<Picture> {
        let round = state.game.round()?;
        Some(Picture {
            filename: picture::FILENAME,
            png: picture::render(&BoardPicture::table(round)),
        })
    }

    /// The mine as the seat sees it, where its piece can go highlighted.
    fn hand_picture(view: &SeatView) -> Option<Picture> {
        Some(Picture {
            filename: picture::FILENAME,
            png: picture::render(&BoardPicture::of_view(view)?),
        })
    }

    /// The seat's hand: its concealed tiles in order, the last tile obtained this turn set
    /// apart.
    fn hand(view: &SeatView) -> HandBoard {
        let mut concealed = view.concealed.clone();
        let drawn = view.obtained.last().map(|(t, _)| *t);
        if let Some(d) = drawn {
            if let Some(at) = concealed.iter().rposition(|&t| t == d) {
                concealed.remove(at);
            }
        }
        HandBoard {
            seat: view.seat,
            board: board_of(&view.public),
            concealed: concealed.into_iter().map(piece).collect(),
            drawn: drawn.map(piece),
            notes: notes(view),
            choices: shows::choices(&view.legal_actions, |a| choice(a, view)),
        }
    }

    fn held(n: usize) -> Words {
        Words::with("mining-held", vec![("n", n.into())])
    }

    fn round_result(state: &Table, index: usize) -> Option<RoundResult> {
        let r = state
            .game
            .rounds
            .get(index)
            .filter(|r| r.outcome.is_some())?;
        let told = Told::new(index, headline(r, round_name_of(state, r)), None);
        let transfers: Vec<_> = r
            .transfers
            .iter()
            .map(|t| {
                let reason = Reason::ALL
                    .into_iter()
                    .find(|x| x.id() == t.reason)
                    .unwrap_or(Reason::Win);
                let party = |p| match p {
                    super::settle::Party::Seat(s) => {
                        crate::games::interface::ledger::Party::Seat(seat(s))
                    }
                    super::settle::Party::Pot => crate::games::interface::ledger::Party::Pot,
                };
                crate::games::interface::ledger::Transfer {
                    from: party(t.from),
                    to: party(t.to),
                    amount: t.amount,
                    reason,
                }
            })
            .collect();
        let balances = PerSeat::from_vec(r.points.clone()).expect("2 to 4 seats");
        let ledger = Ledger::of(&transfers, Reason::id, balances, r.pot);
        Some(shows::round_result(
            told,
            result_lines_of(r),
            Some(revealed_hands(r)),
            ledger,
        ))
    }

    /// Each rank with its points and final score, and how the score is counted.
    fn result_lines(state: &Table) -> Vec<Words> {
        let g = &state.game;
        if g.over.is_none() {
            return Vec::new();
        }
        let ranking: Vec<Seat> = g.ranking().into_iter().map(seat).collect();
        let points = PerSeat::from_vec(g.points.clone()).expect("2 to 4 seats");
        let tenths = g.final_tenths();
        let mut lines = ranking_lines(&ranking, &points, |_, s| {
            let t = tenths[s.index()];
            Words::with(
                "mining-final-rank",
                vec![("score", Say::Text(format!("{:+.1}", t as f64 / 10.0)))],
            )
        });
        lines.push(Words::with(
            "mining-final-how",
            vec![("start", START.into())],
        ));
        lines
    }

    fn ends_round(event: &Event) -> bool {
        matches!(event, Event::RoundEnded { .. })
    }

    fn action_words(action: Act) -> Words {
        let with = |key: &'static str, name: &'static str, value: Say| {
            Words::with(key, vec![(name, value)])
        };
        match action {
            Act::Step { dir, .. } => with("mining-act-step", "dir", dir_words(dir).into()),
            Act::Go => Words::key("mining-act-go"),
            Act::Discard { card, riichi } => shows::discard_words(
                ["mining-act-discard", "mining-act-riichi"],
                "piece",
                piece(card),
                riichi,
            ),
            Act::Warp { cards } => with("mining-act-warp", "pieces", pieces(&cards)),
            Act::Place(c) => with("mining-act-place", "cell", cell_words(c)),
            Act::Column(x) => with("mining-act-column", "x", x.into()),
            Act::Row(y) => with("mining-act-row", "y", y.into()),
            Act::Back => Words::key("mining-act-back"),
            Act::Tsumo { card: None } => Words::key("mining-act-tsumo"),
            Act::Tsumo { card: Some(t) } => {
                with("mining-act-tsumo-leaving", "piece", piece(t).into())
            }
            Act::Ron => Words::key("mining-act-ron"),
            Act::Chi { cards } => with("mining-act-chi", "group", pieces(&cards)),
            Act::Pon { cards } => with("mining-act-pon", "group", pieces(&cards)),
            Act::Daiminkan { card } => with("mining-act-open-kan", "group", kan_group(card)),
            Act::Ankan { card } => with("mining-act-closed-kan", "group", kan_group(card)),
            Act::Kakan { card } => with("mining-act-added-kan", "group", kan_group(card)),
            Act::Pass => Words::key("mining-act-pass"),
            Act::AgariYame => Words::key("mining-act-agari-yame"),
            Act::Continue => Words::key("mining-act-continue"),
        }
    }

    /// A pass, and the parts of a move others would learn a hand from before it is made
    /// (a tile chosen and then taken back), are not told.
    fn told_to_others(action: Act) -> bool {
        !matches!(
            action,
            Act::Pass | Act::Discard { .. } | Act::Warp { .. } | Act::Back | Act::Column(_)
        )
    }

    fn news_words(action: Act, _before: Option<Act>) -> Words {
        Words::with(
            "mining-news",
            vec![("what", Mining::action_words(action).into())],
        )
    }

    fn refusal_words(refusal: &Refusal) -> Words {
        let reason = match refusal {
            Refusal::GameOver => Words::key("mining-rule-game-over"),
            Refusal::NotYourTurn => Words::key("mining-rule-not-your-turn"),
            Refusal::BadStep => Words::key("mining-rule-bad-step"),
            Refusal::BadTile(t) => {
                Words::with("mining-rule-bad-tile", vec![("piece", piece(*t).into())])
            }
            Refusal::BadCell => Words::key("mining-rule-bad-cell"),
            Refusal::NoWin => Words::key("mining-rule-no-win"),
            Refusal::NothingChosen => Words::key("mining-rule-nothing-chosen"),
            Refusal::NotNow(action) => Words::with(
                "mining-rule-not-now",
                vec![("action", Mining::action_words(*action).into())],
            ),
        };
        Words::with("err-refused", vec![("reason", reason.into())])
    }

    fn end_words(reason: &str) -> Words {
        debug_assert!(End::from_id(reason).is_some(), "an end of mining: {reason}");
        Words::key(format!("mining-end-{}", reason.replace('_', "-")))
    }

    fn transfer_words(reason: &str) -> Words {
        Words::key(match reason {
            "riichi" => "mining-why-riichi",
            "win" => "mining-why-win",
            "pot" => "mining-why-pot",
            "noten" => "mining-why-noten",
            _ => "mining-why-final-pot",
        })
    }

    fn yaku_names(id: &str) -> Option<(&'static str, &'static str)> {
        super::options::yaku()
            .into_iter()
            .find(|y| y.id() == id)
            .map(yaku_names)
    }

    fn yaku_rows(options: &Options) -> Vec<YakuRow> {
        let yaku: Vec<Yaku> = super::options::yaku();
        crate::games::kit::mahjong::names::yaku_rows(&yaku, options.kuitan)
    }

    fn rules_pages() -> &'static [&'static str] {
        &["mining-rules-1", "mining-rules-2", "mining-rules-3"]
    }

    fn switch_words(id: &str) -> Words {
        Words::key(format!("mining-switch-{}", id.replace('_', "-")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::interface::deal::DeckSeed;
    use crate::games::interface::prelude::*;
    use crate::games::interface::{Budget, Level};

    #[test]
    fn every_step_of_a_played_game_is_shown_and_every_round_summarised() {
        let seed: DeckSeed = [4; 32];
        let options = Options {
            length: super::super::options::Length::East,
            turns: 8,
            ..Options::default()
        };
        for seats in Mining::SEATS {
            let (mut table, _) = Mining::start(&seed, *seats, Seat::ZERO, options);
            let mut steps = 0;
            while let Some(s) = Mining::to_act(&table).first() {
                let view = Mining::view(&table, s);
                let hand = Mining::hand(&view);
                assert_eq!(hand.choices.len(), view.legal_actions.len());
                let _ = Mining::board(&table);
                let action = Mining::decide(Level::Normal, &view, &options, Budget::samples(0), 0)
                    .expect("a legal action");
                Mining::apply(&mut table, &seed, s, action).expect("legal");
                steps += 1;
                assert!(steps < 100_000);
            }
            for index in 0..table.rounds_played() {
                let result = Mining::round_result(&table, index).expect("a finished round");
                assert_eq!(result.hands.expect("hands").len(), seats.get());
            }
            assert_eq!(Mining::result_lines(&table).len(), seats.get() + 1);
        }
    }
}
