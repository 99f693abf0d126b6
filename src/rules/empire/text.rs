//! Empire Chess position text: standard FEN with the Imperial letters, where only Black has
//! castling rights; reading, writing and the repetition identity are the 8x8 core's.

use super::movegen::in_check;
use super::{Kind, Position, START};
use crate::rules::board8::Fen;
use crate::rules::Color;

impl Fen for Kind {
    const START: &'static str = START;
    const LETTERS: &'static str = "KQRBNP TECDS (either case)";
    const CASTLING: &'static str = "kq";

    fn castling_unknown(c: char) -> String {
        format!("'{c}': only Black castles in Empire Chess, expected k, q or -")
    }

    fn castling_not_home(c: char) -> String {
        format!("'{c}' needs Black's king and that rook at home")
    }

    fn in_check(pos: &Position, side: Color) -> bool {
        in_check(pos, side)
    }
}
