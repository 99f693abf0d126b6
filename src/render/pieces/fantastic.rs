//! Fantastic XIII's own pieces (its King, Pawn and Eagle are the Staunton and Empire ones).

use super::shapes::Seg::{C, L};
use super::shapes::*;

/// A prince's coronet: a fleur-de-lis rising from a circlet, a pearl at either end.
pub fn prince() -> Vec<Part> {
    let petal = outline(
        (0.46, 0.54),
        &[
            C(0.28, 0.54, 0.12, 0.44, 0.15, 0.29),
            C(0.17, 0.18, 0.31, 0.17, 0.33, 0.28),
            C(0.34, 0.36, 0.4, 0.4, 0.46, 0.38),
        ],
    );
    vec![
        body(flare(
            (0.42, 0.58, 0.62),
            (0.4, 0.6, 0.72),
            (0.3, 0.7, 0.79),
        )),
        body(mirror(&petal)),
        body(petal),
        body(outline(
            (0.43, 0.52),
            &[
                C(0.38, 0.36, 0.44, 0.2, 0.5, 0.08),
                C(0.56, 0.2, 0.62, 0.36, 0.57, 0.52),
            ],
        )),
        body(rounded(0.24, 0.5, 0.76, 0.62, 0.04)),
        plinth(),
        accent(circle(0.5, 0.56, 0.03)),
    ]
}

/// A hulking troll, a great knobbed club raised over its shoulder.
pub fn troll() -> Vec<Part> {
    vec![
        body(outline(
            (0.6, 0.62),
            &[
                L(0.7, 0.64),
                L(0.8, 0.3),
                C(0.92, 0.24, 0.9, 0.04, 0.76, 0.06),
                C(0.62, 0.08, 0.64, 0.24, 0.7, 0.28),
            ],
        )),
        body(outline(
            (0.14, 0.8),
            &[
                C(0.1, 0.5, 0.2, 0.36, 0.42, 0.36),
                C(0.64, 0.36, 0.74, 0.5, 0.72, 0.8),
            ],
        )),
        body(poly(&[(0.3, 0.26), (0.14, 0.2), (0.3, 0.34)])),
        body(poly(&[(0.54, 0.26), (0.68, 0.18), (0.54, 0.34)])),
        body(circle(0.42, 0.3, 0.13)),
        body(circle(0.66, 0.6, 0.07)),
        plinth(),
        accent(circle(0.37, 0.27, 0.025)),
        accent(circle(0.47, 0.27, 0.025)),
        detail(line(&[(0.36, 0.37), (0.48, 0.37)])),
        detail(line(&[(0.3, 0.52), (0.38, 0.62)])),
    ]
}

/// A raised serpent with a forked tongue.
pub fn snake() -> Vec<Part> {
    vec![
        plinth(),
        body(outline(
            (0.2, 0.78),
            &[
                C(0.2, 0.6, 0.7, 0.68, 0.66, 0.5),
                C(0.62, 0.36, 0.34, 0.44, 0.36, 0.26),
                L(0.5, 0.26),
                C(0.5, 0.36, 0.8, 0.34, 0.8, 0.52),
                C(0.8, 0.76, 0.4, 0.7, 0.36, 0.78),
            ],
        )),
        body(oval(0.3, 0.12, 0.58, 0.3)),
        detail(line(&[(0.3, 0.2), (0.2, 0.2), (0.14, 0.15)])),
        detail(line(&[(0.2, 0.2), (0.14, 0.25)])),
        accent(circle(0.41, 0.18, 0.025)),
    ]
}

/// A hull with a mast and a sail.
pub fn ship() -> Vec<Part> {
    vec![
        body(trapezoid((0.12, 0.88, 0.62), (0.26, 0.74, 0.82))),
        body(rounded(0.48, 0.08, 0.53, 0.63, 0.01)),
        body(poly(&[(0.55, 0.12), (0.82, 0.56), (0.55, 0.56)])),
        body(poly(&[(0.46, 0.2), (0.46, 0.56), (0.22, 0.56)])),
        detail(line(&[(0.2, 0.71), (0.8, 0.71)])),
    ]
}

/// A sitting squirrel under its great curled tail.
pub fn squirrel() -> Vec<Part> {
    let tail = outline(
        (0.56, 0.78),
        &[
            C(0.9, 0.74, 0.92, 0.4, 0.82, 0.24),
            C(0.74, 0.1, 0.54, 0.14, 0.62, 0.3),
            C(0.72, 0.42, 0.74, 0.6, 0.56, 0.64),
        ],
    );
    let sitting = outline(
        (0.3, 0.78),
        &[
            C(0.24, 0.6, 0.3, 0.46, 0.4, 0.42),
            C(0.56, 0.44, 0.64, 0.62, 0.6, 0.78),
        ],
    );
    vec![
        plinth(),
        body(tail),
        body(sitting),
        body(circle(0.37, 0.34, 0.11)),
        body(poly(&[(0.33, 0.26), (0.34, 0.14), (0.42, 0.24)])),
        accent(circle(0.33, 0.32, 0.022)),
    ]
}

/// A hawk in profile, wings folded, with a hooked beak.
pub fn hawk() -> Vec<Part> {
    vec![
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
    ]
}

/// A mammoth's head: great ears, a hanging trunk and curved tusks.
pub fn mammoth() -> Vec<Part> {
    vec![
        body(oval(0.12, 0.2, 0.4, 0.58)),
        body(oval(0.6, 0.2, 0.88, 0.58)),
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
        accent(poly(&[(0.45, 0.52), (0.55, 0.52), (0.5, 0.57)])),
        detail(line(&[(0.38, 0.44), (0.42, 0.62)])),
        detail(line(&[(0.62, 0.44), (0.58, 0.62)])),
        accent(circle(0.3, 0.56, 0.02)),
        accent(circle(0.7, 0.56, 0.02)),
        accent(circle(0.5, 0.3, 0.02)),
    ]
}

/// A rhinoceros's heavy head in profile: a great nose horn and a small one.
pub fn rhinoceros() -> Vec<Part> {
    vec![
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
    ]
}

/// A wolf's head howling up, with pointed ears.
pub fn direwolf() -> Vec<Part> {
    vec![
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
    ]
}
