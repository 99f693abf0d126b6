//! Fantastic XIII position text (FEN with multi-digit empty counts, castling always `-`),
//! the repetition identity, notation, words, marks and the render view.

use super::movegen::{
    apply, attacked_by, en_passant_possible, forward, in_check, pseudo_legal, tables,
    unchecked_king_jumps,
};
use super::{king_home, last_rank, Kind, Move, Piece, Position, Sq, CELLS, SIZE};
use crate::rules::key::KeyBuilder;
use crate::rules::notation::{disambiguation, normalize, read_placement, write_placement};
use crate::rules::{
    BoardView, Color, Livery, MoveError, MoveMarks, PieceView, PositionError, Power, Square,
};

fn square(sq: Sq) -> Square {
    Square::new(sq % SIZE, sq / SIZE)
}

fn index(sq: Square) -> Sq {
    sq.rank * SIZE + sq.file
}

fn sq_text(sq: Sq) -> String {
    square(sq).to_string()
}

fn file_char(sq: Sq) -> char {
    (b'a' + sq % SIZE) as char
}

const PLACEMENT: &str = "field 1 (placement)";
const EN_PASSANT: &str = "field 4 (en passant)";

pub fn read(text: &str) -> Result<Position, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(PositionError::new(
            "fields",
            format!(
                "found {} fields, expected 6: placement, side to move, castling (always -), en passant, halfmove clock, move number",
                fields.len()
            ),
        ));
    }
    let pieces = read_placement(
        fields[0],
        SIZE,
        SIZE,
        Piece::from_letter,
        "KPITNSQHMCEUO (either case)",
    )
    .map_err(|e| PositionError::new(PLACEMENT, e))?;
    let mut cells = [None; CELLS];
    let mut kings = [None, None];
    for (sq, piece) in pieces {
        let at = index(sq);
        if piece.kind == Kind::King {
            if kings[piece.color.index()].is_some() {
                return Err(PositionError::new(
                    PLACEMENT,
                    format!("{} has two Kings", piece.color.title()),
                ));
            }
            kings[piece.color.index()] = Some(at);
        }
        // These kinds promote on any arrival on the last rank (a Troll may arrive by a leap).
        if sq.rank == last_rank(piece.color)
            && matches!(
                piece.kind,
                Kind::Pawn | Kind::Prince | Kind::Ship | Kind::Snake
            )
        {
            return Err(PositionError::new(
                PLACEMENT,
                format!(
                    "a {} {} on {sq}, its last rank, where it would have promoted",
                    piece.color,
                    piece.kind.name()
                ),
            ));
        }
        cells[at as usize] = Some(piece);
    }
    let (Some(wk), Some(bk)) = (kings[0], kings[1]) else {
        return Err(PositionError::new(
            PLACEMENT,
            "each side needs exactly one King",
        ));
    };
    let turn = crate::rules::notation::read_side(fields[1], "w or b")?;
    if fields[2] != "-" {
        return Err(PositionError::new(
            "field 3 (castling)",
            format!(
                "'{}', expected -: there is no castling; a King on its home square (g1, g13) keeps its jump",
                fields[2]
            ),
        ));
    }
    let en_passant = match fields[3] {
        "-" => None,
        t => {
            let ep = Square::parse_on(t, SIZE, SIZE).map(index).ok_or_else(|| {
                PositionError::new(EN_PASSANT, format!("'{t}' is not a square from a1 to m13"))
            })?;
            // The opponent just double-stepped past ep: its Pawn or Prince stands one square
            // beyond, and ep and the square it came from are empty.
            let geo = &tables().geo;
            let them = !turn;
            let beyond = geo.offset(ep, 0, forward(them));
            let origin = geo.offset(ep, 0, -forward(them));
            // (A double step onto the last rank has already promoted to a Direwolf.)
            let double_stepper = beyond.is_some_and(|s| {
                cells[s as usize].is_some_and(|p| {
                    p.color == them
                        && match p.kind {
                            Kind::Pawn | Kind::Prince => true,
                            Kind::Direwolf => s / SIZE == last_rank(them),
                            _ => false,
                        }
                })
            });
            let empty = |s: Option<Sq>| s.is_some_and(|s| cells[s as usize].is_none());
            if !(double_stepper && empty(Some(ep)) && empty(origin)) {
                return Err(PositionError::new(
                    EN_PASSANT,
                    format!(
                        "'{t}': no {them} Pawn or Prince can just have passed it with a double step"
                    ),
                ));
            }
            Some(ep)
        }
    };
    let number = |i: usize, name: &'static str, default: u32| -> Result<u32, PositionError> {
        fields.get(i).map_or(Ok(default), |t| {
            t.parse()
                .map_err(|_| PositionError::new(name, format!("'{t}', expected a whole number")))
        })
    };
    let kings = [wk, bk];
    let pos = Position {
        cells,
        kings,
        turn,
        jump: [wk == king_home(Color::White), bk == king_home(Color::Black)],
        en_passant,
        halfmoves: number(4, "field 5 (halfmove clock)", 0)?,
        fullmoves: number(5, "field 6 (move number)", 1)?.max(1),
    };
    if in_check(&pos, !turn) {
        return Err(PositionError::new(
            "field 2 (side to move)",
            format!("{turn} is to move but {} is in check", !turn),
        ));
    }
    Ok(pos)
}

pub fn write(pos: &Position) -> String {
    let mut out = write_placement(SIZE, SIZE, |sq| pos.at(index(sq)).map(|p| p.letter()));
    out.push_str(if pos.turn == Color::White {
        " w - "
    } else {
        " b - "
    });
    out.push_str(&pos.en_passant.map_or("-".to_string(), sq_text));
    out.push_str(&format!(" {} {}", pos.halfmoves, pos.fullmoves));
    out
}

/// Placement, side to move, the Kings' jump rights, and the en passant square when a legal
/// capture there exists.
pub fn repetition_key(pos: &Position) -> u64 {
    let mut cells = [0u8; CELLS];
    for (c, p) in cells.iter_mut().zip(pos.cells.iter()) {
        *c = p.map_or(0, |p| 1 + 2 * p.kind as u8 + p.color as u8);
    }
    let ep = pos.en_passant.filter(|_| en_passant_possible(pos));
    let mut key = KeyBuilder::default();
    key.bytes(&cells);
    key.word(
        pos.turn as u64
            | (pos.jump[0] as u64) << 1
            | (pos.jump[1] as u64) << 2
            | ep.map_or(0, |s| s as u64 + 1) << 8,
    );
    key.finish()
}

fn kind_at(pos: &Position, sq: Sq) -> Kind {
    pos.at(sq).map_or(Kind::Pawn, |p| p.kind)
}

/// `g4g6`; promotions are automatic, so the coordinate form names none.
pub fn coordinate(mv: &Move) -> String {
    format!("{}{}", sq_text(mv.from()), sq_text(mv.to()))
}

fn promotion_suffix(mv: &Move) -> String {
    mv.promotion()
        .map_or(String::new(), |k| format!("={}", k.letter()))
}

pub fn san(pos: &Position, mv: &Move, legal: &[Move]) -> String {
    let kind = kind_at(pos, mv.from());
    let x = if mv.is_capture() { "x" } else { "" };
    let promo = promotion_suffix(mv);
    if kind == Kind::Pawn {
        let origin = if mv.is_capture() {
            file_char(mv.from()).to_string()
        } else {
            String::new()
        };
        format!("{origin}{x}{}{promo}", sq_text(mv.to()))
    } else {
        let rivals: Vec<Square> = legal
            .iter()
            .filter(|m| m.to() == mv.to() && m.from() != mv.from())
            .filter(|m| kind_at(pos, m.from()) == kind)
            .map(|m| square(m.from()))
            .collect();
        format!(
            "{}{}{x}{}{promo}",
            kind.letter(),
            disambiguation(square(mv.from()), &rivals),
            sq_text(mv.to())
        )
    }
}

pub fn long_form(pos: &Position, mv: &Move) -> String {
    let kind = kind_at(pos, mv.from());
    let letter = if kind == Kind::Pawn {
        String::new()
    } else {
        kind.letter().to_string()
    };
    let sep = if mv.is_capture() { "x" } else { "-" };
    format!(
        "{letter}{}{sep}{}{}",
        sq_text(mv.from()),
        sq_text(mv.to()),
        promotion_suffix(mv)
    )
}

pub fn spellings(pos: &Position, mv: &Move, legal: &[Move]) -> Vec<String> {
    let kind = kind_at(pos, mv.from());
    let (from, to) = (mv.from(), sq_text(mv.to()));
    let mut bare = vec![coordinate(mv), san(pos, mv, legal), long_form(pos, mv)];
    let l = kind.letter();
    if kind == Kind::Pawn {
        bare.push(format!("{}{to}", file_char(from)));
    } else {
        bare.push(format!("{l}{}{to}", sq_text(from)));
        bare.push(format!("{l}{}{to}", file_char(from)));
        bare.push(format!("{l}{}{to}", from / SIZE + 1));
        bare.push(format!("{l}{to}"));
    }
    let mut out: Vec<String> = Vec::new();
    for b in bare {
        // With or without the (automatic) promotion letter.
        let b = normalize(&b);
        if let Some(k) = mv.promotion() {
            let plain = b
                .strip_suffix(k.letter())
                .map(str::to_string)
                .unwrap_or_else(|| b.clone());
            out.push(format!("{plain}{}", k.letter()));
            out.push(plain);
        } else {
            out.push(b);
        }
    }
    out.sort();
    out.dedup();
    out
}

pub fn explain(pos: &Position, input: &str, legal: &[Move]) -> MoveError {
    let norm = normalize(input);
    let mut pseudo = Vec::new();
    pseudo_legal(pos, &mut pseudo);
    let us = pos.turn;
    let jumps = unchecked_king_jumps(pos);
    let input = input.trim().to_string();
    let illegal = |reason: &str| MoveError::Illegal {
        input: input.clone(),
        reason: reason.into(),
    };
    if let Some(mv) = jumps
        .iter()
        .find(|mv| !legal.contains(mv) && spellings(pos, mv, &jumps).contains(&norm))
    {
        let mut after = pos.clone();
        apply(&mut after, mv);
        return illegal(if !pos.jump[us.index()] {
            "the King may jump two squares only on its first move"
        } else if in_check(pos, us) {
            "the King may not jump while in check"
        } else if in_check(&after, us) {
            "the King may not jump onto an attacked square"
        } else {
            "the King may not jump over an attacked square (for a knight-shaped jump, one of the two squares between must be safe)"
        });
    }
    if pseudo
        .iter()
        .any(|mv| !legal.contains(mv) && spellings(pos, mv, &pseudo).contains(&norm))
    {
        return illegal("that move would leave your King in check");
    }
    illegal("no legal move matches that; see /rules fantastic for how each piece moves")
}

pub fn describe(pos: &Position, mv: &Move) -> String {
    let name = kind_at(pos, mv.from()).name();
    let promo = mv
        .promotion()
        .map_or(String::new(), |k| format!(" and becomes a {}", k.name()));
    match *mv {
        Move::KingJump { from, to } => {
            format!("King {} jumps to {}", sq_text(from), sq_text(to))
        }
        Move::EnPassant { from, to } => {
            let victim = (from / SIZE) * SIZE + to % SIZE;
            format!(
                "Pawn {} takes the {} on {} en passant",
                sq_text(from),
                kind_at(pos, victim).name(),
                sq_text(victim)
            )
        }
        Move::DoubleStep { from, to, .. } => {
            format!("{name} {} to {}{promo}", sq_text(from), sq_text(to))
        }
        Move::Normal {
            from, to, capture, ..
        } => {
            let what = if capture {
                format!("takes the {} on {}", kind_at(pos, to).name(), sq_text(to))
            } else {
                format!("to {}", sq_text(to))
            };
            format!("{name} {} {what}{promo}", sq_text(from))
        }
    }
}

pub fn marks(mv: &Move) -> MoveMarks {
    let victim = match *mv {
        Move::EnPassant { from, to } => Some(square((from / SIZE) * SIZE + to % SIZE)),
        Move::Normal {
            to, capture: true, ..
        } => Some(square(to)),
        _ => None,
    };
    MoveMarks::step(square(mv.from()), square(mv.to()), victim)
}

pub fn board_view(pos: &Position) -> BoardView {
    let pieces = (0..CELLS as Sq)
        .filter_map(|sq| {
            pos.at(sq).map(|p| {
                (
                    square(sq),
                    PieceView {
                        color: p.color,
                        name: p.kind.name(),
                        emblem: p.kind.emblem(),
                        livery: Livery::of(p.color),
                        letter: p.letter(),
                        power: Power::Plain,
                    },
                )
            })
        })
        .collect();
    let us = pos.turn;
    let king = pos.kings[us.index()];
    BoardView {
        files: SIZE,
        ranks: SIZE,
        pieces,
        turn: us,
        move_number: pos.fullmoves,
        zones: Vec::new(),
        special_squares: Vec::new(),
        royal_in_check: attacked_by(pos, !us, king).then(|| square(king)),
        riposte: Vec::new(),
        no_progress: Some((pos.halfmoves / 2, 50)),
        lost: Vec::new(),
        portals: Vec::new(),
        marked: Vec::new(),
        notice: None,
        sides: crate::rules::VariantId::Fantastic.sides(),
    }
}
