//! One action through the match service, on SQLite (a file in a temporary directory) and, when
//! `MOMOJAN_TEST_POSTGRES` names a server, on a fresh PostgreSQL database: the action's
//! transaction alone (`transaction`), and the transaction followed by the store work the bot
//! does to show it (`shown`: the outbox entry read, what it shows and the table read, the live
//! hands' reads of the match and the new moves, the entry deleted). One match at a time plays
//! random legal actions; a finished match is replaced by a new one outside the timing.
//!
//! `cargo bench --bench action`

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use momojan::games::interface::seat::Seat;
use momojan::games::interface::Play;
use momojan::games::registry::Momojan;
use momojan::service::{
    ChannelId, GuildId, MatchId, MatchService, NewMatch, Notice, Occupant, ServiceError, UserId,
};
use momojan::store::Store;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The match being played and where it is.
struct Table {
    service: MatchService,
    rng: ChaCha8Rng,
    id: MatchId,
    version: i64,
    game: <Momojan as Play>::State,
}

fn new_match() -> NewMatch<Momojan> {
    NewMatch::<Momojan> {
        guild_id: GuildId(1),
        channel_id: ChannelId(1),
        players: vec![
            Occupant::player(UserId(1), ""),
            Occupant::player(UserId(2), ""),
        ],
        first_dealer: Some(Seat::ZERO),
        options: Default::default(),
        turn_timeout_secs: 180,
        time_bank_secs: 300,
        claim_secs: 30,
        season: 1,
        lang: momojan::i18n::Lang::En,
        afk_computer: false,
        watchable: true,
        teach: false,
    }
}

impl Table {
    async fn open(url: &str) -> Table {
        let service = MatchService::new(Store::open(url).await.expect("the store opens"));
        let (id, game) = service
            .create_match::<Momojan>(&new_match())
            .await
            .expect("a match");
        Table {
            service,
            rng: ChaCha8Rng::seed_from_u64(7),
            id,
            version: 0,
            game,
        }
    }

    /// The time of one random legal action (and, with `shown`, of its showing).
    async fn act(&mut self, shown: bool) -> Duration {
        let Some(seat) = self.game.to_act() else {
            let (id, game) = self
                .service
                .create_match::<Momojan>(&new_match())
                .await
                .expect("a match");
            (self.id, self.version, self.game) = (id, 0, game);
            return Box::pin(self.act(shown)).await;
        };
        let legal = self.game.legal_actions();
        let action = legal[self.rng.random_range(0..legal.len())];
        let user = UserId(1 + seat.index() as i64);
        let start = Instant::now();
        let applied = self
            .service
            .apply::<Momojan>(self.id, user, self.version, action)
            .await
            .expect("a legal action at the current version");
        if shown {
            show(&self.service, self.id).await.expect("shown");
        }
        let took = start.elapsed();
        self.version = applied.version;
        self.game = applied.state;
        took
    }
}

/// The store work the bot does to show the last action of match `id` (see the file's doc).
async fn show(service: &MatchService, id: MatchId) -> Result<(), ServiceError> {
    // Every entry here is the bench's own, sound.
    let entries: Vec<_> = service
        .pending_outbox(id)
        .await?
        .into_iter()
        .flatten()
        .collect();
    for entry in &entries {
        if let Notice::Show(shown) = &entry.notice {
            service.show_state::<Momojan>(id, shown).await?;
        }
    }
    service.table_state::<Momojan>(id).await?;
    let loaded = service.load::<Momojan>(id).await?;
    let version = loaded.meta.version;
    service
        .moves_between::<Momojan>(id, version - 1, version)
        .await?;
    let sent: Vec<_> = entries.iter().map(|e| e.id).collect();
    // Removed in the background with the other matches' (`service/removals.rs`).
    service.outbox_sent(id, &sent);
    Ok(())
}

/// A fresh database on the PostgreSQL server at `server`.
async fn fresh_postgres(server: &str) -> String {
    use sqlx::Connection;
    let name = format!("momojan_bench_{:016x}", rand::random::<u64>());
    let mut conn = sqlx::PgConnection::connect(server)
        .await
        .expect("the PostgreSQL server");
    sqlx::raw_sql(&format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .await
        .expect("CREATE DATABASE");
    let (base, _) = server.rsplit_once('/').expect("a PostgreSQL URL");
    format!("{base}/{name}")
}

fn bench(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut stores = vec![(
        "sqlite",
        format!("sqlite://{}", dir.path().join("action.db").display()),
    )];
    if let Ok(server) = std::env::var("MOMOJAN_TEST_POSTGRES") {
        stores.push(("postgres", runtime.block_on(fresh_postgres(&server))));
    }
    for (name, url) in stores {
        let mut table = runtime.block_on(Table::open(&url));
        let mut group = c.benchmark_group(format!("action/{name}"));
        for (label, shown) in [("transaction", false), ("shown", true)] {
            group.bench_function(label, |b| {
                b.iter_custom(|iters| {
                    runtime.block_on(async {
                        let mut total = Duration::ZERO;
                        for _ in 0..iters {
                            total += table.act(shown).await;
                        }
                        total
                    })
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
