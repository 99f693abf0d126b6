//! Chess notation: SAN and UCI come from the shared writer; here are the words for a move and
//! the reasons input is refused.

use super::movegen::{attacked_by, in_check, pseudo_legal};
use super::{Kind, Move, Piece, Position};
use crate::rules::board8::tables;
use crate::rules::explain::{explain_refusal, mailbox_access, Explain};
use crate::rules::geometry::Geometry;
use crate::rules::notation::normalize;
use crate::rules::{MoveError, MoveFacts, Notation};

const EXPECTED: &str = "a move like e4, Nf3, exd5, e8=Q, O-O, or coordinates like e2e4";

impl Notation for Position {
    fn facts(&self, mv: &Move) -> MoveFacts {
        self.move_facts(mv)
    }

    fn explain(&self, input: &str, legal: &[Move]) -> MoveError {
        if let Some(wing) = self.castling_wing(&normalize(input)) {
            let us = self.turn;
            let refusal = self.castling_refusal(wing, in_check(self, us), |s| {
                attacked_by(self, !us, s).then(|| {
                    format!(
                        "the king may not cross or land on an attacked square, and {} is attacked",
                        tables().geo.square(s)
                    )
                })
            });
            if let Some(reason) = refusal {
                return MoveError::illegal(input, reason);
            }
        }
        explain_refusal(self, input, legal, EXPECTED)
    }

    fn describe(&self, mv: &Move) -> String {
        let mover = self.at(mv.from()).map_or(Kind::Pawn, |p| p.kind).name();
        self.move_words(mv, mover, |p| p.kind.name().to_ascii_lowercase())
    }
}

impl Explain for Position {
    type Kind = Kind;
    const PAWN: Kind = Kind::Pawn;
    const KING: Kind = Kind::King;

    mailbox_access!(&tables().geo, pseudo_legal);

    fn piece_name(&self, piece: Piece) -> String {
        piece.kind.name().to_ascii_lowercase()
    }

    fn moves_like(&self, kind: Kind) -> Option<&'static str> {
        Some(match kind {
            Kind::King => "a king moves one square in any direction",
            Kind::Queen => "a queen moves any distance along a rank, file or diagonal",
            Kind::Rook => "a rook moves any distance along a rank or file",
            Kind::Bishop => "a bishop moves any distance along a diagonal",
            Kind::Knight => "a knight leaps two squares one way and one square the other",
            Kind::Pawn => {
                "a pawn moves one square straight ahead (two from its starting square) and captures one square diagonally forward"
            }
        })
    }

    fn captures_like(&self, kind: Kind) -> Option<&'static str> {
        (kind == Kind::Pawn).then_some(
            "a pawn moves straight ahead but captures only one square diagonally forward",
        )
    }
}
