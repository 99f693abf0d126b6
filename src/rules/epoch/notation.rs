//! Epoch notation (epoch.md section 10): coordinate and SAN output, the spellings input is
//! matched against, words for replies, and reasons when input names no legal move.

use super::board::{tables, SIZE};
use super::movegen::{is_legal, pseudo_legal};
use super::{castle_squares, sq_of, square_of, Kind, Move, Piece, Position, Sq, Wing};
use crate::rules::notation::normalize;
use crate::rules::{MoveError, Square};

const EXPECTED: &str =
    "a move like e7, Hc1e3, Hxe3, Axe9, Gd5*, e13=S, O-O, or coordinates like c1e3";

fn sq(s: Sq) -> String {
    square_of(s).to_string()
}

fn file_char(s: Sq) -> char {
    (b'a' + s % SIZE) as char
}

fn rank_text(s: Sq) -> String {
    (s / SIZE + 1).to_string()
}

fn mover(pos: &Position, mv: &Move) -> Piece {
    pos.board
        .at(mv.from(pos.turn))
        .unwrap_or(Piece::new(pos.turn, Kind::Legionary))
}

pub fn coordinate(pos: &Position, mv: &Move) -> String {
    let us = pos.turn;
    let base = format!("{}{}", sq(mv.from(us)), sq(mv.to(us)));
    match *mv {
        Move::Promotion { kind, .. } | Move::Claim { kind, .. } => {
            format!("{base}{}", kind.letter().to_ascii_lowercase())
        }
        _ => base,
    }
}

fn is_capture(mv: &Move) -> bool {
    matches!(
        mv,
        Move::Capture { .. }
            | Move::AssassinCapture { .. }
            | Move::EnPassant { .. }
            | Move::Promotion { capture: true, .. }
    )
}

/// Moves that SAN disambiguates between: ordinary moves of pieces to a square.
fn ordinary(mv: &Move) -> bool {
    !matches!(
        mv,
        Move::Blast { .. } | Move::Castle { .. } | Move::Claim { .. }
    )
}

/// The least disambiguation among other pieces of the same kind reaching the same square.
fn disambiguation(pos: &Position, mv: &Move, legal: &[Move]) -> String {
    let us = pos.turn;
    let from = mv.from(us);
    let to = mv.to(us);
    let kind = mover(pos, mv).kind;
    let rivals: Vec<Square> = legal
        .iter()
        .filter(|m| ordinary(m) && m.to(us) == to && m.from(us) != from)
        .filter(|m| mover(pos, m).kind == kind)
        .map(|m| square_of(m.from(us)))
        .collect();
    crate::rules::notation::disambiguation(square_of(from), &rivals)
}

/// Canonical SAN without the check mark.
pub fn san(pos: &Position, mv: &Move, legal: &[Move]) -> String {
    let us = pos.turn;
    match *mv {
        Move::Castle { wing: Wing::M } => "O-O".into(),
        Move::Castle { wing: Wing::A } => "O-O-O".into(),
        Move::Blast { at } => format!("G{}*", sq(at)),
        Move::Claim { at, kind } => format!("{}={}", sq(at), kind.letter()),
        _ => {
            let piece = mover(pos, mv);
            let to = sq(mv.to(us));
            let x = if is_capture(mv) { "x" } else { "" };
            let promo = match *mv {
                Move::Promotion { kind, .. } => format!("={}", kind.letter()),
                _ => String::new(),
            };
            if piece.kind == Kind::Legionary {
                let origin = if is_capture(mv) {
                    file_char(mv.from(us)).to_string()
                } else {
                    String::new()
                };
                format!("{origin}{x}{to}{promo}")
            } else {
                format!(
                    "{}{}{x}{to}{promo}",
                    piece.kind.letter(),
                    disambiguation(pos, mv, legal)
                )
            }
        }
    }
}

/// Long algebraic form, used when listing ambiguous candidates: `Tb1-d4`, `Ae1xe9`.
pub fn long_form(pos: &Position, mv: &Move) -> String {
    let us = pos.turn;
    match *mv {
        Move::Castle { .. } | Move::Blast { .. } | Move::Claim { .. } => san(pos, mv, &[]),
        _ => {
            let piece = mover(pos, mv);
            let letter = if piece.kind == Kind::Legionary {
                String::new()
            } else {
                piece.kind.letter().to_string()
            };
            let sep = if is_capture(mv) { "x" } else { "-" };
            let promo = match *mv {
                Move::Promotion { kind, .. } => format!("={}", kind.letter()),
                _ => String::new(),
            };
            format!("{letter}{}{sep}{}{promo}", sq(mv.from(us)), sq(mv.to(us)))
        }
    }
}

/// Every accepted spelling, normalized.
pub fn spellings(pos: &Position, mv: &Move, legal: &[Move]) -> Vec<String> {
    let us = pos.turn;
    let mut out = vec![
        normalize(&coordinate(pos, mv)),
        normalize(&san(pos, mv, legal)),
    ];
    match *mv {
        Move::Castle { wing } => {
            let cs = castle_squares(us, wing);
            out.push(format!("P{}{}", sq(cs.pope_from), sq(cs.pope_to)));
            out.push(format!("P{}", sq(cs.pope_to)));
        }
        Move::Blast { at } => out.push(format!("{}*", sq(at))),
        Move::Claim { .. } => {}
        _ => {
            let piece = mover(pos, mv);
            let from = mv.from(us);
            let to = sq(mv.to(us));
            let promo = match *mv {
                Move::Promotion { kind, .. } => kind.letter().to_string(),
                _ => String::new(),
            };
            let letter = piece.kind.letter();
            out.push(format!("{letter}{}{to}{promo}", sq(from)));
            if piece.kind != Kind::Legionary {
                out.push(format!("{letter}{}{to}{promo}", file_char(from)));
                out.push(format!("{letter}{}{to}{promo}", rank_text(from)));
                // The bare form too, so input that fits several pieces is reported as
                // ambiguous rather than as unreachable.
                out.push(format!("{letter}{to}{promo}"));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The move in words, for replies.
pub fn describe(pos: &Position, mv: &Move) -> String {
    let b = &pos.board;
    let us = pos.turn;
    let piece = mover(pos, mv);
    let name = piece.kind.name();
    let victim = |s: Sq| b.at(s).map(|p| p.kind.name()).unwrap_or("piece");
    match *mv {
        Move::Quiet { from, to } => format!("{name} {} to {}", sq(from), sq(to)),
        Move::Capture { from, to } => {
            format!("{name} {} takes the {} on {}", sq(from), victim(to), sq(to))
        }
        Move::Promotion {
            from,
            to,
            kind,
            capture,
        } => {
            let how = if capture {
                format!("takes the {} on {}", victim(to), sq(to))
            } else {
                format!("to {}", sq(to))
            };
            format!(
                "Legionary {} {how} and is traded for a {}",
                sq(from),
                kind.name()
            )
        }
        Move::Claim { at, kind } => format!("Legionary {} claims a {}", sq(at), kind.name()),
        Move::AssassinCapture {
            from,
            victim: v,
            to,
        } => format!(
            "Assassin {} takes the {} on {} and lands on {}",
            sq(from),
            victim(v),
            sq(v),
            sq(to)
        ),
        Move::EnPassant {
            from,
            to,
            victim: v,
        } => format!(
            "Legionary {} takes the Legionary on {} en passant and lands on {}",
            sq(from),
            sq(v),
            sq(to)
        ),
        Move::Blast { at } => {
            let marks = super::view::marks(pos, mv);
            let mut parts = Vec::new();
            for color in [!us, us] {
                let lost: Vec<String> = marks
                    .victims
                    .iter()
                    .filter_map(|&s| {
                        let p = b.at(sq_of(s))?;
                        (p.color == color).then(|| format!("{} {s}", p.kind.name()))
                    })
                    .collect();
                if !lost.is_empty() {
                    parts.push(format!("{} loses {}", color.title(), join_words(&lost)));
                }
            }
            format!("Mage {} blasts: {}", sq(at), parts.join("; "))
        }
        Move::Castle { wing } => {
            let cs = castle_squares(us, wing);
            format!(
                "Pope castles with the {} Sentinel: Pope to {}, Sentinel to {}",
                sq(cs.sentinel_from),
                sq(cs.pope_to),
                sq(cs.sentinel_to)
            )
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

/// The parts of a typed piece move: `[Letter][hint]<square>[Promotion]`.
struct Typed {
    kind: Option<Kind>,
    hint: String,
    dest: Sq,
    promotion: Option<Kind>,
}

fn read_typed(norm: &str) -> Option<Typed> {
    let mut s = norm;
    let mut kind = None;
    if let Some(c) = s.chars().next().filter(|c| c.is_ascii_uppercase()) {
        kind = Some(Kind::from_letter(c)?);
        s = &s[1..];
    }
    let mut promotion = None;
    if let Some(c) = s.chars().last().filter(|c| c.is_ascii_uppercase()) {
        promotion = Some(Kind::from_letter(c)?);
        s = &s[..s.len() - 1];
    }
    // The destination is the last file letter followed by digits.
    let start = s.rfind(|c: char| c.is_ascii_lowercase())?;
    let dest = Square::parse_on(&s[start..], SIZE, SIZE)?;
    Some(Typed {
        kind,
        hint: s[..start].to_string(),
        dest: sq_of(dest),
        promotion,
    })
}

fn illegal(input: &str, reason: impl Into<String>) -> MoveError {
    MoveError::Illegal {
        input: input.trim().to_string(),
        reason: reason.into(),
    }
}

/// Why a move that only fails the Pope test is illegal.
fn check_reason(pos: &Position, mv: &Move) -> String {
    // Would the move be safe if the enemy Emperor stayed asleep?
    let mut b = pos.board.clone();
    let mut removed = super::movegen::Removed::default();
    super::movegen::apply(&mut b, pos.turn, mv, &mut removed);
    let them = (!pos.turn).index();
    if b.emperor[them].is_some() && !b.awake[them] && !b.in_check(pos.turn) {
        "that move would wake the enemy Emperor onto your Pope".into()
    } else {
        "that move would leave your Pope in check".into()
    }
}

pub fn explain(pos: &Position, input: &str, legal: &[Move]) -> MoveError {
    let us = pos.turn;
    let b = &pos.board;
    let norm = normalize(input);
    let unreadable = || MoveError::Unreadable {
        input: input.trim().to_string(),
        expected: EXPECTED.into(),
    };
    if norm.is_empty() {
        return unreadable();
    }
    let mut pseudo = Vec::new();
    pseudo_legal(pos, &mut pseudo);
    // A move the pieces allow but the Pope test forbids.
    if let Some(mv) = pseudo
        .iter()
        .find(|mv| !legal.contains(mv) && spellings(pos, mv, &pseudo).contains(&norm))
    {
        return illegal(input, check_reason(pos, mv));
    }
    if norm == "O-O" || norm == "O-O-O" {
        return explain_castling(pos, input, if norm == "O-O" { Wing::M } else { Wing::A });
    }
    if let Some(square) = norm.strip_suffix('*') {
        let square = square.strip_prefix('G').unwrap_or(square);
        return match Square::parse_on(square, SIZE, SIZE).map(sq_of) {
            Some(at) => explain_blast(pos, input, at),
            None => unreadable(),
        };
    }
    let Some(typed) = read_typed(&norm) else {
        return unreadable();
    };
    let dest = typed.dest;
    // Coordinates name the piece by its square.
    let from_square = Square::parse_on(&typed.hint, SIZE, SIZE).map(sq_of);
    let kind = match (typed.kind, from_square) {
        (Some(k), _) => k,
        (None, Some(from)) => match b.at(from) {
            Some(p) if p.color == us => p.kind,
            Some(_) => return illegal(input, format!("the piece on {} is not yours", sq(from))),
            None => return illegal(input, format!("there is no piece on {}", sq(from))),
        },
        (None, None) => Kind::Legionary,
    };
    let name = kind.name();
    let hint_fits = |from: Sq| -> bool {
        let h = typed.hint.as_str();
        h.is_empty() || h == sq(from) || h == file_char(from).to_string() || h == rank_text(from)
    };
    let pieces: Vec<Sq> = (0..b.cells.len() as Sq)
        .filter(|&s| b.at(s) == Some(Piece::new(us, kind)) && hint_fits(s))
        .collect();
    if pieces.is_empty() {
        return illegal(
            input,
            if typed.hint.is_empty() {
                format!("you have no {name}")
            } else {
                format!("you have no {name} on {}", typed.hint)
            },
        );
    }
    // Right piece and square, wrong or missing promotion.
    let promotions: Vec<&Move> = legal
        .iter()
        .filter(|mv| pieces.contains(&mv.from(us)) && mv.to(us) == dest)
        .filter(|mv| matches!(mv, Move::Promotion { .. } | Move::Claim { .. }))
        .collect();
    if !promotions.is_empty() {
        let options: Vec<String> = promotions.iter().map(|mv| san(pos, mv, legal)).collect();
        let what = match typed.promotion {
            Some(k) => format!("no lost {} can be claimed there", k.name()),
            None => "name the piece to claim".to_string(),
        };
        return illegal(input, format!("{what}: {}", options.join(" or ")));
    }
    if kind == Kind::Emperor && !b.awake[us.index()] {
        return illegal(
            input,
            "your Emperor is dormant while your Marshal lives: it cannot move until it wakes",
        );
    }
    let target = b.at(dest);
    if let Some(p) = target {
        if p.color == us {
            return illegal(
                input,
                format!("{} holds your own {}", sq(dest), p.kind.name()),
            );
        }
        if b.is_dormant(p) {
            return illegal(input, "a dormant Emperor cannot be captured or blasted");
        }
        let geo = &tables().geo;
        match kind {
            Kind::Mage => {
                let blast = legal.iter().find(|mv| match mv {
                    Move::Blast { at } => pieces.contains(at) && geo.distance(*at, dest) == 1,
                    _ => false,
                });
                return illegal(
                    input,
                    match blast {
                        Some(mv) => format!(
                            "a Mage cannot capture by moving: blast with {}",
                            san(pos, mv, legal)
                        ),
                        None => "a Mage cannot capture by moving: it blasts the pieces next to it"
                            .to_string(),
                    },
                );
            }
            Kind::Marshal if pieces.iter().any(|&m| b.clear_between(m, dest)) => {
                return illegal(
                    input,
                    format!(
                        "the Marshal captures only a piece another of your pieces attacks, and nothing of yours attacks {}",
                        sq(dest)
                    ),
                );
            }
            Kind::Assassin => {
                if let Some(mv) = legal.iter().find(|mv| {
                    matches!(mv, Move::AssassinCapture { from, victim, .. } if *victim == dest && pieces.contains(from))
                }) {
                    return illegal(
                        input,
                        format!(
                            "an Assassin capture names the square it lands on: {}",
                            san(pos, mv, legal)
                        ),
                    );
                }
                if pieces.iter().any(|&a| b.clear_between(a, dest)) {
                    return illegal(
                        input,
                        format!(
                            "an Assassin captures by jumping over {} and needs an empty, unattacked square within reach beyond it",
                            sq(dest)
                        ),
                    );
                }
            }
            _ => {}
        }
    }
    let reach = if kind == Kind::Legionary {
        "move to"
    } else {
        "reach"
    };
    illegal(input, format!("no {name} can {reach} {}", sq(dest)))
}

fn explain_castling(pos: &Position, input: &str, wing: Wing) -> MoveError {
    let us = pos.turn;
    let cs = castle_squares(us, wing);
    let reason = if !pos.castling(us, wing) {
        format!(
            "castling with the {} Sentinel is no longer possible: the Pope or that Sentinel has moved",
            sq(cs.sentinel_from)
        )
    } else if !pos.board.clear_between(cs.pope_from, cs.sentinel_from) {
        format!(
            "every square between the Pope on {} and the Sentinel on {} must be empty",
            sq(cs.pope_from),
            sq(cs.sentinel_from)
        )
    } else if pos.board.in_check(us) {
        "the Pope cannot castle out of check".to_string()
    } else {
        "the Pope may not cross or land on a square where it would be in check".to_string()
    };
    illegal(input, reason)
}

fn explain_blast(pos: &Position, input: &str, at: Sq) -> MoveError {
    let us = pos.turn;
    let b = &pos.board;
    if b.at(at) != Some(Piece::new(us, Kind::Mage)) {
        return illegal(input, format!("you have no Mage on {}", sq(at)));
    }
    let geo = &tables().geo;
    let ring: Vec<Piece> = (0..8)
        .filter_map(|d| geo.step(at, d))
        .filter_map(|s| b.at(s))
        .collect();
    let reason = if !ring.iter().any(|p| p.color != us && !b.is_dormant(*p)) {
        "a blast needs at least one enemy piece it can destroy in the Mage's ring"
    } else if !b.enhanced(us, at) && ring.contains(&Piece::new(us, Kind::Pope)) {
        "a restricted Mage cannot blast with its own Pope in its ring"
    } else if !is_legal(pos, &Move::Blast { at }) {
        return illegal(input, check_reason(pos, &Move::Blast { at }));
    } else {
        "that blast is not possible"
    };
    illegal(input, reason)
}
