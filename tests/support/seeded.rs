//! The one seeded generator of the tests and benchmarks, so every random game replays exactly
//! from its seed.

use herald::rules::{new_game, VariantId};

/// xorshift64*: small, fast, and good enough to pick moves.
pub struct Seeded(u64);

impl Seeded {
    /// A generator for `seed`; any seed works, 0 included.
    pub fn new(seed: u64) -> Seeded {
        Seeded(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number from 0 to `n - 1`; `n` must not be 0.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

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
