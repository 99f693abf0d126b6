//! What can go wrong reading a position or a move. (Setting up a game, which may also refuse
//! its options, is [`super::SetupError`], beside the options.)

use super::Outcome;

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

/// The most of a player's input a reply quotes back.
pub const QUOTED: usize = 100;

/// A player's input as a reply quotes it: whole up to [`QUOTED`] characters, else its start
/// and an ellipsis, so that a long paste is not sent back in full.
pub fn shown(input: &str) -> std::borrow::Cow<'_, str> {
    match input.char_indices().nth(QUOTED) {
        None => input.into(),
        Some((cut, _)) => format!("{}…", &input[..cut]).into(),
    }
}

/// Input that does not name exactly one legal move, with a reason a player can act on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("cannot read '{}' as a move: expected {expected}", shown(input))]
    Unreadable { input: String, expected: String },
    #[error("'{}': {reason}", shown(input))]
    Illegal { input: String, reason: String },
    #[error("'{}' is ambiguous: {}?", shown(input), candidates.join(" or "))]
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
