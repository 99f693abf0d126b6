//! AGEIOU notation, words, marks and the render view.
//!
//! Coordinate forms: `e3e4`, `e9e10q` (promotion letters `q b c n v`: Councillor, Boat,
//! Bishop, Knight, Vertag), a portal move names the square it comes out on (`d1g6`), the swap
//! names the king's then the bishop's square (`f1d1`), a build names the Vertag's square twice
//! (`b1b1`), the king's placement is `@d3`.
//! SAN: `Nc3`, `Bxa10`, `e10=Q`; a portal move puts `~` before the exit (`N~g6`, `Cx~a1`); the
//! swap is `K<>d1`; a building turn `Vb1o`; the placement `K@d3`. There is no check, so no `+`.

use super::movegen::{entrance, pawn_rank, pseudo_entrance_hint};
use super::text::{side, square};
use super::{exit_of, Kind, Move, Position, Sq, SIZE};
use crate::rules::notation::{disambiguation, normalize};
use crate::rules::{
    BoardView, Color, Emblem, Livery, MarkedSquare, MoveError, MoveMarks, PieceView, PortalView,
    Power, Square,
};

fn sq_text(sq: Sq) -> String {
    square(sq).to_string()
}

fn kind_at(pos: &Position, sq: Sq) -> Kind {
    pos.at(sq).map_or(Kind::Pawn, |p| p.kind)
}

pub fn coordinate(mv: &Move) -> String {
    match *mv {
        Move::Normal {
            from,
            to,
            promotion,
            ..
        } => {
            let promo = promotion.map_or(String::new(), |k| {
                k.letter().to_ascii_lowercase().to_string()
            });
            format!("{}{}{promo}", sq_text(from), sq_text(to))
        }
        Move::Swap { king, bishop } => format!("{}{}", sq_text(king), sq_text(bishop)),
        Move::Build { square } => format!("{}{}", sq_text(square), sq_text(square)),
        Move::Place { square } => format!("@{}", sq_text(square)),
    }
}

fn is_portal(mv: &Move) -> bool {
    matches!(mv, Move::Normal { portal: true, .. })
}

pub fn san(pos: &Position, mv: &Move, legal: &[Move]) -> String {
    match *mv {
        Move::Swap { bishop, .. } => format!("K<>{}", sq_text(bishop)),
        Move::Build { square } => format!("V{}o", sq_text(square)),
        Move::Place { square } => format!("K@{}", sq_text(square)),
        Move::Normal {
            from,
            to,
            capture,
            portal,
            promotion,
        } => {
            let kind = kind_at(pos, from);
            let x = if capture { "x" } else { "" };
            if kind == Kind::Pawn {
                let origin = if capture {
                    square(from).file_char().to_string()
                } else {
                    String::new()
                };
                let promo = promotion.map_or(String::new(), |k| format!("={}", k.letter()));
                return format!("{origin}{x}{}{promo}", sq_text(to));
            }
            let rivals: Vec<Square> = legal
                .iter()
                .filter(|m| {
                    matches!(m, Move::Normal { .. })
                        && m.to() == to
                        && m.from() != from
                        && is_portal(m) == portal
                        && kind_at(pos, m.from()) == kind
                })
                .map(|m| square(m.from()))
                .collect();
            let tilde = if portal { "~" } else { "" };
            format!(
                "{}{}{x}{tilde}{}",
                kind.letter(),
                disambiguation(square(from), &rivals),
                sq_text(to)
            )
        }
    }
}

pub fn long_form(pos: &Position, mv: &Move) -> String {
    match *mv {
        Move::Normal {
            from,
            to,
            capture,
            portal,
            promotion,
        } => {
            let kind = kind_at(pos, from);
            let letter = if kind == Kind::Pawn {
                String::new()
            } else {
                kind.letter().to_string()
            };
            let sep = if capture { "x" } else { "-" };
            let tilde = if portal { "~" } else { "" };
            let promo = promotion.map_or(String::new(), |k| format!("={}", k.letter()));
            format!(
                "{letter}{}{sep}{tilde}{}{promo}",
                sq_text(from),
                sq_text(to)
            )
        }
        Move::Swap { king, bishop } => format!("K{}<>C{}", sq_text(king), sq_text(bishop)),
        _ => san(pos, mv, &[]),
    }
}

pub fn spellings(pos: &Position, mv: &Move, legal: &[Move]) -> Vec<String> {
    let mut out = vec![coordinate(mv), san(pos, mv, legal)];
    match *mv {
        Move::Normal { from, to, .. } => {
            let kind = kind_at(pos, from);
            if kind != Kind::Pawn {
                let l = kind.letter();
                let tilde = if is_portal(mv) { "~" } else { "" };
                let to = sq_text(to);
                let f = square(from);
                out.push(format!("{l}{f}{tilde}{to}"));
                out.push(format!("{l}{}{tilde}{to}", f.file_char()));
                out.push(format!("{l}{}{tilde}{to}", f.rank + 1));
                out.push(format!("{l}{tilde}{to}"));
            }
        }
        Move::Swap { bishop, .. } => {
            out.push(format!("K<>C{}", sq_text(bishop)));
            out.push(format!("swap{}", sq_text(bishop)));
        }
        Move::Build { square } => {
            out.push(format!("build{}", sq_text(square)));
            out.push(format!("Vbuild{}", sq_text(square)));
        }
        Move::Place { square } => {
            out.push(format!("place{}", sq_text(square)));
            out.push(format!("K{}", sq_text(square)));
        }
    }
    let mut out: Vec<String> = out.iter().map(|s| normalize(s)).collect();
    out.sort();
    out.dedup();
    out
}

pub fn explain(pos: &Position, input: &str, legal: &[Move]) -> MoveError {
    let illegal = |reason: String| MoveError::Illegal {
        input: input.trim().to_string(),
        reason,
    };
    if legal.iter().any(|m| matches!(m, Move::Place { .. })) {
        let choices: Vec<String> = legal.iter().map(coordinate).collect();
        return illegal(format!(
            "your king was captured: first place it on one of your bishops' squares ({})",
            choices.join(" or ")
        ));
    }
    let norm = normalize(input);
    let wanted = |a: &str, b: &str| {
        let (a, b) = (
            Square::parse_on(a, SIZE, SIZE)?,
            Square::parse_on(b, SIZE, SIZE)?,
        );
        Some((a.rank * SIZE + a.file, b.rank * SIZE + b.file))
    };
    // A coordinate move: say what is wrong with it as precisely as the board allows.
    let body = norm.trim_end_matches(|c: char| c.is_ascii_uppercase());
    let squares = (2..body.len()).find_map(|i| wanted(body.get(..i)?, body.get(i..)?));
    if let Some((from, to)) = squares {
        let reason = match pos.at(from) {
            None => format!("there is no piece on {}", sq_text(from)),
            Some(p) if p.color != pos.turn => {
                format!("the piece on {} is not yours", sq_text(from))
            }
            Some(p) => pseudo_entrance_hint(pos, from, to).unwrap_or_else(|| {
                if from == to && p.kind == Kind::Vertag {
                    format!(
                        "a Vertag cannot build on {}: it is already an open portal's entrance",
                        sq_text(from)
                    )
                } else if from == to {
                    "only a Vertag builds (its square twice)".to_string()
                } else {
                    format!(
                        "the {} on {} cannot go to {}",
                        p.kind.name(),
                        sq_text(from),
                        sq_text(to)
                    )
                }
            }),
        };
        return illegal(reason);
    }
    MoveError::Unreadable {
        input: input.trim().to_string(),
        expected: "a move such as e3e4 or Nc3, a portal move N~g6, a swap K<>d1 (f1d1), a building turn Vb1o (b1b1), or a king placement @d3".into(),
    }
}

pub fn describe(pos: &Position, mv: &Move) -> String {
    let us = pos.turn;
    match *mv {
        Move::Normal {
            from,
            to,
            capture,
            promotion,
            ..
        } => {
            let name = kind_at(pos, from).name();
            let route = match entrance(mv) {
                Some(e) if e == from => {
                    format!(" through the portal it stands on, out on {}", sq_text(to))
                }
                Some(e) => format!(" through the portal on {} to {}", sq_text(e), sq_text(to)),
                None => String::new(),
            };
            let what = if capture {
                let victim = kind_at(pos, to);
                let mut text = format!("takes the {} on {}", victim.name(), sq_text(to));
                if victim == Kind::King {
                    let bishops: Vec<Sq> = pos.squares_of(!us, Kind::Bishop).collect();
                    text.push_str(&match bishops[..] {
                        [] => "; it had no bishop left".to_string(),
                        [b] => format!("; the King escapes to its Bishop's square {}", sq_text(b)),
                        _ => format!(
                            "; {} chooses which Bishop's square the King goes to",
                            side(!us)
                        ),
                    });
                }
                text
            } else if route.is_empty() {
                format!("to {}", sq_text(to))
            } else {
                String::new()
            };
            let promo = promotion.map_or(String::new(), |k| format!(" and becomes a {}", k.name()));
            let route = if capture && !route.is_empty() {
                format!("{route},")
            } else {
                route
            };
            format!("{name} {}{route} {what}{promo}", sq_text(from))
                .replace(" ,", ",")
                .trim_end()
                .to_string()
        }
        Move::Swap { king, bishop } => format!(
            "King {} swaps places with the Bishop on {}",
            sq_text(king),
            sq_text(bishop)
        ),
        Move::Build { square } => {
            let (done, needed) = match pos.builds[us.index()] {
                Some(b) if b.square == square => (b.done + 1, b.needed),
                _ => (1, pos.options.portal_turns),
            };
            let exit = sq_text(exit_of(square));
            if done >= needed {
                format!(
                    "Vertag {} opens a portal to {exit} ({done}/{needed})",
                    sq_text(square)
                )
            } else if done == 1 {
                format!(
                    "Vertag {} starts building a portal to {exit} ({done}/{needed})",
                    sq_text(square)
                )
            } else {
                format!(
                    "Vertag {} keeps building its portal to {exit} ({done}/{needed})",
                    sq_text(square)
                )
            }
        }
        Move::Place { square } => format!(
            "{}'s King is placed on {}; the Bishop there is lost",
            side(us),
            sq_text(square)
        ),
    }
}

pub fn marks(_pos: &Position, mv: &Move) -> MoveMarks {
    let (from, to) = (square(mv.from()), square(mv.to()));
    let victims = match *mv {
        Move::Normal { capture: true, .. } | Move::Place { .. } => vec![to],
        _ => Vec::new(),
    };
    MoveMarks {
        from,
        to,
        captures: matches!(mv, Move::Normal { capture: true, .. }),
        victims,
        blast: None,
    }
}

pub fn board_view(pos: &Position) -> BoardView {
    let pieces = (0..super::CELLS as u8)
        .filter_map(|sq| {
            let p = pos.at(sq)?;
            let rank = sq / SIZE;
            let moved = p.kind == Kind::Pawn
                && match p.color {
                    Color::White => rank > pawn_rank(p.color),
                    Color::Black => rank < pawn_rank(p.color),
                };
            Some((
                square(sq),
                PieceView {
                    color: p.color,
                    name: if moved { "Pawn (moved)" } else { p.kind.name() },
                    emblem: if moved {
                        Emblem::MovedPawn
                    } else {
                        p.kind.emblem()
                    },
                    livery: Livery::of(p.color),
                    letter: p.letter(),
                    power: Power::Plain,
                },
            ))
        })
        .collect();
    let mut portals: Vec<PortalView> = (0..super::CELLS as u8)
        .filter(|&s| pos.is_portal(s))
        .map(|s| PortalView {
            entrance: square(s),
            exit: square(exit_of(s)),
            building: None,
        })
        .collect();
    for color in Color::BOTH {
        if let Some(b) = pos.builds[color.index()] {
            portals.push(PortalView {
                entrance: square(b.square),
                exit: square(exit_of(b.square)),
                building: Some((color, b.done, b.needed)),
            });
        }
    }
    let marked: Vec<MarkedSquare> = if pos.pending {
        pos.squares_of(pos.turn, Kind::Bishop)
            .map(|s| MarkedSquare {
                square: square(s),
                label: "K".into(),
            })
            .collect()
    } else {
        Vec::new()
    };
    BoardView {
        files: SIZE,
        ranks: SIZE,
        pieces,
        turn: pos.turn,
        move_number: pos.fullmoves,
        zones: Vec::new(),
        special_squares: Vec::new(),
        royal_in_check: None,
        riposte: Vec::new(),
        no_progress: Some((pos.halfmoves / 2, pos.options.fifty as u32)),
        lost: Vec::new(),
        portals,
        marked,
        notice: pos.pending.then(|| {
            format!(
                "{} places its captured King on a marked Bishop's square",
                side(pos.turn)
            )
        }),
        sides: crate::rules::VariantId::Ageiou.sides(),
    }
}
