//! Which games changed, for the web pages that follow a game live: instead of each open page
//! reading its game every second, a page waits to be told. On PostgreSQL every change to a
//! game is a notice from the database (`NOTIFY herald_games`, sent by a trigger when the
//! change commits, whichever process made it), heard by one listening connection per process.
//! On SQLite the process that wrote tells its own pages when its write is done; a page of
//! another process on the same file still reads its game each second.

use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::{PgListener, PgPool};
use tokio::sync::broadcast;

use super::{Db, Store};

/// What a page is told: the game that changed, where the database says which; `None` when
/// any game may have (a write of this process on SQLite, or the listening connection lost
/// and back, when notices may have been missed).
pub type Change = Option<i64>;

/// The channel the database's notices come on (see migration 0020).
const CHANNEL: &str = "herald_games";

/// How many changes wait for a slow page before it is told it missed some (and reads its
/// game anyway).
const WAITING: usize = 256;

/// The changes of one process's store, and whether it listens to the database yet.
#[derive(Debug)]
pub(super) struct Changes {
    sender: broadcast::Sender<Change>,
    listening: std::sync::Once,
}

impl Default for Changes {
    fn default() -> Changes {
        Changes {
            sender: broadcast::channel(WAITING).0,
            listening: std::sync::Once::new(),
        }
    }
}

impl Changes {
    /// Tells the pages of this process that it wrote (SQLite's writes; PostgreSQL's come
    /// back as the database's notices).
    pub(super) fn wrote(&self) {
        let _ = self.sender.send(None);
    }
}

impl Store {
    /// The changes to games from now on, for a page following a game: read the game again
    /// when told of it (or of `None`), and at least every [`Store::unwatched_for`] anyway.
    pub fn watch(&self) -> broadcast::Receiver<Change> {
        if let Db::Postgres(pool) = &self.db {
            let (pool, changes) = (pool.clone(), self.changes.clone());
            self.changes
                .listening
                .call_once(|| drop(tokio::spawn(listen(pool, changes))));
        }
        self.changes.sender.subscribe()
    }

    /// The longest a page following a game goes without reading it: a second on SQLite
    /// (where another process's moves tell this one nothing), half a minute on PostgreSQL
    /// (where every process's are told, and the reading is only a safety net).
    pub fn unwatched_for(&self) -> Duration {
        match self.db {
            Db::Sqlite(_) => Duration::from_secs(1),
            Db::Postgres(_) => Duration::from_secs(30),
        }
    }
}

/// Hears the database's notices for as long as the pool is open, and passes each on; after a
/// lost connection it listens again, and says that anything may have changed meanwhile.
async fn listen(pool: PgPool, changes: Arc<Changes>) {
    while !pool.is_closed() {
        match heard(&pool, &changes).await {
            Ok(()) => {}
            Err(e) if pool.is_closed() => tracing::debug!(error = %e, "stopped listening"),
            Err(e) => tracing::warn!(error = %e, "not listening to the games' changes"),
        }
        let _ = changes.sender.send(None);
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
}

/// One listening connection's notices, until it is lost.
async fn heard(pool: &PgPool, changes: &Changes) -> Result<(), sqlx::Error> {
    let mut listener = PgListener::connect_with(pool).await?;
    listener.listen(CHANNEL).await?;
    // What changed before the listening began is read by the page itself.
    let _ = changes.sender.send(None);
    loop {
        match listener.try_recv().await? {
            Some(notice) => {
                let _ = changes.sender.send(notice.payload().parse().ok());
            }
            // The connection was lost: the next call connects again, having missed notices.
            None => {
                let _ = changes.sender.send(None);
            }
        }
        if pool.is_closed() {
            return Ok(());
        }
    }
}
