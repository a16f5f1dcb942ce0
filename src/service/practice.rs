//! Practice matches against the computer: start one, let the computer make its move, find the
//! matches where it is to act (after a restart), and read a player's practice record.
//!
//! The computers fill every seat but the player's (at a table of two the player sits first; at
//! a larger one the match's seed seats everyone). A computer decides from its own seat's view
//! only, off the async runtime; its move is applied like a player's, in one write transaction
//! with a version check. The same path plays the seat of a player who is away. Practice
//! matches are never rated and never reach the players table, leaderboards or seasons: their
//! end updates the human's practice record instead.

use super::challenges::match_with_settings;
use super::play::Turn;
use super::{Applied, ChallengeRefusal, Loaded, MatchService, ServiceError};
use crate::games::interface::seat::Seat;
use crate::games::interface::Hosted;
use crate::games::interface::{Budget, Level};
use crate::games::registry::{with_game, GameId};
use crate::i18n::Lang;
use crate::store::{self, ChannelId, GuildId, MatchId, MatchMeta, Move, Occupant, Origin, UserId};

pub use crate::store::PracticeRecord;

/// The computer's searches that may run at once (each holds a blocking thread).
pub const MAX_CONCURRENT_SEARCHES: usize = 2;

/// A practice match to start.
#[derive(Debug, Clone)]
pub struct NewPractice {
    pub guild: GuildId,
    pub channel: ChannelId,
    /// The player.
    pub user: UserId,
    /// The bot's own user, which may not practice against itself.
    pub computer_user: UserId,
    pub level: Level,
    pub lang: Lang,
    /// The player's display name (empty: unknown).
    pub name: String,
    /// The game to play (`None`: the server's default game).
    pub game: Option<GameId>,
    /// The table's size (`None`: two); the computers fill the other seats.
    pub seats: Option<usize>,
    /// Anyone in the server may watch the table (`watch:off` forbids it).
    pub watchable: bool,
    /// A teaching match (`None`: the server's `teach` setting).
    pub teach: Option<bool>,
}

/// A practice match just started.
#[derive(Debug, Clone)]
pub struct StartedPractice {
    pub meta: MatchMeta,
    /// The computer is to act first (the match's first move is its).
    pub computer_first: bool,
}

impl MatchService {
    /// Starts a practice match of two: `user` in seat 0 against the computer in seat 1
    /// (`computer_user` is the bot's own user id). Server settings are copied in as for an
    /// accepted challenge. One transaction; the first round is dealt.
    ///
    /// # Errors
    /// [`ChallengeRefusal::AlreadyPlaying`] when `user` already plays a match in this channel
    /// (naming that match and its opponent; nothing written), or a store error.
    pub async fn create_practice(
        &self,
        guild: GuildId,
        channel: ChannelId,
        user: UserId,
        computer_user: UserId,
        level: Level,
        lang: Lang,
    ) -> Result<StartedPractice, ServiceError> {
        let new = NewPractice {
            guild,
            channel,
            user,
            computer_user,
            level,
            lang,
            name: String::new(),
            game: None,
            teach: None,
            seats: None,
            watchable: true,
        };
        self.start_practice(&new).await
    }

    /// As [`MatchService::create_practice`], with the player's display name, the game and the
    /// table's size.
    ///
    /// # Errors
    /// As [`MatchService::create_practice`].
    pub async fn start_practice(&self, new: &NewPractice) -> Result<StartedPractice, ServiceError> {
        let (guild, channel, user) = (new.guild, new.channel, new.user);
        if user == new.computer_user {
            return Err(ChallengeRefusal::Yourself.into());
        }
        let mut tx = self.store.begin_write().await?;
        if let Some(match_id) = store::active_match_of_in(&mut tx, channel, user).await? {
            let existing = store::load_match_in(&mut tx, match_id)
                .await?
                .ok_or(ServiceError::NotFound(match_id))?;
            let opponent = existing
                .meta
                .players()
                .map(|(_, u)| u)
                .find(|u| *u != user)
                .unwrap_or(new.computer_user);
            return Err(ChallengeRefusal::AlreadyPlaying { opponent, match_id }.into());
        }
        let settings = store::guild_settings_in(&mut tx, guild).await?;
        let game = new.game.unwrap_or(settings.default_game);
        let teach = new.teach.unwrap_or(settings.teach);
        let seats = new.seats.unwrap_or(2);
        if !game.seat_counts().iter().any(|n| n.get() == seats) {
            let allowed = game.seat_counts();
            return Err(ChallengeRefusal::Seats {
                asked: seats,
                allowed,
            }
            .into());
        }
        let mut players = vec![Occupant::player(user, &new.name)];
        players.extend((1..seats).map(|_| Occupant::Computer(new.level)));
        // The thread starts from the practice message, posted after this commit.
        let open = store::Notice::Open {
            anchor: None,
            in_thread: settings.use_threads,
        };
        let started = with_game!(game, G => {
            // The same settings an accepted challenge copies.
            let mut new_match =
                match_with_settings::<G>((guild, channel), players, &settings, new.lang);
            new_match.watchable = new.watchable;
            new_match.teach = teach;
            let new = new_match;
            let loaded = self.start_in::<G>(&mut tx, &new, open).await?;
            if settings.use_threads {
                // Before the commit: no worker may open the thread before the intro is posted.
                self.anchors.hold(loaded.meta.id);
            }
            let computer_first = computer_to_act(&loaded).is_some();
            StartedPractice {
                meta: loaded.meta,
                computer_first,
            }
        });
        tx.commit().await?;
        Ok(started)
    }

    /// The computer's next move in a practice match, if it is to act: one decision, computed
    /// off the async runtime from its seat's view only, then applied in one transaction with
    /// a version check (with any riichi automatic discards that follow). `None` when the match
    /// is not an active practice match, the computer is not to act, or the match moved on
    /// while it thought (nothing written then).
    ///
    /// # Errors
    /// [`ServiceError::NotFound`] or a store error.
    pub async fn computer_move<G: Hosted>(
        &self,
        match_id: MatchId,
    ) -> Result<Option<Applied<G>>, ServiceError> {
        let loaded = self.load::<G>(match_id).await?;
        let Some((seat, level)) = computer_to_act(&loaded) else {
            return Ok(None);
        };
        let version = loaded.meta.version;
        let view = G::view(&loaded.state, seat);
        let options = loaded.options.clone();
        drop(loaded);
        let budget = match level {
            Level::Hard => self.hard_budget,
            Level::Easy | Level::Normal => Budget::default(),
        };
        let seed = rand::random::<u64>();
        let permit = self
            .searches
            .clone()
            .acquire_owned()
            .await
            .expect("the search semaphore is never closed");
        let decided = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            G::decide(level, &view, &options, budget, seed)
        })
        .await;
        let action = match decided {
            Ok(action) => action,
            Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
            Err(_) => return Ok(None),
        };
        let Some(action) = action else {
            return Ok(None);
        };

        let (mut tx, loaded) = match self.begin_active::<G>(match_id).await {
            Ok(begun) => begun,
            Err(ServiceError::Finished) => return Ok(None),
            Err(e) => return Err(e),
        };
        if loaded.meta.version != version || computer_to_act(&loaded) != Some((seat, level)) {
            return Ok(None);
        }
        let mut turn = Turn::new(loaded, self.clock.now());
        turn.play(&mut tx, seat, Move::Play(action), Origin::Computer)
            .await?;
        turn.forced_moves(&mut tx).await?;
        let applied = turn.finish(&mut tx, seat).await?;
        tx.commit().await?;
        Ok(Some(applied))
    }

    /// Active practice matches where the computer is to act (to resume them after a restart).
    ///
    /// # Errors
    /// A store error (a damaged match is reported, not skipped).
    pub async fn due_computer_moves(&self) -> Result<Vec<MatchId>, ServiceError> {
        let mut due = Vec::new();
        for id in self.practice_matches_in_play().await? {
            if self.computer_is_due(id).await? {
                due.push(id);
            }
        }
        Ok(due)
    }

    /// Active matches with a computer seat (the sweep asks each [`Self::computer_is_due`],
    /// so one damaged match is one failure, not the sweep's).
    ///
    /// # Errors
    /// A store error.
    pub async fn practice_matches_in_play(&self) -> Result<Vec<MatchId>, ServiceError> {
        Ok(self.store.active_practice_matches().await?)
    }

    /// Whether the computer is to act in `id`.
    ///
    /// # Errors
    /// A store error (a damaged match is reported).
    pub async fn computer_is_due(&self, id: MatchId) -> Result<bool, ServiceError> {
        let game = self.game_of(id).await?;
        Ok(with_game!(game, G => computer_to_act(&self.load::<G>(id).await?).is_some()))
    }

    /// A player's practice records of one game in a guild, one per level played, easiest
    /// first.
    ///
    /// # Errors
    /// A store error.
    pub async fn practice_record(
        &self,
        guild: GuildId,
        user: UserId,
        game: GameId,
    ) -> Result<Vec<(Level, PracticeRecord)>, ServiceError> {
        Ok(self.store.practice_records(guild, user, game).await?)
    }
}

/// The first seat a computer plays (a computer's seat, or a player's while they are away)
/// among those to act in an active match, with the computer's level.
fn computer_to_act<G: Hosted>(loaded: &Loaded<G>) -> Option<(Seat, Level)> {
    if loaded.meta.is_finished() {
        return None;
    }
    G::to_act(&loaded.state)
        .seats()
        .iter()
        .find_map(|seat| loaded.meta.computer(seat).map(|level| (seat, level)))
}
