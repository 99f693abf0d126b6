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

/// perft(2) counted by hand through the public interface: each move's children, none after a
/// move that ends the game.
fn perft2_by_hand(game: &dyn herald::rules::AnyGame) -> u64 {
    game.legal_coordinates()
        .iter()
        .map(|mv| {
            let mut child = game.clone_box();
            child.play(mv).unwrap();
            child.legal_coordinates().len() as u64
        })
        .sum()
}

#[test]
fn perft_stops_at_a_third_repetition() {
    for (variant, shuffle, back) in [
        (
            VariantId::Epoch,
            "Tb1-d4 Tb13-d10 Td4-b1 Td10-b13 Tb1-d4 Tb13-d10 Td4-b1",
            "d10b13",
        ),
        (
            VariantId::Empire,
            "Eb1-b2 Nb8-c6 Eb2-b1 Nc6-b8 Eb1-b2 Nb8-c6 Eb2-b1",
            "c6b8",
        ),
    ] {
        let mut game = new_game(variant, None).unwrap();
        for mv in shuffle.split_whitespace() {
            game.play(mv).unwrap();
        }
        let by_hand = perft2_by_hand(&*game);
        assert_eq!(game.perft(2), by_hand, "{variant}");
        // The move back to the start position ends the game, so it adds nothing.
        let mut ended = game.clone_box();
        ended.play(back).unwrap();
        assert!(
            ended.outcome().is_some(),
            "{variant}: the third occurrence ends the game"
        );
        assert_eq!(ended.perft(1), 0);
    }
    // Chess perft follows the published tables instead: the drawn position has its 20 moves.
    let mut game = new_game(VariantId::Chess, None).unwrap();
    for mv in "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1".split_whitespace() {
        game.play(mv).unwrap();
    }
    assert_eq!(game.perft(2), perft2_by_hand(&*game) + 20);
    game.play("Ng8").unwrap();
    assert!(game.outcome().is_some());
    assert_eq!(game.perft(1), 20);
}
