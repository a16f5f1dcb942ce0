//! The hand message's buttons: exactly the engine's legal actions, each saying what it does.
//! Claims and openings show the whole set they make (the claimed card marked), riichi
//! discards the waits they leave; colours tell winning moves (green) from claims and
//! openings (blurple) from draws, discards and pass (grey). When everything does not fit in
//! Discord's five rows, openings or riichi discards (or both, together) go in one select menu.

use super::cards::{card, cards, claimed_set};
use super::label::MatchLabel;
use super::model::{limits, Button, Row, SelectOption, Style};
use crate::discord::ids::{ActionCode, ButtonKind};
use crate::games::momojan::view::{SeatView, WaitInfo};
use crate::games::momojan::{Action, Card, Momojan};
use crate::i18n::{tr, tr_args, Lang};

const PILES: [&str; 3] = ["A", "B", "C"];

/// The action rows of `view`'s hand message.
pub(super) fn action_rows(view: &SeatView, label: &MatchLabel) -> Vec<Row> {
    let choices = Choices::of(view, label);
    let main = choices.of_group(Group::Main);
    let discards = choices.of_group(Group::Discard);
    let openings = choices.of_group(Group::Opening);
    let riichi = choices.of_group(Group::Riichi);
    let free = limits::ROWS.saturating_sub(rows_for(&main) + rows_for(&discards));
    let mut rows = button_rows(&main);
    if rows_for(&openings) + rows_for(&riichi) <= free {
        rows.extend(button_rows(&openings));
        rows.extend(button_rows(&riichi));
    } else if rows_for(&openings) < free {
        rows.extend(button_rows(&openings));
        rows.extend(select(&riichi, "riichi-placeholder", label));
    } else if rows_for(&riichi) < free {
        rows.extend(select(&openings, "pick-placeholder", label));
        rows.extend(button_rows(&riichi));
    } else {
        let both: Vec<Choice> = openings.into_iter().chain(riichi).collect();
        rows.extend(select(&both, "pick-or-riichi-placeholder", label));
    }
    rows.extend(button_rows(&discards));
    rows
}

/// The label an action's button carries in `view`'s hand: the whole set for a claim, the
/// waits left for a riichi discard.
pub fn choice_label(action: Action, view: &SeatView, lang: Lang) -> String {
    let claimed = view.public.round.as_ref().and_then(|r| r.claimable);
    let with_cards = |key: &str, text: String| tr_args(lang, key, &[("cards", text.into())]);
    let set = |hand_cards: &[Card]| match claimed {
        Some(c) => claimed_set(hand_cards, c),
        None => cards(hand_cards),
    };
    match action {
        Action::Draw { pile } => {
            let left = view
                .public
                .round
                .as_ref()
                .map_or(0, |r| r.pile_sizes[pile as usize % 3]);
            tr_args(
                lang,
                "act-draw-left",
                &[
                    ("pile", PILES[pile as usize % 3].into()),
                    ("n", left.into()),
                ],
            )
        }
        Action::Pon { cards: c } => with_cards("act-pon", set(&c)),
        Action::Chi { cards: c } => with_cards("act-chi", set(&c)),
        Action::Discard {
            card: c,
            riichi: true,
        } => fit(
            tr_args(
                lang,
                "act-riichi-waits",
                &[
                    ("card", card(c).into()),
                    ("waits", short_waits(waits_after(view, c)).into()),
                ],
            ),
            limits::LABEL,
        ),
        other => super::words::action_label(other, lang),
    }
}

/// The colour of an action's button: green wins, blurple claims and openings, grey the rest.
pub fn style_of(action: Action) -> Style {
    match action {
        Action::Ron | Action::Tsumo => Style::Success,
        Action::Pon { .. } | Action::Chi { .. } | Action::Kai { .. } | Action::Kan { .. } => {
            Style::Primary
        }
        Action::Draw { .. } | Action::DrawThree | Action::Discard { .. } | Action::Pass => {
            Style::Secondary
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Group {
    /// Draws, ron, tsumo, draw three, pass.
    Main,
    /// Pon, chi, kai, kan.
    Opening,
    Riichi,
    Discard,
}

fn group_of(action: Action) -> Group {
    match action {
        Action::Pon { .. } | Action::Chi { .. } | Action::Kai { .. } | Action::Kan { .. } => {
            Group::Opening
        }
        Action::Discard { riichi: true, .. } => Group::Riichi,
        Action::Discard { riichi: false, .. } => Group::Discard,
        Action::Draw { .. } | Action::Ron | Action::Tsumo | Action::DrawThree | Action::Pass => {
            Group::Main
        }
    }
}

/// One legal action as a button or an option.
#[derive(Debug, Clone)]
struct Choice {
    action: Action,
    id: String,
    label: String,
    /// For a select option: a riichi discard's waits in full.
    description: String,
}

struct Choices(Vec<Choice>);

impl Choices {
    fn of(view: &SeatView, label: &MatchLabel) -> Choices {
        let lang = label.lang;
        Choices(
            view.legal_actions
                .iter()
                .map(|&action| Choice {
                    action,
                    id: label.button(ButtonKind::Act(ActionCode::of::<Momojan>(action))),
                    label: choice_label(action, view, lang),
                    description: match action {
                        Action::Discard { card, riichi: true } => {
                            long_waits(waits_after(view, card), lang)
                        }
                        _ => String::new(),
                    },
                })
                .collect(),
        )
    }

    fn of_group(&self, group: Group) -> Vec<Choice> {
        self.0
            .iter()
            .filter(|c| group_of(c.action) == group)
            .cloned()
            .collect()
    }
}

fn rows_for(choices: &[Choice]) -> usize {
    choices.len().div_ceil(limits::BUTTONS_PER_ROW)
}

fn button_rows(choices: &[Choice]) -> Vec<Row> {
    choices
        .chunks(limits::BUTTONS_PER_ROW)
        .map(|chunk| {
            Row::Buttons(
                chunk
                    .iter()
                    .map(|c| Button {
                        id: c.id.clone(),
                        label: fit(c.label.clone(), limits::LABEL),
                        style: style_of(c.action),
                        disabled: false,
                    })
                    .collect(),
            )
        })
        .collect()
}

/// One select menu (the message's only one: every select carries the `pick` id). A riichi
/// option's label is the short "Riichi + discard" and its description the waits.
fn select(choices: &[Choice], placeholder: &str, label: &MatchLabel) -> Option<Row> {
    if choices.is_empty() {
        return None;
    }
    let options = choices
        .iter()
        .map(|c| SelectOption {
            label: match c.action {
                Action::Discard {
                    card: d,
                    riichi: true,
                } => tr_args(label.lang, "act-riichi", &[("card", card(d).into())]),
                _ => fit(c.label.clone(), limits::OPTION_TEXT),
            },
            value: c.id.clone(),
            description: fit(c.description.clone(), limits::OPTION_TEXT),
        })
        .collect();
    Some(Row::Select {
        id: label.button(ButtonKind::Pick),
        placeholder: tr(label.lang, placeholder),
        options,
    })
}

/// The waits a discard of `card` leaves (empty if the engine found none).
fn waits_after(view: &SeatView, card: Card) -> &[WaitInfo] {
    view.tenpai_discards
        .iter()
        .find(|d| d.card == card)
        .map_or(&[], |d| d.waits.as_slice())
}

/// Waits as `🍋5×2 🐕×1`, for a button.
fn short_waits(waits: &[WaitInfo]) -> String {
    if waits.is_empty() {
        return "—".into();
    }
    waits
        .iter()
        .map(|w| format!("{}×{}", card(w.card), w.unseen))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Waits as the hand's tenpai line words them, for an option's description.
fn long_waits(waits: &[WaitInfo], lang: Lang) -> String {
    tr_args(
        lang,
        "riichi-waits",
        &[("waits", super::words::waits_text(waits, lang).into())],
    )
}

/// `text` cut to at most `max` characters, with `…` where it was cut.
fn fit(text: String, max: usize) -> String {
    if text.chars().count() <= max {
        return text;
    }
    let mut cut: String = text.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_that_is_too_long_is_cut_with_an_ellipsis() {
        assert_eq!(fit("abc".into(), 3), "abc");
        assert_eq!(fit("abcd".into(), 3), "ab…");
        assert_eq!(fit("🍋1🍋2".into(), 3), "🍋1…");
    }
}
