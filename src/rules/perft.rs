//! Perft: the number of leaves of the legal-move tree, counting repetitions and every other
//! end of the game as the game does (a finished position has no children).

use super::game::occurrences;
use super::{PositionText, Rules, Variant};

/// The leaves `depth` plies below `position`, whose history of repetition keys is `keys`
/// (its own last).
pub fn perft<V: Variant>(position: &V, depth: u32, keys: &mut Vec<u64>) -> u64 {
    // One move list per level, reused across siblings.
    let mut lists: Vec<Vec<V::Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    perft_level(position, depth, keys, &mut lists)
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
    lists: &mut [Vec<V::Move>],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((moves, deeper)) = lists.split_first_mut() else {
        return 0;
    };
    moves.clear();
    position.legal_moves(moves);
    let occ = occurrences(keys, position.reversible_plies());
    if position.outcome(!moves.is_empty(), occ).is_some() {
        return 0;
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for mv in moves.iter() {
        let mut child = position.clone();
        child.play(mv);
        keys.push(perft_key(&child, depth - 1, keys.len()));
        total += perft_level(&child, depth - 1, keys, deeper);
        keys.pop();
    }
    total
}

/// The key a perft node needs. A third occurrence needs at least eight reversible plies, so a
/// node whose reversible plies plus the depth left below it stay under eight can never take
/// part in one: it gets a stand-in unique on its path instead of a real key (hashing is a
/// large share of a perft's time).
fn perft_key<V: Rules + PositionText>(position: &V, depth_left: u32, path_len: usize) -> u64 {
    if position.reversible_plies() + depth_left >= 8 {
        position.repetition_key()
    } else {
        u64::MAX - path_len as u64
    }
}
