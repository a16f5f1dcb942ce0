//! How a match is addressed in its messages: its id, the state version its buttons are drawn
//! for, the players' names and the language.

use crate::discord::ids::{ButtonKind, GameButton};
use crate::engine::{PerSeat, Seat};
use crate::i18n::Lang;
use crate::service::{MatchId, MatchMeta};

pub struct MatchLabel {
    pub match_id: MatchId,
    pub version: i64,
    pub names: PerSeat<String>,
    /// The language of the message: the reader's for ephemerals, the server's for public.
    pub lang: Lang,
}

impl MatchLabel {
    /// The label of a stored match at `version`, in `lang`.
    pub fn of(meta: &MatchMeta, version: i64, lang: Lang) -> MatchLabel {
        MatchLabel {
            match_id: meta.id,
            version,
            names: meta.players.map(|_, user| format!("<@{user}>")),
            lang,
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
}
