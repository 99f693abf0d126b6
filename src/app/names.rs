//! The names people know players by, for what cannot mention them (a tournament's report
//! file, its crosstable): a user's id where ids are names (`herald local`); else the name the
//! platform shows in the server (on Discord a member's nickname there, else their display
//! name), kept for an hour; else, with no platform to ask, the id itself.

use std::sync::atomic::Ordering;

use super::Service;

/// How long a name the platform gave is used before it is asked again, in seconds.
const KEPT: i64 = 3600;

/// A name the platform gave: for whom (server, user), the name, and when it was asked.
pub(super) type Known = std::collections::HashMap<(Option<String>, String), (String, i64)>;

impl Service {
    /// The names of `players` in server `guild`, in their order.
    pub(super) async fn names_of(&self, guild: Option<&str>, players: &[String]) -> Vec<String> {
        let rooms = match self.rooms.get() {
            Some(rooms) if !self.names_shown.load(Ordering::Relaxed) => rooms.clone(),
            _ => return players.to_vec(),
        };
        let now = self.now();
        let key = |p: &String| (guild.map(str::to_string), p.clone());
        let mut asking = tokio::task::JoinSet::new();
        {
            let known = self.names.lock().unwrap_or_else(|p| p.into_inner());
            for p in players {
                if known.get(&key(p)).is_none_or(|(_, at)| now - at >= KEPT) {
                    let (rooms, guild, p) = (rooms.clone(), guild.map(str::to_string), p.clone());
                    asking.spawn(async move {
                        let name = rooms.name(guild.as_deref(), &p).await;
                        (p, name)
                    });
                }
            }
        }
        let answers = asking.join_all().await;
        let mut known = self.names.lock().unwrap_or_else(|p| p.into_inner());
        for (p, name) in answers {
            known.insert(key(&p), (name, now));
        }
        players
            .iter()
            .map(|p| {
                known
                    .get(&key(p))
                    .map_or_else(|| p.clone(), |(n, _)| n.clone())
            })
            .collect()
    }
}
