//! Fantastic XIII notation: SAN as in chess from the shared writer, with automatic promotions
//! that input may name or leave out (`g13`, `g13=O`) and that coordinates never name (`g12g13`);
//! the words for a move and the reasons input is refused.

use super::movegen::{apply, in_check, pseudo_legal, tables, unchecked_king_jumps};
use super::{passed, Kind, Move, Piece, Position};
use crate::rules::explain::{explain_refusal, mailbox_access, Explain};
use crate::rules::geometry::Geometry;
use crate::rules::notation::{normalize, refused, spellings, step_words};
use crate::rules::{MoveError, MoveFacts, MoveKind, Notation};

const EXPECTED: &str = "a move like g5, Tg4, Kxf2, g13 (or g13=O), or coordinates like g4g6";

impl Position {
    fn kind_at(&self, sq: u8) -> Kind {
        self.at(sq).map_or(Kind::Pawn, |p| p.kind)
    }
}

impl Notation for Position {
    fn facts(&self, mv: &Move) -> MoveFacts {
        let geo = &super::movegen::tables().geo;
        let kind = self.kind_at(mv.from());
        let sq = |s| geo.square(s);
        let kind_of_move = match *mv {
            _ if mv.promotion().is_some() => MoveKind::Promotion,
            Move::Normal { capture: true, .. } => MoveKind::Capture,
            Move::Normal { .. } | Move::DoubleStep { .. } => MoveKind::Quiet,
            Move::EnPassant { .. } => MoveKind::EnPassant,
            Move::KingJump { .. } => MoveKind::KingJump,
        };
        MoveFacts {
            victim: match *mv {
                Move::EnPassant { from, to } => Some(sq(passed(from, to))),
                _ if mv.is_capture() => Some(sq(mv.to())),
                _ => None,
            },
            promotion: mv.promotion().map(Kind::letter),
            ..MoveFacts::new(
                kind_of_move,
                sq(mv.from()),
                sq(mv.to()),
                kind.letter(),
                kind == Kind::Pawn,
            )
        }
    }

    /// `g4g6`; promotions are automatic, so the coordinate form names none.
    fn coordinate(&self, mv: &Move) -> String {
        let facts = self.facts(mv);
        format!("{}{}", facts.from, facts.to)
    }

    /// A Pawn's move may also be written with its file and the square it goes to (`gg5`).
    fn more_spellings(&self, _mv: &Move, facts: &MoveFacts, out: &mut Vec<String>) {
        if facts.pawn {
            out.push(format!("{}{}", facts.from.file_char(), facts.to));
        }
    }

    /// The shared spellings, each with and without the (automatic) promotion letter.
    fn spellings(&self, mv: &Move, legal: &[Move]) -> Vec<String> {
        let out = spellings(self, mv, legal);
        let Some(letter) = mv.promotion().map(Kind::letter) else {
            return out;
        };
        let mut both: Vec<String> = out
            .into_iter()
            .flat_map(|s| {
                let plain = s.strip_suffix(letter).map_or(s.clone(), str::to_string);
                [format!("{plain}{letter}"), plain]
            })
            .collect();
        both.sort();
        both.dedup();
        both
    }

    fn explain(&self, input: &str, legal: &[Move]) -> MoveError {
        let us = self.turn;
        let jumps = |pos: &Position, out: &mut Vec<Move>| out.extend(unchecked_king_jumps(pos));
        if let Some(mv) = refused(self, input, jumps, legal) {
            let mut after = *self;
            apply(&mut after, &mv);
            return MoveError::illegal(
                input,
                if !self.jump[us.index()] {
                    "the King may jump two squares only on its first move"
                } else if in_check(self, us) {
                    "the King may not jump while in check"
                } else if in_check(&after, us) {
                    "the King may not jump onto an attacked square"
                } else {
                    "the King may not jump over an attacked square (for a knight-shaped jump, one of the two squares between must be safe)"
                },
            );
        }
        if matches!(normalize(input).as_str(), "O-O" | "O-O-O") {
            return MoveError::illegal(
                input,
                "there is no castling in Fantastic XIII: instead, the King's first move may be a jump of two squares (Ke3)",
            );
        }
        explain_refusal(self, input, legal, EXPECTED)
    }

    fn describe(&self, mv: &Move) -> String {
        let facts = self.facts(mv);
        let (from, to) = (facts.from, facts.to);
        let name = self.kind_at(mv.from()).name();
        let promo = mv
            .promotion()
            .map_or(String::new(), |k| format!(" and becomes a {}", k.name()));
        match *mv {
            Move::KingJump { .. } => format!("King {from} jumps to {to}"),
            Move::EnPassant { from: f, to: t } => format!(
                "Pawn {from} takes the {} on {} en passant",
                self.kind_at(passed(f, t)).name(),
                facts.victim.unwrap_or(to)
            ),
            _ => {
                let victim = facts.capture().then(|| self.kind_at(mv.to()).name());
                format!("{}{promo}", step_words(name, from, to, victim))
            }
        }
    }
}

impl Explain for Position {
    type Kind = Kind;
    const PAWN: Kind = Kind::Pawn;
    const KING: Kind = Kind::King;

    // Everything but the King's jump, which [`Notation::explain`] explains first.
    mailbox_access!(&tables().geo, pseudo_legal);

    fn moves_like(&self, kind: Kind) -> Option<&'static str> {
        Some(match kind {
            Kind::King => {
                "a King steps one square in any direction (on its first move it may instead jump two squares)"
            }
            Kind::Pawn => {
                "a Pawn steps one square straight forward, or two from any rank over an empty square, and captures one square diagonally forward"
            }
            Kind::Prince => {
                "a Prince steps one square in any direction, or two straight forward without capturing"
            }
            Kind::Troll => {
                "a Troll leaps exactly three squares along a rank, file or diagonal, or steps one square forward and captures one square diagonally forward like a Pawn"
            }
            Kind::Snake => {
                "a Snake steps one square straight up or down, then may slide on diagonally, still the same way up or down"
            }
            Kind::Ship => {
                "a Ship steps one square diagonally, then may slide on straight up or down the same way"
            }
            Kind::Squirrel => "a Squirrel leaps to any square exactly two squares away",
            Kind::Hawk => "a Hawk leaps two or three squares along a rank, file or diagonal",
            Kind::Mammoth => {
                "a Mammoth steps one square in any direction or leaps two along a rank, file or diagonal"
            }
            Kind::Cheetah => "a Cheetah leaps to any square exactly three squares away",
            Kind::Eagle => {
                "an Eagle steps one square diagonally, then may slide on along a rank or file that leads further away"
            }
            Kind::Rhinoceros => {
                "a Rhinoceros steps one square along a rank or file, then may slide on along a diagonal that leads further away"
            }
            Kind::Direwolf => "a Direwolf leaps to any square two or three squares away",
        })
    }

    /// A Pawn's and a Troll's step forward and the double steps never capture.
    fn captures_like(&self, kind: Kind) -> Option<&'static str> {
        Some(match kind {
            Kind::Pawn => {
                "a Pawn moves straight forward but captures only one square diagonally forward"
            }
            Kind::Troll => {
                "a Troll's step forward never captures: it captures one square diagonally forward or with its three-square leap"
            }
            Kind::Prince => "a Prince's double step never captures",
            _ => return None,
        })
    }
}
