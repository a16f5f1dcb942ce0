//! What a load run needs from the fake beyond the tests' moves (`examples/load_runner.rs`):
//! lookups that do not copy every message, and the fake's own costs turned down.

use super::{FakeDiscord, Msg};

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
