//! Settings from the environment and a `.env` file, read once at start and checked there, so
//! a mistake is one clear line rather than a strange failure later.

pub mod discord;
pub mod secret;

use std::path::Path;

/// The database URL used when none is given.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://herald.db";

/// A setting that cannot be used, in words for whoever runs Herald.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error(
        "the database URL '{0}' names no file: write sqlite://herald.db, or sqlite:// and a path"
    )]
    NoFile(String),
    #[error("the database URL '{0}' is neither SQLite nor PostgreSQL: it must start with sqlite:// (for example sqlite://herald.db) or postgres:// (for example postgres://herald:secret@db.example/herald)")]
    NotSqlite(String),
    #[error(
        "the database URL '{0}' names no server: write postgres://user:password@host/database"
    )]
    NoServer(String),
    #[error("{name} is '{value}', which is no address to serve on: write a host and port, for example 127.0.0.1:8080")]
    WebAddress { name: &'static str, value: String },
    #[error("HERALD_PUBLIC_URL is '{0}': write the address players reach the pages at, starting with http:// or https://, for example https://herald.example.org")]
    PublicUrl(String),
}

/// What the logs show (`RUST_LOG`, e.g. `info` or `herald=debug`), as set; none when unset.
pub fn log_filter() -> Option<String> {
    std::env::var("RUST_LOG").ok()
}

/// Where the web pages are served, from `flag` or else `HERALD_WEB` (`host:port`); none when
/// neither is set.
pub fn web_address(
    flag: Option<(&'static str, String)>,
) -> Result<Option<std::net::SocketAddr>, ConfigError> {
    let (name, value) = match flag {
        Some((name, v)) => (name, v),
        None => match std::env::var("HERALD_WEB")
            .ok()
            .filter(|v| !v.trim().is_empty())
        {
            Some(v) => ("HERALD_WEB", v),
            None => return Ok(None),
        },
    };
    let value = value.trim().to_string();
    match std::net::ToSocketAddrs::to_socket_addrs(value.as_str()).map(|mut a| a.next()) {
        Ok(Some(addr)) => Ok(Some(addr)),
        _ => Err(ConfigError::WebAddress { name, value }),
    }
}

/// The address players reach the web pages at (`HERALD_PUBLIC_URL`), for the links Herald
/// gives of them; none when unset.
pub fn public_url(flag: Option<String>) -> Result<Option<String>, ConfigError> {
    let Some(url) = flag
        .or_else(|| std::env::var("HERALD_PUBLIC_URL").ok())
        .map(|u| u.trim().trim_end_matches('/').to_string())
        .filter(|u| !u.is_empty())
    else {
        return Ok(None);
    };
    let parsed = url::Url::parse(&url).ok();
    match parsed.filter(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some()) {
        Some(_) => Ok(Some(url)),
        None => Err(ConfigError::PublicUrl(url)),
    }
}

/// Sets the variables of a `.env` file in `dir` that the environment does not already have
/// (`NAME=value` lines, `#` comments, quotes, `export`). A missing file is fine; a line that
/// cannot be read is named by its number on standard error, never shown (it may hold the
/// token), and skipped. Returns the names it set.
pub fn load_dotenv(dir: &Path) -> Vec<String> {
    let (values, problems) = read_dotenv(&dir.join(".env"));
    for problem in problems {
        eprintln!("herald: {problem}");
    }
    let mut set = Vec::new();
    for (name, value) in values {
        if std::env::var_os(&name).is_none() {
            // Called once at start-up, before any thread is spawned.
            std::env::set_var(&name, value);
            set.push(name);
        }
    }
    set
}

/// The variables a `.env` file sets, and a sentence for each line that cannot be read, which
/// says where it is and never what it holds.
fn read_dotenv(path: &Path) -> (Vec<(String, String)>, Vec<String>) {
    let Ok(lines) = dotenvy::from_path_iter(path) else {
        return (Vec::new(), Vec::new());
    };
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let (mut values, mut problems) = (Vec::new(), Vec::new());
    for item in lines {
        match item {
            Ok(pair) => values.push(pair),
            Err(dotenvy::Error::LineParse(line, _)) => {
                let number = text
                    .find(&line)
                    .map(|at| text[..at].matches('\n').count() + 1);
                let which = number.map_or("a line".to_string(), |n| format!("line {n}"));
                problems.push(format!(
                    "{}: {which} cannot be read (an unclosed quote, or no NAME=value); it is skipped, and not shown, as it may hold a secret",
                    path.display()
                ));
            }
            Err(dotenvy::Error::Io(e)) => {
                problems.push(format!("{}: cannot be read: {e}", path.display()));
            }
            Err(_) => problems.push(format!(
                "{}: a line cannot be read; it is skipped",
                path.display()
            )),
        }
    }
    (values, problems)
}

/// The database URL: the flag, else DATABASE_URL, else the default file; checked to name a
/// PostgreSQL server or a SQLite file (an empty path or `:memory:` would give every pooled
/// connection its own empty database).
pub fn database_url(flag: Option<String>) -> Result<String, ConfigError> {
    let url = flag
        .or_else(|| std::env::var("DATABASE_URL").ok())
        .map(|u| u.trim().to_string())
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string());
    secret::keep_url_passwords(&url);
    check_database_url(&url)?;
    Ok(url)
}

fn check_database_url(url: &str) -> Result<(), ConfigError> {
    if let Some(rest) = url
        .strip_prefix("postgres://")
        .or_else(|| url.strip_prefix("postgresql://"))
    {
        let host = rest.rsplit('@').next().unwrap_or_default();
        if host.is_empty() || host.starts_with('/') {
            return Err(ConfigError::NoServer(secret::shown_url(url)));
        }
        return Ok(());
    }
    let path = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .ok_or_else(|| ConfigError::NotSqlite(secret::shown_url(url)))?;
    let file = path.split('?').next().unwrap_or_default();
    if file.is_empty() || file == ":memory:" || path.contains("mode=memory") {
        return Err(ConfigError::NoFile(secret::shown_url(url)));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dotenv_line_that_cannot_be_read_is_named_by_number_and_never_shown() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(".env");
        let text = "# Herald\nDATABASE_URL=sqlite://h.db\nDISCORD_TOKEN=\"MTIz.secret-token\nSHARD_COUNT=2\n";
        std::fs::write(&path, text).unwrap();
        let (values, problems) = read_dotenv(&path);
        assert_eq!(
            values,
            [("DATABASE_URL".to_string(), "sqlite://h.db".to_string())]
        );
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].contains("line 3 cannot be read"),
            "{}",
            problems[0]
        );
        for secret in ["MTIz", "secret-token", "SHARD_COUNT"] {
            assert!(!problems[0].contains(secret), "{}", problems[0]);
        }
    }

    #[test]
    fn database_urls_must_name_a_file() {
        for good in [
            "sqlite://herald.db",
            "sqlite:///var/lib/herald/h.db",
            "sqlite:x.db?mode=rwc",
            "postgres://herald:secret@db.example/herald",
            "postgresql://localhost:5433/herald",
        ] {
            assert_eq!(check_database_url(good), Ok(()), "{good}");
        }
        for empty in [
            "sqlite://",
            "sqlite:",
            "sqlite::memory:",
            "sqlite://?mode=memory",
        ] {
            assert!(
                matches!(check_database_url(empty), Err(ConfigError::NoFile(_))),
                "{empty}"
            );
        }
        assert_eq!(
            check_database_url("postgres://herald:secret@"),
            Err(ConfigError::NoServer("postgres://herald@".into()))
        );
        assert!(matches!(
            check_database_url("mysql://herald.db"),
            Err(ConfigError::NotSqlite(_))
        ));
        assert!(matches!(
            check_database_url("herald.db"),
            Err(ConfigError::NotSqlite(_))
        ));
        assert_eq!(
            database_url(Some(" sqlite://a.db ".into())),
            Ok("sqlite://a.db".into())
        );
    }
}
