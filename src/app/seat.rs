//! Finding the game a request is about, and the rules-level game behind a stored one.

use super::{Cached, Refusal, Request, Service};
use crate::render;
use crate::rules::{new_game_with, AnyGame, Color, Square};
use crate::store::{Event, EventKind, GameChange, GameStatus, StoredGame, StoredMove};

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
            _ => Err(Refusal::WhichGame(
                games
                    .iter()
                    .map(|g| (g.opponent_of(&req.user).to_string(), g.id))
                    .collect(),
            )),
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
                Latest::Several(games) => Err(Refusal::WhichGame(
                    games
                        .iter()
                        .map(|g| (g.opponent_of(&req.user).to_string(), g.id))
                        .collect(),
                )),
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
        edit: impl FnOnce(&mut StoredGame, i64),
    ) -> Result<StoredGame, Refusal> {
        let now = self.now();
        let mut next = row.clone();
        next.updated_at = now;
        edit(&mut next, now);
        let change = GameChange {
            next,
            new_move: None,
            event: Some(Event {
                kind,
                player: by.map(str::to_string),
                ply: row.ply,
                at: now,
            }),
        };
        Ok(self.store.apply(row, &change).await?)
    }

    /// The whole game as an animated GIF with `bottom`'s side at the bottom, or none when
    /// images are off or drawing failed.
    /// The labels by each side of a game's board: the player (their name where users are
    /// named, as in `herald local`; the side's name where users are numbers, as on Discord),
    /// with their rating as of now in a rated game, and Herald with its level.
    async fn players(&self, row: &StoredGame) -> render::Players {
        let mut labels = Vec::with_capacity(2);
        for color in [Color::White, Color::Black] {
            let user = row.player(color);
            let label = match (self.is_engine(user), row.engine_level) {
                (true, Some(level)) => format!("Herald (level {level})"),
                _ if self.names_shown.load(std::sync::atomic::Ordering::Relaxed) => user.into(),
                _ => row.variant.side(color).into(),
            };
            let rating = match row.rated {
                true => self.shown_rating(user, row.variant).await.ok(),
                false => None,
            };
            labels.push(match rating {
                Some(r) => format!("{label} {r}"),
                None => label,
            });
        }
        render::Players::new(labels[0].clone(), labels[1].clone())
    }

    /// Draws a picture off the async workers, one per core at a time, so that cheap requests
    /// (autocomplete, the gateway's heartbeats) never wait behind one; none when drawing
    /// failed (logged as `what`; the text still goes).
    pub(super) async fn picture(
        &self,
        what: &'static str,
        drawing: impl FnOnce() -> Result<Vec<u8>, render::RenderError> + Send + 'static,
    ) -> Option<Vec<u8>> {
        let _turn = self.drawing.acquire().await.ok()?;
        match tokio::task::spawn_blocking(drawing).await {
            Ok(Ok(bytes)) => Some(bytes),
            Ok(Err(e)) => {
                tracing::error!(error = %e, "could not draw {what}");
                None
            }
            Err(e) => {
                tracing::error!(error = %e, "drawing {what} failed");
                None
            }
        }
    }

    /// The whole game as an animated GIF from `bottom`'s side; none when images are off.
    pub(super) async fn replay_gif(
        &self,
        row: &StoredGame,
        game: &dyn AnyGame,
        bottom: Color,
    ) -> Option<Vec<u8>> {
        self.images?;
        let options = render::Options {
            width: render::GIF_WIDTH,
            flip: bottom == Color::Black,
        };
        let players = self.players(row).await;
        let game = game.clone_box();
        let timing = render::Timing::default();
        self.picture("the game's GIF", move || {
            render::render_gif(&*game, Some(&players), options, timing)
        })
        .await
    }

    /// The board image with `bottom`'s side at the bottom, or none when images are off or
    /// drawing failed (the text still goes).
    pub(super) async fn image(
        &self,
        row: &StoredGame,
        game: &dyn AnyGame,
        piece: Option<Square>,
        bottom: Color,
    ) -> Option<Vec<u8>> {
        let mut options = self.images?;
        options.flip = bottom == Color::Black;
        let players = self.players(row).await;
        let game = game.clone_box();
        self.picture("the board", move || {
            render::render_game_with(&*game, piece, Some(&players), options)
        })
        .await
    }
}
