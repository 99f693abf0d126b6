//! Ratings as stored: each player's standing per variant and what each rated game changed.
//! Both are derived from the finished rated games, and written in the transaction that
//! finishes a game, so a result and its rating change land together or not at all.

use super::rows::StoredGame;
use super::sql::sql;
use super::{Store, StoreError, Tx};
use crate::rating::{play, Change, Ledger, RatedGame, Rating, Standing};
use crate::rules::VariantId;

/// A row of `ratings`.
#[derive(sqlx::FromRow)]
struct StandingRow {
    player: String,
    variant: VariantId,
    rating: f64,
    deviation: f64,
    volatility: f64,
    games: i64,
    wins: i64,
    draws: i64,
    losses: i64,
    rated_at: i64,
}

impl StandingRow {
    fn standing(&self) -> Standing {
        Standing {
            rating: Rating {
                rating: self.rating,
                deviation: self.deviation,
                volatility: self.volatility,
            },
            games: self.games,
            wins: self.wins,
            draws: self.draws,
            losses: self.losses,
            rated_at: Some(self.rated_at),
        }
    }
}

/// A row of `rating_changes`.
#[derive(sqlx::FromRow)]
struct ChangeRow {
    game_id: i64,
    player: String,
    variant: VariantId,
    before: f64,
    rating: f64,
    deviation: f64,
    volatility: f64,
    at: i64,
}

impl From<ChangeRow> for Change {
    fn from(r: ChangeRow) -> Change {
        Change {
            game_id: r.game_id,
            player: r.player,
            variant: r.variant,
            before: r.before,
            after: Rating {
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
            },
            at: r.at,
        }
    }
}

/// A finished rated game as the ratings read it.
fn rated_game(g: &StoredGame) -> Option<RatedGame> {
    let white_points = g.points_of(&g.white)?;
    Some(RatedGame {
        id: g.id,
        variant: g.variant,
        white: g.white.clone(),
        black: g.black.clone(),
        white_points,
        at: g.updated_at,
    })
}

async fn write_standing(
    tx: &mut Tx,
    player: &str,
    variant: VariantId,
    s: &Standing,
) -> Result<(), StoreError> {
    tx.run(
        sql(
            "INSERT INTO ratings (player, variant, rating, deviation, volatility, games, wins, \
         draws, losses, rated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
         ON CONFLICT (player, variant) DO UPDATE SET rating = excluded.rating, \
         deviation = excluded.deviation, volatility = excluded.volatility, \
         games = excluded.games, wins = excluded.wins, draws = excluded.draws, \
         losses = excluded.losses, rated_at = excluded.rated_at",
        )
        .bind(player)
        .bind(variant)
        .bind(s.rating.rating)
        .bind(s.rating.deviation)
        .bind(s.rating.volatility)
        .bind(s.games)
        .bind(s.wins)
        .bind(s.draws)
        .bind(s.losses)
        .bind(s.rated_at.unwrap_or_default()),
    )
    .await?;
    Ok(())
}

async fn write_change(tx: &mut Tx, c: &Change) -> Result<(), StoreError> {
    tx.run(
        sql(
            "INSERT INTO rating_changes (game_id, player, variant, before, rating, deviation, \
         volatility, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(c.game_id)
        .bind(&c.player)
        .bind(c.variant)
        .bind(c.before)
        .bind(c.after.rating)
        .bind(c.after.deviation)
        .bind(c.after.volatility)
        .bind(c.at),
    )
    .await?;
    Ok(())
}

/// Rates a game that this transaction has just finished: gives it the next place in the
/// order of rated games and updates both players. Returns the row with its place.
pub(super) async fn rate_in(tx: &mut Tx, mut game: StoredGame) -> Result<StoredGame, StoreError> {
    let Some(rated) = rated_game(&game) else {
        return Ok(game);
    };
    tx.lock_ratings().await?;
    let (order,): (i64,) = tx.first(sql(
        "UPDATE games SET rated_order = (SELECT coalesce(max(rated_order), 0) + 1 FROM games) \
         WHERE id = $1 RETURNING rated_order",
    )
    .bind(game.id))
    .await?;
    game.rated_order = Some(order);
    let mut before = Vec::new();
    for player in [&game.white, &game.black] {
        let row: Option<StandingRow> = tx
            .one(
                sql("SELECT * FROM ratings WHERE player = $1 AND variant = $2")
                    .bind(player)
                    .bind(game.variant),
            )
            .await?;
        before.push(row.map(|r| r.standing()).unwrap_or_default());
    }
    for (standing, change) in play(&before[0], &before[1], &rated) {
        write_standing(tx, &change.player, change.variant, &standing).await?;
        write_change(tx, &change).await?;
    }
    Ok(game)
}

/// Whether a change from `current` to `next` finishes a rated game (by play: a forfeit is
/// never rated).
pub(super) fn finishes_rated(current: &StoredGame, next: &super::GameChange) -> bool {
    current.status == super::GameStatus::Active
        && current.rated
        && next.result.is_some()
        && next.status == super::GameStatus::Finished
        && next.reason != Some(super::EndReason::Forfeit)
}

impl Store {
    /// A player's standing in a variant, if they played it rated.
    pub async fn standing(
        &self,
        player: &str,
        variant: VariantId,
    ) -> Result<Option<Standing>, StoreError> {
        let text = "SELECT * FROM ratings WHERE player = $1 AND variant = $2";
        let row: Option<StandingRow> = self.one(sql(text).bind(player).bind(variant)).await?;
        Ok(row.map(|r| r.standing()))
    }

    /// A player's standings in every variant they played rated, by variant.
    pub async fn standings_of(
        &self,
        player: &str,
    ) -> Result<Vec<(VariantId, Standing)>, StoreError> {
        let text = "SELECT * FROM ratings WHERE player = $1 ORDER BY variant";
        let rows: Vec<StandingRow> = self.all(sql(text).bind(player)).await?;
        Ok(rows.iter().map(|r| (r.variant, r.standing())).collect())
    }

    /// The standings in a variant of everyone who played a rated game of it in this guild
    /// (none: outside any guild), in no particular order.
    pub async fn board(
        &self,
        guild: Option<&str>,
        variant: VariantId,
    ) -> Result<Vec<(String, Standing)>, StoreError> {
        let text = "SELECT * FROM ratings WHERE variant = $1 AND player IN ( \
                   SELECT white FROM games WHERE guild IS NOT DISTINCT FROM $2 AND variant = $1 \
                   AND rated_order IS NOT NULL UNION \
                   SELECT black FROM games WHERE guild IS NOT DISTINCT FROM $2 AND variant = $1 \
                   AND rated_order IS NOT NULL)";
        let rows: Vec<StandingRow> = self.all(sql(text).bind(variant).bind(guild)).await?;
        Ok(rows
            .iter()
            .map(|r| (r.player.clone(), r.standing()))
            .collect())
    }

    /// What a game did to its players' ratings (nothing for a casual or unfinished game).
    pub async fn changes_of_game(&self, game_id: i64) -> Result<Vec<Change>, StoreError> {
        let text = "SELECT * FROM rating_changes WHERE game_id = $1";
        self.all_as::<ChangeRow, _>(sql(text).bind(game_id)).await
    }

    /// Every rating change of a player, oldest first.
    pub async fn changes_of(&self, player: &str) -> Result<Vec<Change>, StoreError> {
        let text = "SELECT c.* FROM rating_changes c JOIN games g ON g.id = c.game_id \
                   WHERE c.player = $1 ORDER BY g.rated_order";
        self.all_as::<ChangeRow, _>(sql(text).bind(player)).await
    }

    /// A player's finished games, newest first, up to `limit`.
    pub async fn finished_games_of(
        &self,
        player: &str,
        limit: i64,
    ) -> Result<Vec<StoredGame>, StoreError> {
        let text = "SELECT * FROM games WHERE (white = $1 OR black = $1) AND status = 'finished' \
                   ORDER BY updated_at DESC, id DESC LIMIT $2";
        self.games(sql(text).bind(player).bind(limit)).await
    }

    /// Every rated game that ended, in the order the ratings follow.
    pub async fn rated_games(&self) -> Result<Vec<RatedGame>, StoreError> {
        let text = "SELECT * FROM games WHERE rated_order IS NOT NULL ORDER BY rated_order";
        let games = self.every_game(sql(text)).await?;
        Ok(games.iter().filter_map(rated_game).collect())
    }

    /// The ratings as the rated games give them, played again from nothing.
    pub async fn ledger(&self) -> Result<Ledger, StoreError> {
        Ok(Ledger::of(&self.rated_games().await?))
    }

    /// Every stored standing, by player and variant, and every stored change, in order.
    pub async fn stored_ratings(&self) -> Result<Ledger, StoreError> {
        let rows: Vec<StandingRow> = self.all(sql("SELECT * FROM ratings")).await?;
        let changes: Vec<ChangeRow> = self
            .all(sql(
                "SELECT c.* FROM rating_changes c LEFT JOIN games g ON g.id = c.game_id \
                 ORDER BY g.rated_order, c.game_id, c.player = g.black",
            ))
            .await?;
        Ok(Ledger {
            standings: rows
                .iter()
                .map(|r| ((r.player.clone(), r.variant), r.standing()))
                .collect(),
            changes: changes.into_iter().map(Change::from).collect(),
        })
    }

    /// Rebuilds every rating from the rated games; the number of games rated.
    pub async fn rerate(&self) -> Result<usize, StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = self.begin().await?;
        tx.lock_ratings().await?;
        // Games that finished rated without a place (none normally) take one after the rest;
        // a forfeit is never rated.
        tx.run(sql(
            "UPDATE games SET rated_order = (SELECT coalesce(max(rated_order), 0) FROM games) + \
             (SELECT count(*) FROM games AS g WHERE g.rated_order IS NULL AND g.status = 'finished' \
             AND g.rated AND g.result IS NOT NULL AND coalesce(g.reason, '') <> 'forfeit' \
             AND g.id <= games.id) \
             WHERE rated_order IS NULL AND status = 'finished' AND rated AND result IS NOT NULL \
             AND coalesce(reason, '') <> 'forfeit'",
        ))
        .await?;
        let text = "SELECT * FROM games WHERE rated_order IS NOT NULL ORDER BY rated_order";
        let games: Vec<StoredGame> = tx.all(sql(text)).await?;
        let rated: Vec<RatedGame> = games.iter().filter_map(rated_game).collect();
        let ledger = Ledger::of(&rated);
        tx.run(sql("DELETE FROM rating_changes")).await?;
        tx.run(sql("DELETE FROM ratings")).await?;
        for ((player, variant), standing) in &ledger.standings {
            write_standing(&mut tx, player, *variant, standing).await?;
        }
        for change in &ledger.changes {
            write_change(&mut tx, change).await?;
        }
        tx.commit().await?;
        Ok(rated.len())
    }

    /// Rebuilds the ratings when rated games exist but no rating does (a database from before
    /// ratings existed).
    pub(super) async fn rate_history(&self) -> Result<(), StoreError> {
        let (rated, stored): (i64, i64) = self
            .first(sql(
                "SELECT (SELECT count(*) FROM games WHERE rated_order IS NOT NULL), \
             (SELECT count(*) FROM rating_changes)",
            ))
            .await?;
        if rated > 0 && stored == 0 {
            self.rerate().await?;
        }
        Ok(())
    }
}
