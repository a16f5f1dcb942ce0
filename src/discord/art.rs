//! The card art messages show: the faces the bot uploaded as application emojis
//! ([`super::emoji::CardArt`], filled in the background at start-up), or text cards while
//! they are not there (and for good when the art is switched off or its upload failed).

use super::view::pen::Faces;

/// Shared by the handlers and the outbox.
#[derive(Clone, Default)]
pub struct ArtSlot(Faces);

impl ArtSlot {
    pub fn new(faces: Faces) -> ArtSlot {
        ArtSlot(faces)
    }

    /// The faces messages use now.
    pub fn faces(&self) -> Faces {
        self.0.clone()
    }
}
