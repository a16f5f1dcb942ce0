//! The `momojan` command: the bot (to come) and the engine's command-line tools.

use std::io::Read;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "momojan", version, about = "MOMOJAN (桃雀) engine tools and Discord bot")]
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Scenario { file } => scenario(&file),
    }
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
            momojan::scenario::ScenarioError::new(
                momojan::scenario::ErrorKind::MalformedJson,
                format!("cannot read {file}: {e}"),
            )
        })
        .and_then(|b| momojan::scenario::run(&b));
    match result {
        Ok(doc) => {
            println!("{}", serde_json::to_string_pretty(&doc).expect("JSON"));
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!("{}", serde_json::to_string_pretty(&e.to_json()).expect("JSON"));
            ExitCode::from(2)
        }
    }
}
