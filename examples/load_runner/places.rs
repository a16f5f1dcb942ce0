//! Where each match is played: its guild (one per bot process when several share the token,
//! each in that process's shard) and its channel (a few matches per channel, as thread
//! creations share a channel's rate-limit bucket).

use crate::fake_discord::{shard_of, FakeDiscord, GUILD_ID};

/// The first channel id the runner's matches use.
const FIRST_CHANNEL: u64 = 645_027_906_669_600_000;

/// The places of a run.
pub struct Places {
    /// One guild per process (its shard's), or the fake's own guild for one process.
    guilds: Vec<u64>,
    per_channel: usize,
}

impl Places {
    /// Places for `n` matches, `per_channel` to a channel, over `processes` shards; the
    /// fake learns the guilds and channels.
    pub fn new(fake: &FakeDiscord, n: usize, per_channel: usize, processes: u32) -> Places {
        let guilds: Vec<u64> = if processes <= 1 {
            vec![GUILD_ID]
        } else {
            (0..processes)
                .map(|shard| guild_of_shard(shard, processes))
                .collect()
        };
        for &guild in guilds.iter().filter(|g| **g != GUILD_ID) {
            fake.add_guild(guild);
        }
        let places = Places {
            guilds,
            per_channel: per_channel.max(1),
        };
        if processes > 1 {
            for m in 0..n {
                let (guild, channel) = places.of(m);
                fake.add_channel(guild, channel);
            }
        }
        places
    }

    /// Match `m`'s (guild, channel).
    pub fn of(&self, m: usize) -> (u64, u64) {
        let guild = self.guilds[m % self.guilds.len()];
        (guild, FIRST_CHANNEL + (m / self.per_channel) as u64)
    }
}

/// A guild id whose events go to `shard` of `total` (Discord: `(guild_id >> 22) % total`).
fn guild_of_shard(shard: u32, total: u32) -> u64 {
    let guild = ((1_000 * u64::from(total) + u64::from(shard)) << 22) + 7;
    debug_assert_eq!(shard_of(guild, total), shard);
    guild
}
