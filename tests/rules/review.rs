//! The review's analysis through its public entry points: a missed mate in one is a blunder
//! and the punishment that follows is not marked, a forced move is never marked, and the
//! scores are the same however many positions a step searches, and every time.

use std::sync::atomic::AtomicBool;

use herald::engine::review::reviewer::Reviewer;
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
fn scores_are_the_same_in_steps_of_any_size_and_every_time() {
    for variant in [VariantId::Epoch, VariantId::Ageiou] {
        let mut game = new_game(variant, None).unwrap();
        for mv in seeded_game(variant, 5, 14) {
            game.play(&mv).unwrap();
        }
        let n = game.moves_played().len();
        let scores = |count: usize| {
            let mut reviewer = Reviewer::new(&*game, 2);
            while reviewer.step(count, false) {}
            reviewer.scores()
        };
        let whole = scores(100);
        assert_eq!(whole.len(), n + 1);
        assert_eq!(whole, scores(1), "{variant}");
        assert_eq!(whole, scores(3), "{variant}");
        assert_eq!(review::decode(&review::encode(&whole)), Some(whole.clone()));
        let judged = review::judge(&*game, &whole, 2);
        assert_eq!(
            judged,
            review::review(&*game, 2, &AtomicBool::new(false)),
            "{variant}"
        );
    }
}

#[test]
fn quiet_equal_moves_go_unmarked_and_a_piece_left_hanging_is_a_blunder_in_epoch() {
    let depth = review::depth(VariantId::Epoch);
    assert!(depth >= 4, "Epoch is reviewed {depth} plies deep");
    let stop = AtomicBool::new(false);
    // Four quiet Templar moves, each side's a mirror of the other's: nothing to mark.
    let shuffle = played(VariantId::Epoch, &["Tj2", "Tj12", "Tl1", "Tl13"]);
    let judged = review::review(&*shuffle, depth, &stop);
    let marks: Vec<Option<Mark>> = judged.plies.iter().map(|p| p.mark).collect();
    assert_eq!(marks, vec![None; 4], "{:?}", judged.plies);
    for color in [Color::White, Color::Black] {
        let tally = judged.tally(color);
        assert!(tally.average_loss < 50.0, "{color:?}: {tally:?}");
    }
    // 2. Ac7 puts White's Assassin where Black's Assassin jumps it: a blunder, and taking it
    // is no error.
    let hung = played(VariantId::Epoch, &["g7", "g8", "Ac7", "i13b6"]);
    let judged = review::review(&*hung, depth, &stop);
    let marks: Vec<Option<Mark>> = judged.plies.iter().map(|p| p.mark).collect();
    assert_eq!(
        marks,
        vec![None, None, Some(Mark::Blunder), None],
        "{:?}",
        judged.plies
    );
}

#[test]
fn a_mark_needs_the_deeper_search_to_agree() {
    // The deeper look is stored with the scores of each move that looked like an error.
    let moves = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Nc3", "Nxh5"];
    let game = played(VariantId::Chess, &moves);
    let mut reviewer = Reviewer::new(&*game, 3);
    while reviewer.step(2, false) {}
    let mut scored = reviewer.scores();
    assert!(scored[6].deep.is_some() && scored[7].deep_reply.is_some());
    assert_eq!(scored[0].deep, None, "1. e4 is no error");
    let marked = review::judge(&*game, &scored, 3).plies[6].mark;
    assert_eq!(marked, Some(Mark::Blunder));
    // Were the deeper search to find the move fine, it would not be marked.
    scored[6].deep = Some(0);
    scored[7].deep_reply = Some(0);
    assert_eq!(review::judge(&*game, &scored, 3).plies[6].mark, None);
}
