//! Service replies as Discord messages: the interaction's answer, follow-ups, channel posts,
//! direct messages, and what becomes of a reply Discord will not take where it was addressed.

use serenity::all::{
    ButtonStyle, ChannelId, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, EditInteractionResponse, EditMessage, Http, InteractionId, MessageId, RoleId,
    UserId,
};
use serenity::builder::Builder;

use super::said;
use crate::app::{self, Lost, Reply, Service, Span};

/// Discord's limit on a message's text.
pub const MAX_TEXT: usize = 2000;

/// `text` in pieces of at most `max` characters, cut at line ends where possible.
pub fn chunks(text: &str, max: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut len = 0;
    for line in text.split_inclusive('\n') {
        let n = line.chars().count();
        if len + n > max && !current.is_empty() {
            out.push(std::mem::take(&mut current));
            len = 0;
        }
        if n > max {
            // A single line longer than a message: cut it by characters.
            let chars: Vec<char> = line.chars().collect();
            for piece in chars.chunks(max) {
                out.push(piece.iter().collect());
            }
            continue;
        }
        current.push_str(line);
        len += n;
    }
    if !current.is_empty() || out.is_empty() {
        out.push(current);
    }
    out
}

fn rows(reply: &Reply) -> Vec<CreateActionRow> {
    reply
        .buttons
        .chunks(5)
        .map(|row| {
            CreateActionRow::Buttons(
                row.iter()
                    .map(|b| {
                        CreateButton::new(b.action.id())
                            .label(b.label.clone())
                            .style(match b.style {
                                app::ButtonStyle::Primary => ButtonStyle::Primary,
                                app::ButtonStyle::Secondary => ButtonStyle::Secondary,
                                app::ButtonStyle::Danger => ButtonStyle::Danger,
                            })
                    })
                    .collect(),
            )
        })
        .collect()
}

/// Only the users and roles the reply names are pinged: never @everyone or a replied-to
/// author.
fn mentions(reply: &Reply) -> CreateAllowedMentions {
    let ids = |names: &[String]| -> Vec<u64> {
        names
            .iter()
            .filter_map(|u| u.parse::<u64>().ok().filter(|&n| n != 0))
            .collect()
    };
    CreateAllowedMentions::new()
        .users(ids(&reply.mentions).into_iter().map(UserId::new))
        .roles(ids(&reply.roles).into_iter().map(RoleId::new))
        .replied_user(false)
}

fn files(reply: &Reply) -> Vec<CreateAttachment> {
    let mut out = Vec::new();
    if let Some(png) = &reply.image {
        out.push(CreateAttachment::bytes(png.clone(), "board.png"));
    }
    if let Some(a) = &reply.attachment {
        out.push(CreateAttachment::bytes(a.bytes.clone(), a.name.clone()));
    }
    out
}

/// A mention as Discord writes it.
fn mention(span: &Span) -> String {
    match span {
        Span::User(id) => format!("<@{id}>"),
        Span::Channel(id) => format!("<#{id}>"),
        // Discord shows a timestamp in each reader's own time zone and language.
        Span::Time(t) => format!("<t:{t}:f>"),
        Span::Role(id) => format!("<@&{id}>"),
        Span::Relative { at, .. } => format!("<t:{at}:R>"),
        Span::Place { guild, channel } => format!(
            "https://discord.com/channels/{}/{channel}",
            guild.as_deref().unwrap_or("@me")
        ),
        Span::Words(w) => w.clone(),
    }
}

/// One Discord message of a reply: its share of the text, and whether it is the first (which
/// carries the image, attachment and buttons).
struct Message<'a> {
    reply: &'a Reply,
    content: String,
    first: bool,
}

impl Message<'_> {
    fn rows(&self) -> Vec<CreateActionRow> {
        if self.first {
            rows(self.reply)
        } else {
            Vec::new()
        }
    }

    fn files(&self) -> Vec<CreateAttachment> {
        if self.first {
            files(self.reply)
        } else {
            Vec::new()
        }
    }
}

/// A reply as Discord messages: its text cut to Discord's limit, the image, attachment and
/// buttons on the first.
fn messages(reply: &Reply) -> Vec<Message<'_>> {
    chunks(&reply.text.render(mention), MAX_TEXT)
        .into_iter()
        .enumerate()
        .map(|(i, content)| Message {
            reply,
            content,
            first: i == 0,
        })
        .collect()
}

/// Fills a message builder (serenity's four kinds have the same methods but no common trait)
/// with a message's text, its allowed mentions, buttons and files.
macro_rules! fill {
    ($builder:expr, $part:expr, $attach:ident) => {{
        let mut builder = $builder
            .content($part.content.clone())
            .allowed_mentions(mentions($part.reply))
            .components($part.rows());
        for f in $part.files() {
            builder = builder.$attach(f);
        }
        builder
    }};
}

/// Answers an interaction with `replies`: the first message is the interaction's response (or
/// its edit, when it was deferred), the rest in the same channel follow it, and replies for
/// other channels (and direct messages) are sent there. Returns those Discord would not take.
pub async fn answer(
    http: &Http,
    id: InteractionId,
    token: &str,
    replies: Vec<Reply>,
    deferred: bool,
) -> Vec<Undelivered> {
    let Some(channel) = replies.first().map(|r| r.channel.clone()) else {
        if deferred {
            let _ = http.delete_original_interaction_response(token).await;
        }
        return Vec::new();
    };
    let (here, elsewhere): (Vec<&Reply>, Vec<&Reply>) = replies
        .iter()
        .partition(|r| r.channel == channel && r.dm.is_none());
    let mut parts = here.into_iter().flat_map(messages);
    if let Some(head) = parts.next() {
        let result = if !deferred {
            let message = CreateInteractionResponseMessage::new().ephemeral(head.reply.ephemeral);
            CreateInteractionResponse::Message(fill!(message, head, add_file))
                .execute(http, (id, token))
                .await
        } else if head.reply.ephemeral {
            // A deferred answer is public; a private reply goes as a private follow-up instead.
            let _ = http.delete_original_interaction_response(token).await;
            followup(http, token, &head).await
        } else {
            fill!(EditInteractionResponse::new(), head, new_attachment)
                .execute(http, token)
                .await
                .map(|_| ())
        };
        if let Err(e) = result {
            tracing::warn!(error = %said(http, &e), "answering the interaction failed");
        }
    }
    for part in parts {
        if let Err(e) = followup(http, token, &part).await {
            tracing::warn!(error = %said(http, &e), "a follow-up failed");
        }
    }
    let mut gone = Vec::new();
    for reply in elsewhere {
        if let Err(undelivered) = to_channel(http, reply).await {
            gone.push(undelivered);
        }
    }
    gone
}

async fn followup(http: &Http, token: &str, part: &Message<'_>) -> serenity::Result<()> {
    let message = CreateInteractionResponseFollowup::new().ephemeral(part.reply.ephemeral);
    fill!(message, part, add_file)
        .execute(http, (None, token))
        .await
        .map(|_| ())
}

/// A reply Discord would not take where it was addressed.
pub enum Undelivered {
    /// Its channel (a game thread) no longer exists.
    Gone(Reply),
    /// It was a direct message, and the player's DMs are closed.
    DmClosed(Reply),
}

/// "Cannot send messages to this user".
const DMS_CLOSED: isize = 50007;

/// Posts a reply in its channel (the scheduler's reminders and time-outs, and replies for
/// another channel than the interaction's), or as a direct message to its player. A reply
/// Discord cannot deliver there comes back, to be delivered otherwise.
pub async fn to_channel(http: &Http, reply: &Reply) -> Result<(), Undelivered> {
    let channel = match &reply.dm {
        Some(user) => {
            let Some(user) = user.parse::<u64>().ok().filter(|&n| n != 0) else {
                tracing::warn!(%user, "not a Discord user id");
                return Ok(());
            };
            match UserId::new(user).create_dm_channel(http).await {
                Ok(dm) => dm.id,
                Err(e) if super::rooms::code(&e) == Some(DMS_CLOSED) => {
                    return Err(Undelivered::DmClosed(reply.clone()));
                }
                Err(e) => {
                    tracing::warn!(error = %said(http, &e), %user, "could not open a direct message");
                    return Ok(());
                }
            }
        }
        None => match reply.channel.parse::<u64>().ok().filter(|&n| n != 0) {
            Some(c) => ChannelId::new(c),
            None => {
                tracing::warn!(channel = %reply.channel, "not a Discord channel id");
                return Ok(());
            }
        },
    };
    for part in messages(reply) {
        let message = fill!(CreateMessage::new(), part, add_file);
        if let Err(e) = channel.send_message(http, message).await {
            let code = super::rooms::code(&e);
            if part.first && code == Some(super::rooms::UNKNOWN_CHANNEL) && reply.dm.is_none() {
                return Err(Undelivered::Gone(reply.clone()));
            }
            if part.first && code == Some(DMS_CLOSED) && reply.dm.is_some() {
                return Err(Undelivered::DmClosed(reply.clone()));
            }
            tracing::warn!(error = %said(http, &e), %channel, "posting in the channel failed");
        }
    }
    Ok(())
}

/// Posts a reply in its channel (or as its direct message), delivering it otherwise when
/// Discord will not take it there.
pub async fn post(service: &Service, http: &Http, reply: Reply) {
    if let Err(undelivered) = to_channel(http, &reply).await {
        redeliver(service, http, undelivered).await;
    }
}

/// A reply Discord would not take. Its game thread was deleted: the game goes on in the
/// channel the thread was opened in, and the reply is posted there after the word of it. A
/// direct message to closed DMs: the player is mentioned in the game's place instead.
pub async fn redeliver(service: &Service, http: &Http, undelivered: Undelivered) {
    let fallback = match undelivered {
        Undelivered::Gone(mut reply) => {
            let mut moved = service.room_lost(&reply.channel, Lost::Deleted).await;
            let Some(home) = moved.first().map(|r| r.channel.clone()) else {
                return;
            };
            reply.channel = home;
            moved.push(reply);
            moved
        }
        Undelivered::DmClosed(reply) => service.dm_failed(&reply).await,
    };
    for reply in fallback {
        // Once only: a fallback that fails too is left to the log.
        let _ = to_channel(http, &reply).await;
    }
}

/// Takes the buttons off a message whose button did its work.
pub async fn clear_buttons(http: &Http, channel: ChannelId, message: MessageId) {
    let edit = EditMessage::new().components(Vec::new());
    if let Err(e) = http.edit_message(channel, message, &edit, Vec::new()).await {
        tracing::debug!(error = %said(http, &e), "could not take the buttons off the message");
    }
}

#[cfg(test)]
mod tests {
    use super::chunks;

    #[test]
    fn long_text_is_cut_at_line_ends_within_the_limit() {
        let text = (0..300).map(|i| format!("line {i}\n")).collect::<String>();
        let parts = chunks(&text, 100);
        assert!(parts.len() > 1);
        assert!(parts.iter().all(|p| p.chars().count() <= 100));
        assert!(parts.iter().all(|p| p.ends_with('\n')));
        assert_eq!(parts.concat(), text);
        assert_eq!(chunks("short", 100), vec!["short".to_string()]);
        let long_line = "x".repeat(250);
        let cut = chunks(&long_line, 100);
        assert_eq!(cut.len(), 3);
        assert_eq!(cut.concat(), long_line);
    }
}
