//! Writing and reading moves. A variant's notation says what each move is ([`MoveFacts`]) and
//! what is its own (spellings only it accepts, words, why input is refused); one writer here
//! gives every variant its coordinate form, SAN with the least disambiguation, the long form
//! and the spellings input is matched against. Input and spellings both pass through
//! [`normalize`], and the input names the moves whose spellings it equals. So every accepted
//! form works, and ambiguity shows itself.

use super::{MoveError, MoveFacts, MoveKind, Rules, Square};

/// A variant's notation: the facts of each move, and what the shared writer cannot know.
pub trait Notation: Rules {
    /// The facts of a move that `legal_moves` produced (or a pseudo-legal one, for `explain`).
    fn facts(&self, mv: &Self::Move) -> MoveFacts;

    /// Why input that matched no legal move is not one, as specifically as possible.
    fn explain(&self, input: &str, legal: &[Self::Move]) -> MoveError;

    /// The move in words ("Knight g1 to f3").
    fn describe(&self, mv: &Self::Move) -> String;

    /// Spellings this variant accepts besides the shared ones (not yet normalized).
    fn more_spellings(&self, _mv: &Self::Move, _facts: &MoveFacts, _out: &mut Vec<String>) {}

    /// The canonical coordinate form: `e2e4`, `e7e8q`, `d5d5`, `@d3`.
    fn coordinate(&self, mv: &Self::Move) -> String {
        coordinate(&self.facts(mv))
    }

    /// The canonical SAN without check marks; `legal` gives the moves to disambiguate against.
    fn san(&self, mv: &Self::Move, legal: &[Self::Move]) -> String {
        let facts = self.facts(mv);
        san(&facts, || {
            legal
                .iter()
                .map(|m| self.facts(m))
                .filter(|other| is_rival(&facts, other))
                .map(|other| other.from)
                .collect()
        })
    }

    /// The long algebraic form (`Tb1-d4`), used to list the moves an input could mean.
    fn long_form(&self, mv: &Self::Move) -> String {
        long_form(&self.facts(mv))
    }

    /// Every accepted spelling of the move, already passed through [`normalize`].
    fn spellings(&self, mv: &Self::Move, legal: &[Self::Move]) -> Vec<String> {
        spellings(self, mv, legal)
    }
}

/// Brings a spelling of a move to one form: decorations (`+ # ! ?`), separators (`- x : =` and
/// spaces) dropped, castling with letter O, a blast as `<square>*`, a promotion as a trailing
/// capital letter (`e12e13s` and `e13=S` both end in `S`).
pub fn normalize(input: &str) -> String {
    let mut s = input.trim();
    while let Some(rest) = s.strip_suffix(['+', '#', '!', '?']) {
        s = rest.trim_end();
    }
    // An en passant capture's mark, `exd6 e.p.` (or ` ep` after a space).
    for mark in ["e.p.", "e.p", " ep"] {
        if s.len() > mark.len() && s.to_ascii_lowercase().ends_with(mark) {
            s = s[..s.len() - mark.len()].trim_end();
            break;
        }
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
    } else if rivals.iter().all(|r| r.file() != from.file()) {
        from.file_char().to_string()
    } else if rivals.iter().all(|r| r.rank() != from.rank()) {
        (from.rank() as u32 + 1).to_string()
    } else {
        from.to_string()
    }
}

/// Whether `other` is a move SAN must tell `mv` apart from: an ordinary move of another piece
/// of the same kind to the same square (by the same route, where portals make two).
fn is_rival(mv: &MoveFacts, other: &MoveFacts) -> bool {
    other.kind.is_ordinary()
        && other.to == mv.to
        && other.from != mv.from
        && other.letter == mv.letter
        && other.pawn == mv.pawn
        && (other.kind == MoveKind::PortalMove) == (mv.kind == MoveKind::PortalMove)
}

fn promotion_suffix(f: &MoveFacts) -> String {
    f.promotion.map_or(String::new(), |p| format!("={p}"))
}

/// From and to, and a promotion's letter in lower case (`e7e8q`); a placement is `@d3`.
pub fn coordinate(f: &MoveFacts) -> String {
    if f.kind == MoveKind::Place {
        return format!("@{}", f.to);
    }
    let promo = f
        .promotion
        .map_or(String::new(), |p| p.to_ascii_lowercase().to_string());
    format!("{}{}{promo}", f.from, f.to)
}

/// SAN without check marks. `rivals` lists the squares of the pieces to tell this one from; it
/// is asked only for a piece's ordinary move.
pub fn san(f: &MoveFacts, rivals: impl FnOnce() -> Vec<Square>) -> String {
    let (letter, from, to) = (f.letter, f.from, f.to);
    let promo = promotion_suffix(f);
    match f.kind {
        MoveKind::Castle if to.file() > from.file() => "O-O".into(),
        MoveKind::Castle => "O-O-O".into(),
        MoveKind::Blast => format!("{letter}{from}*"),
        MoveKind::Claim => format!("{to}{promo}"),
        MoveKind::Swap => format!("{letter}<>{to}"),
        MoveKind::Build => format!("{letter}{from}o"),
        MoveKind::Place => format!("{letter}@{to}"),
        _ => {
            let x = if f.capture() { "x" } else { "" };
            if f.pawn {
                let origin = if f.capture() {
                    from.file_char().to_string()
                } else {
                    String::new()
                };
                format!("{origin}{x}{to}{promo}")
            } else {
                let tilde = if f.kind == MoveKind::PortalMove {
                    "~"
                } else {
                    ""
                };
                let which = disambiguation(from, &rivals());
                format!("{letter}{which}{x}{tilde}{to}{promo}")
            }
        }
    }
}

/// The long algebraic form: `Tb1-d4`, `Ae1xe9`, `e12-e13=S`; moves of their own form as SAN.
pub fn long_form(f: &MoveFacts) -> String {
    if !f.kind.is_ordinary() {
        return match f.kind {
            MoveKind::Swap => format!("{}{}<>{}", f.letter, f.from, f.to),
            _ => san(f, Vec::new),
        };
    }
    let letter = if f.pawn {
        String::new()
    } else {
        f.letter.to_string()
    };
    let sep = if f.capture() { "x" } else { "-" };
    let tilde = if f.kind == MoveKind::PortalMove {
        "~"
    } else {
        ""
    };
    format!(
        "{letter}{}{sep}{tilde}{}{}",
        f.from,
        f.to,
        promotion_suffix(f)
    )
}

/// The spellings of a move every variant accepts: the coordinate form, SAN, and for an
/// ordinary move of a piece or a pawn its letter (the pawn's too: `Pe4`, `Le7`) with the
/// whole origin square, its file, its rank or nothing (the bare form too, so input that fits
/// several pieces is reported as ambiguous rather than as unreachable); then the variant's
/// own, all normalized.
pub fn spellings<N: Notation>(pos: &N, mv: &N::Move, legal: &[N::Move]) -> Vec<String> {
    let f = pos.facts(mv);
    let mut out = vec![pos.coordinate(mv), pos.san(mv, legal)];
    if f.kind.is_ordinary() {
        let l = f.letter;
        let tilde = if f.kind == MoveKind::PortalMove {
            "~"
        } else {
            ""
        };
        let to = format!(
            "{tilde}{}{}",
            f.to,
            f.promotion.map(String::from).unwrap_or_default()
        );
        out.push(format!("{l}{}{to}", f.from));
        out.push(format!("{l}{}{to}", f.from.file_char()));
        out.push(format!("{l}{}{to}", f.from.rank() + 1));
        out.push(format!("{l}{to}"));
    }
    pos.more_spellings(mv, &f, &mut out);
    let mut out: Vec<String> = out.iter().map(|s| normalize(s)).collect();
    out.sort();
    out.dedup();
    out
}

/// The move the player meant, which the rules refuse: one of the moves `candidates` lists (the
/// pseudo-legal ones, say) that `input` spells but that is not legal.
pub fn refused<N: Notation>(
    pos: &N,
    input: &str,
    candidates: impl FnOnce(&N, &mut Vec<N::Move>),
    legal: &[N::Move],
) -> Option<N::Move> {
    let norm = normalize(input);
    let mut moves = Vec::new();
    candidates(pos, &mut moves);
    moves
        .iter()
        .copied()
        .find(|mv| !legal.contains(mv) && pos.spellings(mv, &moves).contains(&norm))
}

/// "Knight g1 to f3", or with a victim "Knight g1 takes the bishop on f3".
pub fn step_words(name: &str, from: Square, to: Square, victim: Option<&str>) -> String {
    match victim {
        Some(victim) => format!("{name} {from} takes the {victim} on {to}"),
        None => format!("{name} {from} to {to}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a player may type, and the one form it is read as: separators, capture signs and
    /// decorations dropped, castling, promotion and blasts in one spelling, two-digit ranks kept.
    const SPELLINGS: &str = "
         Hc1-e3+ Hc1e3 | Hxe3# He3 | c1xe3!? c1e3 | dxe6 de6 | 0-0 O-O | O-O-O+ O-O-O
        | e12e13s e12e13S | e13=S e13S | e13=s e13S | Gd5* Gd5* | e10-e11 e10e11 | Sa1a10 Sa1a10";

    #[test]
    fn every_spelling_has_one_form() {
        for pair in SPELLINGS.split('|') {
            let (typed, normal) = pair.trim().split_once(' ').unwrap();
            assert_eq!(normalize(typed), normal, "{typed}");
        }
        assert_eq!(normalize(" Hc1-e3+ "), "Hc1e3");
        assert_eq!(normalize("blast d5"), "d5*");
        assert_eq!(normalize("Blast  d5"), "d5*");
    }

    fn sq(text: &str) -> Square {
        text.parse().unwrap()
    }

    #[test]
    fn the_writer_spells_every_sort_of_move() {
        let knight = MoveFacts::new(MoveKind::Quiet, sq("b1"), sq("c3"), 'N', false);
        assert_eq!(coordinate(&knight), "b1c3");
        assert_eq!(san(&knight, Vec::new), "Nc3");
        assert_eq!(san(&knight, || vec![sq("d1")]), "Nbc3");
        assert_eq!(san(&knight, || vec![sq("b5")]), "N1c3");
        assert_eq!(san(&knight, || vec![sq("b5"), sq("d1")]), "Nb1c3");
        assert_eq!(long_form(&knight), "Nb1-c3");
        let promotion = MoveFacts {
            victim: Some(sq("e8")),
            promotion: Some('Q'),
            ..MoveFacts::new(MoveKind::Promotion, sq("d7"), sq("e8"), 'P', true)
        };
        assert_eq!(coordinate(&promotion), "d7e8q");
        assert_eq!(san(&promotion, Vec::new), "dxe8=Q");
        assert_eq!(long_form(&promotion), "d7xe8=Q");
        let castle = MoveFacts::new(MoveKind::Castle, sq("e1"), sq("c1"), 'K', false);
        assert_eq!(san(&castle, Vec::new), "O-O-O");
        let place = MoveFacts::new(MoveKind::Place, sq("d3"), sq("d3"), 'K', false);
        assert_eq!(
            (coordinate(&place), long_form(&place)),
            ("@d3".into(), "K@d3".into())
        );
        let portal = MoveFacts {
            victim: Some(sq("g6")),
            ..MoveFacts::new(MoveKind::PortalMove, sq("d1"), sq("g6"), 'N', false)
        };
        assert_eq!(san(&portal, Vec::new), "Nx~g6");
    }
}
