//! Empire Chess position text: standard FEN with the Imperial letters, where only Black has
//! castling rights.

use super::movegen::in_check;
use super::{Position, START};
use crate::rules::board8::{read_castling, read_en_passant};
use crate::rules::{PositionError, PositionText};

impl PositionText for Position {
    const START: &'static str = START;

    fn from_text(text: &str) -> Result<Position, PositionError> {
        Position::read_fen(
            text,
            "KQRBNP TECDS (either case)",
            |_, _| Ok(()),
            |field, cells| {
                read_castling(
                    field,
                    cells,
                    "kq",
                    |c| format!("'{c}': only Black castles in Empire Chess, expected k, q or -"),
                    |c| format!("'{c}' needs Black's king and that rook at home"),
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
