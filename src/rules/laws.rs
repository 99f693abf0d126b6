//! A variant's laws: whose turn it is, and how and when its game ends ([`Rules`]). The other
//! parts of a variant ([`super::MoveGen`], [`super::Notation`], [`super::View`], …) are built
//! on it, so it imports none of them.

use std::fmt;
use std::hash::Hash;

use super::{Clock, Color, GameOptions, OptionsError, Outcome, VariantId};

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
