//! The Discord adapter's configuration: the token, the dev server, the API base, the
//! timeout and the shards, read from the environment and checked at start, and why the bot
//! could not start.

use std::time::Duration;

use serenity::all::{Http, HttpBuilder};

use super::secret::scrub;

/// How often the scheduler looks for reminders and time-outs.
pub(crate) const TICK: Duration = Duration::from_secs(60);
/// How long Herald waits for Discord unless DISCORD_TIMEOUT says otherwise: for the answer to
/// each REST call, and at start for the gateway's READY.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// What the bot needs to know to start.
#[derive(Clone, Debug)]
pub struct Config {
    pub token: String,
    /// A server where the commands are also registered, instantly (for testing).
    pub dev_guild: Option<u64>,
    /// Where REST calls go instead of https://discord.com (a proxy, or a test double).
    pub api_base: Option<String>,
    /// How often the scheduler looks for reminders and time-outs.
    pub tick: Duration,
    /// How long any answer from Discord may take: each REST call, and READY at start.
    pub timeout: Duration,
    /// Which of the bot's gateway shards this process runs (SHARD_IDS, SHARD_COUNT).
    pub shards: Shards,
}

/// Which of the bot's gateway shards this process runs. Discord sends each server's events to
/// one shard of `count`: `(server id >> 22) % count`; several processes, each running some of
/// the shards and all using one database, share the bot's servers between them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shards {
    /// One connection for every server (neither SHARD_IDS nor SHARD_COUNT set).
    #[default]
    Unsharded,
    /// All `count` shards, in this process (SHARD_COUNT alone).
    All { count: u32 },
    /// Shards `first` to `last`, both included, of `count` (SHARD_IDS and SHARD_COUNT).
    Range { first: u32, last: u32, count: u32 },
}

impl Shards {
    /// From SHARD_IDS (`A-B` or `A`) and SHARD_COUNT, each trimmed and non-empty if given.
    fn parse(ids: Option<String>, count: Option<String>) -> Result<Shards, StartError> {
        let count = match count {
            Some(c) => match c.parse::<u32>() {
                Ok(n) if n > 0 => Some(n),
                _ => return Err(StartError::BadShardCount(c)),
            },
            None => None,
        };
        let (ids, count) = match (ids, count) {
            (None, None) => return Ok(Shards::Unsharded),
            (None, Some(count)) => return Ok(Shards::All { count }),
            (Some(ids), None) => return Err(StartError::ShardIdsWithoutCount(ids)),
            (Some(ids), Some(count)) => (ids, count),
        };
        let number = |t: &str| t.trim().parse::<u32>().ok();
        let (first, last) = match ids.split_once('-') {
            Some((a, b)) => (number(a), number(b)),
            None => (number(&ids), number(&ids)),
        };
        let (Some(first), Some(last)) = (first, last) else {
            return Err(StartError::BadShardIds(ids));
        };
        if last < first {
            return Err(StartError::ShardIdsBackwards(ids));
        }
        if last >= count {
            return Err(StartError::ShardIdsOutOfRange { ids, count });
        }
        Ok(Shards::Range { first, last, count })
    }
}

impl std::fmt::Display for Shards {
    /// As a log line says it: `no sharding (one connection)`, `shards 0-7 of 8`, `shard 3 of 8`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Shards::Unsharded => write!(f, "no sharding (one connection)"),
            Shards::All { count: 1 } => write!(f, "shard 0 of 1"),
            Shards::All { count } => write!(f, "shards 0-{} of {count}", count - 1),
            Shards::Range { first, last, count } if first == last => {
                write!(f, "shard {first} of {count}")
            }
            Shards::Range { first, last, count } => {
                write!(f, "shards {first}-{last} of {count}")
            }
        }
    }
}

/// Why the bot could not start, in words for whoever runs it. Never contains the token.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("DISCORD_TOKEN is not set: put the bot token from the Discord developer portal in the environment or in .env (see .env.example and the README); to play without Discord, run `herald local`")]
    NoToken,
    #[error("DEV_GUILD_ID must be a server id (a number), not '{0}'")]
    BadGuild(String),
    #[error("DISCORD_API_BASE must start with http:// or https://, not '{0}'")]
    BadBase(String),
    #[error("DISCORD_TIMEOUT must be a number of seconds above 0 and at most 3600 (for example 10 or 2.5), not '{0}'")]
    BadTimeout(String),
    #[error("SHARD_COUNT must be a number of shards above 0 (for example 8), not '{0}'")]
    BadShardCount(String),
    #[error(
        "SHARD_IDS must be a shard number or a range of them (for example 5 or 0-3), not '{0}'"
    )]
    BadShardIds(String),
    #[error("SHARD_IDS is '{0}' but SHARD_COUNT is not set: say how many shards the bot has in all (for example SHARD_IDS=0-3 SHARD_COUNT=8)")]
    ShardIdsWithoutCount(String),
    #[error("SHARD_IDS '{0}' runs backwards: in A-B, B must be at least A (for example 0-3)")]
    ShardIdsBackwards(String),
    #[error("SHARD_IDS '{ids}' names a shard that does not exist: with SHARD_COUNT {count} the shards are 0 to {}", .count - 1)]
    ShardIdsOutOfRange { ids: String, count: u32 },
    #[error("Discord rejected DISCORD_TOKEN ({0}): copy the bot token again from the developer portal (Bot > Reset Token)")]
    Rejected(String),
    #[error("cannot reach Discord at {base}: {reason}")]
    Unreachable { base: String, reason: String },
    #[error("the Discord connection failed: {0}")]
    Gateway(String),
}

impl Config {
    /// Reads DISCORD_TOKEN, DEV_GUILD_ID, DISCORD_API_BASE, DISCORD_TIMEOUT, SHARD_IDS and
    /// SHARD_COUNT through `var`.
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Result<Config, StartError> {
        let get = |name: &str| {
            var(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let token = get("DISCORD_TOKEN").ok_or(StartError::NoToken)?;
        let dev_guild = match get("DEV_GUILD_ID") {
            Some(g) => Some(g.parse().map_err(|_| StartError::BadGuild(g.clone()))?),
            None => None,
        };
        let api_base = match get("DISCORD_API_BASE") {
            Some(b) if b.starts_with("http://") || b.starts_with("https://") => {
                Some(b.trim_end_matches('/').to_string())
            }
            Some(b) => return Err(StartError::BadBase(b)),
            None => None,
        };
        let timeout = match get("DISCORD_TIMEOUT") {
            Some(t) => t
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s > 0.0 && *s <= 3600.0)
                .map(Duration::from_secs_f64)
                .ok_or_else(|| StartError::BadTimeout(t.clone()))?,
            None => TIMEOUT,
        };
        let shards = Shards::parse(get("SHARD_IDS"), get("SHARD_COUNT"))?;
        Ok(Config {
            token,
            dev_guild,
            api_base,
            tick: TICK,
            timeout,
            shards,
        })
    }

    pub fn from_env() -> Result<Config, StartError> {
        Config::from_vars(|name| std::env::var(name).ok())
    }

    /// Where REST calls go.
    pub(crate) fn base(&self) -> String {
        self.api_base
            .clone()
            .unwrap_or_else(|| "https://discord.com".into())
    }

    /// The REST client: every call, whatever it is, ends within the timeout.
    pub(crate) fn http(&self) -> Result<Http, StartError> {
        let client = reqwest::Client::builder()
            .use_rustls_tls()
            .timeout(self.timeout)
            .build()
            .map_err(|e| StartError::Unreachable {
                base: self.base(),
                reason: scrub(
                    &format!("the HTTP client cannot be set up: {e}"),
                    &self.token,
                ),
            })?;
        let builder = HttpBuilder::new(&self.token).client(client);
        Ok(match &self.api_base {
            // serenity sends requests to the proxy only with its own rate limiter off; the
            // proxy (or test double) is then the one that keeps to Discord's limits.
            Some(base) => builder
                .proxy(base.clone())
                .ratelimiter_disabled(true)
                .build(),
            None => builder.build(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(vars: &[(&str, &str)]) -> Result<Config, StartError> {
        Config::from_vars(|name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        })
    }

    #[test]
    fn the_timeout_is_ten_seconds_unless_discord_timeout_says_otherwise() {
        let token = ("DISCORD_TOKEN", "t.o.k");
        assert_eq!(config(&[token]).unwrap().timeout, Duration::from_secs(10));
        let short = config(&[token, ("DISCORD_TIMEOUT", " 2.5 ")]).unwrap();
        assert_eq!(short.timeout, Duration::from_millis(2500));
        for bad in ["0", "-1", "soon", "inf", "NaN", "3601"] {
            assert!(
                matches!(
                    config(&[token, ("DISCORD_TIMEOUT", bad)]),
                    Err(StartError::BadTimeout(_))
                ),
                "{bad}"
            );
        }
    }

    #[test]
    fn the_shard_config_is_one_connection_unless_shard_ids_or_shard_count_say_otherwise() {
        let token = ("DISCORD_TOKEN", "t.o.k");
        let shards = |vars: &[(&str, &str)]| config(&[&[token], vars].concat()).unwrap().shards;
        assert_eq!(shards(&[]), Shards::Unsharded);
        assert_eq!(
            shards(&[("SHARD_IDS", " "), ("SHARD_COUNT", "")]),
            Shards::Unsharded
        );
        assert_eq!(shards(&[("SHARD_COUNT", "8")]), Shards::All { count: 8 });
        let range = |first, last, count| Shards::Range { first, last, count };
        let cases = [
            ("0-3", "8", range(0, 3, 8)),
            (" 4 - 7 ", "8", range(4, 7, 8)),
            ("5", "8", range(5, 5, 8)),
            ("0", "1", range(0, 0, 1)),
            ("1", "2", range(1, 1, 2)),
        ];
        for (ids, count, want) in cases {
            assert_eq!(
                shards(&[("SHARD_IDS", ids), ("SHARD_COUNT", count)]),
                want,
                "{ids} of {count}"
            );
        }
        assert_eq!(range(0, 3, 8).to_string(), "shards 0-3 of 8");
        assert_eq!(range(5, 5, 8).to_string(), "shard 5 of 8");
        assert_eq!(Shards::All { count: 2 }.to_string(), "shards 0-1 of 2");
    }

    #[test]
    fn a_bad_shard_config_is_refused_with_a_one_line_reason() {
        let token = ("DISCORD_TOKEN", "t.o.k");
        let refused = |vars: &[(&str, &str)]| match config(&[&[token], vars].concat()) {
            Err(e) => e,
            Ok(c) => panic!("{vars:?} was accepted as {:?}", c.shards),
        };
        assert!(matches!(
            refused(&[("SHARD_IDS", "0-3")]),
            StartError::ShardIdsWithoutCount(_)
        ));
        for bad in ["0", "-2", "eight", "1.5", "99999999999"] {
            assert!(
                matches!(
                    refused(&[("SHARD_COUNT", bad)]),
                    StartError::BadShardCount(_)
                ),
                "{bad}"
            );
        }
        for bad in ["a", "-1", "1-", "-", "0-3-5", "0..3", "1,2", "x-3"] {
            assert!(
                matches!(
                    refused(&[("SHARD_IDS", bad), ("SHARD_COUNT", "8")]),
                    StartError::BadShardIds(_)
                ),
                "{bad}"
            );
        }
        assert!(matches!(
            refused(&[("SHARD_IDS", "3-1"), ("SHARD_COUNT", "8")]),
            StartError::ShardIdsBackwards(_)
        ));
        for bad in ["8", "4-8", "0-9"] {
            assert!(
                matches!(
                    refused(&[("SHARD_IDS", bad), ("SHARD_COUNT", "8")]),
                    StartError::ShardIdsOutOfRange { count: 8, .. }
                ),
                "{bad}"
            );
        }
        let said = refused(&[("SHARD_IDS", "2"), ("SHARD_COUNT", "2")]).to_string();
        assert!(said.contains("0 to 1") && !said.contains('\n'), "{said}");
    }
}
