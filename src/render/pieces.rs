//! Herald's own piece art: each emblem is a few vector shapes in a unit square (y down),
//! filled in the owner's colour with a dark outline and contrasting details, rasterised with
//! anti-aliasing once per size and then reused.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use tiny_skia::{FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Stroke, Transform};

use super::text;
use super::theme::{self, Rgba};
use crate::rules::{Emblem, Livery};

/// How a part of an emblem is painted.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// Filled in the owner's colour and outlined.
    Body,
    /// Filled in the detail colour (contrasting with the body), no outline.
    Accent,
    /// Stroked in the detail colour.
    Line,
}

struct Part {
    role: Role,
    path: Path,
}

fn poly(points: &[(f32, f32)]) -> Path {
    let mut pb = PathBuilder::new();
    pb.move_to(points[0].0, points[0].1);
    for &(x, y) in &points[1..] {
        pb.line_to(x, y);
    }
    pb.close();
    pb.finish().expect("a polygon")
}

fn line(points: &[(f32, f32)]) -> Path {
    let mut pb = PathBuilder::new();
    pb.move_to(points[0].0, points[0].1);
    for &(x, y) in &points[1..] {
        pb.line_to(x, y);
    }
    pb.finish().expect("a line")
}

fn circle(x: f32, y: f32, r: f32) -> Path {
    PathBuilder::from_circle(x, y, r).expect("a circle")
}

fn rounded(x0: f32, y0: f32, x1: f32, y1: f32, r: f32) -> Path {
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

fn body(path: Path) -> Part {
    Part {
        role: Role::Body,
        path,
    }
}

fn accent(path: Path) -> Part {
    Part {
        role: Role::Accent,
        path,
    }
}

fn detail(path: Path) -> Part {
    Part {
        role: Role::Line,
        path,
    }
}

/// The plinth most pieces stand on.
fn plinth() -> Part {
    body(rounded(0.2, 0.78, 0.8, 0.9, 0.04))
}

fn star(cx: f32, cy: f32, outer: f32, inner: f32) -> Path {
    let points: Vec<(f32, f32)> = (0..10)
        .map(|i| {
            let r = if i % 2 == 0 { outer } else { inner };
            let a = std::f32::consts::PI * (i as f32 / 5.0 - 0.5);
            (cx + r * a.cos(), cy + r * a.sin())
        })
        .collect();
    poly(&points)
}

fn parts(emblem: Emblem) -> Vec<Part> {
    match emblem {
        Emblem::Tiara => {
            // A papal tiara: a beehive of three crowns under a cross.
            let mut pb = PathBuilder::new();
            pb.move_to(0.28, 0.78);
            pb.cubic_to(0.22, 0.46, 0.34, 0.2, 0.5, 0.2);
            pb.cubic_to(0.66, 0.2, 0.78, 0.46, 0.72, 0.78);
            pb.close();
            let band = |y: f32, half: f32| {
                let mut pb = PathBuilder::new();
                pb.move_to(0.5 - half, y);
                let teeth = 4;
                for i in 0..teeth {
                    let x = 0.5 - half + (2.0 * half) * (i as f32 + 0.5) / teeth as f32;
                    pb.line_to(x, y - 0.05);
                    pb.line_to(0.5 - half + (2.0 * half) * (i + 1) as f32 / teeth as f32, y);
                }
                pb.finish().expect("band")
            };
            vec![
                body(poly(&[
                    (0.46, 0.01),
                    (0.54, 0.01),
                    (0.54, 0.06),
                    (0.6, 0.06),
                    (0.6, 0.12),
                    (0.54, 0.12),
                    (0.54, 0.21),
                    (0.46, 0.21),
                    (0.46, 0.12),
                    (0.4, 0.12),
                    (0.4, 0.06),
                    (0.46, 0.06),
                ])),
                body(pb.finish().expect("tiara")),
                plinth(),
                detail(band(0.7, 0.2)),
                detail(band(0.54, 0.205)),
                detail(band(0.38, 0.17)),
            ]
        }
        Emblem::Crown => vec![
            body(poly(&[
                (0.22, 0.7),
                (0.15, 0.3),
                (0.34, 0.5),
                (0.4, 0.22),
                (0.5, 0.46),
                (0.6, 0.22),
                (0.66, 0.5),
                (0.85, 0.3),
                (0.78, 0.7),
            ])),
            body(circle(0.15, 0.26, 0.055)),
            body(circle(0.4, 0.18, 0.055)),
            body(circle(0.6, 0.18, 0.055)),
            body(circle(0.85, 0.26, 0.055)),
            body(circle(0.5, 0.1, 0.06)),
            body(poly(&[(0.47, 0.16), (0.53, 0.16), (0.5, 0.46)])),
            plinth(),
            body(rounded(0.22, 0.68, 0.78, 0.79, 0.03)),
            accent(circle(0.5, 0.735, 0.035)),
        ],
        Emblem::Star => vec![
            body(poly(&[
                (0.4, 0.62),
                (0.6, 0.62),
                (0.66, 0.79),
                (0.34, 0.79),
            ])),
            plinth(),
            body(star(0.5, 0.4, 0.36, 0.15)),
            accent(circle(0.5, 0.42, 0.075)),
        ],
        Emblem::Dagger => vec![
            body(poly(&[
                (0.5, 0.03),
                (0.63, 0.18),
                (0.63, 0.56),
                (0.37, 0.56),
                (0.37, 0.18),
            ])),
            body(rounded(0.43, 0.6, 0.57, 0.82, 0.02)),
            body(rounded(0.2, 0.54, 0.8, 0.645, 0.04)),
            body(circle(0.5, 0.87, 0.075)),
            detail(line(&[(0.5, 0.15), (0.5, 0.5)])),
            detail(line(&[(0.43, 0.68), (0.57, 0.68)])),
            detail(line(&[(0.43, 0.75), (0.57, 0.75)])),
        ],
        Emblem::Tower => vec![
            body(poly(&[
                (0.3, 0.36),
                (0.7, 0.36),
                (0.74, 0.79),
                (0.26, 0.79),
            ])),
            body(poly(&[
                (0.22, 0.14),
                (0.34, 0.14),
                (0.34, 0.23),
                (0.44, 0.23),
                (0.44, 0.14),
                (0.56, 0.14),
                (0.56, 0.23),
                (0.66, 0.23),
                (0.66, 0.14),
                (0.78, 0.14),
                (0.78, 0.36),
                (0.22, 0.36),
            ])),
            plinth(),
            detail(line(&[(0.3, 0.36), (0.7, 0.36)])),
            accent(rounded(0.44, 0.5, 0.56, 0.66, 0.05)),
        ],
        Emblem::PointedHat => {
            let mut pb = PathBuilder::new();
            pb.move_to(0.27, 0.74);
            pb.quad_to(0.42, 0.5, 0.44, 0.22);
            pb.quad_to(0.5, 0.08, 0.7, 0.06);
            pb.quad_to(0.56, 0.16, 0.58, 0.3);
            pb.quad_to(0.6, 0.52, 0.73, 0.74);
            pb.close();
            vec![
                body(pb.finish().expect("hat")),
                body(
                    PathBuilder::from_oval(
                        tiny_skia::Rect::from_ltrb(0.1, 0.68, 0.9, 0.88).expect("brim"),
                    )
                    .expect("brim"),
                ),
                accent(star(0.51, 0.5, 0.085, 0.035)),
                detail(line(&[(0.35, 0.66), (0.65, 0.66)])),
            ]
        }
        Emblem::Banner => vec![
            body(poly(&[
                (0.36, 0.12),
                (0.84, 0.12),
                (0.68, 0.28),
                (0.84, 0.44),
                (0.36, 0.44),
            ])),
            body(rounded(0.26, 0.08, 0.36, 0.82, 0.02)),
            body(circle(0.31, 0.07, 0.06)),
            plinth(),
            accent(star(0.54, 0.28, 0.085, 0.035)),
        ],
        Emblem::GreatHelm => {
            let mut pb = PathBuilder::new();
            pb.move_to(0.26, 0.8);
            pb.line_to(0.26, 0.3);
            pb.quad_to(0.26, 0.14, 0.5, 0.12);
            pb.quad_to(0.74, 0.14, 0.74, 0.3);
            pb.line_to(0.74, 0.8);
            pb.close();
            vec![
                body(pb.finish().expect("helm")),
                plinth(),
                accent(rounded(0.31, 0.38, 0.47, 0.45, 0.015)),
                accent(rounded(0.53, 0.38, 0.69, 0.45, 0.015)),
                accent(rounded(0.47, 0.2, 0.53, 0.74, 0.01)),
                detail(line(&[(0.34, 0.58), (0.34, 0.7)])),
                detail(line(&[(0.66, 0.58), (0.66, 0.7)])),
            ]
        }
        Emblem::Pawn => {
            let mut pb = PathBuilder::new();
            pb.move_to(0.41, 0.46);
            pb.quad_to(0.4, 0.66, 0.27, 0.79);
            pb.line_to(0.73, 0.79);
            pb.quad_to(0.6, 0.66, 0.59, 0.46);
            pb.close();
            vec![
                body(pb.finish().expect("pawn")),
                body(rounded(0.35, 0.42, 0.65, 0.49, 0.035)),
                body(circle(0.5, 0.3, 0.14)),
                plinth(),
            ]
        }
        Emblem::Rook => vec![
            body(poly(&[
                (0.31, 0.34),
                (0.69, 0.34),
                (0.73, 0.79),
                (0.27, 0.79),
            ])),
            body(poly(&[
                (0.22, 0.13),
                (0.33, 0.13),
                (0.33, 0.21),
                (0.44, 0.21),
                (0.44, 0.13),
                (0.56, 0.13),
                (0.56, 0.21),
                (0.67, 0.21),
                (0.67, 0.13),
                (0.78, 0.13),
                (0.78, 0.34),
                (0.22, 0.34),
            ])),
            plinth(),
            detail(line(&[(0.31, 0.34), (0.69, 0.34)])),
            detail(line(&[(0.29, 0.68), (0.71, 0.68)])),
        ],
        Emblem::Bishop => {
            let mut pb = PathBuilder::new();
            pb.move_to(0.32, 0.7);
            pb.quad_to(0.22, 0.4, 0.5, 0.17);
            pb.quad_to(0.78, 0.4, 0.68, 0.7);
            pb.close();
            vec![
                body(circle(0.5, 0.1, 0.06)),
                body(pb.finish().expect("mitre")),
                body(rounded(0.3, 0.68, 0.7, 0.76, 0.03)),
                plinth(),
                detail(line(&[(0.56, 0.32), (0.47, 0.46)])),
                detail(line(&[(0.44, 0.52), (0.56, 0.52)])),
                detail(line(&[(0.5, 0.46), (0.5, 0.58)])),
            ]
        }
        Emblem::Knight => vec![
            body(poly(&[
                (0.72, 0.79),
                (0.69, 0.52),
                (0.73, 0.33),
                (0.63, 0.17),
                (0.52, 0.13),
                (0.47, 0.05),
                (0.42, 0.15),
                (0.3, 0.24),
                (0.16, 0.42),
                (0.2, 0.51),
                (0.31, 0.48),
                (0.43, 0.42),
                (0.35, 0.6),
                (0.28, 0.79),
            ])),
            plinth(),
            accent(circle(0.42, 0.27, 0.03)),
            detail(line(&[(0.62, 0.22), (0.66, 0.36), (0.63, 0.52)])),
        ],
        Emblem::Queen => vec![
            body(poly(&[
                (0.3, 0.68),
                (0.2, 0.3),
                (0.36, 0.48),
                (0.42, 0.22),
                (0.5, 0.44),
                (0.58, 0.22),
                (0.64, 0.48),
                (0.8, 0.3),
                (0.7, 0.68),
            ])),
            body(circle(0.2, 0.26, 0.05)),
            body(circle(0.42, 0.18, 0.05)),
            body(circle(0.58, 0.18, 0.05)),
            body(circle(0.8, 0.26, 0.05)),
            body(circle(0.5, 0.36, 0.045)),
            body(rounded(0.28, 0.66, 0.72, 0.78, 0.03)),
            plinth(),
        ],
        Emblem::King => {
            let mut pb = PathBuilder::new();
            pb.move_to(0.28, 0.7);
            pb.quad_to(0.14, 0.36, 0.36, 0.33);
            pb.quad_to(0.47, 0.32, 0.5, 0.42);
            pb.quad_to(0.53, 0.32, 0.64, 0.33);
            pb.quad_to(0.86, 0.36, 0.72, 0.7);
            pb.close();
            vec![
                body(poly(&[
                    (0.46, 0.03),
                    (0.54, 0.03),
                    (0.54, 0.1),
                    (0.61, 0.1),
                    (0.61, 0.17),
                    (0.54, 0.17),
                    (0.54, 0.33),
                    (0.46, 0.33),
                    (0.46, 0.17),
                    (0.39, 0.17),
                    (0.39, 0.1),
                    (0.46, 0.1),
                ])),
                body(pb.finish().expect("king")),
                body(rounded(0.27, 0.67, 0.73, 0.78, 0.03)),
                plinth(),
                detail(line(&[(0.5, 0.42), (0.5, 0.67)])),
            ]
        }
        Emblem::Eagle => vec![
            body(poly(&[
                (0.5, 0.3),
                (0.86, 0.14),
                (0.78, 0.42),
                (0.62, 0.5),
                (0.58, 0.72),
                (0.42, 0.72),
                (0.38, 0.5),
                (0.22, 0.42),
                (0.14, 0.14),
            ])),
            body(circle(0.5, 0.25, 0.09)),
            body(poly(&[(0.43, 0.22), (0.33, 0.29), (0.45, 0.3)])),
            plinth(),
            detail(line(&[(0.3, 0.26), (0.44, 0.4)])),
            detail(line(&[(0.7, 0.26), (0.56, 0.4)])),
            accent(circle(0.52, 0.23, 0.022)),
        ],
        Emblem::Cardinal => {
            let mut pb = PathBuilder::new();
            pb.move_to(0.3, 0.58);
            pb.quad_to(0.32, 0.3, 0.5, 0.3);
            pb.quad_to(0.68, 0.3, 0.7, 0.58);
            pb.close();
            vec![
                body(pb.finish().expect("dome")),
                body(
                    PathBuilder::from_oval(
                        tiny_skia::Rect::from_ltrb(0.1, 0.52, 0.9, 0.68).expect("brim"),
                    )
                    .expect("brim"),
                ),
                body(rounded(0.36, 0.66, 0.64, 0.79, 0.03)),
                plinth(),
                detail(line(&[(0.2, 0.64), (0.2, 0.76)])),
                detail(line(&[(0.8, 0.64), (0.8, 0.76)])),
                accent(rounded(0.485, 0.36, 0.515, 0.52, 0.01)),
                accent(rounded(0.44, 0.41, 0.56, 0.44, 0.01)),
            ]
        }
        Emblem::Duke => vec![
            body(rounded(0.3, 0.46, 0.7, 0.79, 0.04)),
            body(poly(&[
                (0.24, 0.47),
                (0.24, 0.34),
                (0.3, 0.22),
                (0.37, 0.34),
                (0.5, 0.16),
                (0.63, 0.34),
                (0.7, 0.22),
                (0.76, 0.34),
                (0.76, 0.47),
            ])),
            plinth(),
            accent(circle(0.5, 0.4, 0.035)),
            detail(line(&[(0.26, 0.47), (0.74, 0.47)])),
            detail(line(&[(0.4, 0.62), (0.6, 0.62)])),
        ],
        Emblem::Shield => {
            let mut pb = PathBuilder::new();
            pb.move_to(0.24, 0.16);
            pb.line_to(0.76, 0.16);
            pb.line_to(0.76, 0.42);
            pb.quad_to(0.74, 0.66, 0.5, 0.8);
            pb.quad_to(0.26, 0.66, 0.24, 0.42);
            pb.close();
            vec![
                plinth(),
                body(pb.finish().expect("shield")),
                accent(rounded(0.47, 0.24, 0.53, 0.66, 0.01)),
                accent(rounded(0.33, 0.36, 0.67, 0.42, 0.01)),
            ]
        }
        Emblem::Boat => {
            // A sailing boat: a curved hull, a mast and a triangular sail.
            let mut hull = PathBuilder::new();
            hull.move_to(0.12, 0.6);
            hull.line_to(0.88, 0.6);
            hull.quad_to(0.8, 0.8, 0.66, 0.8);
            hull.line_to(0.34, 0.8);
            hull.quad_to(0.2, 0.8, 0.12, 0.6);
            hull.close();
            vec![
                body(rounded(0.47, 0.1, 0.53, 0.6, 0.02)),
                body(poly(&[(0.56, 0.14), (0.82, 0.52), (0.56, 0.52)])),
                body(poly(&[(0.44, 0.2), (0.44, 0.52), (0.24, 0.52)])),
                body(hull.finish().expect("hull")),
                plinth(),
                detail(line(&[(0.26, 0.68), (0.74, 0.68)])),
            ]
        }
        Emblem::Vertag => {
            // The portal builder: a swirling ring on a stem.
            let mut swirl = PathBuilder::new();
            let (cx, cy) = (0.5, 0.32);
            let turns = 1.6;
            let steps = 24;
            for i in 0..=steps {
                let t = i as f32 / steps as f32;
                let a = t * turns * std::f32::consts::TAU;
                let r = 0.025 + 0.12 * t;
                let (x, y) = (cx + r * a.cos(), cy + r * a.sin());
                if i == 0 {
                    swirl.move_to(x, y);
                } else {
                    swirl.line_to(x, y);
                }
            }
            vec![
                body(poly(&[
                    (0.42, 0.5),
                    (0.58, 0.5),
                    (0.66, 0.79),
                    (0.34, 0.79),
                ])),
                body(circle(cx, cy, 0.21)),
                plinth(),
                detail(swirl.finish().expect("swirl")),
                detail(line(&[(0.38, 0.66), (0.62, 0.66)])),
            ]
        }
        Emblem::Councillor => {
            // A minister: a robed body under a domed cap with a jewel.
            let mut robe = PathBuilder::new();
            robe.move_to(0.4, 0.44);
            robe.quad_to(0.34, 0.64, 0.26, 0.79);
            robe.line_to(0.74, 0.79);
            robe.quad_to(0.66, 0.64, 0.6, 0.44);
            robe.close();
            let mut cap = PathBuilder::new();
            cap.move_to(0.28, 0.4);
            cap.quad_to(0.26, 0.12, 0.5, 0.1);
            cap.quad_to(0.74, 0.12, 0.72, 0.4);
            cap.close();
            vec![
                body(robe.finish().expect("robe")),
                body(cap.finish().expect("cap")),
                body(rounded(0.24, 0.37, 0.76, 0.47, 0.04)),
                body(circle(0.5, 0.07, 0.04)),
                plinth(),
                accent(circle(0.5, 0.27, 0.045)),
                detail(line(&[(0.5, 0.5), (0.5, 0.74)])),
            ]
        }
        Emblem::MovedPawn => {
            let mut parts = parts(Emblem::Pawn);
            // The band a pawn wears once it has stepped forward.
            parts.push(accent(rounded(0.35, 0.6, 0.65, 0.68, 0.025)));
            parts
        }
        Emblem::Footman => {
            let mut pb = PathBuilder::new();
            pb.move_to(0.42, 0.44);
            pb.quad_to(0.4, 0.66, 0.3, 0.79);
            pb.line_to(0.7, 0.79);
            pb.quad_to(0.6, 0.66, 0.58, 0.44);
            pb.close();
            vec![
                body(pb.finish().expect("body")),
                body(rounded(0.36, 0.4, 0.64, 0.48, 0.03)),
                body(circle(0.5, 0.29, 0.13)),
                plinth(),
            ]
        }
        Emblem::Prince => vec![
            // A small open coronet with three balls over a headband.
            body(poly(&[
                (0.28, 0.66),
                (0.24, 0.38),
                (0.38, 0.5),
                (0.5, 0.3),
                (0.62, 0.5),
                (0.76, 0.38),
                (0.72, 0.66),
            ])),
            body(circle(0.24, 0.33, 0.05)),
            body(circle(0.5, 0.24, 0.06)),
            body(circle(0.76, 0.33, 0.05)),
            body(rounded(0.26, 0.64, 0.74, 0.76, 0.03)),
            plinth(),
        ],
        Emblem::Troll => vec![
            // A raised club.
            body(poly(&[(0.4, 0.8), (0.5, 0.8), (0.62, 0.36), (0.5, 0.33)])),
            body(
                PathBuilder::from_oval(
                    tiny_skia::Rect::from_ltrb(0.44, 0.06, 0.76, 0.42).expect("club"),
                )
                .expect("club"),
            ),
            body(poly(&[(0.46, 0.14), (0.36, 0.1), (0.46, 0.2)])),
            body(poly(&[(0.74, 0.18), (0.86, 0.16), (0.76, 0.26)])),
            body(poly(&[(0.72, 0.36), (0.82, 0.44), (0.68, 0.42)])),
            plinth(),
            accent(circle(0.58, 0.2, 0.03)),
            accent(circle(0.64, 0.3, 0.03)),
        ],
        Emblem::Snake => {
            // A raised serpent with a forked tongue.
            let mut pb = PathBuilder::new();
            pb.move_to(0.2, 0.78);
            pb.cubic_to(0.2, 0.6, 0.7, 0.68, 0.66, 0.5);
            pb.cubic_to(0.62, 0.36, 0.34, 0.44, 0.36, 0.26);
            pb.line_to(0.5, 0.26);
            pb.cubic_to(0.5, 0.36, 0.8, 0.34, 0.8, 0.52);
            pb.cubic_to(0.8, 0.76, 0.4, 0.7, 0.36, 0.78);
            pb.close();
            vec![
                plinth(),
                body(pb.finish().expect("snake")),
                body(
                    PathBuilder::from_oval(
                        tiny_skia::Rect::from_ltrb(0.3, 0.12, 0.58, 0.3).expect("head"),
                    )
                    .expect("head"),
                ),
                detail(line(&[(0.3, 0.2), (0.2, 0.2), (0.14, 0.15)])),
                detail(line(&[(0.2, 0.2), (0.14, 0.25)])),
                accent(circle(0.41, 0.18, 0.025)),
            ]
        }
        Emblem::Ship => vec![
            // A hull with a mast and a sail.
            body(poly(&[
                (0.12, 0.62),
                (0.88, 0.62),
                (0.74, 0.82),
                (0.26, 0.82),
            ])),
            body(rounded(0.48, 0.08, 0.53, 0.63, 0.01)),
            body(poly(&[(0.55, 0.12), (0.82, 0.56), (0.55, 0.56)])),
            body(poly(&[(0.46, 0.2), (0.46, 0.56), (0.22, 0.56)])),
            detail(line(&[(0.2, 0.71), (0.8, 0.71)])),
        ],
        Emblem::Squirrel => {
            // A sitting squirrel under its great curled tail.
            let mut tail = PathBuilder::new();
            tail.move_to(0.56, 0.78);
            tail.cubic_to(0.9, 0.74, 0.92, 0.4, 0.82, 0.24);
            tail.cubic_to(0.74, 0.1, 0.54, 0.14, 0.62, 0.3);
            tail.cubic_to(0.72, 0.42, 0.74, 0.6, 0.56, 0.64);
            tail.close();
            let mut sit = PathBuilder::new();
            sit.move_to(0.3, 0.78);
            sit.cubic_to(0.24, 0.6, 0.3, 0.46, 0.4, 0.42);
            sit.cubic_to(0.56, 0.44, 0.64, 0.62, 0.6, 0.78);
            sit.close();
            vec![
                plinth(),
                body(tail.finish().expect("tail")),
                body(sit.finish().expect("body")),
                body(circle(0.37, 0.34, 0.11)),
                body(poly(&[(0.33, 0.26), (0.34, 0.14), (0.42, 0.24)])),
                accent(circle(0.33, 0.32, 0.022)),
            ]
        }
        Emblem::Hawk => vec![
            // A hawk in profile, wings folded, with a hooked beak.
            body(poly(&[
                (0.42, 0.3),
                (0.66, 0.34),
                (0.74, 0.56),
                (0.7, 0.78),
                (0.44, 0.78),
                (0.36, 0.52),
            ])),
            body(circle(0.42, 0.26, 0.12)),
            body(poly(&[
                (0.3, 0.22),
                (0.18, 0.3),
                (0.24, 0.34),
                (0.32, 0.32),
            ])),
            plinth(),
            detail(line(&[(0.48, 0.44), (0.64, 0.72)])),
            accent(circle(0.4, 0.23, 0.025)),
        ],
        Emblem::Mammoth => vec![
            // A mammoth's head: great ears, a hanging trunk and curved tusks.
            body(
                PathBuilder::from_oval(
                    tiny_skia::Rect::from_ltrb(0.12, 0.2, 0.4, 0.58).expect("ear"),
                )
                .expect("ear"),
            ),
            body(
                PathBuilder::from_oval(
                    tiny_skia::Rect::from_ltrb(0.6, 0.2, 0.88, 0.58).expect("ear"),
                )
                .expect("ear"),
            ),
            body(circle(0.5, 0.34, 0.2)),
            body(poly(&[
                (0.43, 0.46),
                (0.57, 0.46),
                (0.56, 0.74),
                (0.62, 0.8),
                (0.48, 0.8),
                (0.44, 0.72),
            ])),
            plinth(),
            detail(line(&[(0.4, 0.52), (0.3, 0.64), (0.34, 0.72)])),
            detail(line(&[(0.6, 0.52), (0.7, 0.64), (0.66, 0.72)])),
            accent(circle(0.42, 0.32, 0.025)),
            accent(circle(0.58, 0.32, 0.025)),
        ],
        Emblem::Cheetah => vec![
            // A cat's head with round ears and spots.
            body(circle(0.3, 0.22, 0.08)),
            body(circle(0.7, 0.22, 0.08)),
            body(
                PathBuilder::from_oval(
                    tiny_skia::Rect::from_ltrb(0.2, 0.2, 0.8, 0.7).expect("head"),
                )
                .expect("head"),
            ),
            plinth(),
            body(rounded(0.38, 0.66, 0.62, 0.79, 0.03)),
            accent(circle(0.38, 0.4, 0.035)),
            accent(circle(0.62, 0.4, 0.035)),
            accent(poly(&[(0.45, 0.52), (0.55, 0.52), (0.5, 0.57)])),
            detail(line(&[(0.38, 0.44), (0.42, 0.62)])),
            detail(line(&[(0.62, 0.44), (0.58, 0.62)])),
            accent(circle(0.3, 0.56, 0.02)),
            accent(circle(0.7, 0.56, 0.02)),
            accent(circle(0.5, 0.3, 0.02)),
        ],
        Emblem::Rhinoceros => vec![
            // A rhinoceros's heavy head in profile: a great nose horn and a small one.
            body(circle(0.72, 0.4, 0.07)),
            body(poly(&[
                (0.12, 0.62),
                (0.16, 0.52),
                (0.34, 0.44),
                (0.6, 0.38),
                (0.8, 0.44),
                (0.88, 0.62),
                (0.82, 0.79),
                (0.36, 0.79),
                (0.24, 0.68),
            ])),
            body(poly(&[(0.15, 0.54), (0.12, 0.2), (0.3, 0.48)])),
            body(poly(&[(0.34, 0.45), (0.36, 0.32), (0.44, 0.43)])),
            plinth(),
            accent(circle(0.54, 0.5, 0.03)),
            detail(line(&[(0.2, 0.64), (0.3, 0.66)])),
            detail(line(&[(0.6, 0.62), (0.66, 0.74)])),
        ],
        Emblem::Direwolf => vec![
            // A wolf's head howling up, with pointed ears.
            body(poly(&[
                (0.28, 0.79),
                (0.3, 0.5),
                (0.38, 0.3),
                (0.36, 0.12),
                (0.46, 0.24),
                (0.52, 0.22),
                (0.6, 0.08),
                (0.62, 0.28),
                (0.84, 0.38),
                (0.82, 0.46),
                (0.62, 0.48),
                (0.66, 0.6),
                (0.72, 0.79),
            ])),
            plinth(),
            accent(poly(&[(0.52, 0.34), (0.6, 0.32), (0.56, 0.38)])),
            detail(line(&[(0.66, 0.44), (0.8, 0.42)])),
            detail(line(&[(0.4, 0.56), (0.46, 0.68), (0.52, 0.58)])),
        ],
    }
}

/// Draws an emblem into a pixmap of `size` x `size` pixels.
fn draw(pixmap: &mut Pixmap, emblem: Emblem, livery: Livery, size: f32, faded: bool) {
    let (fill, outline, detail_color) = match livery {
        Livery::Light => (
            theme::WHITE_PIECE,
            theme::WHITE_PIECE_LINE,
            theme::WHITE_PIECE_LINE,
        ),
        Livery::Dark => (
            theme::BLACK_PIECE,
            theme::BLACK_PIECE_LINE,
            theme::BLACK_PIECE_DETAIL,
        ),
        Livery::Gold => (
            theme::GOLD_PIECE,
            theme::GOLD_PIECE_LINE,
            theme::GOLD_PIECE_LINE,
        ),
    };
    let alpha = |c: Rgba| if faded { c.with_alpha(c.3 / 2 + 20) } else { c };
    let paint = |c: Rgba| {
        let mut p = Paint::default();
        p.set_color(alpha(c).skia());
        p.anti_alias = true;
        p
    };
    let transform = Transform::from_scale(size, size);
    let outline_stroke = Stroke {
        width: 0.045,
        line_join: LineJoin::Round,
        ..Stroke::default()
    };
    let detail_stroke = Stroke {
        width: 0.035,
        line_cap: LineCap::Round,
        ..Stroke::default()
    };
    for part in parts(emblem) {
        match part.role {
            Role::Body => {
                pixmap.fill_path(&part.path, &paint(fill), FillRule::Winding, transform, None);
                pixmap.stroke_path(
                    &part.path,
                    &paint(outline),
                    &outline_stroke,
                    transform,
                    None,
                );
            }
            Role::Accent => {
                pixmap.fill_path(
                    &part.path,
                    &paint(detail_color),
                    FillRule::Winding,
                    transform,
                    None,
                );
            }
            Role::Line => {
                pixmap.stroke_path(
                    &part.path,
                    &paint(detail_color),
                    &detail_stroke,
                    transform,
                    None,
                );
            }
        }
    }
}

/// A piece picture: normal, or asleep (faded, with "z z").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Look {
    Normal,
    Asleep,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Art {
    Piece(Emblem, Livery, Look),
    Badge,
}

/// A picture at `size` pixels, drawn once and shared.
fn cached(art: Art, size: u32) -> Arc<Pixmap> {
    type Cache = Mutex<HashMap<(Art, u32), Arc<Pixmap>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(found) = cache.lock().ok().and_then(|c| c.get(&(art, size)).cloned()) {
        return found;
    }
    let side = size.max(1);
    let s = side as f32;
    let mut pixmap = Pixmap::new(side, side).expect("a sprite has a size");
    match art {
        Art::Piece(emblem, livery, look) => {
            draw(&mut pixmap, emblem, livery, s, look == Look::Asleep);
            if look == Look::Asleep {
                text::draw(&mut pixmap, "z", s * 0.64, s * 0.32, s * 0.28, theme::SLEEP);
                text::draw(&mut pixmap, "z", s * 0.8, s * 0.17, s * 0.2, theme::SLEEP);
            }
        }
        Art::Badge => {
            let path = circle(0.5, 0.5, 0.47);
            let transform = Transform::from_scale(s, s);
            let mut paint = Paint::default();
            paint.set_color(theme::BADGE.skia());
            pixmap.fill_path(&path, &paint, FillRule::Winding, transform, None);
            paint.set_color(theme::BADGE_EDGE.skia());
            let stroke = Stroke {
                width: 0.04,
                ..Stroke::default()
            };
            pixmap.stroke_path(&path, &paint, &stroke, transform, None);
        }
    }
    let sprite = Arc::new(pixmap);
    if let Ok(mut c) = cache.lock() {
        c.insert((art, size), sprite.clone());
    }
    sprite
}

/// The picture of a piece at `size` pixels.
pub fn sprite(emblem: Emblem, livery: Livery, look: Look, size: u32) -> Arc<Pixmap> {
    cached(Art::Piece(emblem, livery, look), size)
}

/// The badge drawn behind an enhanced piece, `size` pixels across.
pub fn badge(size: u32) -> Arc<Pixmap> {
    cached(Art::Badge, size)
}
