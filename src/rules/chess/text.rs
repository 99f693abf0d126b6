//! Standard FEN: read with field-by-field errors, written, and the repetition identity.

use super::movegen::in_check;
use super::{Kind, Position, START};
use crate::rules::board8::{read_castling, read_en_passant};
use crate::rules::text::PLACEMENT;
use crate::rules::{PositionError, PositionText};

impl PositionText for Position {
    const START: &'static str = START;

    fn from_text(text: &str) -> Result<Position, PositionError> {
        Position::read_fen(
            text,
            "KQRBNP or kqrbnp",
            |sq, piece| match piece.kind {
                Kind::Pawn if sq.rank() == 0 || sq.rank() == 7 => Err(PositionError::new(
                    PLACEMENT,
                    format!("a pawn on rank {}", sq.rank() + 1),
                )),
                _ => Ok(()),
            },
            |field, cells| {
                read_castling(
                    field,
                    cells,
                    "KQkq",
                    |c| format!("'{c}', expected letters from KQkq or -"),
                    |c| format!("'{c}' needs the king and that rook on their home squares"),
                )
            },
            read_en_passant,
            in_check,
        )
    }

    fn to_text(&self) -> String {
        self.fen()
    }

    fn repetition_key(&self) -> u64 {
        self.key()
    }
}
