//! Empire Chess's Imperial pieces (its Tower is Epoch's): the Eagle (Fantastic XIII's too),
//! the Cardinal, the Duke and the Soldier's shield.

use super::shapes::Seg::{C, L, Q};
use super::shapes::*;

/// The Kaiser: a closed imperial crown, its arch under an orb, jewels on its band.
pub fn kaiser() -> Vec<Part> {
    vec![
        body(rounded(0.27, 0.66, 0.73, 0.79, 0.03)),
        body(outline(
            (0.22, 0.56),
            &[
                C(0.22, 0.26, 0.38, 0.21, 0.5, 0.21),
                C(0.62, 0.21, 0.78, 0.26, 0.78, 0.56),
            ],
        )),
        body(poly(&[
            (0.14, 0.68),
            (0.14, 0.36),
            (0.26, 0.52),
            (0.74, 0.52),
            (0.86, 0.36),
            (0.86, 0.68),
        ])),
        body(circle(0.5, 0.13, 0.08)),
        plinth(),
        detail(line(&[(0.5, 0.22), (0.5, 0.52)])),
        detail(line(&[(0.36, 0.3), (0.34, 0.52)])),
        detail(line(&[(0.64, 0.3), (0.66, 0.52)])),
        detail(line(&[(0.44, 0.13), (0.56, 0.13)])),
        accent(circle(0.3, 0.6, 0.035)),
        accent(circle(0.5, 0.6, 0.035)),
        accent(circle(0.7, 0.6, 0.035)),
    ]
}

pub fn eagle() -> Vec<Part> {
    vec![
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
    ]
}

/// A cardinal's hat: a dome over a wide brim, a cross on the dome.
pub fn cardinal() -> Vec<Part> {
    vec![
        body(outline(
            (0.3, 0.58),
            &[Q(0.32, 0.3, 0.5, 0.3), Q(0.68, 0.3, 0.7, 0.58)],
        )),
        body(oval(0.1, 0.52, 0.9, 0.68)),
        body(rounded(0.36, 0.66, 0.64, 0.79, 0.03)),
        plinth(),
        detail(line(&[(0.2, 0.64), (0.2, 0.76)])),
        detail(line(&[(0.8, 0.64), (0.8, 0.76)])),
        accent(rounded(0.485, 0.36, 0.515, 0.52, 0.01)),
        accent(rounded(0.44, 0.41, 0.56, 0.44, 0.01)),
    ]
}

pub fn duke() -> Vec<Part> {
    vec![
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
    ]
}

pub fn shield() -> Vec<Part> {
    vec![
        plinth(),
        body(outline(
            (0.24, 0.16),
            &[
                L(0.76, 0.16),
                L(0.76, 0.42),
                Q(0.74, 0.66, 0.5, 0.8),
                Q(0.26, 0.66, 0.24, 0.42),
            ],
        )),
        accent(rounded(0.47, 0.24, 0.53, 0.66, 0.01)),
        accent(rounded(0.33, 0.36, 0.67, 0.42, 0.01)),
    ]
}
