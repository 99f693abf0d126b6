//! Position identity for repetition: a 64-bit key folded from a position's bytes with the
//! splitmix64 finaliser, fast enough for every perft node and well mixed, so two different
//! positions of one game share a key with odds of about one in 2^64 per pair.

use super::{Piece, PieceKind};

/// Builds a key word by word.
#[derive(Clone, Copy, Debug)]
pub struct KeyBuilder(u64);

/// The splitmix64 finaliser: every bit of `z` spread over every bit of the answer.
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Default for KeyBuilder {
    fn default() -> Self {
        KeyBuilder(0x243f_6a88_85a3_08d3)
    }
}

impl KeyBuilder {
    pub fn word(&mut self, w: u64) {
        self.0 = mix(self.0.rotate_left(23) ^ w);
    }

    /// Adds bytes eight at a time, then their count (so a shorter input never equals a
    /// longer one padded with zeros).
    pub fn bytes(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.word(u64::from_le_bytes([
                c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7],
            ]));
        }
        let mut last = [0u8; 8];
        let rest = chunks.remainder();
        last[..rest.len()].copy_from_slice(rest);
        self.word(u64::from_le_bytes(last));
        self.word(bytes.len() as u64);
    }

    /// Adds a placement: a byte a cell (of at most 256), 0 for an empty one.
    pub fn cells<K: PieceKind>(&mut self, cells: &[Option<Piece<K>>]) {
        let mut bytes = [0u8; 256];
        for (b, cell) in bytes.iter_mut().zip(cells) {
            *b = cell.map_or(0, Piece::code);
        }
        self.bytes(&bytes[..cells.len()]);
    }

    pub fn finish(self) -> u64 {
        mix(self.0)
    }
}

/// How often the last key occurs among the positions that can still repeat (the count every
/// variant's [`super::Rules::outcome`] is given; the engine counts as the game does).
pub fn occurrences(keys: &[u64], reversible_plies: u32) -> usize {
    let Some(&last) = keys.last() else { return 0 };
    let window = (reversible_plies as usize + 1).min(keys.len());
    keys[keys.len() - window..]
        .iter()
        .rev()
        .step_by(2)
        .filter(|&&k| k == last)
        .count()
}

#[cfg(test)]
mod tests {
    use super::{occurrences, KeyBuilder};

    #[test]
    fn occurrences_count_same_side_positions_within_the_window() {
        // keys: A B A B A  -> the last A occurs three times
        assert_eq!(occurrences(&[1, 2, 1, 2, 1], 10), 3);
        // an irreversible move two plies ago hides the older ones
        assert_eq!(occurrences(&[1, 2, 1, 2, 1], 2), 2);
        assert_eq!(occurrences(&[7], 0), 1);
    }

    fn key(bytes: &[u8]) -> u64 {
        let mut k = KeyBuilder::default();
        k.bytes(bytes);
        k.finish()
    }

    #[test]
    fn every_byte_and_the_length_count() {
        let base = [0u8; 64];
        let k0 = key(&base);
        for i in 0..64 {
            let mut b = base;
            b[i] = 1;
            assert_ne!(key(&b), k0, "byte {i}");
        }
        assert_ne!(key(&[0; 7]), key(&[0; 8]));
        assert_eq!(key(&[1, 2, 3]), key(&[1, 2, 3]));
    }
}
