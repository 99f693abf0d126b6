//! Standard chess (docs/rules/chess.md): castling, en passant, promotion to queen, rook,
//! bishop or knight; draws by stalemate, threefold repetition, the fifty-move rule and
//! insufficient material (bare kings, or a lone bishop or knight). The board, the moves and
//! the FEN are the 8x8 core of [`crate::rules::board8`].

mod movegen;
mod notation;
mod text;
mod view;

use crate::rules::board8::{self, Army, Board8};
use crate::rules::piece::piece_kinds;
use crate::rules::{orthodox_outcome, Clock, Color, Outcome, Rules, VariantId};

piece_kinds! {
    /// The six kinds of chess piece.
    pub enum Kind {
        King = 'K', King; Queen = 'Q', Queen; Rook = 'R', Rook;
        Bishop = 'B', Bishop; Knight = 'N', Knight; Pawn = 'P', Pawn;
    }
}

pub type Piece = crate::rules::Piece<Kind>;

/// A chess move: a piece's or pawn's move (capturing or promoting or not), en passant, or
/// castling as the king's move.
pub type Move = board8::Move<Kind>;

/// A chess position: what a FEN records.
pub type Position = Board8<Kind>;

impl Army for Kind {
    const KING: Kind = Kind::King;
    const PAWN: Kind = Kind::Pawn;
    const ROOK: Kind = Kind::Rook;
}

/// The standard start position.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Whether the pieces besides the kings are at most one bishop or one knight: too little to
/// mate with.
fn at_most_a_minor(mut others: impl Iterator<Item = Piece>) -> bool {
    match (others.next(), others.next()) {
        (None, _) => true,
        (Some(p), None) => matches!(p.kind, Kind::Bishop | Kind::Knight),
        _ => false,
    }
}

impl Rules for Position {
    type Move = Move;
    const ID: VariantId = VariantId::Chess;
    /// Chess perft is compared with the published tables, which count on through draws.
    const STANDARD_PERFT: bool = true;

    /// Checkmate wins; stalemate, repetition, fifty moves and bare kings (or a lone bishop or
    /// knight against a bare king) draw.
    fn outcome(&self, has_moves: bool, occurrences: usize) -> Option<Outcome> {
        let others = self.cells.iter().flatten().copied();
        orthodox_outcome(self, has_moves, occurrences, || {
            at_most_a_minor(others.filter(|p| p.kind != Kind::King))
        })
    }

    /// A side with its king alone, or with one bishop or one knight besides, cannot mate.
    fn can_win(&self, color: Color) -> bool {
        !at_most_a_minor(
            self.cells
                .iter()
                .flatten()
                .copied()
                .filter(|p| p.color == color && p.kind != Kind::King),
        )
    }

    fn clock(&self) -> Clock {
        Clock::new(self.turn, self.fullmoves, self.halfmoves)
    }
}
