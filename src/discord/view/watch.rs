//! A watcher's view of a table (issue 39): the public table (the same model the thread's table
//! draws: [`Shows::board`], so it cannot show a concealed piece), the last finished round's
//! summary, and, where the server shows hands one round late, every seat's hand of that
//! finished round. Only the watcher sees it (ephemeral); its one button shows it again.

use super::label::{game_colour, MatchLabel};
use super::model::{Embed, Field, Message, Row};
use super::summary::round_summary;
use super::table::{table_message, watch_button};
use crate::games::interface::seat::Seat;
use crate::games::interface::Shows;
use crate::i18n::{tr, tr_args};
use crate::service::{PreviousRound, Watched};

/// The watcher's message of `watched`, in the watcher's language (`label.lang`); with text
/// cards if the art would not fit.
pub fn watching<G: Shows>(watched: &Watched<G>, label: &MatchLabel) -> Message {
    label.fitting(|label| watching_with(watched, label))
}

fn watching_with<G: Shows>(watched: &Watched<G>, label: &MatchLabel) -> Message {
    let lang = label.lang;
    let table = table_message::<G>(&watched.table, label);
    let game = &watched.table.loaded.state;
    let mut embeds: Vec<Embed> = table.embeds;
    // The last finished round as the thread's summary shows it (without its proof: the
    // summary in the thread carries that).
    let last = G::rounds_played(game).checked_sub(1);
    if let Some(result) = last.and_then(|index| G::round_result(game, index)) {
        embeds.extend(round_summary(&result, label, None).embeds);
    }
    if let Some(previous) = &watched.previous {
        embeds.push(hands_of(previous, label));
    }
    let over = G::to_act(game).is_over();
    Message {
        content: tr_args(
            lang,
            "watch-intro",
            &[("id", watched.table.loaded.meta.id.0.into())],
        ),
        embeds,
        // Once the match is over there is nothing left to follow.
        rows: if over {
            Vec::new()
        } else {
            vec![Row::Buttons(vec![watch_button(label)])]
        },
        ephemeral: true,
        attachment: table.attachment,
    }
}

/// Every seat's hand in the finished round `previous`, as it stood before the move that
/// ended it.
fn hands_of<G: Shows>(previous: &PreviousRound<G>, label: &MatchLabel) -> Embed {
    let lang = label.lang;
    let pen = label.pen();
    let seats: Vec<Seat> = G::balances(&previous.before_end).seats().collect();
    let fields = seats
        .into_iter()
        .map(|seat| {
            let hand = G::hand(&G::view(&previous.before_end, seat));
            let mut value = pen.pieces(&hand.concealed);
            if let Some(drawn) = &hand.drawn {
                value.push_str(" + ");
                value.push_str(&pen.piece(drawn));
            }
            Field {
                name: label.name(seat).to_string(),
                value,
                inline: false,
            }
        })
        .collect();
    Embed {
        title: tr_args(
            lang,
            "watch-hands-title",
            &[("n", (previous.index + 1).into())],
        ),
        description: tr(lang, "watch-hands-late"),
        fields,
        color: game_colour(label.game),
        ..Embed::default()
    }
}
