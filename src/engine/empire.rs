//! Empire Chess's evaluation (docs/rules/empire.md).
//!
//! The Kingdom (Black) keeps chess's values. The Empire's pieces all move like queens, so their
//! worth is set by how they capture, the only way they attack or defend, with something for
//! the queen's moves: the Tower captures like a rook (550), the Eagle (a knight's capture) and
//! the Cardinal (a bishop's) 430, the Duke (a king's capture, so it must walk up to its victim)
//! 350, and the Soldier, a pawn that also steps and captures sideways but never promotes, 130.
//! A promoted queen is 900. The armies are then worth the same at the start (4030 against
//! 4000), as the game's designer meant them to be: priced above that (Tower 650, the Eagle
//! and Cardinal 500, the Duke 400, the Soldier 180), the Empire began 660 ahead, and every
//! review and draw offer read the start as won for White.
//!
//! Campmate, a king on the far rank, wins outright, so a king's advance is worth 25 a rank once
//! the enemy has little left to stop it (under 1500 of pieces), while in the middlegame the king
//! stays home (-10 a rank). Minor pieces want the centre (5 a step), pawns to advance. Mobility
//! is 3 a legal move: the Empire's queen-like moves give it many more moves than the Kingdom has,
//! and that surplus is its compensation, not a gain to count in full.

use super::board8::{board8_ordering, off_centre, orthodox, ranks_up, sum_pieces, SQUARES};
use super::Evaluate;
use crate::rules::board8::Move;
use crate::rules::empire::{Kind, Position};

fn value(kind: Kind) -> i32 {
    match kind {
        Kind::Tower => 550,
        Kind::Eagle | Kind::Cardinal => 430,
        Kind::Duke => 350,
        Kind::Soldier => 130,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{search_game, Limits};
    use crate::rules::empire::START;
    use crate::rules::{Game, PositionText};
    use std::sync::atomic::AtomicBool;

    #[test]
    fn the_two_armies_start_level() {
        // The armies the designer balanced are worth the same to the engine: neither its
        // static score nor a search from the start reads the game as won for either side.
        let start = Position::from_text(START).unwrap();
        assert!(start.evaluate().abs() <= 100, "{}", start.evaluate());
        let found =
            search_game(&Game::new(start), Limits::depth(5), &AtomicBool::new(false)).unwrap();
        assert!(found.score.abs() <= 150, "{found:?}");
    }
}
