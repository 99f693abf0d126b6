//! Internal consistency checks over random games: the fast reverse reading of check agrees
//! with its definition (the opponent, to move, has a pseudo-legal move that takes the Pope),
//! and the tracked Pope, Marshal and Emperor squares agree with the cells.

use super::board::CELLS;
use super::movegen::pseudo_legal;
use super::{Kind, Move, Position, Sq};
use crate::rules::{Color, MoveGen, PositionText};

/// Check by its definition in epoch.md section 3: give `foe` the move (its dormant Emperor
/// woken if it would wake at its turn start) and look for a move that removes the Pope.
fn check_by_definition(pos: &Position, side: Color) -> bool {
    let Some(pope) = pos.board.pope[side.index()] else {
        return false;
    };
    let mut probe = *pos;
    probe.turn = !side;
    probe.en_passant = None;
    probe.riposte = Default::default();
    if probe.board.emperor_would_wake(!side) {
        probe.board.awake[(!side).index()] = true;
    }
    let mut moves = Vec::new();
    pseudo_legal(&probe, &mut moves);
    moves.iter().any(|mv| match *mv {
        Move::Capture { to, .. } | Move::Promotion { to, .. } => to == pope,
        Move::AssassinCapture { victim, .. } => victim == pope,
        Move::Blast { at } => probe.board.blast_victims(!side, at).any(|s| s == pope),
        _ => false,
    })
}

fn tracked_squares_agree(pos: &Position) {
    let b = &pos.board;
    for color in Color::BOTH {
        for (kind, tracked) in [
            (Kind::Pope, b.pope[color.index()]),
            (Kind::Marshal, b.marshal[color.index()]),
            (Kind::Emperor, b.emperor[color.index()]),
        ] {
            let found: Vec<Sq> = (0..CELLS as Sq)
                .filter(|&s| b.at(s) == Some(super::Piece::new(color, kind)))
                .collect();
            assert_eq!(
                found,
                tracked.into_iter().collect::<Vec<_>>(),
                "{kind:?} of {color}"
            );
        }
    }
}

fn random_positions(games: u64, plies: usize, mut visit: impl FnMut(&Position)) {
    for seed in 1..=games {
        let mut rng = crate::engine::Rng::new(seed);
        let mut pos = Position::start();
        for _ in 0..plies {
            visit(&pos);
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play(&moves[rng.below(moves.len())]);
        }
    }
}

#[test]
fn check_reading_agrees_with_its_definition() {
    let mut checks = 0;
    random_positions(40, 250, |pos| {
        for side in Color::BOTH {
            let fast = pos.board.in_check(side);
            assert_eq!(
                fast,
                check_by_definition(pos, side),
                "{side} in {}",
                pos.to_text()
            );
            checks += fast as usize;
        }
    });
    assert!(
        checks > 50,
        "the games should give plenty of checks, saw {checks}"
    );
}

#[test]
fn legal_moves_never_leave_the_pope_takeable() {
    random_positions(12, 200, |pos| {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        for mv in &moves {
            let mut after = *pos;
            after.play(mv);
            assert!(
                !check_by_definition(&after, pos.turn),
                "{mv:?} in {}",
                pos.to_text()
            );
        }
    });
}

#[test]
fn tracked_squares_follow_the_pieces() {
    random_positions(30, 300, tracked_squares_agree);
}
