//! The panel under the board: whose turn it is (or the result), the no-progress count, an
//! open riposte and the zone legend, the rules' notice, and each side's lost pieces.

use tiny_skia::{Pixmap, Rect, Transform};

use super::board::blit;
use super::layout::Layout;
use super::overlays::paint;
use super::pieces::{self, Look};
use super::scene::Scene;
use super::text;
use super::theme::{self, Rgba};
use crate::rules::{BoardView, Color};

/// Draws the panel of a scene.
pub fn draw(pixmap: &mut Pixmap, layout: &Layout, scene: &Scene) {
    let view = scene.board;
    let q = layout.square;
    let small = q * 0.34;
    let y1 = layout.panel_y + q * 0.5;
    turn_line(pixmap, layout, scene, y1);

    // Line 2: the no-progress count and an open riposte; the zone legend on the right.
    let y2 = y1 + q * 0.55;
    progress_line(pixmap, layout, view, y2);
    if !view.zones.is_empty() {
        zone_legend(pixmap, layout, y2);
    }

    // Line 3, when the rules have one: what the side to move must do first.
    let mut y = y2 + q * 0.25;
    if let (Some(notice), None) = (&view.notice, &scene.status) {
        text::draw(
            pixmap,
            notice,
            layout.board_x,
            y2 + q * 0.5,
            small,
            theme::MARKED,
        );
        y += q * 0.5;
    }

    // Lines 3 and 4: each side's lost pieces, with the file each was lost on.
    for color in Color::BOTH {
        if lost_row(pixmap, layout, view, color, y) {
            y += q * 0.85;
        }
    }
}

/// A square swatch: `fill` inside an `edge`-coloured border.
fn chip(pixmap: &mut Pixmap, x: f32, y: f32, side: f32, fill: Rgba, edge: Rgba) {
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

/// Line 1, with its baseline at `y`: whose turn, after a chip of that side's colour, and
/// check; or the result.
fn turn_line(pixmap: &mut Pixmap, layout: &Layout, scene: &Scene, y: f32) {
    let view = scene.board;
    let big = layout.square * 0.42;
    let (fill, edge) = match view.turn {
        Color::White => (theme::WHITE_PIECE, theme::WHITE_PIECE_LINE),
        Color::Black => (theme::BLACK_PIECE, theme::LABEL),
    };
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
}

/// The left of line 2: the no-progress count, then an open riposte's squares.
fn progress_line(pixmap: &mut Pixmap, layout: &Layout, view: &BoardView, y: f32) {
    let small = layout.square * 0.34;
    let mut x = layout.board_x;
    if let Some((count, limit)) = view.no_progress {
        let line = format!("No progress: {count} of {limit} turns");
        text::draw(pixmap, &line, x, y, small, theme::MUTED);
        x += text::width(&line, small) + small;
    }
    if !view.riposte.is_empty() {
        let squares: Vec<String> = view.riposte.iter().map(|s| s.to_string()).collect();
        let line = format!("Riposte open: {}", squares.join(", "));
        text::draw(pixmap, &line, x, y, small, theme::RIPOSTE);
    }
}

/// The right of line 2: a chip and a name for each side's zone, right-aligned to the board.
fn zone_legend(pixmap: &mut Pixmap, layout: &Layout, y: f32) {
    let small = layout.square * 0.34;
    let mut x = layout.board_x + layout.square * layout.files as f32;
    for (label, fill, edge) in [
        (
            "Black zone",
            theme::BLACK_ZONE.with_alpha(255),
            theme::BLACK_ZONE_EDGE,
        ),
        (
            "White zone",
            theme::WHITE_ZONE.with_alpha(255),
            theme::WHITE_ZONE_EDGE,
        ),
    ] {
        let w = text::width(label, small);
        x -= w;
        text::draw(pixmap, label, x, y, small, theme::MUTED);
        x -= small * 1.3;
        chip(pixmap, x, y - small * 0.85, small, fill, edge);
        x -= small * 1.2;
    }
}

/// One side's lost pieces from the top `y`: a label, then the pieces in a row with the file
/// each was lost on. False, drawing nothing, when that side has lost none.
fn lost_row(pixmap: &mut Pixmap, layout: &Layout, view: &BoardView, color: Color, y: f32) -> bool {
    let q = layout.square;
    let (x0, small) = (layout.board_x, q * 0.34);
    let right = layout.board_x + q * layout.files as f32;
    let icon = (q * 0.5).round().max(8.0);
    let lost: Vec<_> = view.lost.iter().filter(|l| l.color == color).collect();
    if lost.is_empty() {
        return false;
    }
    let label = format!("{} lost", view.sides[color.index()]);
    text::draw(pixmap, &label, x0, y + icon * 0.62, small, theme::MUTED);
    let start = x0 + text::width("Black lost", small) + small * 0.8;
    let step = ((right - start) / lost.len() as f32).min(icon * 1.08);
    for (i, l) in lost.iter().enumerate() {
        let x = start + i as f32 * step;
        let sprite = pieces::sprite(l.emblem, l.livery, Look::Normal, icon as u32);
        blit(pixmap, &sprite, x.round() as i32, y.round() as i32);
        let file = l.file.to_string();
        let (cx, baseline) = (x + icon / 2.0, y + icon + small * 0.85);
        text::draw_centred(pixmap, &file, cx, baseline, small * 0.85, theme::LABEL);
    }
    true
}
