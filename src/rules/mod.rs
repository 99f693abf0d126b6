//! The rules of every game Herald hosts: pure, with no I/O, no async, no Discord and no SQL.
//!
//! Everything outside this module reaches a variant through [`AnyGame`] (a game in progress,
//! moves as text in and [`MoveInfo`] out) and [`BoardView`] (what a renderer draws); games are
//! started by [`VariantId`] with [`new_game`].
//!
//! The shared layer, one idea a file: [`types`] (colours, results), [`errors`], [`geometry`]
//! (squares and rays) and [`board8`] (the 8x8 board chess and Empire Chess share), [`piece`]
//! (pieces, their emblems, and the one table a variant writes for its kinds), [`moves`] (move
//! kinds, facts and marks), [`text`], [`notation`] and [`view`] (the shared halves of those
//! parts of a variant), [`laws`] ([`Rules`], which every other part builds on), [`variant`] (the
//! other parts a variant implements), [`registry`] (the variants by name), `start`
//! (a game of any variant begun by its name), [`game`] (history, repetition, parsing input)
//! and [`perft`], [`key`] and [`options`].
//!
//! Every variant's folder has the same rooms: `mod.rs` (its kinds, pieces, moves, position and
//! [`Rules`]), `movegen.rs` ([`MoveGen`]), `text.rs` ([`PositionText`]), `notation.rs`
//! ([`Notation`]), `view.rs` ([`View`]) and `help.md` (its [`Help`], the text of /rules).

pub mod ageiou;
pub mod board8;
pub mod chess;
pub mod empire;
pub mod epoch;
pub mod errors;
pub mod explain;
pub mod fantastic;
pub mod game;
pub mod geometry;
pub mod key;
pub mod laws;
pub mod moves;
pub mod notation;
pub mod options;
pub mod perft;
pub mod piece;
pub mod registry;
mod start;
pub mod text;
pub mod types;
pub mod variant;
pub mod view;

pub use errors::{shown, MoveError, PositionError};
pub use game::{AnyGame, Game};
pub use geometry::{FileRank, Square};
pub use laws::Rules;
pub use moves::{MoveFacts, MoveInfo, MoveKind, MoveMarks};
pub use notation::Notation;
pub use options::{GameOptions, OptionsError, SetupError};
pub use piece::{Cells, Emblem, Piece, PieceKind};
pub use registry::{help, rules_answer, Help, VariantId};
pub use start::{new_game, new_game_with};
pub use text::PositionText;
pub use types::{Clock, Color, Outcome, Power, Reason};
pub(crate) use variant::orthodox_outcome;
pub use variant::{keep_legal, push_pawn_move, MoveGen, Variant};
pub use view::{BoardView, Livery, LostView, MarkedSquare, PieceView, PortalView, View, ZoneView};
