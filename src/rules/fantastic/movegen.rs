//! Fantastic XIII move generation: pseudo-legal moves tried on a copy, which must leave the
//! mover's King unattacked; the King's initial jump also checks the squares it passes.

use std::sync::OnceLock;

use super::{passed, Kind, Move, Piece, Position, Sq, CELLS, SIZE};
use crate::rules::geometry::Compass::{E, N, NE, NW, S, SE, SW, W};
use crate::rules::geometry::{opposite, Geometry};
use crate::rules::{keep_legal, Color, MoveGen};

fn bits(kinds: &[Kind]) -> u16 {
    kinds.iter().fold(0, |m, k| m | k.bit())
}

/// The bent riders as (first step, slide direction, kinds that move so). The first step may be
/// the whole move; the slide continues away from the start in the rules' sense: the Snake and
/// Ship keep their vertical sense, the Rhinoceros and Eagle may turn either way outward.
fn bent() -> &'static [(usize, usize, u16); 16] {
    static BENT: OnceLock<[(usize, usize, u16); 16]> = OnceLock::new();
    BENT.get_or_init(|| {
        let snake_rhino = bits(&[Kind::Snake, Kind::Rhinoceros]);
        let rhino = bits(&[Kind::Rhinoceros]);
        let ship_eagle = bits(&[Kind::Ship, Kind::Eagle]);
        let eagle = bits(&[Kind::Eagle]);
        [
            (N, NE, snake_rhino),
            (N, NW, snake_rhino),
            (S, SE, snake_rhino),
            (S, SW, snake_rhino),
            (E, NE, rhino),
            (E, SE, rhino),
            (W, NW, rhino),
            (W, SW, rhino),
            (NE, N, ship_eagle),
            (NW, N, ship_eagle),
            (SE, S, ship_eagle),
            (SW, S, ship_eagle),
            (NE, E, eagle),
            (SE, E, eagle),
            (NW, W, eagle),
            (SW, W, eagle),
        ]
        .map(|(step, slide, kinds)| (step as usize, slide as usize, kinds))
    })
}

/// Precomputed geometry for the 13 x 13 board.
pub struct Tables {
    pub geo: Geometry,
    /// `[sq]`: every square within distance 3 with the kinds that reach it from `sq` in one
    /// leap or single step (the bent riders' first step included). All these patterns are
    /// symmetric, so the same list names the attackers of `sq`.
    pub leaps: Vec<Vec<(Sq, u16)>>,
    /// `[sq]`: the squares at distance exactly 2, for the King's jump.
    pub ring2: Vec<Vec<Sq>>,
}

pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let geo = Geometry::new(SIZE, SIZE);
        let mut leaps = Vec::with_capacity(CELLS);
        let mut ring2 = Vec::with_capacity(CELLS);
        for sq in 0..CELLS as Sq {
            let mut list = Vec::new();
            let mut ring = Vec::new();
            for dr in -3i8..=3 {
                for df in -3i8..=3 {
                    let Some(to) = geo.offset(sq, df, dr) else {
                        continue;
                    };
                    let (a, b) = (df.unsigned_abs(), dr.unsigned_abs());
                    let (far, near) = (a.max(b), a.min(b));
                    let straight_or_diagonal = near == 0 || near == far;
                    let mut kinds = match far {
                        0 => continue,
                        1 => bits(&[Kind::King, Kind::Prince, Kind::Mammoth]),
                        2 => {
                            ring.push(to);
                            let mut m = bits(&[Kind::Squirrel, Kind::Direwolf]);
                            if straight_or_diagonal {
                                m |= bits(&[Kind::Mammoth, Kind::Hawk]);
                            }
                            m
                        }
                        _ => {
                            let mut m = bits(&[Kind::Cheetah, Kind::Direwolf]);
                            if straight_or_diagonal {
                                m |= bits(&[Kind::Hawk, Kind::Troll]);
                            }
                            m
                        }
                    };
                    if far == 1 {
                        // The bent riders' first step, which is also a whole move.
                        kinds |= match (df, dr) {
                            (0, _) => bits(&[Kind::Snake, Kind::Rhinoceros]),
                            (_, 0) => bits(&[Kind::Rhinoceros]),
                            _ => bits(&[Kind::Ship, Kind::Eagle]),
                        };
                    }
                    list.push((to, kinds));
                }
            }
            leaps.push(list);
            ring2.push(ring);
        }
        Tables { geo, leaps, ring2 }
    })
}

/// Whether `side` could capture on `x`, whatever stands there (and so attacks it, or checks a
/// King there). Non-capturing moves and en passant never attack.
pub fn attacked_by(pos: &Position, side: Color, x: Sq) -> bool {
    let t = tables();
    let geo = &t.geo;
    let has = |sq: Sq, mask: u16| {
        pos.at(sq)
            .is_some_and(|p| p.color == side && p.kind.bit() & mask != 0)
    };
    if t.leaps[x as usize].iter().any(|&(s, mask)| has(s, mask)) {
        return true;
    }
    // Pawns and Trolls capture one step diagonally forward.
    let behind = -side.forward();
    let pawnlike = bits(&[Kind::Pawn, Kind::Troll]);
    if [-1, 1]
        .iter()
        .any(|&df| geo.offset(x, df, behind).is_some_and(|s| has(s, pawnlike)))
    {
        return true;
    }
    // A bent rider reaches x after its first step and a slide over empty squares: walk back
    // along the slide; each empty square may be the first step of a rider one step further.
    for &(step, slide, mask) in bent() {
        for &y in geo.ray(x, opposite(slide)) {
            if pos.at(y).is_some() {
                break;
            }
            if geo.step(y, opposite(step)).is_some_and(|s| has(s, mask)) {
                return true;
            }
        }
    }
    false
}

pub fn in_check(pos: &Position, side: Color) -> bool {
    attacked_by(pos, !side, pos.kings[side.index()])
}

/// Appends the pseudo-legal moves of the side to move: everything but the King's jump, before
/// the test that the King is left safe.
pub fn pseudo_legal(pos: &Position, out: &mut Vec<Move>) {
    for from in 0..CELLS as Sq {
        let Some(p) = pos.at(from) else { continue };
        if p.color != pos.turn {
            continue;
        }
        let mover = Mover {
            pos,
            from,
            kind: p.kind,
        };
        match p.kind {
            Kind::King
            | Kind::Squirrel
            | Kind::Hawk
            | Kind::Mammoth
            | Kind::Cheetah
            | Kind::Direwolf => mover.leaps(out),
            Kind::Prince | Kind::Troll => {
                mover.leaps(out);
                mover.pawn_like(out);
            }
            Kind::Pawn => mover.pawn_like(out),
            Kind::Snake | Kind::Ship | Kind::Eagle | Kind::Rhinoceros => mover.bent(out),
        }
    }
}

/// A piece of the side to move about to have its moves listed.
struct Mover<'a> {
    pos: &'a Position,
    from: Sq,
    kind: Kind,
}

impl Mover<'_> {
    /// What a move of this piece to `to` promotes to: any move of a promoting kind that ends
    /// on the last rank (a Troll's leap is the exception, handled by the caller).
    fn promotion(&self, to: Sq) -> Option<Kind> {
        let geo = &tables().geo;
        if geo.rank(to) == geo.last_rank(self.pos.turn) {
            self.kind.promotes_to()
        } else {
            None
        }
    }

    fn push(&self, to: Sq, capture: bool, promotes: bool, out: &mut Vec<Move>) {
        out.push(Move::Normal {
            from: self.from,
            to,
            capture,
            promotion: if promotes { self.promotion(to) } else { None },
        })
    }

    fn step_or_take(&self, to: Sq, promotes: bool, out: &mut Vec<Move>) {
        match self.pos.at(to) {
            None => self.push(to, false, promotes, out),
            Some(q) if q.color != self.pos.turn => self.push(to, true, promotes, out),
            Some(_) => {}
        }
    }

    /// The single steps and leaps of the table: moving or capturing alike.
    fn leaps(&self, out: &mut Vec<Move>) {
        let bit = self.kind.bit();
        for &(to, mask) in &tables().leaps[self.from as usize] {
            if mask & bit != 0 {
                // The Troll's leap never promotes; the Prince's step does.
                self.step_or_take(to, self.kind != Kind::Troll, out);
            }
        }
    }

    /// The Pawn's and Troll's step forward and diagonal captures (en passant for the Pawn),
    /// and the Pawn's and Prince's double step from any rank.
    fn pawn_like(&self, out: &mut Vec<Move>) {
        let (pos, from) = (self.pos, self.from);
        let geo = &tables().geo;
        let fwd = pos.turn.forward();
        if self.kind != Kind::Prince {
            if let Some(to) = geo.offset(from, 0, fwd).filter(|&s| pos.at(s).is_none()) {
                self.push(to, false, true, out);
            }
            for df in [-1, 1] {
                let Some(to) = geo.offset(from, df, fwd) else {
                    continue;
                };
                match pos.at(to) {
                    Some(q) if q.color != pos.turn => self.push(to, true, true, out),
                    None if self.kind == Kind::Pawn && pos.en_passant == Some(to) => {
                        out.push(Move::EnPassant { from, to })
                    }
                    _ => {}
                }
            }
        }
        if self.kind != Kind::Troll {
            // The double step, from any rank, over an empty square to an empty one.
            if let (Some(mid), Some(to)) = (geo.offset(from, 0, fwd), geo.offset(from, 0, 2 * fwd))
            {
                if pos.at(mid).is_none() && pos.at(to).is_none() {
                    out.push(Move::DoubleStep {
                        from,
                        to,
                        promotion: self.promotion(to),
                    });
                }
            }
        }
    }

    /// A bent rider's first step, then its slide.
    fn bent(&self, out: &mut Vec<Move>) {
        let pos = self.pos;
        let geo = &tables().geo;
        let bit = self.kind.bit();
        let mut done_first = 0u8;
        for &(step, slide, mask) in bent() {
            if mask & bit == 0 {
                continue;
            }
            let Some(first) = geo.step(self.from, step) else {
                continue;
            };
            // A piece on the first-step square blocks the whole branch.
            if pos.at(first).is_some() {
                if done_first & (1 << step) == 0 {
                    done_first |= 1 << step;
                    self.step_or_take(first, true, out);
                }
                continue;
            }
            if done_first & (1 << step) == 0 {
                done_first |= 1 << step;
                self.push(first, false, true, out);
            }
            for &to in geo.ray(first, slide) {
                match pos.at(to) {
                    None => self.push(to, false, true, out),
                    Some(q) => {
                        if q.color != pos.turn {
                            self.push(to, true, true, out);
                        }
                        break;
                    }
                }
            }
        }
    }
}

/// The King's initial jumps: not in check, to an empty square at distance 2, over a square that
/// is not attacked (for a knight-shaped jump, at least one of the two squares between).
fn king_jumps(pos: &Position, out: &mut Vec<Move>) {
    let us = pos.turn;
    if !pos.jump[us.index()] {
        return;
    }
    let t = tables();
    let geo = &t.geo;
    let from = pos.kings[us.index()];
    if attacked_by(pos, !us, from) {
        return;
    }
    let safe = |df: i8, dr: i8| {
        geo.offset(from, df, dr)
            .is_some_and(|s| !attacked_by(pos, !us, s))
    };
    for &to in &t.ring2[from as usize] {
        if pos.at(to).is_some() {
            continue;
        }
        let df = geo.file(to) as i8 - geo.file(from) as i8;
        let dr = geo.rank(to) as i8 - geo.rank(from) as i8;
        let passable = if df.abs() == dr.abs() || df == 0 || dr == 0 {
            safe(df / 2, dr / 2)
        } else if df.abs() == 2 {
            safe(df.signum(), 0) || safe(df.signum(), dr.signum())
        } else {
            safe(0, dr.signum()) || safe(df.signum(), dr.signum())
        };
        if passable {
            out.push(Move::KingJump { from, to });
        }
    }
}

pub fn apply(pos: &mut Position, mv: &Move) {
    let from = mv.from();
    let to = mv.to();
    let mut piece = pos.cells[from as usize].take();
    if let (Some(kind), Some(p)) = (mv.promotion(), piece.as_mut()) {
        p.kind = kind;
    }
    if let Move::EnPassant { .. } = mv {
        pos.cells[passed(from, to) as usize] = None;
    }
    pos.cells[to as usize] = piece;
    if let Some(p) = piece.filter(|p| p.kind == Kind::King) {
        pos.kings[p.color.index()] = to;
    }
}

/// The King jumps the rules would allow if the squares passed and reached were safe: for
/// explaining a refused jump.
pub fn unchecked_king_jumps(pos: &Position) -> Vec<Move> {
    let us = pos.turn;
    let from = pos.kings[us.index()];
    tables().ring2[from as usize]
        .iter()
        .filter(|&&to| pos.at(to).is_none())
        .map(|&to| Move::KingJump { from, to })
        .collect()
}

/// Whether the side to move has a legal en passant capture on the en passant square.
pub fn en_passant_possible(pos: &Position) -> bool {
    let Some(ep) = pos.en_passant else {
        return false;
    };
    let us = pos.turn;
    let geo = &tables().geo;
    [-1, 1].iter().any(|&df| {
        geo.offset(ep, df, -us.forward()).is_some_and(|from| {
            pos.at(from) == Some(Piece::new(us, Kind::Pawn)) && {
                let mut after = *pos;
                apply(&mut after, &Move::EnPassant { from, to: ep });
                !in_check(&after, us)
            }
        })
    })
}

impl Position {
    /// The position with the turn passed and nothing moved (the engine's null move). Not a
    /// move of the game.
    pub fn pass_turn(&self) -> Position {
        let mut next = *self;
        next.en_passant = None;
        next.turn = !self.turn;
        next
    }
}

impl MoveGen for Position {
    fn legal_moves(&self, out: &mut Vec<Move>) {
        let start = out.len();
        pseudo_legal(self, out);
        king_jumps(self, out);
        keep_legal(out, start, |mv| {
            let mut after = *self;
            apply(&mut after, mv);
            !in_check(&after, self.turn)
        });
    }

    fn play(&mut self, mv: &Move) {
        let us = self.turn;
        let mover = self.at(mv.from()).map(|p| p.kind);
        apply(self, mv);
        if mover == Some(Kind::King) {
            self.jump[us.index()] = false;
        }
        self.en_passant = match *mv {
            Move::DoubleStep { from, to, .. } => Some(from.min(to) + SIZE),
            _ => None,
        };
        self.halfmoves = if mover == Some(Kind::Pawn) || mv.is_capture() {
            0
        } else {
            self.halfmoves + 1
        };
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !us;
    }

    fn in_check(&self) -> bool {
        in_check(self, self.turn)
    }
}
