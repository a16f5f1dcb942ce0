//! What a load run needs from the fake beyond the tests' moves (`examples/load_runner.rs`):
//! lookups that do not copy every message, and the fake's own costs turned down.

use super::{Callback, FakeDiscord, Msg, User};

impl FakeDiscord {
    /// Stops checking request bodies against Discord's OpenAPI spec (the fake's costliest
    /// step; every other check stays).
    pub fn skip_validation(&self) {
        self.state.lock().unwrap().skip_validation = true;
    }

    /// The message an interaction's callback created (a reply, or an ephemeral hand).
    pub fn response_message(&self, interaction_id: &str) -> Option<Msg> {
        let s = self.state.lock().unwrap();
        let id = s
            .pending
            .get(&format!("token-{interaction_id}"))?
            .original?;
        s.messages.get(&id).cloned()
    }

    /// Forgets an answered interaction's callback (its body holds a whole message), so a
    /// long run does not keep them all; the interaction's token stays valid.
    pub fn forget_callback(&self, interaction_id: &str) {
        self.state.lock().unwrap().callbacks.remove(interaction_id);
    }

    /// As `try_click`, and forgets the callback as it is read (as [`Self::forget_callback`]),
    /// so its body (a whole message) is moved out rather than copied.
    pub async fn try_click_forgetting(
        &self,
        user: &User,
        message: &Msg,
        custom_id: &str,
        value: Option<String>,
    ) -> Option<Callback> {
        assert!(
            message.has_custom_id(custom_id),
            "{custom_id} is not on the message"
        );
        let (id, d) = self.component_interaction(user, message, custom_id, value.map(|v| vec![v]));
        self.try_dispatch_interaction_then(&id, d, |callbacks, id| callbacks.remove(id))
            .await
    }

    /// Message `id` with its action choices, if it offers any: only then is it copied (each
    /// tick looks at both hands of a match, and mostly one of them offers nothing).
    pub fn offering_hand(&self, id: u64) -> Option<(Msg, Vec<(String, Option<String>)>)> {
        let s = self.state.lock().unwrap();
        let hand = s.messages.get(&id)?;
        let choices = super::players::action_choices(hand);
        (!choices.is_empty()).then(|| (hand.clone(), choices))
    }

    /// The messages of a channel or thread that everyone sees, oldest first.
    pub fn public_messages_in(&self, channel: u64) -> Vec<Msg> {
        let s = self.state.lock().unwrap();
        s.messages
            .values()
            .filter(|m| m.channel_id == channel && m.visible_to.is_none())
            .cloned()
            .collect()
    }
}
