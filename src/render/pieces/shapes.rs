//! The vocabulary the emblems are drawn in: paths in the unit square (y down) and the parts
//! made of them.

use tiny_skia::{Path, PathBuilder, Rect, Transform};

/// How a part of an emblem is painted.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Filled in the owner's colour and outlined.
    Body,
    /// Filled in the detail colour (contrasting with the body), no outline.
    Accent,
    /// Stroked in the detail colour.
    Line,
    /// Stroked in the owner's colour, over an accent.
    Inlay,
}

pub struct Part {
    pub role: Role,
    pub path: Path,
}

pub fn body(path: Path) -> Part {
    Part {
        role: Role::Body,
        path,
    }
}

pub fn accent(path: Path) -> Part {
    Part {
        role: Role::Accent,
        path,
    }
}

pub fn detail(path: Path) -> Part {
    Part {
        role: Role::Line,
        path,
    }
}

pub fn inlay(path: Path) -> Part {
    Part {
        role: Role::Inlay,
        path,
    }
}

/// A crown of five points, symmetric about the middle, from its left half: the corner of its
/// base, the outer point, the valley and the inner point, then the height of the middle valley
/// (the middle point is left to the emblem); a pearl of radius `pearl` tops each side point.
pub fn coronet(left: [(f32, f32); 4], middle: f32, pearl: f32) -> Vec<Part> {
    let right = left.map(|(x, y)| (1.0 - x, y));
    let mut points = left.to_vec();
    points.push((0.5, middle));
    points.extend(right.iter().rev());
    let mut parts = vec![body(poly(&points))];
    for (x, y) in [left[1], left[3], right[3], right[1]] {
        parts.push(body(circle(x, y - 0.04, pearl)));
    }
    parts
}

/// A shape's mirror image across the square's upright middle (x to 1 - x): the other half of a
/// symmetric emblem.
pub fn mirror(path: &Path) -> Path {
    let flip = Transform::from_row(-1.0, 0.0, 0.0, 1.0, 1.0, 0.0);
    path.clone().transform(flip).expect("a mirrored shape")
}

/// The plinth most pieces stand on.
pub fn plinth() -> Part {
    body(rounded(0.2, 0.78, 0.8, 0.9, 0.04))
}

/// Straight lines through `points`, closed when `closed`.
fn polyline(points: &[(f32, f32)], closed: bool) -> Option<Path> {
    let mut pb = PathBuilder::new();
    pb.move_to(points[0].0, points[0].1);
    for &(x, y) in &points[1..] {
        pb.line_to(x, y);
    }
    if closed {
        pb.close();
    }
    pb.finish()
}

/// A closed polygon.
pub fn poly(points: &[(f32, f32)]) -> Path {
    polyline(points, true).expect("a polygon")
}

/// An open line through the points.
pub fn line(points: &[(f32, f32)]) -> Path {
    polyline(points, false).expect("a line")
}

/// A shape from path data in the notation of SVG's paths, absolute coordinates only: `M x y`
/// starts an outline at a point, `L x y` draws a straight line, `Q x1 y1 x y` a quadratic and
/// `C x1 y1 x2 y2 x y` a cubic curve (the control points, then the end) to a point, and `Z`
/// closes the outline. Every step starts with its letter; spaces, line breaks or commas
/// separate the numbers. The emblems' paths are constants, so a mistake in one is a bug: it
/// panics, naming the token.
pub fn path(data: &str) -> Path {
    let mut tokens = tokens(data).peekable();
    if let Some(first) = tokens.peek().filter(|&&first| first != "M") {
        panic!("path {data:?}: starts with {first:?}, not M");
    }
    let mut pb = PathBuilder::new();
    while let Some(command) = tokens.next() {
        let count = match command {
            "M" | "L" => 2,
            "Q" => 4,
            "C" => 6,
            "Z" => 0,
            _ => panic!("path {data:?}: {command:?} is not one of M, L, Q, C and Z"),
        };
        let mut args = [0.0; 6];
        for slot in &mut args[..count] {
            let token = tokens.next();
            *slot = token.and_then(|t| t.parse().ok()).unwrap_or_else(|| {
                let found = token.map_or("the end".to_string(), |t| format!("{t:?}"));
                panic!("path {data:?}: {command} wants {count} numbers, found {found}")
            });
        }
        match command {
            "M" => pb.move_to(args[0], args[1]),
            "L" => pb.line_to(args[0], args[1]),
            "Q" => pb.quad_to(args[0], args[1], args[2], args[3]),
            "C" => pb.cubic_to(args[0], args[1], args[2], args[3], args[4], args[5]),
            _ => pb.close(),
        }
    }
    pb.finish()
        .unwrap_or_else(|| panic!("path {data:?}: draws nothing"))
}

/// The tokens of path data: each letter alone, and each run of other characters between
/// spaces, line breaks, commas and letters (a number, unless it is a mistake).
fn tokens(data: &str) -> impl Iterator<Item = &str> {
    let separator = |c: char| c.is_whitespace() || c == ',';
    let mut rest = data;
    std::iter::from_fn(move || {
        rest = rest.trim_start_matches(separator);
        let first = rest.chars().next()?;
        let end = if first.is_alphabetic() {
            first.len_utf8()
        } else {
            rest.find(|c: char| separator(c) || c.is_alphabetic())
                .unwrap_or(rest.len())
        };
        let (token, tail) = rest.split_at(end);
        rest = tail;
        Some(token)
    })
}

pub fn circle(x: f32, y: f32, r: f32) -> Path {
    PathBuilder::from_circle(x, y, r).expect("a circle")
}

/// The ellipse filling the box from (`left`, `top`) to (`right`, `bottom`).
pub fn oval(left: f32, top: f32, right: f32, bottom: f32) -> Path {
    let rect = Rect::from_ltrb(left, top, right, bottom).expect("an oval's box");
    PathBuilder::from_oval(rect).expect("an oval")
}

pub fn rounded(x0: f32, y0: f32, x1: f32, y1: f32, r: f32) -> Path {
    let mut pb = PathBuilder::new();
    pb.move_to(x0 + r, y0);
    pb.line_to(x1 - r, y0);
    pb.quad_to(x1, y0, x1, y0 + r);
    pb.line_to(x1, y1 - r);
    pb.quad_to(x1, y1, x1 - r, y1);
    pb.line_to(x0 + r, y1);
    pb.quad_to(x0, y1, x0, y1 - r);
    pb.line_to(x0, y0 + r);
    pb.quad_to(x0, y0, x0 + r, y0);
    pb.close();
    pb.finish().expect("a rounded rectangle")
}

/// A five-pointed star, point up.
pub fn star(cx: f32, cy: f32, outer: f32, inner: f32) -> Path {
    let points: Vec<(f32, f32)> = (0..10)
        .map(|i| {
            let r = if i % 2 == 0 { outer } else { inner };
            let a = std::f32::consts::PI * (i as f32 / 5.0 - 0.5);
            (cx + r * a.cos(), cy + r * a.sin())
        })
        .collect();
    poly(&points)
}

/// A four-sided body, wider or narrower below: `top` and `bottom` are each a row's left x,
/// right x and y.
pub fn trapezoid(top: (f32, f32, f32), bottom: (f32, f32, f32)) -> Path {
    poly(&[
        (top.0, top.2),
        (top.1, top.2),
        (bottom.1, bottom.2),
        (bottom.0, bottom.2),
    ])
}

/// An upright cross: the stem's left and right x, the arms' left and right x, and the rows
/// (y) of the top, the arms' top and bottom, and the foot.
pub fn cross(stem: (f32, f32), arms: (f32, f32), rows: [f32; 4]) -> Path {
    let (s0, s1, a0, a1) = (stem.0, stem.1, arms.0, arms.1);
    let [top, arm_top, arm_bottom, foot] = rows;
    poly(&[
        (s0, top),
        (s1, top),
        (s1, arm_top),
        (a1, arm_top),
        (a1, arm_bottom),
        (s1, arm_bottom),
        (s1, foot),
        (s0, foot),
        (s0, arm_bottom),
        (a0, arm_bottom),
        (a0, arm_top),
        (s0, arm_top),
    ])
}

/// Battlements: three merlons between the x edges `xs` (left to right), their tops at `top`,
/// the gaps down to `notch`, the wall down to `base`.
pub fn battlements(xs: [f32; 6], top: f32, notch: f32, base: f32) -> Path {
    let [x0, x1, x2, x3, x4, x5] = xs;
    poly(&[
        (x0, top),
        (x1, top),
        (x1, notch),
        (x2, notch),
        (x2, top),
        (x3, top),
        (x3, notch),
        (x4, notch),
        (x4, top),
        (x5, top),
        (x5, base),
        (x0, base),
    ])
}

/// A trunk flaring from a neck down to a foot, curving through a bend either side: each of
/// `neck`, `bend` and `foot` is a row's left x, right x and y.
pub fn flare(neck: (f32, f32, f32), bend: (f32, f32, f32), foot: (f32, f32, f32)) -> Path {
    let mut pb = PathBuilder::new();
    pb.move_to(neck.0, neck.2);
    pb.quad_to(bend.0, bend.2, foot.0, foot.2);
    pb.line_to(foot.1, foot.2);
    pb.quad_to(bend.1, bend.2, neck.1, neck.2);
    pb.close();
    pb.finish().expect("a flared trunk")
}

/// A pawn-like figure on the plinth: a body, the collar over it and a round head.
pub fn figure(trunk: Path, collar: Path, head: Path) -> Vec<Part> {
    vec![body(trunk), body(collar), body(head), plinth()]
}

/// A crenellated keep on the plinth, symmetric about the middle: a wall from `wall_top` down
/// to `wall_foot` (each a row's half-width and y) under battlements whose merlons' left edges
/// (the right ones mirror them) are `merlons`, from `top` down to `notch`, and a line where the
/// wall and the battlements meet.
pub fn keep(
    wall_top: (f32, f32),
    wall_foot: (f32, f32),
    merlons: [f32; 3],
    top: f32,
    notch: f32,
) -> Vec<Part> {
    let row = |(half, y): (f32, f32)| (0.5 - half, 0.5 + half, y);
    let (left, right, y) = row(wall_top);
    let [a, b, c] = merlons;
    let edges = [a, b, c, 1.0 - c, 1.0 - b, 1.0 - a];
    vec![
        body(trapezoid(row(wall_top), row(wall_foot))),
        body(battlements(edges, top, notch, y)),
        plinth(),
        detail(line(&[(left, y), (right, y)])),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_data_draws_what_the_builder_draws() {
        let mut pb = PathBuilder::new();
        pb.move_to(0.1, 0.2);
        pb.line_to(0.3, 0.25);
        pb.quad_to(0.4, 0.5, 0.6, 0.55);
        pb.cubic_to(0.7, 0.8, 0.9, 0.85, 0.95, 0.9);
        pb.close();
        pb.move_to(0.5, 0.05);
        pb.line_to(0.55, 0.1);
        let built = pb.finish().expect("a path");
        let data = "M0.1 0.2 L0.3 0.25 Q0.4 0.5 0.6 0.55 C0.7 0.8 0.9 0.85 0.95 0.9 Z \
                    M0.5 0.05 L0.55 0.1";
        assert_eq!(path(data), built);
        // Commas, line breaks and spaces after the letters separate the same numbers.
        let spaced = "M 0.1,0.2 L0.3, 0.25\n Q 0.4 0.5 0.6 0.55 \
                      C0.7,0.8,0.9,0.85,0.95,0.9Z\tM0.5 0.05L0.55 0.1";
        assert_eq!(path(spaced), built);
    }

    #[test]
    fn path_data_closed_or_open_is_a_polygon_or_a_line() {
        let points = [(0.72, 0.79), (0.69, 0.52), (0.73, 0.33), (0.28, 0.79)];
        let data = "M0.72 0.79 L0.69 0.52 L0.73 0.33 L0.28 0.79";
        assert_eq!(path(data), line(&points));
        assert_eq!(path(&format!("{data} Z")), poly(&points));
    }

    #[test]
    #[should_panic(expected = "starts with \"L\", not M")]
    fn path_data_starts_with_a_move() {
        path("L0.1 0.2 L0.3 0.4");
    }

    #[test]
    #[should_panic(expected = "\"l\" is not one of M, L, Q, C and Z")]
    fn path_data_is_absolute() {
        path("M0.1 0.2 l0.3 0.4");
    }

    #[test]
    #[should_panic(expected = "\"0.5\" is not one of M, L, Q, C and Z")]
    fn path_data_names_every_step() {
        path("M0.1 0.2 L0.3 0.4 0.5 0.6");
    }

    #[test]
    #[should_panic(expected = "L wants 2 numbers, found \"Z\"")]
    fn path_data_gives_each_step_its_numbers() {
        path("M0.1 0.2 L0.3 Z");
    }

    #[test]
    #[should_panic(expected = "Q wants 4 numbers, found the end")]
    fn path_data_does_not_stop_inside_a_step() {
        path("M0.1 0.2 Q0.3 0.4 0.5");
    }

    #[test]
    #[should_panic(expected = "C wants 6 numbers, found \"0.4.5\"")]
    fn path_data_names_a_number_it_cannot_read() {
        path("M0.1 0.2 C0.3 0.4.5 0.6 0.7 0.8 0.9");
    }

    #[test]
    #[should_panic(expected = "draws nothing")]
    fn path_data_draws_something() {
        path("M0.1 0.2");
    }
}
