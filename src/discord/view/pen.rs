//! Words, pieces and groups of a game's model ([`crate::games::interface`]) as message text in
//! the reader's language: a piece as its art (a custom emoji) when the bot has it, as its
//! text otherwise, and for English readers with its name where that face shows a kanji (once
//! per run of the same piece); groups in the brackets of how they were made; discard piles
//! with riichi and taken marks.

use std::sync::Arc;

use crate::games::interface::seat::{PerSeat, Seat};
use crate::games::interface::{Discarded, Group, GroupKind, Piece, Say, Words};
use crate::games::registry::GameId;
use crate::i18n::{tr_args, Arg, Lang};

/// Card art the bot can show: a game's face as inline emoji markup or a button's emoji.
pub trait FaceArt: Send + Sync {
    /// `<:name:id>` for the face, if it was uploaded.
    fn inline(&self, game: GameId, face: &str) -> Option<String>;
    /// The emoji id and name for a button, if it was uploaded.
    fn button(&self, game: GameId, face: &str) -> Option<(u64, String)>;
}

/// The faces a message may use: art, or none (text cards).
#[derive(Clone, Default)]
pub struct Faces(Option<Arc<dyn FaceArt>>);

impl Faces {
    /// Text cards only.
    pub fn text() -> Faces {
        Faces(None)
    }

    /// Art where `art` has it, text elsewhere.
    pub fn art(art: Arc<dyn FaceArt>) -> Faces {
        Faces(Some(art))
    }

    /// Whether these are text cards only.
    pub fn is_text(&self) -> bool {
        self.0.is_none()
    }

    pub fn inline(&self, game: GameId, face: &str) -> Option<String> {
        self.0.as_ref()?.inline(game, face)
    }

    pub fn button(&self, game: GameId, face: &str) -> Option<(u64, String)> {
        self.0.as_ref()?.button(game, face)
    }
}

impl std::fmt::Debug for Faces {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "Faces(art)"
        } else {
            "Faces(text)"
        })
    }
}

/// A game's words that name no player and show no art (reasons, refusals, yaku values), in
/// `lang`.
pub fn nameless_words(game: GameId, lang: Lang, words: &Words) -> String {
    let names = PerSeat::<String>::default();
    let faces = Faces::text();
    Pen {
        lang,
        game,
        names: &names,
        faces: &faces,
        markdown: true,
    }
    .words(words)
}

/// The mark of a called card (the discard a pon or chi took): `*🍑1`.
pub const CALLED_MARK: &str = "*";

/// The mark of the discard a claim would take, in a discard pile: `👉🍑1`.
pub const LAST_MARK: &str = "👉";

/// Writes a game's words for one reader.
#[derive(Clone, Copy)]
pub struct Pen<'a> {
    pub lang: Lang,
    pub game: GameId,
    /// How players are named.
    pub names: &'a PerSeat<String>,
    pub faces: &'a Faces,
    /// Markdown applies (descriptions, fields): marks are escaped. Off for button and option
    /// labels, where text shows as it is.
    pub markdown: bool,
}

impl<'a> Pen<'a> {
    /// The same pen for plain text (button and option labels).
    pub fn plain(self) -> Pen<'a> {
        Pen {
            markdown: false,
            ..self
        }
    }

    /// The words in this pen's language.
    pub fn words(&self, words: &Words) -> String {
        let args: Vec<(&str, Arg)> = words
            .args
            .iter()
            .map(|(name, value)| (*name, self.arg(value)))
            .collect();
        tr_args(self.lang, &words.key, &args)
    }

    fn arg(&self, value: &Say) -> Arg {
        match value {
            Say::Num(n) => Arg::Number(*n),
            other => Arg::Text(self.say(other)),
        }
    }

    /// One argument as text.
    pub fn say(&self, value: &Say) -> String {
        match value {
            Say::Num(n) => n.to_string(),
            Say::Text(t) => t.clone(),
            Say::Piece(p) => self.piece(p),
            Say::Pieces(list) => self.pieces(list),
            Say::Group(g) => self.group(g),
            Say::Player(seat) => self.names[*seat].clone(),
            Say::Words(w) => self.words(w),
            Say::Join(items, sep) => items
                .iter()
                .map(|i| self.say(i))
                .collect::<Vec<_>>()
                .join(sep),
        }
    }

    /// A player by name.
    pub fn name(&self, seat: Seat) -> &str {
        &self.names[seat]
    }

    /// One piece: its art (where markdown applies: a label cannot show a custom emoji), or
    /// its text; for English readers with its name where that face does not say it
    /// (`歩(fu)`, the art of 銀 with `(gin)`).
    pub fn piece(&self, p: &Piece) -> String {
        self.piece_named(p, true)
    }

    /// One piece, with its name (where it needs one) if `named`.
    fn piece_named(&self, p: &Piece, named: bool) -> String {
        let art = if self.markdown {
            self.faces.inline(self.game, &p.face)
        } else {
            None
        };
        let name = p.name_en.beside(art.is_some()).filter(|_| named);
        let face = art.unwrap_or_else(|| p.text.clone());
        match (self.lang, name) {
            (Lang::En, Some(name)) => format!("{face}({name})"),
            _ => face,
        }
    }

    /// Each piece of a row, named once after the last of a run of the same face (`歩 歩
    /// 歩(fu) 香(kyo)`): the same piece side by side needs its name said once.
    fn in_runs(&self, list: &[Piece]) -> Vec<String> {
        list.iter()
            .enumerate()
            .map(|(i, p)| {
                let last_of_run = list.get(i + 1).is_none_or(|next| next.face != p.face);
                self.piece_named(p, last_of_run)
            })
            .collect()
    }

    /// Pieces separated by spaces, each run named once; `—` for none.
    pub fn pieces(&self, list: &[Piece]) -> String {
        if list.is_empty() {
            return "—".into();
        }
        self.in_runs(list).join(" ")
    }

    /// A called piece: `*🍑1`, escaped where markdown would pair two stars into italics.
    fn marked(&self, shown: &str) -> String {
        if self.markdown {
            format!("\\{CALLED_MARK}{shown}")
        } else {
            format!("{CALLED_MARK}{shown}")
        }
    }

    /// A group in the brackets of how it was made: `[🍋1 🍋2 🍋3]` opened, `(🐕 🐕 *🐕)`
    /// called, `⟦🐕 🐕 🐕 🐕⟧` a kan, `⟦…⟧🔒` a closed kan, plain when concealed.
    pub fn group(&self, g: &Group) -> String {
        let inner = self
            .in_runs(&g.pieces)
            .into_iter()
            .enumerate()
            .map(|(i, shown)| {
                if g.marked == Some(i) {
                    self.marked(&shown)
                } else {
                    shown
                }
            })
            .collect::<Vec<_>>()
            .join(" ");
        match g.kind {
            GroupKind::Opened => format!("[{inner}]"),
            GroupKind::Called => format!("({inner})"),
            GroupKind::Kan => format!("⟦{inner}⟧"),
            GroupKind::ClosedKan => format!("⟦{inner}⟧🔒"),
            GroupKind::Concealed => inner,
        }
    }

    /// Groups separated by spaces (by ` · ` beside a concealed group, which has no brackets
    /// of its own); `—` for none.
    pub fn groups(&self, list: &[Group]) -> String {
        let shown: Vec<&Group> = list.iter().filter(|g| !g.pieces.is_empty()).collect();
        if shown.is_empty() {
            return "—".into();
        }
        let mut out = String::new();
        for (i, g) in shown.iter().enumerate() {
            if i > 0 {
                let bare = |g: &Group| g.kind == GroupKind::Concealed;
                out.push_str(if bare(g) || bare(shown[i - 1]) {
                    " · "
                } else {
                    " "
                });
            }
            out.push_str(&self.group(g));
        }
        out
    }

    /// A discard pile: taken discards struck through, the riichi discard marked with 🔒;
    /// with `mark_last`, the last discard, if nobody took it, carries [`LAST_MARK`].
    pub fn discards(&self, pile: &[Discarded], mark_last: bool) -> String {
        if pile.is_empty() {
            return "—".into();
        }
        let last = pile.len() - 1;
        let pieces: Vec<Piece> = pile.iter().map(|d| d.piece.clone()).collect();
        pile.iter()
            .zip(self.in_runs(&pieces))
            .enumerate()
            .map(|(i, (d, shown))| {
                let mut s = shown;
                if d.riichi {
                    s = format!("🔒{s}");
                }
                if d.taken {
                    // A strike through card art is hard to see at emoji size: art also gets
                    // the called mark a group gives the piece it took.
                    s = if self.faces.is_text() {
                        format!("~~{s}~~")
                    } else {
                        format!("~~{}~~", self.marked(&s))
                    };
                } else if mark_last && i == last {
                    s = format!("{LAST_MARK}{s}");
                }
                s
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::interface::EnglishName;

    fn piece(text: &str) -> Piece {
        Piece {
            face: text.into(),
            text: text.into(),
            name_en: EnglishName::Unneeded,
        }
    }

    fn pen<'a>(names: &'a PerSeat<String>, faces: &'a Faces) -> Pen<'a> {
        Pen {
            lang: Lang::En,
            game: GameId::Momojan,
            names,
            faces,
            markdown: true,
        }
    }

    #[test]
    fn groups_show_how_they_were_made_and_escape_their_mark() {
        let names = PerSeat::new("A".to_string(), "B".to_string());
        let faces = Faces::text();
        let pen = pen(&names, &faces);
        let dog = |kind, marked| Group {
            pieces: vec![piece("🐕"); 3],
            marked,
            kind,
        };
        assert_eq!(pen.group(&dog(GroupKind::Opened, None)), "[🐕 🐕 🐕]");
        assert_eq!(pen.group(&dog(GroupKind::Called, Some(0))), "(\\*🐕 🐕 🐕)");
        assert_eq!(
            pen.plain().group(&dog(GroupKind::Concealed, Some(2))),
            "🐕 🐕 *🐕"
        );
        assert_eq!(pen.group(&dog(GroupKind::ClosedKan, None)), "⟦🐕 🐕 🐕⟧🔒");
    }

    #[test]
    fn only_an_untaken_last_discard_is_marked() {
        let names = PerSeat::new("A".to_string(), "B".to_string());
        let faces = Faces::text();
        let pen = pen(&names, &faces);
        let d = |t: &str, taken| Discarded {
            piece: piece(t),
            riichi: false,
            taken,
        };
        assert_eq!(
            pen.discards(&[d("🍋4", false), d("🍑1", false)], true),
            "🍋4 👉🍑1"
        );
        assert_eq!(
            pen.discards(&[d("🍋4", false), d("🍑1", true)], true),
            "🍋4 ~~🍑1~~"
        );
        assert_eq!(pen.discards(&[], true), "—");
    }

    #[test]
    fn a_piece_with_a_name_shows_it_to_english_readers_only() {
        let names = PerSeat::new("A".to_string(), "B".to_string());
        let faces = Faces::text();
        let fu = Piece {
            face: "FU".into(),
            text: "歩".into(),
            name_en: EnglishName::BesideBoth("fu"),
        };
        let en = pen(&names, &faces);
        assert_eq!(en.piece(&fu), "歩(fu)");
        let ja = Pen {
            lang: Lang::Ja,
            ..en
        };
        assert_eq!(ja.piece(&fu), "歩");
    }

    /// Every face as `<:FACE:1>`.
    struct Art;

    impl FaceArt for Art {
        fn inline(&self, _: GameId, face: &str) -> Option<String> {
            Some(format!("<:{face}:1>"))
        }

        fn button(&self, _: GameId, face: &str) -> Option<(u64, String)> {
            Some((1, face.into()))
        }
    }

    #[test]
    fn a_piece_shown_as_art_keeps_its_name_for_english_readers_where_the_art_needs_it() {
        let names = PerSeat::new("A".to_string(), "B".to_string());
        let faces = Faces::art(Arc::new(Art));
        let en = pen(&names, &faces);
        let ja = Pen {
            lang: Lang::Ja,
            ..en
        };
        let with = |text: &str, face: &str, name_en| Piece {
            face: face.into(),
            text: text.into(),
            name_en,
        };
        let gin = with("銀", "GI", EnglishName::BesideBoth("gin"));
        assert_eq!(en.piece(&gin), "<:GI:1>(gin)");
        assert_eq!(ja.piece(&gin), "<:GI:1>");
        // The dog's text is its emoji; its art shows 犬.
        let dog = with("🐕", "Dog", EnglishName::BesideArt("dog"));
        assert_eq!(en.piece(&dog), "<:Dog:1>(dog)");
        assert_eq!(en.plain().piece(&dog), "🐕", "a label shows the text");
        assert_eq!(ja.piece(&dog), "<:Dog:1>");
        let lemon = with("🍋5", "l5", EnglishName::Unneeded);
        assert_eq!(en.piece(&lemon), "<:l5:1>");
    }

    #[test]
    fn a_taken_discard_shown_as_art_carries_the_called_mark() {
        let names = PerSeat::new("A".to_string(), "B".to_string());
        let faces = Faces::art(Arc::new(Art));
        let pen = pen(&names, &faces);
        let d = |face: &str, taken| Discarded {
            piece: piece(face),
            riichi: false,
            taken,
        };
        assert_eq!(
            pen.discards(&[d("l4", true), d("p1", false)], true),
            "~~\\*<:l4:1>~~ 👉<:p1:1>"
        );
    }

    #[test]
    fn a_run_of_the_same_piece_is_named_once_after_its_last() {
        let names = PerSeat::new("A".to_string(), "B".to_string());
        let faces = Faces::text();
        let en = pen(&names, &faces);
        let named = |text: &str, face: &str, name| Piece {
            face: face.into(),
            text: text.into(),
            name_en: EnglishName::BesideBoth(name),
        };
        let (fu, ky) = (named("歩", "FU", "fu"), named("香", "KY", "kyo"));
        let row = [fu.clone(), fu.clone(), ky.clone(), fu.clone()];
        assert_eq!(en.pieces(&row), "歩 歩(fu) 香(kyo) 歩(fu)");
        let called = Group {
            pieces: vec![ky.clone(), ky.clone(), ky],
            marked: Some(2),
            kind: GroupKind::Called,
        };
        assert_eq!(en.group(&called), "(香 香 \\*香(kyo))");
        let d = |piece: &Piece, taken| Discarded {
            piece: piece.clone(),
            riichi: false,
            taken,
        };
        assert_eq!(
            en.discards(&[d(&fu, true), d(&fu, false)], true),
            "~~歩~~ 👉歩(fu)"
        );
    }
}
