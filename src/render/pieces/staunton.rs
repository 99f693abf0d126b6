//! The Staunton-style pieces of standard chess, which Empire Chess, Fantastic XIII and AGEIOU
//! borrow from.

use super::shapes::*;

pub fn king() -> Vec<Part> {
    vec![
        body(cross((0.46, 0.54), (0.39, 0.61), [0.03, 0.1, 0.17, 0.33])),
        body(path(
            "M0.28 0.7 Q0.14 0.36 0.36 0.33 Q0.47 0.32 0.5 0.42 \
             Q0.53 0.32 0.64 0.33 Q0.86 0.36 0.72 0.7 Z",
        )),
        body(rounded(0.27, 0.67, 0.73, 0.78, 0.03)),
        plinth(),
        detail(path("M0.5 0.42 L0.5 0.67")),
    ]
}

pub fn queen() -> Vec<Part> {
    let band = rounded(0.28, 0.66, 0.72, 0.78, 0.03);
    let mut parts = coronet(
        [(0.3, 0.68), (0.2, 0.3), (0.36, 0.48), (0.42, 0.22)],
        0.44,
        0.05,
    );
    parts.extend([body(circle(0.5, 0.36, 0.045)), body(band), plinth()]);
    parts
}

pub fn rook() -> Vec<Part> {
    let mut parts = keep((0.19, 0.34), (0.23, 0.79), [0.22, 0.33, 0.44], 0.13, 0.21);
    parts.push(detail(path("M0.29 0.68 L0.71 0.68")));
    parts
}

pub fn bishop() -> Vec<Part> {
    vec![
        body(circle(0.5, 0.1, 0.06)),
        body(path("M0.32 0.7 Q0.22 0.4 0.5 0.17 Q0.78 0.4 0.68 0.7 Z")),
        body(rounded(0.3, 0.68, 0.7, 0.76, 0.03)),
        plinth(),
        detail(path("M0.56 0.32 L0.47 0.46")),
        detail(path("M0.44 0.52 L0.56 0.52")),
        detail(path("M0.5 0.46 L0.5 0.58")),
    ]
}

pub fn knight() -> Vec<Part> {
    vec![
        body(path(
            "M0.72 0.79 L0.69 0.52 L0.73 0.33 L0.63 0.17 L0.52 0.13 L0.47 0.05 L0.42 0.15 \
             L0.3 0.24 L0.16 0.42 L0.2 0.51 L0.31 0.48 L0.43 0.42 L0.35 0.6 L0.28 0.79 Z",
        )),
        plinth(),
        accent(circle(0.42, 0.27, 0.03)),
        detail(path("M0.62 0.22 L0.66 0.36 L0.63 0.52")),
    ]
}

pub fn pawn() -> Vec<Part> {
    figure(
        flare((0.41, 0.59, 0.46), (0.4, 0.6, 0.66), (0.27, 0.73, 0.79)),
        rounded(0.35, 0.42, 0.65, 0.49, 0.035),
        circle(0.5, 0.3, 0.14),
    )
}
