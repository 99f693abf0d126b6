//! Text in the image, from the one embedded font. Glyphs are rasterised once per size and
//! kept as coverage masks.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};

use super::blend::Blended;
use super::canvas::Surface;
use super::theme::Rgba;

static FONT_BYTES: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

fn font() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| FontRef::try_from_slice(FONT_BYTES).expect("the embedded font parses"))
}

/// A rasterised glyph: coverage in 0..=255, placed relative to the pen on the baseline.
struct Mask {
    left: i32,
    top: i32,
    width: usize,
    coverage: Vec<u8>,
    advance: f32,
    /// The glyph drawn in one colour over one opaque pixel value, by (colour, pixel value):
    /// its box's pixels and their palette indices, for text on a flat background.
    on: Mutex<HashMap<(u32, u32), Arc<Blended>>>,
}

impl Mask {
    /// The glyph in `color` over the opaque pixel value `under`, from its cache or blended now
    /// (as [`draw`] blends it) and cached.
    fn over(&self, color: Rgba, under: u32) -> Arc<Blended> {
        let key = (
            u32::from_le_bytes([color.0, color.1, color.2, color.3]),
            under,
        );
        let coverage = &self.coverage;
        Blended::over(&self.on, key, under, coverage.len(), |i, d| {
            if coverage[i] != 0 {
                over(d, color, coverage[i]);
            }
        })
    }
}

/// Sizes are cached in quarter pixels.
fn glyph(c: char, px: f32) -> Arc<Mask> {
    type Cache = Mutex<HashMap<(char, u32), Arc<Mask>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let size_key = (px * 4.0).round() as u32;
    let cache = CACHE.get_or_init(Default::default);
    if let Some(found) = cache
        .lock()
        .ok()
        .and_then(|m| m.get(&(c, size_key)).cloned())
    {
        return found;
    }
    let scale = PxScale::from(size_key as f32 / 4.0);
    let scaled = font().as_scaled(scale);
    let id = scaled.glyph_id(c);
    let advance = scaled.h_advance(id);
    let mask =
        match font().outline_glyph(id.with_scale_and_position(scale, ab_glyph::point(0.0, 0.0))) {
            Some(outline) => {
                let b = outline.px_bounds();
                let width = b.width() as usize;
                let height = b.height() as usize;
                let mut coverage = vec![0u8; width * height];
                outline.draw(|x, y, v| {
                    if let Some(slot) = coverage.get_mut(y as usize * width + x as usize) {
                        *slot = (v.clamp(0.0, 1.0) * 255.0).round() as u8;
                    }
                });
                Mask {
                    left: b.min.x as i32,
                    top: b.min.y as i32,
                    width,
                    coverage,
                    advance,
                    on: Mutex::default(),
                }
            }
            None => Mask {
                left: 0,
                top: 0,
                width: 0,
                coverage: Vec::new(),
                advance,
                on: Mutex::default(),
            },
        };
    let mask = Arc::new(mask);
    if let Ok(mut m) = cache.lock() {
        m.insert((c, size_key), mask.clone());
    }
    mask
}

/// The advance width of a line of text at `px` pixels.
pub fn width(text: &str, px: f32) -> f32 {
    text.chars().map(|c| glyph(c, px).advance).sum()
}

/// Draws a line of text with its baseline at `y`, starting at `x`.
pub fn draw(surface: &mut impl Surface, text: &str, x: f32, y: f32, px: f32, color: Rgba) {
    let mut caret = x;
    for c in text.chars() {
        let g = glyph(c, px);
        let (ox, oy) = (caret.round() as i32 + g.left, y.round() as i32 + g.top);
        caret += g.advance;
        if g.width == 0 {
            continue;
        }
        let rows = g.coverage.len().div_ceil(g.width) as i32;
        // On one flat colour (a label on the frame, the panel's lines): the glyph as once
        // blended over it, pixels and indices.
        if let Some(under) = surface.flat(ox, oy, ox + g.width as i32, oy + rows) {
            let blended = g.over(color, under);
            surface.paste(ox, oy, g.width, &blended.rgba, &blended.index);
            continue;
        }
        let pixmap = surface.touch(ox, oy, ox + g.width as i32, oy + rows);
        let (w, h) = (pixmap.width() as i32, pixmap.height() as i32);
        // The part of the glyph on the image, worked out once.
        let (x0, x1) = ((-ox).max(0), (g.width as i32).min(w - ox));
        let (y0, y1) = ((-oy).max(0), rows.min(h - oy));
        if x0 >= x1 || y0 >= y1 {
            continue;
        }
        let stride = w as usize;
        let data = pixmap.data_mut();
        for gy in y0..y1 {
            let cover = &g.coverage[gy as usize * g.width..][x0 as usize..x1 as usize];
            let at = ((oy + gy) as usize * stride + (ox + x0) as usize) * 4;
            let row = &mut data[at..at + cover.len() * 4];
            for (&cov, dst) in cover.iter().zip(row.chunks_exact_mut(4)) {
                if cov != 0 {
                    over(dst, color, cov);
                }
            }
        }
    }
}

/// Text colour `color` at coverage `cov` over the premultiplied pixel `dst`, source over.
#[inline]
fn over(dst: &mut [u8], color: Rgba, cov: u8) {
    let a = cov as u32 * color.3 as u32 / 255;
    // Source over, premultiplied: the source colour weighted by its coverage.
    let blend = |d: u8, s: u8| ((s as u32 * a + d as u32 * (255 - a) + 127) / 255) as u8;
    let out = [
        blend(dst[0], color.0),
        blend(dst[1], color.1),
        blend(dst[2], color.2),
        blend(dst[3], 255),
    ];
    // A premultiplied colour never exceeds its alpha (always so on an opaque board).
    if out[..3].iter().all(|&c| c <= out[3]) {
        dst.copy_from_slice(&out);
    }
}

/// Draws text centred on `cx`.
pub fn draw_centred(surface: &mut impl Surface, text: &str, cx: f32, y: f32, px: f32, color: Rgba) {
    draw(surface, text, cx - width(text, px) / 2.0, y, px, color);
}
