//! The 8x8 helpers chess and Empire Chess share: squares' distance from the centre and from a
//! side's back rank, a sum over the pieces, the orthodox pieces' values, and the move-ordering
//! half of [`Evaluate`](super::Evaluate) for an 8x8 army.

use crate::rules::board8::{Army, Board8, Move};
use crate::rules::{Color, Piece};

pub(super) const SQUARES: usize = 64;

/// Steps from the four centre squares, 0 to 3.
pub(super) fn off_centre(sq: u8) -> i32 {
    let (f, r) = (i32::from(sq % 8), i32::from(sq / 8));
    let df = if f < 4 { 3 - f } else { f - 4 };
    let dr = if r < 4 { 3 - r } else { r - 4 };
    df.max(dr)
}

/// Ranks a piece of `color` on `sq` has come from its own back rank.
pub(super) fn ranks_up(color: Color, sq: u8) -> i32 {
    match color {
        Color::White => i32::from(sq / 8),
        Color::Black => 7 - i32::from(sq / 8),
    }
}

/// The side to move's score from a value and placement for each piece.
pub(super) fn sum_pieces<K: Army>(pos: &Board8<K>, worth: impl Fn(Piece<K>, u8) -> i32) -> i32 {
    let mut score = [0i32; 2];
    for sq in 0..SQUARES as u8 {
        if let Some(p) = pos.at(sq) {
            score[p.color.index()] += worth(p, sq);
        }
    }
    let us = pos.turn.index();
    score[us] - score[1 - us]
}

/// The move-ordering half of [`Evaluate`] for an 8x8 army whose piece values are `value`:
/// the same for chess and Empire Chess.
macro_rules! board8_ordering {
    ($value:path) => {
        fn gain(&self, mv: &Move<Kind>) -> i32 {
            $crate::engine::board8::gain8(self, mv, $value)
        }

        fn mover_value(&self, mv: &Move<Kind>) -> i32 {
            $crate::engine::board8::mover8(self, mv, $value)
        }

        fn noisy(&self, mv: &Move<Kind>) -> bool {
            $crate::engine::board8::noisy8(mv)
        }

        $crate::engine::square_moves!(Move<Kind>, $crate::engine::board8::SQUARES);

        fn null_move(&self) -> Option<Self> {
            $crate::engine::board8::has_pieces(self).then(|| self.pass_turn())
        }
    };
}
pub(super) use board8_ordering;

/// Whether the side to move has a piece besides its king and pawns (Empire's Soldiers count
/// as pawns): without one, passing may be its best move and null-move pruning is unsound.
pub(super) fn has_pieces<K: Army>(pos: &Board8<K>) -> bool {
    (0..SQUARES as u8).any(|sq| {
        pos.at(sq).is_some_and(|p| {
            p.color == pos.turn && p.kind != K::PAWN && p.kind != K::KING && p.kind.letter() != 'S'
        })
    })
}

/// What a move on the 8x8 board wins: its victim, and a promotion's gain over a pawn.
pub(super) fn gain8<K: Army>(pos: &Board8<K>, mv: &Move<K>, value: impl Fn(K) -> i32) -> i32 {
    match *mv {
        Move::Normal { to, promotion, .. } => {
            pos.at(to).map_or(0, |p| value(p.kind))
                + promotion.map_or(0, |k| value(k) - value(K::PAWN))
        }
        Move::EnPassant { .. } => value(K::PAWN),
        Move::Castle { .. } => 0,
    }
}

pub(super) fn noisy8<K>(mv: &Move<K>) -> bool {
    matches!(
        mv,
        Move::EnPassant { .. }
            | Move::Normal { capture: true, .. }
            | Move::Normal {
                promotion: Some(_),
                ..
            }
    )
}

pub(super) fn mover8<K: Army>(pos: &Board8<K>, mv: &Move<K>, value: impl Fn(K) -> i32) -> i32 {
    pos.at(mv.from()).map_or(0, |p| value(p.kind))
}

/// What the orthodox pieces are worth in centipawns, by their letter: chess's, and those of
/// Empire Chess's side that are chess pieces. The king is beyond price and counts nothing.
pub(super) fn orthodox(letter: char) -> i32 {
    match letter {
        'Q' => 900,
        'R' => 500,
        'B' => 330,
        'N' => 320,
        'P' => 100,
        _ => 0,
    }
}
