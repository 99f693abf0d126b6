//! The review's analysis through its public entry points: a missed mate in one is a blunder
//! and the punishment that follows is not marked, a forced move is never marked, and the
//! scores are the same however the positions are split into calls, and every time.

use std::sync::atomic::AtomicBool;

use herald::engine::review::{self, Mark};
use herald::rules::{new_game, AnyGame, Color, VariantId};

use crate::support::seeded::seeded_game;

fn played(variant: VariantId, moves: &[&str]) -> Box<dyn AnyGame> {
    let mut game = new_game(variant, None).unwrap();
    for mv in moves {
        game.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    game
}

#[test]
fn a_missed_mate_in_one_is_a_blunder_and_its_punishment_is_not_marked() {
    // 3... Nf6 allows Qxf7#; 4. Nc3 misses it and leaves the queen to 4... Nxh5.
    let moves = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Nc3", "Nxh5"];
    let game = played(VariantId::Chess, &moves);
    let judged = review::review(&*game, 3, &AtomicBool::new(false));
    assert_eq!(judged.plies.len(), moves.len());
    let marks: Vec<Option<Mark>> = judged.plies.iter().map(|p| p.mark).collect();
    assert_eq!(marks[5], Some(Mark::Blunder), "3... Nf6: {marks:?}");
    assert_eq!(
        marks[6],
        Some(Mark::Blunder),
        "4. Nc3 misses the mate: {marks:?}"
    );
    assert_eq!(marks[7], None, "4... Nxh5 takes what was left: {marks:?}");
    assert_eq!(judged.plies[6].best.as_deref(), Some("Qxf7#"));
    assert!(judged.plies[6].before > herald::engine::MATE_BOUND);
    let white = judged.tally(Color::White);
    assert_eq!((white.moves, white.blunders), (4, 1));
    assert!(white.average_loss > 200.0, "{white:?}");
    // The chart's chances: White's, from the start to the end, within -1 and 1.
    assert_eq!(judged.white_chances.len(), moves.len() + 1);
    assert!(judged.white_chances[6] > 0.9, "{:?}", judged.white_chances);
    assert!(judged.white_chances[8] < -0.5, "{:?}", judged.white_chances);
}

#[test]
fn a_forced_move_is_never_marked() {
    // 2... g6 is the only move out of check; 3. Qxg6+ hxg6, the only reply again.
    let game = played(
        VariantId::Chess,
        &["e4", "f5", "Qh5+", "g6", "Qxg6+", "hxg6"],
    );
    let judged = review::review(&*game, 3, &AtomicBool::new(false));
    for i in [3, 5] {
        assert!(judged.plies[i].forced, "ply {i}");
        assert_eq!(judged.plies[i].mark, None, "ply {i}");
    }
    assert_eq!(judged.plies[4].mark, Some(Mark::Blunder));
}

#[test]
fn scores_are_the_same_split_or_whole_and_every_time() {
    for variant in [VariantId::Epoch, VariantId::Ageiou] {
        let mut game = new_game(variant, None).unwrap();
        for mv in seeded_game(variant, 5, 14) {
            game.play(&mv).unwrap();
        }
        let n = game.moves_played().len();
        let stop = AtomicBool::new(false);
        let whole = review::score_positions(&*game, 0..n + 1, 2, &stop);
        assert_eq!(whole.len(), n + 1);
        let mut split = review::score_positions(&*game, 0..5, 2, &stop);
        split.extend(review::score_positions(&*game, 5..n + 1, 2, &stop));
        assert_eq!(whole, split, "{variant}");
        assert_eq!(review::decode(&review::encode(&whole)), Some(whole.clone()));
        let judged = review::judge(&*game, &whole, 2);
        assert_eq!(judged, review::review(&*game, 2, &stop), "{variant}");
    }
}
