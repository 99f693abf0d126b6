//! The transposition table: one entry a slot, indexed by the low bits of the position's key
//! and checked against the whole key, replaced when the new search is at least as deep or the
//! slot holds another position. Lock-free, so the threads of one search share it: a slot is two
//! atomic words, the entry's data and the key XOR the data, and an entry torn by two writers
//! fails the key check and reads as missing. The move is stored as its index in the position's
//! list of legal moves, which a reader takes from its own list: a collision can never yield an
//! illegal move.

use std::sync::atomic::{AtomicU64, Ordering};

use super::MATE_BOUND;

/// What a stored score says about the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this (a beta cutoff).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: u64,
    pub depth: i32,
    pub score: i32,
    pub bound: Bound,
    /// The best move's index in the legal moves as the rules generate them.
    pub mv: Option<usize>,
}

impl Entry {
    /// score: 16 bits, depth: 8, bound: 8, move: 16 (all ones for none).
    fn pack(&self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let mv = self.mv.map_or(0xFFFF, |i| i.min(0xFFFE) as u64);
        u64::from(self.score.clamp(-32_767, 32_767) as i16 as u16)
            | (self.depth.clamp(0, 255) as u64) << 16
            | bound << 24
            | mv << 32
    }

    fn unpack(key: u64, data: u64) -> Option<Entry> {
        let bound = match (data >> 24) & 0xFF {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        let mv = ((data >> 32) & 0xFFFF) as usize;
        Some(Entry {
            key,
            score: i32::from(data as u16 as i16),
            depth: ((data >> 16) & 0xFF) as i32,
            bound,
            mv: (mv != 0xFFFF).then_some(mv),
        })
    }
}

pub struct Table {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` slots.
    pub fn new(bits: u32) -> Table {
        let len = 1usize << bits;
        Table {
            slots: (0..len)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            mask: len - 1,
        }
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        let data = slot[1].load(Ordering::Relaxed);
        let check = slot[0].load(Ordering::Relaxed) ^ data;
        (check == key).then(|| Entry::unpack(key, data)).flatten()
    }

    pub fn store(&self, entry: Entry) {
        let slot = &self.slots[entry.key as usize & self.mask];
        let old_data = slot[1].load(Ordering::Relaxed);
        let old_key = slot[0].load(Ordering::Relaxed) ^ old_data;
        let replace = match Entry::unpack(old_key, old_data) {
            Some(old) => old.key != entry.key || entry.depth >= old.depth,
            None => true,
        };
        if replace {
            let data = entry.pack();
            slot[0].store(entry.key ^ data, Ordering::Relaxed);
            slot[1].store(data, Ordering::Relaxed);
        }
    }
}

/// A score as stored: mate scores count from this node, not from the root.
pub fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score as seen `ply` plies below the root.
pub fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_read_back_and_others_miss() {
        let table = Table::new(4);
        let entry = Entry {
            key: 0xDEAD_BEEF_0000_0003,
            depth: 7,
            score: -29_990,
            bound: Bound::Upper,
            mv: Some(41),
        };
        table.store(entry);
        assert_eq!(table.probe(entry.key), Some(entry));
        assert_eq!(table.probe(entry.key ^ 0x100), None);
        // A shallower search of the same position does not replace it; another position does.
        table.store(Entry { depth: 3, ..entry });
        assert_eq!(table.probe(entry.key).map(|e| e.depth), Some(7));
        let other = Entry {
            key: 0x13,
            mv: None,
            ..entry
        };
        table.store(other);
        assert_eq!(table.probe(other.key), Some(other));
        assert_eq!(table.probe(entry.key), None);
    }
}
