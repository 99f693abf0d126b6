//! The Epoch position text (epoch.md section 2): reading with field-by-field errors, writing,
//! and the repetition identity of section 8.

use super::board::{tables, Board, SIZE};
use super::movegen::MIDDLE_RANK;
use super::{castle_squares, Kind, LostPieces, Piece, Position, RiposteSquares, Sq, Wing};
use crate::rules::key::KeyBuilder;
use crate::rules::{Color, PositionError, Square};

const PLACEMENT: &str = "field 1 (placement)";
const SIDE: &str = "field 2 (side to move)";
const CASTLING: &str = "field 3 (castling rights)";
const EN_PASSANT: &str = "field 4 (en passant)";
const RIPOSTE: &str = "field 5 (riposte)";
const AWAKE: &str = "field 6 (awake Emperors)";
const LOST: &str = "field 7 (lost pieces)";
const CLOCK: &str = "field 8 (no-progress clock)";
const MOVE_NUMBER: &str = "field 9 (move number)";

fn parse_square(text: &str, field: &'static str) -> Result<Sq, PositionError> {
    Square::parse_on(text, SIZE, SIZE)
        .map(super::sq_of)
        .ok_or_else(|| {
            PositionError::new(field, format!("'{text}' is not a square from a1 to m13"))
        })
}

fn read_placement(text: &str) -> Result<Board, PositionError> {
    let pieces = crate::rules::notation::read_placement(
        text,
        SIZE,
        SIZE,
        Piece::from_letter,
        "PEMASGHTL (White) or pemasghtl (Black)",
    )
    .map_err(|e| PositionError::new(PLACEMENT, e))?;
    let mut board = Board::empty();
    for (sq, piece) in pieces {
        if piece.kind == Kind::Pope && board.pope[piece.color.index()].is_some() {
            return Err(PositionError::new(
                PLACEMENT,
                format!("{} has two Popes, expected one", piece.color.title()),
            ));
        }
        board.put(super::sq_of(sq), piece);
    }
    Ok(board)
}

fn read_lost(text: &str) -> Result<LostPieces, PositionError> {
    let mut lost: LostPieces = [[[0; SIZE as usize]; 9]; 2];
    if text == "-" {
        return Ok(lost);
    }
    for item in text.split(',') {
        let mut chars = item.chars();
        let (Some(letter), Some(file), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(PositionError::new(
                LOST,
                format!("'{item}' should be a piece letter and a file, like Sc or hd"),
            ));
        };
        let piece = Piece::from_letter(letter).ok_or_else(|| {
            PositionError::new(LOST, format!("'{item}': unknown piece letter '{letter}'"))
        })?;
        if !('a'..='m').contains(&file) {
            return Err(PositionError::new(
                LOST,
                format!("'{item}': '{file}' is not a file from a to m"),
            ));
        }
        if piece.kind == Kind::Pope {
            return Err(PositionError::new(LOST, "a Pope can never be lost"));
        }
        let slot =
            &mut lost[piece.color.index()][piece.kind as usize][(file as u8 - b'a') as usize];
        *slot = slot.saturating_add(1);
    }
    Ok(lost)
}

/// Reads a position text, validating everything epoch.md section 2 lists.
pub fn read(text: &str) -> Result<Position, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 9 {
        return Err(PositionError::new(
            "fields",
            format!(
                "found {} fields, expected 9: placement, side to move, castling, en passant, riposte, awake Emperors, lost pieces, clock, move number",
                fields.len()
            ),
        ));
    }
    let mut board = read_placement(fields[0])?;
    let turn = crate::rules::notation::read_side(fields[1], "w or b")?;
    for color in Color::BOTH {
        if board.pope[color.index()].is_none() {
            return Err(PositionError::new(
                PLACEMENT,
                format!("{} has no Pope", color.title()),
            ));
        }
    }

    let mut castling = [[false; 2]; 2];
    if fields[2] != "-" {
        for c in fields[2].chars() {
            let (color, wing) = match c {
                'A' => (Color::White, Wing::A),
                'M' => (Color::White, Wing::M),
                'a' => (Color::Black, Wing::A),
                'm' => (Color::Black, Wing::M),
                _ => {
                    return Err(PositionError::new(
                        CASTLING,
                        format!("'{c}', expected letters from AMam or -"),
                    ))
                }
            };
            let slot = &mut castling[color.index()][wing as usize];
            if *slot {
                return Err(PositionError::new(CASTLING, format!("'{c}' appears twice")));
            }
            let cs = castle_squares(color, wing);
            if board.at(cs.pope_from) != Some(Piece::new(color, Kind::Pope))
                || board.at(cs.sentinel_from) != Some(Piece::new(color, Kind::Sentinel))
            {
                return Err(PositionError::new(
                    CASTLING,
                    format!(
                        "'{c}' needs {}'s Pope on {} and Sentinel on {}",
                        color,
                        super::square_of(cs.pope_from),
                        super::square_of(cs.sentinel_from)
                    ),
                ));
            }
            *slot = true;
        }
    }

    let geo = &tables().geo;
    let en_passant = match fields[3] {
        "-" => None,
        text => {
            let sq = parse_square(text, EN_PASSANT)?;
            let (target_rank, advancer) = match turn {
                Color::Black => (MIDDLE_RANK - 1, Color::White),
                Color::White => (MIDDLE_RANK + 1, Color::Black),
            };
            if geo.rank(sq) != target_rank {
                return Err(PositionError::new(
                    EN_PASSANT,
                    format!(
                        "{text} is not on rank {} ({} to move)",
                        target_rank + 1,
                        turn
                    ),
                ));
            }
            if board.at(sq).is_some() {
                return Err(PositionError::new(
                    EN_PASSANT,
                    format!("{text} is not empty"),
                ));
            }
            let advanced = geo.file(sq) + MIDDLE_RANK * SIZE;
            if board.at(advanced) != Some(Piece::new(advancer, Kind::Legionary)) {
                return Err(PositionError::new(
                    EN_PASSANT,
                    format!(
                        "no {} Legionary on {} to be taken",
                        advancer,
                        super::square_of(advanced)
                    ),
                ));
            }
            Some(sq)
        }
    };

    let mut riposte = RiposteSquares::default();
    if fields[4] != "-" {
        for text in fields[4].split(',') {
            let sq = parse_square(text, RIPOSTE)?;
            match board.marshal[turn.index()] {
                Some(m) if board.clear_between(m, sq) => riposte.insert(sq),
                Some(_) => {
                    return Err(PositionError::new(
                        RIPOSTE,
                        format!("{}'s Marshal has no clear line to {text}", turn),
                    ))
                }
                None => {
                    return Err(PositionError::new(
                        RIPOSTE,
                        format!("{} has no Marshal to riposte with", turn),
                    ))
                }
            }
        }
    }

    if fields[5] != "-" {
        let mut seen = [false; 2];
        for c in fields[5].chars() {
            let color = match c {
                'E' => Color::White,
                'e' => Color::Black,
                _ => {
                    return Err(PositionError::new(
                        AWAKE,
                        format!("'{c}', expected E, e, Ee or -"),
                    ))
                }
            };
            if seen[color.index()] {
                return Err(PositionError::new(AWAKE, format!("'{c}' appears twice")));
            }
            seen[color.index()] = true;
            // A letter for a side without an Emperor on the board is ignored.
            if board.emperor[color.index()].is_some() {
                board.awake[color.index()] = true;
            }
        }
    }

    let lost = read_lost(fields[6])?;
    for color in Color::BOTH {
        for kind in [Kind::Marshal, Kind::Emperor] {
            let on_board = board
                .cells
                .iter()
                .filter(|c| **c == Some(Piece::new(color, kind)))
                .count();
            let gone: u32 = lost[color.index()][kind as usize]
                .iter()
                .map(|&n| n as u32)
                .sum();
            if on_board + gone as usize > 1 {
                return Err(PositionError::new(
                    if on_board > 1 { PLACEMENT } else { LOST },
                    format!(
                        "{} has {} {}s on the board and among its lost pieces, expected at most one",
                        color.title(),
                        on_board + gone as usize,
                        kind.name()
                    ),
                ));
            }
        }
    }

    let clock: u32 = fields[7].parse().map_err(|_| {
        PositionError::new(
            CLOCK,
            format!("'{}', expected a whole number of plies", fields[7]),
        )
    })?;
    let move_number: u32 = match fields[8].parse() {
        Ok(n) if n >= 1 => n,
        _ => {
            return Err(PositionError::new(
                MOVE_NUMBER,
                format!("'{}', expected a whole number from 1", fields[8]),
            ))
        }
    };

    if board.in_check(!turn) {
        return Err(PositionError::new(
            SIDE,
            format!("{} is to move but {} is in check", turn, !turn),
        ));
    }
    // A position with a side to move is the start of its turn.
    if board.emperor_would_wake(turn) {
        board.awake[turn.index()] = true;
    }

    Ok(Position {
        board,
        turn,
        castling,
        en_passant,
        riposte,
        lost,
        clock,
        move_number,
    })
}

/// Writes the position text.
pub fn write(pos: &Position) -> String {
    let b = &pos.board;
    let mut out = crate::rules::notation::write_placement(SIZE, SIZE, |sq| {
        b.at(super::sq_of(sq)).map(|p| p.letter())
    });
    out.push(' ');
    out.push(match pos.turn {
        Color::White => 'w',
        Color::Black => 'b',
    });

    out.push(' ');
    let mut castling = String::new();
    for (color, letters) in [(Color::White, ['A', 'M']), (Color::Black, ['a', 'm'])] {
        for (wing, letter) in [Wing::A, Wing::M].into_iter().zip(letters) {
            if pos.castling[color.index()][wing as usize] {
                castling.push(letter);
            }
        }
    }
    out.push_str(if castling.is_empty() { "-" } else { &castling });

    out.push(' ');
    match pos.en_passant {
        Some(sq) => out.push_str(&super::square_of(sq).to_string()),
        None => out.push('-'),
    }

    out.push(' ');
    if pos.riposte.is_empty() {
        out.push('-');
    } else {
        let squares: Vec<String> = pos
            .riposte
            .as_slice()
            .iter()
            .map(|&sq| super::square_of(sq).to_string())
            .collect();
        out.push_str(&squares.join(","));
    }

    out.push(' ');
    let mut awake = String::new();
    for (color, letter) in [(Color::White, 'E'), (Color::Black, 'e')] {
        if b.emperor[color.index()].is_some() && b.awake[color.index()] {
            awake.push(letter);
        }
    }
    out.push_str(if awake.is_empty() { "-" } else { &awake });

    out.push(' ');
    let mut lost: Vec<String> = Vec::new();
    for color in Color::BOTH {
        let mut items: Vec<(u8, char)> = Vec::new();
        for kind in Kind::ALL {
            for file in 0..SIZE {
                for _ in 0..pos.lost[color.index()][kind as usize][file as usize] {
                    items.push((file, Piece::new(color, kind).letter()));
                }
            }
        }
        items.sort();
        lost.extend(
            items
                .into_iter()
                .map(|(file, letter)| format!("{letter}{}", (b'a' + file) as char)),
        );
    }
    out.push_str(&if lost.is_empty() {
        "-".to_string()
    } else {
        lost.join(",")
    });

    out.push_str(&format!(" {} {}", pos.clock, pos.move_number));
    out
}

/// The repetition identity: placement, side to move, castling, en passant, riposte squares and
/// which Emperors are awake (epoch.md section 8).
pub fn repetition_key(pos: &Position) -> u64 {
    let b = &pos.board;
    let mut cells = [0u8; super::board::CELLS];
    for (c, p) in cells.iter_mut().zip(b.cells.iter()) {
        *c = p.map_or(0, |p| 1 + 2 * p.kind as u8 + p.color as u8);
    }
    let mut key = KeyBuilder::default();
    key.bytes(&cells);
    let c = pos.castling;
    let rights =
        (c[0][0] as u64) | (c[0][1] as u64) << 1 | (c[1][0] as u64) << 2 | (c[1][1] as u64) << 3;
    let awake =
        |color: Color| (b.emperor[color.index()].is_some() && b.awake[color.index()]) as u64;
    key.word(
        pos.turn as u64
            | rights << 1
            | awake(Color::White) << 5
            | awake(Color::Black) << 6
            | pos.en_passant.map_or(0, |s| s as u64 + 1) << 8,
    );
    key.bytes(pos.riposte.as_slice());
    key.finish()
}
