//! A server's settings: shown to anyone, changed only by members who may manage the server.

use super::{words, Handled, Refusal, Reply, Request, Service, SettingsChange};
use crate::store::Settings;

/// The settings of requests from outside any server: the terminal's one place (on Discord,
/// /settings and the commands that read settings are used in servers only). A Discord
/// server's id is a number, so this name is no server's.
const NO_SERVER: &str = "local";

impl Request {
    /// The server whose settings apply to this request.
    pub(super) fn server(&self) -> &str {
        self.guild.as_deref().unwrap_or(NO_SERVER)
    }
}

/// The server whose settings apply to a game.
pub(super) fn server_of(row: &crate::store::StoredGame) -> &str {
    server_named(row.guild.as_deref())
}

/// The server whose settings apply to what was made in `guild` (a tournament, a game).
pub(super) fn server_named(guild: Option<&str>) -> &str {
    guild.unwrap_or(NO_SERVER)
}

impl Service {
    /// The settings of the asker's server, after `change` when there is one (managers only).
    pub(super) async fn settings(&self, req: &Request, change: &SettingsChange) -> Handled {
        let guild = req.server();
        let mut s = self.store.settings(guild).await?;
        let changed = !change.is_empty();
        if changed {
            if !req.manager {
                return Err(Refusal::NotManager);
            }
            if let Some(days) = change.days {
                s.days = Some(days.get());
            }
            if let Some(channel) = &change.open_channel {
                s.open_channel = channel.clone();
            }
            if let Some((variant, role)) = &change.role {
                s.roles.retain(|(v, _)| v != variant);
                if let Some(role) = role {
                    s.roles.push((*variant, role.clone()));
                    s.roles.sort();
                }
            }
            if let Some(on) = change.threads {
                s.threads = Some(on);
            }
            if let Some(days) = change.vacation_days {
                s.vacation_days = Some(days);
            }
            if let Some(on) = change.takebacks {
                s.takebacks = Some(on);
            }
            if let Some(who) = change.tournaments {
                s.tournaments = Some(who);
            }
            if let Some(on) = change.web {
                s.web = Some(on);
            }
            self.store.save_settings(guild, &s).await?;
            tracing::info!(guild, user = %req.user, "settings changed");
        }
        Ok(vec![Reply::private(
            &req.channel,
            words::settings(&s, changed),
        )])
    }

    /// The settings of the server a request comes from.
    pub(super) async fn settings_of(&self, req: &Request) -> Result<Settings, Refusal> {
        Ok(self.store.settings(req.server()).await?)
    }
}
