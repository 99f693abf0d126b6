//! Epoch's pieces: the Pope's tiara, the Emperor's crown, the Marshal's star, the Assassin's
//! dagger, the Sentinel's tower (Empire Chess's Tower too), the Mage's pointed hat, the
//! Herald's banner, the Templar's great helm and the Legionary's footman.

use tiny_skia::{Path, PathBuilder};

use super::shapes::*;

/// A papal tiara: a beehive of three crowns under a cross.
pub fn tiara() -> Vec<Part> {
    vec![
        body(cross((0.46, 0.54), (0.4, 0.6), [0.01, 0.06, 0.12, 0.21])),
        body(path(
            "M0.28 0.78 C0.22 0.46 0.34 0.2 0.5 0.2 C0.66 0.2 0.78 0.46 0.72 0.78 Z",
        )),
        plinth(),
        detail(tiara_band(0.7, 0.2)),
        detail(tiara_band(0.54, 0.205)),
        detail(tiara_band(0.38, 0.17)),
    ]
}

/// One of the tiara's crowns: a row of four teeth `half` either side of the middle at `y`.
fn tiara_band(y: f32, half: f32) -> Path {
    let mut pb = PathBuilder::new();
    pb.move_to(0.5 - half, y);
    let teeth = 4;
    for i in 0..teeth {
        let x = 0.5 - half + (2.0 * half) * (i as f32 + 0.5) / teeth as f32;
        pb.line_to(x, y - 0.05);
        pb.line_to(0.5 - half + (2.0 * half) * (i + 1) as f32 / teeth as f32, y);
    }
    pb.finish().expect("band")
}

/// The Emperor's crown: five pearled points, a sixth pearl on a spike over the middle, a jewel
/// on the band.
pub fn crown() -> Vec<Part> {
    let points = [(0.22, 0.7), (0.15, 0.3), (0.34, 0.5), (0.4, 0.22)];
    let spike = path("M0.47 0.16 L0.53 0.16 L0.5 0.46 Z");
    let band = rounded(0.22, 0.68, 0.78, 0.79, 0.03);
    let mut parts = coronet(points, 0.46, 0.055);
    parts.extend([
        body(circle(0.5, 0.1, 0.06)),
        body(spike),
        plinth(),
        body(band),
    ]);
    parts.push(accent(circle(0.5, 0.735, 0.035)));
    parts
}

pub fn pedestal_star() -> Vec<Part> {
    vec![
        body(trapezoid((0.4, 0.6, 0.62), (0.34, 0.66, 0.79))),
        plinth(),
        body(star(0.5, 0.4, 0.36, 0.15)),
        accent(circle(0.5, 0.42, 0.075)),
    ]
}

pub fn dagger() -> Vec<Part> {
    vec![
        body(path(
            "M0.5 0.03 L0.63 0.18 L0.63 0.56 L0.37 0.56 L0.37 0.18 Z",
        )),
        body(rounded(0.43, 0.6, 0.57, 0.82, 0.02)),
        body(rounded(0.2, 0.54, 0.8, 0.645, 0.04)),
        body(circle(0.5, 0.87, 0.075)),
        detail(path("M0.5 0.15 L0.5 0.5")),
        detail(path("M0.43 0.68 L0.57 0.68")),
        detail(path("M0.43 0.75 L0.57 0.75")),
    ]
}

pub fn tower() -> Vec<Part> {
    let mut parts = keep((0.2, 0.36), (0.24, 0.79), [0.22, 0.34, 0.44], 0.14, 0.23);
    parts.push(accent(rounded(0.44, 0.5, 0.56, 0.66, 0.05)));
    parts
}

pub fn pointed_hat() -> Vec<Part> {
    vec![
        body(path(
            "M0.27 0.74 Q0.42 0.5 0.44 0.22 Q0.5 0.08 0.7 0.06 \
             Q0.56 0.16 0.58 0.3 Q0.6 0.52 0.73 0.74 Z",
        )),
        body(oval(0.1, 0.68, 0.9, 0.88)),
        accent(star(0.51, 0.5, 0.085, 0.035)),
        detail(path("M0.35 0.66 L0.65 0.66")),
    ]
}

pub fn banner() -> Vec<Part> {
    vec![
        body(path(
            "M0.36 0.12 L0.84 0.12 L0.68 0.28 L0.84 0.44 L0.36 0.44 Z",
        )),
        body(rounded(0.26, 0.08, 0.36, 0.82, 0.02)),
        body(circle(0.31, 0.07, 0.06)),
        plinth(),
        accent(star(0.54, 0.28, 0.085, 0.035)),
    ]
}

pub fn great_helm() -> Vec<Part> {
    vec![
        body(path(
            "M0.26 0.8 L0.26 0.3 Q0.26 0.14 0.5 0.12 Q0.74 0.14 0.74 0.3 L0.74 0.8 Z",
        )),
        plinth(),
        accent(rounded(0.31, 0.38, 0.47, 0.45, 0.015)),
        accent(rounded(0.53, 0.38, 0.69, 0.45, 0.015)),
        accent(rounded(0.47, 0.2, 0.53, 0.74, 0.01)),
        detail(path("M0.34 0.58 L0.34 0.7")),
        detail(path("M0.66 0.58 L0.66 0.7")),
    ]
}

pub fn footman() -> Vec<Part> {
    figure(
        flare((0.42, 0.58, 0.44), (0.4, 0.6, 0.66), (0.3, 0.7, 0.79)),
        rounded(0.36, 0.4, 0.64, 0.48, 0.03),
        circle(0.5, 0.29, 0.13),
    )
}
