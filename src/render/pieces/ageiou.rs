//! AGEIOU's own pieces: the Boat (its rook), the portal-building Vertag, the Councillor and
//! the pawn that has moved.

use tiny_skia::{Path, PathBuilder};

use super::shapes::*;

/// A sailing boat: a curved hull, a mast and a triangular sail.
pub fn boat() -> Vec<Part> {
    vec![
        body(rounded(0.47, 0.1, 0.53, 0.6, 0.02)),
        body(path("M0.56 0.14 L0.82 0.52 L0.56 0.52 Z")),
        body(path("M0.44 0.2 L0.44 0.52 L0.24 0.52 Z")),
        body(path(
            "M0.12 0.6 L0.88 0.6 Q0.8 0.8 0.66 0.8 L0.34 0.8 Q0.2 0.8 0.12 0.6 Z",
        )),
        plinth(),
        detail(path("M0.26 0.68 L0.74 0.68")),
    ]
}

/// The portal builder: a stone arch, the portal it builds, with a swirl in its opening.
pub fn vertag() -> Vec<Part> {
    let (x0, x1, spring, top) = (0.17, 0.83, 0.44, 0.1);
    let arch = |x0: f32, x1: f32, spring: f32, top: f32, foot: f32| {
        let (cx, k) = ((x0 + x1) / 2.0, 0.5523);
        let (rx, ry) = ((x1 - x0) / 2.0, spring - top);
        let mut pb = PathBuilder::new();
        pb.move_to(x0, foot);
        pb.line_to(x0, spring);
        pb.cubic_to(x0, spring - k * ry, cx - k * rx, top, cx, top);
        pb.cubic_to(cx + k * rx, top, x1, spring - k * ry, x1, spring);
        pb.line_to(x1, foot);
        pb.close();
        pb.finish().expect("an arch")
    };
    vec![
        body(arch(x0, x1, spring, top, 0.8)),
        accent(arch(0.29, 0.71, 0.46, 0.22, 0.8)),
        plinth(),
        inlay(swirl(0.5, 0.5)),
        detail(line(&[(0.5, top), (0.5, 0.2)])),
    ]
}

/// The Vertag's swirl: an open spiral growing out from (`cx`, `cy`).
fn swirl(cx: f32, cy: f32) -> Path {
    let mut swirl = PathBuilder::new();
    let turns = 1.5;
    let steps = 24;
    for i in 0..=steps {
        let t = i as f32 / steps as f32;
        let a = t * turns * std::f32::consts::TAU;
        let r = 0.02 + 0.13 * t;
        let (x, y) = (cx + r * a.cos(), cy + r * a.sin());
        if i == 0 {
            swirl.move_to(x, y);
        } else {
            swirl.line_to(x, y);
        }
    }
    swirl.finish().expect("swirl")
}

/// A minister's scroll: an unrolled charter between its two rolls, lines of writing on it.
pub fn councillor() -> Vec<Part> {
    vec![
        body(rounded(0.27, 0.18, 0.73, 0.7, 0.02)),
        body(rounded(0.18, 0.1, 0.82, 0.25, 0.07)),
        body(rounded(0.18, 0.63, 0.82, 0.78, 0.07)),
        plinth(),
        detail(path("M0.36 0.34 L0.64 0.34")),
        detail(path("M0.36 0.43 L0.64 0.43")),
        detail(path("M0.36 0.52 L0.56 0.52")),
    ]
}

/// A pawn with the band it wears once it has stepped forward.
pub fn moved_pawn() -> Vec<Part> {
    let mut parts = super::staunton::pawn();
    parts.push(accent(rounded(0.35, 0.6, 0.65, 0.68, 0.025)));
    parts
}
