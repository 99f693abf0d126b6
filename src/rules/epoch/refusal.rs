//! Why input names no legal Epoch move, in words: the Pope test, castling, a blast, and for a
//! typed piece move the piece, the rule and what stands in its way.

use super::board::{file_char, name, rank_text, tables, SIZE};
use super::movegen::{is_legal, pseudo_legal};
use super::{castle_squares, Kind, Move, Piece, Position, Sq, Wing};
use crate::rules::notation::{normalize, refused};
use crate::rules::{Color, MoveError, Notation};

/// What a move is expected to look like.
const EXPECTED: &str =
    "a move like e7, Hc1e3, Hxe3, Axe9, Gd5*, e13=S, O-O, or coordinates like c1e3";

/// The chess piece a move's first letter names where Epoch has no piece of that letter (`Nd4`,
/// `Qe2`, `Ke2`, `Bd2`, `Rb2`), as a chess player types by habit.
fn chess_piece(norm: &str) -> Option<&'static str> {
    Some(match norm.chars().next()? {
        'N' => "Knight",
        'K' => "King",
        'Q' => "Queen",
        'B' => "Bishop",
        'R' => "Rook",
        _ => return None,
    })
}

/// "there is no Knight in Chess 13: Epoch; its pieces are …", with every letter.
fn no_such_piece(chess: &str) -> String {
    let pieces: Vec<String> = Kind::ALL
        .iter()
        .map(|k| format!("{} {}", k.letter(), k.name()))
        .collect();
    format!(
        "there is no {chess} in Chess 13: Epoch; its pieces are {} (a Legionary's move may leave out its letter: e4)",
        pieces.join(", ")
    )
}

/// Why input names no legal move: the Pope test, castling, a blast, or a typed piece move
/// (and chess letters Epoch has no piece for).
pub(super) fn explain(pos: &Position, input: &str, legal: &[Move]) -> MoveError {
    let norm = normalize(input);
    if norm.is_empty() {
        return MoveError::unreadable(input, EXPECTED);
    }
    // A move the pieces allow but the Pope test forbids.
    if let Some(mv) = refused(pos, input, pseudo_legal, legal) {
        return MoveError::illegal(input, check_reason(pos, &mv));
    }
    if norm == "O-O" || norm == "O-O-O" {
        return explain_castling(pos, input, if norm == "O-O" { Wing::M } else { Wing::A });
    }
    if let Some(square) = norm.strip_suffix('*') {
        let square = square.strip_prefix('G').unwrap_or(square);
        return match tables().geo.parse(square) {
            Some(at) => explain_blast(pos, input, at),
            None => MoveError::unreadable(input, EXPECTED),
        };
    }
    match read_typed(&norm) {
        Some(typed) => explain_typed(pos, input, &typed, legal),
        None => match chess_piece(&norm) {
            Some(piece) => MoveError::illegal(input, no_such_piece(piece)),
            None => MoveError::unreadable(input, EXPECTED),
        },
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
    let dest = tables().geo.parse(&s[start..])?;
    Some(Typed {
        kind,
        hint: s[..start].to_string(),
        dest,
        promotion,
    })
}

/// Why a move that only fails the Pope test is illegal.
fn check_reason(pos: &Position, mv: &Move) -> String {
    // Would the move be safe if the enemy Emperor stayed asleep?
    let mut b = pos.board;
    let mut removed = super::board::Removed::default();
    b.apply(pos.turn, mv, &mut removed);
    let them = (!pos.turn).index();
    if b.emperor[them].is_some() && !b.awake[them] && !b.in_check(pos.turn) {
        "that move would wake the enemy Emperor onto your Pope".into()
    } else {
        "that move would leave your Pope in check".into()
    }
}

/// Why a typed piece move names no legal move: no such piece, a missing or wrong claim, a
/// dormant Emperor, or what stands on the square.
fn explain_typed(pos: &Position, input: &str, typed: &Typed, legal: &[Move]) -> MoveError {
    let us = pos.turn;
    let b = &pos.board;
    let dest = typed.dest;
    // Coordinates name the piece by its square.
    let kind = match (typed.kind, tables().geo.parse(&typed.hint)) {
        (Some(k), _) => k,
        (None, Some(from)) => match b.at(from) {
            Some(p) if p.color == us => p.kind,
            Some(_) => {
                return MoveError::illegal(
                    input,
                    format!("the piece on {} is not yours", name(from)),
                )
            }
            None => {
                return MoveError::illegal(input, format!("there is no piece on {}", name(from)))
            }
        },
        (None, None) => Kind::Legionary,
    };
    let piece_name = kind.name();
    let hint_fits = |from: Sq| -> bool {
        let h = typed.hint.as_str();
        h.is_empty() || h == name(from) || h == file_char(from).to_string() || h == rank_text(from)
    };
    let pieces: Vec<Sq> = (0..b.cells.len() as Sq)
        .filter(|&s| b.at(s) == Some(Piece::new(us, kind)) && hint_fits(s))
        .collect();
    if pieces.is_empty() {
        return MoveError::illegal(
            input,
            if typed.hint.is_empty() {
                format!("you have no {piece_name}")
            } else {
                format!("you have no {piece_name} on {}", typed.hint)
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
        let options: Vec<String> = promotions.iter().map(|mv| pos.san(mv, legal)).collect();
        let what = match typed.promotion {
            Some(k) => format!("no lost {} can be claimed there", k.name()),
            None => "name the piece to claim".to_string(),
        };
        return MoveError::illegal(input, format!("{what}: {}", options.join(" or ")));
    }
    if kind == Kind::Emperor && !b.awake[us.index()] {
        return MoveError::illegal(
            input,
            "your Emperor is dormant while your Marshal lives: it cannot move until it wakes",
        );
    }
    if let Some(error) = explain_target(pos, input, kind, &pieces, dest, legal) {
        return error;
    }
    let reach = if kind == Kind::Legionary {
        "move to"
    } else {
        "reach"
    };
    // A Legionary named by the square alone is the one on its file when the square is empty,
    // else one on a file beside it.
    let files = |from: Sq| (file_char(from) as u8).abs_diff(file_char(dest) as u8);
    let near: Vec<Sq> = pieces
        .iter()
        .copied()
        .filter(|&from| match (kind, b.at(dest), typed.hint.is_empty()) {
            (Kind::Legionary, None, true) => files(from) == 0,
            (Kind::Legionary, Some(_), true) => files(from) == 1,
            _ => true,
        })
        .collect();
    let named = near.len() > 1;
    let (specific, general): (Vec<_>, Vec<_>) = near
        .iter()
        .map(|&from| why_not_there(pos, kind, from, dest, named))
        .partition(|(specific, _)| *specific);
    let why = match (specific.as_slice(), general.as_slice()) {
        ([], [(_, one)]) => one.clone(),
        ([], _) => moves_like(kind).to_string(),
        (reasons, _) => reasons
            .iter()
            .map(|(_, r)| r.as_str())
            .collect::<Vec<_>>()
            .join("; "),
    };
    MoveError::illegal(
        input,
        format!("no {piece_name} can {reach} {}: {why}", name(dest)),
    )
}

/// How a piece of the kind moves, in a clause.
fn moves_like(kind: Kind) -> &'static str {
    match kind {
        Kind::Pope => "a Pope moves one square in any direction",
        Kind::Emperor => "an Emperor moves any distance along ranks, files and diagonals",
        Kind::Marshal => "a Marshal moves like a queen, along ranks, files and diagonals",
        Kind::Assassin => "an Assassin moves like a queen, up to 6 squares when restricted",
        Kind::Sentinel => "a Sentinel moves along ranks and files, up to 6 squares when enhanced and 3 when restricted",
        Kind::Mage => "a Mage steps one square in any direction, or leaps two when enhanced",
        Kind::Herald => "a Herald moves along diagonals (up to 6 squares when restricted), or one step straight",
        Kind::Templar => "a Templar leaps three squares one way and two the other (when enhanced, also two and one)",
        Kind::Legionary => "a Legionary moves straight forward and captures one square diagonally forward",
    }
}

/// Why the piece of `kind` on `from` does not go to the empty (or enemy) square `dest`: its
/// first advance stopping at rank 7, the pieces in its way, or how it moves and whether the
/// zone enhances it. `named` says which piece, when several could be meant. Whether the
/// reason is this piece's own (a rule of its advance, pieces in its way) rather than how
/// every piece of the kind moves.
fn why_not_there(pos: &Position, kind: Kind, from: Sq, dest: Sq, named: bool) -> (bool, String) {
    let us = pos.turn;
    let b = &pos.board;
    let who = match named {
        true => format!("the {} on {}: ", kind.name(), name(from)),
        false => String::new(),
    };
    if kind == Kind::Legionary {
        if let Some(why) = legionary_limit(pos, from, dest) {
            return (true, format!("{who}{why}"));
        }
    }
    // The piece alone with what stands on the square and the Marshal whose zone it feels.
    let keep = |s: Sq| s == from || s == dest || Some(s) == b.marshal[us.index()];
    let mut alone = *pos;
    for s in 0..b.cells.len() as Sq {
        if !keep(s) {
            alone.board.clear(s);
        }
    }
    let goes = |p: &Position| {
        let mut moves = Vec::new();
        pseudo_legal(p, &mut moves);
        moves
            .iter()
            .any(|mv| mv.from(us) == from && mv.to(us) == dest)
    };
    if goes(&alone) {
        let blockers: Vec<String> = (0..b.cells.len() as Sq)
            .filter(|&s| !keep(s))
            .filter_map(|s| {
                let piece = b.at(s)?;
                let mut one = alone;
                one.board.put(s, piece);
                (!goes(&one)).then(|| {
                    let whose = if piece.color == us {
                        "your"
                    } else {
                        "the enemy"
                    };
                    format!("{whose} {} on {}", piece.kind.name(), name(s))
                })
            })
            .collect();
        let subject = format!("the {} on {}", kind.name(), name(from));
        return (
            true,
            match blockers.as_slice() {
                [] => format!(
                    "{who}the pieces between {} and {} stand in its way",
                    name(from),
                    name(dest)
                ),
                [one] => format!("{one} stands in the way of {subject}"),
                many => format!("{} stand in the way of {subject}", many.join(" and ")),
            },
        );
    }
    let zone = match (kind.feels_zone(), b.enhanced(us, from)) {
        (false, _) => String::new(),
        (true, true) => format!(" (the one on {} is enhanced)", name(from)),
        (true, false) => format!(
            " (the one on {} is restricted: it is not within four squares of your Marshal)",
            name(from)
        ),
    };
    (false, format!("{who}{}{zone}", moves_like(kind)))
}

/// Why a Legionary on `from` cannot advance to `dest` on its file, if that is the reason: its
/// first advance stops at rank 7, and from rank 7 on it goes one square (two enhanced).
fn legionary_limit(pos: &Position, from: Sq, dest: Sq) -> Option<String> {
    let us = pos.turn;
    let geo = &tables().geo;
    // Ranks counted from the mover's side: 0 its first, 6 the middle rank 7 for both.
    let ahead = |s: Sq| match us {
        Color::White => geo.rank(s) as i32,
        Color::Black => SIZE as i32 - 1 - geo.rank(s) as i32,
    };
    let (from_rank, to_rank) = (ahead(from), ahead(dest));
    let forward = to_rank - from_rank;
    if geo.file(from) != geo.file(dest) {
        return None;
    }
    if forward <= 0 {
        return Some("a Legionary never moves backwards or sideways".into());
    }
    if let Some(p) = pos.board.at(dest) {
        return Some(format!(
            "{} holds {} {}, and a Legionary captures only one square diagonally forward",
            name(dest),
            if p.color == us { "your" } else { "the enemy" },
            p.kind.name()
        ));
    }
    let (before_seven, past_seven) = (from_rank < 6, to_rank > 6);
    let file = file_char(from);
    if before_seven && past_seven {
        return Some(format!(
            "a Legionary's advance from below rank 7 stops at rank 7 ({}-{file}7 goes furthest); from there on it advances one square at a time (two when enhanced)",
            name(from)
        ));
    }
    if !before_seven {
        let most = if pos.board.enhanced(us, from) { 2 } else { 1 };
        if forward > most {
            return Some(format!(
                "from rank 7 on a Legionary advances {} (the one on {} is {})",
                if most == 2 {
                    "at most two squares"
                } else {
                    "one square"
                },
                name(from),
                if most == 2 {
                    "enhanced"
                } else {
                    "restricted: two squares only when enhanced"
                }
            ));
        }
    }
    None
}

/// Why the pieces of `kind` on `pieces` cannot take what stands on `dest`, if something does.
fn explain_target(
    pos: &Position,
    input: &str,
    kind: Kind,
    pieces: &[Sq],
    dest: Sq,
    legal: &[Move],
) -> Option<MoveError> {
    let us = pos.turn;
    let b = &pos.board;
    let p = b.at(dest)?;
    if p.color == us {
        return Some(MoveError::illegal(
            input,
            format!("{} holds your own {}", name(dest), p.kind.name()),
        ));
    }
    if b.is_dormant(p) {
        return Some(MoveError::illegal(
            input,
            "a dormant Emperor cannot be captured or blasted",
        ));
    }
    let geo = &tables().geo;
    let reason = match kind {
        Kind::Mage => {
            let blast = legal.iter().find(|mv| match mv {
                Move::Blast { at } => pieces.contains(at) && geo.distance(*at, dest) == 1,
                _ => false,
            });
            match blast {
                Some(mv) => format!(
                    "a Mage cannot capture by moving: blast with {}",
                    pos.san(mv, legal)
                ),
                None => {
                    "a Mage cannot capture by moving: it blasts the pieces next to it".to_string()
                }
            }
        }
        Kind::Marshal if pieces.iter().any(|&m| b.clear_between(m, dest)) => format!(
            "the Marshal captures only a piece another of your pieces attacks, and nothing of yours attacks {}",
            name(dest)
        ),
        Kind::Assassin => {
            let landing = legal.iter().find(|mv| {
                matches!(mv, Move::AssassinCapture { from, victim, .. } if *victim == dest && pieces.contains(from))
            });
            if let Some(mv) = landing {
                format!(
                    "an Assassin capture names the square it lands on: {}",
                    pos.san(mv, legal)
                )
            } else if pieces.iter().any(|&a| b.clear_between(a, dest)) {
                format!(
                    "an Assassin captures by jumping over {} and needs an empty, unattacked square within reach beyond it",
                    name(dest)
                )
            } else {
                return None;
            }
        }
        _ => return None,
    };
    Some(MoveError::illegal(input, reason))
}

fn explain_castling(pos: &Position, input: &str, wing: Wing) -> MoveError {
    let us = pos.turn;
    let cs = castle_squares(us, wing);
    let reason = if !pos.castling(us, wing) {
        format!(
            "castling with the {} Sentinel is no longer possible: the Pope or that Sentinel has moved",
            name(cs.sentinel_from)
        )
    } else if !pos.board.clear_between(cs.pope_from, cs.sentinel_from) {
        format!(
            "every square between the Pope on {} and the Sentinel on {} must be empty",
            name(cs.pope_from),
            name(cs.sentinel_from)
        )
    } else if pos.board.in_check(us) {
        "the Pope cannot castle out of check".to_string()
    } else {
        "the Pope may not cross or land on a square where it would be in check".to_string()
    };
    MoveError::illegal(input, reason)
}

fn explain_blast(pos: &Position, input: &str, at: Sq) -> MoveError {
    let us = pos.turn;
    let b = &pos.board;
    if b.at(at) != Some(Piece::new(us, Kind::Mage)) {
        return MoveError::illegal(input, format!("you have no Mage on {}", name(at)));
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
        return MoveError::illegal(input, check_reason(pos, &Move::Blast { at }));
    } else {
        "that blast is not possible"
    };
    MoveError::illegal(input, reason)
}
