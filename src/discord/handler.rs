//! The event handler: interactions become service requests, and the service's replies
//! become interaction responses and messages; threads and READY are noted.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serenity::all::{
    ActivityData, ApplicationId, CommandInteraction, ComponentInteraction, Context,
    CreateAutocompleteResponse, CreateInteractionResponse, EventHandler, GuildChannel, GuildId,
    Interaction, PartialGuildChannel, Ready,
};
use serenity::async_trait;
use serenity::builder::Builder;

use super::commands::{self, clip, definitions};
use super::{rooms, said, send};
use crate::app::{Action, Command, Lost, Request, Service};

/// How long an interaction may work before Herald defers its answer (Discord allows 3 s).
const DEFER_AFTER: Duration = Duration::from_millis(1500);

pub(super) struct Handler {
    pub(super) service: Arc<Service>,
    pub(super) tick: Duration,
    pub(super) dev_guild: Option<GuildId>,
    pub(super) started: AtomicBool,
    /// Told when the first READY arrives, of whichever shard.
    pub(super) connected: Mutex<Option<tokio::sync::oneshot::Sender<()>>>,
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
            // Who asks, and where: what a line's suggestions start from.
            let request = Request {
                user: user.clone(),
                guild: cmd.guild_id.map(|g| g.to_string()),
                channel: cmd.channel_id.to_string(),
                manager: false,
                threads: Default::default(),
                command: Command::Games,
            };
            if cmd.data.name == "move" && option == "game" {
                for g in self.service.game_choices(&user).await {
                    response = response.add_int_choice(clip(&g.label, 100), g.game);
                }
            }
            if cmd.data.name == "analyse" && option == "moves" {
                let asked = commands::analysis(&cmd.data.options);
                let choices = self.service.suggest_line(&request, &asked, &typed).await;
                response = add_choices(response, choices);
            }
            if cmd.data.name == "conditional" && option == "moves" {
                let opponent = commands::user(&cmd.data.options, "opponent");
                let choices = self
                    .service
                    .suggest_conditional(&request, opponent.as_deref(), &typed)
                    .await;
                response = add_choices(response, choices);
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
                response = add_choices(response, choices);
            }
        }
        let answer = CreateInteractionResponse::Autocomplete(response);
        if let Err(e) = answer.execute(&ctx.http, (cmd.id, &cmd.token)).await {
            tracing::warn!(error = %said(&ctx.http, &e), "autocomplete answer failed");
        }
    }
}

/// Text choices added to an autocomplete answer, as Discord takes them: 1-100 characters in
/// both the label and the value (a label keeps its end, where the move being typed is).
fn add_choices(
    mut response: CreateAutocompleteResponse,
    choices: Vec<crate::app::Choice>,
) -> CreateAutocompleteResponse {
    for c in choices {
        let value = if c.value.trim().is_empty() {
            "?".to_string()
        } else {
            clip(&c.value, 100)
        };
        let label = match c.label.chars().count() {
            n if n > 100 => format!("…{}", c.label.chars().skip(n - 99).collect::<String>()),
            _ => c.label,
        };
        response = response.add_string_choice(label, value);
    }
    response
}

/// Whether an interaction's member may manage the server, from the permissions Discord sends
/// with it (Manage Server, or Administrator, which includes it).
fn manages(member: Option<&serenity::all::Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild() || p.administrator())
}
