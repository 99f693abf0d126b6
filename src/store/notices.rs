//! How each player chose to be told of their games (/notify), and whether their direct
//! messages were found closed.

use super::columns::NoticeMode;
use super::sql::sql;
use super::{Store, StoreError};

/// A player's notices; the default is what a player who chose nothing gets: mentions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Notices {
    pub mode: NoticeMode,
    /// When a direct message to them last failed because their DMs are closed: until they
    /// choose again, they are mentioned instead.
    pub dm_closed_at: Option<i64>,
}

impl Notices {
    /// The mode in force: a direct-message mode whose DMs failed falls back to the mention.
    pub fn in_force(&self) -> NoticeMode {
        match (self.mode, self.dm_closed_at) {
            (NoticeMode::DirectTurn | NoticeMode::DirectAlerts, Some(_)) => NoticeMode::Mention,
            (mode, _) => mode,
        }
    }
}

#[derive(sqlx::FromRow)]
struct Row {
    mode: NoticeMode,
    dm_closed_at: Option<i64>,
}

impl Store {
    pub async fn notices(&self, player: &str) -> Result<Notices, StoreError> {
        let row: Option<Row> = self
            .one(sql("SELECT mode, dm_closed_at FROM notices WHERE player = $1").bind(player))
            .await?;
        Ok(row.map_or_else(Notices::default, |r| Notices {
            mode: r.mode,
            dm_closed_at: r.dm_closed_at,
        }))
    }

    /// A player's choice; choosing again forgets that their DMs were closed.
    pub async fn set_notices(&self, player: &str, mode: NoticeMode) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        self.run(
            sql(
                "INSERT INTO notices (player, mode, dm_closed_at) VALUES ($1, $2, NULL) \
             ON CONFLICT (player) DO UPDATE SET mode = $2, dm_closed_at = NULL",
            )
            .bind(player)
            .bind(mode),
        )
        .await?;
        Ok(())
    }

    /// A direct message to the player failed for closed DMs. Returns whether this is news
    /// (the first failure since they chose), which Herald then says once.
    pub async fn dm_closed(&self, player: &str, now: i64) -> Result<bool, StoreError> {
        let _turn = self.write_turn().await;
        let changed = self.run(sql(
            "UPDATE notices SET dm_closed_at = $2 WHERE player = $1 AND dm_closed_at IS NULL",
        )
        .bind(player)
        .bind(now))
        .await?;
        Ok(changed == 1)
    }
}
