//! Empire Chess's evaluation (docs/rules/empire.md).
//!
//! The Kingdom (Black) keeps chess's values. The Empire's pieces all move like queens, so their
//! worth is set by how they capture, the only way they attack or defend: the Tower captures like
//! a rook and is worth a little more than one (650), the Eagle (a knight's capture) and the
//! Cardinal (a bishop's) 500, above their chess namesakes for the queen's mobility, the Duke
//! (a king's capture, so it must walk up to its victim) 400, and the Soldier, a pawn that also
//! steps and captures sideways but never promotes, 180. A promoted queen is 900.
//!
//! Campmate, a king on the far rank, wins outright, so a king's advance is worth 25 a rank once
//! the enemy has little left to stop it (under 1500 of pieces), while in the middlegame the king
//! stays home (-10 a rank). Minor pieces want the centre (5 a step), pawns to advance. Mobility
//! is 3 a legal move: the Empire's queen-like moves give it many more moves than the Kingdom has,
//! and that surplus is its compensation, not a gain to count in full.

use super::chess::{board8_ordering, off_centre, orthodox, ranks_up, sum_pieces, SQUARES};
use super::Evaluate;
use crate::rules::board8::Move;
use crate::rules::empire::{Kind, Position};

fn value(kind: Kind) -> i32 {
    match kind {
        Kind::Tower => 650,
        Kind::Eagle | Kind::Cardinal => 500,
        Kind::Duke => 400,
        Kind::Soldier => 180,
        chess_piece => orthodox(chess_piece.letter()),
    }
}

/// Each side's pieces other than king and pawns, in centipawns.
fn pieces(pos: &Position) -> [i32; 2] {
    let mut out = [0; 2];
    for sq in 0..64 {
        if let Some(p) = pos.at(sq) {
            if !matches!(p.kind, Kind::King | Kind::Pawn | Kind::Soldier) {
                out[p.color.index()] += value(p.kind);
            }
        }
    }
    out
}

impl Evaluate for Position {
    const MOBILITY: i32 = 3;
    const SQUARES: usize = SQUARES;

    fn evaluate(&self) -> i32 {
        let material = pieces(self);
        sum_pieces(self, |p, sq| {
            let up = ranks_up(p.color, sq);
            let place = match p.kind {
                Kind::Knight | Kind::Bishop | Kind::Eagle | Kind::Cardinal | Kind::Duke => {
                    -5 * off_centre(sq)
                }
                Kind::Pawn | Kind::Soldier => 6 * up,
                Kind::King if material[(!p.color).index()] < 1500 => 25 * up,
                Kind::King => -10 * up,
                _ => 0,
            };
            value(p.kind) + place
        })
    }

    board8_ordering!(value);
}
