//! Challenges: open invitations to a game, answered by the challenged player.

use sqlx::Row;

use super::games::{insert_game, Game, NewGame};
use super::{Store, StoreError};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeStatus {
    Open,
    Accepted,
    Declined,
    Expired,
}

impl ChallengeStatus {
    fn text(self) -> &'static str {
        match self {
            ChallengeStatus::Open => "open",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Expired => "expired",
        }
    }

    fn parse(s: &str) -> Result<Self, StoreError> {
        Ok(match s {
            "open" => ChallengeStatus::Open,
            "accepted" => ChallengeStatus::Accepted,
            "declined" => ChallengeStatus::Declined,
            "expired" => ChallengeStatus::Expired,
            other => return Err(StoreError::Corrupt(format!("challenge status '{other}'"))),
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewChallenge {
    pub guild: Option<String>,
    pub channel: String,
    pub challenger: String,
    pub challenged: String,
    pub variant: String,
    /// `white`, `black` or `random`: the challenger's colour.
    pub color: String,
    pub days: i64,
    /// The game options' text form; empty when the variant has none.
    pub options: String,
    pub rematch_of: Option<i64>,
    pub created_at: i64,
    pub expires_at: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    pub id: i64,
    pub guild: Option<String>,
    pub channel: String,
    pub challenger: String,
    pub challenged: String,
    pub variant: String,
    pub color: String,
    pub days: i64,
    pub options: String,
    pub status: ChallengeStatus,
    pub game_id: Option<i64>,
    pub rematch_of: Option<i64>,
    pub created_at: i64,
    pub expires_at: i64,
}

fn challenge_from(row: &sqlx::sqlite::SqliteRow) -> Result<Challenge, StoreError> {
    Ok(Challenge {
        id: row.try_get("id")?,
        guild: row.try_get("guild")?,
        channel: row.try_get("channel")?,
        challenger: row.try_get("challenger")?,
        challenged: row.try_get("challenged")?,
        variant: row.try_get("variant")?,
        color: row.try_get("color")?,
        days: row.try_get("days")?,
        options: row.try_get("options")?,
        status: ChallengeStatus::parse(row.try_get("status")?)?,
        game_id: row.try_get("game_id")?,
        rematch_of: row.try_get("rematch_of")?,
        created_at: row.try_get("created_at")?,
        expires_at: row.try_get("expires_at")?,
    })
}

impl Store {
    pub async fn create_challenge(&self, c: &NewChallenge) -> Result<Challenge, StoreError> {
        let row = sqlx::query(
            "INSERT INTO challenges (guild, channel, challenger, challenged, variant, color, days, \
             options, rematch_of, created_at, expires_at) \
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
        )
        .bind(&c.guild)
        .bind(&c.channel)
        .bind(&c.challenger)
        .bind(&c.challenged)
        .bind(&c.variant)
        .bind(&c.color)
        .bind(c.days)
        .bind(&c.options)
        .bind(c.rematch_of)
        .bind(c.created_at)
        .bind(c.expires_at)
        .fetch_one(self.pool())
        .await?;
        challenge_from(&row)
    }

    pub async fn challenge(&self, id: i64) -> Result<Option<Challenge>, StoreError> {
        let row = sqlx::query("SELECT * FROM challenges WHERE id = ?")
            .bind(id)
            .fetch_optional(self.pool())
            .await?;
        row.as_ref().map(challenge_from).transpose()
    }

    /// Open challenges between two players in a channel, either way round.
    pub async fn open_challenges_between(
        &self,
        channel: &str,
        a: &str,
        b: &str,
    ) -> Result<Vec<Challenge>, StoreError> {
        let rows = sqlx::query(
            "SELECT * FROM challenges WHERE channel = ? AND status = 'open' AND \
             ((challenger = ? AND challenged = ?) OR (challenger = ? AND challenged = ?)) ORDER BY id",
        )
        .bind(channel)
        .bind(a)
        .bind(b)
        .bind(b)
        .bind(a)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(challenge_from).collect()
    }

    /// Closes an open challenge without a game (declined or expired). False if it was not open.
    pub async fn close_challenge(
        &self,
        id: i64,
        status: ChallengeStatus,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE challenges SET status = ? WHERE id = ? AND status = 'open'")
            .bind(status.text())
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Accepts an open challenge and starts its game, in one transaction.
    pub async fn accept_challenge(&self, id: i64, game: &NewGame) -> Result<Game, StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        let done = sqlx::query(
            "UPDATE challenges SET status = 'accepted' WHERE id = ? AND status = 'open'",
        )
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        let created = insert_game(&mut tx, game).await?;
        sqlx::query("UPDATE challenges SET game_id = ? WHERE id = ?")
            .bind(created.id)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(created)
    }

    /// Marks open challenges past their expiry as expired; returns them.
    pub async fn expire_challenges(&self, now: i64) -> Result<Vec<Challenge>, StoreError> {
        let rows = sqlx::query(
            "UPDATE challenges SET status = 'expired' WHERE status = 'open' AND expires_at <= ? RETURNING *",
        )
        .bind(now)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(challenge_from).collect()
    }
}
