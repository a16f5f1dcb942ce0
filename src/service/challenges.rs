//! Challenges: create one, answer it (settle it and start the match in one transaction),
//! ask for a rematch, expire the ones nobody answered.

use super::settings::public_lang;
use super::{ChallengeRefusal, Loaded, MatchExtras, MatchService, NewMatch, ServiceError};
use crate::games::registry::{with_game, GameId};
use crate::games::rules::Rules;
use crate::games::seat::Opponent;
use crate::games::seat::{PerSeat, Seat};
use crate::i18n::Lang;
use crate::store::{
    self, Challenge, ChallengeId, ChallengeStatus, ChannelId, GuildId, GuildSettings, MatchId,
    MessageId, UserId,
};

/// A challenge to create.
#[derive(Debug, Clone)]
pub struct NewChallenge {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub challenger: UserId,
    pub opponent: UserId,
    pub opponent_is_bot: bool,
    /// Display names to show in embeds (empty: unknown).
    pub names: PerSeat<String>,
    /// The game to play (`None`: the server's default game).
    pub game: Option<GameId>,
}

/// A stored challenge, ready to post.
#[derive(Debug, Clone)]
pub struct PostedChallenge {
    pub id: ChallengeId,
    pub game: GameId,
    pub challenger: UserId,
    pub opponent: UserId,
    pub expires_at: i64,
    /// The language of the server's public messages.
    pub lang: Lang,
}

/// What answering a challenge did.
#[derive(Debug, Clone)]
pub enum ChallengeAnswer {
    /// The match was created in the same transaction that accepted the challenge.
    Accepted {
        challenge: Challenge,
        meta: Box<crate::store::MatchMeta>,
        /// Open a thread for it (the server's setting).
        use_threads: bool,
    },
    /// Declined; `lang` is the server's public language, for the answered message.
    Declined { challenge: Challenge, lang: Lang },
    /// Its time was up; it is now marked expired.
    Expired { challenge: Challenge, lang: Lang },
}

impl MatchService {
    /// Stores a new pending challenge, or says why it cannot be made (nothing stored then).
    ///
    /// # Errors
    /// [`ServiceError::Challenge`] (yourself, a bot, a match already in play between the two
    /// here), or a store error.
    pub async fn create_challenge(
        &self,
        new: &NewChallenge,
        guild_locale: Option<&str>,
    ) -> Result<PostedChallenge, ServiceError> {
        if new.challenger == new.opponent {
            return Err(ChallengeRefusal::Yourself.into());
        }
        if new.opponent_is_bot {
            return Err(ChallengeRefusal::Bot.into());
        }
        self.refuse_if_playing(new.channel, new.challenger, new.opponent)
            .await?;
        let settings = self.store.guild_settings(new.guild).await?;
        let now = self.clock.now();
        let expires_at = now + settings.challenge_expiry_secs;
        let game = new.game.unwrap_or(settings.default_game);
        let id = self
            .store
            .create_challenge(&store::NewChallenge {
                game,
                guild_id: new.guild,
                channel_id: new.channel,
                challenger_id: new.challenger,
                opponent_id: new.opponent,
                now,
                expires_at,
                challenger_name: new.names[Seat::ZERO].clone(),
                opponent_name: new.names[Seat::ONE].clone(),
            })
            .await?;
        Ok(PostedChallenge {
            id,
            game,
            challenger: new.challenger,
            opponent: new.opponent,
            expires_at,
            lang: public_lang(&settings, guild_locale),
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

    /// `user` answers a challenge. Accepting settles it and creates the match in **one**
    /// transaction, so a failure leaves the challenge pending and the click can be retried.
    ///
    /// # Errors
    /// [`ServiceError::Challenge`] (gone, not yours, already answered), or a store error
    /// (nothing written).
    pub async fn answer_challenge(
        &self,
        id: ChallengeId,
        user: UserId,
        accept: bool,
        guild_locale: Option<&str>,
    ) -> Result<ChallengeAnswer, ServiceError> {
        let mut tx = self.store.begin_write().await?;
        let challenge = store::challenge_in(&mut tx, id)
            .await?
            .ok_or(ChallengeRefusal::Gone)?;
        if user != challenge.opponent_id {
            let opponent = challenge.opponent_id;
            return Err(ChallengeRefusal::NotYours { opponent }.into());
        }
        if challenge.status != ChallengeStatus::Pending {
            return Err(ChallengeRefusal::Closed.into());
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
        let players = (challenge.challenger_id, challenge.opponent_id);
        if let Some(match_id) =
            store::active_match_between_in(&mut tx, challenge.channel_id, players.0, players.1)
                .await?
        {
            let opponent = players.0;
            return Err(ChallengeRefusal::AlreadyPlaying { opponent, match_id }.into());
        }
        store::settle_challenge_in(&mut tx, id, ChallengeStatus::Accepted).await?;
        let extras = MatchExtras {
            practice: None,
            afk_computer: settings.afk_computer,
            names: PerSeat::new(
                challenge.challenger_name.clone(),
                challenge.opponent_name.clone(),
            ),
        };
        let open = store::Notice::Open {
            anchor: challenge.message_id,
            in_thread: settings.use_threads,
        };
        let meta = with_game!(challenge.game, G => {
            let new = new_match::<G>(&challenge, &settings, lang);
            self.start_in::<G>(&mut tx, &new, extras, open).await?.meta
        });
        tx.commit().await?;
        Ok(ChallengeAnswer::Accepted {
            challenge,
            meta: Box::new(meta),
            use_threads: settings.use_threads,
        })
    }

    /// Deals a new match of game `G` and stores it inside `tx` with its outbox entry.
    pub(super) async fn start_in<G: Rules>(
        &self,
        tx: &mut store::TxConn,
        new: &NewMatch<G>,
        extras: MatchExtras,
        open: store::Notice,
    ) -> Result<Loaded<G>, ServiceError> {
        let (seed, dealer) = self.deal(new.first_dealer);
        let (state, _) = G::start(&seed, dealer, new.options.clone());
        self.insert_and_load(tx, new, (&seed, dealer), &state, extras, open)
            .await
    }

    /// A seated player of a finished (or any) match challenges the other again, in the
    /// channel the match started from.
    ///
    /// # Errors
    /// [`ServiceError::Challenge`] (not a player, already playing), or a store error.
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
        let new = NewChallenge {
            guild: meta.guild_id,
            channel: meta.channel_id,
            challenger: user,
            opponent: meta.players[seat.opponent()],
            opponent_is_bot: false,
            names: PerSeat::new(
                meta.names[seat].clone(),
                meta.names[seat.opponent()].clone(),
            ),
            game: Some(meta.game),
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

fn new_match<G: Rules>(challenge: &Challenge, settings: &GuildSettings, lang: Lang) -> NewMatch<G> {
    let players = PerSeat::new(challenge.challenger_id, challenge.opponent_id);
    match_with_settings::<G>(
        challenge.guild_id,
        challenge.channel_id,
        players,
        settings,
        lang,
    )
}

/// A new match with the server's settings copied in and a random first dealer.
pub(super) fn match_with_settings<G: Rules>(
    guild_id: GuildId,
    channel_id: ChannelId,
    players: PerSeat<UserId>,
    settings: &GuildSettings,
    lang: Lang,
) -> NewMatch<G> {
    let first_dealer = if rand::random::<bool>() {
        Seat::ZERO
    } else {
        Seat::ONE
    };
    NewMatch {
        guild_id,
        channel_id,
        players,
        first_dealer,
        options: settings.options::<G>(),
        turn_timeout_secs: settings.turn_timeout_secs,
        time_bank_secs: settings.time_bank_secs,
        season: settings.season,
        lang,
    }
}
