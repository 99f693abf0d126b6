//! Conditional moves (/conditional): the lines a player stores in a game, each from the ply
//! it was stored at. A line is alive while the game's moves since that ply are its beginning;
//! the store keeps them as written and the service decides which are alive, so that playing
//! a line's reply is an ordinary move and nothing about a line need change with it. A game
//! that ends, is swapped or is taken back drops its lines (a trigger, in the same statement).

use super::sql::sql;
use super::{Store, StoreError, StoredGame};

/// A stored line: the ply it starts at and its moves in coordinate notation.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct StoredLine {
    pub ply: i64,
    pub moves: String,
}

impl StoredLine {
    /// The line's moves, in order.
    pub fn coordinates(&self) -> Vec<&str> {
        self.moves.split_whitespace().collect()
    }
}

impl Store {
    /// A player's lines in a game, oldest first.
    pub async fn lines(&self, game_id: i64, player: &str) -> Result<Vec<StoredLine>, StoreError> {
        let text = "SELECT ply, moves FROM conditional_lines WHERE game_id = $1 AND player = $2 \
                    ORDER BY created_at, ply, moves";
        self.all(sql(text).bind(game_id).bind(player)).await
    }

    /// Stores `line` for the player in place of the lines it continues (`replaced`), in one
    /// transaction, if the game still stands as `current` (else [`StoreError::Conflict`]:
    /// someone moved meanwhile, and the line was checked in a position gone).
    pub async fn add_line(
        &self,
        current: &StoredGame,
        player: &str,
        line: &StoredLine,
        replaced: &[StoredLine],
        at: i64,
    ) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = self.begin().await?;
        // Touching the row first takes the game's write lock, so a move cannot land between
        // the check and the insert.
        let same = sql("UPDATE games SET version = version WHERE id = $1 AND version = $2")
            .bind(current.id)
            .bind(current.version);
        if tx.run(same).await? == 0 {
            return Err(StoreError::Conflict);
        }
        for old in replaced {
            tx.run(
                sql(
                    "DELETE FROM conditional_lines WHERE game_id = $1 AND player = $2 \
                     AND ply = $3 AND moves = $4",
                )
                .bind(current.id)
                .bind(player)
                .bind(old.ply)
                .bind(&old.moves),
            )
            .await?;
        }
        tx.run(
            sql(
                "INSERT INTO conditional_lines (game_id, player, ply, moves, created_at) \
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
            )
            .bind(current.id)
            .bind(player)
            .bind(line.ply)
            .bind(&line.moves)
            .bind(at),
        )
        .await?;
        tx.commit().await
    }

    /// Drops the given lines of the player (those the game left); the number dropped.
    pub async fn drop_lines(
        &self,
        game_id: i64,
        player: &str,
        lines: &[StoredLine],
    ) -> Result<u64, StoreError> {
        let _turn = self.write_turn().await;
        let mut dropped = 0;
        for line in lines {
            dropped += self
                .run(
                    sql(
                        "DELETE FROM conditional_lines WHERE game_id = $1 AND player = $2 \
                         AND ply = $3 AND moves = $4",
                    )
                    .bind(game_id)
                    .bind(player)
                    .bind(line.ply)
                    .bind(&line.moves),
                )
                .await?;
        }
        Ok(dropped)
    }

    /// Drops every line of the player in the game; the number dropped.
    pub async fn clear_lines(&self, game_id: i64, player: &str) -> Result<u64, StoreError> {
        let _turn = self.write_turn().await;
        self.run(
            sql("DELETE FROM conditional_lines WHERE game_id = $1 AND player = $2")
                .bind(game_id)
                .bind(player),
        )
        .await
    }

    /// Games in play where a line waits for its owner's reply: the opponent moved since it
    /// was stored, an odd number of plies ago (after a restart between a move and the reply).
    pub async fn games_with_replies_due(&self) -> Result<Vec<StoredGame>, StoreError> {
        let text = "SELECT * FROM games WHERE status = 'active' AND EXISTS (SELECT 1 FROM \
                    conditional_lines l WHERE l.game_id = games.id AND (games.ply - l.ply) % 2 = 1) \
                    ORDER BY id";
        self.games(sql(text)).await
    }

    /// Every stored line, with its game and player: for `herald db check`.
    pub async fn all_lines(&self) -> Result<Vec<(i64, String, StoredLine)>, StoreError> {
        let text = "SELECT game_id, player, ply, moves FROM conditional_lines \
                    ORDER BY game_id, player, ply";
        let rows: Vec<(i64, String, i64, String)> = self.all(sql(text)).await?;
        Ok(rows
            .into_iter()
            .map(|(g, p, ply, moves)| (g, p, StoredLine { ply, moves }))
            .collect())
    }
}
