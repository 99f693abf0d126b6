//! What the renderer needs to draw an Epoch position and highlight a move.

use super::board::{tables, CELLS, COMMAND_SQUARE, SIZE, ZONE_RADIUS};
use super::{Kind, Move, Piece, Position, Sq};
use crate::rules::view::piece_views;
use crate::rules::{
    BoardView, Color, Livery, LostView, MoveMarks, Notation, PieceView, Power, VariantId, View,
    ZoneView,
};

impl Position {
    fn power(&self, sq: Sq, piece: Piece) -> Power {
        let b = &self.board;
        match piece.kind {
            Kind::Emperor if !b.awake[piece.color.index()] => Power::Dormant,
            k if !k.feels_zone() => Power::Plain,
            _ if b.enhanced(piece.color, sq) => Power::Enhanced,
            _ => Power::Restricted,
        }
    }

    /// Each side's zone: the squares within reach of its Marshal, or the whole board.
    fn zones(&self) -> Vec<ZoneView> {
        let geo = &tables().geo;
        Color::BOTH
            .into_iter()
            .filter_map(|color| {
                let m = self.board.marshal[color.index()]?;
                let squares = (0..CELLS as Sq)
                    .filter(|&sq| m == COMMAND_SQUARE || geo.distance(m, sq) <= ZONE_RADIUS)
                    .map(|sq| geo.square(sq))
                    .collect();
                Some(ZoneView {
                    color,
                    centre: geo.square(m),
                    squares,
                })
            })
            .collect()
    }

    /// The lost pieces, by side, kind and file.
    fn lost_views(&self) -> Vec<LostView> {
        let mut lost = Vec::new();
        for color in Color::BOTH {
            for kind in Kind::ALL {
                for file in 0..SIZE {
                    for _ in 0..self.lost[color.index()][kind as usize][file as usize] {
                        lost.push(LostView {
                            color,
                            name: kind.name(),
                            emblem: kind.emblem(),
                            livery: Livery::of(color),
                            letter: Piece::new(color, kind).letter(),
                            file: (b'a' + file) as char,
                        });
                    }
                }
            }
        }
        lost
    }
}

impl View for Position {
    fn board_view(&self) -> BoardView {
        let b = &self.board;
        let geo = &tables().geo;
        let pieces = piece_views(geo, &b.cells, |sq, p| PieceView {
            power: self.power(sq, p),
            ..PieceView::plain(p)
        });
        let royal_in_check = if b.in_check(self.turn) {
            b.pope[self.turn.index()].map(|s| geo.square(s))
        } else {
            None
        };
        BoardView {
            zones: self.zones(),
            special_squares: vec![geo.square(COMMAND_SQUARE)],
            royal_in_check,
            riposte: self
                .riposte
                .as_slice()
                .iter()
                .map(|&s| geo.square(s))
                .collect(),
            no_progress: Some((self.clock / 2, self.no_progress_limit().max(0) as u32)),
            lost: self.lost_views(),
            ..BoardView::new(VariantId::Epoch, geo, pieces, self.turn, self.move_number)
        }
    }

    /// The squares a move touches, read in the position before it: a blast's whole ring.
    fn marks(&self, mv: &Move) -> MoveMarks {
        let facts = self.facts(mv);
        let Move::Blast { at } = *mv else {
            return facts.marks();
        };
        let geo = &tables().geo;
        let victims: Vec<_> = self
            .board
            .blast_victims(self.turn, at)
            .map(|s| geo.square(s))
            .collect();
        MoveMarks {
            captures: !victims.is_empty(),
            victims,
            blast: Some(facts.from),
            ..facts.marks()
        }
    }
}
