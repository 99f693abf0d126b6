//! Empire Chess move generation: pseudo-legal moves tried on a copy, which must leave the
//! mover's king unattacked and the two kings not facing each other.

use super::{Kind, Move, Piece, Position};
use crate::rules::board8::{tables, Sq};
use crate::rules::geometry::is_orthogonal;
use crate::rules::{keep_legal, Color, MoveGen};

/// Whether `side` could capture on `x` (and so attacks it, or checks a king there).
pub fn attacked_by(pos: &Position, side: Color, x: Sq) -> bool {
    let t = tables();
    let geo = &t.geo;
    let has = |sq: Sq, kinds: &[Kind]| {
        pos.at(sq)
            .is_some_and(|p| p.color == side && kinds.contains(&p.kind))
    };
    if t.pawn_attackers[side.index()][x as usize]
        .iter()
        .any(|&s| has(s, &[Kind::Pawn]))
    {
        return true;
    }
    // A Soldier captures forward or sideways: it stands behind x or beside it.
    let soldier_spots = [(0, -side.forward()), (-1, 0), (1, 0)];
    if soldier_spots.iter().any(|&(df, dr)| {
        geo.offset(x, df, dr)
            .is_some_and(|s| has(s, &[Kind::Soldier]))
    }) {
        return true;
    }
    if t.knight[x as usize]
        .iter()
        .any(|&s| has(s, &[Kind::Knight, Kind::Eagle]))
    {
        return true;
    }
    for dir in 0..8 {
        let ray = geo.ray(x, dir);
        if ray
            .first()
            .is_some_and(|&s| has(s, &[Kind::King, Kind::Duke]))
        {
            return true;
        }
        if let Some(&s) = ray.iter().find(|&&s| pos.at(s).is_some()) {
            let sliders: &[Kind] = if is_orthogonal(dir) {
                &[Kind::Rook, Kind::Queen, Kind::Tower]
            } else {
                &[Kind::Bishop, Kind::Queen, Kind::Cardinal]
            };
            if has(s, sliders) {
                return true;
            }
        }
    }
    false
}

pub fn in_check(pos: &Position, side: Color) -> bool {
    attacked_by(pos, !side, pos.kings[side.index()])
}

/// Whether the two kings stand on one file or rank with nothing between them.
pub fn kings_face(pos: &Position) -> bool {
    let geo = &tables().geo;
    let (a, b) = (pos.kings[0], pos.kings[1]);
    match geo.direction(a, b) {
        Some(dir) if is_orthogonal(dir) => geo
            .ray(a, dir)
            .iter()
            .take_while(|&&s| s != b)
            .all(|&s| pos.at(s).is_none()),
        _ => false,
    }
}

pub fn pseudo_legal(pos: &Position, out: &mut Vec<Move>) {
    let geo = &tables().geo;
    let us = pos.turn;
    for from in 0..64u8 {
        let Some(p) = pos.at(from) else { continue };
        if p.color != us {
            continue;
        }
        match p.kind {
            Kind::King => {
                pos.king_steps(from, out);
                castling(pos, out);
            }
            Kind::Knight => pos.knight_leaps(from, out),
            Kind::Soldier => {
                for (df, dr) in [(0, us.forward()), (-1, 0), (1, 0)] {
                    if let Some(to) = geo.offset(from, df, dr) {
                        pos.step(from, to, out);
                    }
                }
            }
            Kind::Rook => pos.slide(from, 0..4, out),
            Kind::Bishop => pos.slide(from, 4..8, out),
            Kind::Queen => pos.slide(from, 0..8, out),
            Kind::Tower | Kind::Eagle | Kind::Cardinal | Kind::Duke => {
                imperial_moves(pos, from, p.kind, out)
            }
            Kind::Pawn => pos.pawn_moves(from, &[Kind::Queen], out),
        }
    }
}

/// An Imperial piece slides like a queen to empty squares, and captures like a rook (Tower),
/// a knight (Eagle), a bishop (Cardinal) or a king (Duke).
fn imperial_moves(pos: &Position, from: Sq, kind: Kind, out: &mut Vec<Move>) {
    let t = tables();
    let geo = &t.geo;
    let normal = |to: Sq, capture: bool| Move::Normal {
        from,
        to,
        capture,
        promotion: None,
    };
    let enemy = |to: Sq| pos.at(to).is_some_and(|p| p.color != pos.turn);
    for dir in 0..8 {
        for &to in geo.ray(from, dir) {
            if pos.at(to).is_some() {
                break;
            }
            out.push(normal(to, false));
        }
    }
    match kind {
        Kind::Tower | Kind::Cardinal => {
            let dirs = if kind == Kind::Tower { 0..4 } else { 4..8 };
            for dir in dirs {
                if let Some(&to) = geo.ray(from, dir).iter().find(|&&s| pos.at(s).is_some()) {
                    if enemy(to) {
                        out.push(normal(to, true));
                    }
                }
            }
        }
        Kind::Eagle => {
            for &to in &t.knight[from as usize] {
                if enemy(to) {
                    out.push(normal(to, true));
                }
            }
        }
        _ => {
            for dir in 0..8 {
                if let Some(to) = geo.step(from, dir).filter(|&s| enemy(s)) {
                    out.push(normal(to, true));
                }
            }
        }
    }
}

/// Black's castling (the Empire cannot castle): the king may not be in check, cross or land on
/// an attacked square, or cross or land on a square facing the Kaiser.
fn castling(pos: &Position, out: &mut Vec<Move>) {
    let black = Color::Black.index();
    if pos.turn != Color::Black || pos.kings[black] != 60 || in_check(pos, Color::Black) {
        return;
    }
    for (right, rook, empty, crossed, to, rook_to) in [
        (0usize, 63u8, &[61u8, 62][..], [61u8, 62u8], 62u8, 61u8),
        (1, 56, &[57, 58, 59][..], [59, 58], 58, 59),
    ] {
        if !pos.castling[black][right]
            || pos.at(rook) != Some(Piece::new(Color::Black, Kind::Rook))
            || !empty.iter().all(|&s| pos.at(s).is_none())
        {
            continue;
        }
        let safe = crossed.iter().all(|&s| {
            let mut probe = *pos;
            probe.cells[60] = None;
            probe.cells[s as usize] = Some(Piece::new(Color::Black, Kind::King));
            probe.kings[black] = s;
            !attacked_by(&probe, Color::White, s) && !kings_face(&probe)
        });
        if safe {
            out.push(Move::Castle {
                from: 60,
                to,
                rook_from: rook,
                rook_to,
            });
        }
    }
}

impl MoveGen for Position {
    fn in_check(&self) -> bool {
        in_check(self, self.turn)
    }

    /// Pseudo-legal moves tried on a copy: the mover's king safe, the kings not facing.
    fn legal_moves(&self, out: &mut Vec<Move>) {
        let start = out.len();
        pseudo_legal(self, out);
        keep_legal(out, start, |mv| {
            let mut after = *self;
            after.apply(mv);
            !in_check(&after, self.turn) && !kings_face(&after)
        });
    }

    fn play(&mut self, mv: &Move) {
        self.make(mv)
    }
}
