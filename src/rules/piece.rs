//! Pieces: a kind and its owner. Each variant lists its kinds once, in a [`piece_kinds!`]
//! table of letter and picture ([`Emblem`]); the letters of position texts and SAN, the names
//! and the pictures all come from that one table.

use std::ops::{Deref, DerefMut};

use super::Color;

/// The picture a renderer draws for a piece: a shared drawing vocabulary, so the renderer
/// knows shapes, never a variant's piece names. Each variant maps its pieces onto these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Emblem {
    /// A papal tiara (three crowns under a cross): a royal piece.
    Tiara,
    /// A five-pointed crown.
    Crown,
    /// A star on a pedestal.
    Star,
    /// An upright dagger.
    Dagger,
    /// A crenellated tower.
    Tower,
    /// A wizard's pointed hat.
    PointedHat,
    /// A swallow-tailed banner on a pole.
    Banner,
    /// A flat-topped great helm with a cross.
    GreatHelm,
    /// A foot soldier: a pawn's head and body.
    Footman,
    /// The Staunton-style pieces of standard chess.
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
    /// Empire Chess's Imperial pieces (the Tower reuses Tower): the Kaiser (a closed imperial
    /// crown under an orb), the Eagle, the Cardinal and the Duke.
    Kaiser,
    Eagle,
    Cardinal,
    Duke,
    /// A shield with a cross.
    Shield,
    /// Fantastic XIII's pieces (its King, Pawn and Eagle reuse King, Pawn and Eagle).
    Prince,
    Troll,
    Snake,
    Ship,
    Squirrel,
    Hawk,
    Mammoth,
    Cheetah,
    Rhinoceros,
    Direwolf,
    /// AGEIOU's pieces: a sailing boat (the rook), the portal-building Vertag (a stone arch
    /// around a swirl), the Councillor (a minister's scroll), and a pawn that has moved (a
    /// pawn with a band across its body).
    Boat,
    Vertag,
    Councillor,
    MovedPawn,
}

/// What the shared code needs of a variant's piece kinds.
pub trait PieceKind: Copy + Eq + 'static {
    /// The letter of the position text and of SAN, in upper case.
    fn letter(self) -> char;
    /// The kind a letter of either case names.
    fn from_letter(c: char) -> Option<Self>;
    /// The piece's name, e.g. "Knight".
    fn name(self) -> &'static str;
    /// What a renderer draws for it.
    fn emblem(self) -> Emblem;
    /// Its place in the table, for repetition keys.
    fn index(self) -> u8;
}

/// A board of `N` cells, each empty or holding a piece, indexed `rank * files + file`; it
/// reads as a slice of cells. It is `Copy`, and cloning copies the cells as one block (an
/// array of a generic type is otherwise cloned cell by cell): move generation tries moves on
/// copies of positions, so the positions are `Copy` too and copy in one block.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Cells<K, const N: usize>(pub [Option<Piece<K>>; N]);

impl<K: Copy, const N: usize> Copy for Cells<K, N> {}

impl<K: Copy, const N: usize> Cells<K, N> {
    /// No pieces at all.
    pub fn empty() -> Self {
        Cells([None; N])
    }
}

impl<K: Copy, const N: usize> Clone for Cells<K, N> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<K, const N: usize> Deref for Cells<K, N> {
    type Target = [Option<Piece<K>>];
    #[inline]
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl<K, const N: usize> DerefMut for Cells<K, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

/// A piece: a kind and its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece<K> {
    pub color: Color,
    pub kind: K,
}

impl<K: PieceKind> Piece<K> {
    pub const fn new(color: Color, kind: K) -> Self {
        Piece { color, kind }
    }

    /// The position-text letter: upper case for White, lower case for Black.
    pub fn letter(self) -> char {
        match self.color {
            Color::White => self.kind.letter(),
            Color::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }

    /// The piece a position-text letter names.
    pub fn from_letter(c: char) -> Option<Self> {
        let kind = K::from_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, kind))
    }

    /// A byte naming the piece, never 0 (which a repetition key keeps for an empty square).
    pub fn code(self) -> u8 {
        1 + 2 * self.kind.index() + self.color as u8
    }
}

/// Declares a variant's piece kinds from one table, each kind as `Name = 'L', Emblem;`.
/// It gives the enum, `ALL` (in table order), `letter`, `from_letter`, `name` (the kind's
/// identifier), `emblem` and [`PieceKind`]. Two kinds with one letter do not compile (the
/// letter match would have an unreachable arm).
macro_rules! piece_kinds {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $($(#[$kmeta:meta])* $kind:ident = $letter:literal, $emblem:ident;)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $($(#[$kmeta])* $kind,)+
        }

        impl $name {
            /// Every kind, in the order of the table.
            pub const ALL: [$name; [$($name::$kind),+].len()] = [$($name::$kind),+];

            /// The letter of the position text and of SAN, in upper case.
            pub const fn letter(self) -> char {
                match self {
                    $($name::$kind => $letter,)+
                }
            }

            /// The kind a letter of either case names.
            pub fn from_letter(c: char) -> Option<$name> {
                match c.to_ascii_uppercase() {
                    $($letter => Some($name::$kind),)+
                    _ => None,
                }
            }

            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$kind => stringify!($kind),)+
                }
            }

            /// The picture a renderer draws for this kind.
            pub const fn emblem(self) -> $crate::rules::Emblem {
                match self {
                    $($name::$kind => $crate::rules::Emblem::$emblem,)+
                }
            }
        }

        impl $crate::rules::PieceKind for $name {
            fn letter(self) -> char {
                $name::letter(self)
            }
            fn from_letter(c: char) -> Option<Self> {
                $name::from_letter(c)
            }
            fn name(self) -> &'static str {
                $name::name(self)
            }
            fn emblem(self) -> $crate::rules::Emblem {
                $name::emblem(self)
            }
            fn index(self) -> u8 {
                self as u8
            }
        }
    };
}

pub(crate) use piece_kinds;
