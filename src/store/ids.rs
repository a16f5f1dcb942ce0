//! Typed ids. A match id cannot be passed where a user id is expected; Discord snowflakes
//! (u64) are stored as SQLite integers (i64) and converted only here.

use std::fmt;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, sqlx::Type,
            serde::Serialize, serde::Deserialize,
        )]
        #[sqlx(transparent)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl $name {
            /// From a Discord snowflake (the same 64 bits, stored signed).
            pub fn from_snowflake(id: u64) -> $name {
                $name(id as i64)
            }

            /// As a Discord snowflake.
            pub fn snowflake(self) -> u64 {
                self.0 as u64
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

id_type!(
    /// A match (our own row id).
    MatchId
);
id_type!(
    /// A challenge (our own row id).
    ChallengeId
);
id_type!(
    /// A Discord user.
    UserId
);
id_type!(
    /// A Discord server.
    GuildId
);
id_type!(
    /// A Discord channel or thread.
    ChannelId
);
id_type!(
    /// A Discord message.
    MessageId
);
id_type!(
    /// A tournament (our own row id).
    TournamentId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snowflakes_above_i64_max_survive_the_round_trip() {
        let big = u64::MAX - 7;
        assert_eq!(UserId::from_snowflake(big).snowflake(), big);
        assert_eq!(MatchId(12).to_string(), "12");
    }
}
