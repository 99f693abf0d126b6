//! Finding the game a request is about, and the rules-level game behind a stored one.

use super::{Cached, Refusal, Request, Service};
use crate::rules::{new_game_with, AnyGame};
use crate::store::{EventKind, GameChange, GameStatus, StoredGame, StoredMove};

/// Which of a player's games (unfinished first, then newest) a look means.
enum Latest {
    /// The only unfinished one, or the newest finished one.
    One(Box<StoredGame>),
    /// Several unfinished ones.
    Several(Vec<StoredGame>),
    None,
}

fn latest(mut games: Vec<StoredGame>) -> Latest {
    let active = games
        .iter()
        .filter(|g| g.status == GameStatus::Active)
        .count();
    if active > 1 {
        games.truncate(active);
        return Latest::Several(games);
    }
    match games.into_iter().next() {
        Some(g) => Latest::One(Box::new(g)),
        None => Latest::None,
    }
}

/// Asks which of `user`'s games they mean, naming each by opponent and number.
fn which_game(games: &[StoredGame], user: &str) -> Refusal {
    Refusal::WhichGame(
        games
            .iter()
            .map(|g| (g.opponent_of(user).to_string(), g.id))
            .collect(),
    )
}

/// Why a stored game does not replay: which move, and what the rules said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError(pub String);

/// Rebuilds a game from its start position and stored moves, checking each stored move's SAN
/// and position against the rules as it goes when `check` is given.
pub fn replay(
    row: &StoredGame,
    moves: &[StoredMove],
    mut check: Option<&mut dyn FnMut(String)>,
) -> Result<Box<dyn AnyGame>, ReplayError> {
    let mut game = new_game_with(row.variant, Some(&row.start_fen), row.options)
        .map_err(|e| ReplayError(format!("start position: {e}")))?;
    for m in moves {
        let info = game.play(&m.coordinate).map_err(|e| {
            ReplayError(format!(
                "ply {} ({}) does not replay: {e}",
                m.ply, m.coordinate
            ))
        })?;
        if let Some(report) = check.as_mut() {
            if info.san != m.san {
                report(format!(
                    "ply {}: stored SAN {} but the move is {}",
                    m.ply, m.san, info.san
                ));
            }
            if game.position_text() != m.fen_after {
                report(format!(
                    "ply {}: the stored position differs from the replay",
                    m.ply
                ));
            }
        }
    }
    Ok(game)
}

impl Service {
    /// The rules-level game of a stored game, from the cache or by replaying its moves.
    pub(super) async fn rules_game(&self, row: &StoredGame) -> Result<Box<dyn AnyGame>, Refusal> {
        if let Ok(cache) = self.games.lock() {
            if let Some(c) = cache.get(&row.id).filter(|c| c.version == row.version) {
                return Ok(c.game.clone());
            }
        }
        let moves = self.store.moves(row.id).await?;
        let game = replay(row, &moves, None).map_err(|ReplayError(why)| {
            tracing::error!(game = row.id, %why, "game cannot be rebuilt");
            Refusal::Damaged(row.id)
        })?;
        self.remember(row, &*game);
        Ok(game)
    }

    pub(super) fn remember(&self, row: &StoredGame, game: &dyn AnyGame) {
        if let Ok(mut cache) = self.games.lock() {
            cache.insert(
                row.id,
                Cached {
                    version: row.version,
                    game: game.clone_box(),
                },
            );
        }
    }

    /// The asker's unfinished game in this channel, picked by opponent when there are several.
    pub(super) async fn find(
        &self,
        req: &Request,
        opponent: Option<&str>,
    ) -> Result<StoredGame, Refusal> {
        let mut games = self.store.active_games_in(&req.channel, &req.user).await?;
        if let Some(o) = opponent {
            games.retain(|g| g.opponent_of(&req.user) == o);
            if games.is_empty() {
                return Err(Refusal::NoGameWith(o.to_string()));
            }
        }
        match games.len() {
            0 => Err(Refusal::NoGame),
            1 => Ok(games.remove(0)),
            _ => Err(which_game(&games, &req.user)),
        }
    }

    /// The game a look at a board or a history is about. By number: any game of this server.
    /// By player: the asker's latest game with them here, or, for a spectator, that
    /// player's game here. Else the asker's game here: the unfinished one, or the latest.
    pub(super) async fn look(
        &self,
        req: &Request,
        player: Option<&str>,
        number: Option<i64>,
    ) -> Result<StoredGame, Refusal> {
        if let Some(n) = number {
            return self
                .store
                .game(n)
                .await?
                .filter(|g| g.guild == req.guild)
                .ok_or(Refusal::NoSuchGame(n));
        }
        let Some(player) = player.filter(|p| *p != req.user) else {
            let games = self.store.games_in(&req.channel, &req.user).await?;
            return match latest(games) {
                Latest::One(g) => Ok(*g),
                Latest::Several(games) => Err(which_game(&games, &req.user)),
                Latest::None => Err(Refusal::NoGameToShow),
            };
        };
        if let Some(g) = self
            .store
            .last_game_between(&req.channel, &req.user, player)
            .await?
        {
            return Ok(g);
        }
        match latest(self.store.games_in(&req.channel, player).await?) {
            Latest::One(g) => Ok(*g),
            Latest::Several(games) => Err(Refusal::PlayerHasGames(
                player.to_string(),
                games.iter().map(|g| g.id).collect(),
            )),
            Latest::None => Err(Refusal::NoGameOf(player.to_string())),
        }
    }

    /// Stores a change to a game that is not a move, with the event that explains it, guarded
    /// by the game's version like every change.
    pub(super) async fn change_with_event(
        &self,
        row: &StoredGame,
        kind: EventKind,
        by: Option<&str>,
        edit: impl FnOnce(&mut GameChange, i64),
    ) -> Result<StoredGame, Refusal> {
        let now = self.now();
        let mut change = GameChange::of(row, now);
        edit(&mut change, now);
        change.event = Some((kind, by.map(str::to_string)));
        Ok(self.store.apply(row, &change).await?)
    }
}
