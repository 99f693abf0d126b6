//! Empire Chess notation: SAN and UCI (`Ed4`, `Exf3`, `Sd4`, `e7e8q`) come from the shared
//! writer; here are the words for a move and the reasons input is refused.

use super::movegen::{kings_face, pseudo_legal};
use super::{Kind, Move, Position};
use crate::rules::notation::refused;
use crate::rules::{MoveError, MoveFacts, MoveGen, Notation};

impl Notation for Position {
    fn facts(&self, mv: &Move) -> MoveFacts {
        self.move_facts(mv)
    }

    fn explain(&self, input: &str, legal: &[Move]) -> MoveError {
        if let Some(mv) = refused(self, input, pseudo_legal, legal) {
            let mut after = *self;
            after.play(&mv);
            let reason = if kings_face(&after) {
                "the two kings may never face each other on an open file or rank"
            } else {
                "that move would leave your king in check"
            };
            return MoveError::illegal(input, reason);
        }
        MoveError::illegal(input, "no legal move matches that; Imperial pieces capture only like a rook (Tower), knight (Eagle), bishop (Cardinal) or king (Duke)")
    }

    fn describe(&self, mv: &Move) -> String {
        let mover = self.at(mv.from()).map_or(Kind::Pawn, |p| p.kind);
        self.move_words(mv, mover.name_for(self.turn), |p| {
            p.kind.name_for(p.color).to_string()
        })
    }
}
