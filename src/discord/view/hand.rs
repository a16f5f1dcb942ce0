//! The private hand message (always ephemeral): the player's cards, waits when tenpai with how
//! many of each are unseen, a furiten warning, and exactly the engine's legal actions as
//! buttons. The riichi toggle switches the discard buttons to riichi discards (only those
//! that keep the hand tenpai are enabled).

use super::cards::{card, cards};
use super::label::MatchLabel;
use super::model::{Button, Embed, Message, Row, SelectOption, Style};
use crate::discord::ids::ButtonKind;
use crate::engine::view::{SeatView, WaitInfo};
use crate::engine::Action;
use crate::i18n::{tr, tr_args, Lang};

/// Buttons per row and selects per message that the opening actions may use.
const OPENINGS_AS_BUTTONS: usize = 5;
const SELECT_OPTIONS: usize = 25;

/// The hand message of `view.seat`. `riichi_mode` is the state of the riichi toggle.
pub fn hand(view: &SeatView, label: &MatchLabel, riichi_mode: bool) -> Message {
    let lang = label.lang;
    let mut lines = vec![format!("**{}**", hand_line(view))];
    if let Some(drawn) = view.drawn {
        lines.push(tr_args(lang, "hand-drew", &[("card", card(drawn).into())]));
    }
    if view.tenpai {
        let waits = waits_text(&view.waits, lang);
        lines.push(tr_args(lang, "hand-tenpai", &[("waits", waits.into())]));
    }
    if view.furiten {
        lines.push(tr(lang, "hand-furiten"));
    }
    if !view.tenpai_discards.is_empty() && !view.legal_actions.is_empty() {
        let keep: Vec<String> = view.tenpai_discards.iter().map(|d| card(d.card)).collect();
        lines.push(tr_args(
            lang,
            "hand-keep-tenpai",
            &[("cards", keep.join(" ").into())],
        ));
    }
    match view.public.round.as_ref().and_then(|r| r.to_act) {
        Some(seat) if seat != view.seat => {
            lines.push(tr_args(
                lang,
                "hand-waiting-for",
                &[("name", label.name(seat).into())],
            ));
        }
        None => lines.push(tr(lang, "hand-no-round")),
        _ => {}
    }
    let embed = Embed {
        title: tr(lang, "hand-title"),
        description: lines.join("\n"),
        color: 0xF4A6C0,
        ..Embed::default()
    };
    Message {
        embeds: vec![embed],
        rows: action_rows(&view.legal_actions, label, riichi_mode, pile_sizes(view)),
        ephemeral: true,
        ..Message::default()
    }
}

fn pile_sizes(view: &SeatView) -> [usize; 3] {
    view.public.round.as_ref().map_or([0; 3], |r| r.pile_sizes)
}

fn hand_line(view: &SeatView) -> String {
    if view.hand.is_empty() {
        return "—".into();
    }
    cards(&view.hand)
}

fn waits_text(waits: &[WaitInfo], lang: Lang) -> String {
    waits
        .iter()
        .map(|w| {
            let left = tr_args(
                lang,
                "wait-left",
                &[("card", card(w.card).into()), ("n", w.unseen.into())],
            );
            if w.ron_blocked {
                format!("{left} {}", tr(lang, "wait-no-ron"))
            } else {
                left
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Rows: turn actions (draws, ron, tsumo, draw three, pass), openings (pon, chi, kai, kan:
/// buttons, or select menus when there are many), then discards with the riichi toggle.
fn action_rows(
    legal: &[Action],
    label: &MatchLabel,
    riichi_mode: bool,
    piles: [usize; 3],
) -> Vec<Row> {
    let mut rows = Vec::new();
    let main: Vec<Button> = legal
        .iter()
        .filter(|a| is_main(a))
        .map(|a| {
            let mut button = action_button(*a, label);
            if let Action::Draw { pile } = a {
                button.label = format!("{} ({})", button.label, piles[*pile as usize % 3]);
            }
            button
        })
        .collect();
    if !main.is_empty() {
        rows.push(Row::Buttons(main));
    }
    let openings: Vec<Action> = legal.iter().copied().filter(is_opening).collect();
    rows.extend(opening_rows(&openings, label));
    rows.extend(discard_rows(legal, label, riichi_mode));
    rows
}

fn is_main(a: &Action) -> bool {
    matches!(
        a,
        Action::Draw { .. } | Action::Ron | Action::Tsumo | Action::DrawThree | Action::Pass
    )
}

fn is_opening(a: &Action) -> bool {
    matches!(
        a,
        Action::Pon { .. } | Action::Chi { .. } | Action::Kai { .. } | Action::Kan { .. }
    )
}

fn opening_rows(openings: &[Action], label: &MatchLabel) -> Vec<Row> {
    if openings.is_empty() {
        return Vec::new();
    }
    if openings.len() <= OPENINGS_AS_BUTTONS {
        return vec![Row::Buttons(
            openings.iter().map(|a| action_button(*a, label)).collect(),
        )];
    }
    openings
        .chunks(SELECT_OPTIONS)
        .enumerate()
        .map(|(i, chunk)| Row::Select {
            // One select per chunk; ids must differ within a message.
            id: format!(
                "{}{}",
                label.button(ButtonKind::Pick),
                if i == 0 { "" } else { "-2" }
            ),
            placeholder: tr(label.lang, "pick-placeholder"),
            options: chunk
                .iter()
                .map(|a| SelectOption {
                    label: action_label(*a, label.lang),
                    value: label.button(ButtonKind::Act(*a)),
                })
                .collect(),
        })
        .collect()
}

/// One button per discardable card; in riichi mode the same cards as riichi discards, enabled
/// only where riichi is legal. The toggle appears when some riichi discard is legal.
fn discard_rows(legal: &[Action], label: &MatchLabel, riichi_mode: bool) -> Vec<Row> {
    let plain: Vec<_> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Discard {
                card,
                riichi: false,
            } => Some(*card),
            _ => None,
        })
        .collect();
    let riichi_ok = |c| {
        legal.contains(&Action::Discard {
            card: c,
            riichi: true,
        })
    };
    let any_riichi = plain.iter().any(|c| riichi_ok(*c));
    let mut buttons: Vec<Button> = plain
        .iter()
        .map(|&c| {
            if riichi_mode && any_riichi {
                Button {
                    id: label.button(ButtonKind::Act(Action::Discard {
                        card: c,
                        riichi: true,
                    })),
                    label: action_label(
                        Action::Discard {
                            card: c,
                            riichi: true,
                        },
                        label.lang,
                    ),
                    style: Style::Danger,
                    disabled: !riichi_ok(c),
                }
            } else {
                action_button(
                    Action::Discard {
                        card: c,
                        riichi: false,
                    },
                    label,
                )
            }
        })
        .collect();
    if any_riichi {
        buttons.push(Button {
            id: label.button(ButtonKind::RiichiMode(!riichi_mode)),
            label: if riichi_mode {
                tr(label.lang, "riichi-toggle-off")
            } else {
                tr(label.lang, "riichi-toggle-on")
            },
            style: Style::Success,
            disabled: false,
        });
    }
    buttons
        .chunks(5)
        .map(|chunk| Row::Buttons(chunk.to_vec()))
        .collect()
}

fn action_button(a: Action, label: &MatchLabel) -> Button {
    let style = match a {
        Action::Ron | Action::Tsumo => Style::Success,
        Action::Discard { .. } => Style::Secondary,
        _ => Style::Primary,
    };
    Button {
        id: label.button(ButtonKind::Act(a)),
        label: action_label(a, label.lang),
        style,
        disabled: false,
    }
}

const PILES: [&str; 3] = ["A", "B", "C"];

/// Short, readable label for an action's button.
pub fn action_label(a: Action, lang: Lang) -> String {
    let with_cards =
        |key: &str, c: &[crate::engine::Card]| tr_args(lang, key, &[("cards", cards(c).into())]);
    match a {
        Action::Draw { pile } => tr_args(
            lang,
            "act-draw",
            &[("pile", PILES[pile as usize % 3].into())],
        ),
        Action::Pon { cards: c } => with_cards("act-pon", &c),
        Action::Chi { cards: c } => with_cards("act-chi", &c),
        Action::Ron => tr(lang, "act-ron"),
        Action::Tsumo => tr(lang, "act-tsumo"),
        Action::Kai { cards: c } => with_cards("act-kai", &c),
        Action::Kan { cards: c } => with_cards("act-kan", &c),
        Action::DrawThree => tr(lang, "act-draw-three"),
        Action::Discard {
            card: c,
            riichi: false,
        } => card(c),
        Action::Discard {
            card: c,
            riichi: true,
        } => tr_args(lang, "act-riichi", &[("card", card(c).into())]),
        Action::Pass => tr(lang, "act-pass"),
    }
}
