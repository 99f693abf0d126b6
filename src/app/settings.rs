//! A server's settings: shown to anyone, changed only by members who may manage the server.

use super::{words, Handled, Refusal, Reply, Request, Service, SettingsChange};
use crate::store::Settings;

impl Service {
    /// The settings of the asker's server, after `change` when there is one (managers only).
    pub(super) async fn settings(&self, req: &Request, change: &SettingsChange) -> Handled {
        let guild = req.guild.as_deref().ok_or(Refusal::ServerOnly)?;
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
            self.store.save_settings(guild, &s).await?;
            tracing::info!(guild, user = %req.user, "settings changed");
        }
        Ok(vec![Reply::private(
            &req.channel,
            words::settings(&s, changed),
        )])
    }

    /// The settings of the server a request comes from; the defaults outside a server.
    pub(super) async fn settings_of(&self, req: &Request) -> Result<Settings, Refusal> {
        Ok(match &req.guild {
            Some(g) => self.store.settings(g).await?,
            None => Settings::default(),
        })
    }
}
