//! Games, their moves and their events.

use super::columns::{EventKind, GameStatus};
use super::rows::{Event, GameChange, Offer, Opening, StoredGame, StoredMove};
use super::sql::{sql, Row, Unreadable};
use super::{is_unique_violation, Store, StoreError, Tx};

pub(super) async fn insert_game(
    tx: &mut Tx,
    offer: &Offer,
    g: &Opening,
) -> Result<StoredGame, StoreError> {
    tx.first(
        offer
            .terms(sql(
                "INSERT INTO games (guild, channel, variant, days, options, rated, engine_level, \
                 white, black, start_fen, fen, deadline, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING *",
            ))
            .bind(&g.white)
            .bind(&g.black)
            .bind(&g.start_fen)
            .bind(&g.start_fen)
            .bind(g.deadline)
            .bind(g.created_at)
            .bind(g.created_at),
    )
    .await
    .map_err(|e| match e {
        StoreError::Sql(e) if is_unique_violation(&e) => StoreError::Duplicate,
        other => other,
    })
}

impl Store {
    pub async fn game(&self, id: i64) -> Result<Option<StoredGame>, StoreError> {
        self.one_game(sql("SELECT * FROM games WHERE id = $1").bind(id))
            .await
    }

    /// A user's unfinished games in a channel (or in threads opened from it).
    pub async fn active_games_in(
        &self,
        channel: &str,
        user: &str,
    ) -> Result<Vec<StoredGame>, StoreError> {
        let text = "SELECT * FROM games WHERE (channel = $1 OR home = $1) AND status = 'active' \
                   AND (white = $2 OR black = $2) ORDER BY id";
        self.games_or_damaged(sql(text).bind(channel).bind(user))
            .await
    }

    /// A user's games in a channel, finished or not: unfinished first, then newest first.
    pub async fn games_in(&self, channel: &str, user: &str) -> Result<Vec<StoredGame>, StoreError> {
        let text =
            "SELECT * FROM games WHERE (channel = $1 OR home = $1) AND (white = $2 OR black = $2) \
                   ORDER BY status = 'active' DESC, id DESC LIMIT 100";
        self.games_or_damaged(sql(text).bind(channel).bind(user))
            .await
    }

    /// The game of a channel that changed last, finished or not.
    pub async fn latest_game_in(&self, channel: &str) -> Result<Option<StoredGame>, StoreError> {
        let text =
            "SELECT * FROM games WHERE (channel = $1 OR home = $1) ORDER BY updated_at DESC, id DESC LIMIT 1";
        self.one_game(sql(text).bind(channel)).await
    }

    /// A user's games everywhere, unfinished first, newest first.
    pub async fn games_of(
        &self,
        user: &str,
        active_only: bool,
    ) -> Result<Vec<StoredGame>, StoreError> {
        Ok(self.listed_games_of(user, active_only).await?.0)
    }

    /// A user's games everywhere, as [`Store::games_of`], and what can be told of those of
    /// theirs that cannot be read (to list them as damaged).
    pub async fn listed_games_of(
        &self,
        user: &str,
        active_only: bool,
    ) -> Result<(Vec<StoredGame>, Vec<Unreadable>), StoreError> {
        let text = "SELECT * FROM games WHERE (white = $1 OR black = $1) \
                   AND (status = 'active' OR NOT $2) \
                   ORDER BY status = 'active' DESC, updated_at DESC, id DESC";
        self.readable(sql(text).bind(user).bind(active_only)).await
    }

    /// The most recent game between two players in a channel, finished or not.
    pub async fn last_game_between(
        &self,
        channel: &str,
        a: &str,
        b: &str,
    ) -> Result<Option<StoredGame>, StoreError> {
        let text = "SELECT * FROM games WHERE (channel = $1 OR home = $1) \
                   AND ((white = $2 AND black = $3) OR (white = $3 AND black = $2)) \
                   ORDER BY id DESC LIMIT 1";
        self.one_game(sql(text).bind(channel).bind(a).bind(b)).await
    }

    /// Gives a game its own thread in `home`: it is played there from now on.
    pub async fn move_to_thread(
        &self,
        id: i64,
        thread: &str,
        home: &str,
    ) -> Result<StoredGame, StoreError> {
        let _turn = self.write_turn().await;
        let text = "UPDATE games SET channel = $2, home = $3 WHERE id = $1 RETURNING *";
        self.first(sql(text).bind(id).bind(thread).bind(home)).await
    }

    /// The channel a game thread was opened in, when `channel` is one.
    pub async fn home_of_thread(&self, channel: &str) -> Result<Option<String>, StoreError> {
        let text = "SELECT * FROM games WHERE channel = $1 AND home IS NOT NULL LIMIT 1";
        Ok(self
            .one_game(sql(text).bind(channel))
            .await?
            .and_then(|g| g.home))
    }

    /// A thread that is gone (deleted or locked): its games go back to the channel it was
    /// opened in. Returns the unfinished ones, moved.
    pub async fn leave_thread(&self, thread: &str) -> Result<Vec<StoredGame>, StoreError> {
        let _turn = self.write_turn().await;
        let text = "UPDATE games SET channel = home, home = NULL \
                   WHERE channel = $1 AND home IS NOT NULL RETURNING *";
        let mut moved: Vec<StoredGame> = self.all(sql(text).bind(thread)).await?;
        moved.retain(|g| g.status == GameStatus::Active);
        moved.sort_by_key(|g| g.id);
        Ok(moved)
    }

    /// Whether a channel is the thread of an unfinished game.
    pub async fn is_game_thread(&self, channel: &str) -> Result<bool, StoreError> {
        let text = "SELECT * FROM games WHERE channel = $1 AND home IS NOT NULL \
                   AND status = 'active' LIMIT 1";
        Ok(self.one_game(sql(text).bind(channel)).await?.is_some())
    }

    /// Every game that can be read.
    pub async fn all_games(&self) -> Result<Vec<StoredGame>, StoreError> {
        Ok(self.every_readable_game().await?.0)
    }

    /// Every game, for the consistency check: those that can be read, and what can be told
    /// of the others.
    pub async fn every_readable_game(
        &self,
    ) -> Result<(Vec<StoredGame>, Vec<Unreadable>), StoreError> {
        self.readable(sql("SELECT * FROM games ORDER BY id")).await
    }

    /// Moves whose game does not exist, for the consistency check: each missing game's id
    /// with how many moves name it.
    pub async fn moves_without_game(&self) -> Result<Vec<(i64, i64)>, StoreError> {
        let text = "SELECT game_id, count(*) FROM moves \
                   WHERE game_id NOT IN (SELECT id FROM games) GROUP BY game_id ORDER BY game_id";
        self.all(sql(text)).await
    }

    /// Unfinished games against Herald's engine, for the scheduler to find the ones waiting
    /// for its move.
    pub async fn active_engine_games(&self) -> Result<Vec<StoredGame>, StoreError> {
        let text = "SELECT * FROM games WHERE status = 'active' AND engine_level IS NOT NULL \
                   ORDER BY id";
        self.games(sql(text)).await
    }

    /// Unfinished games whose deadline is at or before `time`.
    pub async fn games_due(&self, time: i64) -> Result<Vec<StoredGame>, StoreError> {
        let text = "SELECT * FROM games WHERE status = 'active' AND deadline IS NOT NULL \
                   AND deadline <= $1 ORDER BY deadline";
        self.games(sql(text).bind(time)).await
    }

    /// Unfinished games whose player to move has a quarter of their time left and was not
    /// reminded yet.
    pub async fn games_to_remind(&self, time: i64) -> Result<Vec<StoredGame>, StoreError> {
        let text = "SELECT * FROM games WHERE status = 'active' AND NOT reminded \
                   AND deadline IS NOT NULL AND deadline > $1 AND deadline - days * 21600 <= $1 \
                   ORDER BY deadline";
        self.games(sql(text).bind(time)).await
    }

    /// The rows of one game's `moves` or `events`, by a query that takes the game's id.
    async fn of_game<T: Row>(
        &self,
        text: &'static str,
        game_id: i64,
    ) -> Result<Vec<T>, StoreError> {
        self.all(sql(text).bind(game_id)).await
    }

    pub async fn moves(&self, game_id: i64) -> Result<Vec<StoredMove>, StoreError> {
        self.of_game(
            "SELECT * FROM moves WHERE game_id = $1 ORDER BY ply",
            game_id,
        )
        .await
    }

    pub async fn events(&self, game_id: i64) -> Result<Vec<Event>, StoreError> {
        self.of_game(
            "SELECT * FROM events WHERE game_id = $1 ORDER BY id",
            game_id,
        )
        .await
    }

    /// Applies a change in one transaction if nobody changed the game since `current` was
    /// read; otherwise nothing is written and the answer is [`StoreError::Conflict`].
    pub async fn apply(
        &self,
        current: &StoredGame,
        change: &GameChange,
    ) -> Result<StoredGame, StoreError> {
        let c = change;
        let played = c.played.as_ref();
        if played.is_some() && current.ply.checked_add(1).is_none() {
            // Only a damaged row holds such a count: refused, never stored as something else.
            return Err(StoreError::Unreadable(Unreadable {
                id: Some(current.id),
                players: vec![current.white.clone(), current.black.clone()],
                why: format!("its move count {} cannot grow", current.ply),
            }));
        }
        let update = sql(
            "UPDATE games SET white = $1, black = $2, fen = $3, ply = ply + $4, status = $5, result = $6, \
             reason = $7, swapped = $8, draw_offer = $9, deadline = $10, reminded = $11, \
             last_coordinate = coalesce($12, last_coordinate), last_san = coalesce($13, last_san), \
             last_player = coalesce($14, last_player), version = version + 1, updated_at = $15 \
             WHERE id = $16 AND version = $17 RETURNING *",
        )
        .bind(&c.white)
        .bind(&c.black)
        .bind(&c.fen)
        .bind(i64::from(played.is_some()))
        .bind(c.status)
        .bind(c.result)
        .bind(c.reason)
        .bind(c.swapped)
        .bind(&c.draw_offer)
        .bind(c.deadline)
        .bind(c.reminded)
        .bind(played.map(|m| &m.coordinate))
        .bind(played.map(|m| &m.san))
        .bind(played.map(|m| &m.player))
        .bind(c.at)
        .bind(current.id)
        .bind(current.version);
        let rates = super::ratings::finishes_rated(current, c);
        let _turn = self.write_turn().await;
        if change.event.is_none() && !rates {
            // One statement: the game row and, through the trigger, its move.
            return self.one(update).await?.ok_or(StoreError::Conflict);
        }
        let mut tx = self.begin().await?;
        // The first statement writes, so the transaction takes the write lock at once.
        let Some(mut saved) = tx.one::<StoredGame>(update).await? else {
            return Err(StoreError::Conflict);
        };
        if let Some((kind, player)) = &change.event {
            tx.run(sql(
                "INSERT INTO events (game_id, kind, player, ply, at) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(current.id)
            .bind(*kind)
            .bind(player)
            .bind(saved.ply)
            .bind(c.at))
            .await?;
        }
        if rates {
            // The result and the ratings it changes land together.
            saved = super::ratings::rate_in(&mut tx, saved).await?;
        }
        tx.commit().await?;
        Ok(saved)
    }

    /// Takes `current` back to `ply` plies (fewer than it stands at), by the agreement of
    /// `by`: the moves after it are deleted, the game row stands as `change` says (the
    /// position and clock at `ply`), and a [`EventKind::Takeback`] event records it, in one
    /// transaction. A game changed meanwhile is a [`StoreError::Conflict`], changing nothing.
    pub async fn take_back(
        &self,
        current: &StoredGame,
        ply: i64,
        change: &GameChange,
        by: &str,
    ) -> Result<StoredGame, StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = self.begin().await?;
        let last: Option<StoredMove> = tx
            .one(
                sql("SELECT * FROM moves WHERE game_id = $1 AND ply = $2")
                    .bind(current.id)
                    .bind(ply),
            )
            .await?;
        let update = sql(
            "UPDATE games SET fen = $1, ply = $2, draw_offer = NULL, deadline = $3, reminded = $4, \
             last_coordinate = $5, last_san = $6, last_player = $7, version = version + 1, \
             updated_at = $8 WHERE id = $9 AND version = $10 AND ply > $2 RETURNING *",
        )
        .bind(&change.fen)
        .bind(ply)
        .bind(change.deadline)
        .bind(change.reminded)
        .bind(last.as_ref().map(|m| &m.coordinate))
        .bind(last.as_ref().map(|m| &m.san))
        .bind(last.as_ref().map(|m| &m.player))
        .bind(change.at)
        .bind(current.id)
        .bind(current.version);
        let Some(saved) = tx.one::<StoredGame>(update).await? else {
            return Err(StoreError::Conflict);
        };
        tx.run(
            sql("DELETE FROM moves WHERE game_id = $1 AND ply > $2")
                .bind(current.id)
                .bind(ply),
        )
        .await?;
        tx.run(
            sql("INSERT INTO events (game_id, kind, player, ply, at) VALUES ($1, $2, $3, $4, $5)")
                .bind(current.id)
                .bind(EventKind::Takeback)
                .bind(by)
                .bind(ply)
                .bind(change.at),
        )
        .await?;
        tx.commit().await?;
        Ok(saved)
    }
}
