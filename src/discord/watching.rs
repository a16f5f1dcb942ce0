//! After the outbox worker has shown a match's changes: every watcher's view of the table
//! (`watchers.rs`) is edited to the match as stored now, through the watcher's own token, in
//! the watcher's language. Drawn once per language, not once per watcher.

use tracing::{info, warn};

use super::outbox::Outbox;
use super::render;
use super::rest::{self, Call};
use super::view::{self, MatchLabel};
use crate::games::interface::Hosted;
use crate::i18n::Lang;
use crate::service::MatchMeta;

impl Outbox {
    /// Edits the views of `meta`'s watchers that show an older version than `meta`'s.
    pub(super) async fn follow_watchers<G: Hosted>(&self, meta: &MatchMeta, now: i64) {
        let match_id = meta.id;
        let due = self.watchers.to_edit(match_id, now, meta.version);
        if due.is_empty() {
            return;
        }
        let watched = match self.service.watched::<G>(match_id).await {
            Ok(watched) => watched,
            Err(e) => {
                warn!(match_id = match_id.0, error = %e, "could not load a match to watch");
                return;
            }
        };
        let shown = &watched.table.loaded.meta;
        let version = shown.version;
        let mut drawn: Vec<(Lang, rest::Body)> = Vec::new();
        for watcher in due {
            let body = match drawn.iter().find(|(lang, _)| *lang == watcher.lang) {
                Some((_, body)) => body.clone(),
                None => {
                    let label = MatchLabel::of(shown, version, watcher.lang).with_faces(&self.art);
                    let message = view::watch::watching::<G>(&watched, &label);
                    let body = rest::message_body(&render::edit_response(&message), &message);
                    drawn.push((watcher.lang, body.clone()));
                    body
                }
            };
            let edited = self
                .retrying(match_id, "watcher edit", || {
                    self.rest.send(Call::EditOriginal {
                        token: &watcher.token,
                        body: body.clone(),
                    })
                })
                .await;
            match edited {
                Ok(_) => {
                    if self
                        .watchers
                        .edited(match_id, watcher.user, &watcher.token, version)
                    {
                        self.kick(match_id);
                    }
                }
                Err(e) => {
                    // Dismissed, or the token refused: they press Watch again to follow.
                    info!(match_id = match_id.0, error = %e, "a watcher's view is lost");
                    self.watchers.lost(match_id, &watcher.token);
                }
            }
        }
    }
}
