//! Standard FEN: the letters, the pawns kept off the first and last ranks, and castling on
//! both wings; reading, writing and the repetition identity are the 8x8 core's.

use super::movegen::in_check;
use super::{Kind, Position, START};
use crate::rules::board8::Fen;
use crate::rules::text::PLACEMENT;
use crate::rules::{Color, Piece, PositionError, Square};

impl Fen for Kind {
    const START: &'static str = START;
    const LETTERS: &'static str = "KQRBNP or kqrbnp";
    const CASTLING: &'static str = "KQkq";

    fn castling_unknown(c: char) -> String {
        format!("'{c}', expected letters from KQkq or -")
    }

    fn castling_not_home(c: char) -> String {
        format!("'{c}' needs the king and that rook on their home squares")
    }

    fn placement(square: Square, piece: Piece<Kind>) -> Result<(), PositionError> {
        match piece.kind {
            Kind::Pawn if square.rank() == 0 || square.rank() == 7 => Err(PositionError::new(
                PLACEMENT,
                format!("a pawn on rank {}", square.rank() + 1),
            )),
            _ => Ok(()),
        }
    }

    fn in_check(pos: &Position, side: Color) -> bool {
        in_check(pos, side)
    }
}
