//! The yardsticks the engine is measured against in `herald engine match`: `random` plays a
//! uniformly random legal move (seeded), `greedy` the move with the best one-ply result (a
//! move that wins on the spot, else the best material and placement by the variant's
//! evaluation after the move, never one that loses on the spot; ties broken by the seeded
//! generator).

use super::{per_variant, replay, Evaluate, Rng, MATE};
use crate::rules::{AnyGame, Game};

/// A uniformly random legal move of `game` (coordinate form), drawn by `rng`; `None` when
/// the game is over.
pub fn random_move(game: &dyn AnyGame, rng: &mut Rng) -> Option<String> {
    let legal = game.legal_coordinates();
    (!legal.is_empty()).then(|| legal[rng.below(legal.len())].clone())
}

/// The greedy player's move in any game (coordinate form); `None` when the game is over.
pub fn greedy(game: &dyn AnyGame, rng: &mut Rng) -> Option<String> {
    fn typed<V: Evaluate>(game: &dyn AnyGame, rng: &mut Rng) -> Option<String> {
        let game = replay::<V>(game)?;
        if game.legal().is_empty() {
            return None;
        }
        let mv = greedy_move(&game, rng);
        Some(game.position().coordinate(&mv))
    }
    per_variant!(game.variant(), typed(game, rng))
}

/// The greedy player's move: see the module's documentation.
pub fn greedy_move<V: Evaluate>(game: &Game<V>, rng: &mut Rng) -> V::Move {
    let turn = game.position().turn();
    let mut best = Vec::new();
    let mut best_score = i32::MIN;
    for &mv in game.legal() {
        let mut after = game.clone();
        if after.play(mv).is_err() {
            continue;
        }
        let score = match after.outcome() {
            Some(o) => match o.winner() {
                Some(w) if w == turn => MATE,
                Some(_) => -MATE,
                None => 0,
            },
            None if after.position().turn() == turn => after.position().evaluate(),
            None => -after.position().evaluate(),
        };
        if score > best_score {
            best_score = score;
            best.clear();
        }
        if score == best_score {
            best.push(mv);
        }
    }
    match best.len() {
        0 => game.legal()[0],
        n => best[rng.below(n)],
    }
}
