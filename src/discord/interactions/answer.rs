//! The answer to a click: update the clicked message, or send a new ephemeral one. An update
//! is only ever applied to the kind of message the button lives on: a forged id sent from
//! another message gets a fresh ephemeral answer and changes nothing there.

use poise::serenity_prelude as serenity;

use crate::discord::render;
use crate::discord::view::Message;
use crate::games::interface::seat::Seat;
use crate::service::MatchId;

pub struct Answer {
    pub message: Message,
    pub update: bool,
    /// The click asked for something that was not done (for the log).
    pub refused: bool,
    /// The message is this seat's hand at this version (it becomes the live hand).
    pub hand: Option<(MatchId, Seat, i64)>,
    /// The message is a watcher's view of this match at this version (it follows the game).
    pub watching: Option<(MatchId, i64)>,
}

impl Answer {
    /// A refusal or notice, as a new ephemeral message.
    pub fn text(text: String) -> Answer {
        Answer {
            message: Message {
                content: text,
                ephemeral: true,
                ..Message::default()
            },
            update: false,
            refused: true,
            hand: None,
            watching: None,
        }
    }

    pub fn new_message(mut message: Message) -> Answer {
        message.ephemeral = true;
        Answer {
            message,
            update: false,
            refused: false,
            hand: None,
            watching: None,
        }
    }

    pub fn update(message: Message) -> Answer {
        Answer {
            message,
            update: true,
            refused: false,
            hand: None,
            watching: None,
        }
    }

    /// Marks the message as `seat`'s hand of `match_id` at `version`.
    pub fn hand(mut self, match_id: MatchId, seat: Seat, version: i64) -> Answer {
        self.hand = Some((match_id, seat, version));
        self
    }

    /// Marks the message as a watcher's view of `match_id` at `version`.
    pub fn watching(mut self, match_id: MatchId, version: i64) -> Answer {
        self.watching = Some((match_id, version));
        self
    }

    pub fn refused(mut self) -> Answer {
        self.refused = true;
        self
    }

    /// Turns an update of a message that is not ephemeral into a new ephemeral answer, for
    /// buttons that only live on ephemeral messages (hands, confirmations, pages).
    pub fn only_on_ephemeral(mut self, clicked: &serenity::Message) -> Answer {
        let ephemeral = clicked
            .flags
            .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
        if self.update && !ephemeral {
            self.update = false;
            self.message.ephemeral = true;
        }
        self
    }

    pub async fn send(
        &self,
        ctx: &serenity::Context,
        component: &serenity::ComponentInteraction,
    ) -> Result<(), serenity::Error> {
        let body = render::response(&self.message);
        let response = if self.update {
            serenity::CreateInteractionResponse::UpdateMessage(body)
        } else {
            serenity::CreateInteractionResponse::Message(body)
        };
        component.create_response(&ctx.http, response).await
    }

    /// Completes a deferred click: an update (or the deferred ephemeral) is an edit of the
    /// original response; a new message after an acknowledged update is a follow-up.
    pub async fn send_deferred(
        &self,
        ctx: &serenity::Context,
        component: &serenity::ComponentInteraction,
        deferred_new: bool,
    ) -> Result<(), serenity::Error> {
        if self.update || deferred_new {
            component
                .edit_response(&ctx.http, render::edit_response(&self.message))
                .await
                .map(drop)
        } else {
            component
                .create_followup(&ctx.http, render::followup(&self.message))
                .await
                .map(drop)
        }
    }
}
