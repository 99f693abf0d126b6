//! Tournaments (/tournament): an event, the players who joined it, and each round's
//! pairings with the games they started. Starting one pairs what it pairs and starts every
//! game of it in one transaction, so a crash leaves it either unstarted or whole.

use super::columns::{
    ColorChoice, EndReason, EventKind, GameResult, TournamentStatus, TournamentSystem,
};
use super::games::insert_game;
use super::rows::{Offer, Opening, StoredGame};
use super::sql::{sql, Sql};
use super::{Store, StoreError, Tx};
use crate::rules::{GameOptions, VariantId};

/// A tournament as its creator describes it.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct NewTournament {
    pub guild: Option<String>,
    pub channel: String,
    pub name: String,
    pub creator: String,
    pub variant: VariantId,
    pub system: TournamentSystem,
    /// A Swiss's number of rounds (a round robin's follows from its players).
    pub rounds: Option<i64>,
    pub days: i64,
    pub rated: bool,
    pub max_players: Option<i64>,
    /// When it starts by itself, if it does.
    pub starts_at: Option<i64>,
    pub created_at: i64,
}

/// A tournament as stored: what its creator described (read through it, as `t.name`), and
/// where it stands.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct StoredTournament {
    pub id: i64,
    pub status: TournamentStatus,
    /// The last round paired.
    pub round: i64,
    pub version: i64,
    #[sqlx(flatten)]
    pub about: NewTournament,
}

impl std::ops::Deref for StoredTournament {
    type Target = NewTournament;

    fn deref(&self) -> &NewTournament {
        &self.about
    }
}

/// A player of a tournament.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Entrant {
    pub tournament_id: i64,
    pub player: String,
    pub joined_at: i64,
    /// From the start: the start number (from 1) and the rating it was given by.
    pub start_number: Option<i64>,
    pub rating: Option<i64>,
    /// Once withdrawn: the last round paired when they left, and when.
    pub withdrawn_after: Option<i64>,
    pub withdrawn_at: Option<i64>,
}

impl Entrant {
    /// Whether the player has withdrawn.
    pub fn withdrawn(&self) -> bool {
        self.withdrawn_at.is_some()
    }

    /// The last round the player stands in, once withdrawn: a round paired after it leaves
    /// them out (none: they play every round).
    pub fn last_round(&self) -> Option<i64> {
        self.withdrawn_after.filter(|_| self.withdrawn())
    }

    /// Whether the player is to be paired in `round`.
    pub fn plays_in(&self, round: i64) -> bool {
        self.last_round().is_none_or(|last| round <= last)
    }
}

/// One board of a round: White against Black, or White alone (`black` none: a bye, or a
/// round robin's rest), with White's TRF code when the round was decided without a finished
/// game (`result`).
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Board {
    pub round: i64,
    pub board: i64,
    pub white: String,
    pub black: Option<String>,
    pub result: Option<String>,
}

/// A pairing as stored: its board (read through it, as `p.white`) and the game it started.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct StoredPairing {
    pub tournament_id: i64,
    pub game_id: Option<i64>,
    #[sqlx(flatten)]
    pub at: Board,
}

/// A pairing to store when a round is paired: its board, and the opening of its game (none
/// for a player without an opponent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Planned {
    pub at: Board,
    pub opening: Option<Opening>,
}

impl std::ops::Deref for StoredPairing {
    type Target = Board;

    fn deref(&self) -> &Board {
        &self.at
    }
}

impl std::ops::Deref for Planned {
    type Target = Board;

    fn deref(&self) -> &Board {
        &self.at
    }
}

impl StoredTournament {
    /// The offer each of its games is made from, between two players.
    fn offer(&self, white: &str, black: &str, now: i64) -> Offer {
        Offer {
            guild: self.guild.clone(),
            channel: self.channel.clone(),
            challenger: white.to_string(),
            challenged: Some(black.to_string()),
            variant: self.variant,
            color: ColorChoice::White,
            days: self.days,
            options: GameOptions::default(),
            rated: self.rated,
            engine_level: None,
            rematch_of: None,
            start_fen: None,
            created_at: now,
            expires_at: now,
        }
    }
}

impl Store {
    pub async fn create_tournament(
        &self,
        t: &NewTournament,
    ) -> Result<StoredTournament, StoreError> {
        let insert = sql(
            "INSERT INTO tournaments (guild, channel, name, creator, variant, system, rounds, \
             days, rated, max_players, starts_at, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *",
        );
        self.first(
            insert
                .bind(&t.guild)
                .bind(&t.channel)
                .bind(&t.name)
                .bind(&t.creator)
                .bind(t.variant)
                .bind(t.system)
                .bind(t.rounds)
                .bind(t.days)
                .bind(t.rated)
                .bind(t.max_players)
                .bind(t.starts_at)
                .bind(t.created_at),
        )
        .await
    }

    pub async fn tournament(&self, id: i64) -> Result<Option<StoredTournament>, StoreError> {
        self.one(sql("SELECT * FROM tournaments WHERE id = $1").bind(id))
            .await
    }

    /// Every running tournament whose games have all ended (in every server, oldest first):
    /// those waiting for their next round or their end, which a crash may have left so.
    pub async fn settled_tournaments(&self) -> Result<Vec<StoredTournament>, StoreError> {
        let text = "SELECT * FROM tournaments t WHERE status = 'running' AND NOT EXISTS \
                    (SELECT 1 FROM games g WHERE g.tournament_id = t.id AND g.status = 'active') \
                    ORDER BY id";
        self.all(sql(text)).await
    }

    /// A server's tournaments (none: those made outside servers), newest first.
    pub async fn tournaments_in(
        &self,
        guild: Option<&str>,
    ) -> Result<Vec<StoredTournament>, StoreError> {
        let text =
            "SELECT * FROM tournaments WHERE (guild = $1 OR (guild IS NULL AND $1 IS NULL)) \
                    ORDER BY id DESC LIMIT 25";
        self.all(sql(text).bind(guild)).await
    }

    /// The newest tournament of a server, in `status`, that `player` is in and has not
    /// withdrawn from, if any.
    pub async fn tournament_of(
        &self,
        guild: Option<&str>,
        player: &str,
        status: TournamentStatus,
    ) -> Result<Option<StoredTournament>, StoreError> {
        let text = "SELECT t.* FROM tournaments t JOIN tournament_players p \
                    ON p.tournament_id = t.id AND p.player = $2 AND p.withdrawn_at IS NULL \
                    WHERE (t.guild = $1 OR (t.guild IS NULL AND $1 IS NULL)) \
                    AND t.status = $3 ORDER BY t.id DESC LIMIT 1";
        self.one(sql(text).bind(guild).bind(player).bind(status))
            .await
    }

    /// Open tournaments whose start time has come, the earliest first.
    pub async fn tournaments_due(&self, now: i64) -> Result<Vec<StoredTournament>, StoreError> {
        let text = "SELECT * FROM tournaments WHERE status = 'open' AND starts_at <= $1 \
                    ORDER BY starts_at, id";
        self.all(sql(text).bind(now)).await
    }

    /// Drops the start time of `t`, open as it was read; whether this call did (none when it
    /// changed meanwhile: a player joined, another process started or postponed it).
    pub async fn postpone_tournament(&self, t: &StoredTournament) -> Result<bool, StoreError> {
        let text = "UPDATE tournaments SET starts_at = NULL, version = version + 1 \
                    WHERE id = $1 AND version = $2 AND status = 'open'";
        Ok(self.run(sql(text).bind(t.id).bind(t.version)).await? == 1)
    }

    /// The games a tournament started.
    pub async fn tournament_games(&self, tournament: i64) -> Result<Vec<StoredGame>, StoreError> {
        let text = "SELECT * FROM games WHERE tournament_id = $1 ORDER BY id";
        self.all(sql(text).bind(tournament)).await
    }

    /// How many of a tournament's games are still being played.
    pub async fn unfinished_games(&self, tournament: i64) -> Result<i64, StoreError> {
        let text = "SELECT count(*) FROM games WHERE tournament_id = $1 AND status = 'active'";
        let (count,): (i64,) = self.first(sql(text).bind(tournament)).await?;
        Ok(count)
    }

    /// The tournament a game belongs to, if any.
    pub async fn tournament_of_game(
        &self,
        game: i64,
    ) -> Result<Option<StoredTournament>, StoreError> {
        let text = "SELECT t.* FROM tournaments t JOIN games g ON g.tournament_id = t.id \
                    WHERE g.id = $1";
        self.one(sql(text).bind(game)).await
    }

    /// A tournament's players: by start number once it has started, by joining before.
    pub async fn entrants(&self, tournament: i64) -> Result<Vec<Entrant>, StoreError> {
        let text = "SELECT * FROM tournament_players WHERE tournament_id = $1 \
                    ORDER BY start_number, joined_at, player";
        self.all(sql(text).bind(tournament)).await
    }

    /// One player of a tournament, if they are in it.
    pub async fn entrant(
        &self,
        tournament: i64,
        player: &str,
    ) -> Result<Option<Entrant>, StoreError> {
        let text = "SELECT * FROM tournament_players WHERE tournament_id = $1 AND player = $2";
        self.one(sql(text).bind(tournament).bind(player)).await
    }

    /// A tournament's pairings, by round and board.
    pub async fn pairings(&self, tournament: i64) -> Result<Vec<StoredPairing>, StoreError> {
        let text = "SELECT * FROM tournament_pairings WHERE tournament_id = $1 \
                    ORDER BY round, board";
        self.all(sql(text).bind(tournament)).await
    }

    /// Adds `player` to an open tournament that has room: `Ok(false)` when it is full,
    /// [`StoreError::Duplicate`] when they are in it already, [`StoreError::Conflict`] when
    /// it is no longer open.
    pub async fn join_tournament(
        &self,
        tournament: i64,
        player: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = self.begin().await?;
        // Taking the row first keeps two joins from both taking the last place (or one
        // player's two clicks from both joining).
        let open: Option<StoredTournament> = tx
            .one(
                sql("UPDATE tournaments SET version = version + 1 \
                     WHERE id = $1 AND status = 'open' RETURNING *")
                .bind(tournament),
            )
            .await?;
        let open = open.ok_or(StoreError::Conflict)?;
        let already: Option<(String,)> = tx
            .one(
                sql("SELECT player FROM tournament_players WHERE tournament_id = $1 AND player = $2")
                    .bind(tournament)
                    .bind(player),
            )
            .await?;
        if already.is_some() {
            return Err(StoreError::Duplicate);
        }
        let (count,): (i64,) = tx
            .first(
                sql("SELECT count(*) FROM tournament_players WHERE tournament_id = $1")
                    .bind(tournament),
            )
            .await?;
        if open.max_players.is_some_and(|m| count >= m) {
            return Ok(false);
        }
        let insert = sql(
            "INSERT INTO tournament_players (tournament_id, player, joined_at) VALUES ($1, $2, $3)",
        )
        .bind(tournament)
        .bind(player)
        .bind(now);
        tx.run(insert).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Takes `player` out of a tournament not yet started; whether they were in it.
    pub async fn leave_tournament(
        &self,
        tournament: i64,
        player: &str,
    ) -> Result<bool, StoreError> {
        let text = "DELETE FROM tournament_players WHERE tournament_id = $1 AND player = $2 \
                    AND EXISTS (SELECT 1 FROM tournaments WHERE id = $1 AND status = 'open')";
        Ok(self.run(sql(text).bind(tournament).bind(player)).await? == 1)
    }

    /// Starts `t` as it was read: its players' start numbers and ratings, its number of
    /// rounds, and the pairings of the rounds paired now (`round` the last), each game begun,
    /// all in one transaction. [`StoreError::Conflict`] when it changed since it was read.
    pub async fn start_tournament(
        &self,
        t: &StoredTournament,
        numbers: &[(String, i64, Option<i64>)],
        rounds: i64,
        planned: &[Planned],
        now: i64,
    ) -> Result<Vec<StoredGame>, StoreError> {
        let round = planned.iter().map(|p| p.round).max().unwrap_or(0);
        let started = sql(
            "UPDATE tournaments SET status = 'running', rounds = $2, round = $3, \
             version = version + 1 WHERE id = $1 AND version = $4 AND status = 'open'",
        )
        .bind(t.id)
        .bind(rounds)
        .bind(round)
        .bind(t.version);
        let numbered = numbers.iter().map(|(player, number, rating)| {
            sql(
                "UPDATE tournament_players SET start_number = $3, rating = $4 \
                 WHERE tournament_id = $1 AND player = $2",
            )
            .bind(t.id)
            .bind(player)
            .bind(*number)
            .bind(*rating)
        });
        let claims = std::iter::once(started).chain(numbered).collect();
        self.claim_and_pair(t, claims, planned, now).await
    }

    /// Runs each of `claims`, each of which must change one row (else
    /// [`StoreError::Conflict`] and nothing is kept), then begins the `planned` games: all in
    /// one transaction.
    async fn claim_and_pair(
        &self,
        t: &StoredTournament,
        claims: Vec<Sql>,
        planned: &[Planned],
        now: i64,
    ) -> Result<Vec<StoredGame>, StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = self.begin().await?;
        for claim in claims {
            if tx.run(claim).await? != 1 {
                return Err(StoreError::Conflict);
            }
        }
        let games = insert_pairings(&mut tx, t, planned, now).await?;
        tx.commit().await?;
        Ok(games)
    }

    /// Pairs the next round of a running Swiss `t` as it was read (`round` the round it
    /// pairs): its pairings and their games begun, in one transaction. [`StoreError::Conflict`]
    /// when it changed since it was read: another process paired the round first, or a player
    /// withdrew meanwhile.
    pub async fn begin_round(
        &self,
        t: &StoredTournament,
        round: i64,
        planned: &[Planned],
        now: i64,
    ) -> Result<Vec<StoredGame>, StoreError> {
        let paired = sql("UPDATE tournaments SET round = $2, version = version + 1 \
             WHERE id = $1 AND version = $3 AND status = 'running' AND round = $2 - 1")
        .bind(t.id)
        .bind(round)
        .bind(t.version);
        self.claim_and_pair(t, vec![paired], planned, now).await
    }

    /// Withdraws `player` from a running tournament they are in, once, and ends each of their
    /// unfinished games in it as a forfeit they lose, in one transaction: the games so ended
    /// (with the opponent's win, no rating changed). [`StoreError::Conflict`] when the
    /// tournament is not running or the player is not in it or withdrew already.
    pub async fn withdraw(
        &self,
        tournament: i64,
        player: &str,
        now: i64,
    ) -> Result<Vec<StoredGame>, StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = self.begin().await?;
        let withdrawn = sql("UPDATE tournament_players SET withdrawn_at = $3, \
             withdrawn_after = (SELECT round FROM tournaments WHERE id = $1) \
             WHERE tournament_id = $1 AND player = $2 AND withdrawn_at IS NULL \
             AND EXISTS (SELECT 1 FROM tournaments WHERE id = $1 AND status = 'running')")
        .bind(tournament)
        .bind(player)
        .bind(now);
        if tx.run(withdrawn).await? != 1 {
            return Err(StoreError::Conflict);
        }
        // A round being paired from the players as they were is refused (it pairs afresh).
        let changed =
            sql("UPDATE tournaments SET version = version + 1 WHERE id = $1").bind(tournament);
        tx.run(changed).await?;
        let forfeited = sql("UPDATE games SET status = 'finished', \
             result = CASE WHEN white = $2 THEN $3 ELSE $4 END, reason = $5, draw_offer = NULL, \
             deadline = NULL, version = version + 1, updated_at = $6 \
             WHERE tournament_id = $1 AND status = 'active' AND (white = $2 OR black = $2) \
             RETURNING *")
        .bind(tournament)
        .bind(player)
        .bind(GameResult::BlackWins)
        .bind(GameResult::WhiteWins)
        .bind(EndReason::Forfeit)
        .bind(now);
        let mut games: Vec<StoredGame> = tx.all(forfeited).await?;
        games.sort_by_key(|g| g.id);
        for game in &games {
            let event = sql(
                "INSERT INTO events (game_id, kind, player, ply, at) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(game.id)
            .bind(EventKind::Forfeit)
            .bind(player)
            .bind(game.ply)
            .bind(now);
            tx.run(event).await?;
        }
        tx.commit().await?;
        Ok(games)
    }

    /// Marks a running tournament finished, once; whether this call did.
    pub async fn finish_tournament(&self, tournament: i64) -> Result<bool, StoreError> {
        let text = "UPDATE tournaments SET status = 'finished', version = version + 1 \
                    WHERE id = $1 AND status = 'running'";
        Ok(self.run(sql(text).bind(tournament)).await? == 1)
    }
}

/// Writes a round's pairings, each game begun and marked with its tournament: the games.
async fn insert_pairings(
    tx: &mut Tx,
    t: &StoredTournament,
    planned: &[Planned],
    now: i64,
) -> Result<Vec<StoredGame>, StoreError> {
    let mut games = Vec::new();
    for p in planned {
        let game = match (&p.opening, &p.black) {
            (Some(opening), Some(black)) => {
                let offer = t.offer(&p.white, black, now);
                let created = insert_game(tx, &offer, opening).await?;
                tx.run(
                    sql("UPDATE games SET tournament_id = $1 WHERE id = $2")
                        .bind(t.id)
                        .bind(created.id),
                )
                .await?;
                let id = created.id;
                games.push(created);
                Some(id)
            }
            _ => None,
        };
        let insert = sql(
            "INSERT INTO tournament_pairings (tournament_id, round, board, white, black, \
             game_id, result) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(t.id)
        .bind(p.round)
        .bind(p.board)
        .bind(&p.white)
        .bind(&p.black)
        .bind(game)
        .bind(&p.result);
        tx.run(insert).await?;
    }
    Ok(games)
}
