//! Card art as application emojis: at start-up the bot renders every face of every game, lists
//! the application's emojis, reuses the ones already there, uploads the missing ones and
//! replaces the changed ones (each name ends in a hash of the face's PNG, so a changed face
//! has a new name: the new one is uploaded, then the old one deleted). Emojis whose names are
//! not a face's are left alone. The result is [`CardArt`], the map the views read; until the
//! sync is done, and for good when it fails or `CARD_ART=off`, the map is empty and the views
//! show the cards as text.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use base64::Engine as _;
use poise::serenity_prelude as serenity;
use tracing::{info, warn};

use super::budget::Budget;

use crate::games::art::{self, Face};
use crate::games::registry::{self, GameId};
use crate::service::MatchService;

/// The card-art settings (`CARD_ART` in the environment).
#[derive(Debug, Clone)]
pub struct CardArtConfig {
    /// Whether faces are uploaded and shown (`CARD_ART=off` turns them off).
    pub enabled: bool,
    /// How long the start-up sync may take; past it the bot shows text cards until its next
    /// start (which reuses whatever was uploaded).
    pub limit: Duration,
    /// TEST ONLY: this face is uploaded with one pixel changed (a face whose art changed).
    #[cfg(feature = "test-support")]
    pub altered: Option<(GameId, String)>,
}

impl Default for CardArtConfig {
    fn default() -> CardArtConfig {
        CardArtConfig {
            enabled: true,
            limit: Duration::from_secs(90),
            #[cfg(feature = "test-support")]
            altered: None,
        }
    }
}

/// One uploaded face.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Emoji {
    id: u64,
    name: String,
}

/// The faces' emojis, by game and face code: empty (text cards) until the start-up sync has
/// uploaded every face, and for good when it failed or card art is off.
#[derive(Debug, Default)]
pub struct CardArt {
    emojis: OnceLock<HashMap<(GameId, String), Emoji>>,
}

/// The views draw a face with its emoji once the map is filled.
impl super::view::pen::FaceArt for CardArt {
    fn inline(&self, game: GameId, face: &str) -> Option<String> {
        CardArt::inline(self, game, face)
    }

    fn button(&self, game: GameId, face: &str) -> Option<(u64, String)> {
        CardArt::button(self, game, face)
    }
}

impl CardArt {
    /// A map holding `emojis`: (game, face code, emoji id, emoji name).
    pub fn with<'a>(emojis: impl IntoIterator<Item = (GameId, &'a str, u64, &'a str)>) -> Self {
        let art = CardArt::default();
        art.fill(emojis.into_iter().map(|(game, code, id, name)| {
            let emoji = Emoji {
                id,
                name: name.to_string(),
            };
            ((game, code.to_string()), emoji)
        }));
        art
    }

    fn fill(&self, emojis: impl IntoIterator<Item = ((GameId, String), Emoji)>) {
        let _ = self.emojis.set(emojis.into_iter().collect());
    }

    fn get(&self, game: GameId, code: &str) -> Option<&Emoji> {
        self.emojis.get()?.get(&(game, code.to_string()))
    }

    /// The face as text in a message (`<:mj_p5_1a2b3c4d:123>`), if it has an emoji.
    pub fn inline(&self, game: GameId, code: &str) -> Option<String> {
        self.get(game, code)
            .map(|e| format!("<:{}:{}>", e.name, e.id))
    }

    /// The face as a button's emoji: its id and name.
    pub fn button(&self, game: GameId, code: &str) -> Option<(u64, String)> {
        self.get(game, code).map(|e| (e.id, e.name.clone()))
    }

    /// How many faces have an emoji.
    pub fn len(&self) -> usize {
        self.emojis.get().map_or(0, HashMap::len)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// What the sync did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SyncReport {
    pub reused: usize,
    pub uploaded: usize,
    /// Older versions of a face deleted after the new one was uploaded.
    pub deleted: usize,
}

/// Why the faces could not be put on Discord.
#[derive(Debug, thiserror::Error)]
pub enum ArtError {
    #[error("Discord refused or failed: {0}")]
    Discord(#[from] serenity::Error),
    #[error("gave up after {} s", .0.as_secs())]
    TimedOut(Duration),
    #[error("rendering the faces failed: {0}")]
    Render(String),
}

/// One face as the bot wants it on Discord.
struct Wanted {
    game: GameId,
    prefix: &'static str,
    code: String,
    name: String,
    png: Vec<u8>,
}

/// Starts the sync in the background and returns the map it fills: the bot starts at once
/// and shows text cards until the faces are there.
pub fn spawn_sync(
    http: Arc<serenity::Http>,
    budget: Budget,
    config: CardArtConfig,
    service: MatchService,
) -> Arc<CardArt> {
    let art = Arc::new(CardArt::default());
    let filled = art.clone();
    tokio::spawn(async move { sync_in_turn(&service, &http, &budget, &config, &filled).await });
    art
}

/// [`sync_into`] in this process's turn: the processes of one bot sharing a database sync
/// one after the other, so a second one finds the faces the first uploaded (Discord refuses
/// an emoji whose name is taken). The wait is bounded by the sync's own limit; past it, or
/// when the database fails, the sync goes ahead without its turn.
pub async fn sync_in_turn(
    service: &MatchService,
    http: &serenity::Http,
    budget: &Budget,
    config: &CardArtConfig,
    art: &CardArt,
) {
    let turn = if config.enabled {
        match tokio::time::timeout(config.limit, service.take_card_art_turn()).await {
            Ok(Ok(turn)) => Some(turn),
            Ok(Err(error)) => {
                warn!(error = %error, "card art: no turn from the database, syncing without it");
                None
            }
            Err(_) => {
                let secs = config.limit.as_secs();
                warn!("card art: another process synced for over {secs} s, syncing without it");
                None
            }
        }
    } else {
        None
    };
    sync_into(http, budget, config, art).await;
    drop(turn);
}

/// Syncs the faces with the application's emojis and fills `art`; on any failure (or with
/// card art off) leaves it empty and says so once in the log.
pub async fn sync_into(
    http: &serenity::Http,
    budget: &Budget,
    config: &CardArtConfig,
    art: &CardArt,
) {
    if !config.enabled {
        warn!("card art is off (CARD_ART=off): cards are shown as text");
        return;
    }
    let synced = tokio::time::timeout(config.limit, sync(http, budget, config)).await;
    match synced.unwrap_or(Err(ArtError::TimedOut(config.limit))) {
        Ok((emojis, report)) => {
            info!(
                faces = emojis.len(),
                reused = report.reused,
                uploaded = report.uploaded,
                deleted = report.deleted,
                "card art ready"
            );
            art.fill(emojis);
        }
        Err(error) => {
            warn!(error = %error, "card art unavailable: cards are shown as text");
        }
    }
}

type Emojis = HashMap<(GameId, String), Emoji>;

/// Every request uses the token's global budget: a first start uploads every face at once.
async fn sync(
    http: &serenity::Http,
    budget: &Budget,
    config: &CardArtConfig,
) -> Result<(Emojis, SyncReport), ArtError> {
    let wanted = wanted(config).await?;
    let existing = budget.spend(http.get_application_emojis()).await?;
    let mut report = SyncReport::default();
    let mut emojis = HashMap::new();
    for face in &wanted {
        let id = match existing.iter().find(|e| e.name == face.name) {
            Some(e) => {
                report.reused += 1;
                e.id
            }
            None => {
                report.uploaded += 1;
                budget.spend(upload(http, face)).await?
            }
        };
        for old in existing.iter().filter(|e| is_older_version(face, &e.name)) {
            budget.spend(http.delete_application_emoji(old.id)).await?;
            report.deleted += 1;
        }
        let emoji = Emoji {
            id: id.get(),
            name: face.name.clone(),
        };
        emojis.insert((face.game, face.code.clone()), emoji);
    }
    Ok((emojis, report))
}

/// Whether `name` is this face's emoji with another hash (an earlier version of its art).
fn is_older_version(face: &Wanted, name: &str) -> bool {
    name != face.name
        && art::parse_emoji_name(face.prefix, name).is_some_and(|(code, _)| code == face.code)
}

async fn upload(http: &serenity::Http, face: &Wanted) -> Result<serenity::EmojiId, ArtError> {
    let body = serde_json::json!({ "name": face.name, "image": data_uri(&face.png) });
    Ok(http.create_application_emoji(&body).await?.id)
}

/// A PNG as Discord takes an emoji image.
fn data_uri(png: &[u8]) -> String {
    format!(
        "data:image/png;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(png)
    )
}

/// Every face of every game, rendered off the async threads, with its emoji name.
async fn wanted(config: &CardArtConfig) -> Result<Vec<Wanted>, ArtError> {
    #[cfg(feature = "test-support")]
    let altered = config.altered.clone();
    #[cfg(not(feature = "test-support"))]
    let _ = config;
    let rendered = tokio::task::spawn_blocking(move || {
        GameId::ALL
            .into_iter()
            .flat_map(|game| registry::faces(game).into_iter().map(move |f| (game, f)))
            .collect::<Vec<(GameId, Face)>>()
    })
    .await
    .map_err(|e| ArtError::Render(e.to_string()))?;
    Ok(rendered
        .into_iter()
        .map(|(game, face)| {
            #[cfg(feature = "test-support")]
            let face = match &altered {
                Some((g, code)) if *g == game && *code == face.code => Face {
                    png: art::altered(&face.png),
                    ..face
                },
                _ => face,
            };
            let prefix = registry::art_prefix(game);
            Wanted {
                game,
                prefix,
                name: art::emoji_name(prefix, &face.code, &face.png),
                code: face.code,
                png: face.png,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_map_gives_no_emoji_and_the_views_fall_back_to_text() {
        let art = CardArt::default();
        assert!(art.is_empty());
        assert_eq!(art.inline(GameId::Momojan, "p5"), None);
        assert_eq!(art.button(GameId::Shogi, "FU"), None);
    }

    #[test]
    fn a_face_reads_as_inline_text_and_as_a_button_emoji() {
        let art = CardArt::with([
            (GameId::Momojan, "p5", 11, "mj_p5_1a2b3c4d"),
            (GameId::Shogi, "FU", 22, "sg_FU_0badf00d"),
        ]);
        assert_eq!(art.len(), 2);
        assert_eq!(
            art.inline(GameId::Momojan, "p5").as_deref(),
            Some("<:mj_p5_1a2b3c4d:11>")
        );
        assert_eq!(
            art.button(GameId::Shogi, "FU"),
            Some((22, "sg_FU_0badf00d".to_string()))
        );
        // Faces are per game: the same code in another game is another face.
        assert_eq!(art.inline(GameId::Shogi, "p5"), None);
        assert_eq!(art.button(GameId::Momojan, "FU"), None);
    }

    #[test]
    fn only_the_same_face_with_another_hash_is_an_older_version() {
        let face = Wanted {
            game: GameId::Momojan,
            prefix: "mj",
            code: "p5".into(),
            name: "mj_p5_1a2b3c4d".into(),
            png: Vec::new(),
        };
        assert!(is_older_version(&face, "mj_p5_00000000"));
        assert!(!is_older_version(&face, "mj_p5_1a2b3c4d"), "itself");
        assert!(!is_older_version(&face, "mj_p6_00000000"), "another face");
        assert!(!is_older_version(&face, "sg_p5_00000000"), "another game");
        assert!(!is_older_version(&face, "mj_p5_party"), "not ours");
        assert!(!is_older_version(&face, "thumbs_up"), "not ours");
    }

    #[test]
    fn the_image_is_a_png_data_uri() {
        assert_eq!(data_uri(&[0x89, b'P']), "data:image/png;base64,iVA=");
    }
}
