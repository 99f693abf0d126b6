//! Perft: the number of leaves of the legal-move tree. A position with no legal move has no
//! children; a variant with [`Rules::STANDARD_PERFT`] (chess) counts on through every other
//! end of the game, as the published tables do, and every other variant ends the count where
//! its game ends (repetitions, the no-progress rule, material).

use super::key::occurrences;
use super::{PositionText, Rules, Variant};

/// The leaves `depth` plies below `position`, whose history of repetition keys is `keys`
/// (its own last).
pub fn perft<V: Variant>(position: &V, depth: u32, keys: &mut Vec<u64>) -> u64 {
    // One move list per level reached, reused across siblings: made as the levels are, so
    // memory follows the tree's real depth, not the depth asked for.
    let mut lists: Vec<Vec<V::Move>> = Vec::new();
    perft_level(position, depth, keys, &mut lists, 0)
}

/// The perft count below each of the `legal` moves of `position`, by the move's coordinate
/// form, sorted.
pub fn divide<V: Variant>(
    position: &V,
    legal: &[V::Move],
    depth: u32,
    keys: &mut Vec<u64>,
) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut lines: Vec<(String, u64)> = legal
        .iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play(mv);
            keys.push(child.repetition_key());
            let n = perft(&child, depth - 1, keys);
            keys.pop();
            (position.coordinate(mv), n)
        })
        .collect();
    lines.sort();
    lines
}

fn perft_level<V: Variant>(
    position: &V,
    depth: u32,
    keys: &mut Vec<u64>,
    lists: &mut Vec<Vec<V::Move>>,
    level: usize,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if lists.len() == level {
        lists.push(Vec::with_capacity(128));
    }
    let mut moves = std::mem::take(&mut lists[level]);
    moves.clear();
    position.legal_moves(&mut moves);
    let finished = !V::STANDARD_PERFT && {
        let occ = occurrences(keys, position.reversible_plies());
        position.outcome(!moves.is_empty(), occ).is_some()
    };
    let total = if finished {
        0
    } else if depth == 1 {
        moves.len() as u64
    } else {
        let mut total = 0;
        for mv in &moves {
            let mut child = position.clone();
            child.play(mv);
            if V::STANDARD_PERFT {
                total += perft_level(&child, depth - 1, keys, lists, level + 1);
            } else {
                keys.push(perft_key(&child, depth - 1, keys.len()));
                total += perft_level(&child, depth - 1, keys, lists, level + 1);
                keys.pop();
            }
        }
        total
    };
    lists[level] = moves;
    total
}

/// The key a perft node needs. A third occurrence needs at least eight reversible plies, so a
/// node whose reversible plies plus the depth left below it stay under eight can never take
/// part in one: it gets a stand-in unique on its path instead of a real key (hashing is a
/// large share of a perft's time).
fn perft_key<V: Rules + PositionText>(position: &V, depth_left: u32, path_len: usize) -> u64 {
    if position.reversible_plies().saturating_add(depth_left) >= 8 {
        position.repetition_key()
    } else {
        u64::MAX - path_len as u64
    }
}
