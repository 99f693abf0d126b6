//! What a variant is: its rules ([`Rules`], in the variant's `mod.rs`), its move generator
//! ([`MoveGen`], `movegen.rs`), its position text ([`PositionText`], `text.rs`), its notation
//! ([`Notation`], `notation.rs`) and its picture ([`View`], `view.rs`). Each part is
//! implemented where it lives; [`Variant`] is all of them together. Everything is pure.

use std::fmt;
use std::hash::Hash;

use super::{
    Clock, Color, GameOptions, Notation, OptionsError, Outcome, PositionText, Reason, VariantId,
    View,
};

/// A variant's rules proper: whose turn it is, and how and when the game ends.
pub trait Rules: Clone + Send + Sync + Sized + 'static {
    type Move: Copy + Eq + Hash + fmt::Debug + Send + Sync;

    const ID: VariantId;

    /// Whether Black may swap sides instead of answering White's first move.
    const HAS_SWAP: bool = false;

    /// Whether perft counts as the game's published perft tables do: only a position with no
    /// legal move has no children, and draws by repetition, the no-progress rule or material
    /// do not end the count. Otherwise perft ends the count where the game ends.
    const STANDARD_PERFT: bool = false;

    /// Whose turn it is, the move number and the plies since the last irreversible move.
    fn clock(&self) -> Clock;

    fn turn(&self) -> Color {
        self.clock().turn
    }

    /// The move number, 1 for the first move of a game.
    fn move_number(&self) -> u32 {
        self.clock().move_number
    }

    /// Plies since the last irreversible move: no earlier position can repeat.
    fn reversible_plies(&self) -> u32 {
        self.clock().reversible_plies
    }

    /// The result the variant's rules give, if the game is over. `has_moves` says whether the
    /// side to move has a legal move, `occurrences` how often this position has now occurred.
    fn outcome(&self, has_moves: bool, occurrences: usize) -> Option<Outcome>;

    /// Whether `color` has what its rules need to win, for a game its opponent loses on time
    /// (a time-out against a side that cannot win is a draw).
    fn can_win(&self, color: Color) -> bool;

    /// The game options this position plays under.
    fn options(&self) -> GameOptions {
        GameOptions::default()
    }

    /// Plays under `options`. A variant whose rules fix the repetition and no-progress numbers
    /// and has no portals accepts the defaults only, so a game never silently ignores one.
    fn set_options(&mut self, options: GameOptions) -> Result<(), OptionsError> {
        if options.is_default() {
            Ok(())
        } else {
            Err(OptionsError::Unsupported { variant: Self::ID })
        }
    }
}

/// A variant's moves: the legal ones, playing one, and check.
pub trait MoveGen: Rules {
    /// Appends the legal moves of the side to move.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Plays a move that `legal_moves` produced.
    fn play(&mut self, mv: &Self::Move);

    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;
}

/// A whole variant: every part [`super::Game`] needs.
pub trait Variant: Rules + MoveGen + PositionText + Notation + View {}

impl<V: Rules + MoveGen + PositionText + Notation + View> Variant for V {}

/// Keeps, of the moves appended to `out` from `start` on, those `legal` accepts, in order.
#[inline]
pub fn keep_legal<M: Copy>(out: &mut Vec<M>, start: usize, mut legal: impl FnMut(&M) -> bool) {
    let mut keep = start;
    for i in start..out.len() {
        let mv = out[i];
        if legal(&mv) {
            out[keep] = mv;
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// Appends a pawn's move: on its last rank (`promotes`) one for each kind of `promotions`,
/// else one; `make` builds the move from what the pawn becomes.
#[inline]
pub fn push_pawn_move<K: Copy, M>(
    out: &mut Vec<M>,
    promotes: bool,
    promotions: &[K],
    make: impl Fn(Option<K>) -> M,
) {
    if promotes {
        out.extend(promotions.iter().map(|&k| make(Some(k))));
    } else {
        out.push(make(None));
    }
}

/// How an orthodox game ends (chess, Fantastic XIII): with no legal move, checkmate wins and
/// stalemate draws; the third occurrence of a position, a hundred plies without a capture or
/// pawn move, and material that cannot mate draw. Check and material are asked only when needed.
pub(crate) fn orthodox_outcome<V: MoveGen>(
    pos: &V,
    has_moves: bool,
    occurrences: usize,
    dead_material: impl FnOnce() -> bool,
) -> Option<Outcome> {
    let draw = |reason| Some(Outcome::Draw { reason });
    if !has_moves {
        return if pos.in_check() {
            Some(Outcome::Win {
                winner: !pos.turn(),
                reason: Reason::Checkmate,
            })
        } else {
            draw(Reason::Stalemate)
        };
    }
    if occurrences >= 3 {
        draw(Reason::Repetition)
    } else if pos.reversible_plies() >= 100 {
        draw(Reason::NoProgress)
    } else if dead_material() {
        draw(Reason::InsufficientMaterial)
    } else {
        None
    }
}
