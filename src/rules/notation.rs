//! Writing and reading moves. A variant's notation says what each move is ([`MoveFacts`]) and
//! what is its own (spellings only it accepts, words, why input is refused); one writer here
//! gives every variant its coordinate form, SAN with the least disambiguation, the long form
//! and the spellings input is matched against. Input and spellings both pass through
//! [`normalize`], and the input names the moves whose spellings it equals. So every accepted
//! form works, and ambiguity shows itself.

use super::geometry::Geometry;
use super::{MoveError, MoveFacts, MoveKind, Piece, PieceKind, Rules, Square};

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

/// What [`explain_refusal`] needs of a variant to say why input names no legal move: its board
/// as cells, what its pieces are called, and how they move on a board changed at a square or
/// two (tried on copies only).
pub trait Explain: Notation {
    type Kind: PieceKind;

    /// The kind SAN writes without a letter.
    const PAWN: Self::Kind;

    /// The board the cells are indexed by.
    fn geometry(&self) -> &'static Geometry;

    /// The piece on cell `sq`.
    fn piece(&self, sq: u8) -> Option<Piece<Self::Kind>>;

    /// Puts `piece`, or nothing, on cell `sq`.
    fn set_piece(&mut self, sq: u8, piece: Option<Piece<Self::Kind>>);

    /// Appends the moves the pieces allow before the rules test the king's safety.
    fn pseudo_legal(&self, out: &mut Vec<Self::Move>);

    /// Why the rules refuse a move the pieces allow ("that move would leave your king in check").
    fn illegal_reason(&self, mv: &Self::Move) -> String;

    /// The piece's name in a sentence ("Knight"; chess writes "knight").
    fn piece_name(&self, piece: Piece<Self::Kind>) -> String {
        piece.kind.name().to_string()
    }

    /// How a piece of the kind, of the side to move, moves: "a King moves one square in any
    /// direction".
    fn moves_like(&self, kind: Self::Kind) -> Option<&'static str>;

    /// How a piece of the kind captures, where that differs from how it moves: "a Tower moves
    /// like a queen but captures only like a rook".
    fn captures_like(&self, _kind: Self::Kind) -> Option<&'static str> {
        None
    }
}

/// The piece a typed move names, besides the square it goes to: nothing, a file, a rank or
/// the whole square (a cell index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hint {
    None,
    File(u8),
    Rank(u8),
    Square(u8),
}

impl Hint {
    fn read(text: &str, geo: &Geometry) -> Option<Hint> {
        let mut chars = text.chars();
        Some(match (chars.next(), chars.next()) {
            (None, _) => Hint::None,
            _ if geo.parse(text).is_some() => Hint::Square(geo.parse(text)?),
            (Some(c @ 'a'..='p'), None) if (c as u8 - b'a') < geo.files => {
                Hint::File(c as u8 - b'a')
            }
            _ => match text.parse::<u8>() {
                Ok(n) if (1..=geo.ranks).contains(&n) && !text.starts_with('0') => {
                    Hint::Rank(n - 1)
                }
                _ => return None,
            },
        })
    }

    fn fits(self, geo: &Geometry, sq: u8) -> bool {
        match self {
            Hint::None => true,
            Hint::File(f) => geo.file(sq) == f,
            Hint::Rank(r) => geo.rank(sq) == r,
            Hint::Square(s) => s == sq,
        }
    }

    /// " on the e-file", " on rank 3", " on e3", or nothing.
    fn words(self, geo: &Geometry) -> String {
        match self {
            Hint::None => String::new(),
            Hint::File(f) => format!(" on the {}-file", (b'a' + f) as char),
            Hint::Rank(r) => format!(" on rank {}", r as u32 + 1),
            Hint::Square(s) => format!(" on {}", geo.square(s)),
        }
    }
}

/// A typed move in the form `[Letter][hint]<square>[Promotion]`, normalized.
struct Typed<K> {
    letter: Option<K>,
    hint: Hint,
    dest: u8,
    promotion: Option<char>,
}

impl<K: PieceKind> Typed<K> {
    /// Reads a normalized move; a portal's `~` is left out. `None` when it is not of that form.
    fn read(norm: &str, geo: &Geometry) -> Option<Typed<K>> {
        let text: String = norm.chars().filter(|&c| c != '~').collect();
        let mut s = text.as_str();
        let mut letter = None;
        if let Some(c) = s.chars().next().filter(char::is_ascii_uppercase) {
            letter = Some(K::from_letter(c)?);
            s = &s[1..];
        }
        let mut promotion = None;
        if let Some(c) = s.chars().last().filter(char::is_ascii_uppercase) {
            K::from_letter(c)?;
            promotion = Some(c);
            s = &s[..s.len() - 1];
        }
        // The square gone to is the last file letter with the digits after it.
        let start = s.rfind(|c: char| c.is_ascii_lowercase())?;
        let dest = geo.parse(&s[start..])?;
        let hint = Hint::read(&s[..start], geo)?;
        Some(Typed {
            letter,
            hint,
            dest,
            promotion,
        })
    }
}

/// What keeps one piece from going where the input said.
enum Obstacle {
    /// It would get there but for these pieces (each alone would stop it; none listed when
    /// only several together do).
    Blocked(Vec<u8>),
    /// It gets there only when the square is empty, and an enemy piece stands there.
    MovesOnly,
    /// It gets there only by capturing, and the square is empty.
    CapturesOnly,
    /// Its way of moving never leads there from where it stands.
    Never,
}

/// Why input names no legal move, for a variant with [`Explain`]: a move the pieces allow but
/// the rules refuse, no such piece, the square taken by one's own piece, a promotion to name,
/// or what keeps each piece the input may mean from going there. `expected` lists the forms
/// for input that is not read as a move at all.
pub fn explain_refusal<E: Explain>(
    pos: &E,
    input: &str,
    legal: &[E::Move],
    expected: &str,
) -> MoveError {
    if let Some(mv) = refused(pos, input, E::pseudo_legal, legal) {
        return MoveError::illegal(input, pos.illegal_reason(&mv));
    }
    match Typed::read(&normalize(input), pos.geometry()) {
        Some(typed) => MoveError::illegal(input, why_not(pos, &typed, legal)),
        None => MoveError::unreadable(input, expected),
    }
}

/// "a" or "an", by the word that follows.
pub fn article(word: &str) -> &'static str {
    match word.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

/// `a`, `a or b`, `a, b or c`.
fn one_of(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// `a`, `a and b`, `a, b and c`.
fn all_of(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn why_not<E: Explain>(pos: &E, typed: &Typed<E::Kind>, legal: &[E::Move]) -> String {
    let geo = pos.geometry();
    let us = pos.turn();
    let name = |p: Piece<E::Kind>| pos.piece_name(p);
    let the = |s: u8| match pos.piece(s) {
        Some(p) => format!("the {} on {}", name(p), geo.square(s)),
        None => format!("the piece on {}", geo.square(s)),
    };
    let dest = typed.dest;
    let kind = match (typed.letter, typed.hint) {
        (Some(kind), _) => kind,
        (None, Hint::Square(from)) => match pos.piece(from) {
            None => return format!("there is no piece on {}", geo.square(from)),
            Some(p) if p.color != us => return format!("{} is not yours", the(from)),
            Some(p) => p.kind,
        },
        (None, _) => E::PAWN,
    };
    let own = Piece::new(us, kind);
    let pieces: Vec<u8> = geo
        .indices()
        .filter(|&s| pos.piece(s) == Some(own) && typed.hint.fits(geo, s))
        .collect();
    if pieces.is_empty() {
        return format!("you have no {}{}", name(own), typed.hint.words(geo));
    }
    if let Some(p) = pos.piece(dest).filter(|p| p.color == us) {
        return format!("{} holds your own {}", geo.square(dest), name(p));
    }
    let goes_there = |board: &E, mv: &E::Move| {
        let f = board.facts(mv);
        f.to == geo.square(dest) && pieces.contains(&geo.index(f.from))
    };
    // The piece goes there, but the input spelled the move otherwise.
    let fitting: Vec<&E::Move> = legal.iter().filter(|mv| goes_there(pos, mv)).collect();
    if !fitting.is_empty() {
        let sans: Vec<String> = fitting.iter().map(|mv| pos.san(mv, legal)).collect();
        let options = one_of(&sans);
        let promotes = fitting.iter().any(|mv| pos.facts(mv).promotion.is_some());
        return match (promotes, typed.promotion) {
            (true, None) => format!("name the piece it becomes: {options}"),
            (true, Some(c)) => {
                let becomes = E::Kind::from_letter(c).map_or(c.to_string(), |k| {
                    let n = name(Piece::new(us, k));
                    format!("{} {n}", article(&n))
                });
                format!("it cannot become {becomes} there: {options}")
            }
            (false, Some(_)) => format!("nothing promotes there: {options}"),
            (false, None) => format!("write it {options}"),
        };
    }
    let mut pseudo = Vec::new();
    pos.pseudo_legal(&mut pseudo);
    if let Some(mv) = pseudo.iter().find(|mv| goes_there(pos, mv)) {
        return pos.illegal_reason(mv);
    }
    let reaches = |board: &E, from: u8| {
        let mut moves = Vec::new();
        board.pseudo_legal(&mut moves);
        moves.iter().any(|mv| {
            let f = board.facts(mv);
            f.from == geo.square(from) && f.to == geo.square(dest)
        })
    };
    let obstacle = |from: u8| {
        // The piece alone with whatever stands where it goes.
        let mut alone = pos.clone();
        for s in geo.indices().filter(|&s| s != from && s != dest) {
            alone.set_piece(s, None);
        }
        let mut probe = alone.clone();
        if reaches(&alone, from) {
            let blockers = geo
                .indices()
                .filter(|&s| s != from && s != dest && pos.piece(s).is_some())
                .filter(|&s| {
                    let mut one = alone.clone();
                    one.set_piece(s, pos.piece(s));
                    !reaches(&one, from)
                })
                .collect();
            Obstacle::Blocked(blockers)
        } else if pos.piece(dest).is_some() {
            probe.set_piece(dest, None);
            if reaches(&probe, from) {
                Obstacle::MovesOnly
            } else {
                Obstacle::Never
            }
        } else {
            probe.set_piece(dest, Some(Piece::new(!us, E::PAWN)));
            if reaches(&probe, from) {
                Obstacle::CapturesOnly
            } else {
                Obstacle::Never
            }
        }
    };
    let to = geo.square(dest);
    let one = pieces.len() == 1;
    let head = if one {
        format!("{} cannot reach {to}", the(pieces[0]))
    } else {
        format!("no {} can reach {to}", name(own))
    };
    let mut details: Vec<String> = Vec::new();
    for &from in &pieces {
        let it = if one { "it".to_string() } else { the(from) };
        let detail = match obstacle(from) {
            Obstacle::Blocked(blockers) if blockers.is_empty() => {
                format!("other pieces stand in the way of {}", the(from))
            }
            Obstacle::Blocked(blockers) => {
                let who: Vec<String> = blockers.iter().map(|&s| the(s)).collect();
                let verb = if who.len() == 1 { "stands" } else { "stand" };
                let whose = if one {
                    String::new()
                } else {
                    format!(" of {}", the(from))
                };
                format!("{} {verb} in the way{whose}", all_of(&who))
            }
            Obstacle::MovesOnly => match pos.captures_like(kind) {
                Some(rule) => rule.to_string(),
                None => format!("{it} goes there only when {to} is empty"),
            },
            Obstacle::CapturesOnly => format!("{it} goes there only to capture, and {to} is empty"),
            Obstacle::Never => continue,
        };
        if !details.contains(&detail) {
            details.push(detail);
        }
    }
    if details.is_empty() {
        details.extend(pos.moves_like(kind).map(String::from));
    }
    if details.is_empty() {
        head
    } else {
        format!("{head}: {}", details.join("; "))
    }
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
