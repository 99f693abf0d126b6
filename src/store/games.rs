//! Games, their moves and their events.

use sqlx::sqlite::SqliteRow;
use sqlx::{Row, Sqlite, Transaction};

use super::{is_unique_violation, Store, StoreError};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    Active,
    Finished,
    Aborted,
}

impl GameStatus {
    fn text(self) -> &'static str {
        match self {
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
            GameStatus::Aborted => "aborted",
        }
    }

    fn parse(s: &str) -> Result<Self, StoreError> {
        Ok(match s {
            "active" => GameStatus::Active,
            "finished" => GameStatus::Finished,
            "aborted" => GameStatus::Aborted,
            other => return Err(StoreError::Corrupt(format!("game status '{other}'"))),
        })
    }
}

/// A game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub id: i64,
    pub guild: Option<String>,
    pub channel: String,
    pub variant: String,
    pub white: String,
    pub black: String,
    pub start_fen: String,
    pub fen: String,
    pub ply: i64,
    pub days: i64,
    /// The game options' text form; empty when the variant has none.
    pub options: String,
    pub status: GameStatus,
    /// `1-0`, `0-1` or `1/2-1/2` once finished.
    pub result: Option<String>,
    pub reason: Option<String>,
    pub swapped: bool,
    pub draw_offer: Option<String>,
    pub deadline: Option<i64>,
    pub reminded: bool,
    pub version: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

impl Game {
    /// The other player.
    pub fn opponent_of(&self, user: &str) -> &str {
        if self.white == user {
            &self.black
        } else {
            &self.white
        }
    }

    pub fn has_player(&self, user: &str) -> bool {
        self.white == user || self.black == user
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    pub guild: Option<String>,
    pub channel: String,
    pub variant: String,
    pub white: String,
    pub black: String,
    pub start_fen: String,
    pub days: i64,
    pub options: String,
    pub deadline: Option<i64>,
    pub created_at: i64,
}

/// A move as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredMove {
    pub ply: i64,
    pub coordinate: String,
    pub san: String,
    pub fen_after: String,
    pub player: String,
    pub played_at: i64,
}

/// Something that happened to a game besides a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub kind: String,
    pub player: Option<String>,
    pub ply: i64,
    pub at: i64,
}

/// One change to a game: the row as it should be afterwards, plus an optional move and event.
#[derive(Clone, Debug)]
pub struct GameChange {
    pub next: Game,
    pub new_move: Option<StoredMove>,
    pub event: Option<Event>,
}

fn game_from(row: &SqliteRow) -> Result<Game, StoreError> {
    Ok(Game {
        id: row.try_get("id")?,
        guild: row.try_get("guild")?,
        channel: row.try_get("channel")?,
        variant: row.try_get("variant")?,
        white: row.try_get("white")?,
        black: row.try_get("black")?,
        start_fen: row.try_get("start_fen")?,
        fen: row.try_get("fen")?,
        ply: row.try_get("ply")?,
        days: row.try_get("days")?,
        options: row.try_get("options")?,
        status: GameStatus::parse(row.try_get("status")?)?,
        result: row.try_get("result")?,
        reason: row.try_get("reason")?,
        swapped: row.try_get::<i64, _>("swapped")? != 0,
        draw_offer: row.try_get("draw_offer")?,
        deadline: row.try_get("deadline")?,
        reminded: row.try_get::<i64, _>("reminded")? != 0,
        version: row.try_get("version")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
    })
}

pub(super) async fn insert_game(
    tx: &mut Transaction<'_, Sqlite>,
    g: &NewGame,
) -> Result<Game, StoreError> {
    let row = sqlx::query(
        "INSERT INTO games (guild, channel, variant, white, black, start_fen, fen, days, options, \
         deadline, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
    )
    .bind(&g.guild)
    .bind(&g.channel)
    .bind(&g.variant)
    .bind(&g.white)
    .bind(&g.black)
    .bind(&g.start_fen)
    .bind(&g.start_fen)
    .bind(g.days)
    .bind(&g.options)
    .bind(g.deadline)
    .bind(g.created_at)
    .bind(g.created_at)
    .fetch_one(&mut **tx)
    .await
    .map_err(|e| {
        if is_unique_violation(&e) {
            StoreError::Duplicate
        } else {
            StoreError::Sql(e)
        }
    })?;
    game_from(&row)
}

impl Store {
    /// Runs a query over `games` and reads every row.
    async fn games_where<'q>(
        &self,
        query: sqlx::query::Query<'q, Sqlite, sqlx::sqlite::SqliteArguments<'q>>,
    ) -> Result<Vec<Game>, StoreError> {
        let rows = query.fetch_all(self.pool()).await?;
        rows.iter().map(game_from).collect()
    }

    pub async fn game(&self, id: i64) -> Result<Option<Game>, StoreError> {
        let row = sqlx::query("SELECT * FROM games WHERE id = ?")
            .bind(id)
            .fetch_optional(self.pool())
            .await?;
        row.as_ref().map(game_from).transpose()
    }

    /// A user's unfinished games in a channel.
    pub async fn active_games_in(
        &self,
        channel: &str,
        user: &str,
    ) -> Result<Vec<Game>, StoreError> {
        self.games_where(sqlx::query(
            "SELECT * FROM games WHERE channel = ? AND status = 'active' AND (white = ? OR black = ?) \
             ORDER BY id",
        )
        .bind(channel)
        .bind(user)
        .bind(user)).await
    }

    /// A user's games everywhere, unfinished first, newest first.
    pub async fn games_of(&self, user: &str, active_only: bool) -> Result<Vec<Game>, StoreError> {
        self.games_where(sqlx::query(
            "SELECT * FROM games WHERE (white = ? OR black = ?) AND (status = 'active' OR NOT ?) \
             ORDER BY status = 'active' DESC, updated_at DESC, id DESC",
        )
        .bind(user)
        .bind(user)
        .bind(active_only)).await
    }

    /// The most recent game between two players in a channel, finished or not.
    pub async fn last_game_between(
        &self,
        channel: &str,
        a: &str,
        b: &str,
    ) -> Result<Option<Game>, StoreError> {
        let row = sqlx::query(
            "SELECT * FROM games WHERE channel = ? AND ((white = ? AND black = ?) OR (white = ? AND black = ?)) \
             ORDER BY id DESC LIMIT 1",
        )
        .bind(channel)
        .bind(a)
        .bind(b)
        .bind(b)
        .bind(a)
        .fetch_optional(self.pool())
        .await?;
        row.as_ref().map(game_from).transpose()
    }

    /// Every game, for the consistency check.
    pub async fn all_games(&self) -> Result<Vec<Game>, StoreError> {
        self.games_where(sqlx::query("SELECT * FROM games ORDER BY id"))
            .await
    }

    /// Unfinished games whose deadline is at or before `time`.
    pub async fn games_due(&self, time: i64) -> Result<Vec<Game>, StoreError> {
        self.games_where(sqlx::query(
            "SELECT * FROM games WHERE status = 'active' AND deadline IS NOT NULL AND deadline <= ? ORDER BY deadline",
        )
        .bind(time)).await
    }

    /// Unfinished games whose player to move has a quarter of their time left and was not
    /// reminded yet.
    pub async fn games_to_remind(&self, time: i64) -> Result<Vec<Game>, StoreError> {
        self.games_where(sqlx::query(
            "SELECT * FROM games WHERE status = 'active' AND reminded = 0 AND deadline IS NOT NULL \
             AND deadline > ? AND deadline - days * 21600 <= ? ORDER BY deadline",
        )
        .bind(time)
        .bind(time)).await
    }

    pub async fn moves(&self, game_id: i64) -> Result<Vec<StoredMove>, StoreError> {
        let rows = sqlx::query("SELECT * FROM moves WHERE game_id = ? ORDER BY ply")
            .bind(game_id)
            .fetch_all(self.pool())
            .await?;
        rows.iter()
            .map(|r| {
                Ok(StoredMove {
                    ply: r.try_get("ply")?,
                    coordinate: r.try_get("coordinate")?,
                    san: r.try_get("san")?,
                    fen_after: r.try_get("fen_after")?,
                    player: r.try_get("player")?,
                    played_at: r.try_get("played_at")?,
                })
            })
            .collect()
    }

    pub async fn events(&self, game_id: i64) -> Result<Vec<Event>, StoreError> {
        let rows = sqlx::query("SELECT * FROM events WHERE game_id = ? ORDER BY id")
            .bind(game_id)
            .fetch_all(self.pool())
            .await?;
        rows.iter()
            .map(|r| {
                Ok(Event {
                    kind: r.try_get("kind")?,
                    player: r.try_get("player")?,
                    ply: r.try_get("ply")?,
                    at: r.try_get("at")?,
                })
            })
            .collect()
    }

    /// Applies a change in one transaction if nobody changed the game since `current` was
    /// read; otherwise nothing is written and the answer is [`StoreError::Conflict`].
    pub async fn apply(&self, current: &Game, change: &GameChange) -> Result<Game, StoreError> {
        let n = &change.next;
        let (coordinate, san, player) = match &change.new_move {
            Some(m) => {
                if m.ply != current.ply + 1 || n.ply != m.ply || m.fen_after != n.fen {
                    return Err(StoreError::Corrupt(format!(
                        "move for ply {} does not follow ply {}",
                        m.ply, current.ply
                    )));
                }
                (Some(&m.coordinate), Some(&m.san), Some(&m.player))
            }
            None => {
                if n.ply != current.ply {
                    return Err(StoreError::Corrupt("the ply changed without a move".into()));
                }
                (None, None, None)
            }
        };
        let update = sqlx::query(
            "UPDATE games SET white = ?, black = ?, fen = ?, ply = ?, status = ?, result = ?, reason = ?, \
             swapped = ?, draw_offer = ?, deadline = ?, reminded = ?, \
             last_coordinate = coalesce(?, last_coordinate), last_san = coalesce(?, last_san), \
             last_player = coalesce(?, last_player), version = version + 1, updated_at = ? \
             WHERE id = ? AND version = ? RETURNING *",
        )
        .bind(&n.white)
        .bind(&n.black)
        .bind(&n.fen)
        .bind(n.ply)
        .bind(n.status.text())
        .bind(&n.result)
        .bind(&n.reason)
        .bind(n.swapped)
        .bind(&n.draw_offer)
        .bind(n.deadline)
        .bind(n.reminded)
        .bind(coordinate)
        .bind(san)
        .bind(player)
        .bind(n.updated_at)
        .bind(current.id)
        .bind(current.version);
        let _turn = self.write_turn().await;
        let Some(e) = &change.event else {
            // One statement: the game row and, through the trigger, its move.
            let row = update.fetch_optional(self.pool()).await?;
            return row
                .as_ref()
                .map(game_from)
                .transpose()?
                .ok_or(StoreError::Conflict);
        };
        let mut tx = self.pool().begin().await?;
        // The first statement writes, so the transaction takes the write lock at once.
        let Some(row) = update.fetch_optional(&mut *tx).await? else {
            return Err(StoreError::Conflict);
        };
        let saved = game_from(&row)?;
        sqlx::query("INSERT INTO events (game_id, kind, player, ply, at) VALUES (?, ?, ?, ?, ?)")
            .bind(current.id)
            .bind(&e.kind)
            .bind(&e.player)
            .bind(e.ply)
            .bind(e.at)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(saved)
    }
}
