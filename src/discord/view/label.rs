//! How a match is addressed in its messages: its id, the state version its buttons are drawn
//! for, the players' names and the language.

use super::model::Message;
use super::pen::{Faces, Pen};
use crate::discord::ids::{ButtonKind, GameButton};
use crate::games::interface::seat::{PerSeat, Seat};
use crate::games::interface::Level;
use crate::games::registry::GameId;
use crate::i18n::{tr, tr_args, Lang};
use crate::service::{MatchId, MatchMeta, Occupant};

pub struct MatchLabel {
    pub match_id: MatchId,
    /// The game played.
    pub game: GameId,
    pub version: i64,
    /// How players are named in embeds (Discord shows a mention there as a raw id).
    pub names: PerSeat<String>,
    /// How players are pinged in message content.
    pub mentions: PerSeat<String>,
    /// The language of the message: the reader's for ephemerals, the server's for public.
    pub lang: Lang,
    /// The card art the message may use.
    pub faces: Faces,
}

impl MatchLabel {
    /// The label of a stored match at `version`, in `lang`.
    pub fn of(meta: &MatchMeta, version: i64, lang: Lang) -> MatchLabel {
        let computers = computer_count(meta.seats.iter().map(|(_, s)| &s.occupant));
        let computer =
            |seat: Seat, level: Level| seat_computer_name(level, seat.index(), computers, lang);
        MatchLabel {
            match_id: meta.id,
            game: meta.game,
            version,
            names: meta.seats.map(|seat, s| match &s.occupant {
                // A match from before names were kept: a mention is all there is.
                Occupant::Player { user, name } if name.is_empty() => format!("<@{user}>"),
                Occupant::Player { name, .. } => escape_markdown(name),
                Occupant::Computer(level) => computer(seat, *level),
            }),
            mentions: meta.seats.map(|seat, s| match &s.occupant {
                Occupant::Player { user, .. } => format!("<@{user}>"),
                Occupant::Computer(level) => computer(seat, *level),
            }),
            lang,
            faces: Faces::text(),
        }
    }

    /// The same label, showing `faces`.
    pub fn with_faces(mut self, faces: &Faces) -> MatchLabel {
        self.faces = faces.clone();
        self
    }

    /// The message `draw` makes with this label's card art, or with text cards when the art
    /// (custom emojis take some 40 characters each) would break one of Discord's limits.
    pub fn fitting(&self, draw: impl Fn(&MatchLabel) -> Message) -> Message {
        let message = draw(self);
        if message.check_limits().is_ok() || self.faces.is_text() {
            return message;
        }
        let text = MatchLabel {
            faces: Faces::text(),
            names: self.names.clone(),
            mentions: self.mentions.clone(),
            ..*self
        };
        draw(&text)
    }

    /// A pen for this label's messages (markdown text).
    pub fn pen(&self) -> Pen<'_> {
        Pen {
            lang: self.lang,
            game: self.game,
            names: &self.names,
            faces: &self.faces,
            markdown: true,
        }
    }

    pub fn button(&self, kind: ButtonKind) -> String {
        GameButton {
            match_id: self.match_id,
            version: self.version,
            kind,
        }
        .to_string()
    }

    pub fn name(&self, seat: Seat) -> &str {
        &self.names[seat]
    }

    pub fn mention(&self, seat: Seat) -> &str {
        &self.mentions[seat]
    }
}

/// A computer seat's name: "Computer (normal)".
pub fn computer_name(level: Level, lang: Lang) -> String {
    let level = tr(lang, &format!("level-{}", level.id()));
    tr_args(lang, "computer-name", &[("level", level.into())])
}

/// A computer seat's name at a table holding `computers` computers: "Computer (normal)" when
/// it is the only one, and numbered by its seat (`seat` counted from 0) when there are
/// several, "Computer 3 (normal)", so the news, the table, the results and the Why? answer
/// say which one moved. A seat never changes during a match, so neither does its name.
pub fn seat_computer_name(level: Level, seat: usize, computers: usize, lang: Lang) -> String {
    if computers <= 1 {
        return computer_name(level, lang);
    }
    let level = tr(lang, &format!("level-{}", level.id()));
    tr_args(
        lang,
        "computer-name-seat",
        &[("level", level.into()), ("seat", (seat as i64 + 1).into())],
    )
}

/// How many of a table's occupants are computers.
pub fn computer_count<'a>(occupants: impl IntoIterator<Item = &'a Occupant>) -> usize {
    occupants
        .into_iter()
        .filter(|o| matches!(o, Occupant::Computer(_)))
        .count()
}

/// A name as plain text in Discord markdown: the characters markdown gives a meaning to are
/// escaped (Discord shows a backslash before any other character, so nothing else is), and an
/// `@` is kept from forming a mention, so `*_alice_*` or `@everyone` shows as typed.
pub fn escape_markdown(name: &str) -> String {
    const MARKDOWN: &[char] = &['\\', '*', '_', '~', '`', '|', '>', '#', '-', '[', ']'];
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if MARKDOWN.contains(&c) {
            out.push('\\');
        }
        out.push(c);
        if c == '@' {
            out.push('\u{200B}');
        }
    }
    out
}

/// The colour of a game's embeds.
pub fn game_colour(game: GameId) -> u32 {
    crate::games::registry::with_game!(game, G => <G as crate::games::interface::Shows>::COLOUR)
}

/// The emoji a game's challenge starts with.
pub fn game_emoji(game: GameId) -> &'static str {
    crate::games::registry::with_game!(game, G => <G as crate::games::interface::Shows>::EMOJI)
}

/// The title of a game's table, the same in both languages.
pub fn game_title(game: GameId) -> &'static str {
    crate::games::registry::with_game!(game, G => <G as crate::games::interface::Shows>::TITLE)
}

/// A game's name in a language.
pub fn game_name(game: GameId, lang: Lang) -> &'static str {
    match lang {
        Lang::Ja => game.names().ja,
        Lang::En => game.names().en,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn computers_are_numbered_by_seat_only_when_a_table_has_several() {
        for lang in Lang::ALL {
            let alone = seat_computer_name(Level::Normal, 1, 1, lang);
            assert_eq!(alone, computer_name(Level::Normal, lang));
            let names: Vec<String> = (1..4)
                .map(|seat| seat_computer_name(Level::Normal, seat, 3, lang))
                .collect();
            for (name, seat) in names.iter().zip(2..) {
                assert!(name.contains(&seat.to_string()), "{name}");
                assert_ne!(name, &alone);
                assert!(!name.contains("computer-name"), "{name}");
            }
            assert!(names[0] != names[1] && names[1] != names[2] && names[0] != names[2]);
        }
        assert_eq!(
            seat_computer_name(Level::Hard, 2, 2, Lang::En),
            "Computer 3 (hard)"
        );
    }

    #[test]
    fn markdown_in_a_name_is_shown_as_typed() {
        assert_eq!(escape_markdown("*_al~ice_*"), "\\*\\_al\\~ice\\_\\*");
        assert_eq!(escape_markdown("桃子"), "桃子");
        assert_eq!(escape_markdown("Computer (normal)"), "Computer (normal)");
        assert_eq!(escape_markdown("@everyone"), "@\u{200B}everyone");
    }
}
