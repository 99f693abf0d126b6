//! Standard FEN: read with field-by-field errors, written, and the repetition identity.

use super::movegen::in_check;
use super::{Kind, Piece, Position, START};
use crate::rules::board8::{read_castling, tables, Sq};
use crate::rules::text::{read_square, PLACEMENT};
use crate::rules::{Color, PositionError, PositionText};

const EN_PASSANT: &str = "field 4 (en passant)";

/// The en passant square: empty, on the third or sixth rank, behind a pawn of the side that
/// just moved.
fn read_en_passant(text: &str, cells: &[Option<Piece>], turn: Color) -> Result<Sq, PositionError> {
    let geo = &tables().geo;
    let sq = read_square(geo, text, EN_PASSANT)?;
    let (rank, mover) = match turn {
        Color::White => (5, Color::Black),
        Color::Black => (2, Color::White),
    };
    let pawn = geo
        .offset(sq, 0, mover.forward())
        .and_then(|s| cells[s as usize]);
    if sq / 8 != rank || cells[sq as usize].is_some() || pawn != Some(Piece::new(mover, Kind::Pawn))
    {
        return Err(PositionError::new(
            EN_PASSANT,
            format!(
                "{text}: expected an empty square on rank {} behind a pawn that just advanced two",
                rank + 1
            ),
        ));
    }
    Ok(sq)
}

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
