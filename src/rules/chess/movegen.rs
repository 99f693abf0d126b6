//! Chess move generation: pseudo-legal moves filtered with the checkers and pins of the
//! mover's king; king moves and en passant are tested square by square.

use super::{Kind, Move, Piece, Position};
use crate::rules::board8::{tables, Sq};
use crate::rules::geometry::is_orthogonal;
use crate::rules::{keep_legal, Color, MoveGen};

/// The slider that attacks along direction `dir` besides the queen.
fn slider(dir: usize) -> Kind {
    if is_orthogonal(dir) {
        Kind::Rook
    } else {
        Kind::Bishop
    }
}

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
                if p.color == side && (p.kind == slider(dir) || p.kind == Kind::Queen) {
                    return true;
                }
                break;
            }
        }
    }
    false
}

pub fn in_check(pos: &Position, side: Color) -> bool {
    attacked_by(pos, !side, pos.kings[side.index()])
}

pub fn pseudo_legal(pos: &Position, out: &mut Vec<Move>) {
    const PROMOTIONS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];
    for from in 0..64u8 {
        match pos.at(from) {
            Some(p) if p.color == pos.turn => match p.kind {
                Kind::Pawn => pos.pawn_moves(from, &PROMOTIONS, out),
                Kind::Knight => pos.knight_leaps(from, out),
                Kind::King => {
                    pos.king_steps(from, out);
                    castling(pos, out);
                }
                Kind::Rook => pos.slide(from, 0..4, out),
                Kind::Bishop => pos.slide(from, 4..8, out),
                Kind::Queen => pos.slide(from, 0..8, out),
            },
            _ => {}
        }
    }
}

fn castling(pos: &Position, out: &mut Vec<Move>) {
    let us = pos.turn;
    let base = if us == Color::White { 0 } else { 56 };
    if pos.kings[us.index()] != base + 4 || in_check(pos, us) {
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
    let king = pos.kings[side.index()];
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
                if p.color == them && (p.kind == slider(dir) || p.kind == Kind::Queen) {
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
    let king = pos.kings[side.index()];
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
            if let (Some(c), true) = (candidate, p.kind == slider(dir) || p.kind == Kind::Queen) {
                pinned[c as usize] = Some(dir as u8);
            }
            break;
        }
    }
    pinned
}

impl MoveGen for Position {
    /// Pseudo-legal moves filtered with the checkers and pins, so only king moves and en
    /// passant need a trial on a copy of the board.
    fn legal_moves(&self, out: &mut Vec<Move>) {
        let geo = &tables().geo;
        let us = self.turn;
        let king = self.kings[us.index()];
        let mut attackers = Checkers::default();
        checkers(self, us, &mut attackers);
        let pinned = pins(self, us);
        // The squares a non-king move must land on to answer a single check.
        let mut answers = [false; 64];
        if attackers.len == 1 {
            let checker = attackers.squares[0];
            answers[checker as usize] = true;
            let is_slider = self
                .at(checker)
                .is_some_and(|p| matches!(p.kind, Kind::Rook | Kind::Bishop | Kind::Queen));
            if let (true, Some(dir)) = (is_slider, geo.direction(king, checker)) {
                for &s in geo.ray(king, dir) {
                    if s == checker {
                        break;
                    }
                    answers[s as usize] = true;
                }
            }
        }
        let start = out.len();
        pseudo_legal(self, out);
        keep_legal(out, start, |mv| match *mv {
            Move::Castle { .. } => true, // checked square by square when generated
            Move::EnPassant { .. } => {
                let mut after = *self;
                after.apply(mv);
                !in_check(&after, us)
            }
            Move::Normal { from, to, .. } if from == king => {
                !attacked_through(self, !us, to, Some(king))
            }
            Move::Normal { from, to, .. } => {
                attackers.len < 2
                    && (attackers.len == 0 || answers[to as usize])
                    && pinned[from as usize]
                        .is_none_or(|dir| geo.direction(king, to) == Some(dir as usize))
            }
        });
    }

    fn play(&mut self, mv: &Move) {
        self.make(mv)
    }

    fn in_check(&self) -> bool {
        in_check(self, self.turn)
    }
}
