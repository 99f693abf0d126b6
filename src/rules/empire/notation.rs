//! Empire Chess notation: SAN and UCI (`Ed4`, `Exf3`, `Sd4`, `e7e8q`) come from the shared
//! writer; here are the words for a move and the reasons input is refused.

use super::movegen::{attacked_by, in_check, kings_face, pseudo_legal};
use super::{Kind, Move, Piece, Position};
use crate::rules::board8::tables;
use crate::rules::explain::{explain_refusal, mailbox_access, Explain};
use crate::rules::geometry::Geometry;
use crate::rules::notation::normalize;
use crate::rules::{Color, MoveError, MoveFacts, MoveGen, Notation};

const EXPECTED: &str =
    "a move like d4, Sd4, Ed4, Exf3, e8=Q, O-O (Black only), or coordinates like d3d4";

impl Notation for Position {
    fn facts(&self, mv: &Move) -> MoveFacts {
        self.move_facts(mv)
    }

    fn explain(&self, input: &str, legal: &[Move]) -> MoveError {
        if let Some(wing) = self.castling_wing(&normalize(input)) {
            if self.turn == Color::White {
                return MoveError::illegal(
                    input,
                    "the Empire never castles: only the Kingdom (Black) may",
                );
            }
            let refusal = self.castling_refusal(wing, in_check(self, Color::Black), |s| {
                let mut probe = *self;
                probe.cells[self.kings[Color::Black.index()] as usize] = None;
                probe.cells[s as usize] = Some(Piece::new(Color::Black, Kind::King));
                probe.kings[Color::Black.index()] = s;
                let square = tables().geo.square(s);
                if attacked_by(&probe, Color::White, s) {
                    Some(format!(
                        "the king may not cross or land on an attacked square, and {square} is attacked"
                    ))
                } else if kings_face(&probe) {
                    Some(format!(
                        "the king may not cross or land on a square facing the Kaiser, and {square} faces it"
                    ))
                } else {
                    None
                }
            });
            if let Some(reason) = refusal {
                return MoveError::illegal(input, reason);
            }
        }
        explain_refusal(self, input, legal, EXPECTED)
    }

    fn describe(&self, mv: &Move) -> String {
        let mover = self.at(mv.from()).map_or(Kind::Pawn, |p| p.kind);
        self.move_words(mv, mover.name_for(self.turn), |p| {
            p.kind.name_for(p.color).to_string()
        })
    }
}

impl Explain for Position {
    type Kind = Kind;
    const PAWN: Kind = Kind::Pawn;
    const KING: Kind = Kind::King;

    mailbox_access!(&tables().geo, pseudo_legal);

    /// The facing kings, or the mover's own king (the Kaiser, for the Empire) left in check.
    fn illegal_reason(&self, mv: &Move) -> String {
        let mut after = *self;
        after.play(mv);
        if kings_face(&after) {
            "the two kings may never face each other on an open file or rank".into()
        } else {
            format!(
                "that move would leave your {} in check",
                Kind::King.name_for(self.turn)
            )
        }
    }

    fn piece_name(&self, piece: Piece) -> String {
        piece.kind.name_for(piece.color).to_string()
    }

    fn moves_like(&self, kind: Kind) -> Option<&'static str> {
        let empire = self.turn == Color::White;
        Some(match kind {
            Kind::King if empire => "the Kaiser moves one square in any direction",
            Kind::King => "a King moves one square in any direction",
            Kind::Queen => "a Queen moves any distance along a rank, file or diagonal",
            Kind::Rook => "a Rook moves any distance along a rank or file",
            Kind::Bishop => "a Bishop moves any distance along a diagonal",
            Kind::Knight => "a Knight leaps two squares one way and one square the other",
            Kind::Pawn if empire => {
                "an Empire Pawn moves one square straight ahead (never two) and captures one square diagonally forward"
            }
            Kind::Pawn => {
                "a Pawn moves one square straight ahead (two from its starting square) and captures one square diagonally forward"
            }
            Kind::Soldier => {
                "a Soldier steps one square forward, left or right, moving or capturing"
            }
            Kind::Tower | Kind::Eagle | Kind::Cardinal | Kind::Duke => {
                self.captures_like(kind)?
            }
        })
    }

    /// The Imperial pieces move like queens but capture their own way; a Pawn captures
    /// diagonally.
    fn captures_like(&self, kind: Kind) -> Option<&'static str> {
        Some(match kind {
            Kind::Tower => {
                "a Tower moves like a queen but captures only like a rook, along a rank or file"
            }
            Kind::Eagle => "an Eagle moves like a queen but captures only with a knight's leap",
            Kind::Cardinal => {
                "a Cardinal moves like a queen but captures only like a bishop, along a diagonal"
            }
            Kind::Duke => {
                "a Duke moves like a queen but captures only like a king, one square away"
            }
            Kind::Pawn => {
                "a Pawn moves straight ahead but captures only one square diagonally forward"
            }
            _ => return None,
        })
    }
}
