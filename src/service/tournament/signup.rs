//! An event's sign-up: created by an organiser, joined and left by anyone, and closed by its
//! organiser, which draws the seed and seats round 1 — one transaction each. A refusal
//! ([`TournamentRefusal`]) writes nothing.

use super::draw;
use super::lobby;
use super::seating::{self, Field, Filler, Place, Player};
use crate::games::interface::seat::SeatCount;
use crate::games::registry::GameId;
use crate::service::settings::options_with_switches;
use crate::service::{public_lang, MatchService, ServiceError};
use crate::store::{
    self, ChannelId, Entrant, GuildId, NewTournament, Tournament, TournamentFiller,
    TournamentFormat, TournamentId, TournamentState, TournamentTable, UserId,
};

/// The longest event name, in characters.
pub const MAX_NAME: usize = 80;

/// The longest grace for a no-show, in minutes.
pub const MAX_GRACE: u32 = 120;

/// Why an organiser's or an entrant's action was refused. Nothing was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TournamentRefusal {
    /// No such event.
    Gone,
    /// This channel has no event taking sign-ups.
    NoEvent,
    /// This channel already has an event that has not finished.
    AlreadyOpen(TournamentId),
    /// Only the organiser may do this.
    NotOrganiser(UserId),
    /// Sign-up is closed.
    Closed,
    /// The player is already an entrant.
    AlreadyIn,
    /// The player is not an entrant.
    NotIn,
    /// Too few entrants to seat a round.
    TooFew { entrants: usize, needed: usize },
    /// The game is not played at tables of that size.
    Seats {
        asked: usize,
        allowed: &'static [SeatCount],
    },
    /// Rounds outside 1 to [`seating::MAX_ROUNDS`].
    Rounds(u32),
    /// An empty name, or one longer than [`MAX_NAME`].
    Name,
    /// The event is not over (its secret is revealed when it is).
    NotOver,
    /// This channel has no event running (taking sign-ups or playing rounds).
    NotRunning,
    /// Sign-up is still open (entrants join and leave with the buttons).
    SignUpOpen,
    /// This round is the event's last: nothing is seated after it.
    LastRound(u32),
    /// This player is not an entrant.
    PlayerNotIn(UserId),
    /// This player is an entrant already (and not dropped).
    PlayerAlreadyIn(UserId),
    /// This player was dropped (for good once a round was seated without them).
    PlayerDropped(UserId),
    /// A grace outside 1 to [`MAX_GRACE`] minutes.
    Grace,
    /// No round robin exists for this many entrants at tables of this size.
    NoRoundRobin { entrants: usize, seats: usize },
    /// A round robin's schedule is fixed: no one can be added.
    FixedSchedule,
    /// The event is paused already.
    AlreadyPaused,
    /// The event is not paused.
    NotPaused,
    /// A rolling event: the player is in the queue already.
    AlreadyWaiting,
    /// A rolling event: the player is not in the queue.
    NotWaiting,
    /// A rolling event: the player is at a table of it that has not finished.
    AtTable,
    /// A rolling event's window (minutes), run or wait outside what is allowed.
    RollingRules,
    /// The player is an entrant of another event of the server whose rounds are not over (they
    /// would sit at two tables at once).
    InOtherEvent(TournamentId),
    /// A re-seat: the event has no round in play (sign-up closed, round 1 not seated yet).
    NoRound,
    /// A re-seat: a rolling event's tables are not re-seated (its players queue again).
    ReseatRolling,
    /// A re-seat: the round has no table with this number (from 1).
    NoTable(usize),
    /// A re-seat: this table's match has not started yet (it starts shortly).
    TableNotStarted(usize),
    /// A re-seat: this table's match has ended (its result stands).
    TableEnded(usize),
    /// A re-seat: this table was just re-seated and nobody has moved in its new match yet (a
    /// second press of the same re-seat).
    JustReseated(usize),
    /// The server has no event of this number (`/momojan tournament standings event:`).
    UnknownEvent(TournamentId),
}

impl From<TournamentRefusal> for ServiceError {
    fn from(r: TournamentRefusal) -> ServiceError {
        ServiceError::Tournament(r)
    }
}

/// An event to create.
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub organiser: UserId,
    pub name: String,
    /// `None`: the server's default game.
    pub game: Option<GameId>,
    /// `None`: the most the game seats.
    pub seats: Option<usize>,
    /// Swiss rounds (a round robin's are its schedule's, known when sign-up closes).
    pub rounds: u32,
    /// Swiss, or a round robin.
    pub format: TournamentFormat,
    /// What fills a field that does not divide into tables: computers, or sitters-out.
    pub filler: TournamentFiller,
    /// Minutes a seated player has to make a move of their own before the computer plays
    /// their seat (`None`: no grace).
    pub grace: Option<u32>,
    /// A rolling event's rules, the format's (required for it, ignored by the others).
    pub rolling: Option<RollingRules>,
    /// The server's Discord language (for a server whose language is `auto`).
    pub guild_locale: Option<String>,
    /// The game's switches for this event (`length=east, red=0`), over the server's; the
    /// event's options are fixed when it is created either way.
    pub switches: Option<String>,
}

/// A rolling event's rules as the organiser gives them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RollingRules {
    /// Minutes the window stays open from the event's creation.
    pub window_mins: u32,
    /// The run each entrant is ranked by, in games.
    pub run_games: u32,
    /// Minutes an entrant waits before computers fill their table (`None`: never).
    pub fill_after_mins: Option<u32>,
}

impl RollingRules {
    fn stored(self, now: i64) -> Result<store::Rolling, TournamentRefusal> {
        let ok = (1..=lobby::MAX_WINDOW_MINS).contains(&self.window_mins)
            && (1..=lobby::MAX_RUN).contains(&self.run_games)
            && self
                .fill_after_mins
                .is_none_or(|m| (1..=lobby::MAX_FILL_AFTER_MINS).contains(&m));
        if !ok {
            return Err(TournamentRefusal::RollingRules);
        }
        Ok(store::Rolling {
            window_ends_at: now + i64::from(self.window_mins) * 60,
            run_games: self.run_games,
            fill_after_secs: self.fill_after_mins.map(|m| m * 60),
        })
    }
}

/// An event in sign-up, as its message shows it.
#[derive(Debug, Clone)]
pub struct SignUp {
    pub event: Tournament,
    /// In join order.
    pub entrants: Vec<Entrant>,
    /// When it was read (seconds): a rolling event's lobby is open until its window ends.
    pub as_of: i64,
}

impl SignUp {
    /// Whether entrants may join (or queue) now.
    pub fn is_open(&self) -> bool {
        match self.event.rolling {
            Some(r) => {
                self.event.state == TournamentState::Running && self.as_of < r.window_ends_at
            }
            None => self.event.state == TournamentState::SignUp,
        }
    }
}

/// An event whose sign-up just closed: its seed drawn and round 1 seated.
#[derive(Debug, Clone)]
pub struct ClosedEvent {
    pub event: Tournament,
    pub entrants: Vec<Entrant>,
    /// SHA-256 of the seed.
    pub seed_commitment: [u8; 32],
    /// Round 1's tables, players in seat order (`None`: a computer).
    pub tables: Vec<TournamentTable>,
    /// Who sits round 1 out.
    pub sitting_out: Vec<UserId>,
}

impl MatchService {
    /// Creates an event in sign-up in a channel that has none running, with a fresh
    /// organiser's secret (its commitment shown from now on).
    ///
    /// # Errors
    /// [`TournamentRefusal`] (a bad name, seat count or rounds, an event already running in the
    /// channel), or a store error.
    pub async fn create_tournament(&self, new: &NewEvent) -> Result<Tournament, ServiceError> {
        let name = new.name.trim();
        if name.is_empty() || name.chars().count() > MAX_NAME {
            return Err(TournamentRefusal::Name.into());
        }
        if !(1..=seating::MAX_ROUNDS as u32).contains(&new.rounds) {
            return Err(TournamentRefusal::Rounds(new.rounds).into());
        }
        if new.grace.is_some_and(|g| !(1..=MAX_GRACE).contains(&g)) {
            return Err(TournamentRefusal::Grace.into());
        }
        let mut tx = self.store.begin_write().await?;
        let settings = store::guild_settings_in(&mut tx, new.guild).await?;
        let game = new.game.unwrap_or(settings.default_game);
        let allowed = game.seat_counts();
        let most = allowed.iter().map(|n| n.get()).max().unwrap_or(2);
        let seats = new.seats.unwrap_or(most);
        if !allowed.iter().any(|n| n.get() == seats) {
            return Err(TournamentRefusal::Seats {
                asked: seats,
                allowed,
            }
            .into());
        }
        if let Some(open) = store::open_tournament_in(&mut tx, new.channel).await? {
            return Err(TournamentRefusal::AlreadyOpen(open.id).into());
        }
        let now = self.clock.now();
        let rolling = match (new.format, new.rolling) {
            (TournamentFormat::Rolling, Some(rules)) => Some(rules.stored(now)?),
            (TournamentFormat::Rolling, None) => return Err(TournamentRefusal::RollingRules.into()),
            _ => None,
        };
        // The event's rules are fixed now: a change to the server's switches later does not
        // reach its tables.
        let options = options_with_switches(&settings, game, new.switches.as_deref().unwrap_or(""))
            .map_err(ServiceError::Settings)?;
        let secret = draw::fresh_secret();
        let row = NewTournament {
            guild_id: new.guild,
            channel_id: new.channel,
            organiser: new.organiser,
            name: name.to_string(),
            game,
            seats,
            options,
            format: new.format,
            rounds: new.rounds,
            filler: new.filler,
            secret,
            commitment: draw::commitment(&secret),
            lang: public_lang(&settings, new.guild_locale.as_deref()),
            grace_mins: new.grace,
            rolling,
            now,
        };
        let id = store::insert_tournament(&mut tx, &row).await?;
        let event = store::tournament_in(&mut tx, id)
            .await?
            .ok_or(TournamentRefusal::Gone)?;
        tx.commit().await?;
        Ok(event)
    }

    /// Records an event's sign-up message.
    ///
    /// # Errors
    /// A store error.
    pub async fn set_tournament_message(
        &self,
        id: TournamentId,
        message: store::MessageId,
    ) -> Result<(), ServiceError> {
        Ok(self.store.set_tournament_message(id, message).await?)
    }

    /// An event with its entrants.
    ///
    /// # Errors
    /// [`TournamentRefusal::Gone`] or a store error.
    pub async fn tournament(&self, id: TournamentId) -> Result<SignUp, ServiceError> {
        let event = self
            .store
            .tournament(id)
            .await?
            .ok_or(TournamentRefusal::Gone)?;
        let entrants = self.store.tournament_entrants(id).await?;
        Ok(SignUp {
            event,
            entrants,
            as_of: self.clock.now(),
        })
    }

    /// A player joins an event in sign-up (`join`: their Join interaction's id, part of the
    /// seed) or leaves it (`None`).
    ///
    /// # Errors
    /// [`TournamentRefusal`] (gone, closed, already in, not in), or a store error.
    pub async fn tournament_click(
        &self,
        id: TournamentId,
        user: UserId,
        name: &str,
        join: Option<i64>,
    ) -> Result<SignUp, ServiceError> {
        let mut tx = self.store.begin_write().await?;
        let event = store::tournament_in(&mut tx, id)
            .await?
            .ok_or(TournamentRefusal::Gone)?;
        if event.format == TournamentFormat::Rolling {
            return self.rolling_click(tx, event, user, name, join).await;
        }
        if event.state != TournamentState::SignUp {
            return Err(TournamentRefusal::Closed.into());
        }
        let entrants = store::tournament_entrants_in(&mut tx, id).await?;
        let is_in = entrants.iter().any(|e| e.user == user);
        match join {
            Some(_) if is_in => return Err(TournamentRefusal::AlreadyIn.into()),
            Some(interaction) => {
                if let Some(other) =
                    store::other_event_of(&mut tx, event.guild_id, user, id).await?
                {
                    return Err(TournamentRefusal::InOtherEvent(other).into());
                }
                store::add_tournament_entrant(&mut tx, id, user, name, interaction).await?;
            }
            None if !is_in => return Err(TournamentRefusal::NotIn.into()),
            None => {
                store::remove_tournament_entrant(&mut tx, id, user).await?;
            }
        }
        let entrants = store::tournament_entrants_in(&mut tx, id).await?;
        tx.commit().await?;
        Ok(SignUp {
            event,
            entrants,
            as_of: self.clock.now(),
        })
    }

    /// The organiser closes sign-up of the channel's event: the seed is drawn from their
    /// secret and the entrants' Join clicks, and round 1 is seated from it (a Swiss first
    /// round: a random draw; computers fill the last table). The tables are not started here
    /// (see [`MatchService::start_tournament_tables`]).
    ///
    /// # Errors
    /// [`TournamentRefusal`] (no event, not the organiser, closed already, too few entrants),
    /// or a store error.
    pub async fn close_tournament(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<ClosedEvent, ServiceError> {
        let mut tx = self.store.begin_write().await?;
        let event = store::open_tournament_in(&mut tx, channel)
            .await?
            .ok_or(TournamentRefusal::NoEvent)?;
        if event.organiser != user {
            return Err(TournamentRefusal::NotOrganiser(event.organiser).into());
        }
        if event.format == TournamentFormat::Rolling {
            // A rolling event's window closes: no table forms after this.
            self.close_rolling_window(&mut tx, &event).await?;
            let entrants = store::tournament_entrants_in(&mut tx, event.id).await?;
            let event = store::tournament_in(&mut tx, event.id)
                .await?
                .ok_or(TournamentRefusal::Gone)?;
            tx.commit().await?;
            return Ok(ClosedEvent {
                seed_commitment: event.commitment,
                event,
                entrants,
                tables: Vec::new(),
                sitting_out: Vec::new(),
            });
        }
        if event.state != TournamentState::SignUp {
            return Err(TournamentRefusal::Closed.into());
        }
        let entrants = store::tournament_entrants_in(&mut tx, event.id).await?;
        if entrants.len() < 2 {
            return Err(TournamentRefusal::TooFew {
                entrants: entrants.len(),
                needed: 2,
            }
            .into());
        }
        let joins: Vec<i64> = entrants.iter().map(|e| e.join_interaction).collect();
        let seed = draw::seed(&event.secret, &joins);
        if event.format == TournamentFormat::RoundRobin {
            let rounds = round_robin(&event, &entrants, &seed)?.rounds().len();
            let rounds = u32::try_from(rounds).unwrap_or(u32::MAX);
            if rounds as usize > seating::MAX_ROUNDS {
                return Err(TournamentRefusal::Rounds(rounds).into());
            }
            store::set_tournament_rounds(&mut tx, event.id, rounds).await?;
        }
        let (tables, sitting_out) = first_round(&event, &entrants, &seed)?;
        store::set_tournament_state(&mut tx, event.id, TournamentState::Running, 1, Some(&seed))
            .await?;
        store::insert_tournament_tables(&mut tx, event.id, 1, &tables).await?;
        let tables = store::tournament_tables_in(&mut tx, event.id, 1).await?;
        let event = store::tournament_in(&mut tx, event.id)
            .await?
            .ok_or(TournamentRefusal::Gone)?;
        tx.commit().await?;
        Ok(ClosedEvent {
            event,
            entrants,
            seed_commitment: draw::commitment(&seed),
            tables,
            sitting_out,
        })
    }
}

/// A round's seating: each table's entrants in seat order (`None`: a computer).
pub(super) type Tables = Vec<Vec<Option<UserId>>>;

/// Round 1 of an event from its seed: its tables, and who sits out.
pub(super) fn first_round(
    event: &Tournament,
    entrants: &[Entrant],
    seed: &[u8; 32],
) -> Result<(Tables, Vec<UserId>), ServiceError> {
    if event.format == TournamentFormat::RoundRobin {
        return round_robin_round(event, entrants, seed, 1);
    }
    let totals = vec![0; entrants.len()];
    swiss(event, entrants, 1, &totals, &[], seed)
}

fn filler_of(event: &Tournament) -> Filler {
    match event.filler {
        TournamentFiller::Computers => Filler::Computers,
        TournamentFiller::SitOut => Filler::SitOut,
    }
}

/// The whole round-robin schedule of an event from its seed (every entrant numbered in join
/// order; a round robin takes no one after sign-up).
fn round_robin(
    event: &Tournament,
    entrants: &[Entrant],
    seed: &[u8; 32],
) -> Result<seating::Schedule, ServiceError> {
    let none = || TournamentRefusal::NoRoundRobin {
        entrants: entrants.len(),
        seats: event.seats,
    };
    let field = Field::new(entrants.len(), event.seats, filler_of(event)).map_err(|_| none())?;
    Ok(seating::round_robin(&field, &seating::Seed(*seed)).ok_or_else(none)?)
}

/// Round `round` of an event's round robin: the schedule's tables, a computer in the seat of a
/// player dropped by then (a table left with no player is not played), and who sits out.
pub(super) fn round_robin_round(
    event: &Tournament,
    entrants: &[Entrant],
    seed: &[u8; 32],
    round: u32,
) -> Result<(Tables, Vec<UserId>), ServiceError> {
    let schedule = round_robin(event, entrants, seed)?;
    let Some(seated) = schedule.rounds().get(round as usize - 1) else {
        return Err(TournamentRefusal::LastRound(round - 1).into());
    };
    let (tables, out) = named(seated, entrants);
    let plays = |user: &UserId| {
        entrants
            .iter()
            .any(|e| e.user == *user && e.plays_in(round))
    };
    let tables = tables
        .into_iter()
        .map(|t| {
            t.into_iter()
                .map(|seat| seat.filter(|u| plays(u)))
                .collect::<Vec<_>>()
        })
        .filter(|t| t.iter().any(Option::is_some))
        .collect();
    Ok((tables, out.into_iter().filter(|u| plays(u)).collect()))
}

/// A Swiss round `round` of an event: the entrants who play in it (see
/// [`Entrant::plays_in`]) seated by `totals` (one per entrant, in join order) after the
/// rounds `history` (entrants numbered in join order); its tables, and who sits out.
pub(super) fn swiss(
    event: &Tournament,
    entrants: &[Entrant],
    round: u32,
    totals: &[i64],
    history: &[seating::Round],
    seed: &[u8; 32],
) -> Result<(Tables, Vec<UserId>), ServiceError> {
    let filler = filler_of(event);
    let seated: Vec<Player> = (0..entrants.len())
        .filter(|k| entrants[*k].plays_in(round))
        .map(Player::new)
        .collect();
    let too_few = || TournamentRefusal::TooFew {
        entrants: seated.len(),
        needed: event.seats,
    };
    let field = Field::new(seated.len(), event.seats, filler).map_err(|_| too_few())?;
    let seed = seating::Seed(*seed);
    let round =
        seating::swiss_round_among(&field, &seated, totals, history, &seed).map_err(|e| {
            ServiceError::Store(store::StoreError::Corrupt {
                table: "tournament_tables",
                row: event.id.to_string(),
                column: "seats",
                detail: e.to_string(),
            })
        })?;
    Ok(named(&round, entrants))
}

/// A seated round with its entrants named: each table's users in seat order (`None`: a
/// computer), and who sits out.
pub(super) fn named(round: &seating::Round, entrants: &[Entrant]) -> (Tables, Vec<UserId>) {
    let tables = round
        .tables()
        .iter()
        .map(|t| {
            t.places()
                .iter()
                .map(|place| match place {
                    Place::Player(p) => Some(entrants[p.index()].user),
                    Place::Computer => None,
                })
                .collect()
        })
        .collect();
    let out = round
        .sitting_out()
        .iter()
        .map(|p| entrants[p.index()].user)
        .collect();
    (tables, out)
}
