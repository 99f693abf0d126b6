//! What can go wrong reading a position, reading a move and setting up a game.

use super::{OptionsError, Outcome};

/// A position text that could not be read. The message names the field and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad position text, {field}: {message}")]
pub struct PositionError {
    pub field: &'static str,
    pub message: String,
}

impl PositionError {
    pub fn new(field: &'static str, message: impl Into<String>) -> Self {
        PositionError {
            field,
            message: message.into(),
        }
    }
}

/// Input that does not name exactly one legal move, with a reason a player can act on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("cannot read '{input}' as a move: expected {expected}")]
    Unreadable { input: String, expected: String },
    #[error("'{input}': {reason}")]
    Illegal { input: String, reason: String },
    #[error("'{input}' is ambiguous: {}?", candidates.join(" or "))]
    Ambiguous {
        input: String,
        candidates: Vec<String>,
    },
    #[error("the game is over ({0})")]
    GameOver(Outcome),
}

impl MoveError {
    /// The input refused, with the reason.
    pub fn illegal(input: &str, reason: impl Into<String>) -> MoveError {
        MoveError::Illegal {
            input: input.trim().to_string(),
            reason: reason.into(),
        }
    }

    /// The input not read as a move, with the forms that would be.
    pub fn unreadable(input: &str, expected: impl Into<String>) -> MoveError {
        MoveError::Unreadable {
            input: input.trim().to_string(),
            expected: expected.into(),
        }
    }
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error(transparent)]
    Position(#[from] PositionError),
    #[error(transparent)]
    Options(#[from] OptionsError),
}
