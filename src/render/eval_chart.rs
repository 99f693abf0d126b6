//! A game's evaluation chart for `/review`: White's chance of winning after every ply, the
//! light area White's share and the dark Black's, with a dot on each mistake and blunder. On
//! the board images' dark background and font, wide and short to read on a phone.

use tiny_skia::{FillRule, PathBuilder, Pixmap, Transform};

use super::chart::{dot, encode, line, paint, GRID};
use super::text;
use super::theme::{Rgba, BACKGROUND, LABEL, MUTED};
use super::RenderError;

pub const WIDTH: u32 = 960;
pub const HEIGHT: u32 = 300;

/// The plot's margins inside the picture: left, top, right, bottom.
const MARGINS: [f32; 4] = [96.0, 60.0, 24.0, 44.0];
const TITLE_PX: f32 = 30.0;
const LABEL_PX: f32 = 24.0;

/// White's share of the chart, and the curve along its edge.
const WHITE_AREA: Rgba = Rgba(222, 216, 204, 200);
const CURVE: Rgba = Rgba(255, 176, 0, 255);
const MISTAKE: Rgba = Rgba(240, 150, 30, 255);
const BLUNDER: Rgba = Rgba(230, 40, 30, 255);

/// What a dot on the curve marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    Mistake,
    Blunder,
}

/// What the chart shows.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalChart {
    pub title: String,
    /// White's chance of winning at each position, -1 (lost) to 1 (won): the start, then
    /// after each ply.
    pub chances: Vec<f64>,
    /// Dots: the position after the marked ply, and what it marks.
    pub marks: Vec<(usize, Marker)>,
    /// The move number of each position, for the labels under the axis.
    pub numbers: Vec<u32>,
}

/// Draws the chart as a PNG of [`WIDTH`] by [`HEIGHT`].
pub fn eval_chart(chart: &EvalChart) -> Result<Vec<u8>, RenderError> {
    let mut pixmap = Pixmap::new(WIDTH, HEIGHT).expect("the chart has a size");
    pixmap.fill(BACKGROUND.skia());
    text::draw(&mut pixmap, &chart.title, 20.0, 40.0, TITLE_PX, LABEL);
    let [left, top, right, bottom] = MARGINS;
    let (w, h) = (WIDTH as f32 - left - right, HEIGHT as f32 - top - bottom);
    let n = chart.chances.len();
    let x = |i: usize| match n {
        0 | 1 => left + w / 2.0,
        _ => left + i as f32 / (n - 1) as f32 * w,
    };
    let y = |c: f64| top + h / 2.0 - (c.clamp(-1.0, 1.0) as f32) * h / 2.0;
    let points: Vec<(f32, f32)> = chart
        .chances
        .iter()
        .enumerate()
        .map(|(i, &c)| (x(i), y(c)))
        .collect();
    // White's area: from the curve down to the bottom.
    if let (Some(first), Some(last)) = (points.first(), points.last()) {
        let mut pb = PathBuilder::new();
        pb.move_to(first.0, top + h);
        for &(px, py) in &points {
            pb.line_to(px, py);
        }
        pb.line_to(last.0, top + h);
        pb.close();
        if let Some(path) = pb.finish() {
            let fill = paint(WHITE_AREA);
            pixmap.fill_path(&path, &fill, FillRule::Winding, Transform::identity(), None);
        }
    }
    // The frame and the even line.
    line(&mut pixmap, &[(left, top), (left + w, top)], GRID, 2.0);
    line(
        &mut pixmap,
        &[(left, top + h), (left + w, top + h)],
        GRID,
        2.0,
    );
    let mid = top + h / 2.0;
    line(&mut pixmap, &[(left, mid), (left + w, mid)], MUTED, 2.0);
    for (label, at) in [
        ("White", top + 20.0),
        ("even", mid + 8.0),
        ("Black", top + h),
    ] {
        let lw = text::width(label, LABEL_PX);
        text::draw(&mut pixmap, label, left - 12.0 - lw, at, LABEL_PX, MUTED);
    }
    line(&mut pixmap, &points, CURVE, 3.0);
    move_labels(&mut pixmap, &chart.numbers, &x, top + h + 30.0);
    for &(i, marker) in &chart.marks {
        let Some(&p) = points.get(i) else { continue };
        let (color, r) = match marker {
            Marker::Mistake => (MISTAKE, 6.0),
            Marker::Blunder => (BLUNDER, 8.0),
        };
        dot(&mut pixmap, p, r + 2.0, BACKGROUND);
        dot(&mut pixmap, p, r, color);
    }
    if n < 2 {
        text::draw_centred(
            &mut pixmap,
            "No moves",
            left + w / 2.0,
            mid - 12.0,
            TITLE_PX,
            MUTED,
        );
    }
    encode(&pixmap)
}

/// Move numbers under the axis, at most about eight, on round numbers.
fn move_labels(pixmap: &mut Pixmap, numbers: &[u32], x: &dyn Fn(usize) -> f32, base: f32) {
    let (Some(&first), Some(&last)) = (numbers.first(), numbers.last()) else {
        return;
    };
    let span = last.saturating_sub(first).max(1);
    let step = [1, 2, 5, 10, 20, 25, 50, 100]
        .into_iter()
        .find(|s| span / s <= 8)
        .unwrap_or(200);
    let mut shown = Vec::new();
    for (i, &number) in numbers.iter().enumerate() {
        if number % step == 0 && !shown.contains(&number) {
            shown.push(number);
            text::draw_centred(pixmap, &number.to_string(), x(i), base, LABEL_PX, MUTED);
        }
    }
}
