//! The game store: SQLite or PostgreSQL through sqlx, one SQL text for both. SQL lives here
//! and in `migrations/` only.
//!
//! Every change to a game is one transaction guarded by the game's version number, so two
//! concurrent changes (two clicks, two moves) can never both land.

mod buttons;
mod challenges;
mod columns;
mod copy;
mod games;
mod leaves;
mod lines;
mod notes;
mod notices;
mod players;
mod ratings;
mod reviews;
mod rows;
mod settings;
mod sql;
mod tournaments;
mod watch;

pub use buttons::{ShownButton, ShownButtons};
pub use challenges::Challenge;
pub use columns::{
    ChallengeStatus, ColorChoice, EndReason, EventKind, GameResult, GameStatus, NoticeMode,
    StoredOptions, TournamentCreators, TournamentStatus, TournamentSystem,
};
pub use copy::Copied;
pub use leaves::{Moved, StoredLeave};
pub use lines::StoredLine;
pub use notices::Notices;
pub use rows::{Event, GameChange, Offer, Opening, Played, StoredGame, StoredMove};
pub use settings::Settings;
pub use tournaments::{Board, Entrant, NewTournament, Planned, StoredPairing, StoredTournament};
pub use watch::Change;

use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions, Postgres};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Sqlite, SqlitePool};

use sql::{sql, Row, Sql, Target};
pub use sql::{Bind, Unreadable, Value};

/// How long a request waits for a database connection before it is told the database
/// cannot be reached.
const ACQUIRE: Duration = Duration::from_secs(5);

impl Store {
    /// Every row a statement finds.
    async fn all<T: Row>(&self, query: Sql) -> Result<Vec<T>, StoreError> {
        Ok(self.target().all(query).await?)
    }

    /// Every row a statement finds, each read as stored (`R`) and made into what Herald uses.
    async fn all_as<R: Row, T: From<R>>(&self, query: Sql) -> Result<Vec<T>, StoreError> {
        Ok(self
            .all::<R>(query)
            .await?
            .into_iter()
            .map(T::from)
            .collect())
    }

    /// The games a statement finds that can be read. One that cannot is logged (once a
    /// process) and passed over, so that it never hides the others.
    async fn games(&self, query: Sql) -> Result<Vec<StoredGame>, StoreError> {
        let (games, unreadable) = self.readable(query).await?;
        Ok(self.passing_over(games, &unreadable))
    }

    /// The games a statement finds that can be read, as [`Store::games`]; but when every game
    /// it finds is damaged, an error naming the first, so that asking for the games of a
    /// channel whose one game is damaged says so rather than that there is none.
    async fn games_or_damaged(&self, query: Sql) -> Result<Vec<StoredGame>, StoreError> {
        let (games, mut unreadable) = self.readable(query).await?;
        if games.is_empty() && !unreadable.is_empty() {
            return Err(StoreError::Unreadable(unreadable.remove(0)));
        }
        Ok(self.passing_over(games, &unreadable))
    }

    /// The games a statement finds, and what can be told of those that cannot be read.
    async fn readable(&self, query: Sql) -> Result<(Vec<StoredGame>, Vec<Unreadable>), StoreError> {
        let mut games = Vec::new();
        let mut unreadable = Vec::new();
        for row in self.target().each(query).await? {
            match row {
                Ok(game) => games.push(game),
                Err(row) => unreadable.push(row),
            }
        }
        Ok((games, unreadable))
    }

    /// The one game a statement names, if any; a row that cannot be read is an error that
    /// names it.
    async fn one_game(&self, query: Sql) -> Result<Option<StoredGame>, StoreError> {
        Ok(self.every_game(query).await?.pop())
    }

    /// Every game a statement finds, all of which must be read (the ratings follow every
    /// one): the first that cannot is an error naming it.
    async fn every_game(&self, query: Sql) -> Result<Vec<StoredGame>, StoreError> {
        let (games, mut unreadable) = self.readable(query).await?;
        match unreadable.is_empty() {
            true => Ok(games),
            false => Err(StoreError::Unreadable(unreadable.remove(0))),
        }
    }

    /// `games`, the rows that could not be read passed over: each said in the log, once a
    /// process.
    fn passing_over(&self, games: Vec<StoredGame>, unreadable: &[Unreadable]) -> Vec<StoredGame> {
        let mut logged = self.unreadable.lock().unwrap_or_else(|p| p.into_inner());
        for row in unreadable {
            if logged.insert(row.id) {
                tracing::error!(
                    "{row}: it is passed over; herald db check lists every damaged row"
                );
            }
        }
        games
    }

    /// The one text value a statement finds, if any.
    async fn text_of(&self, query: Sql) -> Result<Option<String>, StoreError> {
        Ok(self.one::<(String,)>(query).await?.map(|(text,)| text))
    }

    /// The row a statement finds, if any.
    async fn one<T: Row>(&self, query: Sql) -> Result<Option<T>, StoreError> {
        Ok(self.target().one(query).await?)
    }

    /// The row of `table` with this id, if there is one.
    async fn by_id<T: Row>(&self, table: &'static str, id: i64) -> Result<Option<T>, StoreError> {
        self.one(sql(format!("SELECT * FROM {table} WHERE id = $1")).bind(id))
            .await
    }

    /// The row a statement must find.
    async fn first<T: Row>(&self, query: Sql) -> Result<T, StoreError> {
        Ok(self.target().first(query).await?)
    }

    /// Runs a statement; the number of rows it changed.
    async fn run(&self, query: Sql) -> Result<u64, StoreError> {
        Ok(self.target().run(query).await?)
    }

    fn target(&self) -> Target<'_> {
        match &self.db {
            Db::Sqlite(p) => Target::SqlitePool(p),
            Db::Postgres(p) => Target::PgPool(p),
        }
    }

    /// Begins a transaction.
    async fn begin(&self) -> Result<Tx, StoreError> {
        Ok(match &self.db {
            Db::Sqlite(p) => Tx::Sqlite(p.begin().await?),
            Db::Postgres(p) => Tx::Postgres(p.begin().await?),
        })
    }
}

/// A transaction on either database: everything in it lands together, at `commit`.
enum Tx {
    Sqlite(sqlx::Transaction<'static, Sqlite>),
    Postgres(sqlx::Transaction<'static, Postgres>),
}

impl Tx {
    fn target(&mut self) -> Target<'_> {
        match self {
            Tx::Sqlite(t) => Target::Sqlite(t),
            Tx::Postgres(t) => Target::Pg(t),
        }
    }

    async fn all<T: Row>(&mut self, query: Sql) -> Result<Vec<T>, StoreError> {
        Ok(self.target().all(query).await?)
    }

    async fn one<T: Row>(&mut self, query: Sql) -> Result<Option<T>, StoreError> {
        Ok(self.target().one(query).await?)
    }

    async fn first<T: Row>(&mut self, query: Sql) -> Result<T, StoreError> {
        Ok(self.target().first(query).await?)
    }

    async fn run(&mut self, query: Sql) -> Result<u64, StoreError> {
        Ok(self.target().run(query).await?)
    }

    /// Waits until no other transaction on the database is changing the ratings (on
    /// PostgreSQL, where several processes may finish games at once; SQLite has one writer).
    async fn lock_ratings(&mut self) -> Result<(), StoreError> {
        if let Tx::Postgres(_) = self {
            self.run(sql("SELECT pg_advisory_xact_lock(13)")).await?;
        }
        Ok(())
    }

    async fn commit(self) -> Result<(), StoreError> {
        match self {
            Tx::Sqlite(t) => t.commit().await?,
            Tx::Postgres(t) => t.commit().await?,
        }
        Ok(())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the database at {url} cannot be opened: {source}")]
    Open { url: String, source: sqlx::Error },
    /// A database read, not made: a SQLite file that is not there.
    #[error("there is no database at {0}: check the path (a database is read here, not created)")]
    Missing(String),
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
    /// `herald db copy` into a database that already holds rows.
    #[error("the database to copy into already holds {0} rows: copy into a new, empty database")]
    NotEmpty(i64),
    #[error("the stored record is damaged: {0}")]
    Corrupt(String),
    /// A stored game whose row cannot be read (a bit flipped, a word no version wrote).
    #[error("{0}: the row is damaged; herald db check lists every such row")]
    Unreadable(Unreadable),
}

/// Whether an error is the database refusing a row that breaks a unique index.
fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(db) if db.is_unique_violation())
}

/// The database a store is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

#[derive(Clone, Debug)]
enum Db {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

#[derive(Clone, Debug)]
pub struct Store {
    db: Db,
    /// SQLite takes one writer at a time; queueing this process's writers here instead of in
    /// SQLite's busy handler (which sleeps in milliseconds) keeps concurrent moves fast.
    /// PostgreSQL locks rows, and needs none.
    writer: Option<std::sync::Arc<tokio::sync::Mutex<()>>>,
    /// The changes this process's pages wait on (see [`watch`]).
    changes: std::sync::Arc<watch::Changes>,
    /// The games this process found it cannot read and said so (once each).
    unreadable: std::sync::Arc<std::sync::Mutex<std::collections::BTreeSet<Option<i64>>>>,
}

/// Brings a SQLite file's schema up to date, where several processes may be starting on a
/// new file at once (PostgreSQL's migrations take a lock of their own). Each migration is one
/// transaction, so a process that lost the race to apply one left nothing behind: it waits a
/// moment and reads again which are applied, until the winner's are.
async fn migrate_sqlite(pool: &SqlitePool) -> Result<(), StoreError> {
    for tried in 1.. {
        match sqlx::migrate!("./migrations/sqlite").run(pool).await {
            Ok(()) => return Ok(()),
            Err(
                sqlx::migrate::MigrateError::Execute(_)
                | sqlx::migrate::MigrateError::ExecuteMigration(..),
            ) if tried < BUSY_TRIES => busy_pause(tried).await,
            Err(e) => return Err(e.into()),
        }
    }
    unreachable!("the loop returns")
}

/// How many times a SQLite file another process holds is tried (over about seven seconds).
const BUSY_TRIES: u64 = 40;

/// The wait before the next try at a SQLite file another process holds: longer each time, up
/// to a fifth of a second.
async fn busy_pause(tried: u64) {
    tokio::time::sleep(Duration::from_millis(20 * tried.min(10))).await;
}

/// Whether a database URL names a PostgreSQL server (else it names a SQLite file).
fn is_postgres(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

/// Refuses a SQLite database file that is not there (PostgreSQL says so itself), for the
/// commands that read a database and must not create one.
pub fn must_exist(url: &str) -> Result<(), StoreError> {
    if is_postgres(url) {
        return Ok(());
    }
    let options = SqliteConnectOptions::from_str(url).map_err(|source| StoreError::Open {
        url: shown_url(url),
        source,
    })?;
    let file = options.get_filename();
    match file == std::path::Path::new(":memory:") || file.exists() {
        true => Ok(()),
        false => Err(StoreError::Missing(shown_url(url))),
    }
}

pub use crate::config::secret::shown_url;

impl Store {
    /// Opens the database a URL names and applies its migrations: `postgres://` (or
    /// `postgresql://`) for PostgreSQL, else a SQLite file (created if needed, in WAL mode).
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let open_error = |source| StoreError::Open {
            url: shown_url(url),
            source,
        };
        let store = if is_postgres(url) {
            let options = PgConnectOptions::from_str(url).map_err(open_error)?;
            // One connection first, so that a server that refuses says why at once (the pool
            // would wait its whole timeout and say only that it timed out).
            let first = sqlx::ConnectOptions::connect(&options)
                .await
                .map_err(open_error)?;
            sqlx::Connection::close(first).await.map_err(open_error)?;
            let pool = PgPoolOptions::new()
                .max_connections(8)
                .acquire_timeout(ACQUIRE)
                .connect_with(options)
                .await
                .map_err(open_error)?;
            sqlx::migrate!("./migrations/postgres").run(&pool).await?;
            Store::on(Db::Postgres(pool))
        } else {
            let options = SqliteConnectOptions::from_str(url)
                .map_err(open_error)?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                // With WAL, NORMAL keeps every committed transaction through a process crash.
                .synchronous(SqliteSynchronous::Normal)
                .foreign_keys(true)
                .busy_timeout(Duration::from_secs(10));
            // A new file's first connection switches it to WAL, which needs the file to itself:
            // with several processes starting at once, one that finds it busy tries again.
            let mut tried = 0;
            let pool = loop {
                tried += 1;
                match SqlitePoolOptions::new()
                    .max_connections(4)
                    .connect_with(options.clone())
                    .await
                {
                    Ok(pool) => break pool,
                    Err(sqlx::Error::Database(e))
                        if tried < BUSY_TRIES && matches!(e.code().as_deref(), Some("5" | "6")) =>
                    {
                        busy_pause(tried).await
                    }
                    Err(e) => return Err(open_error(e)),
                }
            };
            migrate_sqlite(&pool).await?;
            Store::on(Db::Sqlite(pool))
        };
        store.rate_history().await?;
        Ok(store)
    }

    /// A store on an open, migrated database: SQLite's writers queue in this process.
    fn on(db: Db) -> Store {
        let writer = matches!(db, Db::Sqlite(_)).then(Default::default);
        Store {
            db,
            writer,
            changes: Default::default(),
            unreadable: Default::default(),
        }
    }

    /// Opens a database that must exist already, as `herald db check` and the source of
    /// `herald db copy` do: a SQLite file that is not there is refused, not created empty.
    pub async fn open_existing(url: &str) -> Result<Store, StoreError> {
        must_exist(url)?;
        Store::open(url).await
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        match self.db {
            Db::Sqlite(_) => Backend::Sqlite,
            Db::Postgres(_) => Backend::Postgres,
        }
    }

    /// Closes every connection (the database stays where it is).
    pub async fn close(&self) {
        match &self.db {
            Db::Sqlite(p) => p.close().await,
            Db::Postgres(p) => p.close().await,
        }
    }

    /// Waits for this process's turn to write (on SQLite).
    pub(crate) async fn write_turn(&self) -> WriteTurn<'_> {
        let held = match &self.writer {
            Some(w) => Some(w.lock().await),
            None => None,
        };
        WriteTurn {
            held,
            changes: &self.changes,
        }
    }
}

/// This process's turn to write on SQLite (nothing on PostgreSQL): when it ends, what was
/// written is done, and this process's pages following a game are told to look.
pub(crate) struct WriteTurn<'a> {
    held: Option<tokio::sync::MutexGuard<'a, ()>>,
    changes: &'a watch::Changes,
}

impl Drop for WriteTurn<'_> {
    fn drop(&mut self) {
        if self.held.is_some() {
            self.changes.wrote();
        }
    }
}
