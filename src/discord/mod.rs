//! The Discord adapter: registers the slash commands, turns interactions into service
//! `Request`s and the service's `Reply`s into interaction responses and channel messages.
//! Every behaviour lives in `app`; nothing here decides anything about a game.

mod commands;
mod send;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{
    ActivityData, ApplicationId, ClientBuilder, CommandInteraction, ComponentInteraction, Context,
    CreateAutocompleteResponse, CreateInteractionResponse, EventHandler, GatewayIntents, GuildId,
    Http, HttpBuilder, Interaction, Ready,
};
use serenity::async_trait;
use serenity::builder::Builder;

use crate::app::{Action, Command, Request, Service};

pub use commands::{clip, definitions};

/// How often the scheduler looks for reminders and time-outs.
const TICK: Duration = Duration::from_secs(60);
/// How long an interaction may work before Herald defers its answer (Discord allows 3 s).
const DEFER_AFTER: Duration = Duration::from_millis(1500);

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
    #[error("Discord rejected DISCORD_TOKEN ({0}): copy the bot token again from the developer portal (Bot > Reset Token)")]
    Rejected(String),
    #[error("cannot reach Discord at {base}: {reason}")]
    Unreachable { base: String, reason: String },
    #[error("the Discord connection failed: {0}")]
    Gateway(String),
}

impl Config {
    /// Reads DISCORD_TOKEN, DEV_GUILD_ID and DISCORD_API_BASE through `var`.
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
        Ok(Config {
            token,
            dev_guild,
            api_base,
            tick: TICK,
        })
    }

    pub fn from_env() -> Result<Config, StartError> {
        Config::from_vars(|name| std::env::var(name).ok())
    }

    fn http(&self) -> Http {
        let builder = HttpBuilder::new(&self.token);
        match &self.api_base {
            // serenity sends requests to the proxy only with its own rate limiter off; the
            // proxy (or test double) is then the one that keeps to Discord's limits.
            Some(base) => builder
                .proxy(base.clone())
                .ratelimiter_disabled(true)
                .build(),
            None => builder.build(),
        }
    }
}

struct Handler {
    service: Arc<Service>,
    tick: Duration,
    dev_guild: Option<GuildId>,
    started: AtomicBool,
}

/// Runs the bot until Ctrl-C or SIGTERM, or until the connection fails for good.
pub async fn run(service: Arc<Service>, config: Config) -> Result<(), StartError> {
    let http = config.http();
    let base = config
        .api_base
        .clone()
        .unwrap_or_else(|| "https://discord.com".into());
    // Checked first, so a bad token is a clear message rather than a gateway error later.
    match http.get_current_user().await {
        Ok(me) => tracing::info!(bot = %me.name, id = %me.id, "token accepted"),
        Err(e) => return Err(classify(&e, &base)),
    }
    let handler = Handler {
        service,
        tick: config.tick,
        dev_guild: config.dev_guild.map(GuildId::new),
        started: AtomicBool::new(false),
    };
    // Interactions arrive whatever the intents; Herald asks for no privileged one.
    let mut client = ClientBuilder::new_with_http(config.http(), GatewayIntents::GUILDS)
        .event_handler(handler)
        .await
        .map_err(|e| StartError::Gateway(e.to_string()))?;
    let shards = client.shard_manager.clone();
    tokio::spawn(async move {
        shutdown_signal().await;
        tracing::info!("shutting down");
        shards.shutdown_all().await;
    });
    client
        .start()
        .await
        .map_err(|e| StartError::Gateway(e.to_string()))
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

fn classify(e: &serenity::Error, base: &str) -> StartError {
    use serenity::all::HttpError;
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r))
            if r.status_code.as_u16() == 401 =>
        {
            StartError::Rejected(format!("{} {}", r.status_code.as_u16(), "Unauthorized"))
        }
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => StartError::Unreachable {
            base: base.to_string(),
            reason: format!("HTTP {}: {}", r.status_code.as_u16(), r.error.message),
        },
        other => StartError::Unreachable {
            base: base.to_string(),
            reason: other.to_string(),
        },
    }
}

#[async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        ctx.http.set_application_id(ready.application.id);
        tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected");
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
                    send::to_channel(&http, &reply).await;
                }
            }
        });
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
            Err(e) => tracing::error!(error = %e, "registering the slash commands failed"),
        }
        if let Some(guild) = self.dev_guild {
            match guild.set_commands(&ctx.http, defs).await {
                Ok(done) => {
                    tracing::info!(commands = done.len(), %guild, "commands registered in the dev guild")
                }
                Err(e) => {
                    tracing::error!(error = %e, %guild, "registering the dev guild's commands failed")
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
            command,
        };
        self.answer(ctx, cmd.id, &cmd.token, &request, None).await;
    }

    async fn on_press(&self, ctx: &Context, press: &ComponentInteraction) {
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
                    tracing::warn!(error = %e, "deferring failed");
                }
                (work.await, true)
            }
        };
        let answered_publicly = replies.first().is_some_and(|r| !r.ephemeral);
        send::answer(&ctx.http, id, token, replies, deferred).await;
        // A button that did its work is spent: take it (and its siblings) off the message.
        if let (true, Some((channel, message))) = (answered_publicly, pressed) {
            send::clear_buttons(&ctx.http, channel, message).await;
        }
    }

    async fn on_autocomplete(&self, ctx: &Context, cmd: &CommandInteraction) {
        let mut response = CreateAutocompleteResponse::new();
        if let Some((option, typed)) = commands::typed(cmd) {
            if cmd.data.name == "move" && option == "move" {
                let opponent = commands::user(&cmd.data.options, "opponent");
                let choices = self
                    .service
                    .suggest(
                        &cmd.user.id.to_string(),
                        &cmd.channel_id.to_string(),
                        &typed,
                        opponent.as_deref(),
                    )
                    .await;
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
            tracing::warn!(error = %e, "autocomplete answer failed");
        }
    }
}
