//! Vacation (/vacation): a player's leave. While it lasts, each of their games where it is
//! their move has its deadline after the leave's end, at the time they had left when it began
//! (or a full clock, for a game that became their move meanwhile); coming back early moves
//! those deadlines back by the days not taken. Each change of a leave and the deadlines it
//! moves is one transaction.

use super::sql::sql;
use super::{Store, StoreError};

/// A leave: from `starts_at` to `ends_at`, taken where `guild` is (none: a direct message or
/// the terminal).
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct StoredLeave {
    pub player: String,
    pub starts_at: i64,
    pub ends_at: i64,
    pub guild: Option<String>,
}

/// A game's deadline moved by a leave, if the game still stands as it was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moved {
    pub game: i64,
    pub version: i64,
    pub deadline: i64,
}

impl Store {
    /// The player's leave going on at `time`, if any.
    pub async fn leave_at(
        &self,
        player: &str,
        time: i64,
    ) -> Result<Option<StoredLeave>, StoreError> {
        let text = "SELECT player, starts_at, ends_at, guild FROM leaves WHERE player = $1 \
                    AND starts_at <= $2 AND ends_at > $2 ORDER BY starts_at DESC LIMIT 1";
        self.one(sql(text).bind(player).bind(time)).await
    }

    /// The player's leaves begun at or after `from` and before `to` (a calendar year).
    pub async fn leaves_between(
        &self,
        player: &str,
        from: i64,
        to: i64,
    ) -> Result<Vec<StoredLeave>, StoreError> {
        let text = "SELECT player, starts_at, ends_at, guild FROM leaves WHERE player = $1 \
                    AND starts_at >= $2 AND starts_at < $3 ORDER BY starts_at";
        self.all(sql(text).bind(player).bind(from).bind(to)).await
    }

    /// Every leave: for `herald db check`.
    pub async fn all_leaves(&self) -> Result<Vec<StoredLeave>, StoreError> {
        let text =
            "SELECT player, starts_at, ends_at, guild FROM leaves ORDER BY player, starts_at";
        self.all(sql(text)).await
    }

    /// Begins `leave` (when `begin`) or ends it at its `ends_at` (a leave already stored,
    /// brought forward), moving the deadlines given, in one transaction; a game changed
    /// since it was read makes it [`StoreError::Conflict`], and nothing is changed.
    pub async fn save_leave(
        &self,
        leave: &StoredLeave,
        begin: bool,
        moved: &[Moved],
    ) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = self.begin().await?;
        let saved = match begin {
            // A leave begun the second another began (and ended) takes its place.
            true => sql(
                "INSERT INTO leaves (player, starts_at, ends_at, guild) VALUES ($1, $2, $3, $4) \
                         ON CONFLICT (player, starts_at) DO UPDATE SET ends_at = excluded.ends_at, \
                         guild = excluded.guild",
            )
            .bind(&leave.player)
            .bind(leave.starts_at)
            .bind(leave.ends_at)
            .bind(&leave.guild),
            false => sql("UPDATE leaves SET ends_at = $3 WHERE player = $1 AND starts_at = $2")
                .bind(&leave.player)
                .bind(leave.starts_at)
                .bind(leave.ends_at),
        };
        tx.run(saved).await?;
        for m in moved {
            let moved = sql(
                "UPDATE games SET deadline = $1, reminded = FALSE, version = version + 1 \
                             WHERE id = $2 AND version = $3 AND status = 'active'",
            )
            .bind(m.deadline)
            .bind(m.game)
            .bind(m.version);
            if tx.run(moved).await? == 0 {
                return Err(StoreError::Conflict);
            }
        }
        tx.commit().await
    }
}
