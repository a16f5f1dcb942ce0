//! The Discord adapter, in one test binary: the real bot (serenity + poise) against a local
//! fake Discord (`fake_discord/`), and every user-facing string in both languages.

mod fake_discord;

mod auto_switches;
mod budget;
mod card_art;
mod computer_names;
mod db_outage;
mod discord_bot;
mod discord_flow;
mod discord_game;
mod discord_server;
mod fake_truth;
mod highlights;
mod i18n;
mod live_hand;
mod load_runner;
mod migrate;
mod outbox;
mod practice;
mod rate_limits;
mod replay;
mod seats;
mod shard_kill;
mod shards;
mod tables;
mod teaching;
mod teaching_why;
mod tournament_board;
mod tournament_controls;
mod tournament_events;
mod tournament_grace;
mod tournament_reseat;
mod tournament_rolling;
mod tournament_round_robin;
mod tournaments;
mod upgrade;
mod views;
mod watching;
