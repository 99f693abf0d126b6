//! The FEN of the 8x8 games: read field by field with the game's own letters, castling and
//! check ([`Fen`]); written and keyed by [`Board8::fen`] and [`Board8::key`].

use super::{tables, Army, Board8, Sq};
use crate::rules::text::{
    read_cells, read_clocks, read_or_dash, read_side, read_square, split_fields,
    unless_opponent_in_check,
};
use crate::rules::{Color, Piece, PositionError, PositionText, Square};

/// The castling letters of a FEN: `(letter, side, wing, king's square, rook's square)`.
pub(super) const CASTLING: [(char, Color, usize, Sq, Sq); 4] = [
    ('K', Color::White, 0, 4, 7),
    ('Q', Color::White, 1, 4, 0),
    ('k', Color::Black, 0, 60, 63),
    ('q', Color::Black, 1, 60, 56),
];

/// What an 8x8 game's FEN says in its own way: the start, the piece letters, where a piece
/// may stand, the castling letters, and check. [`PositionText`] follows for its position.
pub trait Fen: Army {
    const START: &'static str;
    /// The piece letters, for errors ("KQRBNP or kqrbnp").
    const LETTERS: &'static str;
    /// The castling letters the game allows (some of `KQkq`).
    const CASTLING: &'static str;
    /// The error for a castling letter the game does not allow.
    fn castling_unknown(c: char) -> String;
    /// The error for a right whose king or rook is not at home.
    fn castling_not_home(c: char) -> String;
    /// Refuses a piece where the game allows none (chess: a pawn on the first or last rank).
    fn placement(_square: Square, _piece: Piece<Self>) -> Result<(), PositionError> {
        Ok(())
    }
    /// Whether `side` is in check (the side not to move must not be).
    fn in_check(pos: &Board8<Self>, side: Color) -> bool;
}

/// The fields of the position text, in order.
const FIELDS: &str = "placement, side to move, castling, en passant, halfmove clock, move number";

impl<K: Fen> PositionText for Board8<K> {
    const START: &'static str = K::START;

    fn from_text(text: &str) -> Result<Self, PositionError> {
        let fields = split_fields(text, 4, FIELDS)?;
        let (cells, kings) = read_cells(
            fields[0],
            &tables().geo,
            K::LETTERS,
            (K::KING, "king"),
            K::placement,
        )?;
        let turn = read_side(fields[1], "w or b")?;
        let castling = read_castling(
            fields[2],
            &cells,
            K::CASTLING,
            K::castling_unknown,
            K::castling_not_home,
        )?;
        let en_passant = read_or_dash(fields[3], |text| read_en_passant(text, &cells, turn))?;
        let (halfmoves, fullmoves) = read_clocks(&fields)?;
        let pos = Board8 {
            turn,
            cells,
            kings,
            castling,
            en_passant,
            halfmoves,
            fullmoves,
        };
        unless_opponent_in_check(pos, turn, K::in_check)
    }

    fn to_text(&self) -> String {
        self.fen()
    }

    fn repetition_key(&self) -> u64 {
        self.key()
    }
}

/// The FEN's castling field with letters from `allowed` (some of `KQkq`), each needing its
/// king and rook at home; `unknown` and `not_home` word the errors for a letter.
pub fn read_castling<K: Army>(
    field: &str,
    cells: &[Option<Piece<K>>],
    allowed: &str,
    unknown: impl Fn(char) -> String,
    not_home: impl Fn(char) -> String,
) -> Result<[[bool; 2]; 2], PositionError> {
    const FIELD: &str = "field 3 (castling)";
    let mut rights = [[false; 2]; 2];
    if field == "-" {
        return Ok(rights);
    }
    for c in field.chars() {
        let Some(&(_, color, wing, king, rook)) = CASTLING
            .iter()
            .find(|right| right.0 == c && allowed.contains(c))
        else {
            return Err(PositionError::new(FIELD, unknown(c)));
        };
        if cells[king as usize] != Some(Piece::new(color, K::KING))
            || cells[rook as usize] != Some(Piece::new(color, K::ROOK))
        {
            return Err(PositionError::new(FIELD, not_home(c)));
        }
        rights[color.index()][wing] = true;
    }
    Ok(rights)
}

/// The FEN's en passant field, `-` aside: an empty square on the third or sixth rank (the
/// one behind the middle of the board, seen from the side to move) with a pawn of the side
/// that just moved in front of it.
pub fn read_en_passant<K: Army>(
    text: &str,
    cells: &[Option<Piece<K>>],
    turn: Color,
) -> Result<Sq, PositionError> {
    const FIELD: &str = "field 4 (en passant)";
    let geo = &tables().geo;
    let sq = read_square(geo, text, FIELD)?;
    let (rank, mover) = match turn {
        Color::White => (5, Color::Black),
        Color::Black => (2, Color::White),
    };
    let pawn = geo
        .offset(sq, 0, mover.forward())
        .and_then(|s| cells[s as usize]);
    if sq / 8 != rank || cells[sq as usize].is_some() || pawn != Some(Piece::new(mover, K::PAWN)) {
        return Err(PositionError::new(
            FIELD,
            format!(
                "{text}: expected an empty square on rank {} behind a pawn that just advanced two",
                rank + 1
            ),
        ));
    }
    Ok(sq)
}
