//! The `momojan` command: the bot (to come) and the engine's command-line tools.

use std::io::Read;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use momojan::service::Repair;

/// See Cargo.toml: the allocator is a tenth of the bot's CPU under load otherwise.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "momojan",
    version,
    about = "MOMOJAN (桃雀) engine tools and Discord bot"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a scenario file (or - for standard input) and print the result as JSON.
    Scenario {
        /// Path of the scenario file, or - to read standard input.
        file: String,
    },
    /// Run the Discord bot (DISCORD_TOKEN from the environment or .env).
    Run {
        /// Run only these Discord shards (A-B, both included, or K) of --shard-total; several
        /// processes share one PostgreSQL database. Without it: every shard, one process.
        #[arg(long, requires = "shard_total")]
        shards: Option<String>,
        /// How many shards the whole bot runs (with --shards).
        #[arg(long, requires = "shards")]
        shard_total: Option<u32>,
    },
    /// Print the yaku table of docs/rules.md, generated from the engine's own table.
    YakuTable,
    /// Check a round's fair-deal proof: the commitment published at the deal against the salt
    /// and deck revealed after the round.
    Verify {
        /// The commitment shown on the table (64 hex digits).
        #[arg(long)]
        commitment: String,
        /// The salt revealed in the round summary.
        #[arg(long)]
        salt: String,
        /// The deck revealed in the round summary: its cards or pieces (either game) separated
        /// by spaces.
        #[arg(long)]
        deck: String,
    },
    /// Open the match database (creating it and applying migrations if needed), run SQLite's
    /// integrity check and replay every match against its snapshot and ledger.
    CheckDb {
        /// Database URL; defaults to $DATABASE_URL, then sqlite://momojan.db.
        #[arg(long)]
        database_url: Option<String>,
        /// Rebuild a match's snapshot from its log when the snapshot alone is wrong (damaged
        /// or edited) and the log replays to what the ledger holds.
        #[arg(long)]
        repair: bool,
    },
    /// Copy a SQLite database into an empty PostgreSQL one (every table, in one transaction
    /// of the target), then check the target as check-db does.
    MigrateDb {
        /// The SQLite database to copy (sqlite://…).
        #[arg(long)]
        from: String,
        /// The empty PostgreSQL database to fill (postgres://…).
        #[arg(long)]
        to: String,
    },
    /// Write every card face of every game as PNG (DIR/<game>/<code>.png), one contact sheet
    /// per game on Discord's dark and light backgrounds (DIR/<game>-sheet.png), and the faces
    /// under their emoji names (DIR/emoji/<name>.png).
    Cards {
        /// The folder to write into (created if missing).
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Play complete games between built-in players and print a summary: one policy at every
    /// seat, or (with --vs) player A against player B at every other seat.
    Selfplay {
        /// The game: momojan, shogi, beginners, riichi or mining.
        #[arg(long, default_value = "momojan", value_parser = parse_game)]
        game: momojan::games::registry::GameId,
        /// The table's seats (2 to 4, as the game allows; default: the most it seats).
        #[arg(long)]
        seats: Option<usize>,
        /// How many games to play.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Seed of the first game (game i uses seed + i; mirrored pair i uses deal seed + i).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The player of every seat (random), or player A with --vs (a level).
        #[arg(long, value_enum, default_value_t = Contestant::Random)]
        policy: Contestant,
        /// Player B: play A against B and report A's results.
        #[arg(long, value_enum)]
        vs: Option<Contestant>,
        /// Play every deal twice with the seats swapped, so that luck cancels.
        #[arg(long)]
        mirrored: bool,
        /// Samples per decision of the hard player (no clock, so runs are reproducible).
        #[arg(long, default_value_t = momojan::games::interface::Budget::default().samples)]
        hard_samples: u32,
        /// Worker threads.
        #[arg(long, default_value_t = 2)]
        threads: usize,
    },
    /// Self-play games with every seat at one level and count each highlight kind: games with
    /// it, lines, and how long the recap comes out (the figures its thresholds are tuned by).
    HighlightCounts {
        /// The game.
        #[arg(long, default_value = "riichi", value_parser = parse_game)]
        game: momojan::games::registry::GameId,
        /// The table's seats (default: the most the game seats).
        #[arg(long)]
        seats: Option<usize>,
        /// How many games to play.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Seed of the first game (game i uses seed + i).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Every seat's player.
        #[arg(long, value_enum, default_value_t = Contestant::Easy)]
        policy: Contestant,
        /// Worker threads.
        #[arg(long, default_value_t = 2)]
        threads: usize,
    },
    /// Seat a tournament: every round's tables (players numbered 0 to P-1, seats East first),
    /// then the figures: the most times any pair met, the pairs that met more than once, the
    /// seat winds' balance, byes and games with computers. The same arguments always print the
    /// same schedule.
    Seating {
        /// Entrants.
        #[arg(long)]
        players: usize,
        /// Rounds.
        #[arg(long)]
        rounds: usize,
        /// Seats at a table (2 to 4).
        #[arg(long, default_value_t = 4)]
        seats: usize,
        /// The draw's seed (publish it beforehand: anyone can re-derive the schedule).
        #[arg(long)]
        seed: u64,
        /// Computers fill the last table when the field does not divide (practice, rated for
        /// nobody); without it the players left over sit out, the fewest byes first.
        #[arg(long)]
        computers: bool,
        /// Print only `{"rounds": [[[0, 5, 10, 15], …], …]}` (a computer is null).
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Scenario { file } => scenario(&file),
        Command::Run {
            shards,
            shard_total,
        } => run_bot(shards.zip(shard_total)),
        Command::Verify {
            commitment,
            salt,
            deck,
        } => {
            if momojan::games::interface::deal::verify(&commitment, &salt, &deck) {
                println!("verified: this deck was fixed before the round was played");
                ExitCode::SUCCESS
            } else {
                println!("NOT verified: the salt and deck do not match the commitment");
                ExitCode::from(1)
            }
        }
        Command::CheckDb {
            database_url,
            repair,
        } => check_db(database_url, repair),
        Command::Seating {
            players,
            rounds,
            seats,
            seed,
            computers,
            json,
        } => seating(players, rounds, seats, seed, computers, json),
        Command::Cards { out } => match write_cards(&out) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("momojan: cards: {e}");
                ExitCode::from(1)
            }
        },
        Command::MigrateDb { from, to } => migrate_db(&from, &to),
        Command::YakuTable => {
            print!("{}", momojan::games::registry::momojan_yaku_table());
            ExitCode::SUCCESS
        }
        Command::HighlightCounts {
            game,
            seats,
            games,
            seed,
            policy,
            threads,
        } => {
            let Some(seats) = seats_of(game, seats) else {
                return ExitCode::from(2);
            };
            print!(
                "{}",
                momojan::games::registry::highlight_counts(
                    game,
                    games,
                    seats,
                    seed,
                    policy.level(),
                    threads
                )
            );
            ExitCode::SUCCESS
        }
        Command::Selfplay {
            game,
            seats,
            games,
            seed,
            policy,
            vs,
            mirrored,
            hard_samples,
            threads,
        } => {
            let Some(seats) = seats_of(game, seats) else {
                return ExitCode::from(2);
            };
            selfplay(
                game,
                seats,
                games,
                seed,
                policy,
                vs,
                mirrored,
                hard_samples,
                threads,
            )
        }
    }
}

/// The table size `selfplay` plays `game` at: the one asked for, if the game seats that many
/// (else it says so and gives `None`), or the most the game seats.
fn seats_of(
    game: momojan::games::registry::GameId,
    asked: Option<usize>,
) -> Option<momojan::games::interface::seat::SeatCount> {
    let counts = game.seat_counts();
    let Some(n) = asked else {
        return counts.last().copied();
    };
    let found = counts.iter().copied().find(|c| c.get() == n);
    if found.is_none() {
        let allowed: Vec<String> = counts.iter().map(ToString::to_string).collect();
        eprintln!(
            "momojan: {game} seats {} players, not {n}",
            allowed.join(" or ")
        );
    }
    found
}

/// Who plays a side of `momojan selfplay`: players that pick uniformly among the legal
/// actions, or a computer level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Contestant {
    Random,
    Easy,
    Normal,
    Hard,
}

impl Contestant {
    fn level(self) -> Option<momojan::games::interface::Level> {
        use momojan::games::interface::Level;
        match self {
            Contestant::Random => None,
            Contestant::Easy => Some(Level::Easy),
            Contestant::Normal => Some(Level::Normal),
            Contestant::Hard => Some(Level::Hard),
        }
    }
}

/// `momojan selfplay` for any game: random players, or one level against another.
#[allow(clippy::too_many_arguments)]
fn selfplay(
    game: momojan::games::registry::GameId,
    seats: momojan::games::interface::seat::SeatCount,
    games: u64,
    seed: u64,
    policy: Contestant,
    vs: Option<Contestant>,
    mirrored: bool,
    hard_samples: u32,
    threads: usize,
) -> ExitCode {
    use momojan::games::interface::Budget;
    match (policy, vs.map(|b| (policy.level(), b.level()))) {
        (Contestant::Random, None) => {
            print!(
                "{}",
                momojan::games::registry::random_selfplay(game, games, seats, seed)
            );
            ExitCode::SUCCESS
        }
        (_, Some((Some(a), Some(b)))) => {
            let m = momojan::games::drivers::matchup::Matchup {
                a,
                b,
                seats,
                games,
                mirrored,
                seed,
                budget: Budget::samples(hard_samples),
                threads,
            };
            print!("{}", momojan::games::registry::matchup(game, m));
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!(
                "momojan: {game} self-play is --policy random alone, or a level (easy, normal, \
                 hard) --vs a level"
            );
            ExitCode::from(2)
        }
    }
}

/// `momojan seating`: the schedule as text or JSON; bad input is one line on stderr, exit 2.
fn seating(
    players: usize,
    rounds: usize,
    seats: usize,
    seed: u64,
    computers: bool,
    json: bool,
) -> ExitCode {
    use momojan::service::tournament::seating::{self, Field, Filler, Place};
    let filler = if computers {
        Filler::Computers
    } else {
        Filler::SitOut
    };
    let schedule = Field::new(players, seats, filler)
        .and_then(|field| seating::schedule(&field, rounds, &seating::Seed::from(seed)));
    let schedule = match schedule {
        Ok(schedule) => schedule,
        Err(e) => {
            eprintln!("momojan: seating: {e}");
            return ExitCode::from(2);
        }
    };
    if json {
        println!("{}", schedule.to_json());
        return ExitCode::SUCCESS;
    }
    const WINDS: [&str; 4] = ["E", "S", "W", "N"];
    let mut out = String::new();
    for (r, round) in schedule.rounds().iter().enumerate() {
        out += &format!("Round {}\n", r + 1);
        for (t, table) in round.tables().iter().enumerate() {
            out += &format!("  Table {:>2}:", t + 1);
            for (wind, place) in WINDS.iter().zip(table.places()) {
                match place {
                    Place::Player(p) => out += &format!("  {wind} {:>3}", p.index()),
                    Place::Computer => out += &format!("  {wind} cpu"),
                }
            }
            if table.has_computers() {
                out += "   (computers: practice, rated for nobody)";
            }
            out += "\n";
        }
        if !round.sitting_out().is_empty() {
            let out_list: Vec<String> = round
                .sitting_out()
                .iter()
                .map(|p| p.index().to_string())
                .collect();
            out += &format!("  Sitting out: {}\n", out_list.join(", "));
        }
    }
    let f = seating::figures(&schedule);
    let range = |v: &[u32]| {
        let (lo, hi) = (v.iter().min().unwrap_or(&0), v.iter().max().unwrap_or(&0));
        if lo == hi {
            format!("{lo}")
        } else {
            format!("{lo} to {hi}")
        }
    };
    out += "Figures\n";
    out += &format!("  most meetings of any pair: {}\n", f.most_meetings);
    out += &format!("  pairs that met more than once: {}\n", f.repeated_pairs);
    out += &format!(
        "  wind spread (most minus fewest games in one seat), worst player: {}\n",
        f.worst_wind_spread
    );
    if schedule.field().sitting_out() > 0 {
        out += &format!("  byes per player: {}\n", range(&f.byes));
    }
    if schedule.field().with_computers() > 0 {
        out += &format!(
            "  games with computers per player: {}\n",
            range(&f.computer_games)
        );
    }
    print!("{out}");
    ExitCode::SUCCESS
}

/// `momojan cards --out DIR`: every face, the contact sheets and the emoji-named copies.
fn write_cards(out: &std::path::Path) -> Result<(), Box<dyn std::error::Error>> {
    use momojan::games::{art, registry};
    let emoji = out.join("emoji");
    std::fs::create_dir_all(&emoji)?;
    for game in registry::GameId::ALL {
        let faces = registry::faces(game);
        let folder = out.join(game.id());
        std::fs::create_dir_all(&folder)?;
        for face in &faces {
            std::fs::write(folder.join(format!("{}.png", face.code)), &face.png)?;
            let name = art::emoji_name(registry::art_prefix(game), &face.code, &face.png);
            std::fs::write(emoji.join(format!("{name}.png")), &face.png)?;
        }
        let sheet = out.join(format!("{}-sheet.png", game.id()));
        std::fs::write(&sheet, registry::contact_sheet(game, &faces)?)?;
        println!("{}: {} faces, {}", game.id(), faces.len(), sheet.display());
    }
    Ok(())
}

/// A game id of the registry, for `--game`.
fn parse_game(id: &str) -> Result<momojan::games::registry::GameId, String> {
    momojan::games::registry::GameId::from_id(id).ok_or_else(|| {
        let known: Vec<&str> = momojan::games::registry::GameId::ALL
            .iter()
            .map(|g| g.id())
            .collect();
        format!("unknown game {id:?} (one of: {})", known.join(", "))
    })
}

fn scenario(file: &str) -> ExitCode {
    let bytes = if file == "-" {
        let mut buf = Vec::new();
        std::io::stdin().read_to_end(&mut buf).map(|_| buf)
    } else {
        std::fs::read(file)
    };
    let result = bytes
        .map_err(|e| {
            momojan::games::interface::ScenarioError::new(
                momojan::games::interface::ErrorKind::MalformedJson,
                format!("cannot read {file}: {e}"),
            )
        })
        .and_then(|b| momojan::games::registry::scenario(&b));
    match result {
        Ok(doc) => {
            println!("{}", serde_json::to_string_pretty(&doc).expect("JSON"));
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!(
                "{}",
                serde_json::to_string_pretty(&e.to_json()).expect("JSON")
            );
            ExitCode::from(2)
        }
    }
}

fn check_db(url: Option<String>, repair: bool) -> ExitCode {
    let url = url
        .or_else(|| std::env::var("DATABASE_URL").ok())
        .unwrap_or_else(|| momojan::service::DEFAULT_DATABASE_URL.to_string());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    runtime.block_on(async {
        let clock = momojan::clock::Clock::system();
        let service = match momojan::service::MatchService::open(&url, clock).await {
            Ok(service) => service,
            Err(e) => {
                eprintln!("momojan: {e}");
                return ExitCode::from(1);
            }
        };
        let code = check_matches(&url, &service, repair).await;
        service.close().await;
        code
    })
}

fn migrate_db(from: &str, to: &str) -> ExitCode {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    runtime.block_on(async {
        let open = |url: &str| {
            let url = url.to_string();
            async move {
                momojan::service::MatchService::open(&url, momojan::clock::Clock::system())
                    .await
                    .map_err(|e| eprintln!("momojan: {e}"))
            }
        };
        let Ok(source) = open(from).await else {
            return ExitCode::from(1);
        };
        let Ok(target) = open(to).await else {
            source.close().await;
            return ExitCode::from(1);
        };
        let copied = source.copy_into(&target).await;
        source.close().await;
        let code = match copied {
            Ok(tables) => {
                for (table, rows) in &tables {
                    println!("{table}: {rows} rows");
                }
                check_matches(to, &target, false).await
            }
            Err(e) => {
                eprintln!("momojan: migrate-db: {e}");
                ExitCode::from(1)
            }
        };
        target.close().await;
        code
    })
}

/// Integrity check and a replay of every match (with `repair`, a match whose snapshot alone
/// is wrong is rebuilt from its log); any failed query is a failure too.
async fn check_matches(
    url: &str,
    service: &momojan::service::MatchService,
    repair: bool,
) -> ExitCode {
    let integrity = match service.integrity_check().await {
        Ok(integrity) => integrity,
        Err(e) => {
            eprintln!("momojan: the integrity check failed: {e}");
            return ExitCode::from(1);
        }
    };
    let ids = match service.match_ids().await {
        Ok(ids) => ids,
        Err(e) => {
            eprintln!("momojan: cannot list the matches: {e}");
            return ExitCode::from(1);
        }
    };
    let (mut bad, mut rebuilt) = (0, 0);
    for id in &ids {
        let checked = if repair {
            service.repair_match(*id).await
        } else {
            service.verify_match(*id).await.map(|()| Repair::Sound)
        };
        match checked {
            Ok(Repair::Sound) => {}
            Ok(Repair::Rebuilt) => {
                println!("match {}: its snapshot was rebuilt from its log", id.0);
                rebuilt += 1;
            }
            Err(e) => {
                eprintln!("momojan: {e}");
                bad += 1;
            }
        }
    }
    let rebuilt = if repair {
        format!(", {rebuilt} rebuilt")
    } else {
        String::new()
    };
    println!(
        "{url}: integrity {integrity}; {} matches{rebuilt}, {bad} inconsistent",
        ids.len()
    );
    // PostgreSQL has no integrity check: the answer says it was skipped.
    if (integrity == "ok" || integrity.starts_with("skipped")) && bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn run_bot(shards: Option<(String, u32)>) -> ExitCode {
    let mut config = match momojan::discord::BotConfig::from_env() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("momojan: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some((spec, total)) = shards {
        match momojan::discord::ShardRange::parse(&spec, total) {
            Ok(range) => config.shards = Some(range),
            Err(e) => {
                eprintln!("momojan: {e}");
                return ExitCode::from(2);
            }
        }
        // Work no interaction starts (timeouts, computer moves, the outbox) is shared between
        // processes through the database: a SQLite file cannot be.
        if !config.database_url.starts_with("postgres") {
            eprintln!(
                "momojan: --shards needs a PostgreSQL DATABASE_URL: a SQLite file belongs to one process"
            );
            return ExitCode::from(2);
        }
    }
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "momojan=info,warn".into()),
        )
        .init();
    // The fake Discord's address is read by test builds only: a release build told it would
    // ask the real Discord, whose failures alone would not say why.
    if !cfg!(feature = "test-support") && std::env::var_os("MOMOJAN_DISCORD_API_BASE").is_some() {
        tracing::warn!(
            "MOMOJAN_DISCORD_API_BASE is ignored: this build lacks the test-support feature"
        );
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let result = runtime.block_on(momojan::discord::run_bot(config, stop_signal()));
    // Tasks still running (a poster waiting on Discord, a timer) are not waited for.
    runtime.shutdown_timeout(std::time::Duration::from_millis(500));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "momojan stopped");
            eprintln!("momojan: {e}");
            ExitCode::from(1)
        }
    }
}

/// Completes on SIGINT (Ctrl-C) or SIGTERM.
async fn stop_signal() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
            .expect("SIGTERM handler");
        tokio::select! {
            _ = interrupt => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = interrupt.await;
    }
}
