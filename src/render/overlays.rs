//! Marks drawn on squares: zones, the command square, the last move, check, riposte, and the
//! moves-of-one-piece legend.

use tiny_skia::{
    FillRule, GradientStop, Paint, PathBuilder, Point, RadialGradient, Rect, SpreadMode, Stroke,
    StrokeDash, Transform,
};

use super::canvas::Canvas;
use super::layout::Layout;
use super::theme::{self, Rgba};
use crate::rules::{Color, MoveMarks, Square, ZoneView};

pub fn paint(c: Rgba) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(c.skia());
    p.anti_alias = true;
    p
}

/// A frame just inside a square's edge.
pub fn frame(pixmap: &mut Canvas, layout: &Layout, sq: Square, c: Rgba, width: f32, dashed: bool) {
    let inset = width / 2.0 + layout.square * 0.04;
    let r = layout.rect(sq);
    let Some(rect) = Rect::from_ltrb(
        r.left() + inset,
        r.top() + inset,
        r.right() - inset,
        r.bottom() - inset,
    ) else {
        return;
    };
    let path = PathBuilder::from_rect(rect);
    let mut stroke = Stroke {
        width,
        ..Stroke::default()
    };
    if dashed {
        let dash = layout.square * 0.12;
        stroke.dash = StrokeDash::new(vec![dash, dash * 0.7], 0.0);
    }
    pixmap.stroke_path(&path, &paint(c), &stroke, Transform::identity(), None);
}

/// A solid frame along a square's very edge, outside the badge of an enhanced piece: the
/// last move's squares, the focused piece's square.
pub fn edge(pixmap: &mut Canvas, layout: &Layout, sq: Square, c: Rgba) {
    let w = (layout.square * 0.085).max(3.0).round();
    let r = layout.rect(sq);
    let paint = paint(c);
    let bars = [
        Rect::from_xywh(r.left(), r.top(), r.width(), w),
        Rect::from_xywh(r.left(), r.bottom() - w, r.width(), w),
        Rect::from_xywh(r.left(), r.top() + w, w, r.height() - 2.0 * w),
        Rect::from_xywh(r.right() - w, r.top() + w, w, r.height() - 2.0 * w),
    ];
    for rect in bars.into_iter().flatten() {
        pixmap.fill_rect(rect, &paint, Transform::identity(), None);
    }
}

/// A zone's outer edge, in the side's colour, drawn just inside the zone. White's edge lies
/// along the boundary and Black's one stroke further in, so two zones sharing an edge show
/// both lines. (The tint itself is part of each square's colour.)
pub fn zone_edge(pixmap: &mut Canvas, layout: &Layout, zone: &ZoneView) {
    let edge = match zone.color {
        Color::White => theme::WHITE_ZONE_EDGE,
        Color::Black => theme::BLACK_ZONE_EDGE,
    };
    // The zone's squares as a map of the board, looked up for each square's four neighbours.
    let files = layout.files as usize;
    let mut member = vec![false; files * layout.ranks as usize];
    for sq in zone
        .squares
        .iter()
        .filter(|sq| layout.contains(sq.file as i16, sq.rank as i16))
    {
        member[sq.rank as usize * files + sq.file as usize] = true;
    }
    let inside = |f: i16, r: i16| layout.contains(f, r) && member[r as usize * files + f as usize];
    let w = (layout.square * 0.06).max(2.0).round();
    let inset = match zone.color {
        Color::White => 0.0,
        Color::Black => w,
    };
    let q = layout.square;
    let paint = paint(edge);
    for &sq in &zone.squares {
        let (f, r) = (sq.file as i16, sq.rank as i16);
        let (x, y) = layout.origin(sq);
        // The board neighbours above, below, left and right on screen, respecting the flip.
        let (up, down, left, right) = if layout.flip {
            ((f, r - 1), (f, r + 1), (f + 1, r), (f - 1, r))
        } else {
            ((f, r + 1), (f, r - 1), (f - 1, r), (f + 1, r))
        };
        let (out_up, out_down) = (!inside(up.0, up.1), !inside(down.0, down.1));
        let (out_left, out_right) = (!inside(left.0, left.1), !inside(right.0, right.1));
        // Trim the bars at the zone's corners so an inset edge meets itself cleanly.
        let (x0, x1) = (
            x + if out_left { inset } else { 0.0 },
            x + q - if out_right { inset } else { 0.0 },
        );
        let (y0, y1) = (
            y + if out_up { inset } else { 0.0 },
            y + q - if out_down { inset } else { 0.0 },
        );
        let bars = [
            (out_up, Rect::from_ltrb(x0, y0, x1, y0 + w)),
            (out_down, Rect::from_ltrb(x0, y1 - w, x1, y1)),
            (out_left, Rect::from_ltrb(x0, y0, x0 + w, y1)),
            (out_right, Rect::from_ltrb(x1 - w, y0, x1, y1)),
        ];
        for (on_edge, rect) in bars {
            if let (true, Some(rect)) = (on_edge, rect) {
                pixmap.fill_rect(rect, &paint, Transform::identity(), None);
            }
        }
    }
}

/// A red X across a square: a piece removed there.
pub fn cross(pixmap: &mut Canvas, layout: &Layout, sq: Square, c: Rgba) {
    let r = layout.rect(sq);
    let m = layout.square * 0.22;
    let mut pb = PathBuilder::new();
    pb.move_to(r.left() + m, r.top() + m);
    pb.line_to(r.right() - m, r.bottom() - m);
    pb.move_to(r.right() - m, r.top() + m);
    pb.line_to(r.left() + m, r.bottom() - m);
    if let Some(path) = pb.finish() {
        let stroke = Stroke {
            width: (layout.square * 0.07).max(2.0),
            line_cap: tiny_skia::LineCap::Round,
            ..Stroke::default()
        };
        pixmap.stroke_path(&path, &paint(c), &stroke, Transform::identity(), None);
    }
}

/// A blast's ring: a dashed frame around the blasting piece and the eight squares it caught.
pub fn blast_ring(pixmap: &mut Canvas, layout: &Layout, marks: &MoveMarks) {
    if let Some(centre) = marks.blast {
        let (cf, cr) = (centre.file as i16, centre.rank as i16);
        let corners = [(cf - 1, cr - 1), (cf + 1, cr + 1)];
        let pts: Vec<(f32, f32)> = corners
            .iter()
            .map(|&(f, r)| {
                let f = f.clamp(0, layout.files as i16 - 1) as u8;
                let r = r.clamp(0, layout.ranks as i16 - 1) as u8;
                layout.origin(Square::new(f, r))
            })
            .collect();
        let q = layout.square;
        let (x0, x1) = (pts[0].0.min(pts[1].0), pts[0].0.max(pts[1].0) + q);
        let (y0, y1) = (pts[0].1.min(pts[1].1), pts[0].1.max(pts[1].1) + q);
        if let Some(rect) = Rect::from_ltrb(x0 + 2.0, y0 + 2.0, x1 - 2.0, y1 - 2.0) {
            let stroke = Stroke {
                width: (q * 0.07).max(2.0),
                dash: StrokeDash::new(vec![q * 0.2, q * 0.1], 0.0),
                ..Stroke::default()
            };
            let path = PathBuilder::from_rect(rect);
            pixmap.stroke_path(
                &path,
                &paint(theme::BLAST_RING),
                &stroke,
                Transform::identity(),
                None,
            );
        }
    }
}

/// Crosses over the squares a move emptied (drawn above the pieces).
pub fn victim_crosses(pixmap: &mut Canvas, layout: &Layout, marks: &MoveMarks) {
    for &v in &marks.victims {
        if v != marks.to {
            cross(pixmap, layout, v, theme::VICTIM_MARK);
        }
    }
}

/// A red glow behind a royal piece in check.
pub fn check(pixmap: &mut Canvas, layout: &Layout, sq: Square) {
    let (cx, cy) = layout.centre(sq);
    let r = layout.square * 0.7;
    let Some(shader) = RadialGradient::new(
        Point::from_xy(cx, cy),
        0.0,
        Point::from_xy(cx, cy),
        r,
        vec![
            GradientStop::new(0.0, theme::CHECK.skia()),
            GradientStop::new(0.6, theme::CHECK.with_alpha(190).skia()),
            GradientStop::new(1.0, theme::CHECK.with_alpha(0).skia()),
        ],
        SpreadMode::Pad,
        Transform::identity(),
    ) else {
        return;
    };
    let paint = Paint {
        shader,
        anti_alias: true,
        ..Paint::default()
    };
    pixmap.fill_rect(layout.rect(sq), &paint, Transform::identity(), None);
}

/// A green dot: the focused piece can move here.
pub fn dot(pixmap: &mut Canvas, layout: &Layout, sq: Square) {
    let (cx, cy) = layout.centre(sq);
    if let Some(path) = PathBuilder::from_circle(cx, cy, layout.square * 0.15) {
        pixmap.fill_path(
            &path,
            &paint(theme::MOVE_DOT),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
}

/// Red corners: the focused piece reaches this square only by capturing.
pub fn corners(pixmap: &mut Canvas, layout: &Layout, sq: Square) {
    let r = layout.rect(sq);
    let k = layout.square * 0.28;
    let mut pb = PathBuilder::new();
    for (x, y, dx, dy) in [
        (r.left(), r.top(), k, k),
        (r.right(), r.top(), -k, k),
        (r.left(), r.bottom(), k, -k),
        (r.right(), r.bottom(), -k, -k),
    ] {
        pb.move_to(x, y);
        pb.line_to(x + dx, y);
        pb.line_to(x, y + dy);
        pb.close();
    }
    if let Some(path) = pb.finish() {
        pixmap.fill_path(
            &path,
            &paint(theme::CAPTURE_CORNER),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
}

/// A stroke `width` wide, dashed when `dashed`, for the portal marks.
fn portal_stroke(layout: &Layout, width: f32, dashed: bool) -> Stroke {
    let q = layout.square;
    Stroke {
        width,
        line_cap: tiny_skia::LineCap::Round,
        dash: if dashed {
            StrokeDash::new(vec![q * 0.06, q * 0.05], 0.0)
        } else {
            None
        },
        ..Stroke::default()
    }
}

/// A violet whirlpool on a portal's entrance: a tinted disc and three spiral arms. Faint and
/// dashed while the portal is being built.
pub fn whirlpool(pixmap: &mut Canvas, layout: &Layout, sq: Square, building: bool) {
    let (cx, cy) = layout.centre(sq);
    let q = layout.square;
    let (disc, arm) = if building {
        (
            theme::PORTAL_DISC.with_alpha(28),
            theme::PORTAL.with_alpha(120),
        )
    } else {
        (theme::PORTAL_DISC, theme::PORTAL)
    };
    if let Some(path) = PathBuilder::from_circle(cx, cy, q * 0.45) {
        pixmap.fill_path(
            &path,
            &paint(disc),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
    let mut pb = PathBuilder::new();
    for k in 0..3 {
        let start = k as f32 * std::f32::consts::TAU / 3.0;
        for i in 0..=20 {
            let t = i as f32 / 20.0;
            // Counter-clockwise on screen as it goes out, like the board's turn.
            let a = start - t * 1.3 * std::f32::consts::PI;
            let r = q * (0.06 + 0.36 * t);
            let (x, y) = (cx + r * a.cos(), cy + r * a.sin());
            if i == 0 {
                pb.move_to(x, y);
            } else {
                pb.line_to(x, y);
            }
        }
    }
    if let Some(path) = pb.finish() {
        let stroke = portal_stroke(layout, (q * 0.05).max(1.5), building);
        pixmap.stroke_path(&path, &paint(arm), &stroke, Transform::identity(), None);
    }
}

/// Pink ripples on a portal's exit, with an arrow pointing the way a piece comes out (away
/// from the entrance). Faint and dashed while the portal is being built.
pub fn ripples(
    pixmap: &mut Canvas,
    layout: &Layout,
    exit: Square,
    entrance: Square,
    building: bool,
) {
    let (cx, cy) = layout.centre(exit);
    let q = layout.square;
    let colour = if building {
        theme::PORTAL_EXIT.with_alpha(120)
    } else {
        theme::PORTAL_EXIT
    };
    let stroke = portal_stroke(layout, (q * 0.035).max(1.2), building);
    for r in [0.2, 0.31, 0.42] {
        if let Some(path) = PathBuilder::from_circle(cx, cy, q * r) {
            pixmap.stroke_path(&path, &paint(colour), &stroke, Transform::identity(), None);
        }
    }
    let (ex, ey) = layout.centre(entrance);
    let (dx, dy) = (cx - ex, cy - ey);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    let (tx, ty) = (cx + ux * q * 0.3, cy + uy * q * 0.3);
    let (bx, by) = (cx - ux * q * 0.3, cy - uy * q * 0.3);
    let head = q * 0.14;
    let mut pb = PathBuilder::new();
    pb.move_to(bx, by);
    pb.line_to(tx, ty);
    pb.move_to(
        tx - ux * head - uy * head * 0.7,
        ty - uy * head + ux * head * 0.7,
    );
    pb.line_to(tx, ty);
    pb.line_to(
        tx - ux * head + uy * head * 0.7,
        ty - uy * head - ux * head * 0.7,
    );
    if let Some(path) = pb.finish() {
        let stroke = portal_stroke(layout, (q * 0.06).max(2.0), building);
        let arrow = if building {
            theme::PORTAL_ARROW.with_alpha(140)
        } else {
            theme::PORTAL_ARROW
        };
        pixmap.stroke_path(&path, &paint(arrow), &stroke, Transform::identity(), None);
    }
}

/// A small label on a pill in a square's top corner: a portal's building progress (`2/3`) or
/// a marked square's label. `right` puts it in the top-right corner, else the top-left.
pub fn tag(pixmap: &mut Canvas, layout: &Layout, sq: Square, label: &str, fill: Rgba, right: bool) {
    let r = layout.rect(sq);
    let q = layout.square;
    let px = (q * 0.3).max(9.0);
    let w = super::text::width(label, px) + q * 0.1;
    let h = px * 1.05;
    let x = if right {
        r.right() - w - q * 0.03
    } else {
        r.left() + q * 0.03
    };
    let y = r.top() + q * 0.03;
    if let Some(rect) = Rect::from_xywh(x, y, w, h) {
        pixmap.fill_rect(rect, &paint(fill), Transform::identity(), None);
    }
    super::text::draw(
        pixmap,
        label,
        x + q * 0.05,
        y + h * 0.8,
        px,
        theme::PORTAL_TAG_TEXT,
    );
}
