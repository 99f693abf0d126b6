//! Chess notation: SAN and UCI come from the shared writer; here are the words for a move and
//! the reasons input is refused.

use super::movegen::pseudo_legal;
use super::{Kind, Move, Position};
use crate::rules::notation::{normalize, refused};
use crate::rules::{MoveError, MoveFacts, Notation, Square};

const EXPECTED: &str = "a move like e4, Nf3, exd5, e8=Q, O-O, or coordinates like e2e4";

impl Notation for Position {
    fn facts(&self, mv: &Move) -> MoveFacts {
        self.move_facts(mv)
    }

    fn explain(&self, input: &str, legal: &[Move]) -> MoveError {
        if refused(self, input, pseudo_legal, legal).is_some() {
            return MoveError::illegal(input, "that move would leave your king in check");
        }
        let norm = normalize(input);
        let dest = norm
            .char_indices()
            .rev()
            .find(|(_, c)| c.is_ascii_lowercase())
            .and_then(|(i, _)| {
                Square::parse_on(
                    norm[i..].trim_end_matches(|c: char| c.is_ascii_uppercase()),
                    8,
                    8,
                )
            });
        match (dest, norm.chars().next()) {
            (Some(d), Some(c)) if c.is_ascii_uppercase() && c != 'O' => {
                match Kind::from_letter(c) {
                    Some(k) => MoveError::illegal(
                        input,
                        format!("no {} can reach {d}", k.name().to_ascii_lowercase()),
                    ),
                    None => MoveError::unreadable(input, EXPECTED),
                }
            }
            (Some(d), _) => MoveError::illegal(input, format!("no legal move reaches {d}")),
            _ if norm.starts_with("O-O") => {
                MoveError::illegal(input, "castling is not possible now")
            }
            _ => MoveError::unreadable(input, EXPECTED),
        }
    }

    fn describe(&self, mv: &Move) -> String {
        let mover = self.at(mv.from()).map_or(Kind::Pawn, |p| p.kind).name();
        self.move_words(mv, mover, |p| p.kind.name().to_ascii_lowercase())
    }
}
