//! Riichi as the host shows it ([`Shows`]): tiles in their notation (honors by their
//! characters, with their English names for English readers), the table (the round, honba,
//! riichi sticks, dora indicators and the minimum; each seat's wind, calls and pond), a hand
//! with its drawn tile set apart and its choices saying what they make (every chi and pon with
//! the set it makes; a riichi discard with its waits, how many of each are unseen, and
//! furiten; the waits a plain discard keeps, with "no yaku" where a wait has none; a claim
//! that lost, to whom and why), and the round summaries of `summary.rs`. A claim answer's news
//! says only what was answered: whether it was carried out is told by the table, the round's
//! result and the loser's note. The message ids are in this game's message files.

use super::action::{Action, Refusal};
use super::advice::{self, Tenpai, Wait};
use super::closed::{Closed, LostTo};
use super::game::{EndReason, Event, Game};
pub use super::names::{piece, pieces, yaku_names};
use super::round::SEATS;
use super::summary::{final_lines, meld_group, round_name, round_result};
use super::view::{PublicRound, PublicView, SeatView};
use super::Riichi;
use crate::games::interface::seat::Seat;
use crate::games::interface::{Acting, Stored};
use crate::games::interface::{
    Board, Choice, ChoiceKind, Group, HandBoard, RoundBoard, RoundResult, Say, SeatBoard, Shows,
    Tone, Words, YakuRow,
};
use crate::games::kit::mahjong::tile::{Kind, Tile};
use crate::games::kit::mahjong::yaku::{RiichiKind, Yaku};
use crate::games::kit::shown::{self as shows, identity};

/// How many tenpai discards the hand lists besides its riichi choices.
const KEEP_TENPAI_SHOWN: usize = 4;

/// The set a chi or pon of `hand` tiles with `claimed` makes, the claimed tile marked.
fn call_group(hand: [Tile; 2], claimed: Option<Tile>) -> Say {
    shows::claimed_set(&hand, claimed, piece)
}

fn kan_group(kind: Kind) -> Say {
    Say::Group(Group::concealed(vec![piece(kind.tile()); 4]))
}

/// The wind of `seat` in the round (East for the dealer, then in turn order).
fn seat_wind(round: &PublicRound, seat: Seat) -> Words {
    let n = round.dealer.distance_to(seat, SEATS);
    Words::key(
        [
            "riichi-seat-east",
            "riichi-seat-south",
            "riichi-seat-west",
            "riichi-seat-north",
        ][usize::from(n % 4)],
    )
}

fn stage_words(round: &PublicRound) -> Words {
    Words::key(match round.claimable {
        Some(_) => "riichi-stage-claim",
        None => "riichi-stage-turn",
    })
}

/// The round, its honba and the riichi sticks in the pot.
fn round_line(view: &PublicView, round: &PublicRound) -> Words {
    Words::with(
        "riichi-round-line",
        vec![
            ("round", round_name(round.dealership).into()),
            ("honba", round.honba.into()),
            ("sticks", (view.pot / 1000).into()),
            ("pot", view.pot.into()),
        ],
    )
}

/// The dora indicators with the dora they name, and the live wall.
fn dora_line(round: &PublicRound) -> Words {
    let dora: Vec<Tile> = round
        .dora_indicators
        .iter()
        .map(|t| t.kind().dora_after().tile())
        .collect();
    Words::with(
        "riichi-dora-line",
        vec![
            ("indicators", pieces(&round.dora_indicators)),
            ("dora", pieces(&dora)),
            ("wall", round.live_left.into()),
        ],
    )
}

fn round_board(view: &PublicView, round: &PublicRound) -> RoundBoard {
    let acting = match round.acting.as_slice() {
        [] => Acting::Over,
        [one] if round.claimable.is_none() => Acting::Turn(*one),
        many => Acting::Claims(many.iter().copied().collect()),
    };
    let mut lines = vec![round_line(view, round), dora_line(round)];
    lines.extend(view.last_claims.as_ref().and_then(claims_line));
    if round.minimum_han > 1 {
        lines.push(Words::with(
            "riichi-minimum",
            vec![("n", round.minimum_han.into())],
        ));
    }
    RoundBoard {
        index: round.index,
        dealer: round.dealer,
        to_act: acting,
        stage: stage_words(round),
        table_lines: lines.clone(),
        hand_lines: lines,
        seats: round.players.map(|seat, p| SeatBoard {
            concealed: p.hand_size,
            groups: p.melds.iter().map(meld_group).collect(),
            discards: shows::discards(&p.pond, |d| (piece(d.tile), d.riichi, d.claimed)),
            riichi: p.riichi != RiichiKind::None,
            mark: Some(seat_wind(round, seat)),
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

/// A wait with how many of it are unseen, and `tsumo only` or `no yaku` where a ron on it has
/// no yaku.
fn wait_words(w: &Wait) -> Say {
    let key = match w.yaku {
        advice::Yaku::Any => "riichi-wait",
        advice::Yaku::TsumoOnly => "riichi-wait-tsumo-only",
        advice::Yaku::None => "riichi-wait-no-yaku",
    };
    Words::with(
        key,
        vec![
            ("piece", piece(w.kind.tile()).into()),
            ("n", w.unseen.into()),
        ],
    )
    .into()
}

fn waits_words(tenpai: &Tenpai) -> Say {
    Say::Join(tenpai.waits.iter().map(wait_words).collect(), " · ")
}

/// A claim answer as a noun: "ron", "chi", "pon", "open kan".
fn answer_noun(answer: Action) -> Words {
    Words::key(match answer {
        Action::Ron => "riichi-answer-ron",
        Action::Chi { .. } => "riichi-answer-chi",
        Action::Pon { .. } => "riichi-answer-pon",
        _ => "riichi-answer-open-kan",
    })
}

/// Each seat's claim answer as "Bob's ron".
fn answers_words(answers: impl Iterator<Item = (Seat, Action)>) -> Vec<Say> {
    shows::answers("riichi-lost-taker", answers, answer_noun)
}

/// The claim window that closed last, while it is the table's latest news: "Last discard:
/// Bob's pon took Alice's 6p", or everyone asked passed.
fn claims_line(closed: &Closed) -> Option<Words> {
    if !closed.is_news() {
        return None;
    }
    let discarder = ("discarder", Say::Player(closed.from));
    let tile = ("piece", piece(closed.tile).into());
    let takers = answers_words(closed.taken());
    if takers.is_empty() {
        return Some(Words::with("riichi-claims-passed", vec![discarder, tile]));
    }
    let mut args = vec![("takers", Say::Join(takers, ", ")), discarder, tile];
    let beaten = answers_words(closed.lost());
    if beaten.is_empty() {
        return Some(Words::with("riichi-claims-took", args));
    }
    args.push(("beaten", Say::Join(beaten, ", ")));
    Some(Words::with("riichi-claims-took-over", args))
}

/// This seat's claim on the last closed window, if it lost and the seat has not acted since:
/// "Your pon on 6p lost to Bob's ron (ron comes before every call)".
fn lost_claim_note(view: &SeatView) -> Option<Words> {
    let closed = view.public.last_claims.as_ref()?;
    let (mine, why) = closed.lost_by(view.seat)?;
    let takers = answers_words(closed.taken());
    let why = match why {
        LostTo::Ron => "riichi-lost-ron-first",
        LostTo::Pon => "riichi-lost-pon-first",
        LostTo::NearerRon => "riichi-lost-nearer-ron",
    };
    Some(Words::with(
        "riichi-hand-lost-claim",
        vec![
            ("mine", answer_noun(mine).into()),
            ("piece", piece(closed.tile).into()),
            ("takers", Say::Join(takers, ", ")),
            ("why", Words::key(why).into()),
        ],
    ))
}

/// The hand's help: a claim that lost, its waits now (or the discards that keep it tenpai,
/// when riichi does not list them), and furiten.
fn notes(view: &SeatView) -> Vec<Words> {
    let mut notes: Vec<Words> = lost_claim_note(view).into_iter().collect();
    if let Some(tenpai) = advice::tenpai_now(view) {
        notes.push(Words::with(
            "riichi-hand-tenpai",
            vec![("waits", waits_words(&tenpai))],
        ));
        if tenpai.furiten {
            notes.push(Words::key("riichi-hand-furiten"));
        }
    } else if view.furiten {
        notes.push(Words::key("riichi-hand-furiten"));
    }
    let riichi_offered = view
        .legal_actions
        .iter()
        .any(|a| matches!(a, Action::Discard { riichi: true, .. }));
    let keeping: Vec<Say> = view
        .legal_actions
        .iter()
        .filter_map(|a| match a {
            Action::Discard {
                card,
                riichi: false,
            } if !riichi_offered => advice::tenpai_after(view, *card, false).map(|t| (*card, t)),
            _ => None,
        })
        .take(KEEP_TENPAI_SHOWN)
        .map(|(card, tenpai)| {
            let key = if tenpai.furiten {
                "riichi-keep-one-furiten"
            } else {
                "riichi-keep-one"
            };
            Words::with(
                key,
                vec![
                    ("piece", piece(card).into()),
                    ("waits", waits_words(&tenpai)),
                ],
            )
            .into()
        })
        .collect();
    if !keeping.is_empty() {
        notes.push(Words::with(
            "riichi-hand-keep-tenpai",
            vec![("list", Say::Join(keeping, "; "))],
        ));
    }
    notes
}

/// A riichi discard: on its button the tile and its waits; in a menu a short label, the waits
/// as the option's second line. Furiten after it is said in both.
fn riichi_words(view: &SeatView, card: Tile) -> (Words, Words, Words) {
    let tenpai = advice::tenpai_after(view, card, true);
    let waits = tenpai.as_ref().map_or(Say::Text("—".into()), waits_words);
    let furiten = tenpai.as_ref().is_some_and(|t| t.furiten);
    let (label, detail) = if furiten {
        (
            "riichi-act-riichi-waits-furiten",
            "riichi-riichi-waits-furiten",
        )
    } else {
        ("riichi-act-riichi-waits", "riichi-riichi-waits")
    };
    (
        Words::with(
            label,
            vec![("piece", piece(card).into()), ("waits", waits.clone())],
        ),
        Riichi::action_words(Action::Discard { card, riichi: true }),
        Words::with(detail, vec![("waits", waits)]),
    )
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
        Action::Ron => Words::with(
            "riichi-act-ron-on",
            vec![(
                "piece",
                claimed.map_or(Say::Text(String::new()), |t| piece(t).into()),
            )],
        ),
        Action::Tsumo => Words::with(
            "riichi-act-tsumo-on",
            vec![(
                "piece",
                view.drawn
                    .map_or(Say::Text(String::new()), |t| piece(t).into()),
            )],
        ),
        Action::Discard { card, riichi: true } => {
            let (label, short, waits) = riichi_words(view, card);
            option_label = Some(short);
            detail = Some(waits);
            label
        }
        other => Riichi::action_words(other),
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

impl Shows for Riichi {
    identity!(ja: "リーチ麻雀", en: "Riichi mahjong", colour: 0x1F8A3C, emoji: "🀄");

    fn board(state: &Game) -> Board {
        board_of(&state.public_view())
    }

    /// The seat's hand: its concealed tiles in order with the one just drawn set apart.
    fn hand(view: &SeatView) -> HandBoard {
        let mut concealed = view.concealed.clone();
        if let Some(drawn) = view.drawn {
            if let Some(at) = concealed.iter().rposition(|&t| t == drawn) {
                concealed.remove(at);
            }
        }
        // The seat's wind opens the notes: the hand's table is the public one, the same for all.
        let mut notes = notes(view);
        if let Some(public) = view.public.round.as_ref() {
            notes.insert(
                0,
                Words::with(
                    "riichi-your-seat",
                    vec![("wind", seat_wind(public, view.seat).into())],
                ),
            );
        }
        HandBoard {
            seat: view.seat,
            board: board_of(&view.public),
            concealed: concealed.into_iter().map(piece).collect(),
            drawn: view.drawn.map(piece),
            notes,
            choices: shows::choices(&view.legal_actions, |a| choice(a, view)),
        }
    }

    fn held(n: usize) -> Words {
        Words::with("riichi-held", vec![("n", n.into())])
    }

    fn round_result(state: &Game, index: usize) -> Option<RoundResult> {
        state.records.get(index).map(round_result)
    }

    fn result_lines(state: &Game) -> Vec<Words> {
        final_lines(state)
    }

    fn ends_round(event: &Event) -> bool {
        matches!(event, Event::RoundEnded { .. })
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
            Action::Discard { card, riichi } => shows::discard_words(
                ["riichi-act-discard", "riichi-act-riichi"],
                "piece",
                piece(card),
                riichi,
            ),
            Action::Pass => Words::key("riichi-act-pass"),
            Action::AgariYame => Words::key("riichi-act-agari-yame"),
            Action::Continue => Words::key("riichi-act-continue"),
        }
    }

    fn told_to_others(action: Action) -> bool {
        action != Action::Pass
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
            Action::Kakan { card } => {
                with("riichi-news-added-kan", "piece", piece(card.tile()).into())
            }
            Action::Discard { card, riichi } => shows::discard_words(
                ["riichi-news-discard", "riichi-news-riichi"],
                "piece",
                piece(card),
                riichi,
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
                vec![("action", Riichi::action_words(*action).into())],
            ),
        };
        Words::with("err-refused", vec![("reason", reason.into())])
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
        crate::games::kit::mahjong::names::yaku_rows(Yaku::ALL, options.kuitan)
    }

    fn rules_pages() -> &'static [&'static str] {
        &[
            "riichi-rules-1",
            "riichi-rules-2",
            "riichi-rules-3",
            "riichi-rules-4",
            "riichi-rules-5",
        ]
    }

    fn switch_words(id: &str) -> Words {
        Words::key(format!("riichi-switch-{}", id.replace('_', "-")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::interface::deal::DeckSeed;
    use crate::games::interface::prelude::*;
    use crate::games::interface::seat::PerSeat;
    use crate::games::interface::seat::SeatCount;
    use crate::games::interface::EnglishName;
    use crate::games::riichi::closed::Closed;
    use crate::games::riichi::options::Options;

    #[test]
    fn tiles_show_their_notation_and_honors_their_character_and_name() {
        let p = piece("0m".parse().unwrap());
        assert_eq!(
            (p.face.as_str(), p.text.as_str(), p.name_en),
            ("0m", "0m", EnglishName::Unneeded)
        );
        let p = piece("7z".parse().unwrap());
        assert_eq!(
            (p.face.as_str(), p.text.as_str(), p.name_en),
            ("7z", "中", EnglishName::BesideBoth("Red"))
        );
    }

    fn started(seed: DeckSeed) -> Game {
        Riichi::start(&seed, SeatCount::FOUR, Seat::ZERO, Options::default()).0
    }

    #[test]
    fn the_drawn_tile_is_set_apart_from_the_hand_in_order() {
        let game = started([4; 32]);
        let view = Riichi::view(&game, Seat::ZERO);
        let hand = Riichi::hand(&view);
        let drawn = view.drawn.expect("the dealer has drawn");
        assert_eq!(hand.concealed.len(), 13);
        assert_eq!(hand.drawn, Some(piece(drawn)));
        let faces: Vec<&str> = hand.concealed.iter().map(|p| p.face.as_str()).collect();
        let mut sorted = faces.clone();
        sorted.sort_by_key(|f| f.parse::<Tile>().unwrap());
        assert_eq!(faces, sorted, "in tile order");
    }

    #[test]
    fn every_seat_shows_its_wind_the_dealer_east() {
        let game = started([4; 32]);
        let round = Riichi::board(&game).round.unwrap();
        let winds: Vec<String> = SEATS
            .seats()
            .map(|s| round.seats[s].mark.as_ref().unwrap().key.to_string())
            .collect();
        assert_eq!(
            winds,
            [
                "riichi-seat-east",
                "riichi-seat-south",
                "riichi-seat-west",
                "riichi-seat-north"
            ]
        );
    }

    #[test]
    fn a_hand_opens_its_notes_with_its_seats_wind_and_shows_the_public_table() {
        let game = started([4; 32]);
        for seat in SEATS.seats() {
            let hand = Riichi::hand(&Riichi::view(&game, seat));
            assert_eq!(hand.board, Riichi::board(&game));
            let wind = round_seat_mark(&game, seat);
            assert_eq!(
                hand.notes[0],
                Words::with("riichi-your-seat", vec![("wind", wind.into())])
            );
        }
    }

    fn round_seat_mark(game: &Game, seat: Seat) -> Words {
        let round = Riichi::board(game).round.unwrap();
        round.seats[seat].mark.clone().unwrap()
    }

    #[test]
    fn every_step_of_a_played_game_is_shown_and_every_round_summarised() {
        let seed: DeckSeed = [4; 32];
        let mut game = started(seed);
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
        // A line per rank and how the final score is counted.
        assert_eq!(Riichi::result_lines(&game).len(), 5);
    }

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    /// The lost-claim note of `seat`'s hand, if it has one.
    fn lost_note(game: &Game, seat: Seat) -> Option<Words> {
        Riichi::hand(&Riichi::view(game, seat))
            .notes
            .into_iter()
            .find(|n| n.key == "riichi-hand-lost-claim")
    }

    /// The message `key` in riichi's English and Japanese files.
    fn message(key: &str) -> [String; 2] {
        let (en, ja) = <Riichi as Shows>::MESSAGES;
        [en, ja].map(|file| {
            file.lines()
                .find_map(|l| l.strip_prefix(key)?.trim_start().strip_prefix('='))
                .unwrap_or_else(|| panic!("{key} is missing"))
                .trim()
                .to_string()
        })
    }

    #[test]
    fn a_claim_that_lost_is_told_only_in_its_players_hand_until_they_act() {
        let mut game = started([4; 32]);
        let tile = t("6p");
        let pon = Action::pon(tile, tile);
        let answers =
            PerSeat::from_vec(vec![None, Some(Action::Ron), Some(Action::Pass), Some(pon)])
                .unwrap();
        game.last_claims = Some(Closed::new(Seat::ZERO, tile, answers, vec![Seat::ONE]));
        let ron_by_one = Words::with(
            "riichi-lost-taker",
            vec![
                ("name", Say::Player(Seat::ONE)),
                ("answer", Words::key("riichi-answer-ron").into()),
            ],
        );
        assert_eq!(
            lost_note(&game, Seat::THREE),
            Some(Words::with(
                "riichi-hand-lost-claim",
                vec![
                    ("mine", Words::key("riichi-answer-pon").into()),
                    ("piece", piece(tile).into()),
                    ("takers", Say::Join(vec![ron_by_one.into()], ", ")),
                    ("why", Words::key("riichi-lost-ron-first").into()),
                ],
            ))
        );
        // Not the winner, not a seat that passed, not the discarder.
        for seat in [Seat::ZERO, Seat::ONE, Seat::TWO] {
            assert_eq!(lost_note(&game, seat), None, "seat {seat:?}");
        }
        game.last_claims.as_mut().unwrap().acted(Seat::THREE);
        assert_eq!(lost_note(&game, Seat::THREE), None);
    }

    /// The table and every hand say how the last claim window closed, until someone acts.
    #[test]
    fn the_last_claim_window_is_on_the_table_until_someone_acts() {
        let mut game = started([4; 32]);
        let tile = t("6p");
        let pon = Action::pon(tile, tile);
        let answers = PerSeat::from_vec(vec![
            None,
            Some(Action::Pass),
            Some(pon),
            Some(Action::Pass),
        ])
        .unwrap();
        game.last_claims = Some(Closed::new(Seat::ZERO, tile, answers, vec![Seat::TWO]));
        let line = |game: &Game| {
            let round = Riichi::board(game).round.unwrap();
            let found = |lines: &[Words]| {
                lines
                    .iter()
                    .find(|w| w.key.starts_with("riichi-claims-"))
                    .cloned()
            };
            assert_eq!(found(&round.table_lines), found(&round.hand_lines));
            found(&round.table_lines)
        };
        let took = line(&game).expect("the pon is told");
        assert_eq!(took.key, "riichi-claims-took");
        game.last_claims.as_mut().unwrap().acted(Seat::TWO);
        assert_eq!(line(&game), None, "the pon's discard is the news now");
        let answers =
            PerSeat::from_vec(vec![None, Some(Action::Pass), Some(Action::Pass), None]).unwrap();
        game.last_claims = Some(Closed::new(Seat::ZERO, tile, answers, vec![]));
        assert_eq!(line(&game).unwrap().key, "riichi-claims-passed");
        for key in [
            "riichi-claims-took",
            "riichi-claims-took-over",
            "riichi-claims-passed",
        ] {
            let [en, ja] = message(key);
            for arg in ["$discarder", "$piece"] {
                assert!(
                    en.contains(arg) && ja.contains(arg),
                    "{key} {arg}: {en} / {ja}"
                );
            }
        }
    }

    #[test]
    fn a_chi_that_lost_to_a_pon_is_told_why() {
        let mut game = started([4; 32]);
        let tile = t("3m");
        let answers = PerSeat::from_vec(vec![
            None,
            Some(Action::chi(t("4m"), t("5m"))),
            Some(Action::pon(tile, tile)),
            None,
        ])
        .unwrap();
        game.last_claims = Some(Closed::new(Seat::ZERO, tile, answers, vec![Seat::TWO]));
        let note = lost_note(&game, Seat::ONE).expect("the chi's loss is told");
        let arg = |name: &str| {
            note.args
                .iter()
                .find(|(n, _)| *n == name)
                .unwrap()
                .1
                .clone()
        };
        assert_eq!(arg("mine"), Words::key("riichi-answer-chi").into());
        assert_eq!(arg("why"), Words::key("riichi-lost-pon-first").into());
        assert_eq!(lost_note(&game, Seat::TWO), None, "the pon was made");
    }

    #[test]
    fn the_lost_claim_note_has_its_words_in_both_languages() {
        for key in [
            "riichi-hand-lost-claim",
            "riichi-lost-taker",
            "riichi-lost-ron-first",
            "riichi-lost-pon-first",
            "riichi-lost-nearer-ron",
            "riichi-answer-ron",
            "riichi-answer-chi",
            "riichi-answer-pon",
            "riichi-answer-open-kan",
        ] {
            let [en, ja] = message(key);
            assert!(
                !en.is_empty() && !ja.is_empty() && en != ja,
                "{key}: {en} / {ja}"
            );
        }
        let [en, ja] = message("riichi-hand-lost-claim");
        for arg in ["$mine", "$piece", "$takers", "$why"] {
            assert!(en.contains(arg) && ja.contains(arg), "{arg}: {en} / {ja}");
        }
    }

    /// A claim answer's news is true whether or not the claim was carried out: it may have
    /// lost to a ron or to a pon.
    #[test]
    fn a_claim_answer_reads_as_answered_not_as_done_in_both_languages() {
        let answers = [
            Action::Ron,
            Action::chi(t("4m"), t("5m")),
            Action::pon(t("6p"), t("6p")),
            Action::Daiminkan {
                card: t("7s").kind(),
            },
        ];
        for answer in answers {
            let key = Riichi::news_words(answer, None).key;
            let [en, ja] = message(&key);
            assert!(en.contains("answered"), "{key}: {en}");
            assert!(!en.contains("called") && !en.contains("won"), "{key}: {en}");
            assert!(ja.contains("の答え"), "{key}: {ja}");
            assert!(!ja.contains("和了"), "{key}: {ja}");
        }
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
