//! "What just happened" lines for the hand message: committed moves as the viewer may see
//! them ("You discarded 🍋4", "Bob called pon ☀️ ☀️ *🍑1"), and a line for a round that ended.
//! Only what the moves themselves reveal is shown: a draw names its pile, never its card.

use super::cards::{card, cards, claimed_set};
use super::label::MatchLabel;
use super::summary::headline;
use crate::games::momojan::{Action, RoundEnd, RoundRecord, Seat};
use crate::games::rules::Concession;
use crate::i18n::{tr, tr_args, Lang};
use crate::service::{Move, Origin};

const PILES: [&str; 3] = ["A", "B", "C"];

/// One line per committed move, oldest first, as `viewer` may see them. A pon or chi shows
/// the whole set when the discard it took is among `moves`.
pub fn news(
    moves: &[(Seat, Move<Action>, Origin)],
    viewer: Seat,
    label: &MatchLabel,
) -> Vec<String> {
    let mut last_discard = None;
    let mut out = Vec::with_capacity(moves.len());
    for (seat, mv, origin) in moves {
        let who = who(*seat, viewer, label);
        let line = match *mv {
            Move::Play(action) => play_line(action, &who, last_discard, label.lang),
            Move::Concede(why) => concede_line(why, &who, label.lang),
        };
        out.push(format!("{line}{}", origin_mark(*origin, label.lang)));
        last_discard = match *mv {
            Move::Play(Action::Discard { card, .. }) => Some(card),
            _ => None,
        };
    }
    out
}

/// One line about a finished round: its number, how it ended and what the winner scored.
pub fn round_news(record: &RoundRecord, label: &MatchLabel) -> String {
    let lang = label.lang;
    let n = record.index + 1;
    let what = headline(record, label);
    match &record.end {
        Some(RoundEnd::Win { score, .. }) => tr_args(
            lang,
            "news-round-won",
            &[
                ("n", n.into()),
                ("headline", what.into()),
                ("base", score.base.into()),
                ("total", score.total.into()),
            ],
        ),
        _ => tr_args(
            lang,
            "news-round",
            &[("n", n.into()), ("headline", what.into())],
        ),
    }
}

/// "You" for the viewer, the player's name otherwise.
fn who(seat: Seat, viewer: Seat, label: &MatchLabel) -> String {
    if seat == viewer {
        tr(label.lang, "news-you")
    } else {
        label.name(seat).to_string()
    }
}

fn play_line(
    action: Action,
    who: &str,
    taken: Option<crate::games::momojan::Card>,
    lang: Lang,
) -> String {
    let with = |key: &str, args: Vec<(&'static str, crate::i18n::Arg)>| {
        let mut all = vec![("who", who.to_string().into())];
        all.extend(args);
        tr_args(lang, key, &all)
    };
    let set = |hand_cards: &[crate::games::momojan::Card]| match taken {
        Some(c) => claimed_set(hand_cards, c),
        None => cards(hand_cards),
    };
    match action {
        Action::Draw { pile } => with("news-draw", vec![("pile", PILES[pile as usize % 3].into())]),
        Action::DrawThree => with("news-draw-three", vec![]),
        Action::Pon { cards: c } => with("news-pon", vec![("cards", set(&c).into())]),
        Action::Chi { cards: c } => with("news-chi", vec![("cards", set(&c).into())]),
        Action::Kai { cards: c } => with("news-kai", vec![("cards", cards(&c).into())]),
        Action::Kan { cards: c } => with("news-kan", vec![("cards", cards(&c).into())]),
        Action::Ron => with("news-ron", vec![]),
        Action::Tsumo => with("news-tsumo", vec![]),
        Action::Discard { card: c, riichi } => {
            let key = if riichi {
                "news-riichi"
            } else {
                "news-discard"
            };
            with(key, vec![("card", card(c).into())])
        }
        Action::Pass => with("news-pass", vec![]),
    }
}

fn concede_line(why: Concession, who: &str, lang: Lang) -> String {
    let key = match why {
        Concession::Forfeit => "news-forfeit",
        Concession::Resigned => "news-resigned",
    };
    tr_args(lang, key, &[("who", who.to_string().into())])
}

/// How a move came about when the player did not click it.
fn origin_mark(origin: Origin, lang: Lang) -> String {
    match origin {
        Origin::Timeout => " ⏰".into(),
        Origin::Auto => format!(" {}", tr(lang, "action-auto")),
        Origin::Computer => " 🤖".into(),
        Origin::Player | Origin::Resign | Origin::Forfeit => String::new(),
    }
}

/// What a player's hand says happened since it was last shown: the moves, then a line for
/// each of the `ended` latest rounds of `records` (their results, before the next deal).
pub fn since_shown(
    moves: &[(Seat, Move<Action>, Origin)],
    ended: usize,
    records: &[RoundRecord],
    viewer: Seat,
    label: &MatchLabel,
) -> Vec<String> {
    let mut lines = news(moves, viewer, label);
    let first = records.len().saturating_sub(ended);
    lines.extend(records[first..].iter().map(|r| round_news(r, label)));
    lines
}

/// How many rounds these events ended.
pub fn rounds_ended<'a>(
    events: impl IntoIterator<Item = &'a crate::games::momojan::Event>,
) -> usize {
    use crate::games::momojan::round::RoundEvent;
    events
        .into_iter()
        .filter(|e| matches!(e, crate::games::momojan::Event::Round(RoundEvent::Ended(_))))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::momojan::card::parse_cards;
    use crate::games::seat::PerSeat;

    fn label(lang: Lang) -> MatchLabel {
        MatchLabel {
            match_id: crate::service::MatchId(7),
            version: 3,
            names: PerSeat::new("Alice".into(), "Bob".into()),
            mentions: PerSeat::new("<@1>".into(), "<@2>".into()),
            lang,
        }
    }

    fn play(seat: Seat, action: Action) -> (Seat, Move<Action>, Origin) {
        (seat, Move::Play(action), Origin::Player)
    }

    #[test]
    fn the_viewer_is_you_and_the_opponent_is_named() {
        let c = parse_cards("l4 p1").unwrap();
        let moves = [
            play(
                Seat::Zero,
                Action::Discard {
                    card: c[0],
                    riichi: false,
                },
            ),
            (
                Seat::One,
                Move::Play(Action::Discard {
                    card: c[1],
                    riichi: true,
                }),
                Origin::Timeout,
            ),
        ];
        let lines = news(&moves, Seat::Zero, &label(Lang::En));
        assert_eq!(lines[0], "You discarded 🍋4");
        assert!(lines[1].starts_with("Bob "), "{}", lines[1]);
        assert!(lines[1].contains("🍑1") && lines[1].ends_with('⏰'));
        // And the other way round.
        let theirs = news(&moves, Seat::One, &label(Lang::En));
        assert!(theirs[0].starts_with("Alice discarded"));
    }

    #[test]
    fn a_pon_after_the_discard_it_took_shows_the_whole_set() {
        let c = parse_cards("p1 Sun Sun").unwrap();
        let moves = [
            play(
                Seat::Zero,
                Action::Discard {
                    card: c[0],
                    riichi: false,
                },
            ),
            play(
                Seat::One,
                Action::Pon {
                    cards: [c[1], c[2]],
                },
            ),
        ];
        let lines = news(&moves, Seat::Zero, &label(Lang::En));
        assert_eq!(lines[1], "Bob called pon *🍑1 ☀️ ☀️");
    }

    #[test]
    fn a_draw_names_the_pile_never_the_card() {
        let moves = [play(Seat::One, Action::Draw { pile: 2 })];
        for lang in Lang::ALL {
            let line = news(&moves, Seat::Zero, &label(lang)).remove(0);
            assert!(line.contains('C') && line.contains("Bob"), "{line}");
        }
    }

    #[test]
    fn every_move_has_a_line_in_both_languages() {
        let c = parse_cards("l1 l2 l3 Dog").unwrap();
        let actions = [
            Action::Draw { pile: 0 },
            Action::DrawThree,
            Action::Pon {
                cards: [c[3], c[3]],
            },
            Action::Chi {
                cards: [c[0], c[2]],
            },
            Action::Kai {
                cards: [c[0], c[1], c[2]],
            },
            Action::Kan { cards: [c[3]; 4] },
            Action::Ron,
            Action::Tsumo,
            Action::Pass,
        ];
        let mut moves: Vec<_> = actions.iter().map(|a| play(Seat::One, *a)).collect();
        moves.push((
            Seat::One,
            Move::Concede(Concession::Resigned),
            Origin::Resign,
        ));
        for lang in Lang::ALL {
            for line in news(&moves, Seat::Zero, &label(lang)) {
                assert!(line.contains("Bob"), "{line}");
                assert!(!line.contains("news-"), "a missing message: {line}");
            }
        }
    }
}
