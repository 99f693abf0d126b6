//! The Epoch board, the zone, the two attack relations of epoch.md section 3 (the base attack,
//! `attacks`, and check, `in_check`), and what a move does to the pieces (`apply`).

use std::sync::OnceLock;

use super::{castle_squares, Kind, Move, Piece, Sq};
use crate::rules::geometry::{is_orthogonal, opposite, Geometry};
use crate::rules::{Cells, Color};

pub const SIZE: u8 = 13;
pub const CELLS: usize = 169;
/// g7, the command square.
pub const COMMAND_SQUARE: u8 = 6 * SIZE + 6;
/// How far the zone reaches from the Marshal, in king steps.
pub const ZONE_RADIUS: u8 = 4;
/// The reach of restricted sliders (Herald, Sentinel captures, Assassin).
pub const RESTRICTED_REACH: usize = 6;

/// Precomputed geometry and leap targets for the 13 x 13 board.
pub struct Tables {
    pub geo: Geometry,
    /// Templar (3,2) leaps.
    pub long_leaps: Vec<Vec<u8>>,
    /// Templar (2,1) leaps, enhanced only.
    pub short_leaps: Vec<Vec<u8>>,
    /// Mage two-square leaps in the eight directions, enhanced only.
    pub mage_leaps: Vec<Vec<u8>>,
}

pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let geo = Geometry::new(SIZE, SIZE);
        let leaps = |shapes: &[(i8, i8)]| -> Vec<Vec<u8>> {
            (0..CELLS as u8)
                .map(|sq| {
                    let mut out = Vec::new();
                    for &(a, b) in shapes {
                        for (df, dr) in [(a, b), (b, a)] {
                            for (sf, sr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                                if let Some(t) = geo.offset(sq, df * sf, dr * sr) {
                                    if !out.contains(&t) {
                                        out.push(t);
                                    }
                                }
                            }
                        }
                    }
                    out
                })
                .collect()
        };
        let long_leaps = leaps(&[(3, 2)]);
        let short_leaps = leaps(&[(2, 1)]);
        let mage_leaps = leaps(&[(2, 0), (2, 2)]);
        Tables {
            geo,
            long_leaps,
            short_leaps,
            mage_leaps,
        }
    })
}

/// Pieces on squares, with the royal and zone-giving pieces tracked for speed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    pub cells: Cells<Kind, CELLS>,
    pub pope: [Option<u8>; 2],
    pub marshal: [Option<u8>; 2],
    pub emperor: [Option<u8>; 2],
    /// Whether each side's Emperor is in play (meaningless while it has none).
    pub awake: [bool; 2],
}

impl Board {
    pub fn empty() -> Board {
        Board {
            cells: Cells::empty(),
            pope: [None; 2],
            marshal: [None; 2],
            emperor: [None; 2],
            awake: [false; 2],
        }
    }

    #[inline]
    pub fn at(&self, sq: u8) -> Option<Piece> {
        self.cells[sq as usize]
    }

    pub fn put(&mut self, sq: u8, piece: Piece) {
        self.clear(sq);
        self.cells[sq as usize] = Some(piece);
        let c = piece.color.index();
        match piece.kind {
            Kind::Pope => self.pope[c] = Some(sq),
            Kind::Marshal => self.marshal[c] = Some(sq),
            Kind::Emperor => self.emperor[c] = Some(sq),
            _ => {}
        }
    }

    /// Empties a square and returns what stood there.
    pub fn clear(&mut self, sq: u8) -> Option<Piece> {
        let old = self.cells[sq as usize].take();
        if let Some(p) = old {
            let c = p.color.index();
            match p.kind {
                Kind::Pope if self.pope[c] == Some(sq) => self.pope[c] = None,
                Kind::Marshal if self.marshal[c] == Some(sq) => self.marshal[c] = None,
                Kind::Emperor if self.emperor[c] == Some(sq) => {
                    self.emperor[c] = None;
                    self.awake[c] = false;
                }
                _ => {}
            }
        }
        old
    }

    /// Moves a piece, keeping an Emperor's wakefulness.
    pub fn relocate(&mut self, from: u8, to: u8) {
        if let Some(p) = self.cells[from as usize] {
            let awake = self.awake[p.color.index()];
            self.clear(from);
            self.put(to, p);
            if p.kind == Kind::Emperor {
                self.awake[p.color.index()] = awake;
            }
        }
    }

    /// Whether a piece of `side` on `sq` is enhanced: inside its own side's zone.
    #[inline]
    pub fn enhanced(&self, side: Color, sq: u8) -> bool {
        match self.marshal[side.index()] {
            None => false,
            Some(COMMAND_SQUARE) => true,
            Some(m) => tables().geo.distance(m, sq) <= ZONE_RADIUS,
        }
    }

    /// Whether the piece on `sq` is a dormant Emperor.
    #[inline]
    pub fn is_dormant(&self, piece: Piece) -> bool {
        piece.kind == Kind::Emperor && !self.awake[piece.color.index()]
    }

    /// Whether a piece of `side` could capture what stands on `sq`: an enemy, not dormant.
    #[inline]
    pub fn capturable_by(&self, side: Color, sq: u8) -> bool {
        match self.at(sq) {
            Some(p) => p.color != side && !self.is_dormant(p),
            None => false,
        }
    }

    /// Whether the line between two squares on a common ray is empty (ends excluded).
    pub fn clear_between(&self, a: u8, b: u8) -> bool {
        let geo = &tables().geo;
        let Some(dir) = geo.direction(a, b) else {
            return false;
        };
        for &sq in geo.ray(a, dir) {
            if sq == b {
                return true;
            }
            if self.at(sq).is_some() {
                return false;
            }
        }
        false
    }

    /// The number of pieces on the board.
    pub fn count(&self) -> usize {
        self.cells.iter().filter(|c| c.is_some()).count()
    }

    /// The first piece met going from `x` in direction `dir`: its distance, square and piece.
    #[inline]
    fn first_piece(&self, x: u8, dir: usize) -> Option<(usize, u8, Piece)> {
        tables()
            .geo
            .ray(x, dir)
            .iter()
            .enumerate()
            .find_map(|(i, &n)| self.at(n).map(|p| (i + 1, n, p)))
    }

    /// How far a zone-bound slider of `side` on `sq` reaches: unlimited enhanced, else 6.
    #[inline]
    /// The first piece on each of the eight lines from `x` that belongs to `side`, as
    /// (direction, distance, square, piece).
    fn first_pieces_of(
        &self,
        x: u8,
        side: Color,
    ) -> impl Iterator<Item = (usize, usize, u8, Piece)> + '_ {
        (0..8).filter_map(move |dir| {
            let (d, n, p) = self.first_piece(x, dir)?;
            (p.color == side).then_some((dir, d, n, p))
        })
    }

    fn reach(&self, side: Color, sq: u8) -> usize {
        if self.enhanced(side, sq) {
            usize::MAX
        } else {
            RESTRICTED_REACH
        }
    }

    /// Whether a Templar of `side` leaps onto `x`: (3,2) always, (2,1) when enhanced.
    fn templar_reaches(&self, side: Color, x: u8) -> bool {
        let t = tables();
        let templar = Some(Piece::new(side, Kind::Templar));
        t.long_leaps[x as usize]
            .iter()
            .any(|&n| self.at(n) == templar)
            || t.short_leaps[x as usize]
                .iter()
                .any(|&n| self.at(n) == templar && self.enhanced(side, n))
    }

    /// Whether a Legionary of `side` stands where it captures onto `x` (diagonally behind it).
    fn legionary_reaches(&self, side: Color, x: u8) -> bool {
        let geo = &tables().geo;
        let back = match side {
            Color::White => -1,
            Color::Black => 1,
        };
        let legionary = Some(Piece::new(side, Kind::Legionary));
        [-1, 1].into_iter().any(|df| {
            geo.offset(x, df, back)
                .is_some_and(|n| self.at(n) == legionary)
        })
    }

    /// The captures that read the same for attack and check: a Sentinel along a rank or file,
    /// a Herald along a diagonal or by its orthogonal step, for the first piece `p` of `side`
    /// met `d` squares from the target going `dir`.
    fn slider_reaches(&self, side: Color, p: Piece, n: u8, dir: usize, d: usize) -> bool {
        match p.kind {
            Kind::Sentinel => is_orthogonal(dir) && d <= self.reach(side, n),
            Kind::Herald if is_orthogonal(dir) => d == 1 && self.enhanced(side, n),
            Kind::Herald => d <= self.reach(side, n),
            _ => false,
        }
    }

    /// The base attack relation (epoch.md section 3): whether `side` could capture an enemy
    /// piece standing on `x`. The Marshal attacks nothing; a dormant Emperor attacks nothing.
    pub fn attacks(&self, side: Color, x: u8) -> bool {
        let geo = &tables().geo;
        let adjacent = (0..8).filter_map(|dir| geo.step(x, dir));
        if adjacent
            .filter_map(|n| self.at(n))
            .any(|p| p.color == side && matches!(p.kind, Kind::Pope | Kind::Mage))
        {
            return true;
        }
        if self.legionary_reaches(side, x) || self.templar_reaches(side, x) {
            return true;
        }
        self.first_pieces_of(x, side).any(|(dir, d, n, p)| {
            match p.kind {
                Kind::Emperor => self.awake[side.index()],
                // It lands beyond x, continuing from n through x.
                Kind::Assassin => match geo.step(x, opposite(dir)) {
                    Some(beyond) => self.at(beyond).is_none() && d < self.reach(side, n),
                    None => geo.is_corner(x) && d <= self.reach(side, n),
                },
                _ => self.slider_reaches(side, p, n, dir, d),
            }
        })
    }

    /// Whether a dormant Emperor of `side` would wake at the start of `side`'s turn.
    pub fn emperor_would_wake(&self, side: Color) -> bool {
        match self.emperor[side.index()] {
            Some(e) if !self.awake[side.index()] => {
                self.marshal[side.index()].is_none() || self.attacks(!side, e)
            }
            _ => false,
        }
    }

    /// Check (epoch.md section 3): whether the opponent of `side`, were it to move now, would
    /// have a move that captures `side`'s Pope.
    pub fn in_check(&self, side: Color) -> bool {
        let Some(pope) = self.pope[side.index()] else {
            return false;
        };
        let foe = !side;
        let geo = &tables().geo;
        for n in (0..8).filter_map(|dir| geo.step(pope, dir)) {
            match self.at(n) {
                Some(p) if p.color == foe && p.kind == Kind::Pope => return true,
                Some(p) if p.color == foe && p.kind == Kind::Mage => {
                    // A restricted Mage with its own Pope in its ring may not blast.
                    let own_pope_in_ring =
                        self.pope[foe.index()].is_some_and(|fp| geo.distance(fp, n) == 1);
                    if self.enhanced(foe, n) || !own_pope_in_ring {
                        return true;
                    }
                }
                _ => {}
            }
        }
        if self.legionary_reaches(foe, pope) || self.templar_reaches(foe, pope) {
            return true;
        }
        self.first_pieces_of(pope, foe).any(|(dir, d, n, p)| {
            match p.kind {
                // The Pope is exempt from the Marshal's need for support.
                Kind::Marshal => true,
                Kind::Emperor => self.awake[foe.index()] || self.emperor_would_wake(foe),
                Kind::Assassin => self.assassin_takes_pope(side, pope, n, dir, d),
                _ => self.slider_reaches(foe, p, n, dir, d),
            }
        })
    }

    /// Whether the enemy Assassin on `from` (found from the Pope going `dir`, `d` squares away)
    /// could capture `side`'s Pope: the landing square beyond must be empty, within reach and
    /// not attacked by `side` once the Pope is gone and the Assassin stands there.
    fn assassin_takes_pope(&self, side: Color, pope: u8, from: u8, dir: usize, d: usize) -> bool {
        let geo = &tables().geo;
        let reach = self.reach(!side, from);
        let landing = match geo.step(pope, opposite(dir)) {
            Some(beyond) if self.at(beyond).is_none() && d < reach => beyond,
            Some(_) => return false,
            None if geo.is_corner(pope) && d <= reach => pope,
            None => return false,
        };
        let mut after = *self;
        after.clear(pope);
        after.relocate(from, landing);
        !after.attacks(side, landing)
    }

    /// Carries out a move's effect on the board alone, recording what it removed.
    pub fn apply(&mut self, us: Color, mv: &Move, removed: &mut Removed) {
        match *mv {
            Move::Quiet { from, to } => self.relocate(from, to),
            Move::Capture { from, to } => {
                if let Some(victim) = self.clear(to) {
                    removed.push(to, victim);
                }
                self.relocate(from, to);
            }
            Move::Promotion { from, to, kind, .. } => {
                if let Some(victim) = self.clear(to) {
                    removed.push(to, victim);
                }
                self.clear(from);
                self.promote(us, to, kind);
            }
            Move::Claim { at, kind } => self.promote(us, at, kind),
            Move::AssassinCapture { from, victim, to } => {
                if let Some(p) = self.clear(victim) {
                    removed.push(victim, p);
                }
                self.relocate(from, to);
            }
            Move::EnPassant { from, to, victim } => {
                if let Some(p) = self.clear(victim) {
                    removed.push(victim, p);
                }
                self.relocate(from, to);
            }
            Move::Blast { at } => {
                // Collected first: the ring is read before anything in it is removed.
                let mut caught = [0; 8];
                let mut n = 0;
                for sq in self.blast_victims(us, at) {
                    caught[n] = sq;
                    n += 1;
                }
                for &sq in &caught[..n] {
                    if let Some(p) = self.clear(sq) {
                        removed.push(sq, p);
                    }
                }
            }
            Move::Castle { wing } => {
                let cs = castle_squares(us, wing);
                self.relocate(cs.pope_from, cs.pope_to);
                self.relocate(cs.sentinel_from, cs.sentinel_to);
            }
        }
    }

    /// The squares a blast from `at` clears: everything in the ring but dormant Emperors, and
    /// for an enhanced Mage only enemy pieces.
    pub fn blast_victims(&self, us: Color, at: u8) -> impl Iterator<Item = u8> + '_ {
        let geo = &tables().geo;
        let enhanced = self.enhanced(us, at);
        (0..8)
            .filter_map(move |dir| geo.step(at, dir))
            .filter(move |&sq| match self.at(sq) {
                Some(p) => !self.is_dormant(p) && (!enhanced || p.color != us),
                None => false,
            })
    }

    /// Puts the claimed piece where the Legionary stands; a claimed Emperor comes in awake.
    fn promote(&mut self, us: Color, at: u8, kind: Kind) {
        self.put(at, Piece::new(us, kind));
        if kind == Kind::Emperor {
            self.awake[us.index()] = true;
        }
    }
}

/// What a move removed from the board: up to eight pieces, with their squares.
#[derive(Default)]
pub struct Removed {
    pub items: [(u8, Option<Piece>); 8],
    pub len: usize,
}

impl Removed {
    fn push(&mut self, sq: u8, piece: Piece) {
        self.items[self.len] = (sq, Some(piece));
        self.len += 1;
    }

    pub fn iter(&self) -> impl Iterator<Item = (u8, Piece)> + '_ {
        self.items[..self.len]
            .iter()
            .filter_map(|&(sq, p)| p.map(|p| (sq, p)))
    }
}

/// A square's name ("e7").
pub(super) fn name(s: Sq) -> String {
    tables().geo.square(s).to_string()
}

/// A square's file letter ("e").
pub(super) fn file_char(s: Sq) -> char {
    (b'a' + s % SIZE) as char
}

/// A square's rank number ("7").
pub(super) fn rank_text(s: Sq) -> String {
    (s / SIZE + 1).to_string()
}
