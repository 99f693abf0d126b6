//! The seeded games of the tests and benchmarks, picked by the library's one seeded generator,
//! so every random game replays exactly from its seed.

use herald::rules::{new_game, VariantId};

/// The library's generator (xorshift64*), under the name the tests use.
pub type Seeded = herald::engine::Rng;

/// A legal game of up to `plies` moves from the start, in coordinates, chosen by a seeded
/// generator; shorter when the game ends first.
pub fn seeded_game(variant: VariantId, seed: u64, plies: usize) -> Vec<String> {
    let mut rng = Seeded::new(seed);
    let Ok(mut game) = new_game(variant, None) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for _ in 0..plies {
        let moves = game.legal_coordinates();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())].clone();
        if game.play(&mv).is_err() {
            break;
        }
        out.push(mv);
    }
    out
}
