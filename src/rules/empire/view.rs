//! What the renderer draws for an Empire Chess position: the Empire in gold, its king the
//! Kaiser. A move's marks are the shared step.

use super::movegen::in_check;
use super::{Kind, Position};
use crate::rules::{BoardView, Color, Emblem, Livery, PieceView, VariantId, View};

impl View for Position {
    fn board_view(&self) -> BoardView {
        self.view_with(VariantId::Empire, in_check(self, self.turn), |p| {
            PieceView {
                name: p.kind.name_for(p.color),
                emblem: match (p.kind, p.color) {
                    (Kind::King, Color::White) => Emblem::Kaiser,
                    _ => p.kind.emblem(),
                },
                livery: match p.color {
                    Color::White => Livery::Gold,
                    Color::Black => Livery::Dark,
                },
                ..PieceView::plain(p)
            }
        })
    }
}
