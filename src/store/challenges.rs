//! Challenges: open invitations to a game, answered by the challenged player.

use super::columns::ChallengeStatus;
use super::games::insert_game;
use super::rows::{Offer, Opening, StoredGame};
use super::sql::sql;
use super::{Store, StoreError};

/// A challenge as stored: the offer, and what became of it.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Challenge {
    pub id: i64,
    pub status: ChallengeStatus,
    /// The game the challenge started, once accepted.
    pub game_id: Option<i64>,
    #[sqlx(flatten)]
    pub offer: Offer,
}

impl Store {
    pub async fn create_challenge(&self, c: &Offer) -> Result<Challenge, StoreError> {
        let insert = sql(
            "INSERT INTO challenges (guild, channel, variant, days, options, rated, engine_level, \
             challenger, challenged, color, rematch_of, created_at, expires_at, start_fen) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING *",
        );
        self.first(
            c.terms(insert)
                .bind(&c.challenger)
                .bind(&c.challenged)
                .bind(c.color)
                .bind(c.rematch_of)
                .bind(c.created_at)
                .bind(c.expires_at)
                .bind(&c.start_fen),
        )
        .await
    }

    pub async fn challenge(&self, id: i64) -> Result<Option<Challenge>, StoreError> {
        self.by_id("challenges", id).await
    }

    /// Open challenges between two players in a channel, either way round.
    pub async fn open_challenges_between(
        &self,
        channel: &str,
        a: &str,
        b: &str,
    ) -> Result<Vec<Challenge>, StoreError> {
        let text = "SELECT * FROM challenges WHERE channel = $1 AND status = 'open' AND \
             ((challenger = $2 AND challenged = $3) OR (challenger = $3 AND challenged = $2)) ORDER BY id";
        self.all(sql(text).bind(channel).bind(a).bind(b)).await
    }

    /// A user's open challenges everywhere, made or received, not yet expired at `now`,
    /// oldest first.
    pub async fn open_challenges_of(
        &self,
        user: &str,
        now: i64,
    ) -> Result<Vec<Challenge>, StoreError> {
        let text = "SELECT * FROM challenges WHERE status = 'open' AND expires_at > $2 \
                   AND (challenger = $1 OR challenged = $1) ORDER BY id";
        self.all(sql(text).bind(user).bind(now)).await
    }

    /// The challenges open to anyone in a channel, not yet expired at `now`, oldest first.
    pub async fn open_to_all_in(
        &self,
        channel: &str,
        now: i64,
    ) -> Result<Vec<Challenge>, StoreError> {
        let text = "SELECT * FROM challenges WHERE channel = $1 AND status = 'open' \
                   AND challenged IS NULL AND expires_at > $2 ORDER BY id";
        self.all(sql(text).bind(channel).bind(now)).await
    }

    /// Closes an open challenge without a game (declined, withdrawn or expired). False if it was not open.
    pub async fn close_challenge(
        &self,
        id: i64,
        status: ChallengeStatus,
    ) -> Result<bool, StoreError> {
        let done = self
            .run(
                sql("UPDATE challenges SET status = $1 WHERE id = $2 AND status = 'open'")
                    .bind(status)
                    .bind(id),
            )
            .await?;
        Ok(done == 1)
    }

    /// Accepts an open challenge and starts its game, in one transaction.
    pub async fn accept_challenge(
        &self,
        challenge: &Challenge,
        opening: &Opening,
    ) -> Result<StoredGame, StoreError> {
        let id = challenge.id;
        let _turn = self.write_turn().await;
        let mut tx = self.begin().await?;
        // An open challenge records who took it.
        let taker = if opening.white == challenge.offer.challenger {
            &opening.black
        } else {
            &opening.white
        };
        let done = tx.run(sql(
            "UPDATE challenges SET status = 'accepted', challenged = coalesce(challenged, $1) \
             WHERE id = $2 AND status = 'open'",
        )
        .bind(taker)
        .bind(id))
        .await?;
        if done != 1 {
            return Err(StoreError::Conflict);
        }
        let created = insert_game(&mut tx, &challenge.offer, opening).await?;
        tx.run(
            sql("UPDATE challenges SET game_id = $1 WHERE id = $2")
                .bind(created.id)
                .bind(id),
        )
        .await?;
        tx.commit().await?;
        Ok(created)
    }

    /// Marks open challenges past their expiry as expired; returns them.
    pub async fn expire_challenges(&self, now: i64) -> Result<Vec<Challenge>, StoreError> {
        let text = "UPDATE challenges SET status = 'expired' WHERE status = 'open' \
                   AND expires_at <= $1 RETURNING *";
        self.all(sql(text).bind(now)).await
    }
}
