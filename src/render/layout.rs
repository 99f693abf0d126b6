//! Where things go: square size, margins, the board's orientation, the panel below it.

use tiny_skia::Rect;

use crate::rules::Square;

#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub files: u8,
    pub ranks: u8,
    pub flip: bool,
    /// Side of a square in pixels (whole pixels keep the square edges crisp).
    pub square: f32,
    pub board_x: f32,
    pub board_y: f32,
    pub width: u32,
    pub height: u32,
    /// Top of the information panel.
    pub panel_y: f32,
}

/// The panel's height in squares.
pub const PANEL_SQUARES: f32 = 3.1;

impl Layout {
    /// A layout `width` pixels wide (clamped to 160..=4000).
    pub fn new(files: u8, ranks: u8, width: u32, flip: bool) -> Layout {
        let width = width.clamp(160, 4000);
        let square = (width as f32 / (files as f32 + 0.9)).floor();
        let board_x = ((width as f32 - square * files as f32) * 0.65).round();
        let board_y = (square * 0.3).round();
        let labels = (square * 0.55).round();
        let panel_y = board_y + square * ranks as f32 + labels;
        let height = (panel_y + square * PANEL_SQUARES).round() as u32;
        Layout {
            files,
            ranks,
            flip,
            square,
            board_x,
            board_y,
            width,
            height,
            panel_y,
        }
    }

    /// The column and row (from the top-left) where a square is drawn.
    pub fn cell(&self, sq: Square) -> (u8, u8) {
        if self.flip {
            (self.files - 1 - sq.file, sq.rank)
        } else {
            (sq.file, self.ranks - 1 - sq.rank)
        }
    }

    /// The square drawn at a column and row.
    pub fn square_at(&self, col: u8, row: u8) -> Square {
        if self.flip {
            Square::new(self.files - 1 - col, row)
        } else {
            Square::new(col, self.ranks - 1 - row)
        }
    }

    /// The top-left corner of a square, in pixels.
    pub fn origin(&self, sq: Square) -> (f32, f32) {
        let (col, row) = self.cell(sq);
        (
            self.board_x + col as f32 * self.square,
            self.board_y + row as f32 * self.square,
        )
    }

    pub fn rect(&self, sq: Square) -> Rect {
        let (x, y) = self.origin(sq);
        Rect::from_xywh(x, y, self.square, self.square).expect("a square has a size")
    }

    /// The centre of a square, in pixels.
    pub fn centre(&self, sq: Square) -> (f32, f32) {
        let (x, y) = self.origin(sq);
        (x + self.square / 2.0, y + self.square / 2.0)
    }

    pub fn contains(&self, file: i16, rank: i16) -> bool {
        file >= 0 && rank >= 0 && file < self.files as i16 && rank < self.ranks as i16
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_at_the_bottom_unless_flipped() {
        let l = Layout::new(13, 13, 1000, false);
        assert_eq!(l.cell(Square::new(0, 0)), (0, 12));
        assert_eq!(l.square_at(0, 12), Square::new(0, 0));
        let f = Layout::new(13, 13, 1000, true);
        assert_eq!(f.cell(Square::new(0, 0)), (12, 0));
        assert_eq!(f.square_at(12, 0), Square::new(0, 0));
        assert!(l.width == 1000 && l.square >= 70.0);
    }
}
