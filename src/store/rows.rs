//! The rows the store reads and writes: a game, its moves and events, a change to one, and a
//! challenge's offer. Plain data, so every part of the store can name them without importing
//! another part's queries.

use super::columns::{ColorChoice, EndReason, EventKind, GameResult, GameStatus, StoredOptions};
use super::sql::Sql;
use crate::rules::{Color, GameOptions, VariantId};

/// What a challenger offers: where, to whom, and the game's terms.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Offer {
    pub guild: Option<String>,
    pub channel: String,
    pub challenger: String,
    /// None for an open challenge, until someone accepts it.
    pub challenged: Option<String>,
    pub variant: VariantId,
    /// The challenger's colour.
    pub color: ColorChoice,
    pub days: i64,
    #[sqlx(try_from = "StoredOptions")]
    pub options: GameOptions,
    /// Whether the game will count for the ratings.
    pub rated: bool,
    /// For a game against Herald's engine, the level chosen (1-5).
    pub engine_level: Option<i64>,
    /// The finished game this challenge is a rematch of, if any.
    pub rematch_of: Option<i64>,
    /// The position the game starts from (a position text), when not the variant's start.
    pub start_fen: Option<String>,
    pub created_at: i64,
    pub expires_at: i64,
}

impl Offer {
    /// `insert` with the terms a challenge and the game it starts share bound as its first
    /// seven values: guild, channel, variant, days, options, rated, engine_level.
    pub(super) fn terms(&self, insert: Sql) -> Sql {
        insert
            .bind(&self.guild)
            .bind(&self.channel)
            .bind(self.variant)
            .bind(self.days)
            .bind(StoredOptions(self.options))
            .bind(self.rated)
            .bind(self.engine_level)
    }
}

/// A game as stored.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct StoredGame {
    pub id: i64,
    pub guild: Option<String>,
    /// Where the game is played: its thread, or the channel it was made in.
    pub channel: String,
    /// For a game played in its own thread: the channel the thread was opened in.
    pub home: Option<String>,
    pub variant: VariantId,
    pub white: String,
    pub black: String,
    pub start_fen: String,
    pub fen: String,
    pub ply: i64,
    pub days: i64,
    #[sqlx(try_from = "StoredOptions")]
    pub options: GameOptions,
    pub status: GameStatus,
    /// Set once finished.
    pub result: Option<GameResult>,
    pub reason: Option<EndReason>,
    pub swapped: bool,
    pub draw_offer: Option<String>,
    pub deadline: Option<i64>,
    pub reminded: bool,
    /// Whether the game counts for the ratings.
    pub rated: bool,
    /// Once a rated game has ended: its place in the order rated games ended in.
    pub rated_order: Option<i64>,
    /// For a game against Herald's engine, its level (1-5).
    pub engine_level: Option<i64>,
    pub version: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

impl StoredGame {
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

    /// The player of a colour.
    pub fn player(&self, color: Color) -> &str {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The points `user` scored in a finished game: 1, ½ or 0; none without a result.
    pub fn points_of(&self, user: &str) -> Option<f64> {
        let white = match self.result? {
            GameResult::WhiteWins => 1.0,
            GameResult::Draw => 0.5,
            GameResult::BlackWins => 0.0,
        };
        Some(if self.white == user {
            white
        } else {
            1.0 - white
        })
    }

    /// The colour `user` plays (Black for anyone who is not White).
    pub fn color_of(&self, user: &str) -> Color {
        if self.white == user {
            Color::White
        } else {
            Color::Black
        }
    }
}

/// How the game of an accepted challenge begins; the rest comes from the challenge's offer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub white: String,
    pub black: String,
    pub start_fen: String,
    pub deadline: Option<i64>,
    pub created_at: i64,
}

/// A move as stored.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct StoredMove {
    pub ply: i64,
    pub coordinate: String,
    pub san: String,
    pub fen_after: String,
    pub player: String,
    pub played_at: i64,
}

/// Something that happened to a game besides a move.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Event {
    pub kind: EventKind,
    pub player: Option<String>,
    pub ply: i64,
    pub at: i64,
}

/// One change to a game: what it writes to the game's row (every column a move or an action may
/// change, as it should be afterwards), and the move or event it records. A move's ply, position
/// and time are not given twice: the database records the move from the row it advances by one
/// ply (its position after, its time), so each is written once.
#[derive(Clone, Debug)]
pub struct GameChange {
    /// When it happens: the row's `updated_at`, and the move's or the event's time.
    pub at: i64,
    /// The move played, if the change is one: the game stands one ply further after it.
    pub played: Option<Played>,
    /// What happened besides a move, and who did it.
    pub event: Option<(EventKind, Option<String>)>,
    /// The position after the change.
    pub fen: String,
    /// The players, White first, and whether they have swapped sides.
    pub white: String,
    pub black: String,
    pub swapped: bool,
    /// The clock: the next deadline, and whether the player to move has been reminded of it.
    pub deadline: Option<i64>,
    pub reminded: bool,
    /// Who offers a draw, if anyone does.
    pub draw_offer: Option<String>,
    /// Whether the game goes on, and once it is over, its result and why.
    pub status: GameStatus,
    pub result: Option<GameResult>,
    pub reason: Option<EndReason>,
}

/// A move as a change records it; its ply, position after and time are the game row's.
#[derive(Clone, Debug)]
pub struct Played {
    pub coordinate: String,
    pub san: String,
    pub player: String,
}

impl GameChange {
    /// A change that changes nothing yet, made at `at`: the row's columns as they are.
    pub fn of(row: &StoredGame, at: i64) -> GameChange {
        GameChange {
            at,
            played: None,
            event: None,
            fen: row.fen.clone(),
            white: row.white.clone(),
            black: row.black.clone(),
            swapped: row.swapped,
            deadline: row.deadline,
            reminded: row.reminded,
            draw_offer: row.draw_offer.clone(),
            status: row.status,
            result: row.result,
            reason: row.reason,
        }
    }
}
