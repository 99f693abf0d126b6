//! How each player is told of their games, as they chose with /notify: mentioned in the
//! game's thread (the default), a direct message when it is their move, a direct message only
//! for reminders and results, or nothing. A player whose direct messages are closed is
//! mentioned instead, and told so once.

use super::{words, Handled, Reply, Request, Service, Urgency};
use crate::store::NoticeMode;

impl Service {
    /// The player's notices, after `mode` when they chose one.
    pub(super) async fn notices(&self, req: &Request, mode: Option<NoticeMode>) -> Handled {
        if let Some(mode) = mode {
            self.store.set_notices(&req.user, mode).await?;
            tracing::info!(user = %req.user, %mode, "notices chosen");
        }
        let now = self.store.notices(&req.user).await?;
        Ok(vec![Reply::private(
            &req.channel,
            words::notices(now.mode, mode.is_some()),
        )])
    }

    /// Tells each player a game's message mentions as they chose: the mention stays, goes,
    /// or becomes a direct message (added after the others).
    pub(super) async fn deliver(&self, replies: Vec<Reply>) -> Vec<Reply> {
        let mut direct = Vec::new();
        let mut out = Vec::with_capacity(replies.len());
        for mut reply in replies {
            // Herald never mentions or notifies itself: it is "Herald" in its own messages.
            if let Some(me) = self.engine_user.get() {
                reply.text = std::mem::take(&mut reply.text).naming(me, "Herald");
                reply.mentions.retain(|u| u != me);
            }
            if let Some(notice) = reply.notice.clone() {
                let mut kept = Vec::new();
                for user in std::mem::take(&mut reply.mentions) {
                    let mode = self.mode_of(&user).await;
                    let (mention, dm) = match (mode, notice.urgency) {
                        (NoticeMode::Mention, _) => (true, false),
                        (NoticeMode::DirectTurn, _)
                        | (NoticeMode::DirectAlerts, Urgency::Alert) => (false, true),
                        (NoticeMode::DirectAlerts, Urgency::Turn) | (NoticeMode::Off, _) => {
                            (false, false)
                        }
                    };
                    if dm {
                        direct.push(Reply {
                            text: words::direct(&reply.text, &notice, &reply.channel),
                            image: reply.image.clone(),
                            dm: Some(user.clone()),
                            ..Reply::new(&reply.channel, "")
                        });
                    }
                    if mention {
                        kept.push(user);
                    }
                }
                reply.mentions = kept;
            }
            out.push(reply);
        }
        out.extend(direct);
        out
    }

    async fn mode_of(&self, user: &str) -> NoticeMode {
        if self.is_engine(user) {
            return NoticeMode::Mention;
        }
        match self.store.notices(user).await {
            Ok(n) => n.in_force(),
            Err(e) => {
                tracing::warn!(error = %e, user, "could not read a player's notices");
                NoticeMode::Mention
            }
        }
    }

    /// A direct message could not be sent: the player's DMs are closed. They are mentioned in
    /// the game's place from now on, and the first time they are told so there, with what
    /// the message said.
    pub async fn dm_failed(&self, reply: &Reply) -> Vec<Reply> {
        let Some(user) = reply.dm.as_deref() else {
            return Vec::new();
        };
        match self.store.dm_closed(user, self.now()).await {
            Ok(true) => {
                tracing::info!(user, "direct messages closed: mentioned instead");
                let text = words::dm_closed(user, &reply.text);
                vec![Reply::new(&reply.channel, text).notify(&[user])]
            }
            Ok(false) => Vec::new(),
            Err(e) => {
                tracing::warn!(error = %e, user, "could not note the closed direct messages");
                Vec::new()
            }
        }
    }
}
