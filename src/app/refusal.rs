//! Why Herald did not do what a player asked. Nothing was changed; the wording lives in
//! [`super::words`].

use crate::rules::{MoveError, OptionsError, Square};
use crate::store::{ChallengeStatus, StoreError};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Someone else changed the game first.
    Conflict,
    /// A second unfinished game between the same players in the same channel.
    Duplicate,
    /// The database failed; the error is logged.
    Database,
    /// A stored game that does not replay.
    Damaged(i64),
    NoGameWith(String),
    NoGame,
    /// Several games here: the opponents and game numbers.
    WhichGame(Vec<(String, i64)>),
    NoOpponent,
    SelfChallenge,
    Options(OptionsError),
    AlreadyPlaying {
        opponent: String,
        game: i64,
    },
    OpenChallenge {
        opponent: String,
        challenge: i64,
    },
    GameGone,
    ChallengeGone,
    /// Only this user may answer the challenge.
    NotChallenged(String),
    /// The challenge is no longer open: how it was closed.
    ChallengeClosed(ChallengeStatus),
    /// Someone answered the challenge a moment before.
    AlreadyAnswered,
    /// The user to move.
    NotYourTurn(String),
    Move(MoveError),
    /// A stored game's start that the rules refuse.
    Setup(String),
    SwapNotPlayer,
    Over,
    SwapUnavailable,
    SwapNotBlack,
    OfferOpen,
    DrawNotPlayer,
    NoOffer,
    OwnOffer,
    AbortTooLate,
    RematchNotPlayer,
    StillPlaying,
    NotASquare(String),
    NoPiece(Square),
    NeverPlayed(String),
    NoGameForHistory,
}

impl From<StoreError> for Refusal {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict => Refusal::Conflict,
            StoreError::Duplicate => Refusal::Duplicate,
            other => {
                tracing::error!(error = %other, "store error");
                Refusal::Database
            }
        }
    }
}

impl From<MoveError> for Refusal {
    fn from(e: MoveError) -> Self {
        Refusal::Move(e)
    }
}

impl From<OptionsError> for Refusal {
    fn from(e: OptionsError) -> Self {
        Refusal::Options(e)
    }
}
