//! What the renderer draws for a Fantastic XIII position; a move's marks are the shared step.

use super::movegen::{attacked_by, tables};
use super::Position;
use crate::rules::view::piece_views;
use crate::rules::{BoardView, PieceView, VariantId, View};

impl View for Position {
    fn board_view(&self) -> BoardView {
        let geo = &tables().geo;
        let us = self.turn;
        let king = self.kings[us.index()];
        let pieces = piece_views(geo, &self.cells, |_, p| PieceView::plain(p));
        BoardView {
            royal_in_check: attacked_by(self, !us, king).then(|| geo.square(king)),
            no_progress: Some((self.halfmoves / 2, 50)),
            ..BoardView::new(VariantId::Fantastic, geo, pieces, us, self.fullmoves)
        }
    }
}
