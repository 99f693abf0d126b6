//! Reading what players type. Every variant renders each legal move in all the spellings it
//! accepts; input and spellings both pass through [`normalize`], and the input names the moves
//! whose spellings it equals. So every accepted form works, and ambiguity shows itself.

use super::{Color, PositionError, Square};

/// Brings a spelling of a move to one form: decorations (`+ # ! ?`), separators (`- x : =` and
/// spaces) dropped, castling with letter O, a blast as `<square>*`, a promotion as a trailing
/// capital letter (`e12e13s` and `e13=S` both end in `S`).
pub fn normalize(input: &str) -> String {
    let mut s = input.trim();
    while let Some(rest) = s.strip_suffix(['+', '#', '!', '?']) {
        s = rest.trim_end();
    }
    let lower = s.to_ascii_lowercase();
    if let Some(rest) = lower.strip_prefix("blast") {
        let square: String = rest.chars().filter(|c| !c.is_whitespace()).collect();
        return format!("{square}*");
    }
    match lower.as_str() {
        "o-o" | "0-0" | "oo" | "00" => return "O-O".to_string(),
        "o-o-o" | "0-0-0" | "ooo" | "000" => return "O-O-O".to_string(),
        _ => {}
    }
    let mut out: String = s
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | 'x' | 'X' | '×' | ':' | '='))
        .collect();
    // A letter straight after a digit at the end is a promotion: write it as a capital.
    let bytes = out.as_bytes();
    if bytes.len() >= 2 && bytes[bytes.len() - 2].is_ascii_digit() {
        let last = bytes[bytes.len() - 1];
        if last.is_ascii_lowercase() {
            out.pop();
            out.push(last.to_ascii_uppercase() as char);
        }
    }
    out
}

/// The least SAN disambiguation for a move from `from` when other pieces of the same kind
/// (on `rivals`) reach the same square: nothing, the file, the rank, or the whole square.
pub fn disambiguation(from: Square, rivals: &[Square]) -> String {
    if rivals.is_empty() {
        String::new()
    } else if rivals.iter().all(|r| r.file != from.file) {
        from.file_char().to_string()
    } else if rivals.iter().all(|r| r.rank != from.rank) {
        (from.rank as u32 + 1).to_string()
    } else {
        from.to_string()
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

/// Reads the placement field of a position text (the form [`write_placement`] writes) into the
/// pieces and their squares. `piece` reads a letter; `letters` names the accepted ones for the
/// error message, which says which rank is wrong and how.
pub fn read_placement<P>(
    text: &str,
    files: u8,
    ranks: u8,
    piece: impl Fn(char) -> Option<P>,
    letters: &str,
) -> Result<Vec<(Square, P)>, String> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != ranks as usize {
        return Err(format!(
            "{} ranks separated by '/', expected {ranks}",
            rows.len()
        ));
    }
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i as u8;
        let mut file: u32 = 0;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(mut n) = c.to_digit(10) {
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    n = n * 10 + d;
                    chars.next();
                }
                if n == 0 || n > files as u32 {
                    return Err(format!(
                        "rank {}: empty-square count {n}, expected 1 to {files}",
                        rank + 1
                    ));
                }
                file += n;
            } else {
                let p = piece(c).ok_or_else(|| {
                    format!(
                        "rank {}: unknown piece letter '{c}', expected one of {letters}",
                        rank + 1
                    )
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
            return Err(format!(
                "rank {} covers {file} squares, expected {files}",
                rank + 1
            ));
        }
    }
    Ok(out)
}

/// The side-to-move field of a position text: `w` or `b`.
pub fn read_side(text: &str, expected: &str) -> Result<Color, PositionError> {
    match text {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        other => Err(PositionError::new(
            "field 2 (side to move)",
            format!("'{other}', expected {expected}"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::normalize;

    #[test]
    fn separators_and_decorations_are_dropped() {
        assert_eq!(normalize(" Hc1-e3+ "), "Hc1e3");
        assert_eq!(normalize("Hxe3#"), "He3");
        assert_eq!(normalize("c1xe3!?"), "c1e3");
        assert_eq!(normalize("dxe6"), "de6");
    }

    #[test]
    fn castling_promotion_and_blast_have_one_form() {
        assert_eq!(normalize("0-0"), "O-O");
        assert_eq!(normalize("O-O-O+"), "O-O-O");
        assert_eq!(normalize("e12e13s"), "e12e13S");
        assert_eq!(normalize("e13=S"), "e13S");
        assert_eq!(normalize("e13=s"), "e13S");
        assert_eq!(normalize("blast d5"), "d5*");
        assert_eq!(normalize("Blast  d5"), "d5*");
        assert_eq!(normalize("Gd5*"), "Gd5*");
    }

    #[test]
    fn placements_read_back_what_is_written() {
        use super::{read_placement, write_placement, Square};
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
            .contains("expected 13"));
        assert!(read_placement("8/8/8/8/8/8/8/7", 8, 8, Some, "")
            .unwrap_err()
            .contains("covers 7"));
        assert!(read_placement("8/8/8/8/8/8/8/9", 8, 8, Some, "")
            .unwrap_err()
            .contains("1 to 8"));
    }

    #[test]
    fn two_digit_ranks_survive() {
        assert_eq!(normalize("e10-e11"), "e10e11");
        assert_eq!(normalize("Sa1a10"), "Sa1a10");
    }
}
