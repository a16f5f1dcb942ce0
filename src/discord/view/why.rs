//! A teaching table's answer to **Why?** (issue 39): the computer's move as the news told it,
//! and the game's reason for it, in the clicker's language. Pieces are written as text, as in
//! the teaching block of the hand.

use super::label::MatchLabel;
use super::model::Message;
use super::pen::{Faces, Pen};
use crate::games::interface::seat::Seat;
use crate::games::interface::{Shows, Words};
use crate::i18n::{tr, tr_args};

/// The ephemeral answer: "💡 Bob discarded 5m: it keeps two ways to win".
pub fn why<G: Shows>(label: &MatchLabel, seat: Seat, action: G::Action, reason: &Words) -> Message {
    let faces = Faces::text();
    let pen = Pen {
        faces: &faces,
        ..label.pen()
    };
    let said = G::news_words(action, None).and("who", label.name(seat).to_string().into());
    let text = tr_args(
        label.lang,
        "why-answer",
        &[
            ("move", pen.words(&said).into()),
            ("reason", pen.words(reason).into()),
        ],
    );
    let mut message = Message::text(text);
    message.ephemeral = true;
    message
}

/// The refusal of a **Why?** with nothing to explain (a stale or forged button).
pub fn nothing(lang: crate::i18n::Lang) -> String {
    tr(lang, "why-none")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::interface::prelude::*;
    use crate::games::interface::seat::PerSeat;
    use crate::games::registry::{GameId, Riichi};
    use crate::i18n::Lang;

    #[test]
    fn the_answer_names_the_mover_the_move_and_the_reason_in_both_languages() {
        let action = Riichi::parse_action("tsumo").unwrap();
        let reason = Words::key("riichi-reason-win");
        for lang in Lang::ALL {
            let label = MatchLabel {
                match_id: crate::service::MatchId(7),
                game: GameId::Riichi,
                version: 3,
                names: PerSeat::new("Alice".into(), "Bob".into()),
                mentions: PerSeat::new("<@1>".into(), "<@2>".into()),
                lang,
                faces: Faces::text(),
            };
            let message = why::<Riichi>(&label, Seat::ONE, action, &reason);
            assert!(message.ephemeral);
            assert!(message.content.contains("Bob"), "{}", message.content);
            let said = crate::discord::view::pen::nameless_words(GameId::Riichi, lang, &reason);
            assert!(message.content.contains(&said), "{}", message.content);
            assert!(!message.content.contains("why-"), "{}", message.content);
        }
    }
}
