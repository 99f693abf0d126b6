//! Empire Chess (docs/rules/empire.md): White is the Empire, whose Tower, Eagle, Cardinal and
//! Duke move like queens but capture (and so check) like a rook, knight, bishop and king;
//! Soldiers step forward or sideways. Black is the orthodox Kingdom. A king reaching the far
//! rank wins (campmate), the two kings may never face each other on an open file or rank,
//! stalemate loses, and the player who makes a position occur a third time loses. The board,
//! the moves and the FEN are the 8x8 core of [`crate::rules::board8`].

mod movegen;
mod notation;
mod text;
mod view;

use crate::rules::board8::{self, Army, Board8};
use crate::rules::piece::piece_kinds;
use crate::rules::{Clock, Color, Outcome, Reason, Rules, VariantId};

piece_kinds! {
    /// Both armies' kinds: the Kingdom's chess pieces, then the Empire's own.
    pub enum Kind {
        King = 'K', King; Queen = 'Q', Queen; Rook = 'R', Rook;
        Bishop = 'B', Bishop; Knight = 'N', Knight; Pawn = 'P', Pawn;
        Tower = 'T', Tower; Eagle = 'E', Eagle; Cardinal = 'C', Cardinal;
        Duke = 'D', Duke; Soldier = 'S', Shield;
    }
}

impl Kind {
    /// The name as the side of `color` calls it: the Empire's king is the Kaiser.
    pub fn name_for(self, color: Color) -> &'static str {
        match self {
            Kind::King if color == Color::White => "Kaiser",
            _ => self.name(),
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

impl Army for Kind {
    const KING: Kind = Kind::King;
    const PAWN: Kind = Kind::Pawn;
    const ROOK: Kind = Kind::Rook;
}

pub type Piece = crate::rules::Piece<Kind>;

/// An Empire Chess move (a promotion is always to a queen).
pub type Move = board8::Move<Kind>;

/// An Empire Chess position (only Black has castling rights).
pub type Position = Board8<Kind>;

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1";

impl Rules for Position {
    type Move = Move;
    const ID: VariantId = VariantId::Empire;

    fn outcome(&self, has_moves: bool, occurrences: usize) -> Option<Outcome> {
        let mover = !self.turn;
        let win = |winner, reason| Some(Outcome::Win { winner, reason });
        // Campmate: the player who just moved brought its king to the far rank.
        let far = if mover == Color::White { 7 } else { 0 };
        if self.kings[mover.index()] / 8 == far {
            return win(mover, Reason::Campmate);
        }
        if !has_moves {
            let reason = if movegen::in_check(self, self.turn) {
                Reason::Checkmate
            } else {
                Reason::Stalemate
            };
            return win(mover, reason);
        }
        if occurrences >= 3 {
            return win(self.turn, Reason::Repetition);
        }
        (self.halfmoves >= 100).then_some(Outcome::Draw {
            reason: Reason::NoProgress,
        })
    }

    /// Always: there is no insufficient material, a bare king can still reach its campmate
    /// rank (empire.md, end of game).
    fn can_win(&self, _color: Color) -> bool {
        true
    }

    fn clock(&self) -> Clock {
        Clock::new(self.turn, self.fullmoves, self.halfmoves)
    }
}
