//! Position texts: the [`PositionText`] part of a variant, and the readers and writers of the
//! fields most variants' texts share (placement, side to move, squares, counters).

use super::geometry::Geometry;
use super::piece::Cells;
use super::{Color, Piece, PieceKind, PositionError, Square};

/// The name every position text gives its first field.
pub const PLACEMENT: &str = "field 1 (placement)";
/// The name every position text gives its second field.
pub const SIDE: &str = "field 2 (side to move)";

/// A variant's position text: reading it with field-by-field errors, writing it, and the
/// identity repetition compares.
pub trait PositionText: Sized {
    /// The text of the start position.
    const START: &'static str;

    fn from_text(text: &str) -> Result<Self, PositionError>;

    fn to_text(&self) -> String;

    /// Identifies the position for repetition (placement, side to move and the rights that count).
    fn repetition_key(&self) -> u64;

    fn start() -> Self {
        Self::from_text(Self::START).expect("the start position is valid")
    }
}

/// The whitespace-separated fields of a text: at least `least` of the fields `names`
/// ("placement, side to move, …"), which the message lists otherwise.
pub fn split_fields<'a>(
    text: &'a str,
    least: usize,
    names: &str,
) -> Result<Vec<&'a str>, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let most = names.split(", ").count();
    if (least..=most).contains(&fields.len()) {
        Ok(fields)
    } else {
        Err(PositionError::new(
            "fields",
            format!("found {} fields, expected {most}: {names}", fields.len()),
        ))
    }
}

/// The placement field of a position text: ranks from the top, separated by `/`, with runs of
/// empty squares written as numbers (which may have two digits).
pub fn write_placement(files: u8, ranks: u8, letter_at: impl Fn(Square) -> Option<char>) -> String {
    let mut out = String::new();
    for rank in (0..ranks).rev() {
        let mut empty = 0;
        for file in 0..files {
            match letter_at(Square::new(file, rank)) {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// The placement of a board kept as cells indexed by `geo`.
pub fn write_cells<K: PieceKind>(geo: &Geometry, cells: &[Option<Piece<K>>]) -> String {
    write_placement(geo.files, geo.ranks, |sq| {
        cells[geo.index(sq) as usize].map(Piece::letter)
    })
}

/// Reads the placement field of a position text (the form [`write_placement`] writes) into the
/// pieces and their squares. `piece` reads a letter; `letters` names the accepted ones for the
/// error message, which says which rank is wrong and how.
pub fn read_placement<P>(
    text: &str,
    files: u8,
    ranks: u8,
    piece: impl Fn(char) -> Option<P>,
    letters: &str,
) -> Result<Vec<(Square, P)>, PositionError> {
    let fail = |message| PositionError::new(PLACEMENT, message);
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != ranks as usize {
        let count = rows.len();
        return Err(fail(format!(
            "{count} ranks separated by '/', expected {ranks}"
        )));
    }
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i as u8;
        read_rank(row, rank, files, &piece, letters, &mut out)
            .map_err(|why| fail(format!("rank {}{why}", rank + 1)))?;
    }
    Ok(out)
}

/// Reads one rank of a placement into `out`; what is wrong with it, if anything, as the words
/// after the rank's number.
fn read_rank<P>(
    row: &str,
    rank: u8,
    files: u8,
    piece: &impl Fn(char) -> Option<P>,
    letters: &str,
    out: &mut Vec<(Square, P)>,
) -> Result<(), String> {
    let mut file: u32 = 0;
    let mut chars = row.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut digits = String::from(c);
            while let Some(d) = chars.next_if(char::is_ascii_digit) {
                digits.push(d);
            }
            // Read as text first: a count too long for any number is still named as typed.
            let Some(n) = digits
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=files as u32).contains(n))
            else {
                return Err(format!(
                    ": empty-square count {digits}, expected 1 to {files}"
                ));
            };
            file += n;
        } else {
            let p = piece(c).ok_or_else(|| {
                format!(": unknown piece letter '{c}', expected one of {letters}")
            })?;
            if file < files as u32 {
                out.push((Square::new(file as u8, rank), p));
            }
            file += 1;
        }
        if file > files as u32 {
            break;
        }
    }
    if file != files as u32 {
        return Err(format!(" covers {file} squares, expected {files}"));
    }
    Ok(())
}

/// Reads a placement of `K`'s pieces (`letters` names them for errors) with the pieces of the
/// kind `royal` found exactly once a side, into cells indexed by `geo`, and where the royal
/// pieces stand. `check` vets each piece as it is read. `royal_name` is the royal piece's
/// name in the errors ("king": "White has two kings").
pub fn read_cells<K: PieceKind, const N: usize>(
    text: &str,
    geo: &Geometry,
    letters: &str,
    (royal, royal_name): (K, &str),
    mut check: impl FnMut(Square, Piece<K>) -> Result<(), PositionError>,
) -> Result<(Cells<K, N>, [u8; 2]), PositionError> {
    let pieces = read_placement(text, geo.files, geo.ranks, Piece::from_letter, letters)?;
    let mut cells = Cells::empty();
    let mut royals = [None, None];
    for (sq, piece) in pieces {
        let at = geo.index(sq);
        if piece.kind == royal {
            let slot = &mut royals[piece.color.index()];
            if slot.is_some() {
                return Err(PositionError::new(
                    PLACEMENT,
                    format!("{} has two {royal_name}s", piece.color.title()),
                ));
            }
            *slot = Some(at);
        }
        check(sq, piece)?;
        cells[at as usize] = Some(piece);
    }
    match royals {
        [Some(white), Some(black)] => Ok((cells, [white, black])),
        _ => Err(PositionError::new(
            PLACEMENT,
            format!("each side needs exactly one {royal_name}"),
        )),
    }
}

/// The side-to-move field of a position text: `w` or `b`.
pub fn read_side(text: &str, expected: &str) -> Result<Color, PositionError> {
    match text {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        other => Err(PositionError::new(
            SIDE,
            format!("'{other}', expected {expected}"),
        )),
    }
}

/// The side-to-move field as [`read_side`] reads it.
pub fn side_letter(color: Color) -> char {
    match color {
        Color::White => 'w',
        Color::Black => 'b',
    }
}

/// The error for a position whose side not to move is in check.
pub fn opponent_in_check(turn: Color) -> PositionError {
    PositionError::new(SIDE, format!("{turn} is to move but {} is in check", !turn))
}

/// The position read, unless the side not to move (`turn`'s opponent) is in check.
pub fn unless_opponent_in_check<P>(
    pos: P,
    turn: Color,
    in_check: impl FnOnce(&P, Color) -> bool,
) -> Result<P, PositionError> {
    if in_check(&pos, !turn) {
        Err(opponent_in_check(turn))
    } else {
        Ok(pos)
    }
}

/// A square's name read as an index of the board of `geo`.
pub fn read_square(geo: &Geometry, text: &str, field: &'static str) -> Result<u8, PositionError> {
    let last = Square::new(geo.files - 1, geo.ranks - 1);
    geo.parse(text).ok_or_else(|| {
        PositionError::new(field, format!("'{text}' is not a square from a1 to {last}"))
    })
}

/// The largest move number or clock a position text may give. Every variant's no-progress
/// rule ends a game long before it, and counting on from it can never overflow.
pub const MAX_COUNT: u32 = 1_000_000;

/// A whole number field from `min` to [`MAX_COUNT`].
pub fn read_count(text: &str, field: &'static str, min: u32) -> Result<u32, PositionError> {
    match text.parse::<u32>() {
        Ok(n) if (min..=MAX_COUNT).contains(&n) && text.bytes().all(|b| b.is_ascii_digit()) => {
            Ok(n)
        }
        _ => Err(PositionError::new(
            field,
            format!("'{text}', expected a whole number from {min} to {MAX_COUNT}"),
        )),
    }
}

/// A whole number field, from 0 to [`MAX_COUNT`].
pub fn read_number(text: &str, field: &'static str) -> Result<u32, PositionError> {
    read_count(text, field, 0)
}

/// A whole number field that a text may leave out, `default` then.
pub fn read_optional_number(
    text: Option<&str>,
    field: &'static str,
    default: u32,
) -> Result<u32, PositionError> {
    text.map_or(Ok(default), |t| read_number(t, field))
}

/// The halfmove clock and move number of a FEN, fields 5 and 6: 0 and 1 when left out, and a
/// move number 0 (which some programs write) read as 1.
pub fn read_clocks(fields: &[&str]) -> Result<(u32, u32), PositionError> {
    let halfmoves = read_optional_number(fields.get(4).copied(), "field 5 (halfmove clock)", 0)?;
    let fullmoves = match fields.get(5).copied() {
        None | Some("0") => 1,
        Some(text) => read_count(text, "field 6 (move number)", 1)?,
    };
    Ok((halfmoves, fullmoves))
}

/// A field that is `-` for nothing, or what `read` makes of it.
pub fn read_or_dash<T>(
    text: &str,
    read: impl FnOnce(&str) -> Result<T, PositionError>,
) -> Result<Option<T>, PositionError> {
    match text {
        "-" => Ok(None),
        text => read(text).map(Some),
    }
}

/// `-` for nothing, or the text.
/// A square field: the cell's square, or `-` for none.
pub fn square_or_dash(geo: &Geometry, cell: Option<u8>) -> String {
    cell.map_or("-".into(), |sq| geo.square(sq).to_string())
}

pub fn or_dash(text: &str) -> &str {
    if text.is_empty() {
        "-"
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::{read_placement, write_placement, Square};

    #[test]
    fn placements_read_back_what_is_written() {
        let text = "k12/13/13/13/13/13/13/13/13/13/13/13/5P6K";
        let pieces =
            read_placement(text, 13, 13, |c| c.is_alphabetic().then_some(c), "k p").unwrap();
        assert_eq!(pieces[0], (Square::new(0, 12), 'k'));
        let back = write_placement(13, 13, |sq| {
            pieces.iter().find(|(s, _)| *s == sq).map(|(_, c)| *c)
        });
        assert_eq!(back, text);
        assert!(read_placement("13/13", 13, 13, Some, "")
            .unwrap_err()
            .message
            .contains("expected 13"));
        assert!(read_placement("8/8/8/8/8/8/8/7", 8, 8, Some, "")
            .unwrap_err()
            .message
            .contains("covers 7"));
        assert!(read_placement("8/8/8/8/8/8/8/9", 8, 8, Some, "")
            .unwrap_err()
            .message
            .contains("1 to 8"));
        // A count past what a number holds is refused as typed, not wrapped round to 8.
        assert_eq!(
            read_placement("8/8/8/8/8/8/8/4294967304", 8, 8, Some, "")
                .unwrap_err()
                .message,
            "rank 1: empty-square count 4294967304, expected 1 to 8"
        );
        assert_eq!(
            read_placement("8/8/8/8/8/8/8/99999999999999999999", 8, 8, Some, "")
                .unwrap_err()
                .message,
            "rank 1: empty-square count 99999999999999999999, expected 1 to 8"
        );
    }
}
