//! Empire Chess move generation: pseudo-legal moves tried on a copy, which must leave the
//! mover's king unattacked and the two kings not facing each other.

use super::{Kind, Move, Piece, Position, Sq};
use crate::rules::chess::tables;
use crate::rules::geometry::is_orthogonal;
use crate::rules::Color;

fn forward(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

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
    let soldier_spots = [(0, -forward(side)), (-1, 0), (1, 0)];
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
    let t = tables();
    let geo = &t.geo;
    let us = pos.turn;
    let normal = |from: Sq, to: Sq, capture: bool| Move::Normal {
        from,
        to,
        capture,
        promotion: false,
    };
    let enemy = |to: Sq| pos.at(to).is_some_and(|p| p.color != us);
    for from in 0..64u8 {
        let Some(p) = pos.at(from) else { continue };
        if p.color != us {
            continue;
        }
        let step_or_take = |to: Sq, out: &mut Vec<Move>| match pos.at(to) {
            None => out.push(normal(from, to, false)),
            Some(q) if q.color != us => out.push(normal(from, to, true)),
            Some(_) => {}
        };
        match p.kind {
            Kind::King => {
                for dir in 0..8 {
                    if let Some(to) = geo.step(from, dir) {
                        step_or_take(to, out);
                    }
                }
                castling(pos, out);
            }
            Kind::Knight => {
                for &to in &t.knight[from as usize] {
                    step_or_take(to, out);
                }
            }
            Kind::Soldier => {
                for (df, dr) in [(0, forward(us)), (-1, 0), (1, 0)] {
                    if let Some(to) = geo.offset(from, df, dr) {
                        step_or_take(to, out);
                    }
                }
            }
            Kind::Rook | Kind::Bishop | Kind::Queen => {
                let dirs = match p.kind {
                    Kind::Rook => 0..4,
                    Kind::Bishop => 4..8,
                    _ => 0..8,
                };
                for dir in dirs {
                    for &to in geo.ray(from, dir) {
                        match pos.at(to) {
                            None => out.push(normal(from, to, false)),
                            Some(q) => {
                                if q.color != us {
                                    out.push(normal(from, to, true));
                                }
                                break;
                            }
                        }
                    }
                }
            }
            Kind::Tower | Kind::Eagle | Kind::Cardinal | Kind::Duke => {
                // Queen slides to empty squares only.
                for dir in 0..8 {
                    for &to in geo.ray(from, dir) {
                        if pos.at(to).is_some() {
                            break;
                        }
                        out.push(normal(from, to, false));
                    }
                }
                // Captures like a rook, a knight, a bishop or a king.
                match p.kind {
                    Kind::Tower | Kind::Cardinal => {
                        let dirs = if p.kind == Kind::Tower { 0..4 } else { 4..8 };
                        for dir in dirs {
                            if let Some(&to) =
                                geo.ray(from, dir).iter().find(|&&s| pos.at(s).is_some())
                            {
                                if enemy(to) {
                                    out.push(normal(from, to, true));
                                }
                            }
                        }
                    }
                    Kind::Eagle => {
                        for &to in &t.knight[from as usize] {
                            if enemy(to) {
                                out.push(normal(from, to, true));
                            }
                        }
                    }
                    _ => {
                        for dir in 0..8 {
                            if let Some(to) = geo.step(from, dir).filter(|&s| enemy(s)) {
                                out.push(normal(from, to, true));
                            }
                        }
                    }
                }
            }
            Kind::Pawn => {
                let ahead = geo.ray(from, if us == Color::White { 0 } else { 2 });
                let last = if us == Color::White { 7 } else { 0 };
                let push = |to: Sq, capture: bool, out: &mut Vec<Move>| {
                    out.push(Move::Normal {
                        from,
                        to,
                        capture,
                        promotion: to / 8 == last,
                    })
                };
                if let Some(&one) = ahead.first().filter(|&&s| pos.at(s).is_none()) {
                    push(one, false, out);
                    let home = if us == Color::White { 1 } else { 6 };
                    if let Some(&two) = ahead
                        .get(1)
                        .filter(|&&s| from / 8 == home && pos.at(s).is_none())
                    {
                        push(two, false, out);
                    }
                }
                for &to in &t.pawn_captures[us.index()][from as usize] {
                    if enemy(to) {
                        push(to, true, out);
                    } else if pos.en_passant == Some(to) {
                        out.push(Move::EnPassant { from, to });
                    }
                }
            }
        }
    }
}

/// Black's castling (the Empire cannot castle): the king may not be in check, cross or land on
/// an attacked square, or cross or land on a square facing the Kaiser.
fn castling(pos: &Position, out: &mut Vec<Move>) {
    if pos.turn != Color::Black || pos.kings[1] != 60 || in_check(pos, Color::Black) {
        return;
    }
    for (right, rook, empty, crossed, to, rook_to) in [
        (0usize, 63u8, &[61u8, 62][..], [61u8, 62u8], 62u8, 61u8),
        (1, 56, &[57, 58, 59][..], [59, 58], 58, 59),
    ] {
        if !pos.castling[right]
            || pos.at(rook) != Some(Piece::new(Color::Black, Kind::Rook))
            || !empty.iter().all(|&s| pos.at(s).is_none())
        {
            continue;
        }
        let safe = crossed.iter().all(|&s| {
            let mut probe = pos.clone();
            probe.cells[60] = None;
            probe.cells[s as usize] = Some(Piece::new(Color::Black, Kind::King));
            probe.kings[1] = s;
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

fn apply(pos: &mut Position, mv: &Move) {
    match *mv {
        Move::Normal {
            from,
            to,
            promotion,
            ..
        } => {
            let mut p = pos.cells[from as usize].take();
            if let (true, Some(piece)) = (promotion, p.as_mut()) {
                piece.kind = Kind::Queen;
            }
            pos.cells[to as usize] = p;
            if let Some(piece) = p.filter(|p| p.kind == Kind::King) {
                pos.kings[piece.color.index()] = to;
            }
        }
        Move::EnPassant { from, to } => {
            let p = pos.cells[from as usize].take();
            pos.cells[to as usize] = p;
            pos.cells[((from / 8) * 8 + to % 8) as usize] = None;
        }
        Move::Castle {
            from,
            to,
            rook_from,
            rook_to,
        } => {
            let k = pos.cells[from as usize].take();
            let r = pos.cells[rook_from as usize].take();
            pos.cells[to as usize] = k;
            pos.cells[rook_to as usize] = r;
            pos.kings[pos.turn.index()] = to;
        }
    }
}

pub fn legal_moves(pos: &Position, out: &mut Vec<Move>) {
    let start = out.len();
    pseudo_legal(pos, out);
    let mut keep = start;
    for i in start..out.len() {
        let mut after = pos.clone();
        apply(&mut after, &out[i]);
        if !in_check(&after, pos.turn) && !kings_face(&after) {
            out[keep] = out[i];
            keep += 1;
        }
    }
    out.truncate(keep);
}

pub fn play(pos: &mut Position, mv: &Move) {
    let us = pos.turn;
    let pawn = pos.at(mv.from()).map(|p| p.kind) == Some(Kind::Pawn);
    let capture = matches!(
        mv,
        Move::EnPassant { .. } | Move::Normal { capture: true, .. }
    );
    apply(pos, mv);
    for (right, corner) in [(0, 63u8), (1, 56u8)] {
        if [mv.from(), mv.to()].contains(&corner) || mv.from() == 60 {
            pos.castling[right] = false;
        }
    }
    pos.en_passant = match *mv {
        Move::Normal { from, to, .. } if pawn && (to as i16 - from as i16).abs() == 16 => {
            Some((from + to) / 2)
        }
        _ => None,
    };
    pos.halfmoves = if pawn || capture {
        0
    } else {
        pos.halfmoves + 1
    };
    if us == Color::Black {
        pos.fullmoves += 1;
    }
    pos.turn = !us;
}
