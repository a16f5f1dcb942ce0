//! A teaching table's answer to **Why?** (issue 39): each computer move since the asker's
//! previous move as the news told it, named by its computer, and the game's reason for it, in
//! the clicker's language. Pieces are written as text, as in the teaching block of the hand.

use super::label::MatchLabel;
use super::model::Message;
use super::pen::{Faces, Pen};
use crate::games::interface::{Shows, Words};
use crate::i18n::{tr, tr_args};
use crate::service::Explained;

/// The ephemeral answer, a line per move, oldest first: "💡 Computer 2 (normal) discarded 5m:
/// it keeps two ways to win". Should the lines pass a message's limits (a long chain of calls),
/// the oldest are left out: the move the button names is always explained.
pub fn why<G: Shows>(label: &MatchLabel, moves: &[Explained<G>]) -> Message {
    let faces = Faces::text();
    let pen = Pen {
        faces: &faces,
        ..label.pen()
    };
    let lines: Vec<String> = moves
        .iter()
        .map(|m| {
            let said =
                G::news_words(m.action, None).and("who", label.name(m.seat).to_string().into());
            line(label, &pen, &said, &m.reason)
        })
        .collect();
    let mut message = Message::text(String::new());
    message.ephemeral = true;
    for from in 0..lines.len() {
        message.content = lines[from..].join("\n");
        if message.check_limits().is_ok() {
            break;
        }
    }
    message
}

/// "💡 Bob discarded 5m: it keeps two ways to win".
fn line(label: &MatchLabel, pen: &Pen<'_>, said: &Words, reason: &Words) -> String {
    tr_args(
        label.lang,
        "why-answer",
        &[
            ("move", pen.words(said).into()),
            ("reason", pen.words(reason).into()),
        ],
    )
}

/// The refusal of a **Why?** with nothing to explain (a stale or forged button).
pub fn nothing(lang: crate::i18n::Lang) -> String {
    tr(lang, "why-none")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::interface::prelude::*;
    use crate::games::interface::seat::{PerSeat, Seat};
    use crate::games::registry::{GameId, Riichi};
    use crate::i18n::Lang;

    fn label(lang: Lang, names: [&str; 4]) -> MatchLabel {
        MatchLabel {
            match_id: crate::service::MatchId(7),
            game: GameId::Riichi,
            version: 3,
            names: PerSeat::from_vec(names.iter().map(|n| n.to_string()).collect()).unwrap(),
            mentions: PerSeat::from_vec(names.iter().map(|n| n.to_string()).collect()).unwrap(),
            lang,
            faces: Faces::text(),
        }
    }

    fn explained(seat: usize, code: &str, reason: &'static str) -> Explained<Riichi> {
        Explained {
            seat: Seat::ALL[seat],
            action: Riichi::parse_action(code).unwrap(),
            reason: Words::key(reason),
        }
    }

    #[test]
    fn the_answer_names_the_mover_the_move_and_the_reason_in_both_languages() {
        let moves = [explained(1, "tsumo", "riichi-reason-win")];
        for lang in Lang::ALL {
            let label = label(lang, ["Alice", "Bob", "Carol", "Dave"]);
            let message = why::<Riichi>(&label, &moves);
            assert!(message.ephemeral);
            assert!(message.content.contains("Bob"), "{}", message.content);
            let said =
                crate::discord::view::pen::nameless_words(GameId::Riichi, lang, &moves[0].reason);
            assert!(message.content.contains(&said), "{}", message.content);
            assert!(!message.content.contains("why-"), "{}", message.content);
        }
    }

    #[test]
    fn the_answer_has_a_line_per_move_oldest_first_each_naming_its_computer() {
        let moves = [
            explained(1, "tsumo", "riichi-reason-win"),
            explained(2, "tsumo", "riichi-reason-win"),
            explained(3, "tsumo", "riichi-reason-win"),
        ];
        for lang in Lang::ALL {
            let label = label(lang, ["Alice", "Bob", "Carol", "Dave"]);
            let message = why::<Riichi>(&label, &moves);
            let lines: Vec<&str> = message.content.lines().collect();
            assert_eq!(lines.len(), 3, "{}", message.content);
            for (line, name) in lines.iter().zip(["Bob", "Carol", "Dave"]) {
                assert!(line.starts_with("💡") && line.contains(name), "{line}");
            }
        }
    }

    #[test]
    fn an_answer_too_long_for_one_message_keeps_the_newest_moves() {
        let long = "x".repeat(300);
        let moves: Vec<Explained<Riichi>> = (0..12)
            .map(|i| explained(1 + i % 3, "tsumo", "riichi-reason-win"))
            .collect();
        let label = label(Lang::En, ["Alice", &long, &long, &long]);
        let message = why::<Riichi>(&label, &moves);
        assert!(message.check_limits().is_ok());
        let lines = message.content.lines().count();
        assert!((1..12).contains(&lines), "{lines} lines");
    }
}
