//! The turn notice: the one message in a thread that pings a player, with a "My hand"
//! button that opens their hand (and makes it live again).

use super::label::MatchLabel;
use super::model::{Button, Message, Row, Style};
use crate::discord::ids::ButtonKind;
use crate::games::interface::seat::Seat;
use crate::i18n::{tr, tr_args};

/// "@name, your turn." with the "My hand" button, for `seats` (the players to act: one on a
/// turn, those asked in a claim window) at the label's version.
pub fn turn_notice(label: &MatchLabel, seats: &[Seat]) -> Message {
    let lang = label.lang;
    let names: Vec<String> = seats
        .iter()
        .map(|s| label.mention(*s).to_string())
        .collect();
    let names = super::challenge::list(&names, lang);
    Message {
        content: tr_args(lang, "turn-mention", &[("name", names.into())]),
        rows: vec![Row::Buttons(vec![Button {
            id: label.button(ButtonKind::Hand),
            label: tr(lang, "table-my-hand"),
            style: Style::Primary,
            disabled: false,
            emoji: None,
        }])],
        ..Message::default()
    }
}
