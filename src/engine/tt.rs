//! The transposition table: one entry a slot, indexed by the low bits of the position's key
//! and checked against the whole key, replaced when the new search is at least as deep or the
//! slot holds another position.

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

#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    pub key: u64,
    pub depth: i32,
    pub score: i32,
    pub bound: Bound,
    pub mv: Option<M>,
}

pub struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
}

impl<M: Copy> Table<M> {
    /// A table of `2^bits` slots.
    pub fn new(bits: u32) -> Table<M> {
        let len = 1usize << bits;
        Table {
            slots: vec![None; len],
            mask: len - 1,
        }
    }

    pub fn probe(&self, key: u64) -> Option<&Entry<M>> {
        self.slots[key as usize & self.mask]
            .as_ref()
            .filter(|e| e.key == key)
    }

    pub fn store(&mut self, entry: Entry<M>) {
        let slot = &mut self.slots[entry.key as usize & self.mask];
        let replace = match slot {
            Some(old) => old.key != entry.key || entry.depth >= old.depth,
            None => true,
        };
        if replace {
            *slot = Some(entry);
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
