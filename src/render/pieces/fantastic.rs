//! Fantastic XIII's own pieces (its King, Pawn and Eagle are the Staunton and Empire ones).

use super::shapes::*;

/// A prince's coronet: a fleur-de-lis rising from a circlet, a pearl at either end.
pub fn prince() -> Vec<Part> {
    let petal = path(
        "M0.46 0.54 C0.28 0.54 0.12 0.44 0.15 0.29 \
         C0.17 0.18 0.31 0.17 0.33 0.28 C0.34 0.36 0.4 0.4 0.46 0.38 Z",
    );
    vec![
        body(flare(
            (0.42, 0.58, 0.62),
            (0.4, 0.6, 0.72),
            (0.3, 0.7, 0.79),
        )),
        body(mirror(&petal)),
        body(petal),
        body(path(
            "M0.43 0.52 C0.38 0.36 0.44 0.2 0.5 0.08 C0.56 0.2 0.62 0.36 0.57 0.52 Z",
        )),
        body(rounded(0.24, 0.5, 0.76, 0.62, 0.04)),
        plinth(),
        accent(circle(0.5, 0.56, 0.03)),
    ]
}

/// A hulking troll, a great knobbed club raised over its shoulder.
pub fn troll() -> Vec<Part> {
    vec![
        body(path(
            "M0.6 0.62 L0.7 0.64 L0.8 0.3 C0.92 0.24 0.9 0.04 0.76 0.06 \
             C0.62 0.08 0.64 0.24 0.7 0.28 Z",
        )),
        body(path(
            "M0.14 0.8 C0.1 0.5 0.2 0.36 0.42 0.36 C0.64 0.36 0.74 0.5 0.72 0.8 Z",
        )),
        body(path("M0.3 0.26 L0.14 0.2 L0.3 0.34 Z")),
        body(path("M0.54 0.26 L0.68 0.18 L0.54 0.34 Z")),
        body(circle(0.42, 0.3, 0.13)),
        body(circle(0.66, 0.6, 0.07)),
        plinth(),
        accent(circle(0.37, 0.27, 0.025)),
        accent(circle(0.47, 0.27, 0.025)),
        detail(path("M0.36 0.37 L0.48 0.37")),
        detail(path("M0.3 0.52 L0.38 0.62")),
    ]
}

/// A raised serpent with a forked tongue.
pub fn snake() -> Vec<Part> {
    vec![
        plinth(),
        body(path(
            "M0.2 0.78 C0.2 0.6 0.7 0.68 0.66 0.5 C0.62 0.36 0.34 0.44 0.36 0.26 \
             L0.5 0.26 C0.5 0.36 0.8 0.34 0.8 0.52 C0.8 0.76 0.4 0.7 0.36 0.78 Z",
        )),
        body(oval(0.3, 0.12, 0.58, 0.3)),
        detail(path("M0.3 0.2 L0.2 0.2 L0.14 0.15")),
        detail(path("M0.2 0.2 L0.14 0.25")),
        accent(circle(0.41, 0.18, 0.025)),
    ]
}

/// A hull with a mast and a sail.
pub fn ship() -> Vec<Part> {
    vec![
        body(trapezoid((0.12, 0.88, 0.62), (0.26, 0.74, 0.82))),
        body(rounded(0.48, 0.08, 0.53, 0.63, 0.01)),
        body(path("M0.55 0.12 L0.82 0.56 L0.55 0.56 Z")),
        body(path("M0.46 0.2 L0.46 0.56 L0.22 0.56 Z")),
        detail(path("M0.2 0.71 L0.8 0.71")),
    ]
}

/// A sitting squirrel under its great curled tail.
pub fn squirrel() -> Vec<Part> {
    let tail = path(
        "M0.56 0.78 C0.9 0.74 0.92 0.4 0.82 0.24 \
         C0.74 0.1 0.54 0.14 0.62 0.3 C0.72 0.42 0.74 0.6 0.56 0.64 Z",
    );
    let sitting = path("M0.3 0.78 C0.24 0.6 0.3 0.46 0.4 0.42 C0.56 0.44 0.64 0.62 0.6 0.78 Z");
    vec![
        plinth(),
        body(tail),
        body(sitting),
        body(circle(0.37, 0.34, 0.11)),
        body(path("M0.33 0.26 L0.34 0.14 L0.42 0.24 Z")),
        accent(circle(0.33, 0.32, 0.022)),
    ]
}

/// A hawk in profile, wings folded, with a hooked beak.
pub fn hawk() -> Vec<Part> {
    vec![
        body(path(
            "M0.42 0.3 L0.66 0.34 L0.74 0.56 L0.7 0.78 L0.44 0.78 L0.36 0.52 Z",
        )),
        body(circle(0.42, 0.26, 0.12)),
        body(path("M0.3 0.22 L0.18 0.3 L0.24 0.34 L0.32 0.32 Z")),
        plinth(),
        detail(path("M0.48 0.44 L0.64 0.72")),
        accent(circle(0.4, 0.23, 0.025)),
    ]
}

/// A mammoth's head: great ears, a hanging trunk and curved tusks.
pub fn mammoth() -> Vec<Part> {
    vec![
        body(oval(0.12, 0.2, 0.4, 0.58)),
        body(oval(0.6, 0.2, 0.88, 0.58)),
        body(circle(0.5, 0.34, 0.2)),
        body(path(
            "M0.43 0.46 L0.57 0.46 L0.56 0.74 L0.62 0.8 L0.48 0.8 L0.44 0.72 Z",
        )),
        plinth(),
        detail(path("M0.4 0.52 L0.3 0.64 L0.34 0.72")),
        detail(path("M0.6 0.52 L0.7 0.64 L0.66 0.72")),
        accent(circle(0.42, 0.32, 0.025)),
        accent(circle(0.58, 0.32, 0.025)),
    ]
}

/// A cat's head with round ears and spots.
pub fn cheetah() -> Vec<Part> {
    vec![
        body(circle(0.3, 0.22, 0.08)),
        body(circle(0.7, 0.22, 0.08)),
        body(oval(0.2, 0.2, 0.8, 0.7)),
        plinth(),
        body(rounded(0.38, 0.66, 0.62, 0.79, 0.03)),
        accent(circle(0.38, 0.4, 0.035)),
        accent(circle(0.62, 0.4, 0.035)),
        accent(path("M0.45 0.52 L0.55 0.52 L0.5 0.57 Z")),
        detail(path("M0.38 0.44 L0.42 0.62")),
        detail(path("M0.62 0.44 L0.58 0.62")),
        accent(circle(0.3, 0.56, 0.02)),
        accent(circle(0.7, 0.56, 0.02)),
        accent(circle(0.5, 0.3, 0.02)),
    ]
}

/// A rhinoceros's heavy head in profile: a great nose horn and a small one.
pub fn rhinoceros() -> Vec<Part> {
    vec![
        body(circle(0.72, 0.4, 0.07)),
        body(path(
            "M0.12 0.62 L0.16 0.52 L0.34 0.44 L0.6 0.38 L0.8 0.44 \
             L0.88 0.62 L0.82 0.79 L0.36 0.79 L0.24 0.68 Z",
        )),
        body(path("M0.15 0.54 L0.12 0.2 L0.3 0.48 Z")),
        body(path("M0.34 0.45 L0.36 0.32 L0.44 0.43 Z")),
        plinth(),
        accent(circle(0.54, 0.5, 0.03)),
        detail(path("M0.2 0.64 L0.3 0.66")),
        detail(path("M0.6 0.62 L0.66 0.74")),
    ]
}

/// A wolf's head howling up, with pointed ears.
pub fn direwolf() -> Vec<Part> {
    vec![
        body(path(
            "M0.28 0.79 L0.3 0.5 L0.38 0.3 L0.36 0.12 L0.46 0.24 L0.52 0.22 L0.6 0.08 \
             L0.62 0.28 L0.84 0.38 L0.82 0.46 L0.62 0.48 L0.66 0.6 L0.72 0.79 Z",
        )),
        plinth(),
        accent(path("M0.52 0.34 L0.6 0.32 L0.56 0.38 Z")),
        detail(path("M0.66 0.44 L0.8 0.42")),
        detail(path("M0.4 0.56 L0.46 0.68 L0.52 0.58")),
    ]
}
