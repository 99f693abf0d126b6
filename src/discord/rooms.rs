//! Game threads on Discord: opening them (the service's [`Rooms`] port), whether an
//! interaction's channel allows one, and keeping them usable: an archived game thread is
//! reopened at once, a deleted or locked one sends its game back to the channel.

use std::sync::Arc;

use serenity::all::{
    AutoArchiveDuration, ChannelId, ChannelType, CreateThread, EditThread, GuildId, Http,
    MessageId, PartialChannel, Permissions, UserId,
};

use super::said;
use crate::app::{Naming, RoomError, RoomOpening, Rooms, Span, Text, Threads};

/// Discord's JSON error code of a failed call, if it was one.
pub(super) fn code(e: &serenity::Error) -> Option<isize> {
    match e {
        serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r)) => {
            Some(r.error.code)
        }
        _ => None,
    }
}

/// "Missing Permissions" and "Missing Access".
const NOT_ALLOWED: [isize; 2] = [50013, 50001];
/// "Unknown Channel": the channel (a thread) was deleted.
pub(super) const UNKNOWN_CHANNEL: isize = 10003;

/// What a game thread needs, with the names Discord's settings show.
const NEEDED: [(Permissions, &str); 2] = [
    (Permissions::CREATE_PUBLIC_THREADS, "Create Public Threads"),
    (
        Permissions::SEND_MESSAGES_IN_THREADS,
        "Send Messages in Threads",
    ),
];

/// Whether a game that begins by this interaction may get a thread: in a server's text
/// channel, with the permissions Discord says Herald has there; on the pressed message when
/// a button began it.
pub(super) fn threads_here(
    guild: bool,
    channel: Option<&PartialChannel>,
    granted: Option<Permissions>,
    on: Option<MessageId>,
) -> Threads {
    let text_channel = channel.is_none_or(|c| matches!(c.kind, ChannelType::Text));
    if !guild || !text_channel {
        return Threads::Unavailable;
    }
    let Some(granted) = granted else {
        return Threads::Allowed {
            on: on.map(|m| m.to_string()),
        };
    };
    let missing: Vec<String> = NEEDED
        .iter()
        .filter(|(p, _)| !granted.contains(*p))
        .map(|(_, name)| name.to_string())
        .collect();
    if missing.is_empty() {
        Threads::Allowed {
            on: on.map(|m| m.to_string()),
        }
    } else {
        Threads::Missing(missing)
    }
}

/// Opens game threads with Herald's HTTP client.
pub(super) struct DiscordRooms {
    pub http: Arc<Http>,
}

impl DiscordRooms {
    /// A thread's name with the players' names written out as the server shows them (Discord
    /// shows no mentions in titles), cut to Discord's 100 characters.
    async fn title(&self, guild: Option<GuildId>, name: &Text) -> String {
        let mut out = String::new();
        for span in name.spans() {
            match span {
                Span::User(id) => out.push_str(&self.name_of(guild, id).await),
                Span::Words(w) => out.push_str(w),
                other => out.push_str(&crate::text![other.clone()].to_string()),
            }
        }
        out.chars().take(100).collect()
    }

    /// A member's nickname on the server, else their display name.
    async fn name_of(&self, guild: Option<GuildId>, id: &str) -> String {
        let Some(user) = id.parse().ok().filter(|&n| n != 0).map(UserId::new) else {
            return id.to_string();
        };
        if let Some(guild) = guild {
            if let Ok(member) = guild.member(&self.http, user).await {
                return member.display_name().to_string();
            }
        }
        match self.http.get_user(user).await {
            Ok(u) => u.display_name().to_string(),
            Err(_) => format!("player {id}"),
        }
    }
}

/// A server's id as serenity takes it, if it is one.
fn guild_id(guild: &str) -> Option<GuildId> {
    guild.parse().ok().filter(|&n| n != 0).map(GuildId::new)
}

impl Rooms for DiscordRooms {
    fn name<'a>(&'a self, guild: Option<&'a str>, user: &'a str) -> Naming<'a> {
        Box::pin(async move { self.name_of(guild.and_then(guild_id), user).await })
    }

    fn open<'a>(
        &'a self,
        guild: &'a str,
        channel: &'a str,
        on: Option<&'a str>,
        name: &'a Text,
    ) -> RoomOpening<'a> {
        Box::pin(async move {
            let parent = channel
                .parse()
                .ok()
                .filter(|&n| n != 0)
                .map(ChannelId::new)
                .ok_or_else(|| RoomError::Failed(format!("{channel} is not a channel id")))?;
            let title = self.title(guild_id(guild), name).await;
            let thread =
                CreateThread::new(title).auto_archive_duration(AutoArchiveDuration::OneWeek);
            let on = on.and_then(|m| m.parse().ok()).filter(|&n| n != 0);
            let made = match on {
                Some(message) => {
                    parent
                        .create_thread_from_message(&self.http, MessageId::new(message), thread)
                        .await
                }
                None => {
                    let thread = thread.kind(ChannelType::PublicThread);
                    parent.create_thread(&self.http, thread).await
                }
            };
            match made {
                Ok(t) => Ok(t.id.to_string()),
                Err(e) if code(&e).is_some_and(|c| NOT_ALLOWED.contains(&c)) => Err(
                    RoomError::Missing(NEEDED.iter().map(|(_, n)| n.to_string()).collect()),
                ),
                Err(e) => Err(RoomError::Failed(said(&self.http, &e))),
            }
        })
    }
}

/// Reopens an archived game thread (sending in it would too, but commands cannot be used in
/// an archived thread, and a correspondence move may be a week away).
pub(super) async fn reopen(http: &Http, thread: ChannelId) {
    let edit = EditThread::new().archived(false);
    match thread.edit_thread(http, edit).await {
        Ok(_) => tracing::info!(%thread, "game thread reopened"),
        Err(e) => tracing::warn!(error = %said(http, &e), %thread, "could not reopen the thread"),
    }
}
