//! The beginners' card mahjong's teaching words ([`Teach`]): each choice's effect on the hand
//! in this game's terms — how many cards it leaves the hand from tenpai, and which isolated
//! card would complete each taatsu into a meld (by a call, or as the winning card), with its
//! copies the seat has not seen — and a one-line reason for a move. Both from one seat's view;
//! a reason names only the card the move played or took and who declared riichi, because the
//! other players read it too (the **Why?** of a computer's move).

use super::action::Action;
use super::card::{Card, Counts, Form};
use super::computer::{distance, my_open, unseen};
use super::hand::{tenpai, OpenMeld, Set};
use super::options::Options;
use super::shown::piece;
use super::view::{PublicPhase, SeatView};
use super::Beginners;
use crate::games::interface::{Say, Teach, Words};

impl Teach for Beginners {
    fn hints(view: &SeatView, _options: &Options) -> Vec<(Action, Words)> {
        let unseen = unseen(view);
        view.legal_actions
            .iter()
            .map(|&a| (a, hint(view, &unseen, a)))
            .collect()
    }

    fn reason(view: &SeatView, _options: &Options, action: Action) -> Words {
        let on =
            |key: &'static str, card: Card| Words::with(key, vec![("card", piece(card).into())]);
        match action {
            Action::Tsumo | Action::Ron => Words::key("beginners-reason-win"),
            Action::Draw => Words::key("beginners-reason-draw"),
            Action::Discard { card, riichi: true } => on("beginners-reason-riichi", card),
            Action::Discard { card, .. } => discard_reason(view, card),
            Action::Pon | Action::Chi => match claimed(view) {
                Some(card) => on("beginners-reason-call", card),
                None => Words::key("beginners-reason-call-any"),
            },
            Action::Pass => match claimed(view) {
                Some(card) => on("beginners-reason-pass", card),
                None => Words::key("beginners-reason-pass-any"),
            },
        }
    }
}

/// The isolated card a claim window is open on (public).
fn claimed(view: &SeatView) -> Option<Card> {
    match view.public.round.as_ref()?.phase {
        PublicPhase::Claims { card, .. } => Some(card),
        _ => None,
    }
}

fn hint(view: &SeatView, unseen: &Counts, action: Action) -> Words {
    let open = my_open(view);
    match action {
        Action::Draw => Words::key("beginners-teach-draw"),
        Action::Tsumo | Action::Ron => Words::key("beginners-teach-win"),
        Action::Discard { card, riichi } => {
            let rest = without(&view.concealed, card);
            let key = if riichi {
                "beginners-teach-riichi"
            } else {
                "beginners-teach-discard"
            };
            Words::with(key, vec![("card", piece(card).into())])
                .and("after", after(&rest, open, unseen).into())
        }
        Action::Pon | Action::Chi => {
            let Some(taken) = claimed(view) else {
                return Words::key("beginners-teach-call-any");
            };
            let shape = match action {
                Action::Pon => super::card::Shape::Ko,
                _ => super::card::Shape::Shun,
            };
            let Some(taatsu) = Card::new(taken.kind(), Form::Taatsu(shape)) else {
                return Words::key("beginners-teach-call-any");
            };
            let rest = without(&view.concealed, taatsu);
            let mut melds = open.to_vec();
            melds.push(OpenMeld {
                set: Set {
                    kind: taken.kind(),
                    shape,
                },
                from: view.seat,
            });
            Words::with(
                "beginners-teach-call",
                vec![
                    ("taatsu", piece(taatsu).into()),
                    ("card", piece(taken).into()),
                    ("after", after(&rest, &melds, unseen).into()),
                ],
            )
        }
        Action::Pass => Words::with(
            "beginners-teach-pass",
            vec![("after", after(&view.concealed, open, unseen).into())],
        ),
    }
}

/// `cards` less one `card`.
fn without(cards: &[Card], card: Card) -> Vec<Card> {
    let mut rest = cards.to_vec();
    if let Some(at) = rest.iter().position(|c| *c == card) {
        rest.remove(at);
    }
    rest
}

/// What a hand of `concealed` beside `open` melds is: tenpai with its winning card and the
/// copies unseen, or how many cards from tenpai and which isolated card completes each of its
/// taatsu into a meld.
fn after(concealed: &[Card], open: &[OpenMeld], unseen: &Counts) -> Words {
    if let Some(t) = tenpai(concealed, open) {
        let wins = Card::isolated(t.wait);
        return Words::with(
            "beginners-teach-ready",
            vec![
                ("card", piece(wins).into()),
                ("unseen", unseen.get(wins).into()),
            ],
        );
    }
    let mut taatsu: Vec<Card> = concealed
        .iter()
        .copied()
        .filter(|c| c.taatsu_shape().is_some())
        .collect();
    taatsu.dedup();
    let completes: Vec<Say> = taatsu
        .into_iter()
        .map(|t| {
            let card = Card::isolated(t.kind());
            Words::with(
                "beginners-teach-completes",
                vec![
                    ("card", piece(card).into()),
                    ("taatsu", piece(t).into()),
                    ("unseen", unseen.get(card).into()),
                ],
            )
            .into()
        })
        .collect();
    let n = distance(concealed, open);
    if completes.is_empty() {
        Words::with("beginners-teach-away", vec![("n", n.into())])
    } else {
        Words::with(
            "beginners-teach-away-melds",
            vec![("n", n.into()), ("melds", Say::Join(completes, ", "))],
        )
    }
}

/// Safe against a riichi (only an isolated card can be ronned), the discard that keeps the hand
/// nearest tenpai, or another: decided from the seat's own hand, worded without it.
fn discard_reason(view: &SeatView, card: Card) -> Words {
    let with = |key: &'static str| Words::with(key, vec![("card", piece(card).into())]);
    let open = my_open(view);
    let riichi = view.public.round.as_ref().and_then(|r| {
        r.players
            .iter()
            .find(|(s, p)| *s != view.seat && p.riichi)
            .map(|(s, _)| s)
    });
    if let Some(player) = riichi.filter(|_| !card.is_isolated()) {
        return with("beginners-reason-safe").and("player", Say::Player(player));
    }
    let left = |c: Card| distance(&without(&view.concealed, c), open);
    let nearest = view
        .legal_actions
        .iter()
        .filter_map(|a| match a {
            Action::Discard { card, .. } => Some(left(*card)),
            _ => None,
        })
        .min();
    if nearest.is_none_or(|n| left(card) <= n) {
        with("beginners-reason-closest")
    } else {
        with("beginners-reason-other")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::beginners::hand::tests::cards;
    use crate::games::interface::seat::{Seat, SeatCount};
    use crate::games::interface::testing::{assert_reason_is_public, each_discard, pieces, views};
    use crate::games::interface::{Piece, Play};

    /// Seat 0's view at its first decision of a game of two, with `concealed` as its hand and
    /// every discard of it legal.
    fn view_with(concealed: &str) -> SeatView {
        let (game, _) = Beginners::start(&[3; 32], SeatCount::TWO, Seat::ZERO, Options::default());
        let mut view = Beginners::view(&game, Seat::ZERO);
        view.concealed = cards(concealed);
        view.concealed.sort();
        view.legal_actions = each_discard(&view.concealed, |card| Action::Discard {
            card,
            riichi: false,
        });
        view
    }

    fn hint_of(view: &SeatView, card: &str) -> Words {
        let card: Card = card.parse().unwrap();
        let hints = Beginners::hints(view, &Options::default());
        assert_eq!(hints.len(), view.legal_actions.len());
        hints
            .into_iter()
            .find(|(a, _)| matches!(a, Action::Discard { card: c, .. } if *c == card))
            .unwrap()
            .1
    }

    fn after_of(w: &Words) -> &Words {
        match &w.args.iter().find(|(n, _)| *n == "after").unwrap().1 {
            Say::Words(w) => w,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_discard_that_reaches_tenpai_names_the_winning_card_and_its_unseen_copies() {
        let view = view_with("M-ko-man M-shun-pin M-shun-pin H-dragon T-ko-wind I-sou");
        let w = hint_of(&view, "I-sou");
        let after = after_of(&w);
        assert_eq!(after.key, "beginners-teach-ready");
        let wins: Card = "I-wind".parse().unwrap();
        assert_eq!(after.args[0].1, Say::Piece(piece(wins)));
        // Six copies of an isolated card, none seen.
        assert_eq!(after.args[1].1, Say::Num(6));
    }

    #[test]
    fn a_discard_short_of_tenpai_names_the_card_that_completes_each_taatsu() {
        let view = view_with("M-ko-man M-shun-pin I-dragon T-ko-wind T-shun-sou I-pin");
        let hint = hint_of(&view, "I-dragon");
        let after = after_of(&hint);
        assert_eq!(after.key, "beginners-teach-away-melds");
        assert_eq!(after.args[0].1, Say::Num(2));
        let Say::Join(list, _) = &after.args[1].1 else {
            panic!("{after:?}")
        };
        let named: Vec<Vec<Piece>> = list
            .iter()
            .map(|s| match s {
                Say::Words(w) => pieces(w),
                other => panic!("{other:?}"),
            })
            .collect();
        let p = |id: &str| piece(id.parse().unwrap());
        assert_eq!(
            named,
            vec![
                vec![p("I-sou"), p("T-shun-sou")],
                vec![p("I-wind"), p("T-ko-wind")]
            ]
        );
    }

    #[test]
    fn against_a_riichi_a_card_that_is_not_isolated_is_called_safe() {
        let mut view = view_with("M-ko-man M-shun-pin I-dragon T-ko-wind T-shun-sou I-pin");
        let why = Beginners::reason(&view, &Options::default(), discard("I-dragon"));
        assert_eq!(why.key, "beginners-reason-closest");
        let why = Beginners::reason(&view, &Options::default(), discard("M-ko-man"));
        assert_eq!(why.key, "beginners-reason-other");
        view.public.round.as_mut().unwrap().players[Seat::ONE].riichi = true;
        let why = Beginners::reason(&view, &Options::default(), discard("T-ko-wind"));
        assert_eq!(why.key, "beginners-reason-safe");
        let why = Beginners::reason(&view, &Options::default(), discard("I-dragon"));
        assert_eq!(why.key, "beginners-reason-closest");
    }

    fn discard(card: &str) -> Action {
        Action::Discard {
            card: card.parse().unwrap(),
            riichi: false,
        }
    }

    #[test]
    fn a_reason_names_only_the_card_played_or_taken_and_never_a_count() {
        let mut checked = 0;
        for (seed, seats) in [
            (1, SeatCount::TWO),
            (2, SeatCount::FOUR),
            (5, SeatCount::THREE),
        ] {
            for (view, action) in views::<Beginners>(seed, seats, 300) {
                let why = Beginners::reason(&view, &Options::default(), action);
                let played = match action {
                    Action::Discard { card, .. } => Some(card),
                    _ => None,
                };
                assert_reason_is_public(&action, &why, played.or(claimed(&view)).map(piece));
                assert_eq!(
                    Beginners::hints(&view, &Options::default()).len(),
                    view.legal_actions.len()
                );
                checked += 1;
            }
        }
        assert!(checked > 300, "{checked}");
    }
}
