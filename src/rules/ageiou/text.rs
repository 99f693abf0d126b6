//! The AGEIOU position text (seven fields: placement, side to move, open portals, portals being
//! built, a pending king placement, the half-move clock, the move number) and the repetition key.

use super::movegen::last_rank;
use super::{Build, Kind, Piece, Position, Sq, CELLS, SIZE};
use crate::rules::key::KeyBuilder;
use crate::rules::notation::{read_placement, write_placement};
use crate::rules::{Color, GameOptions, PositionError, Square};

const PLACEMENT: &str = "field 1 (placement)";
const PORTALS: &str = "field 3 (open portals)";
const BUILDS: &str = "field 4 (portals being built)";
const PENDING: &str = "field 5 (pending king placement)";

pub fn square(sq: Sq) -> Square {
    Square::new(sq % SIZE, sq / SIZE)
}

fn index(sq: Square) -> Sq {
    sq.rank * SIZE + sq.file
}

fn read_square(text: &str, field: &'static str) -> Result<Sq, PositionError> {
    Square::parse_on(text, SIZE, SIZE)
        .map(index)
        .ok_or_else(|| PositionError::new(field, format!("'{text}' is not a square of a1-j10")))
}

/// A comma-separated list of squares, or `-`; no square twice.
fn read_squares(text: &str, field: &'static str) -> Result<Vec<Sq>, PositionError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for item in text.split(',') {
        let sq = read_square(item, field)?;
        if out.contains(&sq) {
            return Err(PositionError::new(field, format!("{item} is listed twice")));
        }
        out.push(sq);
    }
    Ok(out)
}

/// Squares sorted by file, then rank (a1, a2 … a10, b1), comma-separated; `-` for none.
fn write_squares(mut squares: Vec<Sq>) -> String {
    if squares.is_empty() {
        return "-".into();
    }
    squares.sort_by_key(|&s| (s % SIZE, s / SIZE));
    squares
        .into_iter()
        .map(|s| square(s).to_string())
        .collect::<Vec<_>>()
        .join(",")
}

pub fn read(text: &str) -> Result<Position, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 7 {
        return Err(PositionError::new(
            "fields",
            format!(
                "found {} fields, expected 7: placement, side to move, open portals, portals being built, pending king placement, half-move clock, move number",
                fields.len()
            ),
        ));
    }
    let pieces = read_placement(
        fields[0],
        SIZE,
        SIZE,
        Piece::from_letter,
        "K Q B C N V P (uppercase Light, lowercase Dark)",
    )
    .map_err(|e| PositionError::new(PLACEMENT, e))?;
    let mut cells = [None; CELLS];
    let mut kings = [0; 2];
    for (sq, piece) in pieces {
        if piece.kind == Kind::King {
            kings[piece.color.index()] += 1;
        }
        if piece.kind == Kind::Pawn && sq.rank == last_rank(piece.color) {
            return Err(PositionError::new(
                PLACEMENT,
                format!(
                    "the {} pawn on {sq} stands on its last rank, where it must have promoted",
                    side(piece.color)
                ),
            ));
        }
        cells[index(sq) as usize] = Some(piece);
    }
    if let Some(color) = Color::BOTH.into_iter().find(|c| kings[c.index()] > 1) {
        return Err(PositionError::new(
            PLACEMENT,
            format!(
                "{} has {} kings, expected one",
                side(color),
                kings[color.index()]
            ),
        ));
    }
    let turn = crate::rules::notation::read_side(fields[1], "w (Light) or b (Dark)")?;
    if kings[(!turn).index()] == 0 {
        return Err(PositionError::new(
            PLACEMENT,
            format!(
                "{} has no king, but only the side to move can have lost its king",
                side(!turn)
            ),
        ));
    }

    let mut portals = 0u128;
    for sq in read_squares(fields[2], PORTALS)? {
        portals |= 1u128 << sq;
    }

    let mut builds = [None, None];
    if fields[3] != "-" {
        for item in fields[3].split(',') {
            let parts: Vec<&str> = item.split('/').collect();
            let [sq, done, needed] = parts[..] else {
                return Err(PositionError::new(
                    BUILDS,
                    format!("'{item}', expected square/done/needed such as d4/2/3"),
                ));
            };
            let sq = read_square(sq, BUILDS)?;
            let number = |t: &str| {
                t.parse::<u8>().map_err(|_| {
                    PositionError::new(BUILDS, format!("'{item}': '{t}' is not a whole number"))
                })
            };
            let (done, needed) = (number(done)?, number(needed)?);
            if !(1..=7).contains(&needed) || done == 0 || done >= needed {
                return Err(PositionError::new(
                    BUILDS,
                    format!("'{item}': needs 1 to 7 turns and from 1 to one less than that done"),
                ));
            }
            let Some(builder) = cells[sq as usize].filter(|p| p.kind == Kind::Vertag) else {
                return Err(PositionError::new(
                    BUILDS,
                    format!("'{item}': no Vertag stands on {} to build it", square(sq)),
                ));
            };
            if portals >> sq & 1 == 1 {
                return Err(PositionError::new(
                    BUILDS,
                    format!("'{item}': {} is already an open portal", square(sq)),
                ));
            }
            let slot = &mut builds[builder.color.index()];
            if slot.is_some() {
                return Err(PositionError::new(
                    BUILDS,
                    format!(
                        "{} builds two portals at once; one side builds one",
                        side(builder.color)
                    ),
                ));
            }
            *slot = Some(Build {
                square: sq,
                done,
                needed,
            });
        }
    }

    let bishops: Vec<Sq> = (0..CELLS as u8)
        .filter(|&s| cells[s as usize] == Some(Piece::new(turn, Kind::Bishop)))
        .collect();
    let candidates = read_squares(fields[4], PENDING)?;
    let pending = !candidates.is_empty();
    if pending {
        let mut sorted = candidates.clone();
        sorted.sort_unstable();
        if kings[turn.index()] != 0 {
            return Err(PositionError::new(
                PENDING,
                format!(
                    "{} has a king on the board, so there is nothing to place",
                    side(turn)
                ),
            ));
        }
        if sorted != bishops || bishops.len() < 2 {
            return Err(PositionError::new(
                PENDING,
                format!(
                    "the choices must be every bishop of the side to move ({}), two or more",
                    write_squares(bishops)
                ),
            ));
        }
    } else if kings[turn.index()] == 0 && !bishops.is_empty() {
        return Err(PositionError::new(
            PENDING,
            format!(
                "{} has no king but has bishops, so its king is waiting to be placed: list the bishops' squares",
                side(turn)
            ),
        ));
    }

    let number = |i: usize, name: &'static str| -> Result<u32, PositionError> {
        fields[i].parse().map_err(|_| {
            PositionError::new(name, format!("'{}', expected a whole number", fields[i]))
        })
    };
    let halfmoves = number(5, "field 6 (half-move clock)")?;
    let fullmoves = number(6, "field 7 (move number)")?;
    if fullmoves == 0 {
        return Err(PositionError::new(
            "field 7 (move number)",
            "0, expected 1 or more",
        ));
    }
    Ok(Position {
        cells,
        turn,
        portals,
        builds,
        pending,
        halfmoves,
        fullmoves,
        options: GameOptions::default(),
    })
}

/// The side's name as the AGEIOU rules call it.
pub fn side(color: Color) -> &'static str {
    match color {
        Color::White => "Light",
        Color::Black => "Dark",
    }
}

pub fn write(pos: &Position) -> String {
    let mut out = write_placement(SIZE, SIZE, |sq| pos.at(index(sq)).map(|p| p.letter()));
    out.push_str(if pos.turn == Color::White {
        " w "
    } else {
        " b "
    });
    out.push_str(&write_squares(
        (0..CELLS as u8).filter(|&s| pos.is_portal(s)).collect(),
    ));
    out.push(' ');
    let mut builds: Vec<Build> = pos.builds.iter().flatten().copied().collect();
    builds.sort_by_key(|b| (b.square % SIZE, b.square / SIZE));
    if builds.is_empty() {
        out.push('-');
    } else {
        let items: Vec<String> = builds
            .iter()
            .map(|b| format!("{}/{}/{}", square(b.square), b.done, b.needed))
            .collect();
        out.push_str(&items.join(","));
    }
    out.push(' ');
    out.push_str(&write_squares(if pos.pending {
        pos.squares_of(pos.turn, Kind::Bishop).collect()
    } else {
        Vec::new()
    }));
    out.push_str(&format!(" {} {}", pos.halfmoves, pos.fullmoves));
    out
}

/// Placement, side to move, open portals, builds with their progress, and a pending placement.
pub fn repetition_key(pos: &Position) -> u64 {
    let mut cells = [0u8; CELLS];
    for (c, p) in cells.iter_mut().zip(pos.cells.iter()) {
        *c = p.map_or(0, |p| 1 + 2 * p.kind as u8 + p.color as u8);
    }
    let mut key = KeyBuilder::default();
    key.bytes(&cells);
    key.word(pos.portals as u64);
    key.word((pos.portals >> 64) as u64);
    for build in pos.builds {
        key.word(build.map_or(0, |b| {
            1 | (b.square as u64) << 8 | (b.done as u64) << 16 | (b.needed as u64) << 24
        }));
    }
    key.word(pos.turn as u64 | (pos.pending as u64) << 1);
    key.finish()
}
