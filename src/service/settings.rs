//! Server settings: read them, change them with a typed refusal, close a season. Settings are
//! copied into each match when it starts, so a change never alters a running game.

use std::time::{Duration, Instant};

use super::{MatchService, ServiceError};
use crate::games::interface::SwitchRefusal;
use crate::games::registry::{with_game, GameId};
use crate::i18n::Lang;
use crate::store::{GuildId, GuildSettings, LocaleSetting, UserId};

/// How long [`MatchService::notice_delay`] keeps a delay it read.
const DELAY_KEPT: Duration = Duration::from_secs(5);

/// A setting with a range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettingLimit {
    TurnTime,
    TimeBank,
    ChallengeExpiry,
    NoticeDelay,
    ClaimTime,
    YakuPoints,
}

impl SettingLimit {
    /// The option's name as the admin typed it.
    pub fn name(self) -> &'static str {
        match self {
            SettingLimit::TurnTime => "turn_time",
            SettingLimit::TimeBank => "time_bank",
            SettingLimit::ChallengeExpiry => "challenge_expiry",
            SettingLimit::NoticeDelay => "notice_delay",
            SettingLimit::ClaimTime => "claim_time",
            SettingLimit::YakuPoints => "points",
        }
    }

    /// The allowed range, inclusive.
    pub fn range(self) -> (i64, i64) {
        match self {
            SettingLimit::TurnTime => (30, 3600),
            SettingLimit::TimeBank => (0, 3600),
            SettingLimit::ChallengeExpiry => (60, 86_400),
            SettingLimit::NoticeDelay => (0, 3600),
            SettingLimit::ClaimTime => (5, 600),
            SettingLimit::YakuPoints => (0, i64::from(u32::MAX)),
        }
    }

    fn check(self, value: i64) -> Result<i64, SettingsRefusal> {
        let (min, max) = self.range();
        if (min..=max).contains(&value) {
            Ok(value)
        } else {
            Err(SettingsRefusal::OutOfRange {
                setting: self,
                value,
            })
        }
    }
}

/// Why a settings change was refused; nothing was saved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettingsRefusal {
    OutOfRange {
        setting: SettingLimit,
        value: i64,
    },
    /// Not `en`, `ja` or `auto` (the value is cut to a readable length).
    UnknownLocale(String),
    /// No yaku has this id (cut to a readable length).
    UnknownYaku(String),
    /// A yaku was named without points, or points without a yaku.
    YakuNeedsPoints,
    /// The game has no switch of this id (cut to a readable length).
    UnknownSwitch {
        game: GameId,
        id: String,
    },
    /// The switch does not take this value (cut to a readable length).
    BadSwitchValue {
        switch: &'static str,
        value: String,
        allowed: &'static [&'static str],
    },
    /// A switch was named without a value, or a value without a switch.
    SwitchNeedsValue,
}

/// What /momojan config was asked to change.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct SettingsChange {
    pub turn_time: Option<i64>,
    pub time_bank: Option<i64>,
    pub challenge_expiry: Option<i64>,
    pub threads: Option<bool>,
    /// Timeouts are played by the `normal` computer instead of the minimum move.
    pub afk_computer: Option<bool>,
    /// New tables and practice are teaching ones unless their command says otherwise.
    pub teach: Option<bool>,
    /// Seconds before a player with a live hand is pinged anyway.
    pub notice_delay: Option<i64>,
    /// Seconds each asked player has to answer a claim window.
    pub claim_time: Option<i64>,
    /// Watchers of a match between people see every hand one round late.
    pub spectate_hands: Option<bool>,
    /// The game of commands that name none.
    pub default_game: Option<GameId>,
    pub locale: Option<String>,
    /// The game whose yaku values `yaku`/`points`/`reset_yaku` change (the server's default
    /// game when none is named).
    pub game: Option<GameId>,
    pub yaku: Option<String>,
    pub points: Option<i64>,
    pub reset_yaku: bool,
    /// A switch of `game`'s options (`aka`) and the value to set it to (`false`).
    pub switch: Option<String>,
    pub value: Option<String>,
}

/// The longest echo of a refused value (a 6,000-character value must not make an answer
/// longer than Discord allows).
const ECHO: usize = 40;

fn echo(value: &str) -> String {
    let mut cut: String = value.chars().take(ECHO).collect();
    if value.chars().count() > ECHO {
        cut.push('…');
    }
    cut
}

impl SettingsChange {
    pub fn is_empty(&self) -> bool {
        *self == SettingsChange::default()
    }

    /// The settings after this change, or why it is refused.
    ///
    /// # Errors
    /// The first [`SettingsRefusal`] found.
    pub fn apply_to(&self, mut s: GuildSettings) -> Result<GuildSettings, SettingsRefusal> {
        if let Some(v) = self.turn_time {
            s.turn_timeout_secs = SettingLimit::TurnTime.check(v)?;
        }
        if let Some(v) = self.time_bank {
            s.time_bank_secs = SettingLimit::TimeBank.check(v)?;
        }
        if let Some(v) = self.challenge_expiry {
            s.challenge_expiry_secs = SettingLimit::ChallengeExpiry.check(v)?;
        }
        if let Some(v) = self.threads {
            s.use_threads = v;
        }
        if let Some(v) = self.afk_computer {
            s.afk_computer = v;
        }
        if let Some(v) = self.spectate_hands {
            s.spectate_hands = v;
        }
        if let Some(v) = self.teach {
            s.teach = v;
        }
        if let Some(v) = self.claim_time {
            s.claim_secs = SettingLimit::ClaimTime.check(v)?;
        }
        if let Some(v) = self.notice_delay {
            s.notice_delay_secs = SettingLimit::NoticeDelay.check(v)?;
        }
        if let Some(game) = self.default_game {
            s.default_game = game;
        }
        if let Some(v) = &self.locale {
            let v = v.trim().to_lowercase();
            s.locale = LocaleSetting::from_id(&v)
                .ok_or_else(|| SettingsRefusal::UnknownLocale(echo(&v)))?;
        }
        let game = self.game.unwrap_or(s.default_game);
        if self.reset_yaku {
            s.game_options.remove(&game);
        }
        match (&self.yaku, self.points) {
            (None, None) => {}
            (Some(id), Some(value)) => {
                let id = id.trim().to_lowercase();
                let value = SettingLimit::YakuPoints.check(value)?;
                with_game!(game, G => {
                    let mut options = s.options::<G>();
                    G::set_yaku(&mut options, &id, value as u32)
                        .map_err(|_| SettingsRefusal::UnknownYaku(echo(&id)))?;
                    s.set_options::<G>(&options);
                });
            }
            _ => return Err(SettingsRefusal::YakuNeedsPoints),
        }
        match (&self.switch, &self.value) {
            (None, None) => {}
            (Some(id), Some(value)) => set_switch(&mut s, game, id, value)?,
            _ => return Err(SettingsRefusal::SwitchNeedsValue),
        }
        Ok(s)
    }
}

/// `game`'s options as an event plays them: the server's, with the switches `typed` names set
/// (`length=east, red=0`: pairs apart by commas or spaces), as stored JSON.
///
/// # Errors
/// A pair without `=`, an unknown switch or a value it does not take.
pub(crate) fn options_with_switches(
    settings: &GuildSettings,
    game: GameId,
    typed: &str,
) -> Result<serde_json::Value, SettingsRefusal> {
    let mut s = settings.clone();
    for pair in typed
        .split([',', ' ', '、'])
        .filter(|p| !p.trim().is_empty())
    {
        let (id, value) = pair
            .split_once('=')
            .ok_or(SettingsRefusal::SwitchNeedsValue)?;
        set_switch(&mut s, game, id.trim(), value.trim())?;
    }
    Ok(with_game!(game, G => {
        serde_json::to_value(s.options::<G>()).expect("options serialise")
    }))
}

/// Sets one of `game`'s switches in the server's options of that game.
fn set_switch(
    s: &mut GuildSettings,
    game: GameId,
    id: &str,
    value: &str,
) -> Result<(), SettingsRefusal> {
    with_game!(game, G => {
        let mut options = s.options::<G>();
        G::set_switch(&mut options, id, value).map_err(|refusal| match refusal {
            SwitchRefusal::Unknown => SettingsRefusal::UnknownSwitch {
                game,
                id: echo(id.trim()),
            },
            SwitchRefusal::BadValue { switch, allowed } => SettingsRefusal::BadSwitchValue {
                switch,
                value: echo(value.trim()),
                allowed,
            },
        })?;
        s.set_options::<G>(&options);
    });
    Ok(())
}

/// The language of a server's public messages: an admin's choice, or the server's Discord
/// language (`auto`, the default; English when it is not known).
pub fn public_lang(settings: &GuildSettings, guild_locale: Option<&str>) -> Lang {
    match settings.locale {
        LocaleSetting::Fixed(lang) => lang,
        LocaleSetting::Auto => Lang::from_discord(guild_locale.unwrap_or("en")),
    }
}

impl MatchService {
    /// A server's settings (the defaults when it has none).
    ///
    /// # Errors
    /// A store error, [`crate::store::StoreError::Corrupt`] for a damaged value.
    pub async fn settings(&self, guild: GuildId) -> Result<GuildSettings, ServiceError> {
        Ok(self.store.guild_settings(guild).await?)
    }

    /// A server's turn-notice delay in seconds, as read within the last few seconds: the
    /// outbox asks for it after every move, and a change made here is seen at once (another
    /// process's change within [`DELAY_KEPT`]).
    ///
    /// # Errors
    /// As [`MatchService::settings`].
    pub async fn notice_delay(&self, guild: GuildId) -> Result<i64, ServiceError> {
        let kept = self
            .delays
            .lock()
            .ok()
            .and_then(|d| d.get(&guild).copied())
            .filter(|(read, _)| read.elapsed() < DELAY_KEPT);
        if let Some((_, delay)) = kept {
            return Ok(delay);
        }
        let delay = self.settings(guild).await?.notice_delay_secs;
        if let Ok(mut delays) = self.delays.lock() {
            delays.insert(guild, (Instant::now(), delay));
        }
        Ok(delay)
    }

    /// Applies a change to a server's settings and saves them.
    ///
    /// # Errors
    /// [`ServiceError::Settings`] (nothing saved), or a store error — a damaged stored value
    /// is reported, never saved over.
    pub async fn change_settings(
        &self,
        guild: GuildId,
        change: &SettingsChange,
    ) -> Result<GuildSettings, ServiceError> {
        let current = self.store.guild_settings(guild).await?;
        let new = change.apply_to(current)?;
        self.store.save_guild_settings(&new).await?;
        if let Ok(mut delays) = self.delays.lock() {
            delays.remove(&guild);
        }
        Ok(new)
    }

    /// Closes a server's season in play and starts the next; returns the season closed.
    ///
    /// # Errors
    /// A store error.
    pub async fn close_season(&self, guild: GuildId, by: UserId) -> Result<i64, ServiceError> {
        Ok(self.store.close_season(guild, by, self.clock.now()).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::interface::prelude::*;
    use crate::games::registry::{Momojan, Shogi};

    fn change(f: impl FnOnce(&mut SettingsChange)) -> SettingsChange {
        let mut c = SettingsChange::default();
        f(&mut c);
        c
    }

    #[test]
    fn valid_changes_apply_and_invalid_ones_are_refused_with_a_typed_reason() {
        let base = GuildSettings::defaults(GuildId(1));
        let ok = change(|c| {
            c.turn_time = Some(60);
            c.locale = Some("JA".into());
            c.yaku = Some("momotaro".into());
            c.points = Some(9);
        })
        .apply_to(base.clone())
        .unwrap();
        assert_eq!(ok.turn_timeout_secs, 60);
        assert_eq!(ok.locale, LocaleSetting::Fixed(Lang::Ja));
        let mut expected = <Momojan as crate::games::interface::Play>::Options::default();
        Momojan::set_yaku(&mut expected, "momotaro", 9).unwrap();
        assert_eq!(ok.options::<Momojan>(), expected);
        // Another game's values are its own.
        let shogi = change(|c| {
            c.game = Some(GameId::Shogi);
            c.yaku = Some("toitoi".into());
            c.points = Some(3);
        })
        .apply_to(ok.clone())
        .unwrap();
        assert_eq!(shogi.options::<Momojan>(), expected);
        assert_ne!(
            shogi.options::<Shogi>(),
            <Shogi as crate::games::interface::Play>::Options::default()
        );
        let refused = change(|c| {
            c.game = Some(GameId::Shogi);
            c.yaku = Some("momotaro".into());
            c.points = Some(3);
        });
        assert_eq!(
            refused.apply_to(ok.clone()),
            Err(SettingsRefusal::UnknownYaku("momotaro".into()))
        );
        let reset = change(|c| c.reset_yaku = true).apply_to(shogi).unwrap();
        assert_eq!(
            reset.options::<Momojan>(),
            <Momojan as crate::games::interface::Play>::Options::default()
        );
        assert_ne!(
            reset.options::<Shogi>(),
            <Shogi as crate::games::interface::Play>::Options::default()
        );
        let out = |setting, value| SettingsRefusal::OutOfRange { setting, value };
        for (c, refusal) in [
            (
                change(|c| c.turn_time = Some(5)),
                out(SettingLimit::TurnTime, 5),
            ),
            (
                change(|c| c.time_bank = Some(-1)),
                out(SettingLimit::TimeBank, -1),
            ),
            (
                change(|c| c.challenge_expiry = Some(1_000_000)),
                out(SettingLimit::ChallengeExpiry, 1_000_000),
            ),
            (
                change(|c| c.locale = Some("fr".into())),
                SettingsRefusal::UnknownLocale("fr".into()),
            ),
            (
                change(|c| {
                    c.yaku = Some("dragon".into());
                    c.points = Some(3);
                }),
                SettingsRefusal::UnknownYaku("dragon".into()),
            ),
            (
                change(|c| c.yaku = Some("momotaro".into())),
                SettingsRefusal::YakuNeedsPoints,
            ),
            (
                change(|c| {
                    c.yaku = Some("momotaro".into());
                    c.points = Some(-2);
                }),
                out(SettingLimit::YakuPoints, -2),
            ),
        ] {
            assert_eq!(c.apply_to(base.clone()), Err(refusal));
        }
    }

    #[test]
    fn a_switch_of_the_named_game_is_set_and_a_bad_one_refused_with_a_typed_reason() {
        use crate::games::registry::Riichi;
        let base = GuildSettings::defaults(GuildId(1));
        let switch = |game, id: &str, value: &str| {
            change(|c| {
                c.game = game;
                c.switch = Some(id.into());
                c.value = Some(value.into());
            })
        };
        let east = switch(Some(GameId::Riichi), "length", "East")
            .apply_to(base.clone())
            .unwrap();
        let options = east.options::<Riichi>();
        assert_eq!(Riichi::switch_value(&options, "length"), Some("east"));
        assert_eq!(east.options::<Momojan>(), base.options::<Momojan>());
        assert_eq!(
            switch(Some(GameId::Riichi), "akadora", "false").apply_to(east.clone()),
            Err(SettingsRefusal::UnknownSwitch {
                game: GameId::Riichi,
                id: "akadora".into()
            })
        );
        assert_eq!(
            switch(Some(GameId::Riichi), "aka", "no").apply_to(east.clone()),
            Err(SettingsRefusal::BadSwitchValue {
                switch: "aka",
                value: "no".into(),
                allowed: &["true", "false"],
            })
        );
        // MOMOJAN, the default game, has no switches.
        assert_eq!(
            switch(None, "aka", "false").apply_to(east.clone()),
            Err(SettingsRefusal::UnknownSwitch {
                game: GameId::Momojan,
                id: "aka".into()
            })
        );
        let half = change(|c| c.switch = Some("aka".into()));
        assert_eq!(
            half.apply_to(east.clone()),
            Err(SettingsRefusal::SwitchNeedsValue)
        );
        // Resetting the game's values resets its switches.
        let reset = change(|c| {
            c.game = Some(GameId::Riichi);
            c.reset_yaku = true;
        })
        .apply_to(east)
        .unwrap();
        assert_eq!(
            reset.options::<Riichi>(),
            <Riichi as crate::games::interface::Play>::Options::default()
        );
    }

    #[test]
    fn a_huge_value_is_echoed_short() {
        let c = change(|c| c.locale = Some("x".repeat(6_000)));
        let Err(SettingsRefusal::UnknownLocale(echoed)) =
            c.apply_to(GuildSettings::defaults(GuildId(1)))
        else {
            panic!("refused");
        };
        assert!(echoed.chars().count() <= ECHO + 1);
    }
}
