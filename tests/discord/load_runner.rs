//! The examples as the README and BENCHMARKS.md run them: the load runner's smallest point
//! against the test build of the bot (on PostgreSQL when `MOMOJAN_TEST_POSTGRES` names a
//! server, and on SQLite), and `--help` of every example.
//!
//! The examples are the ones `cargo test` and `cargo nextest run` build beside this test
//! binary (`target/<profile>/examples/`); `cargo test --test discord` alone builds none of
//! them (`cargo build --examples` does).

use std::path::PathBuf;
use std::process::{Command, Output};

/// The example `name` built beside this test binary.
fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    // target/<profile>/deps/discord-<hash>
    let profile = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>");
    let path = profile.join("examples").join(name);
    assert!(
        path.exists(),
        "{} is not built: `cargo test` and `cargo nextest run` build the examples, \
         `--test discord` alone does not (`cargo build --examples` does)",
        path.display()
    );
    path
}

fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// One point of 10 matches on `store`: 1 s of warm-up, a 2 s window, one look (3 s) at how
/// busy the machine is and no wait for it to be quiet, and `--check` (every match opened, actions committed, every click answered, no
/// objection of the fake). A proxy is set for the machine's traffic, as on machines whose
/// packages come through one: the bot must reach the fake on loopback all the same.
fn smallest_point(store: &str) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let out = Command::new(example("load_runner"))
        .args([
            "--store",
            store,
            "--n",
            "10",
            "--seconds",
            "2",
            "--warmup",
            "1",
        ])
        .args(["--quiet-wait", "0", "--retries", "0", "--check"])
        .arg("--bot")
        .arg(env!("CARGO_BIN_EXE_momojan"))
        .arg("--dir")
        .arg(dir.path())
        .env("http_proxy", "http://127.0.0.1:9")
        .env("ALL_PROXY", "http://127.0.0.1:9")
        .output()
        .expect("the load runner starts");
    let (stdout, stderr) = text(&out);
    assert!(
        out.status.success(),
        "load_runner --store {store}: {}\nstdout:\n{stdout}\nstderr:\n{stderr}",
        out.status
    );
    assert!(
        stdout.contains(&format!("| {store} | 1 | 10 |")),
        "a row for the point:\n{stdout}"
    );
    assert!(stdout.contains("check passed"), "{stdout}");
}

#[test]
fn load_runner_measures_one_postgres_point() {
    if std::env::var("MOMOJAN_TEST_POSTGRES").is_err() {
        eprintln!("skipped: MOMOJAN_TEST_POSTGRES is not set (see README, PostgreSQL tests)");
        return;
    }
    smallest_point("postgres");
}

#[test]
fn load_runner_measures_one_sqlite_point() {
    smallest_point("sqlite");
}

/// Every example the README or BENCHMARKS.md runs prints its usage on `--help`, and exits.
#[test]
fn every_example_prints_its_usage() {
    for name in ["load_runner", "store_load", "art_speed", "shogi_speed"] {
        let out = Command::new(example(name))
            .arg("--help")
            .output()
            .expect("the example starts");
        let (stdout, stderr) = text(&out);
        assert!(
            out.status.success(),
            "{name} --help: {}\nstdout:\n{stdout}\nstderr:\n{stderr}",
            out.status
        );
        assert!(
            stdout.contains(&format!("Usage: {name}")),
            "{name} --help prints its usage:\n{stdout}"
        );
    }
}
