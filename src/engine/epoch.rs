//! Chess 13: Epoch's evaluation (docs/rules/epoch.md; reasoning also in docs/engine.md).
//!
//! Material follows the rulebook's own table (section 15, on the chess scale of pawn = 100),
//! read for the version a piece is in *now*, but softened: a zone-bound piece counts its
//! restricted value plus five eighths of the difference to its enhanced one inside its
//! Marshal's zone, half of it outside, and its restricted value alone once the Marshal is lost.
//! The whole difference (a Sentinel's 300) would make one quiet move into the zone worth a
//! piece, and every search's score would swing by that much with whose turn it is; at an
//! eighth, the zone is worth what a developing move is in chess (the search sees the enhanced
//! moves themselves), and losing the Marshal still costs every piece half its difference, the
//! rulebook's "more in practice" for the Marshal, so the Marshal's own figure is kept at 1100.
//!
//! - Emperor: 1500 awake (a queen on 13x13). Dormant, 1000: it can neither move nor be taken,
//!   so it is a safe but idle reserve, woken only by an attack or the Marshal's loss.
//! - Legionary: 200, and 5 a rank advanced (it promotes by reclaiming a lost piece, and before
//!   rank 7 it strides to the middle in one move, so advance is worth little until late).
//! - Pope: beyond value (the rules' outcome decides mate); its safety counts instead: +20 for
//!   each own piece next to it (up to three), -25 for each awake enemy piece within two king
//!   steps, and -80 more for an enemy Mage that close, which blasts the Pope after one step.
//! - Mobility: 2 a legal move (the search adds it): 13x13 gives some 80 moves a side at the
//!   start, and one developing move adds ten or more, so at 2 a move it is worth what a
//!   developing move is in chess, not the third of a Legionary that 3 made it.

use super::Evaluate;
use crate::rules::epoch::{Board, Kind, Move, Position, SIZE};
use crate::rules::key::KeyBuilder;
use crate::rules::{Color, Rules};

const SQUARES: usize = SIZE as usize * SIZE as usize;

/// A kind's worth: (enhanced, restricted); one value for the kinds the zone does not change.
fn kind_value(kind: Kind) -> (i32, i32) {
    match kind {
        Kind::Pope => (0, 0),
        Kind::Emperor => (1500, 1500),
        Kind::Marshal => (1100, 1100),
        Kind::Assassin => (1000, 700),
        Kind::Sentinel => (900, 600),
        Kind::Mage => (800, 500),
        Kind::Herald => (700, 500),
        Kind::Templar => (700, 500),
        Kind::Legionary => (200, 200),
    }
}

const DORMANT_EMPEROR: i32 = 1000;

/// The worth of the piece on `sq` as it stands.
fn value_at(b: &Board, sq: u8) -> i32 {
    let Some(p) = b.at(sq) else { return 0 };
    if b.is_dormant(p) {
        return DORMANT_EMPEROR;
    }
    let (enhanced, restricted) = kind_value(p.kind);
    if !p.kind.feels_zone() {
        return enhanced;
    }
    // Half the difference is the piece's for having a Marshal at all; the zone itself gives
    // an eighth more. Most pieces enter the zone in one move, so its whole difference (200
    // to 300) as the worth of one quiet move made every move look like a piece won and the
    // scores swing with whose turn it was.
    let eighth = (enhanced - restricted) / 8;
    if b.marshal[p.color.index()].is_none() {
        restricted
    } else if b.enhanced(p.color, sq) {
        restricted + 5 * eighth
    } else {
        restricted + 4 * eighth
    }
}

fn distance(a: u8, b: u8) -> u8 {
    let (fa, ra, fb, rb) = (a % SIZE, a / SIZE, b % SIZE, b / SIZE);
    fa.abs_diff(fb).max(ra.abs_diff(rb))
}

/// The Pope's shelter and the enemy pieces near it, for `color`.
fn pope_safety(b: &Board, color: Color) -> i32 {
    let Some(pope) = b.pope[color.index()] else {
        return 0;
    };
    let (mut shelter, mut danger) = (0, 0);
    for sq in 0..SQUARES as u8 {
        let Some(p) = b.at(sq) else { continue };
        let d = distance(sq, pope);
        if d == 0 || d > 2 {
            continue;
        }
        if p.color == color {
            shelter += i32::from(d == 1);
        } else if !b.is_dormant(p) {
            danger += 25 + if p.kind == Kind::Mage { 80 } else { 0 };
        }
    }
    20 * shelter.min(3) - danger
}

/// How far a Legionary on `sq` has come from its starting rank.
fn advance(color: Color, sq: u8) -> i32 {
    let rank = i32::from(sq / SIZE);
    match color {
        Color::White => (rank - 2).max(0),
        Color::Black => (10 - rank).max(0),
    }
}

impl Evaluate for Position {
    const MOBILITY: i32 = 2;
    const SQUARES: usize = SQUARES;
    const PAWN: i32 = 150;

    fn evaluate(&self) -> i32 {
        let b = self.board();
        let mut score = [0i32; 2];
        for sq in 0..SQUARES as u8 {
            let Some(p) = b.at(sq) else { continue };
            let mut v = value_at(b, sq);
            if p.kind == Kind::Legionary {
                v += 5 * advance(p.color, sq);
            }
            score[p.color.index()] += v;
        }
        for color in Color::BOTH {
            score[color.index()] += pope_safety(b, color);
        }
        let us = self.turn().index();
        score[us] - score[1 - us]
    }

    fn gain(&self, mv: &Move) -> i32 {
        let b = self.board();
        let us = self.turn();
        match *mv {
            Move::Quiet { .. } | Move::Castle { .. } => 0,
            Move::Capture { to, .. } => value_at(b, to),
            Move::AssassinCapture { victim, .. } | Move::EnPassant { victim, .. } => {
                value_at(b, victim)
            }
            Move::Promotion {
                to, kind, capture, ..
            } => kind_value(kind).0 - 200 + if capture { value_at(b, to) } else { 0 },
            Move::Claim { kind, .. } => kind_value(kind).0 - 200,
            Move::Blast { at } => b
                .blast_victims(us, at)
                .map(|sq| match b.at(sq) {
                    Some(p) if p.color == us => -value_at(b, sq),
                    _ => value_at(b, sq),
                })
                .sum(),
        }
    }

    fn mover_value(&self, mv: &Move) -> i32 {
        value_at(self.board(), mv.from(self.turn()))
    }

    fn noisy(&self, mv: &Move) -> bool {
        !matches!(mv, Move::Quiet { .. } | Move::Castle { .. })
    }

    fn history_index(&self, mv: &Move) -> usize {
        let (from, to) = mv.ends(self.turn());
        from as usize * SQUARES + to as usize
    }

    fn capture_square(&self, mv: &Move) -> Option<u16> {
        match *mv {
            Move::Capture { to, .. }
            | Move::Promotion {
                to, capture: true, ..
            } => Some(u16::from(to)),
            _ => None,
        }
    }

    /// Passing is never better than a move in Epoch while a piece besides the Legionaries,
    /// the Pope and a dormant Emperor can move.
    fn null_move(&self) -> Option<Position> {
        let b = self.board();
        let us = self.turn();
        let pieces = (0..SQUARES as u8).any(|sq| {
            b.at(sq).is_some_and(|p| {
                p.color == us && !matches!(p.kind, Kind::Legionary | Kind::Pope) && !b.is_dormant(p)
            })
        });
        pieces.then(|| self.pass_turn())
    }

    /// The lost pieces decide what a promotion may bring back; the repetition key leaves them
    /// out (they cannot change without a capture, which ends every repetition).
    fn tt_extra(&self) -> u64 {
        let mut bytes = [0u8; 2 * 9 * SIZE as usize];
        let counts = self.lost().iter().flatten().flatten();
        for (b, &n) in bytes.iter_mut().zip(counts) {
            *b = n;
        }
        let mut key = KeyBuilder::default();
        key.bytes(&bytes);
        key.finish()
    }
}
