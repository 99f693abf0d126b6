//! The Epoch position text (epoch.md section 2): reading with field-by-field errors, writing,
//! and the repetition identity of section 8.

use super::board::{tables, Board, SIZE};
use super::movegen::MIDDLE_RANK;
use super::{castle_squares, Kind, LostPieces, Piece, Position, RiposteSquares, Wing, START};
use crate::rules::key::KeyBuilder;
use crate::rules::text::{
    opponent_in_check, or_dash, read_count, read_placement, read_side, read_square, side_letter,
    split_fields, write_cells, PLACEMENT,
};
use crate::rules::{Color, PositionError, PositionText};

const CASTLING: &str = "field 3 (castling rights)";
const EN_PASSANT: &str = "field 4 (en passant)";
const RIPOSTE: &str = "field 5 (riposte)";
const AWAKE: &str = "field 6 (awake Emperors)";
const LOST: &str = "field 7 (lost pieces)";
const CLOCK: &str = "field 8 (no-progress clock)";
const MOVE_NUMBER: &str = "field 9 (move number)";

/// The castling letters: `(letter, side, wing)`.
const CASTLING_LETTERS: [(char, Color, Wing); 4] = [
    ('A', Color::White, Wing::A),
    ('M', Color::White, Wing::M),
    ('a', Color::Black, Wing::A),
    ('m', Color::Black, Wing::M),
];

fn name(sq: u8) -> String {
    tables().geo.square(sq).to_string()
}

/// The placement, with both Popes there, once each.
fn read_board(text: &str) -> Result<Board, PositionError> {
    let geo = &tables().geo;
    // The letters as a refusal names them.
    const LETTERS: &str = "PEMASGHTL (White) or pemasghtl (Black)";
    let pieces = read_placement(text, SIZE, SIZE, Piece::from_letter, LETTERS)?;
    let mut board = Board::empty();
    for (sq, piece) in pieces {
        if piece.kind == Kind::Pope && board.pope[piece.color.index()].is_some() {
            return Err(PositionError::new(
                PLACEMENT,
                format!("{} has two Popes, expected one", piece.color.title()),
            ));
        }
        board.put(geo.index(sq), piece);
    }
    Ok(board)
}

fn read_castling(text: &str, board: &Board) -> Result<[[bool; 2]; 2], PositionError> {
    let mut castling = [[false; 2]; 2];
    if text == "-" {
        return Ok(castling);
    }
    for c in text.chars() {
        let Some(&(_, color, wing)) = CASTLING_LETTERS.iter().find(|l| l.0 == c) else {
            return Err(PositionError::new(
                CASTLING,
                format!("'{c}', expected letters from AMam or -"),
            ));
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
                    name(cs.pope_from),
                    name(cs.sentinel_from)
                ),
            ));
        }
        *slot = true;
    }
    Ok(castling)
}

/// The en passant square: empty, on the rank behind the middle one (seen from the side to
/// move), with the opponent's Legionary that just advanced there in front of it.
fn read_en_passant(text: &str, board: &Board, turn: Color) -> Result<Option<u8>, PositionError> {
    if text == "-" {
        return Ok(None);
    }
    let geo = &tables().geo;
    let sq = read_square(geo, text, EN_PASSANT)?;
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
                name(advanced)
            ),
        ));
    }
    Ok(Some(sq))
}

/// The riposte squares: each on a clear line from the Marshal of the side to move.
fn read_riposte(text: &str, board: &Board, turn: Color) -> Result<RiposteSquares, PositionError> {
    let mut riposte = RiposteSquares::default();
    if text == "-" {
        return Ok(riposte);
    }
    for item in text.split(',') {
        let sq = read_square(&tables().geo, item, RIPOSTE)?;
        match board.marshal[turn.index()] {
            Some(m) if board.clear_between(m, sq) => riposte.insert(sq),
            Some(_) => {
                return Err(PositionError::new(
                    RIPOSTE,
                    format!("{}'s Marshal has no clear line to {item}", turn),
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
    Ok(riposte)
}

/// The awake Emperors: `E`, `e`, both or `-`; a letter for a side without an Emperor on the
/// board is ignored.
fn read_awake(text: &str, board: &mut Board) -> Result<(), PositionError> {
    if text == "-" {
        return Ok(());
    }
    let mut seen = [false; 2];
    for c in text.chars() {
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
        if board.emperor[color.index()].is_some() {
            board.awake[color.index()] = true;
        }
    }
    Ok(())
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

/// At most one Marshal and one Emperor a side, on the board and among the lost pieces.
fn check_unique(board: &Board, lost: &LostPieces) -> Result<(), PositionError> {
    for color in Color::BOTH {
        for kind in [Kind::Marshal, Kind::Emperor] {
            let on_board = board
                .cells
                .iter()
                .filter(|c| **c == Some(Piece::new(color, kind)))
                .count();
            let gone: usize = lost[color.index()][kind as usize]
                .iter()
                .map(|&n| n as usize)
                .sum();
            if on_board + gone > 1 {
                return Err(PositionError::new(
                    if on_board > 1 { PLACEMENT } else { LOST },
                    format!(
                        "{} has {} {}s on the board and among its lost pieces, expected at most one",
                        color.title(),
                        on_board + gone,
                        kind.name()
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The lost pieces field: each as its letter and the file it was lost on, by side, file and
/// letter.
fn write_lost(lost: &LostPieces) -> String {
    let mut items: Vec<String> = Vec::new();
    for color in Color::BOTH {
        let mut side: Vec<(u8, char)> = Vec::new();
        for kind in Kind::ALL {
            for file in 0..SIZE {
                for _ in 0..lost[color.index()][kind as usize][file as usize] {
                    side.push((file, Piece::new(color, kind).letter()));
                }
            }
        }
        side.sort();
        items.extend(
            side.into_iter()
                .map(|(file, letter)| format!("{letter}{}", (b'a' + file) as char)),
        );
    }
    or_dash(&items.join(",")).to_string()
}

/// The fields of the position text, in order.
const FIELDS: &str = "placement, side to move, castling, en passant, riposte, awake Emperors, lost pieces, clock, move number";

impl PositionText for Position {
    const START: &'static str = START;

    /// Reads a position text, validating everything epoch.md section 2 lists.
    fn from_text(text: &str) -> Result<Position, PositionError> {
        let fields = split_fields(text, 9, FIELDS)?;
        let mut board = read_board(fields[0])?;
        let turn = read_side(fields[1], "w or b")?;
        if let Some(color) = Color::BOTH
            .into_iter()
            .find(|c| board.pope[c.index()].is_none())
        {
            return Err(PositionError::new(
                PLACEMENT,
                format!("{} has no Pope", color.title()),
            ));
        }
        let castling = read_castling(fields[2], &board)?;
        let en_passant = read_en_passant(fields[3], &board, turn)?;
        let riposte = read_riposte(fields[4], &board, turn)?;
        read_awake(fields[5], &mut board)?;
        let lost = read_lost(fields[6])?;
        check_unique(&board, &lost)?;
        let clock = read_count(fields[7], CLOCK, 0)?;
        let move_number = read_count(fields[8], MOVE_NUMBER, 1)?;
        if board.in_check(!turn) {
            return Err(opponent_in_check(turn));
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

    fn to_text(&self) -> String {
        let b = &self.board;
        let castling: String = CASTLING_LETTERS
            .iter()
            .filter(|(_, color, wing)| self.castling(*color, *wing))
            .map(|l| l.0)
            .collect();
        let en_passant = self.en_passant.map_or("-".into(), name);
        let riposte: Vec<String> = self.riposte.as_slice().iter().map(|&sq| name(sq)).collect();
        let awake: String = [(Color::White, 'E'), (Color::Black, 'e')]
            .into_iter()
            .filter(|(color, _)| b.emperor[color.index()].is_some() && b.awake[color.index()])
            .map(|(_, letter)| letter)
            .collect();
        format!(
            "{} {} {} {en_passant} {} {} {} {} {}",
            write_cells(&tables().geo, &b.cells),
            side_letter(self.turn),
            or_dash(&castling),
            or_dash(&riposte.join(",")),
            or_dash(&awake),
            write_lost(&self.lost),
            self.clock,
            self.move_number
        )
    }

    /// The repetition identity: placement, side to move, castling, en passant, riposte squares
    /// and which Emperors are awake (epoch.md section 8).
    fn repetition_key(&self) -> u64 {
        let b = &self.board;
        let mut key = KeyBuilder::default();
        key.cells(&b.cells);
        let c = self.castling;
        let rights = (c[0][0] as u64)
            | (c[0][1] as u64) << 1
            | (c[1][0] as u64) << 2
            | (c[1][1] as u64) << 3;
        let awake =
            |color: Color| (b.emperor[color.index()].is_some() && b.awake[color.index()]) as u64;
        key.word(
            self.turn as u64
                | rights << 1
                | awake(Color::White) << 5
                | awake(Color::Black) << 6
                | self.en_passant.map_or(0, |s| s as u64 + 1) << 8,
        );
        key.bytes(self.riposte.as_slice());
        key.finish()
    }
}
