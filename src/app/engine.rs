//! Games against Herald itself: a challenge to Herald starts at once, and whenever Herald is
//! to move it thinks on a worker thread (one game at a time, never on the async runtime's
//! threads) within its level's time and plays like any player.

use std::sync::atomic::AtomicBool;

use super::command::Level;
use super::{Handled, Refusal, Request, Service};
use crate::engine::review;
use crate::engine::{SearchResult, Style};
use crate::rules::{AnyGame, Color};
use crate::store::{GameStatus, StoredGame};

/// The name Herald plays under in `herald local`, where there is no bot account.
pub const LOCAL_NAME: &str = "herald";

/// How far behind (centipawns, Herald's view) Herald must stand to accept a draw.
const DRAW_WHEN_WORSE: i32 = 150;

/// How far behind (chess's centipawns, as Black on its first turn) Herald must stand to swap
/// sides.
const SWAP_WHEN_BEHIND: i32 = 50;

impl Service {
    /// Tells the service which user Herald itself is (the bot's account), so that a challenge
    /// to it is a game against the engine. Set once; later calls change nothing.
    pub fn set_engine_user(&self, id: &str) {
        let _ = self.engine_user.set(id.to_string());
    }

    /// Whether `user` is Herald itself.
    pub(super) fn is_engine(&self, user: &str) -> bool {
        self.engine_user.get().is_some_and(|e| e == user)
    }

    /// Herald's seat in a game against the engine: its user.
    fn herald_in<'a>(&self, row: &'a StoredGame) -> Option<&'a str> {
        row.engine_level?;
        [&row.white, &row.black]
            .into_iter()
            .find(|p| self.is_engine(p))
            .map(String::as_str)
    }

    /// The engine's move in `game` played in `style`, on its worker. The game's number seeds a
    /// low level's choices, so a game replays move for move and another game varies.
    async fn think(
        &self,
        game: &dyn AnyGame,
        style: Style,
        seed: i64,
    ) -> Result<Option<SearchResult>, Refusal> {
        let found = self
            .on_engine(game, move |g| {
                crate::engine::choose(g, style, seed as u64, &AtomicBool::new(false))
            })
            .await;
        Ok(found?.flatten())
    }

    /// Runs engine work on `game` on a blocking worker thread, never the async runtime's,
    /// one piece of work at a time (Herald's moves and reviews take turns). `None` when the
    /// work panicked (logged here); an error when the service is shutting down.
    pub(super) async fn on_engine<T: Send + 'static>(
        &self,
        game: &dyn AnyGame,
        work: impl FnOnce(&dyn AnyGame) -> T + Send + 'static,
    ) -> Result<Option<T>, Refusal> {
        let thinking = game.clone_box();
        let _turn = self
            .thinking
            .acquire()
            .await
            .map_err(|_| Refusal::Database)?;
        match tokio::task::spawn_blocking(move || work(&*thinking)).await {
            Ok(done) => Ok(Some(done)),
            Err(e) => {
                tracing::error!(error = %e, variant = %game.variant(), "the engine's work failed");
                Ok(None)
            }
        }
    }

    /// Herald's move, when Herald is to move in `row`: thought out on a worker thread and
    /// played like a player's. Nothing when it is someone else's move.
    pub(super) async fn engine_turn(&self, row: &StoredGame) -> Handled {
        let (Some(level), Some(herald)) = (row.engine_level, self.herald_in(row)) else {
            return Ok(Vec::new());
        };
        if row.status != GameStatus::Active {
            return Ok(Vec::new());
        }
        let game = self.rules_game(row).await?;
        if row.player(game.turn()) != herald {
            return Ok(Vec::new());
        }
        let style = Level::new(level).unwrap_or_default().style();
        let mut weighed = None;
        if game.swap_available() && !row.swapped && row.color_of(herald) == Color::Black {
            // The swap is Herald's to weigh, as a move is: it takes the first mover's side
            // when its search finds that side clearly better, four plies deep at least.
            let weigh = Style {
                limits: match style.leeway {
                    0 => style.limits,
                    _ => crate::engine::Limits {
                        movetime: Some(std::time::Duration::from_secs(1)),
                        depth: Some(4),
                    },
                },
                leeway: 0,
            };
            let behind = (f64::from(SWAP_WHEN_BEHIND) * review::scale(row.variant)) as i32;
            if let Some(found) = self.think(&*game, weigh, row.id).await? {
                if found.score < -behind {
                    tracing::info!(game = row.id, score = found.score, "engine swaps");
                    return Box::pin(self.swap(&as_player(row, herald), row.clone())).await;
                }
                // At the levels that play their best, the weighing found the move too.
                if style.leeway == 0 {
                    weighed = Some(found);
                }
            }
        }
        let found = match weighed {
            Some(found) => found,
            None => match self.think(&*game, style, row.id).await? {
                Some(found) => found,
                None => {
                    tracing::error!(game = row.id, "the engine found no move");
                    return Ok(Vec::new());
                }
            },
        };
        tracing::info!(
            game = row.id,
            mv = %found.mv,
            depth = found.depth,
            nodes = found.nodes,
            ms = found.time.as_millis() as u64,
            "engine move"
        );
        // Herald's move is played with `confirm`: it chose it knowing the rules.
        Box::pin(self.play(&as_player(row, herald), row.clone(), &found.mv, true)).await
    }

    /// Herald's answer to a draw offered in `row` (the offer already stored): it accepts when
    /// it stands worse by a piece and a half or more, at its level's search, and otherwise
    /// plays on.
    pub(super) async fn engine_answers_draw(&self, row: &StoredGame) -> Handled {
        let (Some(level), Some(herald)) = (row.engine_level, self.herald_in(row)) else {
            return Ok(Vec::new());
        };
        let game = self.rules_game(row).await?;
        // The score is the side to move's; Herald's view of it.
        // Judged by the level's best move, not by a low level's drawn one.
        let style = Style {
            leeway: 0,
            ..Level::new(level).unwrap_or_default().style()
        };
        let score = match self.think(&*game, style, row.id).await? {
            Some(f) if row.player(game.turn()) == herald => f.score,
            Some(f) => -f.score,
            None => 0,
        };
        let accept = score <= -DRAW_WHEN_WORSE;
        self.answer_draw(&as_player(row, herald), row.id, accept)
            .await
    }
}

/// A request by `user` in the game's channel, as Herald makes its own moves and answers.
pub(super) fn as_player(row: &StoredGame, user: &str) -> Request {
    Request {
        user: user.to_string(),
        guild: row.guild.clone(),
        channel: row.channel.clone(),
        manager: false,
        threads: super::Threads::Unavailable,
        command: super::Command::Games,
    }
}
