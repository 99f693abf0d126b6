//! A rating chart: each variant's rating over time, one coloured line each, on the board
//! images' dark background and font, sized to read on a phone.

use tiny_skia::{LineCap, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

use super::text;
use super::theme::{Rgba, BACKGROUND, LABEL, MUTED};
use super::RenderError;
use crate::calendar::iso_date;

/// One line of the chart: its name and its points, (Unix seconds, rating), oldest first.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    pub points: Vec<(i64, f64)>,
}

/// The chart's size: wide enough for five legends, tall enough for the labels at half size.
pub const WIDTH: u32 = 960;
pub const HEIGHT: u32 = 540;

/// The lines' colours, one per series in order, apart on the dark background.
const LINES: [Rgba; 5] = [
    Rgba(255, 176, 0, 255),
    Rgba(90, 170, 255, 255),
    Rgba(110, 210, 110, 255),
    Rgba(240, 96, 150, 255),
    Rgba(190, 140, 255, 255),
];
pub(super) const GRID: Rgba = Rgba(70, 68, 63, 255);

const LEFT: f32 = 110.0;
const RIGHT: f32 = 30.0;
/// The first legend row's top; each further row is [`LEGEND_ROW`] lower.
const LEGEND_TOP: f32 = 64.0;
const LEGEND_ROW: f32 = 36.0;
const BOTTOM: f32 = 70.0;
const LABEL_PX: f32 = 26.0;
const TITLE_PX: f32 = 32.0;

/// The rating steps of the grid: the first of these that leaves at most six lines.
const STEPS: [f64; 6] = [25.0, 50.0, 100.0, 200.0, 250.0, 500.0];

pub(super) fn paint(color: Rgba) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(color.skia());
    p.anti_alias = true;
    p
}

pub(super) fn line(pixmap: &mut Pixmap, points: &[(f32, f32)], color: Rgba, width: f32) {
    let mut pb = PathBuilder::new();
    let Some((&(x, y), rest)) = points.split_first() else {
        return;
    };
    pb.move_to(x, y);
    for &(x, y) in rest {
        pb.line_to(x, y);
    }
    if let Some(path) = pb.finish() {
        let stroke = Stroke {
            width,
            line_cap: LineCap::Round,
            ..Stroke::default()
        };
        pixmap.stroke_path(&path, &paint(color), &stroke, Transform::identity(), None);
    }
}

pub(super) fn dot(pixmap: &mut Pixmap, (x, y): (f32, f32), r: f32, color: Rgba) {
    if let Some(path) = PathBuilder::from_circle(x, y, r) {
        pixmap.fill_path(
            &path,
            &paint(color),
            tiny_skia::FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
}

/// Draws the chart as a PNG, titled `title`. Series without points are left out; with no
/// points at all the chart says so.
pub fn rating_chart(title: &str, series: &[Series]) -> Result<Vec<u8>, RenderError> {
    let mut pixmap = Pixmap::new(WIDTH, HEIGHT).expect("the chart has a size");
    pixmap.fill(BACKGROUND.skia());
    text::draw(&mut pixmap, title, LEFT - 80.0, 44.0, TITLE_PX, LABEL);
    let shown: Vec<(usize, &Series)> = series
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.points.is_empty())
        .collect();
    let all = || shown.iter().flat_map(|(_, s)| s.points.iter());
    let (Some(t0), Some(t1)) = (all().map(|p| p.0).min(), all().map(|p| p.0).max()) else {
        text::draw_centred(
            &mut pixmap,
            "No rated games yet",
            WIDTH as f32 / 2.0,
            HEIGHT as f32 / 2.0,
            TITLE_PX,
            MUTED,
        );
        return encode(&pixmap);
    };
    let lo = all().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let hi = all().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
    let step = STEPS
        .iter()
        .copied()
        .find(|s| ((hi / s).ceil() - (lo / s).floor()) <= 6.0)
        .unwrap_or(1000.0);
    let (lo, hi) = ((lo / step).floor() * step, (hi / step).ceil() * step);
    let hi = if hi <= lo { lo + step } else { hi };
    let top = legend(&mut pixmap, &shown) + 24.0;
    let (w, h) = (WIDTH as f32 - LEFT - RIGHT, HEIGHT as f32 - top - BOTTOM);
    // Each rating a step to the right of the one before it, in the order of their times (a
    // series' start before its first game): games played minutes apart, or at one moment,
    // spread out instead of piling into a vertical line.
    let mut order: Vec<(i64, usize, usize)> = shown
        .iter()
        .flat_map(|&(i, s)| s.points.iter().enumerate().map(move |(k, p)| (p.0, i, k)))
        .collect();
    order.sort_unstable();
    let steps = order.len().saturating_sub(1).max(1) as f32;
    let x_of = |series: usize, k: usize| {
        let rank = order
            .iter()
            .position(|&(_, i, j)| i == series && j == k)
            .unwrap_or(0);
        match order.len() {
            1 => LEFT + w / 2.0,
            _ => LEFT + rank as f32 / steps * w,
        }
    };
    let y_of = |r: f64| top + h - ((r - lo) / (hi - lo)) as f32 * h;

    // The grid, with the ratings on the left.
    let mut r = lo;
    while r <= hi + 0.5 {
        let y = y_of(r);
        line(&mut pixmap, &[(LEFT, y), (LEFT + w, y)], GRID, 2.0);
        let label = format!("{}", r as i64);
        let lw = text::width(&label, LABEL_PX);
        text::draw(
            &mut pixmap,
            &label,
            LEFT - 14.0 - lw,
            y + 9.0,
            LABEL_PX,
            MUTED,
        );
        r += step;
    }
    // The first and last dates under the axis.
    let base = top + h + 40.0;
    text::draw(&mut pixmap, &iso_date(t0), LEFT, base, LABEL_PX, MUTED);
    if t1 != t0 {
        let last = iso_date(t1);
        let lw = text::width(&last, LABEL_PX);
        text::draw(&mut pixmap, &last, LEFT + w - lw, base, LABEL_PX, MUTED);
    }
    for &(i, s) in &shown {
        let color = LINES[i % LINES.len()];
        let points: Vec<(f32, f32)> = s
            .points
            .iter()
            .enumerate()
            .map(|(k, &(_, r))| (x_of(i, k), y_of(r)))
            .collect();
        line(&mut pixmap, &points, color, 5.0);
        for &p in &points {
            dot(&mut pixmap, p, 6.0, color);
        }
    }
    encode(&pixmap)
}

/// The legend under the title, a swatch and a name per series, in as many rows as it takes;
/// returns where it ends.
fn legend(pixmap: &mut Pixmap, shown: &[(usize, &Series)]) -> f32 {
    let (left, right) = (LEFT - 80.0, WIDTH as f32 - RIGHT);
    let (mut x, mut y) = (left, LEGEND_TOP);
    for &(i, s) in shown {
        let width = 30.0 + text::width(&s.name, LABEL_PX);
        if x > left && x + width > right {
            (x, y) = (left, y + LEGEND_ROW);
        }
        if let Some(rect) = Rect::from_xywh(x, y + 2.0, 22.0, 22.0) {
            let color = LINES[i % LINES.len()];
            pixmap.fill_rect(rect, &paint(color), Transform::identity(), None);
        }
        text::draw(pixmap, &s.name, x + 30.0, y + 22.0, LABEL_PX, LABEL);
        x += width + 28.0;
    }
    y + LEGEND_ROW
}

/// A true-colour PNG of the chart.
pub(super) fn encode(pixmap: &Pixmap) -> Result<Vec<u8>, RenderError> {
    let rgb: Vec<u8> = pixmap
        .pixels()
        .iter()
        .flat_map(|p| [p.red(), p.green(), p.blue()])
        .collect();
    let mut out = Vec::new();
    {
        let mut encoder = ::png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
        encoder.set_color(::png::ColorType::Rgb);
        encoder.set_depth(::png::BitDepth::Eight);
        let mut writer = encoder.write_header()?;
        writer.write_image_data(&rgb)?;
    }
    Ok(out)
}
