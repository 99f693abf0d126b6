//! A server's settings, as its admins chose them with /settings.

use super::{Store, StoreError};
use crate::rules::VariantId;

/// One server's settings; the default is what a server that chose nothing gets.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// Days per move when a challenge names none (Herald's default otherwise).
    pub days: Option<i64>,
    /// Where open challenges are posted (where they are made otherwise).
    pub open_channel: Option<String>,
    /// The role pinged by an open challenge in each variant, by variant.
    pub roles: Vec<(VariantId, String)>,
}

impl Settings {
    /// The role to ping for open challenges in `variant`.
    pub fn role(&self, variant: VariantId) -> Option<&str> {
        self.roles
            .iter()
            .find(|(v, _)| *v == variant)
            .map(|(_, r)| r.as_str())
    }
}

#[derive(sqlx::FromRow)]
struct Row {
    days: Option<i64>,
    open_channel: Option<String>,
}

impl Store {
    pub async fn settings(&self, guild: &str) -> Result<Settings, StoreError> {
        let row: Option<Row> = self
            .one(
                sqlx::query_as("SELECT days, open_channel FROM guild_settings WHERE guild = ?")
                    .bind(guild),
            )
            .await?;
        let mut roles: Vec<(VariantId, String)> = self
            .all(
                sqlx::query_as("SELECT variant, role FROM variant_roles WHERE guild = ?")
                    .bind(guild),
            )
            .await?;
        roles.sort();
        Ok(Settings {
            days: row.as_ref().and_then(|r| r.days),
            open_channel: row.and_then(|r| r.open_channel),
            roles,
        })
    }

    /// Stores a server's settings whole, in one transaction.
    pub async fn save_settings(&self, guild: &str, s: &Settings) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        sqlx::query(
            "INSERT OR REPLACE INTO guild_settings (guild, days, open_channel) VALUES (?, ?, ?)",
        )
        .bind(guild)
        .bind(s.days)
        .bind(&s.open_channel)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM variant_roles WHERE guild = ?")
            .bind(guild)
            .execute(&mut *tx)
            .await?;
        for (variant, role) in &s.roles {
            sqlx::query("INSERT INTO variant_roles (guild, variant, role) VALUES (?, ?, ?)")
                .bind(guild)
                .bind(variant)
                .bind(role)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}
