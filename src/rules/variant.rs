//! What a variant is: its laws ([`Rules`], defined in `laws.rs`, implemented in the variant's
//! `mod.rs`), its move generator ([`MoveGen`], `movegen.rs`), its position text
//! ([`PositionText`], `text.rs`), its notation ([`Notation`], `notation.rs`) and its picture
//! ([`View`], `view.rs`). Each part is implemented where it lives; [`Variant`] is all of them
//! together. Everything is pure.

use super::{Notation, Outcome, PositionText, Reason, Rules, View};

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
