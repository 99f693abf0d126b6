//! A fresh PostgreSQL database for a test, on the server `HERALD_TEST_POSTGRES` names
//! (`.ci/with-postgres` starts a throwaway one). Without it the PostgreSQL tests are skipped,
//! and say so once.

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Once;

use sqlx::{Connection, Executor, PgConnection};

/// The variable naming the test server: `postgres://user@host:port/database`.
pub const VAR: &str = "HERALD_TEST_POSTGRES";

fn server() -> Option<String> {
    std::env::var(VAR).ok().filter(|v| !v.trim().is_empty())
}

/// Whether the PostgreSQL tests can run; if not, says once (past the test harness's capture)
/// that they were skipped and how to run them.
pub fn available() -> bool {
    if server().is_some() {
        return true;
    }
    static SAID: Once = Once::new();
    SAID.call_once(|| {
        let _ = writeln!(
            std::io::stderr(),
            "PostgreSQL tests skipped: {VAR} is not set (run `.ci/with-postgres cargo test`, \
             or set {VAR} to a server's URL; see docs/operations.md)"
        );
    });
    false
}

/// A new, empty database on the test server, and its URL; none without a server.
pub async fn fresh_database() -> Option<String> {
    let admin = server()?;
    Some(
        fresh_database_on(&admin)
            .await
            .unwrap_or_else(|e| panic!("{VAR} names a server that does not answer: {e}")),
    )
}

/// A new, empty database on the PostgreSQL server `admin` names, and its URL.
pub async fn fresh_database_on(admin: &str) -> Result<String, sqlx::Error> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let name = format!(
        "herald_test_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    );
    let mut c = PgConnection::connect(admin).await?;
    c.execute(format!("CREATE DATABASE {name}").as_str())
        .await?;
    let _ = c.close().await;
    let base = admin.split('?').next().unwrap_or(admin);
    let server = base.rsplit_once('/').map_or(base, |(s, _)| s);
    Ok(format!("{server}/{name}"))
}

/// Runs one statement on a test's database, whichever it is (to damage it on purpose).
pub async fn execute(url: &str, statement: &str) {
    if url.starts_with("postgres") {
        let mut c = PgConnection::connect(url)
            .await
            .expect("the database opens");
        c.execute(statement).await.expect("the statement runs");
    } else {
        let mut c = sqlx::SqliteConnection::connect(url)
            .await
            .expect("the database opens");
        c.execute(statement).await.expect("the statement runs");
    }
}
