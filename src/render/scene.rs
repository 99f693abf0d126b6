//! What one picture shows, and how to read it off a game.

use crate::rules::{AnyGame, BoardView, MoveMarks, Outcome, Square};

/// One piece's moves, for the moves-of-one-piece diagram.
#[derive(Clone, Debug)]
pub struct Focus {
    pub square: Square,
    pub moves: Vec<MoveMarks>,
}

/// Everything one picture shows.
#[derive(Clone, Debug)]
pub struct Scene<'a> {
    pub board: &'a BoardView,
    pub last_move: Option<&'a MoveMarks>,
    pub focus: Option<&'a Focus>,
    /// Replaces the "White to move" line, e.g. with the result of a finished game.
    pub status: Option<String>,
}

/// What a game shows now: its board, its last move, and optionally the moves of one piece.
pub fn snapshot(
    game: &dyn AnyGame,
    piece: Option<Square>,
) -> (BoardView, Option<MoveMarks>, Option<Focus>) {
    let board = game.board();
    let last = game.last_move();
    let focus = piece.map(|square| Focus {
        square,
        moves: game
            .moves_from(square)
            .into_iter()
            .map(|m| m.marks)
            .collect(),
    });
    (board, last, focus)
}

/// The result of a finished game as a status line, with the variant's names for the sides
/// (AGEIOU's Light and Dark): `Light wins: king captured`; `None` while it goes on.
pub fn outcome_line(game: &dyn AnyGame) -> Option<String> {
    let words = |reason: crate::rules::Reason| reason.name().replace('-', " ");
    game.outcome().map(|o| match o {
        Outcome::Win { winner, reason } => {
            format!("{} wins: {}", game.variant().side(winner), words(reason))
        }
        Outcome::Draw { reason } => format!("Draw: {}", words(reason)),
    })
}
