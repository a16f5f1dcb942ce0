//! What a load run needs from the fake beyond the tests' moves (`examples/load_runner.rs`):
//! lookups that do not copy every message, and the fake's own costs turned down.

use super::players::{action_choices, Choice};
use super::{guild_of_event, payload_of, Callback, FakeDiscord, Msg, User, WithMessage};

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

    /// One tick of a match's players, looked at and sent without copying a hand: of the
    /// seats' live hands (`players`: user and hand message), those that offer actions go to
    /// `pick`, which picks a seat among them and one of its actions; that click is sent as
    /// `try_click` sends it, and its callback forgotten as it is read (as
    /// [`Self::forget_callback`]). `None` when no hand offers an action; else the seat, and
    /// its answer (`None` when no answer came within Discord's deadline).
    pub async fn try_act(
        &self,
        players: [(&User, u64); 2],
        pick: impl FnOnce(&mut Vec<(usize, Vec<Choice>)>) -> (usize, Choice),
    ) -> Option<(usize, Option<Callback>)> {
        let (seat, id, sent) = {
            let mut s = self.state.lock().unwrap();
            let mut offered: Vec<(usize, Vec<Choice>)> = (0..2)
                .filter_map(|seat| {
                    let choices = action_choices(s.messages.get(&players[seat].1)?);
                    (!choices.is_empty()).then_some((seat, choices))
                })
                .collect();
            if offered.is_empty() {
                return None;
            }
            let (seat, (custom_id, value)) = pick(&mut offered);
            let (user, hand) = players[seat];
            let channel = s.messages[&hand].channel_id;
            let values = value.map(|v| vec![v]);
            let (id, d) =
                s.component_interaction_but_message(user, (hand, channel), &custom_id, values);
            // The message as it is now, written straight into the payload (`WithMessage`).
            let fields = d.as_object().expect("an interaction is an object");
            let payload = payload_of(&WithMessage {
                fields,
                message: &s.messages[&hand],
            });
            let token = d["token"].as_str().unwrap().to_string();
            (seat, id, (token, guild_of_event(&d), payload))
        };
        let (token, guild, payload) = sent;
        let answer = self
            .try_send_interaction(&id, (&token, guild, payload), |callbacks, id| {
                callbacks.remove(id)
            })
            .await;
        Some((seat, answer))
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
