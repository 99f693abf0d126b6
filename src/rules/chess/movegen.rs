//! Chess move generation: pseudo-legal moves filtered with the checkers and pins of the
//! mover's king; king moves and en passant are tested square by square.

use super::{tables, Kind, Move, Piece, Position, Sq};
use crate::rules::geometry::is_orthogonal;
use crate::rules::Color;

/// Whether `side` attacks square `x`.
pub fn attacked_by(pos: &Position, side: Color, x: Sq) -> bool {
    attacked_through(pos, side, x, None)
}

/// Whether `side` attacks `x`, seeing through the square `hidden` (the king about to move,
/// which must not shelter the square behind it).
fn attacked_through(pos: &Position, side: Color, x: Sq, hidden: Option<Sq>) -> bool {
    let t = tables();
    let geo = &t.geo;
    let has = |sq: Sq, kind: Kind| pos.at(sq) == Some(Piece::new(side, kind));
    if t.pawn_attackers[side.index()][x as usize]
        .iter()
        .any(|&s| has(s, Kind::Pawn))
    {
        return true;
    }
    if t.knight[x as usize].iter().any(|&s| has(s, Kind::Knight)) {
        return true;
    }
    for dir in 0..8 {
        let ray = geo.ray(x, dir);
        if let Some(&first) = ray.first() {
            if has(first, Kind::King) {
                return true;
            }
        }
        for &s in ray {
            if Some(s) == hidden {
                continue;
            }
            if let Some(p) = pos.at(s) {
                if p.color == side {
                    let slider = if is_orthogonal(dir) {
                        Kind::Rook
                    } else {
                        Kind::Bishop
                    };
                    if p.kind == slider || p.kind == Kind::Queen {
                        return true;
                    }
                }
                break;
            }
        }
    }
    false
}

pub fn in_check(pos: &Position, side: Color) -> bool {
    attacked_by(pos, !side, pos.king[side.index()])
}

fn push_pawn(out: &mut Vec<Move>, from: Sq, to: Sq, capture: bool) {
    if to / 8 == 7 || to / 8 == 0 {
        for kind in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight] {
            out.push(Move::Normal {
                from,
                to,
                capture,
                promotion: Some(kind),
            });
        }
    } else {
        out.push(Move::Normal {
            from,
            to,
            capture,
            promotion: None,
        });
    }
}

pub fn pseudo_legal(pos: &Position, out: &mut Vec<Move>) {
    let t = tables();
    let geo = &t.geo;
    let us = pos.turn;
    let target = |to: Sq| -> Option<bool> {
        match pos.at(to) {
            None => Some(false),
            Some(p) if p.color != us => Some(true),
            Some(_) => None,
        }
    };
    for from in 0..64u8 {
        let Some(p) = pos.at(from) else { continue };
        if p.color != us {
            continue;
        }
        match p.kind {
            Kind::Pawn => {
                // Straight ahead along the file: the ray north for White, south for Black.
                let ahead = geo.ray(from, if us == Color::White { 0 } else { 2 });
                if let Some(&one) = ahead.first().filter(|&&s| pos.at(s).is_none()) {
                    push_pawn(out, from, one, false);
                    let home = if us == Color::White { 1 } else { 6 };
                    if let Some(&two) = ahead
                        .get(1)
                        .filter(|&&s| from / 8 == home && pos.at(s).is_none())
                    {
                        out.push(Move::Normal {
                            from,
                            to: two,
                            capture: false,
                            promotion: None,
                        });
                    }
                }
                for &to in &t.pawn_captures[us.index()][from as usize] {
                    match pos.at(to) {
                        Some(q) if q.color != us => push_pawn(out, from, to, true),
                        None if pos.en_passant == Some(to) => {
                            out.push(Move::EnPassant { from, to })
                        }
                        _ => {}
                    }
                }
            }
            Kind::Knight => {
                for &to in &t.knight[from as usize] {
                    if let Some(capture) = target(to) {
                        out.push(Move::Normal {
                            from,
                            to,
                            capture,
                            promotion: None,
                        });
                    }
                }
            }
            Kind::King => {
                for dir in 0..8 {
                    let Some(to) = geo.step(from, dir) else {
                        continue;
                    };
                    if let Some(capture) = target(to) {
                        out.push(Move::Normal {
                            from,
                            to,
                            capture,
                            promotion: None,
                        });
                    }
                }
                castling(pos, out);
            }
            Kind::Rook | Kind::Bishop | Kind::Queen => {
                let dirs = match p.kind {
                    Kind::Rook => 0..4,
                    Kind::Bishop => 4..8,
                    _ => 0..8,
                };
                for dir in dirs {
                    for &to in geo.ray(from, dir) {
                        match target(to) {
                            Some(capture) => {
                                out.push(Move::Normal {
                                    from,
                                    to,
                                    capture,
                                    promotion: None,
                                });
                                if capture {
                                    break;
                                }
                            }
                            None => break,
                        }
                    }
                }
            }
        }
    }
}

fn castling(pos: &Position, out: &mut Vec<Move>) {
    let us = pos.turn;
    let base = if us == Color::White { 0 } else { 56 };
    if pos.king[us.index()] != base + 4 || in_check(pos, us) {
        return;
    }
    struct Wing {
        right: usize,
        rook: Sq,
        empty: &'static [u8],
        crossed: [u8; 2],
        to: u8,
        rook_to: u8,
    }
    // Squares as offsets from the king's rank.
    let wings = [
        Wing {
            right: 0,
            rook: 7,
            empty: &[5, 6],
            crossed: [5, 6],
            to: 6,
            rook_to: 5,
        },
        Wing {
            right: 1,
            rook: 0,
            empty: &[1, 2, 3],
            crossed: [3, 2],
            to: 2,
            rook_to: 3,
        },
    ];
    for w in wings {
        if pos.castling[us.index()][w.right]
            && pos.at(base + w.rook) == Some(Piece::new(us, Kind::Rook))
            && w.empty.iter().all(|&s| pos.at(base + s).is_none())
            && w.crossed.iter().all(|&s| !attacked_by(pos, !us, base + s))
        {
            out.push(Move::Castle {
                from: base + 4,
                to: base + w.to,
                rook_from: base + w.rook,
                rook_to: base + w.rook_to,
            });
        }
    }
}

/// Up to two squares (more never matter: two checkers already force a king move).
#[derive(Default)]
struct Checkers {
    squares: [Sq; 2],
    len: usize,
}

impl Checkers {
    fn push(&mut self, sq: Sq) {
        if self.len < 2 {
            self.squares[self.len] = sq;
        }
        self.len += 1;
    }

    fn extend(&mut self, squares: impl Iterator<Item = Sq>) {
        squares.for_each(|s| self.push(s));
    }
}

/// The pieces of `side`'s opponent that attack `side`'s king.
fn checkers(pos: &Position, side: Color, out: &mut Checkers) {
    let t = tables();
    let geo = &t.geo;
    let king = pos.king[side.index()];
    let them = !side;
    let has = |sq: Sq, kind: Kind| pos.at(sq) == Some(Piece::new(them, kind));
    out.extend(
        t.pawn_attackers[them.index()][king as usize]
            .iter()
            .copied()
            .filter(|&s| has(s, Kind::Pawn)),
    );
    out.extend(
        t.knight[king as usize]
            .iter()
            .copied()
            .filter(|&s| has(s, Kind::Knight)),
    );
    for dir in 0..8 {
        for &s in geo.ray(king, dir) {
            if let Some(p) = pos.at(s) {
                let slider = if is_orthogonal(dir) {
                    Kind::Rook
                } else {
                    Kind::Bishop
                };
                if p.color == them && (p.kind == slider || p.kind == Kind::Queen) {
                    out.push(s);
                }
                break;
            }
        }
    }
}

/// For each own piece pinned to the king, the direction from the king to it.
fn pins(pos: &Position, side: Color) -> [Option<u8>; 64] {
    let geo = &tables().geo;
    let king = pos.king[side.index()];
    let mut pinned = [None; 64];
    for dir in 0..8 {
        let mut candidate = None;
        for &s in geo.ray(king, dir) {
            let Some(p) = pos.at(s) else { continue };
            if p.color == side {
                if candidate.is_some() {
                    break;
                }
                candidate = Some(s);
                continue;
            }
            let slider = if is_orthogonal(dir) {
                Kind::Rook
            } else {
                Kind::Bishop
            };
            if let (Some(c), true) = (candidate, p.kind == slider || p.kind == Kind::Queen) {
                pinned[c as usize] = Some(dir as u8);
            }
            break;
        }
    }
    pinned
}

/// Legal moves: pseudo-legal moves filtered with the checkers and pins, so only king moves
/// and en passant need a trial on a copy of the board.
pub fn legal_moves(pos: &Position, out: &mut Vec<Move>) {
    let geo = &tables().geo;
    let us = pos.turn;
    let king = pos.king[us.index()];
    let mut attackers = Checkers::default();
    checkers(pos, us, &mut attackers);
    let pinned = pins(pos, us);
    // The squares a non-king move must land on to answer a single check.
    let mut answers = [false; 64];
    if attackers.len == 1 {
        let checker = &attackers.squares[0];
        answers[*checker as usize] = true;
        let is_slider = pos
            .at(*checker)
            .is_some_and(|p| matches!(p.kind, Kind::Rook | Kind::Bishop | Kind::Queen));
        if let (true, Some(dir)) = (is_slider, geo.direction(king, *checker)) {
            for &s in geo.ray(king, dir) {
                if s == *checker {
                    break;
                }
                answers[s as usize] = true;
            }
        }
    }
    let start = out.len();
    pseudo_legal(pos, out);
    let mut keep = start;
    for i in start..out.len() {
        let mv = out[i];
        let ok = match mv {
            Move::Castle { .. } => true, // checked square by square when generated
            Move::EnPassant { .. } => {
                let mut after = pos.clone();
                apply(&mut after, &mv);
                !in_check(&after, us)
            }
            Move::Normal { from, to, .. } if from == king => {
                !attacked_through(pos, !us, to, Some(king))
            }
            Move::Normal { from, to, .. } => {
                attackers.len < 2
                    && (attackers.len == 0 || answers[to as usize])
                    && pinned[from as usize]
                        .is_none_or(|dir| geo.direction(king, to) == Some(dir as usize))
            }
        };
        if ok {
            out[keep] = mv;
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// Moves the pieces only.
fn apply(pos: &mut Position, mv: &Move) {
    match *mv {
        Move::Normal {
            from,
            to,
            promotion,
            ..
        } => {
            let mut p = pos.cells[from as usize].take();
            if let (Some(kind), Some(piece)) = (promotion, p.as_mut()) {
                piece.kind = kind;
            }
            pos.cells[to as usize] = p;
            if let Some(piece) = p {
                if piece.kind == Kind::King {
                    pos.king[piece.color.index()] = to;
                }
            }
        }
        Move::EnPassant { from, to } => {
            let p = pos.cells[from as usize].take();
            pos.cells[to as usize] = p;
            // The captured pawn stands beside the mover, on the destination's file.
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
            pos.king[pos.turn.index()] = to;
        }
    }
}

pub fn play(pos: &mut Position, mv: &Move) {
    let us = pos.turn;
    let moving = pos.at(mv.from());
    let pawn = moving.map(|p| p.kind) == Some(Kind::Pawn);
    let capture = matches!(
        mv,
        Move::EnPassant { .. } | Move::Normal { capture: true, .. }
    );
    apply(pos, mv);
    // Rights go with a king's or a rook's first step, or a rook's capture at home.
    for (color, base) in [(Color::White, 0u8), (Color::Black, 56u8)] {
        for (side, corner) in [(0, base + 7), (1, base)] {
            if [mv.from(), mv.to()].contains(&corner) || mv.from() == base + 4 {
                pos.castling[color.index()][side] = false;
            }
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
