//! The rules explanation players ask for with /rules.

use crate::rules::Help;

pub const HELP: Help = Help {
    overview: "**Chess**: the standard game. Castling, en passant and promotion to a queen, rook, bishop or knight as usual. Checkmate wins; stalemate, threefold repetition, fifty moves by each side without a capture or pawn move, and a lone king (or king and one bishop or knight) against a king are draws.",
    topics: &[],
};
