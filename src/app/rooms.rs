//! Where a game is played: its own thread when the server allows it, else the channel it was
//! made in. The platform opens threads (a port, [`Rooms`]); the service decides when, moves
//! the game there, and brings it back to its channel if a moderator deletes or locks the
//! thread.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use super::text::{channel, Text};
use super::{words, Lost, Refusal, Reply, Request, Service};
use crate::store::StoredGame;
use crate::text;

/// What opening a thread comes to: its id, or why not.
pub type Opening<'a> = Pin<Box<dyn Future<Output = Result<String, RoomError>> + Send + 'a>>;

/// A user's name, as a platform finds it.
pub type Naming<'a> = Pin<Box<dyn Future<Output = String> + Send + 'a>>;

/// Threads, as a platform opens them, and the names it shows for its users (Discord's adapter
/// implements it).
pub trait Rooms: Send + Sync {
    /// Opens a public thread named `name` in `channel` of server `guild`, on the message `on`
    /// when given, and returns its id. The name's mentions are the players: the platform
    /// writes their names as the server shows them.
    fn open<'a>(
        &'a self,
        guild: &'a str,
        channel: &'a str,
        on: Option<&'a str>,
        name: &'a super::Text,
    ) -> Opening<'a>;

    /// The name server `guild` shows for `user` (on Discord their nickname there, else their
    /// display name), for what cannot mention them: a file, a picture.
    fn name<'a>(&'a self, guild: Option<&'a str>, user: &'a str) -> Naming<'a>;
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomError {
    /// Herald lacks these permissions in the channel.
    Missing(Vec<String>),
    /// Anything else, in the platform's words.
    Failed(String),
}

/// Whether Herald may open a thread where a request was made.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Threads {
    /// Not here: a direct message, a channel that is itself a thread, or a platform without
    /// threads.
    #[default]
    Unavailable,
    /// Yes; on the message `on` (the challenge whose button was pressed), when known.
    Allowed { on: Option<String> },
    /// Herald lacks these permissions in the channel.
    Missing(Vec<String>),
}

/// A game that has just begun, and where: its thread (with the line in the channel that
/// points there) or its channel.
pub(super) struct Placed {
    pub row: StoredGame,
    /// Posted where the challenge was accepted: the link to the thread, or the reason there
    /// is none (once per server).
    pub notice: Option<Reply>,
}

impl Service {
    /// Lets the service open threads (the platform's adapter calls this once connected).
    pub fn set_rooms(&self, rooms: Arc<dyn Rooms>) {
        let _ = self.rooms.set(rooms);
    }

    /// Gives a game that has just begun its place: the thread it was asked for in (a rematch),
    /// a new thread called `name` when the server allows one and the request comes from
    /// `made_in` (where its challenge or tournament was made), else the channel.
    pub(super) async fn place(
        &self,
        req: &Request,
        made_in: &str,
        row: StoredGame,
        name: Text,
    ) -> Result<Placed, Refusal> {
        let unmoved = |row| Placed { row, notice: None };
        let Some(guild) = row.guild.clone() else {
            return Ok(unmoved(row));
        };
        // A challenge made in a game's thread (a rematch): the new game is played there too.
        if let Some(home) = self.store.home_of_thread(&row.channel).await? {
            let row = self
                .store
                .move_to_thread(row.id, &row.channel, &home)
                .await?;
            return Ok(unmoved(row));
        }
        let settings = self.store.settings(&guild).await?;
        let rooms = self.rooms.get().filter(|_| settings.threads());
        let (Some(rooms), true) = (rooms, req.channel == made_in) else {
            return Ok(unmoved(row));
        };
        let missing = match &req.threads {
            Threads::Unavailable => return Ok(unmoved(row)),
            Threads::Missing(permissions) => permissions.clone(),
            Threads::Allowed { on } => {
                match rooms.open(&guild, &row.channel, on.as_deref(), &name).await {
                    Ok(thread) => {
                        self.store.threads_work(&guild).await?;
                        let home = row.channel.clone();
                        let row = self.store.move_to_thread(row.id, &thread, &home).await?;
                        tracing::info!(game = row.id, %thread, "game thread opened");
                        let notice = Reply::new(&home, words::played_in_thread(&row));
                        return Ok(Placed {
                            row,
                            notice: Some(notice),
                        });
                    }
                    Err(RoomError::Missing(permissions)) => permissions,
                    Err(RoomError::Failed(why)) => {
                        tracing::warn!(game = row.id, %why, "could not open the game's thread");
                        return Ok(unmoved(row));
                    }
                }
            }
        };
        let notice = if self.store.thread_notice_due(&guild, self.now()).await? {
            Some(Reply::new(&row.channel, words::no_threads(&missing)))
        } else {
            None
        };
        Ok(Placed { row, notice })
    }

    /// A game thread was deleted or locked: its games go on in the channel it was opened in,
    /// each with its board and a word on where the game went.
    pub async fn room_lost(&self, thread: &str, why: Lost) -> Vec<Reply> {
        let moved = match self.store.leave_thread(thread).await {
            Ok(moved) => moved,
            Err(e) => {
                tracing::error!(error = %e, %thread, "could not bring the thread's games back");
                return Vec::new();
            }
        };
        let mut replies = Vec::new();
        for row in moved {
            tracing::info!(game = row.id, %thread, ?why, "game thread gone");
            let Ok(game) = self.rules_game(&row).await else {
                continue;
            };
            let to_move = row.player(game.turn()).to_string();
            let mut reply = Reply::new(&row.channel, words::thread_lost(&row, why, &to_move))
                .turn(&row, &[&to_move]);
            reply.image = self.image(&row, &*game, None, game.turn()).await;
            replies.push(reply);
        }
        replies
    }

    /// Whether a channel is the thread of an unfinished game (which Herald keeps open).
    pub async fn is_game_thread(&self, channel: &str) -> bool {
        self.store
            .is_game_thread(channel)
            .await
            .unwrap_or_else(|e| {
                tracing::warn!(error = %e, "could not tell whether a channel is a game's");
                false
            })
    }
}

/// When none of a request's replies is where it was made (a move in a channel whose game is
/// played in its thread), a private line there says where they went.
pub(super) fn point_to(req: &Request, replies: &mut Vec<Reply>) {
    let posted = |r: &&Reply| r.dm.is_none();
    let elsewhere = replies
        .iter()
        .filter(posted)
        .find(|r| !r.ephemeral && r.channel != req.channel)
        .map(|r| r.channel.clone());
    let here = replies
        .iter()
        .filter(posted)
        .any(|r| r.channel == req.channel);
    if let (Some(there), false) = (elsewhere, here) {
        let line = text!["Done: see ", channel(&there), "."];
        replies.insert(0, Reply::private(&req.channel, line));
    }
}
