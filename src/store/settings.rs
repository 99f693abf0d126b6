//! A server's settings, as its admins chose them with /settings.

use super::columns::TournamentCreators;
use super::sql::sql;
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
    /// Whether games get their own threads (`None`: yes, the default).
    pub threads: Option<bool>,
    /// Days of leave a player may take a calendar year (`None`: Herald's default).
    pub vacation_days: Option<i64>,
    /// Whether rated games allow takebacks by consent (`None`: no, the default).
    pub takebacks: Option<bool>,
    /// Who may create tournaments (`None`: anyone, the default).
    pub tournaments: Option<TournamentCreators>,
    /// Whether the server's games have web pages (`None`: yes, the default).
    pub web: Option<bool>,
}

impl Settings {
    /// The role to ping for open challenges in `variant`.
    pub fn role(&self, variant: VariantId) -> Option<&str> {
        self.roles
            .iter()
            .find(|(v, _)| *v == variant)
            .map(|(_, r)| r.as_str())
    }

    /// Whether games get their own threads.
    pub fn threads(&self) -> bool {
        self.threads != Some(false)
    }

    /// Whether the server's games have web pages.
    pub fn web(&self) -> bool {
        self.web != Some(false)
    }

    /// Who may create tournaments.
    pub fn tournament_creators(&self) -> TournamentCreators {
        self.tournaments.unwrap_or_default()
    }
}

#[derive(sqlx::FromRow)]
struct Row {
    days: Option<i64>,
    open_channel: Option<String>,
    threads: Option<bool>,
    vacation_days: Option<i64>,
    takebacks: Option<bool>,
    tournaments: Option<TournamentCreators>,
    web: Option<bool>,
}

impl Store {
    pub async fn settings(&self, guild: &str) -> Result<Settings, StoreError> {
        let row: Option<Row> = self
            .one(
                sql(
                    "SELECT days, open_channel, threads, vacation_days, takebacks, tournaments, \
                     web FROM guild_settings WHERE guild = $1",
                )
                .bind(guild),
            )
            .await?;
        let mut roles: Vec<(VariantId, String)> = self
            .all(sql("SELECT variant, role FROM variant_roles WHERE guild = $1").bind(guild))
            .await?;
        roles.sort();
        Ok(Settings {
            days: row.as_ref().and_then(|r| r.days),
            open_channel: row.as_ref().and_then(|r| r.open_channel.clone()),
            threads: row.as_ref().and_then(|r| r.threads),
            vacation_days: row.as_ref().and_then(|r| r.vacation_days),
            takebacks: row.as_ref().and_then(|r| r.takebacks),
            tournaments: row.as_ref().and_then(|r| r.tournaments),
            web: row.and_then(|r| r.web),
            roles,
        })
    }

    /// Stores a server's settings whole, in one transaction.
    pub async fn save_settings(&self, guild: &str, s: &Settings) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = self.begin().await?;
        tx.run(sql(
            "INSERT INTO guild_settings (guild, days, open_channel, threads, vacation_days, takebacks, \
             tournaments, web) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
             ON CONFLICT (guild) DO UPDATE SET days = excluded.days, \
             open_channel = excluded.open_channel, threads = excluded.threads, \
             vacation_days = excluded.vacation_days, takebacks = excluded.takebacks, \
             tournaments = excluded.tournaments, web = excluded.web",
        )
        .bind(guild)
        .bind(s.days)
        .bind(&s.open_channel)
        .bind(s.threads)
        .bind(s.vacation_days)
        .bind(s.takebacks)
        .bind(s.tournaments)
        .bind(s.web))
        .await?;
        tx.run(sql("DELETE FROM variant_roles WHERE guild = $1").bind(guild))
            .await?;
        for (variant, role) in &s.roles {
            tx.run(
                sql("INSERT INTO variant_roles (guild, variant, role) VALUES ($1, $2, $3)")
                    .bind(guild)
                    .bind(variant)
                    .bind(role),
            )
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Whether to tell a server that Herald cannot open threads there: the first time since
    /// the last thread it opened. Marks it told.
    pub async fn thread_notice_due(&self, guild: &str, now: i64) -> Result<bool, StoreError> {
        let _turn = self.write_turn().await;
        let told = self
            .run(
                sql(
                    "INSERT INTO guild_settings (guild, thread_notice_at) VALUES ($1, $2) \
             ON CONFLICT (guild) DO UPDATE SET thread_notice_at = $2 \
             WHERE guild_settings.thread_notice_at IS NULL",
                )
                .bind(guild)
                .bind(now),
            )
            .await?;
        Ok(told == 1)
    }

    /// A thread was opened on the server: a later lack of permission is told again.
    pub async fn threads_work(&self, guild: &str) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        self.run(
            sql("UPDATE guild_settings SET thread_notice_at = NULL \
             WHERE guild = $1 AND thread_notice_at IS NOT NULL")
            .bind(guild),
        )
        .await?;
        Ok(())
    }
}
