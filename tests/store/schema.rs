//! The two migration folders stay in step: `migrations/sqlite/` and `migrations/postgres/`,
//! applied from scratch, give the same tables, columns (types mapped), primary keys, foreign
//! keys, indexes and CHECK constraints (by the columns they constrain). PostgreSQL comes from
//! `MOMOJAN_TEST_POSTGRES` (a server URL whose user may create databases; `.ci/run` starts a
//! throwaway cluster with `scripts/pg-cluster.sh`); without it the test says why and skips.

use std::collections::{BTreeMap, BTreeSet};

use sqlx::{Connection, PgConnection, Row, SqliteConnection};

/// One table as both databases are compared.
#[derive(Debug, Default, PartialEq, Eq)]
struct Table {
    /// Column → (type class, NOT NULL).
    columns: BTreeMap<String, (&'static str, bool)>,
    primary_key: Vec<String>,
    /// (columns, referenced table, referenced columns).
    foreign_keys: BTreeSet<(Vec<String>, String, Vec<String>)>,
    /// Index name → columns (primary-key indexes left out).
    indexes: BTreeMap<String, Vec<String>>,
    /// The columns each CHECK constrains (0/1 checks on SQLite's stand-ins for booleans aside).
    checks: BTreeSet<Vec<String>>,
}

type Schema = BTreeMap<String, Table>;

/// A PostgreSQL constraint: kind, name, columns, referenced table and columns.
type Constraint = (String, String, Vec<String>, String, Vec<String>);

/// SQLite's declared types and PostgreSQL's types in the same classes (SQLite has no boolean:
/// 0/1 integers stand for PostgreSQL's booleans).
fn class(declared: &str) -> &'static str {
    match declared.to_ascii_lowercase().as_str() {
        "integer" | "bigint" | "boolean" => "integer",
        "real" | "double precision" => "real",
        "text" => "text",
        "blob" | "bytea" => "blob",
        other => panic!("a type the schema test does not know: {other}"),
    }
}

const SKIP: [&str; 2] = ["_sqlx_migrations", "sqlite_sequence"];

async fn sqlite_schema(url: &str) -> Schema {
    let mut conn = SqliteConnection::connect(url).await.unwrap();
    let tables: Vec<(String, String)> =
        sqlx::query_as("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .fetch_all(&mut conn)
            .await
            .unwrap();
    let mut schema = Schema::new();
    for (name, sql) in tables {
        if SKIP.contains(&name.as_str()) {
            continue;
        }
        let mut t = Table::default();
        let cols = sqlx::query(&format!("PRAGMA table_info({name})"))
            .fetch_all(&mut conn)
            .await
            .unwrap();
        let mut pk: Vec<(i64, String)> = Vec::new();
        for c in &cols {
            let col: String = c.get("name");
            let pk_pos: i64 = c.get("pk");
            let notnull: bool = c.get::<i64, _>("notnull") == 1 || pk_pos > 0;
            t.columns
                .insert(col.clone(), (class(&c.get::<String, _>("type")), notnull));
            if pk_pos > 0 {
                pk.push((pk_pos, col));
            }
        }
        pk.sort();
        t.primary_key = pk.into_iter().map(|(_, c)| c).collect();
        let fks = sqlx::query(&format!("PRAGMA foreign_key_list({name})"))
            .fetch_all(&mut conn)
            .await
            .unwrap();
        for fk in fks {
            t.foreign_keys.insert((
                vec![fk.get::<String, _>("from")],
                fk.get("table"),
                vec![fk.get::<String, _>("to")],
            ));
        }
        let indexes = sqlx::query(&format!("PRAGMA index_list({name})"))
            .fetch_all(&mut conn)
            .await
            .unwrap();
        for ix in indexes {
            if ix.get::<String, _>("origin") == "pk" {
                continue;
            }
            let ix_name: String = ix.get("name");
            let cols = sqlx::query(&format!("PRAGMA index_info({ix_name})"))
                .fetch_all(&mut conn)
                .await
                .unwrap();
            t.indexes.insert(
                ix_name,
                cols.iter().map(|c| c.get::<String, _>("name")).collect(),
            );
        }
        t.checks = checks_in(&sql, &t.columns);
        schema.insert(name, t);
    }
    conn.close().await.unwrap();
    schema
}

/// The columns each `CHECK (…)` of a SQLite table definition names, leaving out 0/1 checks
/// (SQLite's booleans).
fn checks_in(sql: &str, columns: &BTreeMap<String, (&'static str, bool)>) -> BTreeSet<Vec<String>> {
    let mut out = BTreeSet::new();
    let upper = sql.to_ascii_uppercase();
    let mut at = 0;
    while let Some(found) = upper[at..].find("CHECK") {
        let start = at + found + 5;
        let open = start + sql[start..].find('(').unwrap();
        let mut depth = 0;
        let mut end = open;
        for (i, ch) in sql[open..].char_indices() {
            match ch {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i;
                        break;
                    }
                }
                _ => {}
            }
        }
        let body = &sql[open + 1..end];
        // Words inside string literals ('round-robin') name no column.
        let body: String = body.split('\'').step_by(2).collect::<Vec<_>>().join(" ");
        let body = body.as_str();
        let named: BTreeSet<String> = body
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| columns.contains_key(*w))
            .map(str::to_string)
            .collect();
        let boolean = body.replace(' ', "").ends_with("IN(0,1)") && {
            let col = named.iter().next().cloned().unwrap_or_default();
            ["in_thread"].contains(&col.as_str())
        };
        if !named.is_empty() && !boolean {
            out.insert(named.into_iter().collect());
        }
        at = end;
    }
    out
}

async fn postgres_schema(conn: &mut PgConnection) -> Schema {
    let tables: Vec<(String,)> = sqlx::query_as(
        "SELECT table_name::text FROM information_schema.tables \
         WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
    )
    .fetch_all(&mut *conn)
    .await
    .unwrap();
    let mut schema = Schema::new();
    for (name,) in tables {
        if SKIP.contains(&name.as_str()) {
            continue;
        }
        let mut t = Table::default();
        let cols: Vec<(String, String, String)> = sqlx::query_as(
            "SELECT column_name::text, data_type::text, is_nullable::text \
             FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1",
        )
        .bind(&name)
        .fetch_all(&mut *conn)
        .await
        .unwrap();
        for (col, ty, nullable) in cols {
            t.columns.insert(col, (class(&ty), nullable == "NO"));
        }
        let constraint_columns = "SELECT c.contype::text, c.conname::text, \
             ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, o) \
                   JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.o), \
             COALESCE(f.relname::text, ''), \
             ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, o) \
                   JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.o) \
             FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid \
             LEFT JOIN pg_class f ON f.oid = c.confrelid WHERE r.relname = $1";
        let constraints: Vec<Constraint> = sqlx::query_as(constraint_columns)
            .bind(&name)
            .fetch_all(&mut *conn)
            .await
            .unwrap();
        for (kind, _, cols, ref_table, ref_cols) in constraints {
            match kind.as_str() {
                "p" => t.primary_key = cols,
                "f" => {
                    t.foreign_keys.insert((cols, ref_table, ref_cols));
                }
                "c" => {
                    let mut cols = cols;
                    cols.sort();
                    t.checks.insert(cols);
                }
                _ => {}
            }
        }
        let indexes: Vec<(String, Vec<String>)> = sqlx::query_as(
            "SELECT i.relname::text, ARRAY(SELECT a.attname::text \
                 FROM unnest(x.indkey) WITH ORDINALITY k(n, o) \
                 JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.n ORDER BY k.o) \
             FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid \
             JOIN pg_class t ON t.oid = x.indrelid \
             WHERE t.relname = $1 AND NOT x.indisprimary",
        )
        .bind(&name)
        .fetch_all(&mut *conn)
        .await
        .unwrap();
        t.indexes = indexes.into_iter().collect();
        schema.insert(name, t);
    }
    schema
}

/// The differences between two schemas, one line each.
fn differences(sqlite: &Schema, postgres: &Schema) -> Vec<String> {
    let mut out = Vec::new();
    let names: BTreeSet<&String> = sqlite.keys().chain(postgres.keys()).collect();
    for name in names {
        match (sqlite.get(name), postgres.get(name)) {
            (Some(a), Some(b)) if a == b => {}
            (Some(a), Some(b)) => out.push(format!("{name}: sqlite {a:?}\n   postgres {b:?}")),
            (a, _) => out.push(format!(
                "{name} only on {}",
                if a.is_some() { "sqlite" } else { "postgres" }
            )),
        }
    }
    out
}

#[tokio::test]
async fn the_sqlite_and_postgres_migrations_make_the_same_schema() {
    let Some(server) = std::env::var("MOMOJAN_TEST_POSTGRES").ok() else {
        eprintln!("skipped: MOMOJAN_TEST_POSTGRES is not set (see README, PostgreSQL tests)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let sqlite_url = format!("sqlite://{}", dir.path().join("schema.db").display());
    momojan::store::Store::open(&sqlite_url)
        .await
        .unwrap()
        .close()
        .await;
    let sqlite = sqlite_schema(&sqlite_url).await;

    let database = format!("momojan_schema_{}", std::process::id());
    let mut admin = PgConnection::connect(&server).await.unwrap();
    sqlx::query(&format!("DROP DATABASE IF EXISTS {database}"))
        .execute(&mut admin)
        .await
        .unwrap();
    sqlx::query(&format!("CREATE DATABASE {database}"))
        .execute(&mut admin)
        .await
        .unwrap();
    let (base, _) = server.rsplit_once('/').unwrap();
    let mut conn = PgConnection::connect(&format!("{base}/{database}"))
        .await
        .unwrap();
    let migrations = concat!(env!("CARGO_MANIFEST_DIR"), "/migrations/postgres");
    sqlx::migrate::Migrator::new(std::path::Path::new(migrations))
        .await
        .unwrap()
        .run(&mut conn)
        .await
        .unwrap();
    let postgres = postgres_schema(&mut conn).await;
    conn.close().await.unwrap();
    sqlx::query(&format!("DROP DATABASE {database}"))
        .execute(&mut admin)
        .await
        .unwrap();

    assert!(
        sqlite.len() >= 10,
        "the comparison read the tables: {sqlite:?}"
    );
    let diff = differences(&sqlite, &postgres);
    assert!(diff.is_empty(), "the schemas differ:\n{}", diff.join("\n"));
}

#[test]
fn the_comparison_sees_a_column_added_on_one_side() {
    let mut a = Schema::new();
    a.insert("t".into(), Table::default());
    let mut b = Schema::new();
    let mut t = Table::default();
    t.columns.insert("x".into(), ("integer", true));
    b.insert("t".into(), t);
    assert_eq!(differences(&a, &b).len(), 1);
    let cols: BTreeMap<String, (&'static str, bool)> =
        [("seed".to_string(), ("blob", true))].into_iter().collect();
    assert_eq!(
        checks_in(
            "CREATE TABLE m (seed BLOB CHECK (length(seed) = 32))",
            &cols
        ),
        [vec!["seed".to_string()]].into_iter().collect()
    );
}

/// `migrate-db` copies the tables it lists: a table added by a migration but not listed would
/// be left behind, so the list must be the schema's tables exactly.
#[tokio::test]
async fn migrate_db_copies_every_table_of_the_schema() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    momojan::store::Store::open(&url)
        .await
        .unwrap()
        .close()
        .await;
    let schema = sqlite_schema(&url).await;
    let tables: BTreeSet<String> = schema.keys().cloned().collect();
    let listed: BTreeSet<String> = momojan::store::TABLES
        .iter()
        .map(|t| t.to_string())
        .collect();
    assert_eq!(tables, listed);
}
