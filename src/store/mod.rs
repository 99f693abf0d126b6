//! The game store: SQLite through sqlx. SQL lives here and in `migrations/` only.
//!
//! Every change to a game is one transaction guarded by the game's version number, so two
//! concurrent changes (two clicks, two moves) can never both land.

mod buttons;
mod challenges;
mod columns;
mod games;
mod notices;
mod ratings;
mod reviews;
mod settings;

pub use buttons::{ShownButton, ShownButtons};
pub use challenges::{Challenge, Offer};
pub use columns::{
    ChallengeStatus, ColorChoice, EndReason, EventKind, GameResult, GameStatus, NoticeMode,
    StoredOptions,
};
pub use games::{Event, GameChange, Opening, StoredGame, StoredMove};
pub use notices::Notices;
pub use settings::Settings;

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::SqlitePool;

/// A query whose rows are read as `T`.
type Query<'q, T> = sqlx::query::QueryAs<'q, sqlx::Sqlite, T, sqlx::sqlite::SqliteArguments<'q>>;

/// A type a row reads into.
trait Row: for<'r> sqlx::FromRow<'r, sqlx::sqlite::SqliteRow> + Send + Unpin {}

impl<T: for<'r> sqlx::FromRow<'r, sqlx::sqlite::SqliteRow> + Send + Unpin> Row for T {}

impl Store {
    /// Every row a query finds.
    async fn all<T: Row>(&self, query: Query<'_, T>) -> Result<Vec<T>, StoreError> {
        Ok(query.fetch_all(self.pool()).await?)
    }

    /// The row a query finds, if any.
    async fn one<T: Row>(&self, query: Query<'_, T>) -> Result<Option<T>, StoreError> {
        Ok(query.fetch_optional(self.pool()).await?)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the database at {url} cannot be opened: {source}")]
    Open { url: String, source: sqlx::Error },
    #[error("the database schema could not be brought up to date: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("database error: {0}")]
    Sql(#[from] sqlx::Error),
    /// Someone else changed the game first.
    #[error("the position changed, try again")]
    Conflict,
    /// A second unfinished game between the same players in the same channel.
    #[error("these players already have an unfinished game in this channel")]
    Duplicate,
    #[error("the stored record is damaged: {0}")]
    Corrupt(String),
}

/// Whether an error is SQLite refusing a row that breaks a unique index.
fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(db) if db.is_unique_violation())
}

#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
    /// SQLite takes one writer at a time; queueing writers here instead of in SQLite's busy
    /// handler (which sleeps in milliseconds) keeps concurrent moves fast.
    writer: std::sync::Arc<tokio::sync::Mutex<()>>,
}

impl Store {
    /// Opens (creating if needed) the database, in WAL mode, and applies the migrations.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let open_error = |source| StoreError::Open {
            url: url.to_string(),
            source,
        };
        let options = SqliteConnectOptions::from_str(url)
            .map_err(open_error)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // With WAL, NORMAL keeps every committed transaction through a process crash.
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await
            .map_err(open_error)?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        let store = Store {
            pool,
            writer: Default::default(),
        };
        store.rate_history().await?;
        Ok(store)
    }

    /// Closes every connection (the database stays on disk).
    pub async fn close(&self) {
        self.pool.close().await;
    }

    pub(crate) fn pool(&self) -> &SqlitePool {
        &self.pool
    }

    /// Waits for this process's turn to write.
    pub(crate) async fn write_turn(&self) -> tokio::sync::MutexGuard<'_, ()> {
        self.writer.lock().await
    }
}
