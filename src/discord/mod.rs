//! The Discord adapter: registers the slash commands, turns interactions into service
//! `Request`s and the service's `Reply`s into interaction responses and channel messages.
//! Every behaviour lives in `app`; nothing here decides anything about a game.

mod commands;
mod handler;
mod rooms;
mod send;

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serenity::all::{ClientBuilder, GatewayIntents, GuildId, Http};

use crate::app::Service;
use handler::Handler;

pub use crate::config::discord::{Config, Shards, StartError, TIMEOUT};
pub use crate::config::secret::{scrub, HIDDEN};
pub use commands::{clip, definitions};

/// An error from a call to Discord, as a log line may show it: without the token.
fn said(http: &Http, e: &serenity::Error) -> String {
    scrub(&e.to_string(), http.token())
}

/// A duration as people write it: `10 s`, `2.5 s`.
fn seconds(d: Duration) -> String {
    format!("{} s", d.as_secs_f64())
}

/// An error and what caused it, each cause once.
fn chain(e: &dyn std::error::Error) -> String {
    let mut parts = vec![e.to_string()];
    let mut cause = e.source();
    while let Some(c) = cause {
        let text = c.to_string();
        if !parts.iter().any(|p| p.contains(&text)) {
            parts.push(text);
        }
        cause = c.source();
    }
    parts.join(": ")
}

/// Runs the bot until Ctrl-C or SIGTERM, or until the connection fails for good.
/// Every call to Discord ends within `config.timeout`; at start, a call that does not, or a
/// gateway that sends no READY in that time, stops Herald with [`StartError::Unreachable`].
pub async fn run(service: Arc<Service>, config: Config) -> Result<(), StartError> {
    let http = config.http()?;
    // Checked first, so a bad token is a clear message rather than a gateway error later.
    match http.get_current_user().await {
        Ok(me) => tracing::info!(bot = %me.name, id = %me.id, "token accepted"),
        Err(e) => {
            return Err(classify(
                &e,
                &config,
                "GET /api/v10/users/@me (checking the token)",
            ))
        }
    }
    let (connected, ready) = tokio::sync::oneshot::channel();
    let handler = Handler {
        service,
        tick: config.tick,
        dev_guild: config.dev_guild.map(GuildId::new),
        started: AtomicBool::new(false),
        connected: Mutex::new(Some(connected)),
    };
    let failed = |e: serenity::Error| match e {
        serenity::Error::Http(_) => classify(&e, &config, "connecting to the gateway"),
        other => StartError::Gateway(scrub(&other.to_string(), &config.token)),
    };
    // Interactions arrive whatever the intents; Herald asks for no privileged one.
    let mut client = ClientBuilder::new_with_http(config.http()?, GatewayIntents::GUILDS)
        .event_handler(handler)
        .await
        .map_err(failed)?;
    let shards = client.shard_manager.clone();
    tokio::spawn(async move {
        shutdown_signal().await;
        tracing::info!("shutting down");
        shards.shutdown_all().await;
    });
    tracing::info!(shards = %config.shards, "starting");
    let start = async {
        match config.shards {
            Shards::Unsharded => client.start().await,
            Shards::All { count } => client.start_shards(count).await,
            // serenity 0.12 boots `range.start..=range.end`: the end is the last shard run
            // here, although the type says otherwise (start_shard_range(4..7, 10) runs 4 to 7).
            Shards::Range { first, last, count } => {
                client.start_shard_range(first..last, count).await
            }
        }
    };
    tokio::pin!(start);
    tokio::select! {
        ended = &mut start => return ended.map_err(failed),
        first = tokio::time::timeout(config.timeout, ready) => {
            if first.is_err() {
                return Err(StartError::Unreachable {
                    base: config.base(),
                    reason: format!(
                        "the gateway sent no READY within {} of connecting (DISCORD_TIMEOUT)",
                        seconds(config.timeout)
                    ),
                });
            }
        }
    }
    start.await.map_err(failed)
}

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Why a call at start failed, in words and without the token; `tried` says what Herald
/// asked.
fn classify(e: &serenity::Error, config: &Config, tried: &str) -> StartError {
    use serenity::all::HttpError;
    let reason = match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r))
            if r.status_code.as_u16() == 401 =>
        {
            return StartError::Rejected("401 Unauthorized".into());
        }
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            format!("{tried} was answered HTTP {}: {e}", r.status_code.as_u16())
        }
        serenity::Error::Http(HttpError::Request(r)) if r.is_timeout() => format!(
            "{tried} had no answer within {} (DISCORD_TIMEOUT)",
            seconds(config.timeout)
        ),
        serenity::Error::Http(HttpError::Request(r)) => format!("{tried} failed: {}", chain(r)),
        other => format!("{tried} failed: {other}"),
    };
    StartError::Unreachable {
        base: config.base(),
        reason: scrub(&reason, &config.token),
    }
}
