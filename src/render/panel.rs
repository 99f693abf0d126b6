//! Around the board: a strip for each player (a chip of the side's colour, the player's label
//! and the pieces the side is missing), and the panel's lines under the bottom strip: whose
//! turn it is (or the result), then the no-progress count, an open riposte, the rules' notice
//! and the zone legend.

use tiny_skia::{Rect, Transform};

use super::board::blit;
use super::canvas::Canvas;
use super::layout::Layout;
use super::overlays::paint;
use super::pieces::{self, Look};
use super::scene::{lost_of, Scene, Taken};
use super::text;
use super::theme::{self, Rgba};
use crate::rules::{BoardView, Color};

/// Draws the strips and the panel of a scene.
pub fn draw(pixmap: &mut Canvas, layout: &Layout, scene: &Scene) {
    let fallback;
    let taken = if scene.taken.is_empty() {
        fallback = lost_of(scene.board);
        &fallback
    } else {
        &scene.taken
    };
    for color in Color::BOTH {
        strip(pixmap, layout, scene, color, taken);
    }
    let y1 = layout.panel_y + layout.line * 0.7;
    turn_line(pixmap, layout, scene, y1);
    if layout.lines > 1 {
        let y2 = y1 + layout.line;
        info_line(pixmap, layout, scene, y2);
    }
}

/// A square swatch: `fill` inside an `edge`-coloured border.
pub(super) fn chip(pixmap: &mut Canvas, x: f32, y: f32, side: f32, fill: Rgba, edge: Rgba) {
    if let Some(rect) = Rect::from_xywh(x, y, side, side) {
        pixmap.fill_rect(rect, &paint(edge), Transform::identity(), None);
        let inset = (side * 0.15).max(1.0);
        if let Some(inner) =
            Rect::from_xywh(x + inset, y + inset, side - 2.0 * inset, side - 2.0 * inset)
        {
            pixmap.fill_rect(inner, &paint(fill), Transform::identity(), None);
        }
    }
}

/// The chip colours of a side.
pub(super) fn side_chip(color: Color) -> (Rgba, Rgba) {
    match color {
        Color::White => (theme::WHITE_PIECE, theme::WHITE_PIECE_LINE),
        Color::Black => (theme::BLACK_PIECE, theme::LABEL),
    }
}

/// One side's strip: its chip, its label, then the pieces it is missing, each on a tile that keeps dark pieces readable on the dark frame, with the file a
/// lost piece was lost on after it.
fn strip(pixmap: &mut Canvas, layout: &Layout, scene: &Scene, color: Color, taken: &[Taken]) {
    let view = scene.board;
    let (top, h) = (layout.strip_y(color), layout.strip);
    let px = layout.strip_text();
    let baseline = top + h * 0.5 + px * 0.36;
    let (fill, edge) = side_chip(color);
    let x0 = layout.board_x;
    let side = px * 0.9;
    chip(pixmap, x0, baseline - side * 0.92, side, fill, edge);
    let label = match scene.players {
        Some(players) => players.of(color).to_string(),
        None => view.sides[color.index()].to_string(),
    };
    let x = x0 + side * 1.35;
    text::draw(pixmap, &label, x, baseline, px, theme::LABEL);
    let mine: Vec<&Taken> = taken.iter().filter(|t| t.color == color).collect();
    if mine.is_empty() {
        return;
    }
    let right = layout.board_x + layout.square * layout.files as f32;
    let icon = (h * 0.86).round();
    let small = layout.strip_small_text();
    let widths: Vec<f32> = mine
        .iter()
        .map(|t| icon + t.file.map_or(0.0, |f| text::width(&f.to_string(), small)) + 2.0)
        .collect();
    let total: f32 = widths.iter().sum();
    // Right-aligned to the board's edge; squeezed when they would reach the label.
    let after_label = x + text::width(&label, px) + px * 0.8;
    let start = (right - total).max(after_label);
    let squeeze = ((right - start) / total).min(1.0);
    let tile_top = top + (h - icon) / 2.0;
    let mut cx = start;
    for (t, w) in mine.iter().zip(widths) {
        if let Some(tile) = Rect::from_xywh(cx, tile_top, icon, icon) {
            pixmap.fill_rect(tile, &paint(theme::TILE), Transform::identity(), None);
        }
        let sprite = pieces::sprite(t.emblem, t.livery, Look::Normal, icon as u32);
        blit(pixmap, &sprite, cx.round() as i32, tile_top.round() as i32);
        if let Some(file) = t.file {
            let letter = file.to_string();
            text::draw(
                pixmap,
                &letter,
                cx + icon + 1.0,
                baseline,
                small,
                theme::LABEL,
            );
        }
        cx += w * squeeze;
    }
}

/// Line 1, with its baseline at `y`: whose turn, after a chip of that side's colour, and
/// check; or the result.
fn turn_line(pixmap: &mut Canvas, layout: &Layout, scene: &Scene, y: f32) {
    let view = scene.board;
    let big = layout.line * 0.68;
    let (fill, edge) = side_chip(view.turn);
    let status = scene.status.clone().unwrap_or_else(|| {
        format!(
            "{} to move · move {}",
            view.sides[view.turn.index()],
            view.move_number
        )
    });
    let mut x = layout.board_x;
    if scene.status.is_none() {
        chip(pixmap, x, y - big * 0.8, big * 0.85, fill, edge);
        x += big * 1.15;
    }
    text::draw(pixmap, &status, x, y, big, theme::LABEL);
    if view.royal_in_check.is_some() && scene.status.is_none() {
        let w = text::width(&status, big);
        let red = theme::CHECK.with_alpha(255);
        text::draw(pixmap, " · check", x + w, y, big, red);
    }
    // Without a second line, the no-progress count (once it matters) ends this one: in
    // full, or as "30/50" where the full words would run into the status.
    if layout.lines == 1 {
        let (Some(full), Some((count, limit))) = (progress_words(view), view.no_progress) else {
            return;
        };
        let mut used = x + text::width(&status, big);
        if view.royal_in_check.is_some() && scene.status.is_none() {
            used += text::width(" · check", big);
        }
        let small = layout.info_text();
        let right = layout.board_x + layout.square * layout.files as f32;
        let fits = [
            full,
            format!("No progress {count}/{limit}"),
            format!("{count}/{limit}"),
        ]
        .into_iter()
        .find(|words| right - text::width(words, small) >= used + small);
        if let Some(words) = fits {
            text::draw(
                pixmap,
                &words,
                right - text::width(&words, small),
                y,
                small,
                theme::MUTED,
            );
        }
    }
}

/// "No progress: 30 of 50 turns", once the count is worth showing.
fn progress_words(view: &BoardView) -> Option<String> {
    let (count, limit) = view.no_progress.filter(|&(c, l)| shows_progress(c, l))?;
    Some(format!("No progress: {count} of {limit} turns"))
}

/// Whether the no-progress count is worth a line: from three fifths of its limit on (30 of
/// chess's 50), when a draw by it comes into view.
pub fn shows_progress(count: u32, limit: u32) -> bool {
    count * 5 >= limit * 3
}

/// Line 2: the no-progress count (once it nears its limit), an open riposte's squares and the rules' notice from the
/// left; the zone legend on the right.
fn info_line(pixmap: &mut Canvas, layout: &Layout, scene: &Scene, y: f32) {
    let view = scene.board;
    let small = layout.info_text();
    let mut x = layout.board_x;
    if let Some(line) = progress_words(view) {
        text::draw(pixmap, &line, x, y, small, theme::MUTED);
        x += text::width(&line, small) + small;
    }
    if !view.riposte.is_empty() {
        let squares: Vec<String> = view.riposte.iter().map(|s| s.to_string()).collect();
        let line = format!("Riposte open: {}", squares.join(", "));
        text::draw(pixmap, &line, x, y, small, theme::RIPOSTE);
        x += text::width(&line, small) + small;
    }
    if let (Some(notice), None) = (&view.notice, &scene.status) {
        text::draw(pixmap, notice, x, y, small, theme::MARKED);
    }
    if !view.zones.is_empty() {
        zone_legend(pixmap, layout, view, y, small);
    }
}

/// A chip and a name for each side's zone, right-aligned to the board.
fn zone_legend(pixmap: &mut Canvas, layout: &Layout, view: &BoardView, y: f32, small: f32) {
    let mut x = layout.board_x + layout.square * layout.files as f32;
    for (color, fill, edge) in [
        (
            Color::Black,
            theme::BLACK_ZONE.with_alpha(255),
            theme::BLACK_ZONE_EDGE,
        ),
        (
            Color::White,
            theme::WHITE_ZONE.with_alpha(255),
            theme::WHITE_ZONE_EDGE,
        ),
    ] {
        let label = format!("{} zone", view.sides[color.index()]);
        let w = text::width(&label, small);
        x -= w;
        text::draw(pixmap, &label, x, y, small, theme::MUTED);
        x -= small * 1.3;
        chip(pixmap, x, y - small * 0.85, small, fill, edge);
        x -= small * 1.2;
    }
}
