//! The card art the bot shows, once start-up has made it available: every message renders
//! with what this slot holds at the time (text cards until art is uploaded, and for good when
//! it is switched off or the upload failed).

use std::sync::{Arc, RwLock};

use super::view::pen::Faces;

/// Shared by the handlers and the outbox; set once the art is ready.
#[derive(Clone, Default)]
pub struct ArtSlot(Arc<RwLock<Faces>>);

impl ArtSlot {
    /// The faces messages use now.
    pub fn faces(&self) -> Faces {
        self.0.read().map(|f| f.clone()).unwrap_or_default()
    }

    /// From now on, messages use `faces`.
    pub fn set(&self, faces: Faces) {
        if let Ok(mut slot) = self.0.write() {
            *slot = faces;
        }
    }
}
