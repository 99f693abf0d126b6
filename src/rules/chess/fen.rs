//! Standard FEN: read with field-by-field errors, write, and the repetition identity.

use super::movegen::in_check;
use super::{Kind, Piece, Position, Sq};
use crate::rules::key::KeyBuilder;
use crate::rules::{Color, PositionError, Square};

fn parse_square(text: &str, field: &'static str) -> Result<Sq, PositionError> {
    Square::parse_on(text, 8, 8)
        .map(|s| s.rank * 8 + s.file)
        .ok_or_else(|| PositionError::new(field, format!("'{text}' is not a square from a1 to h8")))
}

pub fn read(text: &str) -> Result<Position, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(PositionError::new(
            "fields",
            format!(
                "found {} fields, expected 6: placement, side to move, castling, en passant, halfmove clock, move number",
                fields.len()
            ),
        ));
    }
    let pieces = crate::rules::notation::read_placement(
        fields[0],
        8,
        8,
        Piece::from_letter,
        "KQRBNP or kqrbnp",
    )
    .map_err(|e| PositionError::new("field 1 (placement)", e))?;
    let mut cells = [None; 64];
    let mut kings = [None, None];
    for (sq, piece) in pieces {
        let index = sq.rank * 8 + sq.file;
        if piece.kind == Kind::King {
            if kings[piece.color.index()].is_some() {
                return Err(PositionError::new(
                    "field 1 (placement)",
                    format!("{} has two kings", piece.color.title()),
                ));
            }
            kings[piece.color.index()] = Some(index);
        }
        if piece.kind == Kind::Pawn && (sq.rank == 0 || sq.rank == 7) {
            return Err(PositionError::new(
                "field 1 (placement)",
                format!("a pawn on rank {}", sq.rank + 1),
            ));
        }
        cells[index as usize] = Some(piece);
    }
    let (Some(wk), Some(bk)) = (kings[0], kings[1]) else {
        return Err(PositionError::new(
            "field 1 (placement)",
            "each side needs exactly one king",
        ));
    };
    let turn = crate::rules::notation::read_side(fields[1], "w or b")?;
    let mut castling = [[false; 2]; 2];
    if fields[2] != "-" {
        for c in fields[2].chars() {
            let (color, side, king, rook) = match c {
                'K' => (Color::White, 0, 4, 7),
                'Q' => (Color::White, 1, 4, 0),
                'k' => (Color::Black, 0, 60, 63),
                'q' => (Color::Black, 1, 60, 56),
                _ => {
                    return Err(PositionError::new(
                        "field 3 (castling)",
                        format!("'{c}', expected letters from KQkq or -"),
                    ))
                }
            };
            if cells[king] != Some(Piece::new(color, Kind::King))
                || cells[rook] != Some(Piece::new(color, Kind::Rook))
            {
                return Err(PositionError::new(
                    "field 3 (castling)",
                    format!("'{c}' needs the king and that rook on their home squares"),
                ));
            }
            castling[color.index()][side] = true;
        }
    }
    let en_passant = match fields[3] {
        "-" => None,
        text => {
            let sq = parse_square(text, "field 4 (en passant)")?;
            let (rank, pawn_sq, mover) = match turn {
                Color::White => (5, sq - 8, Color::Black),
                Color::Black => (2, sq + 8, Color::White),
            };
            if sq / 8 != rank
                || cells[sq as usize].is_some()
                || cells[pawn_sq as usize] != Some(Piece::new(mover, Kind::Pawn))
            {
                return Err(PositionError::new(
                    "field 4 (en passant)",
                    format!("{text}: expected an empty square on rank {} behind a pawn that just advanced two", rank + 1),
                ));
            }
            Some(sq)
        }
    };
    let number = |i: usize, name: &'static str, default: u32| -> Result<u32, PositionError> {
        match fields.get(i) {
            None => Ok(default),
            Some(t) => t
                .parse()
                .map_err(|_| PositionError::new(name, format!("'{t}', expected a whole number"))),
        }
    };
    let halfmoves = number(4, "field 5 (halfmove clock)", 0)?;
    let fullmoves = number(5, "field 6 (move number)", 1)?.max(1);
    let pos = Position {
        cells,
        king: [wk, bk],
        turn,
        castling,
        en_passant,
        halfmoves,
        fullmoves,
    };
    if in_check(&pos, !turn) {
        return Err(PositionError::new(
            "field 2 (side to move)",
            format!("{} is to move but {} is in check", turn, !turn),
        ));
    }
    Ok(pos)
}

pub fn write(pos: &Position) -> String {
    let mut out = crate::rules::notation::write_placement(8, 8, |sq| {
        pos.at(sq.rank * 8 + sq.file).map(|p| p.letter())
    });
    out.push_str(if pos.turn == Color::White {
        " w "
    } else {
        " b "
    });
    let mut castling = String::new();
    for (color, letters) in [(Color::White, ['K', 'Q']), (Color::Black, ['k', 'q'])] {
        for (side, letter) in letters.into_iter().enumerate() {
            if pos.castling[color.index()][side] {
                castling.push(letter);
            }
        }
    }
    out.push_str(if castling.is_empty() { "-" } else { &castling });
    out.push(' ');
    match pos.en_passant {
        Some(sq) => out.push_str(&Square::new(sq % 8, sq / 8).to_string()),
        None => out.push('-'),
    }
    out.push_str(&format!(" {} {}", pos.halfmoves, pos.fullmoves));
    out
}

/// Placement, side to move, castling rights, and the en passant square only when a pawn of the
/// side to move stands ready to take there (FIDE's "same position").
pub fn repetition_key(pos: &Position) -> u64 {
    let mut cells = [0u8; 64];
    for (c, p) in cells.iter_mut().zip(pos.cells.iter()) {
        *c = p.map_or(0, |p| 1 + 2 * p.kind as u8 + p.color as u8);
    }
    let ep = pos.en_passant.filter(|&sq| {
        let back: i8 = if pos.turn == Color::White { -1 } else { 1 };
        let geo = &super::tables().geo;
        [-1i8, 1].iter().any(|&df| {
            geo.offset(sq, df, back)
                .is_some_and(|s| pos.at(s) == Some(Piece::new(pos.turn, Kind::Pawn)))
        })
    });
    let c = pos.castling;
    let rights =
        (c[0][0] as u64) | (c[0][1] as u64) << 1 | (c[1][0] as u64) << 2 | (c[1][1] as u64) << 3;
    let mut key = KeyBuilder::default();
    key.bytes(&cells);
    key.word(pos.turn as u64 | rights << 1 | ep.map_or(0, |s| s as u64 + 1) << 8);
    key.finish()
}
