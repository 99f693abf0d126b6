//! Fantastic XIII (../shared/rules/fantastic-xiii.md), Jean-Louis Cazaux's 13x13 game of
//! thirteen piece kinds: leapers at distance 2 and 3, four bent riders, a King with an initial
//! two-square jump instead of castling, Pawns and a Prince that double-step from any rank, and
//! automatic promotions. Otherwise it ends as chess does.

mod help;
mod movegen;
mod notation;

pub use help::help;

use crate::rules::{Color, Emblem, Outcome};

/// The board is 13 x 13.
pub const SIZE: u8 = 13;
/// The number of squares.
pub const CELLS: usize = 169;

/// The thirteen kinds of piece. The order is part of the repetition key, not of any text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    King,
    Pawn,
    Prince,
    Troll,
    Snake,
    Ship,
    Squirrel,
    Hawk,
    Mammoth,
    Cheetah,
    Eagle,
    Rhinoceros,
    Direwolf,
}

impl Kind {
    pub const ALL: [Kind; 13] = [
        Kind::King,
        Kind::Pawn,
        Kind::Prince,
        Kind::Troll,
        Kind::Snake,
        Kind::Ship,
        Kind::Squirrel,
        Kind::Hawk,
        Kind::Mammoth,
        Kind::Cheetah,
        Kind::Eagle,
        Kind::Rhinoceros,
        Kind::Direwolf,
    ];

    /// The letter of the rules table.
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Pawn => 'P',
            Kind::Prince => 'I',
            Kind::Troll => 'T',
            Kind::Snake => 'N',
            Kind::Ship => 'S',
            Kind::Squirrel => 'Q',
            Kind::Hawk => 'H',
            Kind::Mammoth => 'M',
            Kind::Cheetah => 'C',
            Kind::Eagle => 'E',
            Kind::Rhinoceros => 'U',
            Kind::Direwolf => 'O',
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
            Kind::Pawn => "Pawn",
            Kind::Prince => "Prince",
            Kind::Troll => "Troll",
            Kind::Snake => "Snake",
            Kind::Ship => "Ship",
            Kind::Squirrel => "Squirrel",
            Kind::Hawk => "Hawk",
            Kind::Mammoth => "Mammoth",
            Kind::Cheetah => "Cheetah",
            Kind::Eagle => "Eagle",
            Kind::Rhinoceros => "Rhinoceros",
            Kind::Direwolf => "Direwolf",
        }
    }

    pub fn emblem(self) -> Emblem {
        match self {
            Kind::King => Emblem::King,
            Kind::Pawn => Emblem::Pawn,
            Kind::Prince => Emblem::Prince,
            Kind::Troll => Emblem::Troll,
            Kind::Snake => Emblem::Snake,
            Kind::Ship => Emblem::Ship,
            Kind::Squirrel => Emblem::Squirrel,
            Kind::Hawk => Emblem::Hawk,
            Kind::Mammoth => Emblem::Mammoth,
            Kind::Cheetah => Emblem::Cheetah,
            Kind::Eagle => Emblem::Eagle,
            Kind::Rhinoceros => Emblem::Rhinoceros,
            Kind::Direwolf => Emblem::Direwolf,
        }
    }

    /// What the kind becomes on reaching the furthest rank, if anything. (A Troll promotes
    /// only by its pawn-like step or capture; the move generator sees to that.)
    pub fn promotes_to(self) -> Option<Kind> {
        match self {
            Kind::Pawn | Kind::Prince | Kind::Troll => Some(Kind::Direwolf),
            Kind::Ship => Some(Kind::Eagle),
            Kind::Snake => Some(Kind::Rhinoceros),
            _ => None,
        }
    }

    fn bit(self) -> u16 {
        1 << self as u16
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

    /// The position-text letter: uppercase for White.
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

/// A square index `rank * 13 + file`.
pub type Sq = u8;

/// A Fantastic XIII move. Promotions are automatic; the kind promoted to is recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Any step, leap or slide, capturing or not.
    Normal {
        from: Sq,
        to: Sq,
        capture: bool,
        promotion: Option<Kind>,
    },
    /// A Pawn's or Prince's non-capturing two-square advance, which sets the en passant square.
    DoubleStep {
        from: Sq,
        to: Sq,
        promotion: Option<Kind>,
    },
    /// A Pawn takes a piece that just double-stepped past `to`.
    EnPassant { from: Sq, to: Sq },
    /// The King's initial jump to an empty square at distance 2.
    KingJump { from: Sq, to: Sq },
}

impl Move {
    pub fn from(&self) -> Sq {
        match *self {
            Move::Normal { from, .. }
            | Move::DoubleStep { from, .. }
            | Move::EnPassant { from, .. }
            | Move::KingJump { from, .. } => from,
        }
    }

    pub fn to(&self) -> Sq {
        match *self {
            Move::Normal { to, .. }
            | Move::DoubleStep { to, .. }
            | Move::EnPassant { to, .. }
            | Move::KingJump { to, .. } => to,
        }
    }

    pub fn is_capture(&self) -> bool {
        matches!(
            self,
            Move::Normal { capture: true, .. } | Move::EnPassant { .. }
        )
    }

    pub fn promotion(&self) -> Option<Kind> {
        match *self {
            Move::Normal { promotion, .. } | Move::DoubleStep { promotion, .. } => promotion,
            _ => None,
        }
    }
}

/// A Fantastic XIII position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    cells: [Option<Piece>; CELLS],
    kings: [Sq; 2],
    turn: Color,
    /// Whether each side's King may still make its initial jump.
    jump: [bool; 2],
    /// The square a Pawn or Prince passed with a double step on the last move.
    en_passant: Option<Sq>,
    halfmoves: u32,
    fullmoves: u32,
}

pub const START: &str = "hmqcsnknscqmh/5tit5/6t6/ppppppppppppp/13/13/13/13/13/PPPPPPPPPPPPP/6T6/5TIT5/HMQCSNKNSCQMH w - - 0 1";

/// The King's home square, where a King read from a position text keeps its jump right.
pub fn king_home(color: Color) -> Sq {
    match color {
        Color::White => 6,
        Color::Black => 12 * SIZE + 6,
    }
}

/// The furthest rank for a side.
pub fn last_rank(color: Color) -> u8 {
    match color {
        Color::White => SIZE - 1,
        Color::Black => 0,
    }
}

impl Position {
    pub fn at(&self, sq: Sq) -> Option<Piece> {
        self.cells[sq as usize]
    }

    fn bare_kings(&self) -> bool {
        self.cells.iter().flatten().count() == 2
    }

    fn judge(&self, has_moves: bool, occurrences: usize) -> Option<Outcome> {
        crate::rules::orthodox_outcome(
            has_moves,
            || movegen::in_check(self, self.turn),
            self.turn,
            occurrences,
            self.halfmoves,
            || self.bare_kings(),
        )
    }
}

impl crate::rules::Variant for Position {
    type Move = Move;
    const ID: crate::rules::VariantId = crate::rules::VariantId::Fantastic;
    const HAS_SWAP: bool = false;

    fn start() -> Self {
        notation::read(START).expect("the start position is valid")
    }

    fn from_text(text: &str) -> Result<Self, crate::rules::PositionError> {
        notation::read(text)
    }

    fn to_text(&self) -> String {
        notation::write(self)
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

    fn in_check(&self) -> bool {
        movegen::in_check(self, self.turn)
    }

    fn repetition_key(&self) -> u64 {
        notation::repetition_key(self)
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
        notation::marks(mv)
    }

    fn board_view(&self) -> crate::rules::BoardView {
        notation::board_view(self)
    }
}
