//! Move generation and making moves (epoch.md sections 4 to 7).

use super::board::{tables, Board, Removed, CELLS, RESTRICTED_REACH, SIZE};
use super::{castle_squares, Kind, Move, Piece, Position, Sq, Wing};
use crate::rules::{keep_legal, Color, MoveGen};

/// The rank index a side's Legionaries start on.
pub fn start_rank(color: Color) -> u8 {
    match color {
        Color::White => 2,
        Color::Black => 10,
    }
}

/// Rank 7, the middle rank, as an index.
pub const MIDDLE_RANK: u8 = 6;

/// Whether a Legionary on `rank` has not yet reached the middle rank.
fn before_middle(color: Color, rank: u8) -> bool {
    match color {
        Color::White => rank < MIDDLE_RANK,
        Color::Black => rank > MIDDLE_RANK,
    }
}

/// Pseudo-legal moves: every move the pieces allow, before the test for the mover's Pope.
pub fn pseudo_legal(pos: &Position, out: &mut Vec<Move>) {
    let b = &pos.board;
    let us = pos.turn;
    for sq in 0..CELLS as Sq {
        let Some(p) = b.at(sq) else { continue };
        if p.color != us {
            continue;
        }
        match p.kind {
            Kind::Pope => pope_moves(b, us, sq, out),
            Kind::Emperor => {
                if b.awake[us.index()] {
                    slide(b, us, sq, 0..8, usize::MAX, out);
                }
            }
            Kind::Marshal => marshal_moves(pos, sq, out),
            Kind::Assassin => assassin_moves(b, us, sq, out),
            Kind::Sentinel => sentinel_moves(b, us, sq, out),
            Kind::Mage => mage_moves(b, us, sq, out),
            Kind::Herald => herald_moves(b, us, sq, out),
            Kind::Templar => templar_moves(b, us, sq, out),
            Kind::Legionary => legionary_moves(pos, sq, out),
        }
    }
    castling_moves(pos, out);
}

/// A slider that moves and captures alike: quiet moves to empty squares, a capture of the
/// first piece met, all within `reach`.
fn slide(
    b: &Board,
    us: Color,
    from: Sq,
    dirs: std::ops::Range<usize>,
    reach: usize,
    out: &mut Vec<Move>,
) {
    let geo = &tables().geo;
    for dir in dirs {
        for (i, &to) in geo.ray(from, dir).iter().enumerate() {
            if i >= reach {
                break;
            }
            match b.at(to) {
                None => out.push(Move::Quiet { from, to }),
                Some(_) => {
                    if b.capturable_by(us, to) {
                        out.push(Move::Capture { from, to });
                    }
                    break;
                }
            }
        }
    }
}

fn reach(b: &Board, us: Color, sq: Sq) -> usize {
    if b.enhanced(us, sq) {
        usize::MAX
    } else {
        RESTRICTED_REACH
    }
}

fn pope_moves(b: &Board, us: Color, from: Sq, out: &mut Vec<Move>) {
    let geo = &tables().geo;
    for dir in 0..8 {
        if let Some(to) = geo.step(from, dir) {
            match b.at(to) {
                None => out.push(Move::Quiet { from, to }),
                Some(_) if b.capturable_by(us, to) => out.push(Move::Capture { from, to }),
                Some(_) => {}
            }
        }
    }
}

fn marshal_moves(pos: &Position, from: Sq, out: &mut Vec<Move>) {
    let b = &pos.board;
    let us = pos.turn;
    let geo = &tables().geo;
    for dir in 0..8 {
        for &to in geo.ray(from, dir) {
            match b.at(to) {
                None => out.push(Move::Quiet { from, to }),
                Some(victim) => {
                    if b.capturable_by(us, to) {
                        let riposte = pos
                            .riposte
                            .as_slice()
                            .iter()
                            .any(|&y| geo.direction(from, y) == Some(dir));
                        if victim.kind == Kind::Pope || riposte || b.attacks(us, to) {
                            out.push(Move::Capture { from, to });
                        }
                    }
                    break;
                }
            }
        }
    }
}

fn assassin_moves(b: &Board, us: Color, from: Sq, out: &mut Vec<Move>) {
    let geo = &tables().geo;
    let reach = reach(b, us, from);
    for dir in 0..8 {
        let ray = geo.ray(from, dir);
        for (i, &sq) in ray.iter().enumerate() {
            let d = i + 1;
            if d > reach {
                break;
            }
            if b.at(sq).is_none() {
                out.push(Move::Quiet { from, to: sq });
                continue;
            }
            if b.capturable_by(us, sq) {
                let landing = match ray.get(i + 1) {
                    Some(&beyond) if d < reach && b.at(beyond).is_none() => Some(beyond),
                    Some(_) => None,
                    None if geo.is_corner(sq) => Some(sq),
                    None => None,
                };
                if let Some(to) = landing {
                    let mut after = *b;
                    after.clear(sq);
                    after.relocate(from, to);
                    if !after.attacks(!us, to) {
                        out.push(Move::AssassinCapture {
                            from,
                            victim: sq,
                            to,
                        });
                    }
                }
            }
            break;
        }
    }
}

fn sentinel_moves(b: &Board, us: Color, from: Sq, out: &mut Vec<Move>) {
    let geo = &tables().geo;
    let enhanced = b.enhanced(us, from);
    let (quiet_reach, capture_reach) = if enhanced {
        (6, usize::MAX)
    } else {
        (3, RESTRICTED_REACH)
    };
    let marshal = b.marshal[us.index()];
    for dir in 0..4 {
        // How far the line may run after passing through own pieces: up to and including the
        // Marshal's file (along a rank) or rank (along a file), and only heading towards it.
        let pass_limit = match marshal {
            Some(m) if enhanced => {
                let (df, dr) = crate::rules::geometry::DIRECTIONS[dir];
                let gap_f = geo.file(m) as i16 - geo.file(from) as i16;
                let gap_r = geo.rank(m) as i16 - geo.rank(from) as i16;
                if df != 0 && gap_f.signum() == df as i16 {
                    gap_f.unsigned_abs() as usize
                } else if dr != 0 && gap_r.signum() == dr as i16 {
                    gap_r.unsigned_abs() as usize
                } else {
                    0
                }
            }
            _ => 0,
        };
        let mut passed = false;
        for (i, &to) in geo.ray(from, dir).iter().enumerate() {
            let d = i + 1;
            match b.at(to) {
                None => {
                    if passed {
                        if d > quiet_reach || d > pass_limit {
                            break;
                        }
                        out.push(Move::Quiet { from, to });
                    } else if d <= quiet_reach {
                        out.push(Move::Quiet { from, to });
                    }
                }
                Some(p) if p.color == us => {
                    if d < pass_limit.min(quiet_reach) {
                        passed = true;
                    } else {
                        break;
                    }
                }
                Some(_) => {
                    if !passed && d <= capture_reach && b.capturable_by(us, to) {
                        out.push(Move::Capture { from, to });
                    }
                    break;
                }
            }
        }
    }
}

fn mage_moves(b: &Board, us: Color, from: Sq, out: &mut Vec<Move>) {
    let t = tables();
    let geo = &t.geo;
    let enhanced = b.enhanced(us, from);
    let mut victims = 0;
    let mut own_pope = false;
    for dir in 0..8 {
        let Some(to) = geo.step(from, dir) else {
            continue;
        };
        match b.at(to) {
            None => out.push(Move::Quiet { from, to }),
            Some(p) if p.color == us => own_pope |= p.kind == Kind::Pope,
            Some(p) => {
                if !b.is_dormant(p) {
                    victims += 1;
                }
            }
        }
    }
    if enhanced {
        for &to in &t.mage_leaps[from as usize] {
            if b.at(to).is_none() {
                out.push(Move::Quiet { from, to });
            }
        }
    }
    // A blast must destroy an enemy piece; a restricted one may not catch its own Pope.
    if victims > 0 && (enhanced || !own_pope) {
        out.push(Move::Blast { at: from });
    }
}

fn herald_moves(b: &Board, us: Color, from: Sq, out: &mut Vec<Move>) {
    let geo = &tables().geo;
    let enhanced = b.enhanced(us, from);
    slide(b, us, from, 4..8, reach(b, us, from), out);
    for dir in 0..4 {
        let Some(to) = geo.step(from, dir) else {
            continue;
        };
        match b.at(to) {
            None => out.push(Move::Quiet { from, to }),
            Some(_) if enhanced && b.capturable_by(us, to) => out.push(Move::Capture { from, to }),
            Some(_) => {}
        }
    }
}

fn templar_moves(b: &Board, us: Color, from: Sq, out: &mut Vec<Move>) {
    let t = tables();
    let mut leap = |to: Sq| match b.at(to) {
        None => out.push(Move::Quiet { from, to }),
        Some(_) if b.capturable_by(us, to) => out.push(Move::Capture { from, to }),
        Some(_) => {}
    };
    t.long_leaps[from as usize].iter().for_each(|&to| leap(to));
    if b.enhanced(us, from) {
        t.short_leaps[from as usize].iter().for_each(|&to| leap(to));
    }
}

/// The kinds a Legionary on `file` could claim now: lost on its file or a neighbour.
pub fn claimable_kinds(pos: &Position, color: Color, file: u8) -> Vec<Kind> {
    let lost = &pos.lost[color.index()];
    Kind::ALL
        .into_iter()
        .filter(|k| k.claimable())
        .filter(|&k| {
            let counts = &lost[k as usize];
            (file.saturating_sub(1)..=(file + 1).min(SIZE - 1)).any(|f| counts[f as usize] > 0)
        })
        .collect()
}

fn legionary_moves(pos: &Position, from: Sq, out: &mut Vec<Move>) {
    let b = &pos.board;
    let us = pos.turn;
    let geo = &tables().geo;
    let fwd = us.forward();
    let rank = geo.rank(from);
    let file = geo.file(from);
    let last = geo.last_rank(us);
    let claims = || claimable_kinds(pos, us, file);

    if rank == last {
        for kind in claims() {
            out.push(Move::Claim { at: from, kind });
        }
        return;
    }

    let arrive = |to: Sq, capture: bool, out: &mut Vec<Move>| {
        if geo.rank(to) == last {
            let kinds = claimable_kinds(pos, us, geo.file(to));
            if !kinds.is_empty() {
                for kind in kinds {
                    out.push(Move::Promotion {
                        from,
                        to,
                        kind,
                        capture,
                    });
                }
                return;
            }
        }
        out.push(if capture {
            Move::Capture { from, to }
        } else {
            Move::Quiet { from, to }
        });
    };

    let ahead = if fwd > 0 { 0 } else { 2 };
    if before_middle(us, rank) {
        // The advance: any distance up to the middle rank, never past it.
        for &to in geo.ray(from, ahead) {
            if b.at(to).is_some() {
                break;
            }
            out.push(Move::Quiet { from, to });
            if geo.rank(to) == MIDDLE_RANK {
                break;
            }
        }
    } else {
        let steps = if b.enhanced(us, from) { 2 } else { 1 };
        for &to in geo.ray(from, ahead).iter().take(steps) {
            if b.at(to).is_some() {
                break;
            }
            arrive(to, false, out);
        }
    }

    for df in [-1i8, 1] {
        let Some(to) = geo.offset(from, df, fwd) else {
            continue;
        };
        if b.capturable_by(us, to) {
            arrive(to, true, out);
        } else if pos.en_passant == Some(to) {
            if let Some(victim) = geo.offset(to, 0, -fwd) {
                if b.at(victim) == Some(Piece::new(!us, Kind::Legionary)) {
                    out.push(Move::EnPassant { from, to, victim });
                }
            }
        }
    }
}

fn castling_moves(pos: &Position, out: &mut Vec<Move>) {
    let b = &pos.board;
    let us = pos.turn;
    for wing in [Wing::A, Wing::M] {
        if !pos.castling[us.index()][wing as usize] {
            continue;
        }
        let cs = castle_squares(us, wing);
        if b.at(cs.pope_from) != Some(Piece::new(us, Kind::Pope))
            || b.at(cs.sentinel_from) != Some(Piece::new(us, Kind::Sentinel))
            || !b.clear_between(cs.pope_from, cs.sentinel_from)
        {
            continue;
        }
        if b.in_check(us) {
            return;
        }
        let crosses_check = cs.crossed.iter().any(|&sq| {
            let mut probe = *b;
            probe.relocate(cs.pope_from, sq);
            probe.in_check(us)
        });
        if !crosses_check {
            out.push(Move::Castle { wing });
        }
    }
}

/// Wakes the dormant Emperor of the side whose turn begins, if its Marshal is gone or the
/// enemy attacks it (epoch.md section 4, Emperor).
fn wake(b: &mut Board, side: Color) {
    if b.emperor_would_wake(side) {
        b.awake[side.index()] = true;
    }
}

/// Whether a pseudo-legal move leaves the mover's Pope safe, with the opponent's Emperor
/// woken as it would be at the start of the opponent's turn (epoch.md section 5).
pub fn is_legal(pos: &Position, mv: &Move) -> bool {
    let mut b = pos.board;
    let mut removed = Removed::default();
    b.apply(pos.turn, mv, &mut removed);
    wake(&mut b, !pos.turn);
    !b.in_check(pos.turn)
}

/// Removes the claimed piece from the lost pieces: the one on the Legionary's own file, else
/// the lower-lettered neighbour (epoch.md section 7).
fn consume_lost(pos: &mut Position, us: Color, file: u8, kind: Kind) {
    let counts = &mut pos.lost[us.index()][kind as usize];
    let candidates = [Some(file), file.checked_sub(1), Some(file + 1)];
    for f in candidates.into_iter().flatten() {
        if f < SIZE && counts[f as usize] > 0 {
            counts[f as usize] -= 1;
            return;
        }
    }
}

impl Position {
    /// The position with the turn passed and nothing moved (the engine's null move): no
    /// capture en passant or riposte stays open, and the side now to move's Emperor wakes if
    /// it is attacked, as after any move. Not a move of the game.
    pub fn pass_turn(&self) -> Position {
        let mut next = *self;
        next.en_passant = None;
        next.riposte = Default::default();
        next.turn = !self.turn;
        wake(&mut next.board, next.turn);
        next
    }
}

impl MoveGen for Position {
    fn legal_moves(&self, out: &mut Vec<Move>) {
        let start = out.len();
        pseudo_legal(self, out);
        keep_legal(out, start, |mv| is_legal(self, mv));
    }

    /// Plays a legal move and brings the position to the start of the opponent's turn.
    fn play(&mut self, mv: &Move) {
        let us = self.turn;
        let them = !us;
        let geo = &tables().geo;
        let mover = self.board.at(mv.from(us));
        let mut removed = Removed::default();
        self.board.apply(us, mv, &mut removed);

        for (sq, piece) in removed.iter() {
            self.lost[piece.color.index()][piece.kind as usize][geo.file(sq) as usize] += 1;
        }
        if let Move::Promotion { to: at, kind, .. } | Move::Claim { at, kind } = *mv {
            consume_lost(self, us, geo.file(at), kind);
        }

        // Castling rights live while the Pope and that Sentinel have never left home.
        for color in Color::BOTH {
            for wing in [Wing::A, Wing::M] {
                let cs = castle_squares(color, wing);
                let home = self.board.at(cs.pope_from) == Some(Piece::new(color, Kind::Pope))
                    && self.board.at(cs.sentinel_from) == Some(Piece::new(color, Kind::Sentinel))
                    && ![cs.pope_from, cs.sentinel_from].contains(&mv.from(us));
                self.castling[color.index()][wing as usize] &= home;
            }
        }

        self.en_passant = match *mv {
            Move::Quiet { from, to }
                if mover.map(|p| p.kind) == Some(Kind::Legionary)
                    && geo.rank(from) == start_rank(us)
                    && geo.rank(to) == MIDDLE_RANK =>
            {
                geo.offset(to, 0, -us.forward())
            }
            _ => None,
        };

        let progress = removed.len > 0
            || matches!(mv, Move::Blast { .. } | Move::Claim { .. })
            || mover.map(|p| p.kind) == Some(Kind::Legionary);
        self.clock = if progress { 0 } else { self.clock + 1 };
        if us == Color::Black {
            self.move_number += 1;
        }
        self.turn = them;

        // Riposte: squares where `them` lost a piece to this move and its Marshal sees.
        self.riposte = Default::default();
        if let Some(m) = self.board.marshal[them.index()] {
            for (sq, piece) in removed.iter() {
                if piece.color == them && self.board.clear_between(m, sq) {
                    self.riposte.insert(sq);
                }
            }
        }
        wake(&mut self.board, them);
    }

    fn in_check(&self) -> bool {
        self.board.in_check(self.turn)
    }
}
