//! What the renderer needs to draw an Epoch position and highlight a move.

use super::board::{tables, CELLS, COMMAND_SQUARE, SIZE, ZONE_RADIUS};
use super::{square_of, Kind, Move, Piece, Position, Sq};
use crate::rules::{BoardView, Color, LostView, MoveMarks, PieceView, Power, ZoneView};

fn power(pos: &Position, sq: Sq, piece: Piece) -> Power {
    let b = &pos.board;
    match piece.kind {
        Kind::Emperor if !b.awake[piece.color.index()] => Power::Dormant,
        k if !k.feels_zone() => Power::Plain,
        _ if b.enhanced(piece.color, sq) => Power::Enhanced,
        _ => Power::Restricted,
    }
}

pub fn board_view(pos: &Position) -> BoardView {
    let b = &pos.board;
    let geo = &tables().geo;
    let pieces = (0..CELLS as Sq)
        .filter_map(|sq| {
            b.at(sq).map(|p| {
                (
                    square_of(sq),
                    PieceView {
                        color: p.color,
                        name: p.kind.name(),
                        emblem: p.kind.emblem(),
                        livery: crate::rules::Livery::of(p.color),
                        letter: p.letter(),
                        power: power(pos, sq, p),
                    },
                )
            })
        })
        .collect();
    let zones = Color::BOTH
        .into_iter()
        .filter_map(|color| {
            let m = b.marshal[color.index()]?;
            let squares = (0..CELLS as Sq)
                .filter(|&sq| m == COMMAND_SQUARE || geo.distance(m, sq) <= ZONE_RADIUS)
                .map(square_of)
                .collect();
            Some(ZoneView {
                color,
                centre: square_of(m),
                squares,
            })
        })
        .collect();
    let royal_in_check = if b.in_check(pos.turn) {
        b.pope[pos.turn.index()].map(square_of)
    } else {
        None
    };
    let mut lost = Vec::new();
    for color in Color::BOTH {
        for kind in Kind::ALL {
            for file in 0..SIZE {
                for _ in 0..pos.lost[color.index()][kind as usize][file as usize] {
                    lost.push(LostView {
                        color,
                        name: kind.name(),
                        emblem: kind.emblem(),
                        livery: crate::rules::Livery::of(color),
                        letter: Piece::new(color, kind).letter(),
                        file: (b'a' + file) as char,
                    });
                }
            }
        }
    }
    BoardView {
        files: SIZE,
        ranks: SIZE,
        pieces,
        turn: pos.turn,
        move_number: pos.move_number,
        zones,
        special_squares: vec![square_of(COMMAND_SQUARE)],
        royal_in_check,
        riposte: pos
            .riposte
            .as_slice()
            .iter()
            .map(|&s| square_of(s))
            .collect(),
        no_progress: Some((pos.clock / 2, pos.no_progress_limit().max(0) as u32)),
        lost,
        portals: Vec::new(),
        marked: Vec::new(),
        notice: None,
        sides: crate::rules::VariantId::Epoch.sides(),
    }
}

/// The squares a move touches, read in the position before it.
pub fn marks(pos: &Position, mv: &Move) -> MoveMarks {
    let b = &pos.board;
    let us = pos.turn;
    let from = square_of(mv.from(us));
    let to = square_of(mv.to(us));
    let (victims, blast): (Vec<Sq>, Option<Sq>) = match *mv {
        Move::Capture { to, .. } => (vec![to], None),
        Move::Promotion {
            to, capture: true, ..
        } => (vec![to], None),
        Move::AssassinCapture { victim, .. } | Move::EnPassant { victim, .. } => {
            (vec![victim], None)
        }
        Move::Blast { at } => (super::movegen::blast_victims(b, us, at).collect(), Some(at)),
        _ => (Vec::new(), None),
    };
    MoveMarks {
        from,
        to,
        captures: !victims.is_empty(),
        victims: victims.into_iter().map(square_of).collect(),
        blast: blast.map(square_of),
    }
}
