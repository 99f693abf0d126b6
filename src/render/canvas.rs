//! The surface a board image is drawn on: the RGBA pixels, and beside them each pixel's index
//! into the fixed palette. Flat opaque fills (the frame, the squares) write both; every other
//! drawing (sprites, strokes, text) writes the pixels and marks the eight-pixel blocks it may
//! have touched, and [`Canvas::finish`] looks up only those blocks. A board is mostly flat
//! squares, so most of the image is never looked up pixel by pixel.

use tiny_skia::{FillRule, Paint, Path, Pixmap, Rect, Stroke, Transform};

use super::palette::{palette, Palette};

thread_local! {
    /// The planes of the last image dropped on this thread, for the next of its size.
    static SPARE: std::cell::RefCell<Option<(Pixmap, Vec<u8>)>> = const { std::cell::RefCell::new(None) };
}

/// Pixels per block of the dirty map.
const BLOCK: usize = 8;

/// Where drawing goes: a plain pixmap (the charts), or a [`Canvas`] that keeps its palette
/// indices up to date.
pub trait Surface {
    /// The pixmap, for drawing that changes pixels only in `[x0, x1) × [y0, y1)` (any
    /// coordinates; clipped here).
    fn touch(&mut self, x0: i32, y0: i32, x1: i32, y1: i32) -> &mut Pixmap;

    /// The pixel value of `[x0, x1) × [y0, y1)` where it lies on the image, is opaque, and
    /// all one value: somewhere [`Surface::paste`] may put what was blended over that value.
    fn flat(&self, _x0: i32, _y0: i32, _x1: i32, _y1: i32) -> Option<u32> {
        None
    }

    /// Writes a box `width` pixels wide at (`x`, `y`), inside the image, row by row: its RGBA
    /// bytes and their palette indices.
    fn paste(&mut self, _x: i32, _y: i32, _width: usize, _rgba: &[u8], _index: &[u8]) {}
}

impl Surface for Pixmap {
    fn touch(&mut self, _: i32, _: i32, _: i32, _: i32) -> &mut Pixmap {
        self
    }
}

pub struct Canvas {
    pub pixmap: Pixmap,
    /// One palette index per pixel: right for every pixel outside a dirty block.
    index: Vec<u8>,
    /// For each row, a bit per block: set where the indices may be stale.
    dirty: Vec<u64>,
    words: usize,
}

impl Canvas {
    pub fn new(width: u32, height: u32) -> Canvas {
        let (w, h) = (width as usize, height as usize);
        let words = w.div_ceil(BLOCK).div_ceil(64);
        let dirty = vec![0; words * h];
        // The planes of the last image of this size, given back when it was dropped: its
        // indices are those of its pixels, so they hold as they are, and nothing need clear.
        let spare = SPARE.with(|s| s.borrow_mut().take());
        if let Some((pixmap, index)) = spare {
            if (pixmap.width(), pixmap.height()) == (width, height) && index.len() == w * h {
                return Canvas {
                    pixmap,
                    index,
                    dirty,
                    words,
                };
            }
        }
        let pixmap = Pixmap::new(width, height).expect("the image has a size");
        // A new pixmap is transparent black everywhere: its indices are that colour's.
        let fresh = palette().index([0, 0, 0]);
        Canvas {
            pixmap,
            index: vec![fresh; w * h],
            dirty,
            words,
        }
    }

    /// Keeps an image's planes for the next canvas of its size; `index` must hold the
    /// indices of `pixmap`'s pixels.
    pub fn give_back(pixmap: Pixmap, index: Vec<u8>) {
        SPARE.with(|s| *s.borrow_mut() = Some((pixmap, index)));
    }

    fn width(&self) -> usize {
        self.pixmap.width() as usize
    }

    /// Marks the blocks holding pixels `[x0, x1)` of row `y` (clipped) as stale.
    #[inline]
    pub fn mark_row(&mut self, y: i32, x0: i32, x1: i32) {
        let (w, h) = (self.width() as i32, self.pixmap.height() as i32);
        let (x0, x1) = (x0.max(0), x1.min(w));
        if y < 0 || y >= h || x0 >= x1 {
            return;
        }
        let row = &mut self.dirty[y as usize * self.words..][..self.words];
        let (b0, b1) = (x0 as usize / BLOCK, (x1 as usize - 1) / BLOCK);
        for b in b0..=b1 {
            row[b / 64] |= 1 << (b % 64);
        }
    }

    /// Marks the blocks holding pixels `[x0, x1) × [y0, y1)` (clipped) as stale.
    pub fn mark(&mut self, x0: i32, y0: i32, x1: i32, y1: i32) {
        let h = self.pixmap.height() as i32;
        for y in y0.max(0)..y1.min(h) {
            self.mark_row(y, x0, x1);
        }
    }

    /// Marks the pixels a shape within `bounds` can reach, anti-aliasing and `spread` included.
    fn mark_bounds(&mut self, bounds: Rect, spread: f32) {
        let m = spread + 2.0;
        self.mark(
            (bounds.left() - m).floor() as i32,
            (bounds.top() - m).floor() as i32,
            (bounds.right() + m).ceil() as i32,
            (bounds.bottom() + m).ceil() as i32,
        );
    }

    /// Fills a pixel rectangle (clipped) with an opaque colour, pixels and indices.
    pub fn fill_opaque(&mut self, x: u32, y: u32, w: u32, h: u32, c: [u8; 3]) {
        let Some(px) = tiny_skia::PremultipliedColorU8::from_rgba(c[0], c[1], c[2], 255) else {
            return;
        };
        let index = palette().index(c);
        let (width, height) = (self.width(), self.pixmap.height() as usize);
        let (x0, x1) = (
            (x as usize).min(width),
            (x as usize + w as usize).min(width),
        );
        let pixels = self.pixmap.pixels_mut();
        for row in y as usize..(y as usize + h as usize).min(height) {
            let start = row * width;
            pixels[start + x0..start + x1].fill(px);
            self.index[start + x0..start + x1].fill(index);
        }
    }

    /// Writes a run of pixels starting at (`x`, `y`), with their palette indices.
    pub fn copy_row(&mut self, x: usize, y: usize, rgba: &[u8], index: &[u8]) {
        let at = y * self.width() + x;
        self.pixmap.data_mut()[at * 4..at * 4 + rgba.len()].copy_from_slice(rgba);
        self.index[at..at + index.len()].copy_from_slice(index);
    }

    /// [`Pixmap::fill_rect`], marking what it covers; a rectangle on whole pixels in an
    /// opaque colour (a zone's edge, the last move's frame, a tile) is a flat fill, pixels
    /// and indices, with nothing left to look up.
    pub fn fill_rect(&mut self, rect: Rect, paint: &Paint, transform: Transform, mask: Option<()>) {
        debug_assert!(transform.is_identity() && mask.is_none());
        if let Some(c) = opaque_solid(paint) {
            let edges = [rect.left(), rect.top(), rect.right(), rect.bottom()];
            if edges.iter().all(|e| e.fract() == 0.0 && *e >= 0.0) {
                let [x0, y0, x1, y1] = edges.map(|e| e as u32);
                self.fill_opaque(x0, y0, x1 - x0, y1 - y0, c);
                return;
            }
        }
        self.mark_bounds(rect, 0.0);
        self.pixmap.fill_rect(rect, paint, transform, None);
    }

    /// [`Pixmap::fill_path`], marking what it covers.
    pub fn fill_path(
        &mut self,
        path: &Path,
        paint: &Paint,
        rule: FillRule,
        transform: Transform,
        mask: Option<()>,
    ) {
        debug_assert!(transform.is_identity() && mask.is_none());
        self.mark_bounds(path.bounds(), 0.0);
        self.pixmap.fill_path(path, paint, rule, transform, None);
    }

    /// [`Pixmap::stroke_path`], marking what it covers: the path's bounds widened by the
    /// stroke, its miters included.
    pub fn stroke_path(
        &mut self,
        path: &Path,
        paint: &Paint,
        stroke: &Stroke,
        transform: Transform,
        mask: Option<()>,
    ) {
        debug_assert!(transform.is_identity() && mask.is_none());
        let spread = stroke.width * stroke.miter_limit.max(1.0);
        self.mark_bounds(path.bounds(), spread);
        self.pixmap
            .stroke_path(path, paint, stroke, transform, None);
    }

    /// The palette indices of every pixel, the stale blocks looked up afresh: a block whose
    /// pixels repeat the block above copies its indices (inside a piece, most do), the others
    /// are looked up, a colour once while it repeats.
    pub fn finish(mut self) -> (Pixmap, Vec<u8>) {
        let palette = palette();
        let width = self.width();
        let stride = width * 4;
        let bytes = self.pixmap.data();
        for (y, row) in self.dirty.chunks_exact(self.words).enumerate() {
            let pixels = &bytes[y * stride..][..stride];
            let (done, rest) = self.index.split_at_mut(y * width);
            let out = &mut rest[..width];
            for (i, &word) in row.iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    // One run of stale blocks at a time.
                    let first = word.trailing_zeros() as usize;
                    let len = (word >> first).trailing_ones() as usize;
                    word &= !(u64::MAX >> (64 - len) << first);
                    let b = i * 64 + first;
                    let (x0, x1) = (b * BLOCK, ((b + len) * BLOCK).min(width));
                    if y == 0 {
                        index_run(palette, &pixels[x0 * 4..x1 * 4], &mut out[x0..x1]);
                        continue;
                    }
                    let above = &bytes[(y - 1) * stride..][..stride];
                    let over = &done[(y - 1) * width..];
                    let mut x = x0;
                    while x + BLOCK <= x1 {
                        let p: &[u8; BLOCK * 4] =
                            pixels[x * 4..][..BLOCK * 4].try_into().expect("a block");
                        let a: &[u8; BLOCK * 4] =
                            above[x * 4..][..BLOCK * 4].try_into().expect("a block");
                        let into: &mut [u8; BLOCK] =
                            (&mut out[x..x + BLOCK]).try_into().expect("a block");
                        if p == a {
                            *into = over[x..x + BLOCK].try_into().expect("a block");
                        } else {
                            for (slot, px) in into.iter_mut().zip(p.chunks_exact(4)) {
                                let word = u32::from_le_bytes([px[0], px[1], px[2], px[3]]);
                                *slot = palette.index_word(word);
                            }
                        }
                        x += BLOCK;
                    }
                    index_run(palette, &pixels[x * 4..x1 * 4], &mut out[x..x1]);
                }
            }
        }
        (self.pixmap, self.index)
    }
}

impl Surface for Canvas {
    fn touch(&mut self, x0: i32, y0: i32, x1: i32, y1: i32) -> &mut Pixmap {
        self.mark(x0, y0, x1, y1);
        &mut self.pixmap
    }

    fn flat(&self, x0: i32, y0: i32, x1: i32, y1: i32) -> Option<u32> {
        let (w, h) = (self.width() as i32, self.pixmap.height() as i32);
        if x0 < 0 || y0 < 0 || x1 > w || y1 > h || x0 >= x1 || y0 >= y1 {
            return None;
        }
        let bytes = self.pixmap.data();
        let at = |x: i32, y: i32| (y as usize * w as usize + x as usize) * 4;
        let first: [u8; 4] = bytes[at(x0, y0)..at(x0, y0) + 4].try_into().ok()?;
        if first[3] != 255 {
            return None;
        }
        let flat = (y0..y1).all(|y| {
            let row = &bytes[at(x0, y)..at(x1, y)];
            row.chunks_exact(4).all(|p| p == first)
        });
        flat.then(|| u32::from_le_bytes(first))
    }

    fn paste(&mut self, x: i32, y: i32, width: usize, rgba: &[u8], index: &[u8]) {
        let rows = rgba.chunks_exact(width * 4).zip(index.chunks_exact(width));
        for (row, (pixels, indices)) in rows.enumerate() {
            self.copy_row(x as usize, y as usize + row, pixels, indices);
        }
    }
}

/// The colour of a paint that covers what it fills: one opaque colour, drawn source over.
fn opaque_solid(paint: &Paint) -> Option<[u8; 3]> {
    let tiny_skia::Shader::SolidColor(colour) = paint.shader else {
        return None;
    };
    let c = colour.to_color_u8();
    (paint.blend_mode == tiny_skia::BlendMode::SourceOver && c.alpha() == 255)
        .then(|| [c.red(), c.green(), c.blue()])
}

/// The palette indices of a run of RGBA pixels, a colour looked up once while it repeats.
pub fn index_run(palette: &Palette, pixels: &[u8], out: &mut [u8]) {
    let value = |px: &[u8]| u32::from_ne_bytes([px[0], px[1], px[2], px[3]]);
    let Some(first) = pixels.get(..4) else {
        return;
    };
    // Seeded with the first pixel: no sentinel that a pixel could equal.
    let (mut last, mut index) = (value(first), palette.index([first[0], first[1], first[2]]));
    for (slot, px) in out.iter_mut().zip(pixels.chunks_exact(4)) {
        let value = value(px);
        if value != last {
            last = value;
            index = palette.index([px[0], px[1], px[2]]);
        }
        *slot = index;
    }
}

#[cfg(test)]
mod tests {
    use super::super::overlays::paint;
    use super::super::theme::{self, Rgba};
    use super::super::{render, snapshot, start_board, taken, Options, Players, Scene};
    use super::{Canvas, SPARE};
    use crate::rules::{new_game, VariantId};
    use tiny_skia::{Pixmap, Rect, Transform};

    /// A rectangle filled flat (whole pixels, an opaque colour) has the pixels the drawing
    /// library gives it, and so do those it draws itself (a fraction of a pixel, a
    /// translucent colour, a rectangle partly off the image); every index is its pixel's.
    #[test]
    fn a_flat_rectangle_is_the_one_the_library_draws() {
        let rects = [
            ((3.0, 5.0, 40.0, 17.0), theme::WHITE_ZONE_EDGE),
            ((10.0, 0.0, 1.0, 60.0), theme::LAST_MOVE_EDGE),
            ((20.5, 7.25, 30.0, 9.5), theme::BLACK_ZONE_EDGE),
            ((8.0, 8.0, 50.0, 50.0), theme::LAST_MOVE),
            ((50.0, 40.0, 30.0, 30.0), theme::TILE),
            ((-4.0, 30.0, 12.0, 6.0), Rgba(200, 40, 40, 255)),
        ];
        let (mut canvas, mut plain) = on_background(64, 64);
        for ((x, y, w, h), colour) in rects {
            let rect = Rect::from_xywh(x, y, w, h).expect("a rectangle");
            canvas.fill_rect(rect, &paint(colour), Transform::identity(), None);
            plain.fill_rect(rect, &paint(colour), Transform::identity(), None);
        }
        assert_drawn_alike(canvas, &plain);
    }

    /// A canvas and a plain pixmap of one size, both filled with the frame's colour.
    fn on_background(width: u32, height: u32) -> (Canvas, Pixmap) {
        let mut canvas = Canvas::new(width, height);
        let mut plain = Pixmap::new(width, height).expect("a pixmap");
        canvas.fill_opaque(0, 0, width, height, theme::BACKGROUND.rgb());
        plain.fill(theme::BACKGROUND.skia());
        (canvas, plain)
    }

    /// The canvas has the plain pixmap's pixels, and each of its indices is its pixel's.
    fn assert_drawn_alike(canvas: Canvas, plain: &Pixmap) {
        let (pixmap, index) = canvas.finish();
        assert!(pixmap.data() == plain.data(), "the same pixels");
        let palette = super::palette();
        for (p, &i) in pixmap.pixels().iter().zip(&index) {
            assert_eq!(i, palette.index([p.red(), p.green(), p.blue()]));
        }
    }

    /// Text on a flat colour, pasted as once blended there (the second line from the cache),
    /// is the text blended pixel by pixel, and so is text that runs off the image; every
    /// index is its pixel's.
    #[test]
    fn text_pasted_on_a_flat_colour_is_the_text_blended_there() {
        use super::super::text;
        let (mut canvas, mut plain) = on_background(160, 70);
        for (x, y) in [(6.0, 24.0), (6.0, 56.0), (-7.0, 40.0)] {
            text::draw(&mut canvas, "Qxe9 13", x, y, 21.0, theme::LABEL);
            text::draw(&mut plain, "Qxe9 13", x, y, 21.0, theme::LABEL);
        }
        assert_drawn_alike(canvas, &plain);
    }

    /// Every picture's kept indices equal the indices of its pixels, looked up one by one, and
    /// its pixels are the same drawn on new planes or on an earlier picture's:
    /// every variant, through a game, both ways up, at several widths, with a piece's moves,
    /// players' labels and taken pieces.
    #[test]
    fn the_kept_indices_are_those_of_the_pixels() {
        let players = Players::new("alice 1523", "bob 1480");
        for variant in VariantId::ALL {
            let mut game = new_game(variant, None).expect("the start");
            let start = start_board(&*game);
            for ply in 0..24 {
                let moves = game.legal_moves();
                let Some(m) = moves.get((ply * 7 + 3) % moves.len().max(1)) else {
                    break;
                };
                let piece = Some(m.marks.from);
                game.play(&m.coordinate.clone()).expect("a legal move");
                for (i, focus) in [None, piece].into_iter().enumerate() {
                    let (board, last, focus) = snapshot(&*game, focus);
                    let scene = Scene {
                        last_move: last.as_ref(),
                        focus: focus.as_ref(),
                        players: (i == 1).then_some(&players),
                        taken: start.as_ref().map_or_else(Vec::new, |s| taken(s, &board)),
                        ..Scene::of(&board)
                    };
                    let width = [1000, 600, 333, 1237][(ply + i) % 4];
                    let flip = ply % 3 == 1;
                    let image = render(&scene, Options { width, flip });
                    let fresh = image.indexed_from_pixels();
                    assert!(
                        image.indexed() == fresh.as_slice(),
                        "{variant:?} ply {ply} width {width} flip {flip}"
                    );
                    // Drawn on the planes of an earlier picture or on new ones, the same.
                    let other = SPARE.with(|s| s.borrow_mut().take());
                    let new = render(&scene, Options { width, flip });
                    assert!(
                        new.pixmap.data() == image.pixmap.data(),
                        "{variant:?} ply {ply} width {width} flip {flip}: reused planes"
                    );
                    drop(other);
                }
            }
        }
    }
}
