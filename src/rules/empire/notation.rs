//! Empire Chess position text (standard FEN with the Imperial letters), notation, words, marks
//! and the render view.

use super::movegen::{in_check, kings_face, pseudo_legal};
use super::{Kind, Move, Piece, Position, Sq};
use crate::rules::key::KeyBuilder;
use crate::rules::notation::normalize;
use crate::rules::{
    BoardView, Color, MoveError, MoveMarks, PieceView, PositionError, Power, Square,
};

fn square(sq: Sq) -> Square {
    Square::new(sq % 8, sq / 8)
}

fn sq_text(sq: Sq) -> String {
    square(sq).to_string()
}

fn file_char(sq: Sq) -> char {
    (b'a' + sq % 8) as char
}

const PLACEMENT: &str = "field 1 (placement)";

pub fn read(text: &str) -> Result<Position, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(PositionError::new(
            "fields",
            format!("found {} fields, expected 6: placement, side to move, castling, en passant, halfmove clock, move number", fields.len()),
        ));
    }
    let pieces = crate::rules::notation::read_placement(
        fields[0],
        8,
        8,
        Piece::from_letter,
        "KQRBNP TECDS (either case)",
    )
    .map_err(|e| PositionError::new("field 1 (placement)", e))?;
    let mut cells = [None; 64];
    let mut kings = [None, None];
    for (sq, piece) in pieces {
        let index = sq.rank * 8 + sq.file;
        if piece.kind == Kind::King {
            if kings[piece.color.index()].is_some() {
                return Err(PositionError::new(
                    "field 1 (placement)",
                    format!("{} has two kings", piece.color.title()),
                ));
            }
            kings[piece.color.index()] = Some(index);
        }
        cells[index as usize] = Some(piece);
    }
    let (Some(wk), Some(bk)) = (kings[0], kings[1]) else {
        return Err(PositionError::new(
            PLACEMENT,
            "each side needs exactly one king",
        ));
    };
    let turn = crate::rules::notation::read_side(fields[1], "w or b")?;
    let mut castling = [false; 2];
    if fields[2] != "-" {
        for c in fields[2].chars() {
            let (right, rook) = match c {
                'k' => (0, 63),
                'q' => (1, 56),
                _ => {
                    return Err(PositionError::new(
                        "field 3 (castling)",
                        format!("'{c}': only Black castles in Empire Chess, expected k, q or -"),
                    ))
                }
            };
            if cells[60] != Some(Piece::new(Color::Black, Kind::King))
                || cells[rook] != Some(Piece::new(Color::Black, Kind::Rook))
            {
                return Err(PositionError::new(
                    "field 3 (castling)",
                    format!("'{c}' needs Black's king and that rook at home"),
                ));
            }
            castling[right] = true;
        }
    }
    let en_passant = match fields[3] {
        "-" => None,
        t => Some(
            Square::parse_on(t, 8, 8)
                .map(|s| s.rank * 8 + s.file)
                .ok_or_else(|| {
                    PositionError::new("field 4 (en passant)", format!("'{t}' is not a square"))
                })?,
        ),
    };
    let number = |i: usize, name: &'static str, default: u32| -> Result<u32, PositionError> {
        fields.get(i).map_or(Ok(default), |t| {
            t.parse()
                .map_err(|_| PositionError::new(name, format!("'{t}', expected a whole number")))
        })
    };
    let pos = Position {
        cells,
        kings: [wk, bk],
        turn,
        castling,
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
    let mut out = crate::rules::notation::write_placement(8, 8, |sq| {
        pos.at(sq.rank * 8 + sq.file).map(|p| p.letter())
    });
    out.push_str(if pos.turn == Color::White {
        " w "
    } else {
        " b "
    });
    let rights: String = [('k', pos.castling[0]), ('q', pos.castling[1])]
        .iter()
        .filter(|(_, on)| *on)
        .map(|(c, _)| *c)
        .collect();
    out.push_str(if rights.is_empty() { "-" } else { &rights });
    out.push(' ');
    out.push_str(&pos.en_passant.map_or("-".to_string(), sq_text));
    out.push_str(&format!(" {} {}", pos.halfmoves, pos.fullmoves));
    out
}

/// Placement, side to move, castling, and the en passant square when a capture there exists.
pub fn repetition_key(pos: &Position) -> u64 {
    let mut cells = [0u8; 64];
    for (c, p) in cells.iter_mut().zip(pos.cells.iter()) {
        *c = p.map_or(0, |p| 1 + 2 * p.kind as u8 + p.color as u8);
    }
    let ep = pos.en_passant.filter(|&sq| {
        crate::rules::chess::tables().pawn_attackers[pos.turn.index()][sq as usize]
            .iter()
            .any(|&s| pos.at(s) == Some(Piece::new(pos.turn, Kind::Pawn)))
    });
    let mut key = KeyBuilder::default();
    key.bytes(&cells);
    key.word(
        pos.turn as u64
            | (pos.castling[0] as u64) << 1
            | (pos.castling[1] as u64) << 2
            | ep.map_or(0, |s| s as u64 + 1) << 8,
    );
    key.finish()
}

fn kind_at(pos: &Position, sq: Sq) -> Kind {
    pos.at(sq).map_or(Kind::Pawn, |p| p.kind)
}

fn is_capture(mv: &Move) -> bool {
    matches!(
        mv,
        Move::EnPassant { .. } | Move::Normal { capture: true, .. }
    )
}

pub fn coordinate(mv: &Move) -> String {
    let promo = if matches!(
        mv,
        Move::Normal {
            promotion: true,
            ..
        }
    ) {
        "q"
    } else {
        ""
    };
    format!("{}{}{promo}", sq_text(mv.from()), sq_text(mv.to()))
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
    if let Move::Castle { from, to, .. } = *mv {
        return if to > from {
            "O-O".into()
        } else {
            "O-O-O".into()
        };
    }
    let kind = kind_at(pos, mv.from());
    let x = if is_capture(mv) { "x" } else { "" };
    let promo = if matches!(
        mv,
        Move::Normal {
            promotion: true,
            ..
        }
    ) {
        "=Q"
    } else {
        ""
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

pub fn long_form(pos: &Position, mv: &Move) -> String {
    if matches!(mv, Move::Castle { .. }) {
        return san(pos, mv, &[]);
    }
    let kind = kind_at(pos, mv.from());
    let letter = if kind == Kind::Pawn {
        String::new()
    } else {
        kind.letter().to_string()
    };
    let sep = if is_capture(mv) { "x" } else { "-" };
    format!("{letter}{}{sep}{}", sq_text(mv.from()), sq_text(mv.to()))
}

pub fn spellings(pos: &Position, mv: &Move, legal: &[Move]) -> Vec<String> {
    let mut out = vec![normalize(&coordinate(mv)), normalize(&san(pos, mv, legal))];
    if !matches!(mv, Move::Castle { .. }) {
        let kind = kind_at(pos, mv.from());
        let (from, to) = (mv.from(), sq_text(mv.to()));
        if kind != Kind::Pawn {
            let l = kind.letter();
            out.push(format!("{l}{}{to}", sq_text(from)));
            out.push(format!("{l}{}{to}", file_char(from)));
            out.push(format!("{l}{}{to}", from / 8 + 1));
            out.push(format!("{l}{to}"));
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
    let input = input.trim().to_string();
    if let Some(mv) = pseudo
        .iter()
        .find(|mv| !legal.contains(mv) && spellings(pos, mv, &pseudo).contains(&norm))
    {
        let mut after = pos.clone();
        super::movegen::play(&mut after, mv);
        let reason = if kings_face(&after) {
            "the two kings may never face each other on an open file or rank"
        } else {
            "that move would leave your king in check"
        };
        return MoveError::Illegal {
            input,
            reason: reason.into(),
        };
    }
    MoveError::Illegal {
        input,
        reason: "no legal move matches that; Imperial pieces capture only like a rook (Tower), knight (Eagle), bishop (Cardinal) or king (Duke)".into(),
    }
}

pub fn describe(pos: &Position, mv: &Move) -> String {
    let color = pos.turn;
    let name = kind_at(pos, mv.from()).name(color);
    match *mv {
        Move::Castle { from, to, .. } => {
            format!("King castles {}", if to > from { "short" } else { "long" })
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
                    kind_at(pos, to).name(!color),
                    sq_text(to)
                )
            } else {
                format!("to {}", sq_text(to))
            };
            let promo = if promotion {
                " and becomes a Queen"
            } else {
                ""
            };
            format!("{name} {} {what}{promo}", sq_text(from))
        }
    }
}

pub fn marks(mv: &Move) -> MoveMarks {
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
                        name: p.kind.name(p.color),
                        emblem: p.kind.emblem(),
                        // The Empire is gold.
                        livery: match p.color {
                            Color::White => crate::rules::Livery::Gold,
                            Color::Black => crate::rules::Livery::Dark,
                        },
                        letter: p.letter(),
                        power: Power::Plain,
                    },
                )
            })
        })
        .collect();
    BoardView {
        files: 8,
        ranks: 8,
        pieces,
        turn: pos.turn,
        move_number: pos.fullmoves,
        zones: Vec::new(),
        special_squares: Vec::new(),
        royal_in_check: in_check(pos, pos.turn).then(|| square(pos.kings[pos.turn.index()])),
        riposte: Vec::new(),
        no_progress: Some((pos.halfmoves / 2, 50)),
        lost: Vec::new(),
        portals: Vec::new(),
        marked: Vec::new(),
        notice: None,
        sides: crate::rules::VariantId::Empire.sides(),
    }
}
