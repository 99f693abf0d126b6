//! Why typed input names no legal move, for the variants without an explainer of their own:
//! the piece the input names is found, and the move is tried on copies of the board until
//! the reason shows (no such piece, its own piece on the square, a promotion to name, the
//! king left in check, the pieces in the way, a capture the piece cannot make, or how the
//! piece moves).

use super::geometry::Geometry;
use super::notation::{normalize, refused, Notation};
use super::{Color, MoveError, Piece, PieceKind};

/// The cell access of a mailbox position for [`Explain`]: its geometry, reading and writing
/// a cell, and the moves its pieces allow (`$pseudo_legal(self, out)`).
macro_rules! mailbox_access {
    ($geometry:expr, $pseudo_legal:path) => {
        fn geometry(&self) -> &'static Geometry {
            $geometry
        }

        fn piece(&self, sq: u8) -> Option<Piece> {
            self.at(sq)
        }

        fn set_piece(&mut self, sq: u8, piece: Option<Piece>) {
            self.cells[sq as usize] = piece;
        }

        fn pseudo_legal(&self, out: &mut Vec<Move>) {
            $pseudo_legal(self, out)
        }
    };
}
pub(crate) use mailbox_access;

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

    /// The piece whose safety the rules guard.
    const KING: Self::Kind;

    /// Why the rules refuse a move the pieces allow: by default, "that move would leave your
    /// king in check", the king named as the variant names it.
    fn illegal_reason(&self, _mv: &Self::Move) -> String {
        let king = Piece {
            color: Color::White,
            kind: Self::KING,
        };
        format!(
            "that move would leave your {} in check",
            self.piece_name(king)
        )
    }

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

/// Whether the piece on `from` may go to `dest` by the moves the pieces allow.
fn reaches<E: Explain>(board: &E, from: u8, dest: u8) -> bool {
    let geo = board.geometry();
    let mut moves = Vec::new();
    board.pseudo_legal(&mut moves);
    moves.iter().any(|mv| {
        let f = board.facts(mv);
        f.from == geo.square(from) && f.to == geo.square(dest)
    })
}

/// What keeps the piece on `from` from `dest`, found on copies of the board: the piece alone
/// with whatever stands on `dest`, then the other pieces put back one at a time.
fn obstacle<E: Explain>(pos: &E, from: u8, dest: u8) -> Obstacle {
    let geo = pos.geometry();
    let mut alone = pos.clone();
    for s in geo.indices().filter(|&s| s != from && s != dest) {
        alone.set_piece(s, None);
    }
    let mut probe = alone.clone();
    if reaches(&alone, from, dest) {
        let blockers = geo
            .indices()
            .filter(|&s| s != from && s != dest && pos.piece(s).is_some())
            .filter(|&s| {
                let mut one = alone.clone();
                one.set_piece(s, pos.piece(s));
                !reaches(&one, from, dest)
            })
            .collect();
        return Obstacle::Blocked(blockers);
    }
    let (victim, found) = match pos.piece(dest) {
        Some(_) => (None, Obstacle::MovesOnly),
        None => (
            Some(Piece::new(!pos.turn(), E::PAWN)),
            Obstacle::CapturesOnly,
        ),
    };
    probe.set_piece(dest, victim);
    if reaches(&probe, from, dest) {
        found
    } else {
        Obstacle::Never
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
        let detail = match obstacle(pos, from, dest) {
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
