//! What a player's web page shows (`/players/N`, N Herald's own number for them, never an
//! account's id): their ratings in each variant with a chart of them over time, their record
//! and streak, and their games, each linked to its page. Only the games of servers that have
//! pages are shown, and a player with none there has no page. Only reads.

use std::collections::HashMap;

use super::settings::server_of;
use super::web::Named;
use super::{words, Refusal, Service};
use crate::rules::VariantId;
use crate::store::{GameStatus, StoredGame};

/// Games listed on a player's page.
const LISTED: usize = 30;

/// A player's rating in one variant, on their page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRating {
    pub variant: VariantId,
    /// As shown now ("1523", "1500?" while provisional).
    pub rating: String,
    /// "12 games: 7 wins, 2 draws, 3 losses".
    pub record: String,
}

/// One game on a player's page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerGame {
    pub id: i64,
    pub variant: VariantId,
    /// The side they played, as the variant names it.
    pub side: String,
    pub opponent: Named,
    /// "won by checkmate", "lost on time", "drew by agreement", or "playing".
    pub result: String,
    /// Their rating after a rated game and its change ("1512 (+12)").
    pub rating: Option<String>,
}

/// What a player's page says of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSheet {
    pub number: i64,
    pub name: Named,
    pub ratings: Vec<PlayerRating>,
    /// Their finished games shown, rated and casual, in words; none before the first.
    pub record: Option<String>,
    /// "3 wins in a row".
    pub streak: Option<String>,
    /// The most recent games, those going on first.
    pub games: Vec<PlayerGame>,
    /// Whether they have a rating chart (`/players/N.png`).
    pub charted: bool,
}

/// A player as their page is drawn from: who they are and their games that have pages,
/// going on first, newest first.
#[derive(Clone, Debug)]
pub struct WebPlayer {
    pub number: i64,
    user: String,
    games: Vec<StoredGame>,
    /// The hour it was read in (Unix seconds / 3600).
    hour: i64,
}

impl WebPlayer {
    /// Changes whenever their page may: with each game shown and each change to one, and
    /// each hour (a rating grows less certain with time away, and names change).
    pub fn version(&self) -> String {
        let moves: i64 = self.games.iter().map(|g| g.version).sum();
        let newest = self.games.iter().map(|g| g.id).max().unwrap_or(0);
        format!("{}-{newest}-{moves}-{}", self.games.len(), self.hour)
    }
}

impl Service {
    /// The player numbered `number`, with their games on servers that have pages; `None`
    /// when there is no such player or none of their games has a page.
    pub async fn web_player(&self, number: i64) -> Result<Option<WebPlayer>, Refusal> {
        let Some(user) = self.store.player_numbered(number).await? else {
            return Ok(None);
        };
        let mut pages: HashMap<String, bool> = HashMap::new();
        let mut games = Vec::new();
        for game in self.store.games_of(&user, false).await? {
            let server = server_of(&game);
            let shown = match pages.get(server) {
                Some(&shown) => shown,
                None => {
                    let shown = self.has_pages(server).await?;
                    pages.insert(server.to_string(), shown);
                    shown
                }
            };
            if shown {
                games.push(game);
            }
        }
        Ok((!games.is_empty()).then_some(WebPlayer {
            number,
            user,
            games,
            hour: self.now() / 3600,
        }))
    }

    /// The pages' numbers of those of `users` that have one (none where they cannot be read
    /// just now: the names then go without links).
    pub(super) async fn web_numbers(&self, users: &[String]) -> HashMap<String, i64> {
        match self.store.player_numbers(users).await {
            Ok(numbers) => numbers.into_iter().collect(),
            Err(e) => {
                tracing::warn!(error = %e, "could not read the players' numbers");
                HashMap::new()
            }
        }
    }

    /// What a player's page says of them.
    pub async fn web_player_sheet(&self, p: &WebPlayer) -> Result<PlayerSheet, Refusal> {
        let user = p.user.as_str();
        let now = self.now();
        let mut standings = self.store.standings_of(user).await?;
        standings.sort_by_key(|(v, _)| *v);
        let ratings = standings
            .iter()
            .map(|(variant, s)| PlayerRating {
                variant: *variant,
                rating: s.rating_at(now).shown(),
                record: words::record_words(s.games, s.wins, s.draws, s.losses),
            })
            .collect();
        let changes = self.shown_changes(p).await?;
        // The streak counts from the game that ended last.
        let mut ended: Vec<&StoredGame> = p.games.iter().filter(|g| g.result.is_some()).collect();
        ended.sort_by_key(|g| std::cmp::Reverse((g.updated_at, g.id)));
        let points: Vec<f64> = ended.iter().filter_map(|g| g.points_of(user)).collect();
        let listed = &p.games[..p.games.len().min(LISTED)];
        let guild = p.games[0].guild.as_deref();
        let name = self.web_names(guild, &[user.to_string()]).await.remove(0);
        // The opponents' names, asked once for each server their games were played on.
        let mut by_server: HashMap<Option<&str>, Vec<String>> = HashMap::new();
        for g in listed {
            let opponents = by_server.entry(g.guild.as_deref()).or_default();
            opponents.push(g.opponent_of(user).to_string());
        }
        let mut named: HashMap<(Option<&str>, String), Named> = HashMap::new();
        for (server, opponents) in by_server {
            let names = self.web_names(server, &opponents).await;
            named.extend(opponents.into_iter().map(|o| (server, o)).zip(names));
        }
        let games = listed
            .iter()
            .map(|g| {
                let opponent = (g.guild.as_deref(), g.opponent_of(user).to_string());
                let change = changes.iter().find(|c| c.game_id == g.id);
                PlayerGame {
                    id: g.id,
                    variant: g.variant,
                    side: g.variant.side(g.color_of(user)).to_string(),
                    opponent: named[&opponent].clone(),
                    result: result_words(g, user),
                    rating: change.map(|c| format!("{} ({})", c.after.shown(), c.delta())),
                }
            })
            .collect();
        Ok(PlayerSheet {
            number: p.number,
            name,
            ratings,
            record: words::points_record(&points),
            streak: words::streak_words(&points),
            games,
            charted: !changes.is_empty() && self.images.is_some(),
        })
    }

    /// The chart of a player's ratings over their games shown; `None` when they have no
    /// rated game there or images are off.
    pub async fn web_player_chart(&self, p: &WebPlayer) -> Result<Option<Vec<u8>>, Refusal> {
        Ok(self.rating_chart(&self.shown_changes(p).await?).await)
    }

    /// A player's rating changes in the games their page shows.
    async fn shown_changes(&self, p: &WebPlayer) -> Result<Vec<crate::rating::Change>, Refusal> {
        let shown: std::collections::HashSet<i64> = p.games.iter().map(|g| g.id).collect();
        let mut changes = self.store.changes_of(&p.user).await?;
        changes.retain(|c| shown.contains(&c.game_id));
        Ok(changes)
    }
}

/// How a game went for `user`: as a profile says it ("won by checkmate"), else "aborted",
/// or "playing".
fn result_words(g: &StoredGame, user: &str) -> String {
    match (g.result, g.status) {
        (Some(_), _) => words::outcome_words(g, user),
        (None, GameStatus::Active) => "playing".to_string(),
        (None, _) => "aborted".to_string(),
    }
}
