//! Chess notation (SAN and UCI), words, marks and the render view.

use super::{Kind, Move, Position, Sq};
use crate::rules::notation::normalize;
use crate::rules::{BoardView, MoveError, MoveMarks, PieceView, Power, Square};

fn square(sq: Sq) -> Square {
    Square::new(sq % 8, sq / 8)
}

fn sq_text(sq: Sq) -> String {
    square(sq).to_string()
}

fn file_char(sq: Sq) -> char {
    (b'a' + sq % 8) as char
}

fn kind_at(pos: &Position, sq: Sq) -> Kind {
    pos.at(sq).map_or(Kind::Pawn, |p| p.kind)
}

/// UCI: `e2e4`, `e7e8q`, castling as the king's move `e1g1`.
pub fn coordinate(mv: &Move) -> String {
    let promo = match *mv {
        Move::Normal {
            promotion: Some(k), ..
        } => k.letter().to_ascii_lowercase().to_string(),
        _ => String::new(),
    };
    format!("{}{}{promo}", sq_text(mv.from()), sq_text(mv.to()))
}

fn is_capture(mv: &Move) -> bool {
    matches!(
        mv,
        Move::EnPassant { .. } | Move::Normal { capture: true, .. }
    )
}

fn disambiguation(pos: &Position, mv: &Move, legal: &[Move]) -> String {
    let kind = kind_at(pos, mv.from());
    let rivals: Vec<Square> = legal
        .iter()
        .filter(|m| m.to() == mv.to() && m.from() != mv.from() && !matches!(m, Move::Castle { .. }))
        .filter(|m| kind_at(pos, m.from()) == kind)
        .map(|m| square(m.from()))
        .collect();
    crate::rules::notation::disambiguation(square(mv.from()), &rivals)
}

pub fn san(pos: &Position, mv: &Move, legal: &[Move]) -> String {
    match *mv {
        Move::Castle { from, to, .. } => {
            if to > from {
                "O-O".into()
            } else {
                "O-O-O".into()
            }
        }
        _ => {
            let kind = kind_at(pos, mv.from());
            let x = if is_capture(mv) { "x" } else { "" };
            let promo = match *mv {
                Move::Normal {
                    promotion: Some(k), ..
                } => format!("={}", k.letter()),
                _ => String::new(),
            };
            if kind == Kind::Pawn {
                let origin = if is_capture(mv) {
                    file_char(mv.from()).to_string()
                } else {
                    String::new()
                };
                format!("{origin}{x}{}{promo}", sq_text(mv.to()))
            } else {
                format!(
                    "{}{}{x}{}",
                    kind.letter(),
                    disambiguation(pos, mv, legal),
                    sq_text(mv.to())
                )
            }
        }
    }
}

pub fn long_form(pos: &Position, mv: &Move) -> String {
    match mv {
        Move::Castle { .. } => san(pos, mv, &[]),
        _ => {
            let kind = kind_at(pos, mv.from());
            let letter = if kind == Kind::Pawn {
                String::new()
            } else {
                kind.letter().to_string()
            };
            let sep = if is_capture(mv) { "x" } else { "-" };
            let promo = match *mv {
                Move::Normal {
                    promotion: Some(k), ..
                } => format!("={}", k.letter()),
                _ => String::new(),
            };
            format!(
                "{letter}{}{sep}{}{promo}",
                sq_text(mv.from()),
                sq_text(mv.to())
            )
        }
    }
}

pub fn spellings(pos: &Position, mv: &Move, legal: &[Move]) -> Vec<String> {
    let mut out = vec![normalize(&coordinate(mv)), normalize(&san(pos, mv, legal))];
    if !matches!(mv, Move::Castle { .. }) {
        let kind = kind_at(pos, mv.from());
        let promo = match *mv {
            Move::Normal {
                promotion: Some(k), ..
            } => k.letter().to_string(),
            _ => String::new(),
        };
        let to = sq_text(mv.to());
        let from = mv.from();
        if kind != Kind::Pawn {
            let l = kind.letter();
            out.push(format!("{l}{}{to}", sq_text(from)));
            out.push(format!("{l}{}{to}", file_char(from)));
            out.push(format!("{l}{}{to}", from / 8 + 1));
            out.push(format!("{l}{to}"));
        } else if is_capture(mv) {
            out.push(format!("{}{to}{promo}", file_char(from)));
        }
    }
    out.sort();
    out.dedup();
    out
}

pub fn explain(pos: &Position, input: &str, legal: &[Move]) -> MoveError {
    let norm = normalize(input);
    let mut pseudo = Vec::new();
    super::movegen::pseudo_legal(pos, &mut pseudo);
    if pseudo
        .iter()
        .any(|mv| !legal.contains(mv) && spellings(pos, mv, &pseudo).contains(&norm))
    {
        return MoveError::Illegal {
            input: input.trim().to_string(),
            reason: "that move would leave your king in check".into(),
        };
    }
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
        (Some(d), Some(c)) if c.is_ascii_uppercase() && c != 'O' => match Kind::from_letter(c) {
            Some(k) => MoveError::Illegal {
                input: input.trim().to_string(),
                reason: format!("no {} can reach {d}", k.name().to_ascii_lowercase()),
            },
            None => unreadable(input),
        },
        (Some(d), _) => MoveError::Illegal {
            input: input.trim().to_string(),
            reason: format!("no legal move reaches {d}"),
        },
        _ if norm.starts_with("O-O") => MoveError::Illegal {
            input: input.trim().to_string(),
            reason: "castling is not possible now".into(),
        },
        _ => unreadable(input),
    }
}

fn unreadable(input: &str) -> MoveError {
    MoveError::Unreadable {
        input: input.trim().to_string(),
        expected: "a move like e4, Nf3, exd5, e8=Q, O-O, or coordinates like e2e4".into(),
    }
}

pub fn describe(pos: &Position, mv: &Move) -> String {
    let name = kind_at(pos, mv.from()).name();
    match *mv {
        Move::Castle { to, from, .. } => {
            if to > from {
                "King castles short".into()
            } else {
                "King castles long".into()
            }
        }
        Move::EnPassant { from, to } => format!(
            "Pawn {} takes the pawn on {} en passant",
            sq_text(from),
            sq_text((from / 8) * 8 + to % 8)
        ),
        Move::Normal {
            from,
            to,
            capture,
            promotion,
        } => {
            let what = if capture {
                format!(
                    "takes the {} on {}",
                    kind_at(pos, to).name().to_ascii_lowercase(),
                    sq_text(to)
                )
            } else {
                format!("to {}", sq_text(to))
            };
            let promo = promotion
                .map(|k| format!(" and becomes a {}", k.name().to_ascii_lowercase()))
                .unwrap_or_default();
            format!("{name} {} {what}{promo}", sq_text(from))
        }
    }
}

pub fn marks(_pos: &Position, mv: &Move) -> MoveMarks {
    let victim = match *mv {
        Move::EnPassant { from, to } => Some(square((from / 8) * 8 + to % 8)),
        Move::Normal {
            to, capture: true, ..
        } => Some(square(to)),
        _ => None,
    };
    MoveMarks::step(square(mv.from()), square(mv.to()), victim)
}

pub fn board_view(pos: &Position) -> BoardView {
    let pieces = (0..64u8)
        .filter_map(|sq| {
            pos.at(sq).map(|p| {
                (
                    square(sq),
                    PieceView {
                        color: p.color,
                        name: p.kind.name(),
                        emblem: p.kind.emblem(),
                        livery: crate::rules::Livery::of(p.color),
                        letter: p.letter(),
                        power: Power::Plain,
                    },
                )
            })
        })
        .collect();
    let royal_in_check =
        super::movegen::in_check(pos, pos.turn).then(|| square(pos.king[pos.turn.index()]));
    BoardView {
        files: 8,
        ranks: 8,
        pieces,
        turn: pos.turn,
        move_number: pos.fullmoves,
        zones: Vec::new(),
        special_squares: Vec::new(),
        royal_in_check,
        riposte: Vec::new(),
        no_progress: Some((pos.halfmoves / 2, 50)),
        lost: Vec::new(),
        portals: Vec::new(),
        marked: Vec::new(),
        notice: None,
        sides: crate::rules::VariantId::Chess.sides(),
    }
}
