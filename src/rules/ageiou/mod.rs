//! AGEIOU (../shared/rules/ageiou.md): 10x10 chess without check. A king may swap places with
//! one of its bishops and is saved by them when captured; Vertags build one-way portals whose
//! exit is the entrance turned 90 degrees about the centre. Game options set the building time
//! and the draw limits.

mod help;
mod movegen;
mod notation;
mod text;

use std::sync::OnceLock;

pub use help::help;

use crate::rules::geometry::Geometry;
use crate::rules::{Color, Emblem, GameOptions, Outcome, Reason};

pub const SIZE: u8 = 10;
/// Squares on the board.
pub const CELLS: usize = 100;

pub const START: &str = "bvncqkcnvb/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/BVNCQKCNVB w - - - 0 1";

pub(crate) fn geometry() -> &'static Geometry {
    static GEO: OnceLock<Geometry> = OnceLock::new();
    GEO.get_or_init(|| Geometry::new(SIZE, SIZE))
}

/// A square index `rank * 10 + file`.
pub type Sq = u8;

/// The exit of the portal whose entrance is `sq`: the square turned 90 degrees
/// counter-clockwise about the centre, (x, y) -> (9 - y, x).
pub const fn exit_of(sq: Sq) -> Sq {
    let (x, y) = (sq % SIZE, sq / SIZE);
    x * SIZE + (SIZE - 1 - y)
}

/// The entrance whose exit is `sq` (exits and entrances pair up one to one).
pub const fn entrance_of(sq: Sq) -> Sq {
    let (x, y) = (sq % SIZE, sq / SIZE);
    (SIZE - 1 - x) * SIZE + y
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    King,
    Councillor,
    Boat,
    Bishop,
    Knight,
    Vertag,
    Pawn,
}

impl Kind {
    pub const ALL: [Kind; 7] = [
        Kind::King,
        Kind::Councillor,
        Kind::Boat,
        Kind::Bishop,
        Kind::Knight,
        Kind::Vertag,
        Kind::Pawn,
    ];

    /// What a pawn may become, in the order of the coordinate letters `q b c n v`.
    pub const PROMOTIONS: [Kind; 5] = [
        Kind::Councillor,
        Kind::Boat,
        Kind::Bishop,
        Kind::Knight,
        Kind::Vertag,
    ];

    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Councillor => 'Q',
            Kind::Boat => 'B',
            Kind::Bishop => 'C',
            Kind::Knight => 'N',
            Kind::Vertag => 'V',
            Kind::Pawn => 'P',
        }
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_uppercase())
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::King => "King",
            Kind::Councillor => "Councillor",
            Kind::Boat => "Boat",
            Kind::Bishop => "Bishop",
            Kind::Knight => "Knight",
            Kind::Vertag => "Vertag",
            Kind::Pawn => "Pawn",
        }
    }

    pub fn emblem(self) -> Emblem {
        match self {
            Kind::King => Emblem::King,
            Kind::Councillor => Emblem::Councillor,
            Kind::Boat => Emblem::Boat,
            Kind::Bishop => Emblem::Bishop,
            Kind::Knight => Emblem::Knight,
            Kind::Vertag => Emblem::Vertag,
            Kind::Pawn => Emblem::Pawn,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
}

impl Piece {
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece { color, kind }
    }

    pub fn letter(self) -> char {
        match self.color {
            Color::White => self.kind.letter(),
            Color::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }

    pub fn from_letter(c: char) -> Option<Piece> {
        let kind = Kind::from_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, kind))
    }
}

/// A portal being built: the builder's square and the turns done and needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Build {
    pub square: Sq,
    pub done: u8,
    pub needed: u8,
}

/// An AGEIOU move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A step, slide or leap, capture included. With `portal`, the piece went to the entrance
    /// whose exit is `to` (or stood on it) and came out on `to`.
    Normal {
        from: Sq,
        to: Sq,
        capture: bool,
        portal: bool,
        promotion: Option<Kind>,
    },
    /// The king and one of its bishops change places.
    Swap { king: Sq, bishop: Sq },
    /// The Vertag on `square` starts or continues building a portal there.
    Build { square: Sq },
    /// The captured king is placed on the square of one of its bishops, which is lost.
    Place { square: Sq },
}

impl Move {
    /// The square the moving piece starts from (the chosen bishop's square for a placement).
    pub fn from(&self) -> Sq {
        match *self {
            Move::Normal { from, .. } => from,
            Move::Swap { king, .. } => king,
            Move::Build { square } | Move::Place { square } => square,
        }
    }

    /// The square the moving piece ends on.
    pub fn to(&self) -> Sq {
        match *self {
            Move::Normal { to, .. } => to,
            Move::Swap { bishop, .. } => bishop,
            Move::Build { square } | Move::Place { square } => square,
        }
    }
}

/// An AGEIOU position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    cells: [Option<Piece>; CELLS],
    turn: Color,
    /// Open portals, one bit per entrance square.
    portals: u128,
    /// Each side's portal in progress.
    builds: [Option<Build>; 2],
    /// The side to move must first place its captured king on one of its bishops' squares.
    pending: bool,
    halfmoves: u32,
    fullmoves: u32,
    options: GameOptions,
}

impl Position {
    pub fn at(&self, sq: Sq) -> Option<Piece> {
        self.cells[sq as usize]
    }

    pub fn is_portal(&self, sq: Sq) -> bool {
        self.portals >> sq & 1 == 1
    }

    /// The squares of `color`'s pieces of `kind`, in index order.
    fn squares_of(&self, color: Color, kind: Kind) -> impl Iterator<Item = Sq> + '_ {
        (0..CELLS as u8).filter(move |&sq| self.at(sq) == Some(Piece::new(color, kind)))
    }

    fn has_king(&self, color: Color) -> bool {
        self.squares_of(color, Kind::King).next().is_some()
    }

    fn judge(&self, has_moves: bool, occurrences: usize) -> Option<Outcome> {
        for color in Color::BOTH {
            let placing = self.pending && self.turn == color;
            if !(self.has_king(color) || placing) {
                return Some(Outcome::Win {
                    winner: !color,
                    reason: Reason::KingCaptured,
                });
            }
        }
        if !has_moves {
            return Some(Outcome::Win {
                winner: !self.turn,
                reason: Reason::Stalemate,
            });
        }
        if occurrences >= self.options.repetitions as usize {
            return Some(Outcome::Draw {
                reason: Reason::Repetition,
            });
        }
        if self.halfmoves >= 2 * self.options.fifty as u32 {
            return Some(Outcome::Draw {
                reason: Reason::NoProgress,
            });
        }
        None
    }
}

impl crate::rules::Variant for Position {
    type Move = Move;
    const ID: crate::rules::VariantId = crate::rules::VariantId::Ageiou;
    const HAS_SWAP: bool = false;

    fn start() -> Self {
        text::read(START).expect("the start position is valid")
    }

    fn from_text(text: &str) -> Result<Self, crate::rules::PositionError> {
        text::read(text)
    }

    fn to_text(&self) -> String {
        text::write(self)
    }

    fn turn(&self) -> Color {
        self.turn
    }

    fn move_number(&self) -> u32 {
        self.fullmoves
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        movegen::legal_moves(self, out)
    }

    fn play(&mut self, mv: &Move) {
        movegen::play(self, mv)
    }

    /// There is no check in AGEIOU.
    fn in_check(&self) -> bool {
        false
    }

    fn repetition_key(&self) -> u64 {
        text::repetition_key(self)
    }

    fn reversible_plies(&self) -> u32 {
        self.halfmoves
    }

    fn outcome(&self, has_moves: bool, occurrences: usize) -> Option<Outcome> {
        self.judge(has_moves, occurrences)
    }

    fn coordinate(&self, mv: &Move) -> String {
        notation::coordinate(mv)
    }

    fn san(&self, mv: &Move, legal: &[Move]) -> String {
        notation::san(self, mv, legal)
    }

    fn long_form(&self, mv: &Move) -> String {
        notation::long_form(self, mv)
    }

    fn spellings(&self, mv: &Move, legal: &[Move]) -> Vec<String> {
        notation::spellings(self, mv, legal)
    }

    fn explain(&self, input: &str, legal: &[Move]) -> crate::rules::MoveError {
        notation::explain(self, input, legal)
    }

    fn describe(&self, mv: &Move) -> String {
        notation::describe(self, mv)
    }

    fn marks(&self, mv: &Move) -> crate::rules::MoveMarks {
        notation::marks(self, mv)
    }

    fn board_view(&self) -> crate::rules::BoardView {
        notation::board_view(self)
    }

    fn options(&self) -> GameOptions {
        self.options
    }

    fn set_options(&mut self, options: GameOptions) -> Result<(), crate::rules::OptionsError> {
        self.options = options.validate()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exits_turn_the_board_a_quarter() {
        let sq = |t: &str| {
            let s: crate::rules::Square = t.parse().unwrap();
            s.rank * SIZE + s.file
        };
        for (a, b) in [
            ("a1", "j1"),
            ("j1", "j10"),
            ("j10", "a10"),
            ("a10", "a1"),
            ("c2", "i3"),
            ("e5", "f5"),
            ("f5", "f6"),
            ("f6", "e6"),
            ("e6", "e5"),
        ] {
            assert_eq!(exit_of(sq(a)), sq(b), "{a}");
            assert_eq!(entrance_of(sq(b)), sq(a), "{b}");
        }
        assert!((0..100u8).all(|s| exit_of(s) != s && entrance_of(exit_of(s)) == s));
    }
}
