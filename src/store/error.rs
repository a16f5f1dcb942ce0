//! Store errors. Database details stay here and in logs; callers match on the variants.

/// Why the store could not do something.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot open the database at {url}: {reason}")]
    Open { url: String, reason: String },
    #[error("{0} is not a momojan SQLite database (the file was left untouched)")]
    NotADatabase(String),
    #[error(
        "the database at {url} was written by a newer momojan (schema version {version}); upgrade momojan"
    )]
    SchemaTooNew { url: String, version: i64 },
    #[error("cannot prepare the database schema: {0}")]
    Migrate(sqlx::migrate::MigrateError),
    /// A stored value that does not decode: it is reported, never replaced by a default.
    #[error("stored data is damaged: table {table}, row {row}, column {column}: {detail}")]
    Corrupt {
        table: &'static str,
        row: String,
        column: &'static str,
        detail: String,
    },
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
}

impl StoreError {
    pub(crate) fn open(url: &str, e: impl std::fmt::Display) -> StoreError {
        StoreError::Open {
            url: url.to_string(),
            reason: e.to_string(),
        }
    }

    /// Tells an unreadable file apart from an unopenable path.
    pub(crate) fn classify_open(url: &str, e: sqlx::Error) -> StoreError {
        match &e {
            sqlx::Error::Database(d) if d.message().contains("not a database") => {
                StoreError::NotADatabase(url.to_string())
            }
            _ => StoreError::open(url, e),
        }
    }

    /// Whether this is damaged data (as opposed to a database that failed).
    pub fn is_corrupt(&self) -> bool {
        matches!(self, StoreError::Corrupt { .. })
    }

    /// Whether the store was closed (the bot is shutting down).
    pub fn is_closed(&self) -> bool {
        matches!(self, StoreError::Database(sqlx::Error::PoolClosed))
    }

    /// Whether the database server could not be reached (down, restarting, or the connection
    /// lost): trying again later may work.
    pub fn is_unreachable(&self) -> bool {
        let StoreError::Database(e) = self else {
            return false;
        };
        match e {
            sqlx::Error::PoolTimedOut | sqlx::Error::Io(_) | sqlx::Error::Tls(_) => true,
            // SQLSTATE class 08 (connection exception) and 57P01–57P03 (the server shutting
            // down, crashed, or starting up).
            sqlx::Error::Database(d) => d
                .code()
                .is_some_and(|c| c.starts_with("08") || c.starts_with("57P")),
            _ => false,
        }
    }
}
