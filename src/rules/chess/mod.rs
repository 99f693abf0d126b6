//! Standard chess (../shared/seeds/battle-chess-standard-rules.txt): castling, en passant,
//! promotion to queen, rook, bishop or knight; draws by stalemate, threefold repetition, the
//! fifty-move rule and insufficient material (bare kings, or a lone bishop or knight).

mod fen;
mod movegen;
mod notation;

use std::sync::OnceLock;

use crate::rules::geometry::Geometry;
use crate::rules::{Color, Emblem, Outcome};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::King,
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Pawn,
    ];

    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
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
            Kind::Queen => "Queen",
            Kind::Rook => "Rook",
            Kind::Bishop => "Bishop",
            Kind::Knight => "Knight",
            Kind::Pawn => "Pawn",
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

/// The short rules explanation for /rules.
pub fn help(topic: Option<&str>) -> Option<&'static str> {
    match topic.map(|t| t.trim().to_ascii_lowercase()).as_deref() {
        None | Some("") => Some("**Chess**: the standard game. Castling, en passant and promotion to a queen, rook, bishop or knight as usual. Checkmate wins; stalemate, threefold repetition, fifty moves by each side without a capture or pawn move, and a lone king (or king and one bishop or knight) against a king are draws."),
        _ => None,
    }
}

/// A square index `rank * 8 + file`.
pub type Sq = u8;

/// A chess move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Any move of a piece or pawn, capturing or not, promoting or not.
    Normal {
        from: Sq,
        to: Sq,
        capture: bool,
        promotion: Option<Kind>,
    },
    EnPassant {
        from: Sq,
        to: Sq,
    },
    /// Castling, as the king's move.
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

pub(crate) struct Tables {
    pub geo: Geometry,
    pub knight: Vec<Vec<u8>>,
    /// `[color][sq]`: the squares a pawn of that colour on `sq` captures on.
    pub pawn_captures: [Vec<Vec<u8>>; 2],
    /// `[color][sq]`: the squares from which a pawn of that colour captures on `sq`.
    pub pawn_attackers: [Vec<Vec<u8>>; 2],
}

pub(crate) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let geo = Geometry::new(8, 8);
        let knight = (0..64u8)
            .map(|sq| {
                [
                    (1, 2),
                    (2, 1),
                    (2, -1),
                    (1, -2),
                    (-1, -2),
                    (-2, -1),
                    (-2, 1),
                    (-1, 2),
                ]
                .iter()
                .filter_map(|&(df, dr)| geo.offset(sq, df, dr))
                .collect()
            })
            .collect();
        let pawn = |dr: i8| -> Vec<Vec<u8>> {
            (0..64u8)
                .map(|sq| {
                    [-1, 1]
                        .iter()
                        .filter_map(|&df| geo.offset(sq, df, dr))
                        .collect()
                })
                .collect()
        };
        Tables {
            knight,
            pawn_captures: [pawn(1), pawn(-1)],
            pawn_attackers: [pawn(-1), pawn(1)],
            geo,
        }
    })
}

/// A chess position: what a FEN records.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    cells: [Option<Piece>; 64],
    king: [Sq; 2],
    turn: Color,
    /// Castling rights `[color][0 = king side, 1 = queen side]`.
    castling: [[bool; 2]; 2],
    en_passant: Option<Sq>,
    halfmoves: u32,
    fullmoves: u32,
}

/// The standard start position.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Position {
    pub fn at(&self, sq: Sq) -> Option<Piece> {
        self.cells[sq as usize]
    }

    /// Whether the material left cannot give mate: bare kings, or one bishop or one knight
    /// against a bare king.
    fn insufficient_material(&self) -> bool {
        let mut others = self.cells.iter().flatten().filter(|p| p.kind != Kind::King);
        match (others.next(), others.next()) {
            (None, _) => true,
            (Some(p), None) => matches!(p.kind, Kind::Bishop | Kind::Knight),
            _ => false,
        }
    }

    fn judge(&self, has_moves: bool, occurrences: usize) -> Option<Outcome> {
        crate::rules::orthodox_outcome(
            has_moves,
            || movegen::in_check(self, self.turn),
            self.turn,
            occurrences,
            self.halfmoves,
            || self.insufficient_material(),
        )
    }
}

impl crate::rules::Variant for Position {
    type Move = Move;
    const ID: crate::rules::VariantId = crate::rules::VariantId::Chess;
    const HAS_SWAP: bool = false;

    fn start() -> Self {
        fen::read(START).expect("the start position is valid")
    }

    fn from_text(text: &str) -> Result<Self, crate::rules::PositionError> {
        fen::read(text)
    }

    fn to_text(&self) -> String {
        fen::write(self)
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
        fen::repetition_key(self)
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
}
