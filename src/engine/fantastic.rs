//! Fantastic XIII's evaluation (docs/rules/fantastic-xiii.md).
//!
//! No published values exist, so they come from what each piece reaches on an open board, on
//! the chess scale (pawn 100), discounted for the 13x13 board, where a short leaper needs many
//! moves to cross:
//!
//! - leapers by their targets: the Squirrel, Hawk and Mammoth (16 each; the Mammoth's steps
//!   also guard its neighbours) 450, the Cheetah (24) 500, the Direwolf (40, never blocked:
//!   queen class) 900;
//! - bent riders by their branches: the Snake (two first steps, each forking into two diagonal
//!   slides, changing colour) 400, the Ship (four diagonal steps, each into a long vertical
//!   slide) 500, their promoted forms the Eagle and the Rhinoceros (eight branches) 800;
//! - the Prince (a non-royal king with the pawn's double step, promoting to a Direwolf) 300, the
//!   Troll (eight three-square leaps and a pawn's step, also promoting) 350, the Pawn 100.
//!
//! Placement: pieces want the centre (4 a step closer, up to 6 steps); pawns and Princes gain
//! 8 a rank advanced and 30 more on each of the last three ranks before promotion to a
//! Direwolf; the King stays home while the enemy has an army (-10 a rank). Mobility is 2 a
//! legal move: a side has over a hundred, so only large differences should matter.

use super::Evaluate;
use crate::rules::fantastic::{passed, Kind, Move, Position, SIZE};
use crate::rules::{Color, Rules};

const SQUARES: usize = SIZE as usize * SIZE as usize;

fn value(kind: Kind) -> i32 {
    match kind {
        Kind::King => 0,
        Kind::Pawn => 100,
        Kind::Prince => 300,
        Kind::Troll => 350,
        Kind::Snake => 400,
        Kind::Ship => 500,
        Kind::Squirrel | Kind::Hawk | Kind::Mammoth => 450,
        Kind::Cheetah => 500,
        Kind::Eagle | Kind::Rhinoceros => 800,
        Kind::Direwolf => 900,
    }
}

fn off_centre(sq: u8) -> i32 {
    let (f, r) = (i32::from(sq % SIZE), i32::from(sq / SIZE));
    (f - 6).abs().max((r - 6).abs())
}

fn ranks_up(color: Color, sq: u8) -> i32 {
    match color {
        Color::White => i32::from(sq / SIZE),
        Color::Black => 12 - i32::from(sq / SIZE),
    }
}

impl Evaluate for Position {
    const MOBILITY: i32 = 2;
    const SQUARES: usize = SQUARES;

    fn evaluate(&self) -> i32 {
        let mut score = [0i32; 2];
        let mut army = [0i32; 2];
        for sq in 0..SQUARES as u8 {
            if let Some(p) = self.at(sq) {
                army[p.color.index()] += value(p.kind);
            }
        }
        for sq in 0..SQUARES as u8 {
            let Some(p) = self.at(sq) else { continue };
            let up = ranks_up(p.color, sq);
            let place = match p.kind {
                Kind::Pawn | Kind::Prince => 8 * (up - 3).max(0) + 30 * (up - 9).max(0),
                Kind::King if army[(!p.color).index()] > 2000 => -10 * up,
                Kind::King => -4 * off_centre(sq),
                _ => -4 * off_centre(sq),
            };
            score[p.color.index()] += value(p.kind) + place;
        }
        let us = self.turn().index();
        score[us] - score[1 - us]
    }

    fn gain(&self, mv: &Move) -> i32 {
        let victim = match *mv {
            Move::Normal {
                to, capture: true, ..
            } => self.at(to).map_or(0, |p| value(p.kind)),
            Move::EnPassant { from, to } => self.at(passed(from, to)).map_or(0, |p| value(p.kind)),
            _ => 0,
        };
        let promotion = match (mv.promotion(), self.at(mv.from())) {
            (Some(k), Some(p)) => value(k) - value(p.kind),
            _ => 0,
        };
        victim + promotion
    }

    fn mover_value(&self, mv: &Move) -> i32 {
        self.at(mv.from()).map_or(0, |p| value(p.kind))
    }

    fn noisy(&self, mv: &Move) -> bool {
        mv.is_capture() || mv.promotion().is_some()
    }

    super::square_moves!(Move, SQUARES);

    fn null_move(&self) -> Option<Position> {
        let us = self.turn();
        let pieces = (0..SQUARES as u8).any(|sq| {
            self.at(sq).is_some_and(|p| {
                p.color == us && !matches!(p.kind, Kind::King | Kind::Pawn | Kind::Prince)
            })
        });
        pieces.then(|| self.pass_turn())
    }
}
