//! The Epoch board, the zone, and the two attack relations of epoch.md section 3: the base
//! attack (`attacks`) and check (`in_check`).

use std::sync::OnceLock;

use super::{Kind, Piece};
use crate::rules::geometry::{is_orthogonal, opposite, Geometry};
use crate::rules::Color;

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
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    pub cells: [Option<Piece>; CELLS],
    pub pope: [Option<u8>; 2],
    pub marshal: [Option<u8>; 2],
    pub emperor: [Option<u8>; 2],
    /// Whether each side's Emperor is in play (meaningless while it has none).
    pub awake: [bool; 2],
}

impl Board {
    pub fn empty() -> Board {
        Board {
            cells: [None; CELLS],
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

    /// The base attack relation (epoch.md section 3): whether `side` could capture an enemy
    /// piece standing on `x`. The Marshal attacks nothing; a dormant Emperor attacks nothing.
    pub fn attacks(&self, side: Color, x: u8) -> bool {
        let t = tables();
        let geo = &t.geo;
        let mine = |sq: u8, kind: Kind| self.at(sq) == Some(Piece::new(side, kind));
        // A Legionary attacks one square diagonally forward, so it stands diagonally behind.
        let (behind_a, behind_b) = match side {
            Color::White => (5, 6),
            Color::Black => (4, 7),
        };
        for dir in 0..8 {
            if let Some(n) = geo.step(x, dir) {
                if let Some(p) = self.at(n) {
                    if p.color == side {
                        match p.kind {
                            Kind::Pope | Kind::Mage => return true,
                            Kind::Legionary if dir == behind_a || dir == behind_b => return true,
                            _ => {}
                        }
                    }
                }
            }
        }
        if t.long_leaps[x as usize]
            .iter()
            .any(|&n| mine(n, Kind::Templar))
        {
            return true;
        }
        if t.short_leaps[x as usize]
            .iter()
            .any(|&n| mine(n, Kind::Templar) && self.enhanced(side, n))
        {
            return true;
        }
        for dir in 0..8 {
            let ray = geo.ray(x, dir);
            for (i, &n) in ray.iter().enumerate() {
                let Some(p) = self.at(n) else { continue };
                if p.color == side {
                    let d = i + 1;
                    let reach = |sq| {
                        if self.enhanced(side, sq) {
                            usize::MAX
                        } else {
                            RESTRICTED_REACH
                        }
                    };
                    let hit = match p.kind {
                        Kind::Sentinel => is_orthogonal(dir) && d <= reach(n),
                        Kind::Herald => {
                            if is_orthogonal(dir) {
                                d == 1 && self.enhanced(side, n)
                            } else {
                                d <= reach(n)
                            }
                        }
                        Kind::Emperor => self.awake[side.index()],
                        Kind::Assassin => {
                            // It lands beyond x, continuing from n through x.
                            match geo.step(x, opposite(dir)) {
                                Some(beyond) => self.at(beyond).is_none() && d < reach(n),
                                None => geo.is_corner(x) && d <= reach(n),
                            }
                        }
                        _ => false,
                    };
                    if hit {
                        return true;
                    }
                }
                break;
            }
        }
        false
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
        let t = tables();
        let geo = &t.geo;
        let theirs = |sq: u8, kind: Kind| self.at(sq) == Some(Piece::new(foe, kind));
        let (behind_a, behind_b) = match foe {
            Color::White => (5, 6),
            Color::Black => (4, 7),
        };
        for dir in 0..8 {
            let Some(n) = geo.step(pope, dir) else {
                continue;
            };
            let Some(p) = self.at(n) else { continue };
            if p.color != foe {
                continue;
            }
            match p.kind {
                Kind::Pope => return true,
                Kind::Legionary if dir == behind_a || dir == behind_b => return true,
                Kind::Mage => {
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
        if t.long_leaps[pope as usize]
            .iter()
            .any(|&n| theirs(n, Kind::Templar))
        {
            return true;
        }
        if t.short_leaps[pope as usize]
            .iter()
            .any(|&n| theirs(n, Kind::Templar) && self.enhanced(foe, n))
        {
            return true;
        }
        for dir in 0..8 {
            let ray = geo.ray(pope, dir);
            let Some((i, n, p)) = ray
                .iter()
                .enumerate()
                .find_map(|(i, &n)| self.at(n).map(|p| (i, n, p)))
            else {
                continue;
            };
            if p.color != foe {
                continue;
            }
            let d = i + 1;
            let reach = if self.enhanced(foe, n) {
                usize::MAX
            } else {
                RESTRICTED_REACH
            };
            let hit = match p.kind {
                Kind::Sentinel => is_orthogonal(dir) && d <= reach,
                Kind::Herald => {
                    if is_orthogonal(dir) {
                        d == 1 && self.enhanced(foe, n)
                    } else {
                        d <= reach
                    }
                }
                Kind::Marshal => true,
                Kind::Emperor => self.awake[foe.index()] || self.emperor_would_wake(foe),
                Kind::Assassin => self.assassin_takes_pope(side, pope, n, dir, d, reach),
                _ => false,
            };
            if hit {
                return true;
            }
        }
        false
    }

    /// Whether the enemy Assassin on `from` (found from the Pope going `dir`, `d` squares away)
    /// could capture `side`'s Pope: the landing square beyond must be empty, within reach and
    /// not attacked by `side` once the Pope is gone and the Assassin stands there.
    fn assassin_takes_pope(
        &self,
        side: Color,
        pope: u8,
        from: u8,
        dir: usize,
        d: usize,
        reach: usize,
    ) -> bool {
        let geo = &tables().geo;
        let landing = match geo.step(pope, opposite(dir)) {
            Some(beyond) if self.at(beyond).is_none() && d < reach => beyond,
            Some(_) => return false,
            None if geo.is_corner(pope) && d <= reach => pope,
            None => return false,
        };
        let mut after = self.clone();
        after.clear(pope);
        after.relocate(from, landing);
        !after.attacks(side, landing)
    }
}
