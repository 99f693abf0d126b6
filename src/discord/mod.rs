//! The Discord adapter: registers the slash commands, turns interactions into service
//! `Request`s and the service's `Reply`s into interaction responses and channel messages.
//! Every behaviour lives in `app`; nothing here decides anything about a game.

mod commands;
mod rooms;
mod send;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serenity::all::{
    ActivityData, ApplicationId, ClientBuilder, CommandInteraction, ComponentInteraction, Context,
    CreateAutocompleteResponse, CreateInteractionResponse, EventHandler, GatewayIntents,
    GuildChannel, GuildId, Http, HttpBuilder, Interaction, PartialGuildChannel, Ready,
};
use serenity::async_trait;
use serenity::builder::Builder;

use crate::app::{Action, Command, Lost, Request, Service};

pub use commands::{clip, definitions};

/// How often the scheduler looks for reminders and time-outs.
const TICK: Duration = Duration::from_secs(60);
/// How long an interaction may work before Herald defers its answer (Discord allows 3 s).
const DEFER_AFTER: Duration = Duration::from_millis(1500);
/// How long Herald waits for Discord unless DISCORD_TIMEOUT says otherwise: for the answer to
/// each REST call, and at start for the gateway's READY.
pub const TIMEOUT: Duration = Duration::from_secs(10);
/// What stands in a log line or an error where the bot token was.
pub const HIDDEN: &str = "[DISCORD_TOKEN]";

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
    fn base(&self) -> String {
        self.api_base
            .clone()
            .unwrap_or_else(|| "https://discord.com".into())
    }

    /// The REST client: every call, whatever it is, ends within the timeout.
    fn http(&self) -> Result<Http, StartError> {
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

/// `text` with the bot token (with or without "Bot ") replaced by [`HIDDEN`]: whatever a
/// server sends back, an error or a log line never shows the token.
pub fn scrub(text: &str, token: &str) -> String {
    let bare = token.trim();
    let bare = bare
        .strip_prefix("Bot ")
        .or_else(|| bare.strip_prefix("Bearer "))
        .unwrap_or(bare)
        .trim();
    if bare.is_empty() {
        return text.to_string();
    }
    text.replace(bare, HIDDEN)
}

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

struct Handler {
    service: Arc<Service>,
    tick: Duration,
    dev_guild: Option<GuildId>,
    started: AtomicBool,
    /// Told when the first READY arrives, of whichever shard.
    connected: Mutex<Option<tokio::sync::oneshot::Sender<()>>>,
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

#[async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        if let Some(first) = self.connected.lock().ok().and_then(|mut c| c.take()) {
            let _ = first.send(());
        }
        ctx.http.set_application_id(ready.application.id);
        // Challenging the bot itself is playing Herald's engine.
        self.service.set_engine_user(&ready.user.id.to_string());
        self.service.set_rooms(Arc::new(rooms::DiscordRooms {
            http: ctx.http.clone(),
        }));
        let shard = ready
            .shard
            .map_or_else(|| "0 of 1".into(), |s| format!("{} of {}", s.id, s.total));
        tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), %shard, "connected");
        ctx.set_activity(Some(ActivityData::playing("/challenge")));
        // READY comes again after every reconnect; register and schedule once.
        if self.started.swap(true, Ordering::SeqCst) {
            return;
        }
        self.register(&ctx, ready.application.id).await;
        let service = self.service.clone();
        let http = ctx.http.clone();
        let tick = self.tick;
        tokio::spawn(async move {
            let mut every = tokio::time::interval(tick);
            loop {
                every.tick().await;
                for reply in service.tick().await {
                    send::post(&service, &http, reply).await;
                }
            }
        });
    }

    /// A game thread archived by Discord after a week of silence is reopened; one locked by a
    /// moderator sends its game back to the channel.
    async fn thread_update(&self, ctx: Context, _old: Option<GuildChannel>, new: GuildChannel) {
        let Some(meta) = new.thread_metadata else {
            return;
        };
        let thread = new.id.to_string();
        if !(meta.archived || meta.locked) || !self.service.is_game_thread(&thread).await {
            return;
        }
        if meta.locked {
            for reply in self.service.room_lost(&thread, Lost::Locked).await {
                send::post(&self.service, &ctx.http, reply).await;
            }
        } else {
            rooms::reopen(&ctx.http, new.id).await;
        }
    }

    /// A deleted game thread sends its game back to the channel.
    async fn thread_delete(
        &self,
        ctx: Context,
        thread: PartialGuildChannel,
        _full: Option<GuildChannel>,
    ) {
        for reply in self
            .service
            .room_lost(&thread.id.to_string(), Lost::Deleted)
            .await
        {
            send::post(&self.service, &ctx.http, reply).await;
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        match interaction {
            Interaction::Command(cmd) => self.on_command(&ctx, &cmd).await,
            Interaction::Autocomplete(cmd) => self.on_autocomplete(&ctx, &cmd).await,
            Interaction::Component(press) => self.on_press(&ctx, &press).await,
            _ => {}
        }
    }
}

impl Handler {
    async fn register(&self, ctx: &Context, app: ApplicationId) {
        let defs = definitions();
        match serenity::all::Command::set_global_commands(&ctx.http, defs.clone()).await {
            Ok(done) => {
                tracing::info!(commands = done.len(), application = %app, "commands registered")
            }
            Err(e) => {
                tracing::error!(error = %said(&ctx.http, &e), "registering the slash commands failed")
            }
        }
        if let Some(guild) = self.dev_guild {
            match guild.set_commands(&ctx.http, defs).await {
                Ok(done) => {
                    tracing::info!(commands = done.len(), %guild, "commands registered in the dev guild")
                }
                Err(e) => {
                    tracing::error!(error = %said(&ctx.http, &e), %guild, "registering the dev guild's commands failed")
                }
            }
        }
    }

    async fn on_command(&self, ctx: &Context, cmd: &CommandInteraction) {
        let command = match commands::command(cmd) {
            Ok(c) => c,
            Err(text) => {
                let reply = crate::app::Reply::private(&cmd.channel_id.to_string(), text);
                send::answer(&ctx.http, cmd.id, &cmd.token, vec![reply], false).await;
                return;
            }
        };
        let request = Request {
            user: cmd.user.id.to_string(),
            guild: cmd.guild_id.map(|g| g.to_string()),
            channel: cmd.channel_id.to_string(),
            manager: manages(cmd.member.as_deref()),
            threads: rooms::threads_here(
                cmd.guild_id.is_some(),
                cmd.channel.as_ref(),
                cmd.app_permissions,
                None,
            ),
            command,
        };
        self.answer(ctx, cmd.id, &cmd.token, &request, None).await;
    }

    async fn on_press(&self, ctx: &Context, press: &ComponentInteraction) {
        // (Buttons change no settings; the flag is read the same way for every request.)
        let channel = press.channel_id.to_string();
        let Some(action) = Action::parse(&press.data.custom_id) else {
            let reply = crate::app::Reply::private(
                &channel,
                "This button is from an older Herald and no longer does anything.",
            );
            send::answer(&ctx.http, press.id, &press.token, vec![reply], false).await;
            return;
        };
        let request = Request {
            user: press.user.id.to_string(),
            guild: press.guild_id.map(|g| g.to_string()),
            channel,
            manager: manages(press.member.as_ref()),
            threads: rooms::threads_here(
                press.guild_id.is_some(),
                press.channel.as_ref(),
                press.app_permissions,
                Some(press.message.id),
            ),
            command: Command::Press(action),
        };
        let pressed = Some((press.channel_id, press.message.id));
        self.answer(ctx, press.id, &press.token, &request, pressed)
            .await;
    }

    /// Runs a request and answers the interaction with its replies, deferring first if the
    /// work takes longer than Discord likes.
    async fn answer(
        &self,
        ctx: &Context,
        id: serenity::all::InteractionId,
        token: &str,
        request: &Request,
        pressed: Option<(serenity::all::ChannelId, serenity::all::MessageId)>,
    ) {
        let work = self.service.handle(request);
        tokio::pin!(work);
        let (replies, deferred) = tokio::select! {
            replies = &mut work => (replies, false),
            _ = tokio::time::sleep(DEFER_AFTER) => {
                let defer = CreateInteractionResponse::Defer(Default::default());
                if let Err(e) = defer.execute(&ctx.http, (id, token)).await {
                    tracing::warn!(error = %said(&ctx.http, &e), "deferring failed");
                }
                (work.await, true)
            }
        };
        let answered_publicly = replies.first().is_some_and(|r| !r.ephemeral);
        for undelivered in send::answer(&ctx.http, id, token, replies, deferred).await {
            send::redeliver(&self.service, &ctx.http, undelivered).await;
        }
        // A button that did its work is spent: take it (and its siblings) off the message.
        if let (true, Some((channel, message))) = (answered_publicly, pressed) {
            send::clear_buttons(&ctx.http, channel, message).await;
        }
    }

    async fn on_autocomplete(&self, ctx: &Context, cmd: &CommandInteraction) {
        let mut response = CreateAutocompleteResponse::new();
        if let Some((option, typed)) = commands::typed(cmd) {
            let user = cmd.user.id.to_string();
            if cmd.data.name == "move" && option == "game" {
                for g in self.service.game_choices(&user).await {
                    response = response.add_int_choice(clip(&g.label, 100), g.game);
                }
            }
            if cmd.data.name == "move" && option == "move" {
                let opponent = commands::user(&cmd.data.options, "opponent");
                let choices = match commands::integer(&cmd.data.options, "game") {
                    Some(game) => self.service.suggest_in(&user, game, &typed).await,
                    None => {
                        let channel = cmd.channel_id.to_string();
                        let opponent = opponent.as_deref();
                        self.service
                            .suggest(&user, &channel, &typed, opponent)
                            .await
                    }
                };
                for c in choices {
                    // Discord wants 1-100 characters in both.
                    let value = if c.value.trim().is_empty() {
                        "?".to_string()
                    } else {
                        clip(&c.value, 100)
                    };
                    response = response.add_string_choice(clip(&c.label, 100), value);
                }
            }
        }
        let answer = CreateInteractionResponse::Autocomplete(response);
        if let Err(e) = answer.execute(&ctx.http, (cmd.id, &cmd.token)).await {
            tracing::warn!(error = %said(&ctx.http, &e), "autocomplete answer failed");
        }
    }
}

/// Whether an interaction's member may manage the server, from the permissions Discord sends
/// with it (Manage Server, or Administrator, which includes it).
fn manages(member: Option<&serenity::all::Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild() || p.administrator())
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

    #[test]
    fn the_token_is_scrubbed_with_or_without_its_prefix() {
        let said = "401: Bot abc.def.ghi is not valid; abc.def.ghi again";
        let clean = format!("401: Bot {HIDDEN} is not valid; {HIDDEN} again");
        assert_eq!(scrub(said, "abc.def.ghi"), clean);
        assert_eq!(scrub(said, "Bot abc.def.ghi"), clean);
        assert_eq!(scrub("nothing secret", ""), "nothing secret");
    }
}
