//! MOMOJAN's teaching words ([`Teach`]): each choice's effect on the hand in MOMOJAN's terms —
//! how far a discard leaves the hand from tenpai (its sets, partial sets and head, as the
//! computer counts them) and the cards that would bring it closer, or at tenpai its waits, each
//! with the copies the seat has not seen — and a one-line reason for a move. Both from one
//! seat's view; a reason names only the card the move played or took and whether the opponent
//! declared riichi, because the opponent reads it too (the **Why?** of a computer's move).

use super::computer::shape::Layout;
use super::computer::Obs;
use super::shown::piece;
use super::view::SeatView;
use super::waits::waits;
use super::{Action, Card, CardCounts, Momojan, RuleOptions};
use crate::games::interface::{Say, Teach, Words};

impl Teach for Momojan {
    fn hints(view: &SeatView, _options: &RuleOptions) -> Vec<(Action, Words)> {
        let Some(obs) = Obs::from_view(view) else {
            return Vec::new();
        };
        view.legal_actions
            .iter()
            .map(|&a| (a, hint(&obs, a)))
            .collect()
    }

    fn reason(view: &SeatView, _options: &RuleOptions, action: Action) -> Words {
        let Some(obs) = Obs::from_view(view) else {
            return Words::key("momojan-reason-between-rounds");
        };
        let on = |key: &'static str, c: Card| Words::with(key, vec![("card", piece(c).into())]);
        match action {
            Action::Ron | Action::Tsumo => Words::key("momojan-reason-win"),
            Action::Draw { .. } => match obs.claimable {
                Some(c) => on("momojan-reason-draw", c),
                None => Words::key("momojan-reason-draw-plain"),
            },
            Action::DrawThree => Words::key("momojan-reason-draw-three"),
            Action::Discard { card, riichi: true } => on("momojan-reason-riichi", card),
            Action::Discard { card, .. } => discard_reason(&obs, card),
            Action::Pon { .. } | Action::Chi { .. } => match obs.claimable {
                Some(c) => on("momojan-reason-call", c),
                None => Words::key("momojan-reason-call-plain"),
            },
            Action::Kai { .. } => Words::key("momojan-reason-kai"),
            Action::Kan { .. } => Words::key("momojan-reason-kan"),
            Action::Pass => Words::key("momojan-reason-pass"),
        }
    }
}

/// The hand's distance from tenpai once `cards` have left it.
fn distance_without(hand: &CardCounts, cards: &[Card]) -> Option<(CardCounts, i32)> {
    let mut rest = *hand;
    for &c in cards {
        if !rest.remove(c) {
            return None;
        }
    }
    let d = Layout::new(&rest).shanten_without(0);
    Some((rest, d))
}

fn hint(obs: &Obs, action: Action) -> Words {
    match action {
        Action::Ron | Action::Tsumo => Words::key("momojan-teach-win"),
        Action::Draw { pile } => Words::with(
            "momojan-teach-draw",
            vec![(
                "left",
                obs.pile_sizes
                    .get(usize::from(pile))
                    .copied()
                    .unwrap_or(0)
                    .into(),
            )],
        ),
        Action::DrawThree => Words::key("momojan-teach-draw-three"),
        Action::Discard { card, riichi } => {
            let key = if riichi {
                "momojan-teach-riichi"
            } else {
                "momojan-teach-discard"
            };
            Words::with(key, vec![("card", piece(card).into())])
                .and("after", after(obs, &[card]).into())
        }
        Action::Pon { cards } | Action::Chi { cards } => {
            let now = Layout::new(&obs.hand).shanten_without(0);
            // After the call the player discards: the best it can then reach.
            let best = distance_without(&obs.hand, &cards).and_then(|(rest, _)| {
                Card::all()
                    .filter(|c| rest.contains(*c))
                    .filter_map(|c| distance_without(&rest, &[c]).map(|(_, d)| d))
                    .min()
            });
            Words::with(
                "momojan-teach-call",
                vec![
                    ("distance", distance(best.unwrap_or(now)).into()),
                    ("now", distance(now).into()),
                ],
            )
        }
        Action::Kai { cards } => Words::with(
            "momojan-teach-kai",
            vec![("distance", distance_after(obs, &cards).into())],
        ),
        Action::Kan { cards } => Words::with(
            "momojan-teach-kan",
            vec![("distance", distance_after(obs, &cards).into())],
        ),
        Action::Pass => Words::with(
            "momojan-teach-pass",
            vec![(
                "distance",
                distance(Layout::new(&obs.hand).shanten_without(0)).into(),
            )],
        ),
    }
}

fn distance_after(obs: &Obs, cards: &[Card]) -> Words {
    let d = distance_without(&obs.hand, cards).map_or(0, |(_, d)| d);
    distance(d)
}

/// "tenpai" or "n from tenpai".
fn distance(d: i32) -> Words {
    if d <= 0 {
        Words::key("momojan-teach-tenpai")
    } else {
        Words::with("momojan-teach-shanten", vec![("n", i64::from(d).into())])
    }
}

/// What the hand is once `cards` left it: tenpai with its waits, or its distance and the cards
/// that would bring it closer, each counted by its unseen copies.
fn after(obs: &Obs, cards: &[Card]) -> Words {
    let Some((rest, d)) = distance_without(&obs.hand, cards) else {
        return Words::key("momojan-teach-unknown");
    };
    let listed = |key: &'static str, list: Vec<Card>| {
        let unseen: u32 = list.iter().map(|c| u32::from(obs.unseen.count(*c))).sum();
        Words::with(
            key,
            vec![
                ("cards", Say::Pieces(list.into_iter().map(piece).collect())),
                ("unseen", unseen.into()),
            ],
        )
    };
    if d <= 0 {
        let wins: Vec<Card> = waits(&rest, obs.my_melds())
            .into_iter()
            .map(|w| w.card)
            .collect();
        if !wins.is_empty() {
            return listed("momojan-teach-ready", wins);
        }
    }
    let closer: Vec<Card> = Card::all()
        .filter(|c| obs.unseen.count(*c) > 0)
        .filter(|&c| {
            let mut with = rest;
            with.add(c);
            Layout::new(&with).shanten_without(0) < d
        })
        .collect();
    listed("momojan-teach-closer", closer).and("distance", distance(d).into())
}

/// Safe against a riichi (in its discards), the discard nearest tenpai, or another.
fn discard_reason(obs: &Obs, card: Card) -> Words {
    let with = |key: &'static str| Words::with(key, vec![("card", piece(card).into())]);
    let opponent = obs.opponent();
    if obs.riichi[opponent] && obs.discard_pile(opponent).any(|c| c == card) {
        return with("momojan-reason-safe").and("player", Say::Player(opponent));
    }
    let left = |c: Card| distance_without(&obs.hand, &[c]).map_or(i32::MAX, |(_, d)| d);
    let nearest = obs
        .legal
        .iter()
        .filter_map(|a| match a {
            Action::Discard { card, .. } => Some(left(*card)),
            _ => None,
        })
        .min()
        .unwrap_or(i32::MAX);
    match left(card) {
        d if d <= nearest => with("momojan-reason-closest"),
        _ if obs.riichi[opponent] => {
            with("momojan-reason-defend").and("player", Say::Player(opponent))
        }
        _ => with("momojan-reason-other"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::interface::seat::SeatCount;
    use crate::games::interface::testing::{assert_hints_cover, assert_reason_is_public, views};

    #[test]
    fn hints_cover_every_choice_and_a_reason_names_only_the_card_played_or_taken() {
        let mut checked = 0;
        let mut discards = 0;
        for seed in 1..4 {
            for (view, action) in views::<Momojan>(seed, SeatCount::TWO, 200) {
                let hints = Momojan::hints(&view, &RuleOptions::default());
                assert_hints_cover(&hints, &view.legal_actions);
                for (a, w) in &hints {
                    if let Action::Discard { card, .. } = a {
                        assert_eq!(w.args[0].1, Say::Piece(piece(*card)));
                        discards += 1;
                    }
                }
                let why = Momojan::reason(&view, &RuleOptions::default(), action);
                let played = match action {
                    Action::Discard { card, .. } => Some(card),
                    _ => None,
                };
                let claimed = view.public.round.as_ref().and_then(|r| r.claimable);
                assert_reason_is_public(&action, &why, played.or(claimed).map(piece));
                checked += 1;
            }
        }
        assert!(checked > 200 && discards > 200, "{checked} {discards}");
    }

    #[test]
    fn a_tenpai_discard_lists_the_views_own_waits_with_their_unseen_copies() {
        // Wherever the view says a discard keeps tenpai, the hint names the same waits and
        // the same unseen copies in all.
        let mut compared = 0;
        for seed in 1..6 {
            for (view, _) in views::<Momojan>(seed, SeatCount::TWO, 200) {
                let hints = Momojan::hints(&view, &RuleOptions::default());
                for td in &view.tenpai_discards {
                    let Some((_, w)) = hints.iter().find(|(a, _)| {
                        *a == Action::Discard {
                            card: td.card,
                            riichi: false,
                        }
                    }) else {
                        continue;
                    };
                    let Say::Words(after) = &w.args[1].1 else {
                        panic!("{w:?}")
                    };
                    assert_eq!(after.key, "momojan-teach-ready", "{w:?}");
                    let named: Vec<_> = td.waits.iter().map(|x| piece(x.card)).collect();
                    assert_eq!(after.args[0].1, Say::Pieces(named));
                    let unseen: i64 = td.waits.iter().map(|x| i64::from(x.unseen)).sum();
                    assert_eq!(after.args[1].1, Say::Num(unseen));
                    compared += 1;
                }
            }
        }
        assert!(compared > 0, "some game reaches tenpai");
    }
}
