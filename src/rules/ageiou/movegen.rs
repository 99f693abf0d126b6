//! AGEIOU move generation and play. There is no check, so every move a piece can make is
//! legal: nothing is tried on a copy.

use super::{entrance_of, exit_of, geometry, Build, Kind, Move, Piece, Position, Sq, CELLS, SIZE};
use crate::rules::geometry::KNIGHT;
use crate::rules::{push_pawn_move, Color, MoveGen};

/// The direction a pawn of `color` advances in.
fn ahead(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 2,
    }
}

/// The rank index `color`'s pawns start on.
pub fn pawn_rank(color: Color) -> u8 {
    match color {
        Color::White => 2,
        Color::Black => SIZE - 3,
    }
}

/// Adds the moves of a non-pawn piece on `from` to each of `targets` (squares it reaches by
/// its own movement), with the portal routes: an empty open entrance may be left for its exit,
/// and a piece standing on an entrance may go to the exit. A route that ends where a plain
/// move of the same piece ends is the same move, listed once (as the plain move).
#[inline]
fn piece_moves(pos: &Position, from: Sq, targets: &[Sq], out: &mut Vec<Move>) {
    let us = pos.turn;
    let start = out.len();
    let mut routes: Vec<Sq> = Vec::new();
    for &to in targets {
        match pos.at(to) {
            None => {
                out.push(Move::Normal {
                    from,
                    to,
                    capture: false,
                    portal: false,
                    promotion: None,
                });
                if pos.is_portal(to) {
                    routes.push(exit_of(to));
                }
            }
            Some(p) if p.color != us => out.push(Move::Normal {
                from,
                to,
                capture: true,
                portal: false,
                promotion: None,
            }),
            Some(_) => {}
        }
    }
    if pos.is_portal(from) {
        routes.push(exit_of(from));
    }
    for exit in routes {
        // A redirected move may not end where it started, nor on the mover's own piece.
        if exit == from || pos.at(exit).is_some_and(|p| p.color == us) {
            continue;
        }
        if out[start..].iter().any(|m| m.to() == exit) {
            continue;
        }
        out.push(Move::Normal {
            from,
            to: exit,
            capture: pos.at(exit).is_some(),
            portal: true,
            promotion: None,
        });
    }
}

/// The squares a non-pawn piece on `from` reaches by its own movement (own pieces included,
/// as the end of a line).
fn reach(pos: &Position, from: Sq, kind: Kind, targets: &mut Vec<Sq>) {
    let geo = geometry();
    targets.clear();
    match kind {
        Kind::King | Kind::Vertag => {
            targets.extend((0..8).filter_map(|dir| geo.step(from, dir)));
        }
        Kind::Knight => {
            targets.extend(
                KNIGHT
                    .iter()
                    .filter_map(|&(df, dr)| geo.offset(from, df, dr)),
            );
        }
        Kind::Boat | Kind::Bishop | Kind::Councillor => {
            let dirs = match kind {
                Kind::Boat => 0..4,
                Kind::Bishop => 4..8,
                _ => 0..8,
            };
            for dir in dirs {
                for &to in geo.ray(from, dir) {
                    targets.push(to);
                    if pos.at(to).is_some() {
                        break;
                    }
                }
            }
        }
        Kind::Pawn => {}
    }
}

/// Why the piece on `from` cannot go through a portal to `to`, when that is what it tried.
pub fn pseudo_entrance_hint(pos: &Position, from: Sq, to: Sq) -> Option<String> {
    let piece = pos.at(from)?;
    let door = entrance_of(to);
    if !pos.is_portal(door) || from == to {
        return None;
    }
    let text = |sq: Sq| geometry().square(sq).to_string();
    if piece.kind == Kind::Pawn {
        return Some("pawns never travel through portals".into());
    }
    let mut targets = Vec::new();
    reach(pos, from, piece.kind, &mut targets);
    if door != from && !targets.contains(&door) {
        return None;
    }
    if pos.at(to).is_some_and(|p| p.color == piece.color) {
        return Some(format!(
            "a piece cannot come out of the portal onto its own piece on {}",
            text(to)
        ));
    }
    if door != from && pos.at(door).is_some() {
        return Some(format!(
            "the portal's entrance {} is occupied: only a move ending on an empty entrance may go on to the exit",
            text(door)
        ));
    }
    None
}

/// A pawn steps forward onto an empty square and captures one step diagonally forward; it
/// never travels through a portal.
#[inline]
fn pawn_moves(pos: &Position, from: Sq, out: &mut Vec<Move>) {
    let geo = geometry();
    let us = pos.turn;
    let fwd = ahead(us);
    let mut push = |to: Sq, capture: bool| {
        let last = geo.rank(to) == geo.last_rank(us);
        push_pawn_move(out, last, &Kind::PROMOTIONS, |promotion| Move::Normal {
            from,
            to,
            capture,
            portal: false,
            promotion,
        })
    };
    if let Some(to) = geo.step(from, fwd).filter(|&s| pos.at(s).is_none()) {
        push(to, false);
    }
    let diagonals = match us {
        Color::White => [4, 7],
        Color::Black => [5, 6],
    };
    for dir in diagonals {
        if let Some(to) = geo
            .step(from, dir)
            .filter(|&s| pos.at(s).is_some_and(|p| p.color != us))
        {
            push(to, true);
        }
    }
}

/// The squares an ordinary move passes on its way: for a portal move, the entrance.
pub fn entrance(mv: &Move) -> Option<Sq> {
    match *mv {
        Move::Normal {
            to, portal: true, ..
        } => Some(entrance_of(to)),
        _ => None,
    }
}

/// `color`'s king has just been captured: with one bishop the king takes its place at once;
/// with more, `color` chooses as the first part of its next turn; with none the king is gone.
fn rescue(pos: &mut Position, color: Color) {
    let bishops: Vec<Sq> = pos.squares_of(color, Kind::Bishop).collect();
    match bishops[..] {
        [] => {}
        [only] => pos.cells[only as usize] = Some(Piece::new(color, Kind::King)),
        _ => pos.pending = true,
    }
}

impl MoveGen for Position {
    fn legal_moves(&self, out: &mut Vec<Move>) {
        let us = self.turn;
        if self.pending {
            for square in self.squares_of(us, Kind::Bishop) {
                out.push(Move::Place { square });
            }
            return;
        }
        let mut targets: Vec<Sq> = Vec::with_capacity(40);
        for from in 0..CELLS as u8 {
            let Some(p) = self.at(from) else { continue };
            if p.color != us {
                continue;
            }
            if p.kind == Kind::Pawn {
                pawn_moves(self, from, out);
                continue;
            }
            reach(self, from, p.kind, &mut targets);
            piece_moves(self, from, &targets, out);
            match p.kind {
                Kind::King => {
                    for bishop in self.squares_of(us, Kind::Bishop) {
                        out.push(Move::Swap { king: from, bishop });
                    }
                }
                Kind::Vertag if !self.is_portal(from) => out.push(Move::Build { square: from }),
                _ => {}
            }
        }
    }

    fn play(&mut self, mv: &Move) {
        let us = self.turn;
        let them = !us;
        match *mv {
            Move::Place { square } => {
                // The king's placement is a ply of its own: the side to move, the clock, the
                // move number and a build in progress stay as they are.
                self.cells[square as usize] = Some(Piece::new(us, Kind::King));
                self.pending = false;
                return;
            }
            Move::Normal {
                from,
                to,
                capture,
                promotion,
                ..
            } => {
                let mut piece = self.cells[from as usize].take();
                let pawn = piece.is_some_and(|p| p.kind == Kind::Pawn);
                if let (Some(kind), Some(p)) = (promotion, piece.as_mut()) {
                    p.kind = kind;
                }
                let victim = self.cells[to as usize];
                self.cells[to as usize] = piece;
                self.builds[us.index()] = None;
                if let Some(victim) = victim {
                    if self.builds[them.index()].is_some_and(|b| b.square == to) {
                        self.builds[them.index()] = None;
                    }
                    if victim.kind == Kind::King {
                        rescue(self, them);
                    }
                }
                self.halfmoves = if capture || pawn {
                    0
                } else {
                    self.halfmoves + 1
                };
            }
            Move::Swap { king, bishop } => {
                self.cells.swap(king as usize, bishop as usize);
                self.builds[us.index()] = None;
                self.halfmoves += 1;
            }
            Move::Build { square } => {
                let build = match self.builds[us.index()] {
                    Some(b) if b.square == square => Build {
                        done: b.done + 1,
                        ..b
                    },
                    _ => Build {
                        square,
                        done: 1,
                        needed: self.options.portal_turns,
                    },
                };
                if build.done >= build.needed {
                    self.portals |= 1u128 << square;
                    self.builds[us.index()] = None;
                } else {
                    self.builds[us.index()] = Some(build);
                }
                self.halfmoves += 1;
            }
        }
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = them;
    }

    /// There is no check in AGEIOU.
    fn in_check(&self) -> bool {
        false
    }
}
