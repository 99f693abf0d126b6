//! Empire Chess's Imperial pieces (its Tower is Epoch's): the Eagle (Fantastic XIII's too),
//! the Cardinal, the Duke and the Soldier's shield.

use super::shapes::*;

/// The Kaiser: a closed imperial crown, its arch under an orb, jewels on its band.
pub fn kaiser() -> Vec<Part> {
    vec![
        body(rounded(0.27, 0.66, 0.73, 0.79, 0.03)),
        body(path(
            "M0.22 0.56 C0.22 0.26 0.38 0.21 0.5 0.21 C0.62 0.21 0.78 0.26 0.78 0.56 Z",
        )),
        body(path(
            "M0.14 0.68 L0.14 0.36 L0.26 0.52 L0.74 0.52 L0.86 0.36 L0.86 0.68 Z",
        )),
        body(circle(0.5, 0.13, 0.08)),
        plinth(),
        detail(path("M0.5 0.22 L0.5 0.52")),
        detail(path("M0.36 0.3 L0.34 0.52")),
        detail(path("M0.64 0.3 L0.66 0.52")),
        detail(path("M0.44 0.13 L0.56 0.13")),
        accent(circle(0.3, 0.6, 0.035)),
        accent(circle(0.5, 0.6, 0.035)),
        accent(circle(0.7, 0.6, 0.035)),
    ]
}

pub fn eagle() -> Vec<Part> {
    vec![
        body(path(
            "M0.5 0.3 L0.86 0.14 L0.78 0.42 L0.62 0.5 L0.58 0.72 \
             L0.42 0.72 L0.38 0.5 L0.22 0.42 L0.14 0.14 Z",
        )),
        body(circle(0.5, 0.25, 0.09)),
        body(path("M0.43 0.22 L0.33 0.29 L0.45 0.3 Z")),
        plinth(),
        detail(path("M0.3 0.26 L0.44 0.4")),
        detail(path("M0.7 0.26 L0.56 0.4")),
        accent(circle(0.52, 0.23, 0.022)),
    ]
}

/// A cardinal's hat: a dome over a wide brim, a cross on the dome.
pub fn cardinal() -> Vec<Part> {
    vec![
        body(path("M0.3 0.58 Q0.32 0.3 0.5 0.3 Q0.68 0.3 0.7 0.58 Z")),
        body(oval(0.1, 0.52, 0.9, 0.68)),
        body(rounded(0.36, 0.66, 0.64, 0.79, 0.03)),
        plinth(),
        detail(path("M0.2 0.64 L0.2 0.76")),
        detail(path("M0.8 0.64 L0.8 0.76")),
        accent(rounded(0.485, 0.36, 0.515, 0.52, 0.01)),
        accent(rounded(0.44, 0.41, 0.56, 0.44, 0.01)),
    ]
}

pub fn duke() -> Vec<Part> {
    vec![
        body(rounded(0.3, 0.46, 0.7, 0.79, 0.04)),
        body(path(
            "M0.24 0.47 L0.24 0.34 L0.3 0.22 L0.37 0.34 L0.5 0.16 \
             L0.63 0.34 L0.7 0.22 L0.76 0.34 L0.76 0.47 Z",
        )),
        plinth(),
        accent(circle(0.5, 0.4, 0.035)),
        detail(path("M0.26 0.47 L0.74 0.47")),
        detail(path("M0.4 0.62 L0.6 0.62")),
    ]
}

pub fn shield() -> Vec<Part> {
    vec![
        plinth(),
        body(path(
            "M0.24 0.16 L0.76 0.16 L0.76 0.42 Q0.74 0.66 0.5 0.8 Q0.26 0.66 0.24 0.42 Z",
        )),
        accent(rounded(0.47, 0.24, 0.53, 0.66, 0.01)),
        accent(rounded(0.33, 0.36, 0.67, 0.42, 0.01)),
    ]
}
