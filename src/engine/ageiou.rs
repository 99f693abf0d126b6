//! AGEIOU's evaluation (docs/rules/ageiou.md).
//!
//! There is no check: kings are really captured, and the rules' outcome ends the game when one
//! is gone with no bishop to save it. So the bishops are the king's lives: each is worth its
//! chess value (330) and the last one 250 more, since losing it makes the next capture of the
//! king the end. A captured king with a bishop left costs that bishop (the move's gain is the
//! bishop and a tempo, 500); without one it is the game (5000, for ordering only: the outcome
//! scores it exactly).
//!
//! The rest on the chess scale, adjusted for 10x10: the Councillor (a queen) 900, the Boat (a
//! rook) 500, the Knight 280 (a short leaper on a bigger board), the Vertag 250 (a king's step
//! and the portals it builds), the Pawn 100 and 8 a rank advanced. The king wants friends, not
//! enemies, near it: -20 for each enemy piece within two steps, -60 once it has no bishop left.
//! Mobility is 3 a legal move.

use super::Evaluate;
use crate::rules::ageiou::{Kind, Move, Position, SIZE};
use crate::rules::{Color, Rules};

const SQUARES: usize = SIZE as usize * SIZE as usize;

fn value(kind: Kind) -> i32 {
    match kind {
        Kind::King => 0,
        Kind::Councillor => 900,
        Kind::Boat => 500,
        Kind::Bishop => 330,
        Kind::Knight => 280,
        Kind::Vertag => 250,
        Kind::Pawn => 100,
    }
}

const LAST_BISHOP: i32 = 250;

fn distance(a: u8, b: u8) -> u8 {
    let (fa, ra, fb, rb) = (a % SIZE, a / SIZE, b % SIZE, b / SIZE);
    fa.abs_diff(fb).max(ra.abs_diff(rb))
}

fn ranks_up(color: Color, sq: u8) -> i32 {
    match color {
        Color::White => i32::from(sq / SIZE),
        Color::Black => 9 - i32::from(sq / SIZE),
    }
}

fn bishops(pos: &Position, color: Color) -> usize {
    (0..SQUARES as u8)
        .filter(|&sq| {
            pos.at(sq)
                .is_some_and(|p| p.color == color && p.kind == Kind::Bishop)
        })
        .count()
}

impl Evaluate for Position {
    const MOBILITY: i32 = 3;
    const SQUARES: usize = SQUARES;

    fn evaluate(&self) -> i32 {
        let mut score = [0i32; 2];
        let mut kings = [None; 2];
        let mut lives = [0; 2];
        for sq in 0..SQUARES as u8 {
            let Some(p) = self.at(sq) else { continue };
            let c = p.color.index();
            score[c] += value(p.kind);
            match p.kind {
                Kind::Pawn => score[c] += 8 * (ranks_up(p.color, sq) - 2).max(0),
                Kind::King => kings[c] = Some(sq),
                Kind::Bishop => lives[c] += 1,
                _ => {}
            }
        }
        for color in Color::BOTH {
            let c = color.index();
            if lives[c] == 1 {
                score[c] += LAST_BISHOP;
            }
            let Some(king) = kings[c] else { continue };
            let near = (0..SQUARES as u8)
                .filter(|&sq| distance(sq, king) <= 2)
                .filter(|&sq| self.at(sq).is_some_and(|p| p.color != color))
                .count() as i32;
            score[c] -= near * if lives[c] == 0 { 60 } else { 20 };
        }
        let us = self.turn().index();
        score[us] - score[1 - us]
    }

    fn gain(&self, mv: &Move) -> i32 {
        let Move::Normal { to, promotion, .. } = *mv else {
            return 0;
        };
        let victim = match self.at(to) {
            Some(p) if p.color == self.turn() => 0,
            Some(p) if p.kind == Kind::King => {
                if bishops(self, p.color) > 0 {
                    500
                } else {
                    5000
                }
            }
            Some(p) => value(p.kind),
            None => 0,
        };
        victim + promotion.map_or(0, |k| value(k) - value(Kind::Pawn))
    }

    fn mover_value(&self, mv: &Move) -> i32 {
        self.at(mv.from()).map_or(0, |p| value(p.kind))
    }

    fn noisy(&self, mv: &Move) -> bool {
        matches!(
            mv,
            Move::Normal { capture: true, .. }
                | Move::Normal {
                    promotion: Some(_),
                    ..
                }
        )
    }

    // A capture through a portal lands on the victim's square too. AGEIOU has no null move:
    // with no check, a side may be in zugzwang anywhere.
    super::square_moves!(Move, SQUARES);
}
