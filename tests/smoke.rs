mod common;
use common::*;

#[test]
fn helper_builds_positions() {
    let g = white("Pg1 pg13 Hc1");
    assert!(has(&*g, "c1d2"));
    assert_eq!(targets(&*g, "g1"), vec!["f1", "f2", "g2", "h1", "h2"]);
}
