//! The small words every variant speaks: the two sides, how a game ends, how a piece stands.

use std::fmt;

/// A side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// "White" or "Black", for the start of a sentence.
    pub fn title(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// One rank forward for this side: up the board for White, down for Black.
    pub fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whose turn it is, with the two counts every position keeps: the move number (1 for the
/// first move of a game) and the plies since the last irreversible move (no earlier position
/// can repeat).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Clock {
    pub turn: Color,
    pub move_number: u32,
    pub reversible_plies: u32,
}

impl Clock {
    pub fn new(turn: Color, move_number: u32, reversible_plies: u32) -> Clock {
        Clock {
            turn,
            move_number,
            reversible_plies,
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// A position occurred for the third time.
    Repetition,
    /// The no-progress (fifty-move-like) limit ran out.
    NoProgress,
    InsufficientMaterial,
    /// A king reached the far rank.
    Campmate,
    /// A king was captured with nothing left to save it.
    KingCaptured,
}

impl Reason {
    pub fn name(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Repetition => "repetition",
            Reason::NoProgress => "no progress",
            Reason::InsufficientMaterial => "insufficient material",
            Reason::Campmate => "campmate",
            Reason::KingCaptured => "king captured",
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win { winner: Color, reason: Reason },
    Draw { reason: Reason },
}

impl Outcome {
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    pub fn reason(self) -> Reason {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }
}

impl fmt::Display for Outcome {
    /// `white wins: checkmate`, `draw: no progress`: the form `herald rules show` prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => write!(f, "{winner} wins: {}", reason.name()),
            Outcome::Draw { reason } => write!(f, "draw: {}", reason.name()),
        }
    }
}

/// How a piece stands, for drawing: most variants only use `Plain`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Power {
    /// A piece with one version only.
    Plain,
    /// Inside its own side's command zone.
    Enhanced,
    /// Outside its own side's command zone.
    Restricted,
    /// Asleep: cannot move, capture or be captured until something wakes it.
    Dormant,
}
