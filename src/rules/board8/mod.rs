//! The 8x8 board that chess and Empire Chess share: its geometry and knight and pawn tables,
//! and the orthodox core of both games (the moves, the position with castling rights, en
//! passant and the two clocks, how pieces and pawns step, the FEN, the move facts and words,
//! and the board view). Each game adds its own pieces, attacks and end of game.

use std::sync::OnceLock;

use super::geometry::{Geometry, KNIGHT};
use super::key::KeyBuilder;
use super::notation::step_words;
use super::text::{or_dash, side_letter, square_or_dash, write_cells};
use super::view::piece_views;

mod text;

use super::{
    push_pawn_move, BoardView, Cells, Color, MoveFacts, MoveKind, Piece, PieceKind, PieceView,
    VariantId,
};
use text::CASTLING;
pub use text::{read_castling, read_en_passant, Fen};

/// A square index `rank * 8 + file`.
pub type Sq = u8;

/// Precomputed geometry and leaps for the 8x8 board.
pub struct Tables {
    pub geo: Geometry,
    pub knight: Vec<Vec<u8>>,
    /// `[color][sq]`: the squares a pawn of that colour on `sq` captures on.
    pub pawn_captures: [Vec<Vec<u8>>; 2],
    /// `[color][sq]`: the squares from which a pawn of that colour captures on `sq`.
    pub pawn_attackers: [Vec<Vec<u8>>; 2],
}

pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let geo = Geometry::new(8, 8);
        let pawn = |dr: i8| geo.leaps(&[(-1, dr), (1, dr)]);
        Tables {
            knight: geo.leaps(&KNIGHT),
            pawn_captures: [pawn(1), pawn(-1)],
            pawn_attackers: [pawn(-1), pawn(1)],
            geo,
        }
    })
}

/// The kinds of an 8x8 army that the shared code moves by name.
pub trait Army: PieceKind + std::hash::Hash + std::fmt::Debug {
    const KING: Self;
    const PAWN: Self;
    const ROOK: Self;
}

/// A move on the 8x8 board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move<K> {
    /// Any move of a piece or pawn, capturing or not, promoting or not.
    Normal {
        from: Sq,
        to: Sq,
        capture: bool,
        promotion: Option<K>,
    },
    EnPassant {
        from: Sq,
        to: Sq,
    },
    /// Castling, as the king's move.
    Castle {
        from: Sq,
        to: Sq,
        rook_from: Sq,
        rook_to: Sq,
    },
}

impl<K> Move<K> {
    pub fn from(&self) -> Sq {
        match *self {
            Move::Normal { from, .. }
            | Move::EnPassant { from, .. }
            | Move::Castle { from, .. } => from,
        }
    }

    pub fn to(&self) -> Sq {
        match *self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } | Move::Castle { to, .. } => to,
        }
    }

    pub fn is_capture(&self) -> bool {
        matches!(
            self,
            Move::EnPassant { .. } | Move::Normal { capture: true, .. }
        )
    }
}

/// The square of the pawn an en passant capture from `from` to `to` takes: beside the mover,
/// on the destination's file.
pub fn passed_pawn(from: Sq, to: Sq) -> Sq {
    (from / 8) * 8 + to % 8
}

/// A position on the 8x8 board: what a FEN records. `Copy`, as a position copies in one block
/// (see [`Cells`]).
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Board8<K: PieceKind> {
    pub(crate) cells: Cells<K, 64>,
    pub(crate) kings: [Sq; 2],
    pub(crate) turn: Color,
    /// Castling rights `[color][0 = king side, 1 = queen side]`.
    pub(crate) castling: [[bool; 2]; 2],
    pub(crate) en_passant: Option<Sq>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
}

impl<K: PieceKind> Copy for Board8<K> {}

impl<K: PieceKind> Clone for Board8<K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<K: Army> Board8<K> {
    /// The position with the turn passed and nothing moved (the engine's null move). Not a
    /// move of the game.
    pub fn pass_turn(&self) -> Self {
        let mut next = *self;
        next.en_passant = None;
        next.turn = !self.turn;
        next
    }

    #[inline]
    pub fn at(&self, sq: Sq) -> Option<Piece<K>> {
        self.cells[sq as usize]
    }

    /// The wing castling input asks for (0 the king's side, 1 the queen's): `O-O`, `O-O-O`,
    /// or the king's two-square move from its home square, in coordinates or with its letter
    /// (`e1g1`, `Ke1c1`, `Kg1`). The input is normalized.
    pub fn castling_wing(&self, norm: &str) -> Option<usize> {
        match norm {
            "O-O" => return Some(0),
            "O-O-O" => return Some(1),
            _ => {}
        }
        let geo = &tables().geo;
        let home = if self.turn == Color::White { 4 } else { 60 };
        if self.kings[self.turn.index()] != home {
            return None;
        }
        let from = geo.square(home);
        let rest = norm.strip_prefix(K::KING.letter()).unwrap_or(norm);
        let rest = rest.strip_prefix(&from.to_string()).unwrap_or(rest);
        let wing = [(0, home + 2), (1, home - 2)]
            .into_iter()
            .find(|&(_, to)| rest == geo.square(to).to_string())?;
        (rest != norm || norm.len() > 2).then_some(wing.0)
    }

    /// Why the side to move cannot castle on `wing` now, by the rules of chess: it has no
    /// right, a square between king and rook is taken, it is in check, or `unsafe_square`
    /// gives a reason against a square the king crosses or lands on. `None` when none of that
    /// forbids it.
    pub fn castling_refusal(
        &self,
        wing: usize,
        in_check: bool,
        unsafe_square: impl Fn(Sq) -> Option<String>,
    ) -> Option<String> {
        let geo = &tables().geo;
        let us = self.turn;
        let base = if us == Color::White { 0 } else { 56 };
        let (rook, between, crossed): (Sq, &[Sq], [Sq; 2]) = if wing == 0 {
            (7, &[5, 6], [5, 6])
        } else {
            (0, &[1, 2, 3], [3, 2])
        };
        let (king, rook) = (geo.square(base + 4), geo.square(base + rook));
        if !self.castling[us.index()][wing] {
            return Some(format!(
                "castling with the rook on {rook} is no longer possible: the king or that rook has left its square"
            ));
        }
        if between.iter().any(|&s| self.at(base + s).is_some()) {
            return Some(format!(
                "every square between the king on {king} and the rook on {rook} must be empty"
            ));
        }
        if in_check {
            return Some("the king cannot castle out of check".into());
        }
        crossed.iter().find_map(|&s| unsafe_square(base + s))
    }

    pub fn fen(&self) -> String {
        let geo = &tables().geo;
        let castling: String = CASTLING
            .iter()
            .filter(|(_, color, wing, _, _)| self.castling[color.index()][*wing])
            .map(|right| right.0)
            .collect();
        let en_passant = square_or_dash(geo, self.en_passant);
        format!(
            "{} {} {} {en_passant} {} {}",
            write_cells(geo, &self.cells),
            side_letter(self.turn),
            or_dash(&castling),
            self.halfmoves,
            self.fullmoves
        )
    }

    /// Placement, side to move, castling rights, and the en passant square only when a pawn
    /// of the side to move stands ready to take there (FIDE's "same position").
    pub fn key(&self) -> u64 {
        let ep = self.en_passant.filter(|&sq| {
            tables().pawn_attackers[self.turn.index()][sq as usize]
                .iter()
                .any(|&s| self.at(s) == Some(Piece::new(self.turn, K::PAWN)))
        });
        let c = self.castling;
        let rights = (c[0][0] as u64)
            | (c[0][1] as u64) << 1
            | (c[1][0] as u64) << 2
            | (c[1][1] as u64) << 3;
        let mut key = KeyBuilder::default();
        key.cells(&self.cells);
        key.word(self.turn as u64 | rights << 1 | ep.map_or(0, |s| s as u64 + 1) << 8);
        key.finish()
    }

    /// A piece that moves and captures alike, going from `from` to `to`: a move, a capture,
    /// or nothing onto its own side.
    #[inline(always)]
    pub fn step(&self, from: Sq, to: Sq, out: &mut Vec<Move<K>>) {
        let capture = match self.at(to) {
            None => false,
            Some(q) if q.color != self.turn => true,
            Some(_) => return,
        };
        out.push(Move::Normal {
            from,
            to,
            capture,
            promotion: None,
        });
    }

    /// The king's eight steps from `from`, moving or capturing.
    #[inline(always)]
    pub fn king_steps(&self, from: Sq, out: &mut Vec<Move<K>>) {
        let geo = &tables().geo;
        for dir in 0..8 {
            if let Some(to) = geo.step(from, dir) {
                self.step(from, to, out);
            }
        }
    }

    /// The knight's leaps from `from`, moving or capturing.
    #[inline(always)]
    pub fn knight_leaps(&self, from: Sq, out: &mut Vec<Move<K>>) {
        for &to in &tables().knight[from as usize] {
            self.step(from, to, out);
        }
    }

    /// A slider that moves and captures alike, along the directions `dirs`.
    #[inline(always)]
    pub fn slide(&self, from: Sq, dirs: std::ops::Range<usize>, out: &mut Vec<Move<K>>) {
        let geo = &tables().geo;
        for dir in dirs {
            for &to in geo.ray(from, dir) {
                let piece = self.at(to);
                if piece.is_none_or(|q| q.color != self.turn) {
                    out.push(Move::Normal {
                        from,
                        to,
                        capture: piece.is_some(),
                        promotion: None,
                    });
                }
                if piece.is_some() {
                    break;
                }
            }
        }
    }

    /// The moves of a pawn on `from`: one step ahead, two from its second rank, captures one
    /// step diagonally forward and en passant; on the last rank one move for each kind of
    /// `promotions`.
    #[inline(always)]
    pub fn pawn_moves(&self, from: Sq, promotions: &[K], out: &mut Vec<Move<K>>) {
        let t = tables();
        let us = self.turn;
        let push = |to: Sq, capture: bool, out: &mut Vec<Move<K>>| {
            let last = to / 8 == 7 || to / 8 == 0;
            push_pawn_move(out, last, promotions, |promotion| Move::Normal {
                from,
                to,
                capture,
                promotion,
            })
        };
        // Straight ahead along the file: the ray north for White, south for Black.
        let ahead = t.geo.ray(from, if us == Color::White { 0 } else { 2 });
        if let Some(&one) = ahead.first().filter(|&&s| self.at(s).is_none()) {
            push(one, false, out);
            let home = if us == Color::White { 1 } else { 6 };
            if let Some(&two) = ahead
                .get(1)
                .filter(|&&s| from / 8 == home && self.at(s).is_none())
            {
                push(two, false, out);
            }
        }
        for &to in &t.pawn_captures[us.index()][from as usize] {
            match self.at(to) {
                Some(q) if q.color != us => push(to, true, out),
                None if self.en_passant == Some(to) => out.push(Move::EnPassant { from, to }),
                _ => {}
            }
        }
    }

    /// Moves the pieces only.
    pub fn apply(&mut self, mv: &Move<K>) {
        match *mv {
            Move::Normal {
                from,
                to,
                promotion,
                ..
            } => {
                let mut p = self.cells[from as usize].take();
                if let (Some(kind), Some(piece)) = (promotion, p.as_mut()) {
                    piece.kind = kind;
                }
                self.cells[to as usize] = p;
                if let Some(piece) = p.filter(|p| p.kind == K::KING) {
                    self.kings[piece.color.index()] = to;
                }
            }
            Move::EnPassant { from, to } => {
                self.cells[to as usize] = self.cells[from as usize].take();
                self.cells[passed_pawn(from, to) as usize] = None;
            }
            Move::Castle {
                from,
                to,
                rook_from,
                rook_to,
            } => {
                let k = self.cells[from as usize].take();
                let r = self.cells[rook_from as usize].take();
                self.cells[to as usize] = k;
                self.cells[rook_to as usize] = r;
                self.kings[self.turn.index()] = to;
            }
        }
    }

    /// Plays a move: the pieces, the castling rights, the en passant square, the clocks.
    pub fn make(&mut self, mv: &Move<K>) {
        let us = self.turn;
        let pawn = self.at(mv.from()).map(|p| p.kind) == Some(K::PAWN);
        let capture = mv.is_capture();
        self.apply(mv);
        // Rights go with a king's or a rook's first step, or a rook's capture at home.
        for (color, base) in [(Color::White, 0u8), (Color::Black, 56u8)] {
            for (side, corner) in [(0, base + 7), (1, base)] {
                if [mv.from(), mv.to()].contains(&corner) || mv.from() == base + 4 {
                    self.castling[color.index()][side] = false;
                }
            }
        }
        self.en_passant = match *mv {
            Move::Normal { from, to, .. } if pawn && from.abs_diff(to) == 16 => {
                Some((from + to) / 2)
            }
            _ => None,
        };
        self.halfmoves = if pawn || capture {
            0
        } else {
            self.halfmoves + 1
        };
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !us;
    }

    /// The facts of a move for the shared notation writer.
    pub fn move_facts(&self, mv: &Move<K>) -> MoveFacts {
        let geo = &tables().geo;
        let kind = self.at(mv.from()).map_or(K::PAWN, |p| p.kind);
        let to = geo.square(mv.to());
        let mut facts = MoveFacts::new(
            MoveKind::Quiet,
            geo.square(mv.from()),
            to,
            kind.letter(),
            kind == K::PAWN,
        );
        match *mv {
            Move::Normal {
                capture, promotion, ..
            } => {
                facts.victim = capture.then_some(to);
                facts.promotion = promotion.map(K::letter);
                facts.kind = match (promotion, capture) {
                    (Some(_), _) => MoveKind::Promotion,
                    (None, true) => MoveKind::Capture,
                    (None, false) => MoveKind::Quiet,
                };
            }
            Move::EnPassant { from, to } => {
                facts.kind = MoveKind::EnPassant;
                facts.victim = Some(geo.square(passed_pawn(from, to)));
            }
            Move::Castle { .. } => facts.kind = MoveKind::Castle,
        }
        facts
    }

    /// The move in words, the mover called `mover`, and a piece taken or promoted to by `name`.
    pub fn move_words(
        &self,
        mv: &Move<K>,
        mover: &str,
        name: impl Fn(Piece<K>) -> String,
    ) -> String {
        let geo = &tables().geo;
        let sq = |s: Sq| geo.square(s);
        match *mv {
            Move::Castle { from, to, .. } => {
                format!("King castles {}", if to > from { "short" } else { "long" })
            }
            Move::EnPassant { from, to } => format!(
                "Pawn {} takes the pawn on {} en passant",
                sq(from),
                sq(passed_pawn(from, to))
            ),
            Move::Normal {
                capture, promotion, ..
            } => {
                let (from, to) = (mv.from(), mv.to());
                let victim =
                    capture.then(|| name(self.at(to).unwrap_or(Piece::new(!self.turn, K::PAWN))));
                let promo = promotion.map_or(String::new(), |k| {
                    format!(" and becomes a {}", name(Piece::new(self.turn, k)))
                });
                let words = step_words(mover, sq(from), sq(to), victim.as_deref());
                format!("{words}{promo}")
            }
        }
    }

    /// The board view, each piece drawn as `piece_view` says; `in_check` marks the king of the
    /// side to move.
    pub fn view_with(
        &self,
        variant: VariantId,
        in_check: bool,
        piece_view: impl Fn(Piece<K>) -> PieceView,
    ) -> BoardView {
        let geo = &tables().geo;
        let pieces = piece_views(geo, &self.cells, |_, p| piece_view(p));
        BoardView {
            royal_in_check: in_check.then(|| geo.square(self.kings[self.turn.index()])),
            no_progress: Some((self.halfmoves / 2, 50)),
            ..BoardView::new(variant, geo, pieces, self.turn, self.fullmoves)
        }
    }
}
