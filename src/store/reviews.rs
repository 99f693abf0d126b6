//! `/review`'s stored analyses: a finished game's scores, made once and read back.

use super::sql::sql;
use super::{Store, StoreError};

impl Store {
    /// The stored scores of game `game` at this depth and analysis version, if reviewed.
    pub async fn review(
        &self,
        game: i64,
        depth: u32,
        version: u32,
    ) -> Result<Option<String>, StoreError> {
        let text = "SELECT scores FROM reviews WHERE game_id = $1 AND depth = $2 AND version = $3";
        self.text_of(sql(text).bind(game).bind(depth).bind(version))
            .await
    }

    /// The deepest stored review of game `game` at this analysis version: its depth and
    /// scores, for the game's page.
    pub async fn deepest_review(
        &self,
        game: i64,
        version: u32,
    ) -> Result<Option<(u32, String)>, StoreError> {
        let text = "SELECT depth, scores FROM reviews WHERE game_id = $1 AND version = $2 \
                    ORDER BY depth DESC LIMIT 1";
        let row: Option<(i64, String)> = self.one(sql(text).bind(game).bind(version)).await?;
        Ok(row.map(|(d, s)| (d as u32, s)))
    }

    /// Stores a review's scores, in place of any stored at the same depth and version (one
    /// that did not read back; a review made at the same time by another request is the
    /// same).
    pub async fn save_review(
        &self,
        game: i64,
        depth: u32,
        version: u32,
        scores: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        self.run(
            sql(
                "INSERT INTO reviews (game_id, depth, version, scores, created_at) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (game_id, depth, version) \
             DO UPDATE SET scores = excluded.scores, created_at = excluded.created_at",
            )
            .bind(game)
            .bind(depth)
            .bind(version)
            .bind(scores)
            .bind(at),
        )
        .await?;
        Ok(())
    }

    /// Every stored review: the game, the depth and the number of positions scored, for the
    /// database check.
    pub async fn review_sizes(&self) -> Result<Vec<(i64, u32, i64)>, StoreError> {
        let rows: Vec<(i64, i64, String)> = self
            .all(sql(
                "SELECT game_id, depth, scores FROM reviews ORDER BY game_id, depth",
            ))
            .await?;
        Ok(rows
            .into_iter()
            .map(|(g, d, s)| (g, d as u32, s.lines().count() as i64))
            .collect())
    }
}
