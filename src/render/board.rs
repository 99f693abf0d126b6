//! The board: the frame around it, the squares with their tints, the marks under and over
//! the pieces, the pieces, and the file and rank labels.

use std::sync::Arc;

use super::blend::Blended;
use super::canvas::Canvas;
use super::layout::Layout;
use super::overlays;
use super::pieces::{self, Look, Sprite};
use super::scene::Scene;
use super::text;
use super::theme::{self, Rgba};
use crate::rules::{BoardView, Color, Power, Square};

/// Draws the board part of a scene, everything above the panel.
pub fn draw(pixmap: &mut Canvas, layout: &Layout, scene: &Scene) {
    draw_frame(pixmap, layout);
    draw_squares(pixmap, layout, scene);
    let line = (layout.square * 0.06).max(2.0);
    draw_marks_under(pixmap, layout, scene, line);
    draw_pieces(pixmap, layout, scene.board);
    draw_marks_over(pixmap, layout, scene);
    draw_labels(pixmap, layout);
}

/// Every square's colour with its tints folded in: light or dark, the zones, the special
/// squares, the last move and the focus. One opaque fill per square, no blending passes.
fn square_colours(scene: &Scene, layout: &Layout) -> Vec<[u8; 3]> {
    let view = scene.board;
    let files = layout.files as usize;
    let index = |sq: Square| sq.rank as usize * files + sq.file as usize;
    let mut colours: Vec<[u8; 3]> = (0..files * layout.ranks as usize)
        .map(|i| {
            // a1 is dark, as on every chessboard.
            if (i % files + i / files).is_multiple_of(2) {
                theme::DARK_SQUARE.rgb()
            } else {
                theme::LIGHT_SQUARE.rgb()
            }
        })
        .collect();
    let mut tint = |sq: Square, c: Rgba| {
        if let Some(slot) = colours.get_mut(index(sq)) {
            *slot = c.over(*slot);
        }
    };
    for zone in &view.zones {
        let c = match zone.color {
            Color::White => theme::WHITE_ZONE,
            Color::Black => theme::BLACK_ZONE,
        };
        zone.squares.iter().for_each(|&sq| tint(sq, c));
    }
    view.special_squares
        .iter()
        .for_each(|&sq| tint(sq, theme::COMMAND));
    if let Some(marks) = scene.last_move {
        tint(marks.from, theme::LAST_MOVE);
        if marks.to != marks.from {
            tint(marks.to, theme::LAST_MOVE);
        }
        for &v in marks.victims.iter().filter(|&&v| v != marks.to) {
            tint(v, theme::VICTIM);
        }
    }
    if let Some(focus) = scene.focus {
        tint(focus.square, theme::FOCUS);
        for m in &focus.moves {
            m.victims.iter().for_each(|&v| tint(v, theme::CAUGHT));
        }
    }
    colours
}

/// Draws a sprite at (`x`, `y`), source over, clipped to the pixmap. Works on the bytes of
/// each row's covered span: opaque pixels are copied, transparent ones skipped. A row over
/// one flat colour (a square under no mark, the usual case) is copied from the sprite as once
/// blended over that colour, with its palette indices, so neither is worked out again.
pub fn blit(canvas: &mut Canvas, sprite: &Sprite, x: i32, y: i32) {
    let (dw, dh) = (canvas.pixmap.width() as i32, canvas.pixmap.height() as i32);
    let art = &sprite.pixmap;
    let (sw, sh) = (art.width() as i32, art.height() as i32);
    if x < 0 || y < 0 || x + sw > dw || y + sh > dh {
        blit_over(canvas, sprite, x, y);
        return;
    }
    let (x, y, sw, dw) = (x as usize, y as usize, sw as usize, dw as usize);
    let src = art.data();
    let mut seen: Vec<(u32, Arc<Blended>)> = Vec::new();
    let word = |p: &[u8]| u32::from_le_bytes([p[0], p[1], p[2], p[3]]);
    for (sy, &(first, end)) in sprite.rows.iter().enumerate() {
        let (mut at, end) = (first as usize, end as usize);
        let d = (y + sy) * dw + x;
        while at < end {
            // The run of pixels under the sprite that repeat the first one.
            let under = &canvas.pixmap.data()[(d + at) * 4..(d + end) * 4];
            let c = word(under);
            let len = under.chunks_exact(4).take_while(|p| word(p) == c).count();
            let (from, to) = (at, at + len);
            at = to;
            if c >> 24 != 255 || len < 4 {
                canvas.mark_row((y + sy) as i32, (x + from) as i32, (x + to) as i32);
                let dst = &mut canvas.pixmap.data_mut()[(d + from) * 4..(d + to) * 4];
                let s = &src[(sy * sw + from) * 4..(sy * sw + to) * 4];
                for (s, d) in s.chunks_exact(4).zip(dst.chunks_exact_mut(4)) {
                    blend(s, d);
                }
                continue;
            }
            let blended = match seen.iter().find(|(k, _)| *k == c) {
                Some((_, b)) => b.clone(),
                None => {
                    let b = over(sprite, c);
                    seen.push((c, b.clone()));
                    b
                }
            };
            let s = sy * sw;
            canvas.copy_row(
                x + from,
                y + sy,
                &blended.rgba[(s + from) * 4..(s + to) * 4],
                &blended.index[s + from..s + to],
            );
        }
    }
}

/// The sprite over an opaque pixel value, from its cache or blended now and cached.
fn over(sprite: &Sprite, under: u32) -> Arc<Blended> {
    let (art, pixels) = (sprite.pixmap.data(), sprite.pixmap.pixels().len());
    Blended::over(&sprite.on, under, under, pixels, |i, d| {
        blend(&art[i * 4..i * 4 + 4], d)
    })
}

/// [`blit`] over anything: blends each pixel, and marks what it drew for a fresh lookup.
fn blit_over(canvas: &mut Canvas, sprite: &Sprite, x: i32, y: i32) {
    let (dw, dh) = (canvas.pixmap.width() as i32, canvas.pixmap.height() as i32);
    let art = &sprite.pixmap;
    let (sw, sh) = (art.width() as i32, art.height() as i32);
    let (x0, x1) = ((-x).max(0), sw.min(dw - x));
    let (y0, y1) = ((-y).max(0), sh.min(dh - y));
    let src = art.data();
    for sy in y0.max(0)..y1 {
        let (first, end) = sprite.rows[sy as usize];
        let (first, end) = (first.max(x0), end.min(x1));
        if first >= end {
            continue;
        }
        canvas.mark_row(y + sy, x + first, x + end);
        let dst = canvas.pixmap.data_mut();
        let span = (end - first) as usize * 4;
        let s = (sy * sw + first) as usize * 4;
        let d = ((y + sy) * dw + x + first) as usize * 4;
        let (s_row, d_row) = (&src[s..s + span], &mut dst[d..d + span]);
        for (s, d) in s_row.chunks_exact(4).zip(d_row.chunks_exact_mut(4)) {
            blend(s, d);
        }
    }
}

/// One premultiplied pixel `s` over `d`, source over.
#[inline]
fn blend(s: &[u8], d: &mut [u8]) {
    let sa = s[3];
    if sa == 0 {
        return;
    }
    if sa == 255 {
        d.copy_from_slice(s);
        return;
    }
    let keep = 255 - sa as u32;
    let mix = |sc: u8, dc: u8| (sc as u32 + (dc as u32 * keep + 127) / 255).min(255) as u8;
    let out = [
        mix(s[0], d[0]),
        mix(s[1], d[1]),
        mix(s[2], d[2]),
        mix(sa, d[3]),
    ];
    // A premultiplied colour never exceeds its alpha (always so on an opaque board).
    if out[..3].iter().all(|&c| c <= out[3]) {
        d.copy_from_slice(&out);
    }
}

/// The background around the board; the squares cover the rest.
fn draw_frame(pixmap: &mut Canvas, layout: &Layout) {
    let bg = theme::BACKGROUND.rgb();
    let (bx, by) = (layout.board_x as u32, layout.board_y as u32);
    let (bw, bh) = (
        (layout.square * layout.files as f32) as u32,
        (layout.square * layout.ranks as f32) as u32,
    );
    let (width, height) = (layout.width, layout.height);
    pixmap.fill_opaque(0, 0, width, by, bg);
    pixmap.fill_opaque(0, by + bh, width, height - by - bh, bg);
    pixmap.fill_opaque(0, by, bx, bh, bg);
    pixmap.fill_opaque(bx + bw, by, width - bx - bw, bh, bg);
}

fn draw_squares(pixmap: &mut Canvas, layout: &Layout, scene: &Scene) {
    let q = layout.square as u32;
    let colours = square_colours(scene, layout);
    for rank in 0..layout.ranks {
        for file in 0..layout.files {
            let (x, y) = layout.origin(Square::new(file, rank));
            let c = colours[rank as usize * layout.files as usize + file as usize];
            pixmap.fill_opaque(x as u32, y as u32, q, q, c);
        }
    }
}

/// The marks drawn under the pieces: zone edges, special squares, the frames of the last
/// move's squares (or of the focused piece's, over the command square's frame), the blast
/// ring, riposte, check, portals and marked squares. `line` is the width of a square's frame.
fn draw_marks_under(pixmap: &mut Canvas, layout: &Layout, scene: &Scene, line: f32) {
    let view = scene.board;
    for zone in &view.zones {
        overlays::zone_edge(pixmap, layout, zone);
    }
    for &sq in &view.special_squares {
        overlays::frame(pixmap, layout, sq, theme::COMMAND_EDGE, line, false);
    }
    if let Some(marks) = scene.last_move {
        overlays::edge(pixmap, layout, marks.from, theme::LAST_MOVE_EDGE);
        overlays::edge(pixmap, layout, marks.to, theme::LAST_MOVE_EDGE);
    }
    if let Some(focus) = scene.focus {
        let green = theme::MOVE_DOT.with_alpha(255);
        overlays::edge(pixmap, layout, focus.square, green);
    }
    if let Some(marks) = scene.last_move {
        overlays::blast_ring(pixmap, layout, marks);
    }
    for &sq in &view.riposte {
        overlays::frame(pixmap, layout, sq, theme::RIPOSTE, line * 1.2, true);
    }
    if let Some(sq) = view.royal_in_check {
        overlays::check(pixmap, layout, sq);
    }
    for portal in &view.portals {
        let building = portal.building.is_some();
        overlays::whirlpool(pixmap, layout, portal.entrance, building);
        overlays::ripples(pixmap, layout, portal.exit, portal.entrance, building);
    }
    for m in &view.marked {
        overlays::frame(pixmap, layout, m.square, theme::MARKED, line * 1.2, true);
    }
}

/// The pieces, each with its badge when enhanced, faded when dormant.
fn draw_pieces(pixmap: &mut Canvas, layout: &Layout, view: &BoardView) {
    let q = layout.square;
    let size = (q * 0.92).round() as u32;
    let offset = ((q - size as f32) / 2.0).round() as i32;
    let badge = pieces::badge(size);
    for (sq, piece) in &view.pieces {
        let (x, y) = layout.origin(*sq);
        let (x, y) = (x as i32 + offset, y as i32 + offset);
        if piece.power == Power::Enhanced {
            blit(pixmap, &badge, x, y);
        }
        let look = if piece.power == Power::Dormant {
            Look::Asleep
        } else {
            Look::Normal
        };
        let sprite = pieces::sprite(piece.emblem, piece.livery, look, size);
        blit(pixmap, &sprite, x, y);
    }
}

/// The marks drawn over the pieces: the last move's victims, the labels of building portals
/// and marked squares, and the moves of the focused piece.
fn draw_marks_over(pixmap: &mut Canvas, layout: &Layout, scene: &Scene) {
    let view = scene.board;
    if let Some(marks) = scene.last_move {
        overlays::victim_crosses(pixmap, layout, marks);
    }
    for portal in &view.portals {
        if let Some((_, done, needed)) = portal.building {
            let label = format!("{done}/{needed}");
            let (sq, fill) = (portal.entrance, theme::PORTAL_TAG);
            overlays::tag(pixmap, layout, sq, &label, fill, true);
        }
    }
    for m in &view.marked {
        overlays::tag(pixmap, layout, m.square, &m.label, theme::MARKED, false);
    }
    if let Some(focus) = scene.focus {
        for m in &focus.moves {
            if m.captures && m.blast.is_none() {
                overlays::corners(pixmap, layout, m.to);
            } else if m.to != focus.square {
                overlays::dot(pixmap, layout, m.to);
            }
        }
    }
}

/// The file letters under the board and the rank numbers to its left.
fn draw_labels(pixmap: &mut Canvas, layout: &Layout) {
    let q = layout.square;
    let px = layout.coordinate_text();
    let bottom = layout.board_y + q * layout.ranks as f32;
    for col in 0..layout.files {
        let sq = layout.square_at(col, 0);
        let (cx, _) = layout.centre(sq);
        let label = sq.file_char().to_string();
        text::draw_centred(pixmap, &label, cx, bottom + q * 0.42, px, theme::LABEL);
    }
    for row in 0..layout.ranks {
        let sq = layout.square_at(0, row);
        let (_, cy) = layout.centre(sq);
        let label = (sq.rank + 1).to_string();
        let x = layout.board_x - text::width(&label, px) - q * 0.12;
        text::draw(pixmap, &label, x, cy + px * 0.36, px, theme::LABEL);
    }
}
