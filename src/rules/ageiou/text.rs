//! The AGEIOU position text (seven fields: placement, side to move, open portals, portals being
//! built, a pending king placement, the half-move clock, the move number) and the repetition key.

use super::{geometry, Build, Kind, Piece, Position, Sq, CELLS, SIZE, START};
use crate::rules::key::KeyBuilder;
use crate::rules::text::{
    or_dash, read_count, read_number, read_placement, read_side, read_square, side_letter,
    split_fields, write_cells, PLACEMENT,
};
use crate::rules::{Cells, Color, GameOptions, PositionError, PositionText, VariantId};

const PORTALS: &str = "field 3 (open portals)";
const BUILDS: &str = "field 4 (portals being built)";
const PENDING: &str = "field 5 (pending king placement)";

/// The side's name as the AGEIOU rules call it.
fn side(color: Color) -> &'static str {
    VariantId::Ageiou.side(color)
}

/// A comma-separated list of squares, or `-`; no square twice.
fn read_squares(text: &str, field: &'static str) -> Result<Vec<Sq>, PositionError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for item in text.split(',') {
        let sq = read_square(geometry(), item, field)?;
        if out.contains(&sq) {
            return Err(PositionError::new(field, format!("{item} is listed twice")));
        }
        out.push(sq);
    }
    Ok(out)
}

/// Squares sorted by file, then rank (a1, a2 … a10, b1), comma-separated; `-` for none.
fn write_squares(mut squares: Vec<Sq>) -> String {
    squares.sort_by_key(|&s| (s % SIZE, s / SIZE));
    let names: Vec<String> = squares
        .into_iter()
        .map(|s| geometry().square(s).to_string())
        .collect();
    or_dash(&names.join(",")).to_string()
}

/// The placement, with at most one king a side and no pawn on its last rank.
fn read_board(text: &str) -> Result<Cells<Kind, CELLS>, PositionError> {
    let geo = geometry();
    // The letters as a refusal names them.
    const LETTERS: &str = "K Q B C N V P (uppercase Light, lowercase Dark)";
    let pieces = read_placement(text, SIZE, SIZE, Piece::from_letter, LETTERS)?;
    let mut cells = Cells::empty();
    let mut kings = [0; 2];
    for (sq, piece) in pieces {
        if piece.kind == Kind::King {
            kings[piece.color.index()] += 1;
        }
        if piece.kind == Kind::Pawn && sq.rank() == geo.last_rank(piece.color) {
            return Err(PositionError::new(
                PLACEMENT,
                format!(
                    "the {} pawn on {sq} stands on its last rank, where it must have promoted",
                    side(piece.color)
                ),
            ));
        }
        cells[geo.index(sq) as usize] = Some(piece);
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
    Ok(cells)
}

/// One portal being built, `square/done/needed`: a Vertag on a square that is not an open
/// portal, with 1 to 7 turns needed and fewer done.
fn read_build(
    item: &str,
    cells: &[Option<Piece>],
    portals: u128,
) -> Result<(Color, Build), PositionError> {
    let parts: Vec<&str> = item.split('/').collect();
    let [sq, done, needed] = parts[..] else {
        return Err(PositionError::new(
            BUILDS,
            format!("'{item}', expected square/done/needed such as d4/2/3"),
        ));
    };
    let sq = read_square(geometry(), sq, BUILDS)?;
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
    let name = geometry().square(sq);
    let Some(builder) = cells[sq as usize].filter(|p| p.kind == Kind::Vertag) else {
        return Err(PositionError::new(
            BUILDS,
            format!("'{item}': no Vertag stands on {name} to build it"),
        ));
    };
    if portals >> sq & 1 == 1 {
        return Err(PositionError::new(
            BUILDS,
            format!("'{item}': {name} is already an open portal"),
        ));
    }
    let build = Build {
        square: sq,
        done,
        needed,
    };
    Ok((builder.color, build))
}

/// The portals being built, at most one a side.
fn read_builds(
    field: &str,
    cells: &[Option<Piece>],
    portals: u128,
) -> Result<[Option<Build>; 2], PositionError> {
    let mut builds = [None, None];
    if field == "-" {
        return Ok(builds);
    }
    for item in field.split(',') {
        let (color, build) = read_build(item, cells, portals)?;
        let slot = &mut builds[color.index()];
        if slot.is_some() {
            return Err(PositionError::new(
                BUILDS,
                format!(
                    "{} builds two portals at once; one side builds one",
                    side(color)
                ),
            ));
        }
        *slot = Some(build);
    }
    Ok(builds)
}

/// Whether the side to move must first place its captured king: the field lists every one of
/// its bishops (two or more) when it has no king, and is `-` otherwise.
fn read_pending(field: &str, cells: &[Option<Piece>], turn: Color) -> Result<bool, PositionError> {
    let bishops: Vec<Sq> = (0..CELLS as u8)
        .filter(|&s| cells[s as usize] == Some(Piece::new(turn, Kind::Bishop)))
        .collect();
    let has_king = cells.contains(&Some(Piece::new(turn, Kind::King)));
    let candidates = read_squares(field, PENDING)?;
    if candidates.is_empty() {
        if !has_king && !bishops.is_empty() {
            return Err(PositionError::new(
                PENDING,
                format!(
                    "{} has no king but has bishops, so its king is waiting to be placed: list the bishops' squares",
                    side(turn)
                ),
            ));
        }
        return Ok(false);
    }
    let mut sorted = candidates;
    sorted.sort_unstable();
    if has_king {
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
    Ok(true)
}

/// The fields of the position text, in order.
const FIELDS: &str = "placement, side to move, open portals, portals being built, pending king placement, half-move clock, move number";

impl PositionText for Position {
    const START: &'static str = START;

    fn from_text(text: &str) -> Result<Position, PositionError> {
        let fields = split_fields(text, 7, FIELDS)?;
        let cells = read_board(fields[0])?;
        let turn = read_side(fields[1], "w (Light) or b (Dark)")?;
        // Only the side to move can have lost its king (and be about to place it).
        if !cells.contains(&Some(Piece::new(!turn, Kind::King))) {
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
        let builds = read_builds(fields[3], &cells, portals)?;
        let pending = read_pending(fields[4], &cells, turn)?;
        let halfmoves = read_number(fields[5], "field 6 (half-move clock)")?;
        let fullmoves = read_count(fields[6], "field 7 (move number)", 1)?;
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

    fn to_text(&self) -> String {
        let portals = write_squares((0..CELLS as u8).filter(|&s| self.is_portal(s)).collect());
        let mut builds: Vec<Build> = self.builds.iter().flatten().copied().collect();
        builds.sort_by_key(|b| (b.square % SIZE, b.square / SIZE));
        let builds: Vec<String> = builds
            .iter()
            .map(|b| format!("{}/{}/{}", geometry().square(b.square), b.done, b.needed))
            .collect();
        let pending = write_squares(if self.pending {
            self.squares_of(self.turn, Kind::Bishop).collect()
        } else {
            Vec::new()
        });
        format!(
            "{} {} {portals} {} {pending} {} {}",
            write_cells(geometry(), &self.cells),
            side_letter(self.turn),
            or_dash(&builds.join(",")),
            self.halfmoves,
            self.fullmoves
        )
    }

    /// Placement, side to move, open portals, builds with their progress, and a pending placement.
    fn repetition_key(&self) -> u64 {
        let mut key = KeyBuilder::default();
        key.cells(&self.cells);
        key.word(self.portals as u64);
        key.word((self.portals >> 64) as u64);
        for build in self.builds {
            key.word(build.map_or(0, |b| {
                1 | (b.square as u64) << 8 | (b.done as u64) << 16 | (b.needed as u64) << 24
            }));
        }
        key.word(self.turn as u64 | (self.pending as u64) << 1);
        key.finish()
    }
}
