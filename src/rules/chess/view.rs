//! What the renderer draws for a chess position; a move's marks are the shared step.

use super::movegen::in_check;
use super::Position;
use crate::rules::{BoardView, PieceView, VariantId, View};

impl View for Position {
    fn board_view(&self) -> BoardView {
        self.view_with(
            VariantId::Chess,
            in_check(self, self.turn),
            PieceView::plain,
        )
    }
}
