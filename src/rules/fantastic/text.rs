//! The Fantastic XIII position text: FEN with multi-digit empty counts and castling always
//! `-`, and the repetition identity.

use super::movegen::{en_passant_possible, in_check, tables};
use super::{king_home, Kind, Piece, Position, Sq, START};
use crate::rules::key::KeyBuilder;
use crate::rules::text::{
    read_cells, read_clocks, read_or_dash, read_side, read_square, side_letter, split_fields,
    square_or_dash, unless_opponent_in_check, write_cells, PLACEMENT,
};
use crate::rules::{Color, PositionError, PositionText};

const EN_PASSANT: &str = "field 4 (en passant)";

/// The en passant square: the opponent just double-stepped past it, so its Pawn or Prince
/// stands one square beyond, and it and the square the piece came from are empty.
fn read_en_passant(text: &str, cells: &[Option<Piece>], turn: Color) -> Result<Sq, PositionError> {
    let geo = &tables().geo;
    let ep = read_square(geo, text, EN_PASSANT)?;
    let them = !turn;
    let beyond = geo.offset(ep, 0, them.forward());
    let origin = geo.offset(ep, 0, -them.forward());
    // (A double step onto the last rank has already promoted to a Direwolf.)
    let double_stepper = beyond.is_some_and(|s| {
        cells[s as usize].is_some_and(|p| {
            p.color == them
                && match p.kind {
                    Kind::Pawn | Kind::Prince => true,
                    Kind::Direwolf => geo.rank(s) == geo.last_rank(them),
                    _ => false,
                }
        })
    });
    let empty = |s: Option<Sq>| s.is_some_and(|s| cells[s as usize].is_none());
    if !(double_stepper && empty(Some(ep)) && empty(origin)) {
        return Err(PositionError::new(
            EN_PASSANT,
            format!(
                "'{text}': no {them} Pawn or Prince can just have passed it with a double step"
            ),
        ));
    }
    Ok(ep)
}

/// The fields of the position text, in order.
const FIELDS: &str =
    "placement, side to move, castling (always -), en passant, halfmove clock, move number";

impl PositionText for Position {
    const START: &'static str = START;

    fn from_text(text: &str) -> Result<Position, PositionError> {
        let fields = split_fields(text, 4, FIELDS)?;
        let geo = &tables().geo;
        let (cells, kings) = read_cells(
            fields[0],
            geo,
            "KPITNSQHMCEUO (either case)",
            (Kind::King, "King"),
            |sq, piece| {
                // These kinds promote on any arrival on the last rank (a Troll may arrive by a leap).
                let promoting = matches!(
                    piece.kind,
                    Kind::Pawn | Kind::Prince | Kind::Ship | Kind::Snake
                );
                if promoting && sq.rank() == geo.last_rank(piece.color) {
                    return Err(PositionError::new(
                        PLACEMENT,
                        format!(
                            "a {} {} on {sq}, its last rank, where it would have promoted",
                            piece.color,
                            piece.kind.name()
                        ),
                    ));
                }
                Ok(())
            },
        )?;
        let turn = read_side(fields[1], "w or b")?;
        if fields[2] != "-" {
            return Err(PositionError::new(
                "field 3 (castling)",
                format!(
                    "'{}', expected -: there is no castling; a King on its home square (g1, g13) keeps its jump",
                    fields[2]
                ),
            ));
        }
        let en_passant = read_or_dash(fields[3], |text| read_en_passant(text, &cells, turn))?;
        let (halfmoves, fullmoves) = read_clocks(&fields)?;
        // A King on its home square has its jump: the text has no field for it.
        let jump = Color::BOTH.map(|c| kings[c.index()] == king_home(c));
        let pos = Position {
            cells,
            kings,
            turn,
            jump,
            en_passant,
            halfmoves,
            fullmoves,
        };
        unless_opponent_in_check(pos, turn, in_check)
    }

    fn to_text(&self) -> String {
        let geo = &tables().geo;
        let en_passant = square_or_dash(geo, self.en_passant);
        format!(
            "{} {} - {en_passant} {} {}",
            write_cells(geo, &self.cells),
            side_letter(self.turn),
            self.halfmoves,
            self.fullmoves
        )
    }

    /// Placement, side to move, the Kings' jump rights, and the en passant square when a legal
    /// capture there exists.
    fn repetition_key(&self) -> u64 {
        let ep = self.en_passant.filter(|_| en_passant_possible(self));
        let mut key = KeyBuilder::default();
        key.cells(&self.cells);
        key.word(
            self.turn as u64
                | (self.jump[0] as u64) << 1
                | (self.jump[1] as u64) << 2
                | ep.map_or(0, |s| s as u64 + 1) << 8,
        );
        key.finish()
    }
}
