//! Empire Chess (../shared/rules/empire.md): White is the Empire, whose Tower, Eagle, Cardinal
//! and Duke move like queens but capture (and so check) like a rook, knight, bishop and king;
//! Soldiers step forward or sideways. Black is the orthodox Kingdom. A king reaching the far
//! rank wins (campmate), the two kings may never face each other on an open file or rank,
//! stalemate loses, and the player who makes a position occur a third time loses.

mod movegen;
mod notation;

use crate::rules::{Color, Emblem, Outcome, Reason};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
    Tower,
    Eagle,
    Cardinal,
    Duke,
    Soldier,
}

impl Kind {
    pub const ALL: [Kind; 11] = [
        Kind::King,
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Pawn,
        Kind::Tower,
        Kind::Eagle,
        Kind::Cardinal,
        Kind::Duke,
        Kind::Soldier,
    ];

    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
            Kind::Pawn => 'P',
            Kind::Tower => 'T',
            Kind::Eagle => 'E',
            Kind::Cardinal => 'C',
            Kind::Duke => 'D',
            Kind::Soldier => 'S',
        }
    }

    pub fn name(self, color: Color) -> &'static str {
        match self {
            Kind::King if color == Color::White => "Kaiser",
            Kind::King => "King",
            Kind::Queen => "Queen",
            Kind::Rook => "Rook",
            Kind::Bishop => "Bishop",
            Kind::Knight => "Knight",
            Kind::Pawn => "Pawn",
            Kind::Tower => "Tower",
            Kind::Eagle => "Eagle",
            Kind::Cardinal => "Cardinal",
            Kind::Duke => "Duke",
            Kind::Soldier => "Soldier",
        }
    }

    pub fn emblem(self) -> Emblem {
        match self {
            Kind::King => Emblem::King,
            Kind::Queen => Emblem::Queen,
            Kind::Rook => Emblem::Rook,
            Kind::Bishop => Emblem::Bishop,
            Kind::Knight => Emblem::Knight,
            Kind::Pawn => Emblem::Pawn,
            Kind::Tower => Emblem::Tower,
            Kind::Eagle => Emblem::Eagle,
            Kind::Cardinal => Emblem::Cardinal,
            Kind::Duke => Emblem::Duke,
            Kind::Soldier => Emblem::Shield,
        }
    }

    /// The Imperial pieces that move like a queen but capture like something else.
    pub fn imperial(self) -> bool {
        matches!(
            self,
            Kind::Tower | Kind::Eagle | Kind::Cardinal | Kind::Duke
        )
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
        let kind = Kind::ALL
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_uppercase())?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, kind))
    }
}

/// A square index `rank * 8 + file`.
pub type Sq = u8;

/// An Empire Chess move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Normal {
        from: Sq,
        to: Sq,
        capture: bool,
        promotion: bool,
    },
    EnPassant {
        from: Sq,
        to: Sq,
    },
    Castle {
        from: Sq,
        to: Sq,
        rook_from: Sq,
        rook_to: Sq,
    },
}

impl Move {
    pub fn from(&self) -> Sq {
        match *self {
            Move::Normal { from, .. }
            | Move::EnPassant { from, .. }
            | Move::Castle { from, .. } => from,
        }
    }

    pub fn to(&self) -> Sq {
        match *self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } | Move::Castle { to, .. } => to,
        }
    }
}

/// An Empire Chess position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    cells: [Option<Piece>; 64],
    kings: [Sq; 2],
    turn: Color,
    /// Black's castling rights: king side, queen side.
    castling: [bool; 2],
    en_passant: Option<Sq>,
    halfmoves: u32,
    fullmoves: u32,
}

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1";

impl Position {
    pub fn at(&self, sq: Sq) -> Option<Piece> {
        self.cells[sq as usize]
    }

    fn judge(&self, has_moves: bool, occurrences: usize) -> Option<Outcome> {
        let mover = !self.turn;
        // Campmate: the player who just moved brought its king to the far rank.
        let far = if mover == Color::White { 7 } else { 0 };
        if self.kings[mover.index()] / 8 == far {
            return Some(Outcome::Win {
                winner: mover,
                reason: Reason::Campmate,
            });
        }
        if !has_moves {
            let reason = if movegen::in_check(self, self.turn) {
                Reason::Checkmate
            } else {
                Reason::Stalemate
            };
            return Some(Outcome::Win {
                winner: mover,
                reason,
            });
        }
        if occurrences >= 3 {
            return Some(Outcome::Win {
                winner: self.turn,
                reason: Reason::Repetition,
            });
        }
        if self.halfmoves >= 100 {
            return Some(Outcome::Draw {
                reason: Reason::NoProgress,
            });
        }
        None
    }
}

impl crate::rules::Variant for Position {
    type Move = Move;
    const ID: crate::rules::VariantId = crate::rules::VariantId::Empire;
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

/// The short rules explanation for /rules.
pub fn help(topic: Option<&str>) -> Option<&'static str> {
    match topic.map(|t| t.trim().to_ascii_lowercase()).as_deref() {
        None | Some("") => Some("**Empire Chess**: White is the Empire. Its Tower, Eagle, Cardinal and Duke move like queens but capture only like a rook, a knight, a bishop and a king; Soldiers step one square forward or sideways; its pawns start on rank 3 (no double step) and it cannot castle. Black plays orthodox chess. A king that reaches the far rank wins (campmate); the two kings may never face each other on an open file or rank; checkmate and stalemate lose for the side that cannot move; whoever repeats a position a third time loses; fifty moves without capture or pawn move draw."),
        _ => None,
    }
}
