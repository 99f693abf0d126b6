//! AGEIOU's own pieces: the Boat (its rook), the portal-building Vertag, the Councillor and
//! the pawn that has moved.

use tiny_skia::{Path, PathBuilder};

use super::shapes::Seg::{L, Q};
use super::shapes::*;

/// A sailing boat: a curved hull, a mast and a triangular sail.
pub fn boat() -> Vec<Part> {
    vec![
        body(rounded(0.47, 0.1, 0.53, 0.6, 0.02)),
        body(poly(&[(0.56, 0.14), (0.82, 0.52), (0.56, 0.52)])),
        body(poly(&[(0.44, 0.2), (0.44, 0.52), (0.24, 0.52)])),
        body(outline(
            (0.12, 0.6),
            &[
                L(0.88, 0.6),
                Q(0.8, 0.8, 0.66, 0.8),
                L(0.34, 0.8),
                Q(0.2, 0.8, 0.12, 0.6),
            ],
        )),
        plinth(),
        detail(line(&[(0.26, 0.68), (0.74, 0.68)])),
    ]
}

/// The portal builder: a swirling ring on a stem.
pub fn vertag() -> Vec<Part> {
    let (cx, cy) = (0.5, 0.32);
    vec![
        body(trapezoid((0.42, 0.58, 0.5), (0.34, 0.66, 0.79))),
        body(circle(cx, cy, 0.21)),
        plinth(),
        detail(swirl(cx, cy)),
        detail(line(&[(0.38, 0.66), (0.62, 0.66)])),
    ]
}

/// The Vertag's swirl: an open spiral growing out from (`cx`, `cy`).
fn swirl(cx: f32, cy: f32) -> Path {
    let mut swirl = PathBuilder::new();
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
    swirl.finish().expect("swirl")
}

/// A minister: a robed body under a domed cap with a jewel.
pub fn councillor() -> Vec<Part> {
    vec![
        body(flare(
            (0.4, 0.6, 0.44),
            (0.34, 0.66, 0.64),
            (0.26, 0.74, 0.79),
        )),
        body(outline(
            (0.28, 0.4),
            &[Q(0.26, 0.12, 0.5, 0.1), Q(0.74, 0.12, 0.72, 0.4)],
        )),
        body(rounded(0.24, 0.37, 0.76, 0.47, 0.04)),
        body(circle(0.5, 0.07, 0.04)),
        plinth(),
        accent(circle(0.5, 0.27, 0.045)),
        detail(line(&[(0.5, 0.5), (0.5, 0.74)])),
    ]
}

/// A pawn with the band it wears once it has stepped forward.
pub fn moved_pawn() -> Vec<Part> {
    let mut parts = super::staunton::pawn();
    parts.push(accent(rounded(0.35, 0.6, 0.65, 0.68, 0.025)));
    parts
}
