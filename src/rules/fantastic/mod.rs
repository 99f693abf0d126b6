//! Fantastic XIII (docs/rules/fantastic-xiii.md), Jean-Louis Cazaux's 13x13 game of thirteen
//! piece kinds: leapers at distance 2 and 3, four bent riders, a King with an initial
//! two-square jump instead of castling, Pawns and a Prince that double-step from any rank, and
//! automatic promotions. Otherwise it ends as chess does.

mod movegen;
mod notation;
mod text;
mod view;

use crate::rules::piece::piece_kinds;
use crate::rules::{orthodox_outcome, Cells, Clock, Color, Outcome, Rules, VariantId};

/// The board is 13 x 13.
pub const SIZE: u8 = 13;
/// The number of squares.
pub const CELLS: usize = 169;

piece_kinds! {
    /// The thirteen kinds of piece, with the letters of the rules table. The order is part of
    /// the repetition key, not of any text.
    pub enum Kind {
        King = 'K', King; Pawn = 'P', Pawn; Prince = 'I', Prince;
        Troll = 'T', Troll; Snake = 'N', Snake; Ship = 'S', Ship;
        Squirrel = 'Q', Squirrel; Hawk = 'H', Hawk; Mammoth = 'M', Mammoth;
        Cheetah = 'C', Cheetah; Eagle = 'E', Eagle; Rhinoceros = 'U', Rhinoceros;
        Direwolf = 'O', Direwolf;
    }
}

impl Kind {
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

pub type Piece = crate::rules::Piece<Kind>;

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
    /// The squares the moving piece starts from and ends on.
    pub fn ends(&self) -> (Sq, Sq) {
        match *self {
            Move::Normal { from, to, .. }
            | Move::DoubleStep { from, to, .. }
            | Move::EnPassant { from, to }
            | Move::KingJump { from, to } => (from, to),
        }
    }

    pub fn from(&self) -> Sq {
        self.ends().0
    }

    pub fn to(&self) -> Sq {
        self.ends().1
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

/// The square of the piece an en passant capture from `from` to `to` takes: beside the
/// mover, on the destination's file.
pub fn passed(from: Sq, to: Sq) -> Sq {
    (from / SIZE) * SIZE + to % SIZE
}

/// A Fantastic XIII position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    cells: Cells<Kind, CELLS>,
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

impl Position {
    pub fn at(&self, sq: Sq) -> Option<Piece> {
        self.cells[sq as usize]
    }
}

impl Rules for Position {
    type Move = Move;
    const ID: VariantId = VariantId::Fantastic;

    /// As in chess; only two bare Kings are too little material.
    fn outcome(&self, has_moves: bool, occurrences: usize) -> Option<Outcome> {
        orthodox_outcome(self, has_moves, occurrences, || {
            self.cells.iter().flatten().count() == 2
        })
    }

    /// The rules draw only bare Kings and say nothing of time; a side can win while it has a
    /// piece besides its King.
    fn can_win(&self, color: Color) -> bool {
        self.cells
            .iter()
            .flatten()
            .any(|p| p.color == color && p.kind != Kind::King)
    }

    fn clock(&self) -> Clock {
        Clock::new(self.turn, self.fullmoves, self.halfmoves)
    }
}
