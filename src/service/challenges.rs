//! Challenges and open tables: create one, answer it (the last acceptance settles it and
//! starts the match in one transaction), join or leave a table, add a computer to it, start
//! it, ask for a rematch, expire the ones nobody answered.

use super::settings::public_lang;
use super::{ChallengeRefusal, Loaded, MatchService, NewMatch, ServiceError};
use crate::games::interface::seat::SeatCount;
use crate::games::interface::Hosted;
use crate::games::interface::Level;
use crate::games::registry::{with_game, GameId};
use crate::i18n::Lang;
use crate::store::{
    self, Challenge, ChallengeId, ChallengeKind, ChallengeStatus, ChannelId, GuildId,
    GuildSettings, MatchId, MessageId, Occupant, Taker, UserId,
};

/// The most opponents a challenge names.
pub const MAX_OPPONENTS: usize = 3;

/// A user named in a new challenge: the challenger or an opponent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    pub user: UserId,
    /// Display name to show in embeds (empty: unknown).
    pub name: String,
    pub is_bot: bool,
}

impl Named {
    pub fn new(user: UserId, name: impl Into<String>) -> Named {
        Named {
            user,
            name: name.into(),
            is_bot: false,
        }
    }
}

/// A challenge to create: the challenger and one to three opponents, who must all accept.
#[derive(Debug, Clone)]
pub struct NewChallenge {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub challenger: Named,
    pub opponents: Vec<Named>,
    /// The game to play (`None`: the server's default game).
    pub game: Option<GameId>,
    /// Its match may be watched by anyone in the server (`watch:off` forbids it).
    pub watchable: bool,
}

/// A table open to anyone to create.
#[derive(Debug, Clone)]
pub struct NewTable {
    pub guild: GuildId,
    pub channel: ChannelId,
    /// The one who opens it (seated first; only they start it).
    pub host: Named,
    /// The game to play (`None`: the server's default game).
    pub game: Option<GameId>,
    /// The seats (`None`: the most the game seats).
    pub seats: Option<usize>,
    /// Its match may be watched by anyone in the server (`watch:off` forbids it).
    pub watchable: bool,
    /// A teaching table (`None`: the server's `teach` setting).
    pub teach: Option<bool>,
}

/// A stored challenge or table, ready to post.
#[derive(Debug, Clone)]
pub struct PostedChallenge {
    pub challenge: Challenge,
    /// The language of the server's public messages.
    pub lang: Lang,
}

/// What answering a challenge, or a click on a table, did.
#[derive(Debug, Clone)]
pub enum ChallengeAnswer {
    /// The match was created in the same transaction that settled the challenge (or started
    /// the table).
    Accepted {
        challenge: Challenge,
        meta: Box<crate::store::MatchMeta>,
        /// Open a thread for it (the server's setting).
        use_threads: bool,
    },
    /// Still pending: an opponent accepted and others have not yet, or a seat of a table was
    /// taken or left; the message shows the seats now.
    Waiting { challenge: Challenge, lang: Lang },
    /// Declined (by one of the opponents: off for everyone), or the table was closed by its
    /// opener; `lang` is the server's public language, for the answered message.
    Declined { challenge: Challenge, lang: Lang },
    /// Its time was up; it is now marked expired.
    Expired { challenge: Challenge, lang: Lang },
}

/// A click on an open table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableClick {
    Join,
    Leave,
    AddComputer(Level),
    Start,
}

impl MatchService {
    /// Stores a new pending challenge, or says why it cannot be made (nothing stored then).
    ///
    /// # Errors
    /// [`ServiceError::Challenge`] (yourself, a bot, someone named twice, too many, a game
    /// not played by that many, a match already in play between two of them here), or a
    /// store error.
    pub async fn create_challenge(
        &self,
        new: &NewChallenge,
        guild_locale: Option<&str>,
    ) -> Result<PostedChallenge, ServiceError> {
        let users: Vec<UserId> = new.opponents.iter().map(|o| o.user).collect();
        if users.contains(&new.challenger.user) {
            return Err(ChallengeRefusal::Yourself.into());
        }
        if new.opponents.iter().any(|o| o.is_bot) {
            return Err(ChallengeRefusal::Bot.into());
        }
        if (1..users.len()).any(|i| users[..i].contains(&users[i])) {
            return Err(ChallengeRefusal::Twice.into());
        }
        let settings = self.store.guild_settings(new.guild).await?;
        let game = new.game.unwrap_or(settings.default_game);
        let seats = seats_for(game, users.len() + 1)?;
        for opponent in &users {
            self.refuse_if_playing(new.channel, new.challenger.user, *opponent)
                .await?;
        }
        let mut takers = vec![Taker::player(new.challenger.user, &new.challenger.name)];
        takers.extend(
            new.opponents
                .iter()
                .map(|o| Taker::invited(o.user, &o.name)),
        );
        self.post(
            &settings,
            store::NewChallenge {
                kind: ChallengeKind::Challenge,
                game,
                guild_id: new.guild,
                channel_id: new.channel,
                seats,
                takers,
                now: self.clock.now(),
                expires_at: self.clock.now() + settings.challenge_expiry_secs,
                watchable: new.watchable,
                // A challenge is rated play; teaching is asked for with a table or practice.
                teach: false,
            },
            guild_locale,
        )
        .await
    }

    /// Opens a table anyone may join: its opener sits first.
    ///
    /// # Errors
    /// [`ChallengeRefusal::Seats`] for a size the game is not played at, or a store error.
    pub async fn open_table(
        &self,
        new: &NewTable,
        guild_locale: Option<&str>,
    ) -> Result<PostedChallenge, ServiceError> {
        let settings = self.store.guild_settings(new.guild).await?;
        let game = new.game.unwrap_or(settings.default_game);
        let most = game.seat_counts().last().map_or(2, |n| n.get());
        let seats = seats_for(game, new.seats.unwrap_or(most))?;
        self.post(
            &settings,
            store::NewChallenge {
                kind: ChallengeKind::Table,
                game,
                guild_id: new.guild,
                channel_id: new.channel,
                seats,
                takers: vec![Taker::player(new.host.user, &new.host.name)],
                now: self.clock.now(),
                expires_at: self.clock.now() + settings.challenge_expiry_secs,
                watchable: new.watchable,
                teach: new.teach.unwrap_or(settings.teach),
            },
            guild_locale,
        )
        .await
    }

    async fn post(
        &self,
        settings: &GuildSettings,
        new: store::NewChallenge,
        guild_locale: Option<&str>,
    ) -> Result<PostedChallenge, ServiceError> {
        let id = self.store.create_challenge(&new).await?;
        let challenge = self
            .store
            .challenge(id)
            .await?
            .ok_or(ChallengeRefusal::Gone)?;
        Ok(PostedChallenge {
            challenge,
            lang: public_lang(settings, guild_locale),
        })
    }

    async fn refuse_if_playing(
        &self,
        channel: ChannelId,
        a: UserId,
        b: UserId,
    ) -> Result<(), ServiceError> {
        match self.store.active_match_between(channel, a, b).await? {
            Some(match_id) => Err(ChallengeRefusal::AlreadyPlaying {
                opponent: b,
                match_id,
            }
            .into()),
            None => Ok(()),
        }
    }

    /// Records which message shows a challenge (so its expiry can be shown on it).
    ///
    /// # Errors
    /// A store error.
    pub async fn set_challenge_message(
        &self,
        id: ChallengeId,
        message: MessageId,
    ) -> Result<(), ServiceError> {
        Ok(self.store.set_challenge_message(id, message).await?)
    }

    /// `user` answers a challenge they were named in. A decline calls it off for everyone;
    /// an acceptance is recorded, and the last one settles the challenge and creates the match
    /// in **one** transaction, so a failure leaves the challenge pending and the click can be
    /// retried.
    ///
    /// # Errors
    /// [`ServiceError::Challenge`] (gone, not named in it, already answered), or a store error
    /// (nothing written).
    pub async fn answer_challenge(
        &self,
        id: ChallengeId,
        user: UserId,
        accept: bool,
        guild_locale: Option<&str>,
    ) -> Result<ChallengeAnswer, ServiceError> {
        let mut tx = self.store.begin_write().await?;
        let mut challenge = store::challenge_in(&mut tx, id)
            .await?
            .ok_or(ChallengeRefusal::Gone)?;
        let position = challenge
            .position_of(user)
            .filter(|p| *p > 0 && challenge.kind == ChallengeKind::Challenge)
            .ok_or(ChallengeRefusal::NotYours {
                challenger: challenge.host(),
            })?;
        if challenge.status != ChallengeStatus::Pending {
            return Err(ChallengeRefusal::Closed.into());
        }
        if challenge.takers[position].accepted {
            return Err(ChallengeRefusal::Answered.into());
        }
        // Server settings are copied into the match, so a later change never alters it.
        let settings = store::guild_settings_in(&mut tx, challenge.guild_id).await?;
        let lang = public_lang(&settings, guild_locale);
        if challenge.expires_at <= self.clock.now() {
            store::settle_challenge_in(&mut tx, id, ChallengeStatus::Expired).await?;
            tx.commit().await?;
            return Ok(ChallengeAnswer::Expired { challenge, lang });
        }
        if !accept {
            store::settle_challenge_in(&mut tx, id, ChallengeStatus::Declined).await?;
            tx.commit().await?;
            return Ok(ChallengeAnswer::Declined { challenge, lang });
        }
        challenge.takers[position].accepted = true;
        if !challenge.is_complete() {
            store::put_challenge_takers_in(&mut tx, id, &challenge.takers).await?;
            tx.commit().await?;
            return Ok(ChallengeAnswer::Waiting { challenge, lang });
        }
        let host = challenge.host();
        for other in challenge.users().skip(1) {
            if let Some(match_id) =
                store::active_match_between_in(&mut tx, challenge.channel_id, host, other).await?
            {
                let opponent = host;
                return Err(ChallengeRefusal::AlreadyPlaying { opponent, match_id }.into());
            }
        }
        store::put_challenge_takers_in(&mut tx, id, &challenge.takers).await?;
        self.start_challenge(tx, challenge, &settings, lang).await
    }

    /// A click on an open table: join it, leave it (the opener closes it), add a computer to
    /// an empty seat, or start it (its opener only: empty seats are filled with `normal`
    /// computers). The table's message shows the seats after each.
    ///
    /// # Errors
    /// [`ServiceError::Challenge`] (gone, closed, full, already seated, not seated, only the
    /// opener starts it), or a store error (nothing written).
    pub async fn table_click(
        &self,
        id: ChallengeId,
        user: Occupant,
        click: TableClick,
        guild_locale: Option<&str>,
    ) -> Result<ChallengeAnswer, ServiceError> {
        let Some(clicker) = user.user() else {
            return Err(ChallengeRefusal::NotAPlayer.into());
        };
        let mut tx = self.store.begin_write().await?;
        let mut table = store::challenge_in(&mut tx, id)
            .await?
            .filter(|c| c.kind == ChallengeKind::Table)
            .ok_or(ChallengeRefusal::Gone)?;
        if table.status != ChallengeStatus::Pending {
            return Err(ChallengeRefusal::Closed.into());
        }
        let settings = store::guild_settings_in(&mut tx, table.guild_id).await?;
        let lang = public_lang(&settings, guild_locale);
        if table.expires_at <= self.clock.now() {
            store::settle_challenge_in(&mut tx, id, ChallengeStatus::Expired).await?;
            tx.commit().await?;
            return Ok(ChallengeAnswer::Expired {
                challenge: table,
                lang,
            });
        }
        let full = table.takers.len() >= table.seats.get();
        let seated = table.position_of(clicker);
        let host = table.host() == clicker;
        match click {
            TableClick::Join if seated.is_some() => return Err(ChallengeRefusal::Seated.into()),
            TableClick::Join | TableClick::AddComputer(_) if full => {
                return Err(ChallengeRefusal::Full.into())
            }
            TableClick::Join => {
                self.refuse_if_playing(table.channel_id, table.host(), clicker)
                    .await?;
                table.takers.push(Taker {
                    occupant: user,
                    accepted: true,
                });
            }
            TableClick::AddComputer(_) if seated.is_none() => {
                return Err(ChallengeRefusal::NotAPlayer.into())
            }
            TableClick::AddComputer(level) => table.takers.push(Taker::computer(level)),
            TableClick::Leave if host => {
                store::settle_challenge_in(&mut tx, id, ChallengeStatus::Cancelled).await?;
                tx.commit().await?;
                return Ok(ChallengeAnswer::Declined {
                    challenge: table,
                    lang,
                });
            }
            TableClick::Leave => {
                let Some(at) = seated else {
                    return Err(ChallengeRefusal::NotAPlayer.into());
                };
                table.takers.remove(at);
            }
            TableClick::Start if !host => {
                return Err(ChallengeRefusal::NotYours {
                    challenger: table.host(),
                }
                .into())
            }
            TableClick::Start => {
                while table.takers.len() < table.seats.get() {
                    table.takers.push(Taker::computer(Level::Normal));
                }
                store::put_challenge_takers_in(&mut tx, id, &table.takers).await?;
                return self.start_challenge(tx, table, &settings, lang).await;
            }
        }
        store::put_challenge_takers_in(&mut tx, id, &table.takers).await?;
        tx.commit().await?;
        Ok(ChallengeAnswer::Waiting {
            challenge: table,
            lang,
        })
    }

    /// Settles a complete challenge or table and starts its match, committing `tx`.
    async fn start_challenge(
        &self,
        mut tx: store::WriteTx,
        challenge: Challenge,
        settings: &GuildSettings,
        lang: Lang,
    ) -> Result<ChallengeAnswer, ServiceError> {
        store::settle_challenge_in(&mut tx, challenge.id, ChallengeStatus::Accepted).await?;
        let open = store::Notice::Open {
            anchor: challenge.message_id,
            in_thread: settings.use_threads,
        };
        let players: Vec<Occupant> = challenge
            .takers
            .iter()
            .map(|t| t.occupant.clone())
            .collect();
        let meta = with_game!(challenge.game, G => {
            let mut new = match_with_settings::<G>(
                (challenge.guild_id, challenge.channel_id),
                players,
                settings,
                lang,
            );
            new.watchable = challenge.watchable;
            new.teach = challenge.teach;
            self.start_in::<G>(&mut tx, &new, open).await?.meta
        });
        tx.commit().await?;
        Ok(ChallengeAnswer::Accepted {
            challenge,
            meta: Box::new(meta),
            use_threads: settings.use_threads,
        })
    }

    /// Deals a new match of game `G` and stores it inside `tx` with its outbox entry.
    pub(super) async fn start_in<G: Hosted>(
        &self,
        tx: &mut store::TxConn,
        new: &NewMatch<G>,
        open: store::Notice,
    ) -> Result<Loaded<G>, ServiceError> {
        self.insert_and_load(tx, new, open).await
    }

    /// A seated player of a finished (or any) match challenges the other players again, in
    /// the channel the match started from. Computers are not challenged: a rematch of a
    /// practice match is a new practice (see the Discord layer).
    ///
    /// # Errors
    /// [`ServiceError::Challenge`] (not a player, already playing, nobody to challenge), or a
    /// store error.
    pub async fn rematch(
        &self,
        match_id: MatchId,
        user: UserId,
    ) -> Result<(PostedChallenge, ChannelId), ServiceError> {
        let meta = self
            .store
            .load_match(match_id)
            .await?
            .ok_or(ServiceError::NotFound(match_id))?
            .meta;
        let seat = meta.seat_of(user).ok_or(ChallengeRefusal::NotAPlayer)?;
        let opponents: Vec<Named> = meta
            .players()
            .filter(|(s, _)| *s != seat)
            .map(|(s, u)| Named::new(u, meta.name(s)))
            .collect();
        if opponents.is_empty() {
            return Err(ChallengeRefusal::NotAPlayer.into());
        }
        let new = NewChallenge {
            guild: meta.guild_id,
            channel: meta.channel_id,
            challenger: Named::new(user, meta.name(seat)),
            opponents,
            game: Some(meta.game),
            // The same players' choice as the match they ask to play again.
            watchable: meta.watchable,
        };
        let mut posted = self.create_challenge(&new, None).await?;
        posted.lang = meta.lang;
        Ok((posted, meta.channel_id))
    }

    /// Marks every challenge whose time is up as expired; returns them (their messages are
    /// to be marked), each with the language of its server.
    ///
    /// # Errors
    /// A store error.
    pub async fn expire_challenges(&self) -> Result<Vec<(Challenge, Lang)>, ServiceError> {
        let mut expired = Vec::new();
        for c in self.store.expired_challenges(self.clock.now()).await? {
            if self
                .store
                .settle_challenge(c.id, ChallengeStatus::Expired)
                .await?
            {
                let settings = self.store.guild_settings(c.guild_id).await?;
                expired.push((c, public_lang(&settings, None)));
            }
        }
        Ok(expired)
    }
}

/// The table size of `players` for `game`, if the game is played by that many.
fn seats_for(game: GameId, players: usize) -> Result<SeatCount, ServiceError> {
    let allowed = game.seat_counts();
    SeatCount::new(players)
        .filter(|n| allowed.contains(n))
        .ok_or_else(|| {
            ChallengeRefusal::Seats {
                asked: players,
                allowed,
            }
            .into()
        })
}

/// A new match with the server's settings copied in; the seed seats the players and draws
/// the first dealer.
pub(super) fn match_with_settings<G: Hosted>(
    (guild_id, channel_id): (GuildId, ChannelId),
    players: Vec<Occupant>,
    settings: &GuildSettings,
    lang: Lang,
) -> NewMatch<G> {
    NewMatch {
        guild_id,
        channel_id,
        players,
        first_dealer: None,
        options: settings.options::<G>(),
        turn_timeout_secs: settings.turn_timeout_secs,
        time_bank_secs: settings.time_bank_secs,
        claim_secs: settings.claim_secs,
        season: settings.season,
        lang,
        afk_computer: settings.afk_computer,
        watchable: true,
        // Whoever starts a teaching match says so (a table's opener, a practice command).
        teach: false,
    }
}
