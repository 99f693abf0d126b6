//! Epoch notation (epoch.md section 10): the facts the shared writer needs for coordinate and
//! SAN output, the spellings only Epoch accepts and words for replies; the reasons when input
//! names no legal move are in `refusal.rs`.

use super::board::{name, tables};
use super::{castle_squares, Kind, Move, Piece, Position, Sq};
use crate::rules::notation::step_words;
use crate::rules::{MoveError, MoveFacts, MoveKind, Notation, View};

impl Position {
    fn mover(&self, mv: &Move) -> Piece {
        self.board
            .at(mv.from(self.turn))
            .unwrap_or(Piece::new(self.turn, Kind::Legionary))
    }
}

impl Notation for Position {
    fn facts(&self, mv: &Move) -> MoveFacts {
        let us = self.turn;
        let geo = &tables().geo;
        let kind = self.mover(mv).kind;
        let (from, to) = (geo.square(mv.from(us)), geo.square(mv.to(us)));
        let (sort, victim, promotion) = match *mv {
            Move::Quiet { .. } => (MoveKind::Quiet, None, None),
            Move::Capture { .. } => (MoveKind::Capture, Some(to), None),
            Move::Promotion { kind, capture, .. } => {
                (MoveKind::Promotion, capture.then_some(to), Some(kind))
            }
            Move::Claim { kind, .. } => (MoveKind::Claim, None, Some(kind)),
            Move::AssassinCapture { victim, .. } => {
                (MoveKind::AssassinCapture, Some(geo.square(victim)), None)
            }
            Move::Blast { .. } => (MoveKind::Blast, None, None),
            Move::EnPassant { victim, .. } => (MoveKind::EnPassant, Some(geo.square(victim)), None),
            Move::Castle { .. } => (MoveKind::Castle, None, None),
        };
        MoveFacts {
            victim,
            promotion: promotion.map(Kind::letter),
            ..MoveFacts::new(sort, from, to, kind.letter(), kind == Kind::Legionary)
        }
    }

    /// Castling as the Pope's move (`Pg1j1`, `Pj1`) and a blast as its square (`d5*`). (A
    /// Legionary's move with its letter, `Le7` or `Le3e7`, is one of the shared spellings.)
    fn more_spellings(&self, mv: &Move, facts: &MoveFacts, out: &mut Vec<String>) {
        let (from, to) = (facts.from, facts.to);
        match *mv {
            Move::Castle { .. } => {
                out.push(format!("P{from}{to}"));
                out.push(format!("P{to}"));
            }
            Move::Blast { .. } => out.push(format!("{from}*")),
            _ => {}
        }
    }

    fn explain(&self, input: &str, legal: &[Move]) -> MoveError {
        super::refusal::explain(self, input, legal)
    }

    /// The move in words, for replies.
    fn describe(&self, mv: &Move) -> String {
        let b = &self.board;
        let us = self.turn;
        let name_of = self.mover(mv).kind.name();
        let victim = |s: Sq| b.at(s).map(|p| p.kind.name()).unwrap_or("piece");
        let sq = |s: Sq| tables().geo.square(s);
        match *mv {
            Move::Quiet { from, to } => step_words(name_of, sq(from), sq(to), None),
            Move::Capture { from, to } => step_words(name_of, sq(from), sq(to), Some(victim(to))),
            Move::Promotion {
                from,
                to,
                kind,
                capture,
            } => {
                let taken = capture.then(|| victim(to));
                let words = step_words("Legionary", sq(from), sq(to), taken);
                format!("{words} and is traded for a {}", kind.name())
            }
            Move::Claim { at, kind } => format!("Legionary {} claims a {}", name(at), kind.name()),
            Move::AssassinCapture {
                from,
                victim: v,
                to,
            } => format!(
                "Assassin {} takes the {} on {} and lands on {}",
                name(from),
                victim(v),
                name(v),
                name(to)
            ),
            Move::EnPassant {
                from,
                to,
                victim: v,
            } => format!(
                "Legionary {} takes the Legionary on {} en passant and lands on {}",
                name(from),
                name(v),
                name(to)
            ),
            Move::Blast { at } => {
                let marks = self.marks(mv);
                let mut parts = Vec::new();
                for color in [!us, us] {
                    let lost: Vec<String> = marks
                        .victims
                        .iter()
                        .filter_map(|&s| {
                            let p = b.at(tables().geo.index(s))?;
                            (p.color == color).then(|| format!("{} {s}", p.kind.name()))
                        })
                        .collect();
                    if !lost.is_empty() {
                        parts.push(format!("{} loses {}", color.title(), join_words(&lost)));
                    }
                }
                format!("Mage {} blasts: {}", name(at), parts.join("; "))
            }
            Move::Castle { wing } => {
                let cs = castle_squares(us, wing);
                format!(
                    "Pope castles with the {} Sentinel: Pope to {}, Sentinel to {}",
                    name(cs.sentinel_from),
                    name(cs.pope_to),
                    name(cs.sentinel_to)
                )
            }
        }
    }
}

fn join_words(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
