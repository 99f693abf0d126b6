//! Chess 13: Epoch, as the rulebook and `rules/epoch.md` define it.
//!
//! The position is a mailbox of 169 cells with the royal and zone-giving pieces tracked;
//! moves are generated pseudo-legally and filtered by playing them on a copy of the board and
//! asking whether the mover's Pope is in check (epoch.md sections 3 and 5).

mod board;
mod fen;
pub mod help;
mod movegen;
mod notation;
mod view;

pub use board::{Board, COMMAND_SQUARE, SIZE};

use crate::rules::{Color, Outcome, Reason, Square};

/// The nine kinds of Epoch piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Pope,
    Emperor,
    Marshal,
    Assassin,
    Sentinel,
    Mage,
    Herald,
    Templar,
    Legionary,
}

impl Kind {
    pub const ALL: [Kind; 9] = [
        Kind::Pope,
        Kind::Emperor,
        Kind::Marshal,
        Kind::Assassin,
        Kind::Sentinel,
        Kind::Mage,
        Kind::Herald,
        Kind::Templar,
        Kind::Legionary,
    ];

    /// The uppercase letter of epoch.md section 1.
    pub fn letter(self) -> char {
        match self {
            Kind::Pope => 'P',
            Kind::Emperor => 'E',
            Kind::Marshal => 'M',
            Kind::Assassin => 'A',
            Kind::Sentinel => 'S',
            Kind::Mage => 'G',
            Kind::Herald => 'H',
            Kind::Templar => 'T',
            Kind::Legionary => 'L',
        }
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_uppercase())
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Pope => "Pope",
            Kind::Emperor => "Emperor",
            Kind::Marshal => "Marshal",
            Kind::Assassin => "Assassin",
            Kind::Sentinel => "Sentinel",
            Kind::Mage => "Mage",
            Kind::Herald => "Herald",
            Kind::Templar => "Templar",
            Kind::Legionary => "Legionary",
        }
    }

    /// The picture the renderer draws for this kind.
    pub fn emblem(self) -> crate::rules::Emblem {
        use crate::rules::Emblem;
        match self {
            Kind::Pope => Emblem::Tiara,
            Kind::Emperor => Emblem::Crown,
            Kind::Marshal => Emblem::Star,
            Kind::Assassin => Emblem::Dagger,
            Kind::Sentinel => Emblem::Tower,
            Kind::Mage => Emblem::PointedHat,
            Kind::Herald => Emblem::Banner,
            Kind::Templar => Emblem::GreatHelm,
            Kind::Legionary => Emblem::Footman,
        }
    }

    /// Whether the piece has two versions, enhanced and restricted, decided by the zone.
    pub fn feels_zone(self) -> bool {
        !matches!(self, Kind::Pope | Kind::Emperor | Kind::Marshal)
    }

    /// Whether promotion can bring this kind back.
    pub fn claimable(self) -> bool {
        !matches!(self, Kind::Pope | Kind::Legionary)
    }
}

/// A piece: a kind and its owner.
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

/// A square index on the 13 x 13 board: `rank * 13 + file`.
pub type Sq = u8;

/// Which Sentinel the Pope castles with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wing {
    /// With the a-file Sentinel: `O-O-O`, the Pope to d1.
    A,
    /// With the m-file Sentinel: `O-O`, the Pope to j1.
    M,
}

/// An Epoch move. Every kind of move the rules have is its own variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A move to an empty square.
    Quiet {
        from: Sq,
        to: Sq,
    },
    /// A capture by landing on the victim's square.
    Capture {
        from: Sq,
        to: Sq,
    },
    /// A Legionary's arrival on its last rank, traded at once for a lost piece.
    Promotion {
        from: Sq,
        to: Sq,
        kind: Kind,
        capture: bool,
    },
    /// A Legionary on its last rank claims a lost piece as its whole move.
    Claim {
        at: Sq,
        kind: Kind,
    },
    /// An Assassin jumps the victim and lands beyond it (on a corner victim, on the corner).
    AssassinCapture {
        from: Sq,
        victim: Sq,
        to: Sq,
    },
    /// A Mage destroys what its ring allows and stays where it is.
    Blast {
        at: Sq,
    },
    /// A Legionary takes one that advanced from its starting rank to rank 7 last move.
    EnPassant {
        from: Sq,
        to: Sq,
        victim: Sq,
    },
    Castle {
        wing: Wing,
    },
}

impl Move {
    /// The square the moving piece starts from.
    pub fn from(&self, turn: Color) -> Sq {
        match *self {
            Move::Quiet { from, .. }
            | Move::Capture { from, .. }
            | Move::Promotion { from, .. }
            | Move::AssassinCapture { from, .. }
            | Move::EnPassant { from, .. } => from,
            Move::Claim { at, .. } | Move::Blast { at } => at,
            Move::Castle { .. } => castle_squares(turn, Wing::A).pope_from,
        }
    }

    /// The square the moving piece ends on.
    pub fn to(&self, turn: Color) -> Sq {
        match *self {
            Move::Quiet { to, .. }
            | Move::Capture { to, .. }
            | Move::Promotion { to, .. }
            | Move::AssassinCapture { to, .. }
            | Move::EnPassant { to, .. } => to,
            Move::Claim { at, .. } | Move::Blast { at } => at,
            Move::Castle { wing } => castle_squares(turn, wing).pope_to,
        }
    }
}

/// Where the Pope and the Sentinel stand before and after castling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastleSquares {
    pub pope_from: Sq,
    pub pope_to: Sq,
    pub sentinel_from: Sq,
    pub sentinel_to: Sq,
    /// The squares the Pope crosses, which must not be attacked.
    pub crossed: [Sq; 2],
}

/// epoch.md section 4: the Pope travels three files; the Sentinel lands on a crossed square.
pub fn castle_squares(color: Color, wing: Wing) -> CastleSquares {
    let base = match color {
        Color::White => 0,
        Color::Black => 12 * SIZE,
    };
    match wing {
        Wing::A => CastleSquares {
            pope_from: base + 6,
            pope_to: base + 3,
            sentinel_from: base,
            sentinel_to: base + 4,
            crossed: [base + 5, base + 4],
        },
        Wing::M => CastleSquares {
            pope_from: base + 6,
            pope_to: base + 9,
            sentinel_from: base + 12,
            sentinel_to: base + 8,
            crossed: [base + 7, base + 8],
        },
    }
}

/// Lost pieces not yet reclaimed: a count per owner, kind and file.
pub type LostPieces = [[[u8; SIZE as usize]; 9]; 2];

/// Up to eight squares on which the side to move may riposte, sorted by file then rank.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RiposteSquares {
    squares: [Sq; 8],
    len: u8,
}

impl RiposteSquares {
    pub fn as_slice(&self) -> &[Sq] {
        &self.squares[..self.len as usize]
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds a square, keeping the order of the position text (by file, then rank).
    pub fn insert(&mut self, sq: Sq) {
        if self.as_slice().contains(&sq) || self.len as usize == self.squares.len() {
            return;
        }
        self.squares[self.len as usize] = sq;
        self.len += 1;
        let key = |s: &Sq| (s % SIZE, s / SIZE);
        self.squares[..self.len as usize].sort_by_key(key);
    }
}

/// An Epoch position: the board and everything the position text records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    board: Board,
    turn: Color,
    /// Castling rights: `[color][wing]`, wing A = 0, M = 1.
    castling: [[bool; 2]; 2],
    /// The square a Legionary capturing en passant lands on.
    en_passant: Option<Sq>,
    riposte: RiposteSquares,
    lost: LostPieces,
    /// Plies since the last progress.
    clock: u32,
    move_number: u32,
}

/// The text of the start position (epoch.md section 2).
pub const START: &str = "sthgaepmaghts/13/lllllllllllll/13/13/13/13/13/13/13/LLLLLLLLLLLLL/13/STHGAEPMAGHTS w AMam - - - - 0 1";

impl Position {
    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn turn(&self) -> Color {
        self.turn
    }

    pub fn en_passant(&self) -> Option<Sq> {
        self.en_passant
    }

    pub fn riposte(&self) -> &[Sq] {
        self.riposte.as_slice()
    }

    pub fn castling(&self, color: Color, wing: Wing) -> bool {
        self.castling[color.index()][wing as usize]
    }

    pub fn lost(&self) -> &LostPieces {
        &self.lost
    }

    /// Plies since the last capture, blast, Legionary move or promotion.
    pub fn clock(&self) -> u32 {
        self.clock
    }

    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The no-progress limit in turns for the pieces now on the board (epoch.md section 8).
    pub fn no_progress_limit(&self) -> i64 {
        60 + 2 * (52 - self.board.count() as i64)
    }

    /// The piece on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        if sq.file >= SIZE || sq.rank >= SIZE {
            return None;
        }
        self.board.at(sq.rank * SIZE + sq.file)
    }

    /// The result the rules give, in the order of epoch.md section 8.
    fn judge(&self, has_moves: bool, occurrences: usize) -> Option<Outcome> {
        if !has_moves {
            return Some(if self.board.in_check(self.turn) {
                Outcome::Win {
                    winner: !self.turn,
                    reason: Reason::Checkmate,
                }
            } else {
                Outcome::Win {
                    winner: self.turn,
                    reason: Reason::Stalemate,
                }
            });
        }
        if occurrences >= 3 {
            // The player who just moved made the third occurrence and loses.
            return Some(Outcome::Win {
                winner: self.turn,
                reason: Reason::Repetition,
            });
        }
        if self.clock as i64 >= 2 * self.no_progress_limit() {
            return Some(Outcome::Draw {
                reason: Reason::NoProgress,
            });
        }
        if self.board.count() == 2 {
            return Some(Outcome::Draw {
                reason: Reason::InsufficientMaterial,
            });
        }
        None
    }
}

pub(crate) fn sq_of(square: Square) -> Sq {
    square.rank * SIZE + square.file
}

pub(crate) fn square_of(sq: Sq) -> Square {
    Square::new(sq % SIZE, sq / SIZE)
}

impl crate::rules::Variant for Position {
    type Move = Move;
    const ID: crate::rules::VariantId = crate::rules::VariantId::Epoch;
    const HAS_SWAP: bool = true;

    fn start() -> Self {
        Position::from_text(START).expect("the start position is valid")
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
        self.move_number
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        movegen::legal_moves(self, out)
    }

    fn play(&mut self, mv: &Move) {
        movegen::play(self, mv)
    }

    fn in_check(&self) -> bool {
        self.board.in_check(self.turn)
    }

    fn repetition_key(&self) -> u64 {
        fen::repetition_key(self)
    }

    fn reversible_plies(&self) -> u32 {
        self.clock
    }

    fn outcome(&self, has_moves: bool, occurrences: usize) -> Option<Outcome> {
        self.judge(has_moves, occurrences)
    }

    fn coordinate(&self, mv: &Move) -> String {
        notation::coordinate(self, mv)
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
        view::marks(self, mv)
    }

    fn board_view(&self) -> crate::rules::BoardView {
        view::board_view(self)
    }
}

/// Reads an Epoch position text (epoch.md section 2).
impl std::str::FromStr for Position {
    type Err = crate::rules::PositionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        fen::read(s)
    }
}

impl Position {
    /// Reads a position text.
    pub fn from_text(text: &str) -> Result<Self, crate::rules::PositionError> {
        fen::read(text)
    }
}

#[cfg(test)]
mod tests;
