//! Chess 13: Epoch, as the rulebook and docs/rules/epoch.md define it.
//!
//! The position is a mailbox of 169 cells with the royal and zone-giving pieces tracked;
//! moves are generated pseudo-legally and filtered by playing them on a copy of the board and
//! asking whether the mover's Pope is in check (epoch.md sections 3 and 5).

mod board;
mod movegen;
mod notation;
mod refusal;
mod text;
mod view;

pub use board::{Board, COMMAND_SQUARE, SIZE};

use crate::rules::piece::piece_kinds;
use crate::rules::{Clock, Color, Outcome, Reason, Rules, VariantId};

piece_kinds! {
    /// The nine kinds of Epoch piece, with the letters of epoch.md section 1.
    pub enum Kind {
        Pope = 'P', Tiara; Emperor = 'E', Crown; Marshal = 'M', Star;
        Assassin = 'A', Dagger; Sentinel = 'S', Tower; Mage = 'G', PointedHat;
        Herald = 'H', Banner; Templar = 'T', GreatHelm; Legionary = 'L', Footman;
    }
}

impl Kind {
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
pub type Piece = crate::rules::Piece<Kind>;

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
    /// The squares the moving piece starts from and ends on (the Pope's, for castling).
    pub fn ends(&self, turn: Color) -> (Sq, Sq) {
        match *self {
            Move::Quiet { from, to, .. }
            | Move::Capture { from, to, .. }
            | Move::Promotion { from, to, .. }
            | Move::AssassinCapture { from, to, .. }
            | Move::EnPassant { from, to, .. } => (from, to),
            Move::Claim { at, .. } | Move::Blast { at } => (at, at),
            Move::Castle { wing } => {
                let squares = castle_squares(turn, wing);
                (squares.pope_from, squares.pope_to)
            }
        }
    }

    /// The square the moving piece starts from.
    pub fn from(&self, turn: Color) -> Sq {
        self.ends(turn).0
    }

    /// The square the moving piece ends on.
    pub fn to(&self, turn: Color) -> Sq {
        self.ends(turn).1
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// The pieces, for readers that need more than the position text (the engine).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The lost pieces not yet reclaimed, `[owner][kind][file]`.
    pub fn lost(&self) -> &LostPieces {
        &self.lost
    }

    pub fn castling(&self, color: Color, wing: Wing) -> bool {
        self.castling[color.index()][wing as usize]
    }

    /// The no-progress limit in turns for the pieces now on the board (epoch.md section 8).
    pub fn no_progress_limit(&self) -> i64 {
        60 + 2 * (52 - self.board.count() as i64)
    }
}

impl Rules for Position {
    type Move = Move;
    const ID: VariantId = VariantId::Epoch;
    const HAS_SWAP: bool = true;

    /// The result the rules give, in the order of epoch.md section 8.
    fn outcome(&self, has_moves: bool, occurrences: usize) -> Option<Outcome> {
        let win = |winner, reason| Some(Outcome::Win { winner, reason });
        if !has_moves {
            return if self.board.in_check(self.turn) {
                win(!self.turn, Reason::Checkmate)
            } else {
                win(self.turn, Reason::Stalemate)
            };
        }
        if occurrences >= 3 {
            // The player who just moved made the third occurrence and loses.
            return win(self.turn, Reason::Repetition);
        }
        let draw = |reason| Some(Outcome::Draw { reason });
        if self.clock as i64 >= 2 * self.no_progress_limit() {
            draw(Reason::NoProgress)
        } else if self.board.count() == 2 {
            draw(Reason::InsufficientMaterial)
        } else {
            None
        }
    }

    /// A side that has more than its Pope: a time-out against a bare Pope is a draw
    /// (epoch.md section 8).
    fn can_win(&self, color: Color) -> bool {
        self.board
            .cells
            .iter()
            .flatten()
            .any(|p| p.color == color && p.kind != Kind::Pope)
    }

    fn clock(&self) -> Clock {
        Clock::new(self.turn, self.move_number, self.clock)
    }
}

#[cfg(test)]
mod tests;
