//! AGEIOU (docs/rules/ageiou.md): 10x10 chess without check. A king may swap places with
//! one of its bishops and is saved by them when captured; Vertags build one-way portals whose
//! exit is the entrance turned 90 degrees about the centre. Game options set the building time
//! and the draw limits.

mod movegen;
mod notation;
mod text;
mod view;

use std::sync::OnceLock;

use crate::rules::geometry::Geometry;
use crate::rules::piece::piece_kinds;
use crate::rules::{
    Cells, Clock, Color, GameOptions, OptionsError, Outcome, Reason, Rules, VariantId,
};

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

piece_kinds! {
    /// The seven kinds of piece, with the letters of the position text.
    pub enum Kind {
        King = 'K', King; Councillor = 'Q', Councillor; Boat = 'B', Boat;
        Bishop = 'C', Bishop; Knight = 'N', Knight; Vertag = 'V', Vertag;
        Pawn = 'P', Pawn;
    }
}

impl Kind {
    /// What a pawn may become, in the order of the coordinate letters `q b c n v`.
    pub const PROMOTIONS: [Kind; 5] = [
        Kind::Councillor,
        Kind::Boat,
        Kind::Bishop,
        Kind::Knight,
        Kind::Vertag,
    ];
}

pub type Piece = crate::rules::Piece<Kind>;

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
    cells: Cells<Kind, CELLS>,
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
}

impl Rules for Position {
    type Move = Move;
    const ID: VariantId = VariantId::Ageiou;

    /// In the order of ageiou.md: a side without a king (and none to place) has lost; the side
    /// to move without a move loses; repetition and the fifty-move rule draw.
    fn outcome(&self, has_moves: bool, occurrences: usize) -> Option<Outcome> {
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
        let draw = |reason| Some(Outcome::Draw { reason });
        if occurrences >= self.options.repetitions as usize {
            draw(Reason::Repetition)
        } else if self.halfmoves >= 2 * self.options.fifty as u32 {
            draw(Reason::NoProgress)
        } else {
            None
        }
    }

    /// Always: "a bare king plays on" (ageiou.md, end of game), and with no check a king can
    /// still take the enemy king once that has no bishop left.
    fn can_win(&self, _color: Color) -> bool {
        true
    }

    fn options(&self) -> GameOptions {
        self.options
    }

    fn set_options(&mut self, options: GameOptions) -> Result<(), OptionsError> {
        self.options = options.validate()?;
        Ok(())
    }

    fn clock(&self) -> Clock {
        Clock::new(self.turn, self.fullmoves, self.halfmoves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exits_turn_the_board_a_quarter() {
        let sq = |t: &str| geometry().parse(t).unwrap();
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
