//! The hand message's buttons: exactly the game's legal actions, each saying what it does in
//! the game's words (a claim shows the whole group it makes, a riichi discard the waits it
//! leaves); colours tell winning moves (green) from claims, openings and kans (blurple) from
//! the rest (grey). When everything does not fit in Discord's five rows, calls or riichi
//! discards (or both, together) go in one select menu.

use super::label::MatchLabel;
use super::model::{limits, Button, Row, SelectOption, Style};
use crate::discord::ids::{ActionCode, ButtonKind};
use crate::games::interface::{Choice, ChoiceKind, Tone};
use crate::i18n::tr;

/// The action rows of a hand with these choices.
pub(super) fn action_rows(choices: &[Choice], label: &MatchLabel) -> Vec<Row> {
    let of =
        |kind: ChoiceKind| -> Vec<&Choice> { choices.iter().filter(|c| c.kind == kind).collect() };
    let main = of(ChoiceKind::Main);
    let discards = of(ChoiceKind::Discard);
    let calls = of(ChoiceKind::Call);
    let riichi = of(ChoiceKind::Riichi);
    let free = limits::ROWS.saturating_sub(rows_for(&main) + rows_for(&discards));
    let mut rows = button_rows(&main, label);
    if rows_for(&calls) + rows_for(&riichi) <= free {
        rows.extend(button_rows(&calls, label));
        rows.extend(button_rows(&riichi, label));
    } else if rows_for(&calls) < free {
        rows.extend(button_rows(&calls, label));
        rows.extend(select(&riichi, "riichi-placeholder", label));
    } else if rows_for(&riichi) < free {
        rows.extend(select(&calls, "pick-placeholder", label));
        rows.extend(button_rows(&riichi, label));
    } else {
        let both: Vec<&Choice> = calls.into_iter().chain(riichi).collect();
        rows.extend(select(&both, "pick-or-riichi-placeholder", label));
    }
    rows.extend(button_rows(&discards, label));
    rows
}

/// The colour of a choice's button.
pub fn style_of(tone: Tone) -> Style {
    match tone {
        Tone::Win => Style::Success,
        Tone::Call => Style::Primary,
        Tone::Plain => Style::Secondary,
    }
}

/// A choice's custom id: the game button of its action code.
fn choice_id(choice: &Choice, label: &MatchLabel) -> String {
    match ActionCode::new(&choice.code) {
        Some(code) => label.button(ButtonKind::Act(code)),
        // A game makes only valid codes (a unit test of each game checks every action's).
        None => label.button(ButtonKind::Hand),
    }
}

/// The label of a choice's button, as plain text.
pub fn choice_label(choice: &Choice, label: &MatchLabel) -> String {
    fit(label.pen().plain().words(&choice.label), limits::LABEL)
}

fn rows_for(choices: &[&Choice]) -> usize {
    choices.len().div_ceil(limits::BUTTONS_PER_ROW)
}

fn button_rows(choices: &[&Choice], label: &MatchLabel) -> Vec<Row> {
    choices
        .chunks(limits::BUTTONS_PER_ROW)
        .map(|chunk| {
            Row::Buttons(
                chunk
                    .iter()
                    .map(|c| {
                        // With art: a discard shows the piece's face as the button's emoji
                        // and only its name (for English readers) as the label; a claim or
                        // kan shows the piece it takes or is made of beside its words.
                        let art = c
                            .piece
                            .as_ref()
                            .filter(|_| matches!(c.kind, ChoiceKind::Discard | ChoiceKind::Call))
                            .and_then(|p| label.faces.button(label.game, &p.face).map(|e| (p, e)));
                        match art {
                            Some((_, emoji)) if c.kind == ChoiceKind::Call => Button {
                                id: choice_id(c, label),
                                label: choice_label(c, label),
                                style: style_of(c.tone),
                                disabled: false,
                                emoji: Some(emoji),
                            },
                            Some((piece, emoji)) => Button {
                                id: choice_id(c, label),
                                label: match label.lang {
                                    crate::i18n::Lang::En => {
                                        piece.name_en.beside(true).unwrap_or("").into()
                                    }
                                    crate::i18n::Lang::Ja => String::new(),
                                },
                                style: style_of(c.tone),
                                disabled: false,
                                emoji: Some(emoji),
                            },
                            None => Button {
                                id: choice_id(c, label),
                                label: choice_label(c, label),
                                style: style_of(c.tone),
                                disabled: false,
                                emoji: None,
                            },
                        }
                    })
                    .collect(),
            )
        })
        .collect()
}

/// One select menu (the message's only one: every select carries the `pick` id). An option's
/// label is its short label where the choice has one, its description the choice's detail.
fn select(choices: &[&Choice], placeholder: &str, label: &MatchLabel) -> Option<Row> {
    if choices.is_empty() {
        return None;
    }
    let pen = label.pen().plain();
    let options = choices
        .iter()
        .map(|c| SelectOption {
            label: fit(
                pen.words(c.option_label.as_ref().unwrap_or(&c.label)),
                limits::OPTION_TEXT,
            ),
            value: choice_id(c, label),
            description: fit(
                c.detail.as_ref().map(|d| pen.words(d)).unwrap_or_default(),
                limits::OPTION_TEXT,
            ),
        })
        .collect();
    Some(Row::Select {
        id: label.button(ButtonKind::Pick),
        placeholder: tr(label.lang, placeholder),
        options,
    })
}

/// `text` cut to at most `max` characters, with `…` where it was cut.
pub fn fit(text: String, max: usize) -> String {
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
