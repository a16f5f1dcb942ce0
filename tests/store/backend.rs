//! The store tests that do not depend on SQLite's files run on both backends, written once:
//! [`on_both!`] turns one test body into `name::sqlite` (a temporary file) and
//! `name::postgres` (a fresh database on the server of `MOMOJAN_TEST_POSTGRES`, dropped at
//! the end; without the variable the test says why and passes). SQL run behind the store's
//! back (damage, injected failures) goes through [`TestDb`], which knows both dialects.

use momojan::store::Store;
use sqlx::{Connection, PgConnection, SqliteConnection};

/// Defines a test once and runs it on each backend, as `$name::sqlite` and
/// `$name::postgres`; the body sees the database as `$db` (a [`TestDb`]).
macro_rules! on_both {
    ($(#[$attr:meta])* async fn $name:ident($db:ident) $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            $(#[$attr])*
            #[tokio::test]
            async fn sqlite() {
                let $db = crate::backend::TestDb::sqlite();
                $body
            }

            $(#[$attr])*
            #[tokio::test]
            async fn postgres() {
                let Some($db) = crate::backend::TestDb::postgres().await else {
                    return;
                };
                $body
            }
        }
    };
}

/// Which database a test runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Sqlite,
    Postgres,
}

/// A fresh database for one test.
pub struct TestDb {
    pub kind: Kind,
    url: String,
    /// SQLite: the directory of the file. PostgreSQL: the server URL and the database name,
    /// to drop it at the end.
    _dir: Option<tempfile::TempDir>,
    server: Option<(String, String)>,
}

/// A connection of its own, behind the store's back.
pub enum RawConn {
    Sqlite(SqliteConnection),
    Postgres(PgConnection),
}

impl RawConn {
    /// Runs one or more statements.
    pub async fn execute(&mut self, sql: &str) {
        let done = match self {
            RawConn::Sqlite(c) => sqlx::raw_sql(sql).execute(c).await.map(|_| ()),
            RawConn::Postgres(c) => sqlx::raw_sql(sql).execute(c).await.map(|_| ()),
        };
        done.unwrap_or_else(|e| panic!("{sql}: {e}"));
    }

    /// The one text value a query returns.
    pub async fn text(&mut self, sql: &str) -> String {
        let row: Result<(String,), _> = match self {
            RawConn::Sqlite(c) => sqlx::query_as(sql).fetch_one(c).await,
            RawConn::Postgres(c) => sqlx::query_as(sql).fetch_one(c).await,
        };
        row.unwrap_or_else(|e| panic!("{sql}: {e}")).0
    }

    pub async fn close(self) {
        match self {
            RawConn::Sqlite(c) => c.close().await.unwrap(),
            RawConn::Postgres(c) => c.close().await.unwrap(),
        }
    }
}

/// The server URL with another database in its path.
fn with_database(server: &str, database: &str) -> String {
    let (base, query) = match server.split_once('?') {
        Some((base, query)) => (base, format!("?{query}")),
        None => (server, String::new()),
    };
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let host_end = base[scheme_end..]
        .find('/')
        .map_or(base.len(), |i| scheme_end + i);
    format!("{}/{database}{query}", &base[..host_end])
}

impl TestDb {
    /// A SQLite file in a new temporary directory (created when the store opens it).
    pub fn sqlite() -> TestDb {
        let dir = tempfile::tempdir().unwrap();
        TestDb {
            kind: Kind::Sqlite,
            url: format!("sqlite://{}", dir.path().join("momojan.db").display()),
            _dir: Some(dir),
            server: None,
        }
    }

    /// A new empty database on the server of `MOMOJAN_TEST_POSTGRES`, or `None` (saying
    /// why) when the variable is not set.
    pub async fn postgres() -> Option<TestDb> {
        let Ok(server) = std::env::var("MOMOJAN_TEST_POSTGRES") else {
            eprintln!("skipped: MOMOJAN_TEST_POSTGRES is not set (see README, PostgreSQL tests)");
            return None;
        };
        let name = format!("momojan_t_{:016x}", rand::random::<u64>());
        let mut conn = PgConnection::connect(&server).await.unwrap();
        // Databases created at the same moment by other tests can collide on template1.
        let mut tries = 0;
        while let Err(e) = sqlx::raw_sql(&format!("CREATE DATABASE {name}"))
            .execute(&mut conn)
            .await
        {
            tries += 1;
            assert!(tries < 20, "CREATE DATABASE {name}: {e}");
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        conn.close().await.unwrap();
        Some(TestDb {
            kind: Kind::Postgres,
            url: with_database(&server, &name),
            _dir: None,
            server: Some((server, name)),
        })
    }

    /// Another new database of the same backend (for tests that loop over fresh ones).
    pub async fn fresh(&self) -> TestDb {
        match self.kind {
            Kind::Sqlite => TestDb::sqlite(),
            Kind::Postgres => TestDb::postgres().await.expect("the server is still set"),
        }
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    /// The store on this database (migrations applied).
    pub async fn open(&self) -> Store {
        Store::open(&self.url).await.unwrap()
    }

    /// A connection of its own.
    pub async fn connect(&self) -> RawConn {
        match self.kind {
            Kind::Sqlite => RawConn::Sqlite(SqliteConnection::connect(&self.url).await.unwrap()),
            Kind::Postgres => RawConn::Postgres(PgConnection::connect(&self.url).await.unwrap()),
        }
    }

    /// A connection of its own on which CHECK constraints no longer hold, as a damaged disk
    /// or a hand edit would leave the data: SQLite ignores them on this connection;
    /// PostgreSQL, which cannot, has them dropped from this test's database.
    pub async fn connect_unchecked(&self) -> RawConn {
        let mut conn = self.connect().await;
        match self.kind {
            Kind::Sqlite => conn.execute("PRAGMA ignore_check_constraints = ON").await,
            Kind::Postgres => {
                conn.execute(
                    "DO $$ DECLARE r record; BEGIN \
                     FOR r IN SELECT conrelid::regclass AS t, conname FROM pg_constraint \
                     WHERE contype = 'c' AND connamespace = 'public'::regnamespace LOOP \
                     EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', r.t, r.conname); \
                     END LOOP; END $$",
                )
                .await
            }
        }
        conn
    }

    /// Runs SQL behind the store's back with CHECK constraints off.
    pub async fn damage(&self, sql: &str) {
        let mut conn = self.connect_unchecked().await;
        conn.execute(sql).await;
        conn.close().await;
    }

    /// The one text value a query returns, read on a connection of its own.
    pub async fn text(&self, sql: &str) -> String {
        let mut conn = self.connect().await;
        let value = conn.text(sql).await;
        conn.close().await;
        value
    }

    /// A blob literal from hex digits.
    pub fn blob(&self, hex: &str) -> String {
        match self.kind {
            Kind::Sqlite => format!("x'{hex}'"),
            Kind::Postgres => format!("'\\x{hex}'::bytea"),
        }
    }

    /// A blob column as upper-case hex text.
    pub fn hex(&self, column: &str) -> String {
        match self.kind {
            Kind::Sqlite => format!("hex({column})"),
            Kind::Postgres => format!("upper(encode({column}, 'hex'))"),
        }
    }

    /// Makes every insert into `table` fail with `message` until [`TestDb::allow`]. On
    /// SQLite `raise` is how: `ABORT` (the statement fails) or `ROLLBACK` (SQLite rolls the
    /// whole transaction back by itself, as on a full disk); PostgreSQL has one way.
    pub async fn refuse_inserts(&self, table: &str, raise: &str, message: &str) {
        let sql = match self.kind {
            Kind::Sqlite => format!(
                "CREATE TRIGGER refuse_{table} BEFORE INSERT ON {table} \
                 BEGIN SELECT RAISE({raise}, '{message}'); END"
            ),
            Kind::Postgres => format!(
                "CREATE FUNCTION refuse_{table}() RETURNS trigger LANGUAGE plpgsql AS \
                 $$ BEGIN RAISE EXCEPTION '{message}'; END $$; \
                 CREATE TRIGGER refuse_{table} BEFORE INSERT ON {table} \
                 FOR EACH ROW EXECUTE FUNCTION refuse_{table}()"
            ),
        };
        self.damage(&sql).await;
    }

    /// Undoes [`TestDb::refuse_inserts`].
    pub async fn allow(&self, table: &str) {
        let sql = match self.kind {
            Kind::Sqlite => format!("DROP TRIGGER refuse_{table}"),
            Kind::Postgres => {
                format!("DROP TRIGGER refuse_{table} ON {table}; DROP FUNCTION refuse_{table}()")
            }
        };
        self.damage(&sql).await;
    }
}

impl Drop for TestDb {
    /// Drops the test's PostgreSQL database (closing what is still connected to it).
    fn drop(&mut self) {
        let Some((server, name)) = self.server.take() else {
            return;
        };
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async {
                let mut conn = PgConnection::connect(&server).await?;
                sqlx::raw_sql(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .execute(&mut conn)
                    .await?;
                conn.close().await
            })
        })
        .join();
        if let Ok(Err(e)) = dropped {
            eprintln!("the test database was left on the server: {e}");
        }
    }
}

#[test]
fn a_database_name_replaces_the_servers() {
    assert_eq!(
        with_database("postgres://postgres@127.0.0.1:5432/postgres", "t1"),
        "postgres://postgres@127.0.0.1:5432/t1"
    );
    assert_eq!(
        with_database("postgresql://u@h/db?sslmode=disable", "t2"),
        "postgresql://u@h/t2?sslmode=disable"
    );
    assert_eq!(
        with_database("postgres://u@h:1", "t3"),
        "postgres://u@h:1/t3"
    );
}
