//! Where things go: square size, the board's orientation, a strip for each player (the side at
//! the top above the board, the side at the bottom under the file letters), and the lines of
//! the panel at the bottom. The height depends only on the board's size, the width and the
//! number of panel lines, so every image of one game has the same height.

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
    /// Height of a player's strip; the top one starts at 0.
    pub strip: f32,
    /// Top of the strip of the player at the bottom, under the file letters.
    pub bottom_strip_y: f32,
    /// Top of the panel's text lines, under the bottom strip.
    pub panel_y: f32,
    /// Height of one panel line.
    pub line: f32,
    /// How many panel lines there are.
    pub lines: u8,
}

/// The panel's lines when a board reports more than whose turn it is (zones, a riposte or a
/// notice): the status line and the information line.
pub const FULL_PANEL: u8 = 2;

/// The smallest text drawn around the board, in pixels: legible on a phone at 450 px.
pub const MIN_TEXT: f32 = 11.0;

impl Layout {
    /// The size of the players' labels in the strips above and below the board.
    pub fn strip_text(&self) -> f32 {
        (self.strip * 0.56).max(MIN_TEXT)
    }

    /// The size of the file letters beside the lost pieces in a strip.
    pub fn strip_small_text(&self) -> f32 {
        (self.strip_text() * 0.8).max(MIN_TEXT)
    }

    /// The size of the panel's second line: the no-progress count, a riposte, the zones.
    pub fn info_text(&self) -> f32 {
        (self.line * 0.56).max(MIN_TEXT)
    }

    /// The size of the file letters and rank numbers beside the board.
    pub fn coordinate_text(&self) -> f32 {
        (self.square * 0.34).max(MIN_TEXT)
    }

    /// A layout `width` pixels wide (clamped to 160..=4000) with both panel lines.
    pub fn new(files: u8, ranks: u8, width: u32, flip: bool) -> Layout {
        Layout::with_lines(files, ranks, width, flip, FULL_PANEL)
    }

    /// A layout `width` pixels wide (clamped to 160..=4000) with `lines` panel lines.
    pub fn with_lines(files: u8, ranks: u8, width: u32, flip: bool, lines: u8) -> Layout {
        let width = width.clamp(160, 4000);
        let square = (width as f32 / (files as f32 + 0.9)).floor();
        let board_x = ((width as f32 - square * files as f32) * 0.65).round();
        let strip = (square * 0.72).round().max(16.0);
        let board_y = strip;
        let labels = (square * 0.5).round().max(10.0);
        let bottom_strip_y = board_y + square * ranks as f32 + labels;
        let panel_y = bottom_strip_y + strip;
        let line = (square * 0.6).round().max(14.0);
        let height = (panel_y + line * lines as f32 + (square * 0.15).round()) as u32;
        Layout {
            files,
            ranks,
            flip,
            square,
            board_x,
            board_y,
            width,
            height,
            strip,
            bottom_strip_y,
            panel_y,
            line,
            lines,
        }
    }

    /// The panel lines a board needs: the information line only when it has something that
    /// can show there, which a variant reports in every position or in none.
    pub fn lines_for(view: &crate::rules::BoardView) -> u8 {
        // The no-progress count, shown only near its limit, ends the first line when there is
        // no second.
        let info = !view.zones.is_empty() || !view.riposte.is_empty() || view.notice.is_some();
        if info {
            FULL_PANEL
        } else {
            1
        }
    }

    /// The layout of a board view.
    pub fn for_view(view: &crate::rules::BoardView, width: u32, flip: bool) -> Layout {
        Layout::with_lines(view.files, view.ranks, width, flip, Layout::lines_for(view))
    }

    /// The side whose strip is at the top.
    pub fn top_side(&self) -> crate::rules::Color {
        if self.flip {
            crate::rules::Color::White
        } else {
            crate::rules::Color::Black
        }
    }

    /// The top of a side's strip.
    pub fn strip_y(&self, color: crate::rules::Color) -> f32 {
        if color == self.top_side() {
            0.0
        } else {
            self.bottom_strip_y
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
