//! Perft of the Epoch start position. Depths 1 and 2 are fixed by epoch.md section 8; deeper
//! counts are this engine's own figures, kept as regression guards (no independent reference
//! exists yet). Depth 4 takes several seconds: run it with `cargo test -- --ignored`.

use herald::rules::{new_game, VariantId};

fn perft(depth: u32) -> u64 {
    new_game(VariantId::Epoch, None).unwrap().perft(depth)
}

#[test]
fn start_position_depths_one_and_two_match_the_rules_file() {
    assert_eq!(perft(1), 81);
    assert_eq!(perft(2), 6548);
}

#[test]
fn start_position_depth_three_regression() {
    assert_eq!(perft(3), 553_349);
}

#[test]
#[ignore = "several seconds; run with --ignored"]
fn start_position_depth_four_regression() {
    assert_eq!(perft(4), 46_665_478);
}

#[test]
fn divide_sums_to_perft_at_depth_three() {
    let game = new_game(VariantId::Epoch, None).unwrap();
    let divide = game.divide(3);
    assert_eq!(divide.len(), 81);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 553_349);
}
