//! FIDE's Dutch system (Handbook C.04.3, the rules in force from 2026): who plays whom in a
//! Swiss round, and with which colour.
//!
//! The rules rank every possible round pairing by a list of criteria, each deciding only where
//! all before it tie: the absolute criteria (no rematch, no two players with the same absolute
//! colour preference, one bye at most and only to a player who has had no point without
//! playing), completion, then the quality criteria bracket by bracket from the top score
//! (most pairs, highest scores paired, the bye to the player with fewest unplayed games,
//! colour preferences met, no float repeated from the last two rounds), and finally the
//! order in which the rules generate candidates (moved-down players, exchanges, transpositions).
//!
//! As FIDE-endorsed programs do, this finds the pairing by maximum-weight matching: each
//! possible game gets a weight whose fields, from the highest bit down, score those criteria in
//! their order, so the heaviest matching is the best pairing. The brackets are then settled
//! one at a time: first which moved-down players are paired and with whom, then which
//! residents are exchanged between the halves of the bracket, then each player's opponent,
//! every choice fixed before the next is weighed. The weights outgrow machine integers, so
//! they are fixed-width integers ([`Wide`]) sized to the event.

mod criteria;

use super::standings::Entry;
use super::wide::Wide;
use super::{Pairing, Round};
use criteria::{bits, over_the_board, Problem, Seat};
use std::collections::HashMap;

/// Why no round can be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unpairable {
    /// Every pairing breaks an absolute criterion: rematches, colours or the bye.
    NoPairing,
}

/// The matching graph: a weight for every pair of seats, kept from one matching to the next.
struct Graph<const L: usize> {
    n: usize,
    weights: Vec<Wide<L>>,
}

impl<const L: usize> Graph<L> {
    fn set(&mut self, a: usize, b: usize, w: Wide<L>) {
        self.weights[a * self.n + b] = w;
        self.weights[b * self.n + a] = w;
    }

    /// The heaviest matching: each seat's partner, or itself when it has none.
    fn solve(&self) -> Vec<usize> {
        integer_blossom::max_weight_matching(&self.weights, self.n)
            .into_iter()
            .enumerate()
            .map(|(v, mate)| mate.unwrap_or(v))
            .collect()
    }

    /// Pairs `v` as the heaviest matching allows once its games weigh `weighed`, and fixes that
    /// game: the opponent, and the matching found.
    fn pair_off(
        &mut self,
        v: usize,
        weighed: Vec<(usize, Wide<L>)>,
        top: Wide<L>,
    ) -> (usize, Vec<usize>) {
        for (u, w) in weighed {
            self.set(v, u, w);
        }
        let mate = self.solve();
        let m = mate[v];
        self.fix(v, m, top);
        (m, mate)
    }

    /// Fixes `a` with `b`: their game gets the top weight, every other game of theirs none.
    fn fix(&mut self, a: usize, b: usize, top: Wide<L>) {
        for v in 0..self.n {
            for (x, y) in [(a, b), (b, a)] {
                if v != x {
                    self.set(x, v, if v == y { top } else { Wide::ZERO });
                }
            }
        }
    }
}

/// Pairs the next round of a Swiss event by the Dutch system.
///
/// `histories` holds every player's rounds so far, by start number (their initial ranking);
/// every history has one entry per round played. `absent` marks the players not to be paired
/// this round (withdrawn, or on a requested bye). `rounds` is the number of rounds the event
/// plays, and `first_white` the colour the top-ranked player gets in the first round (by
/// lot, in FIDE's words). The games come in board order: the highest scores first.
pub fn pair(
    histories: &[Vec<Entry>],
    absent: &[bool],
    rounds: usize,
    first_white: bool,
) -> Result<Round, Unpairable> {
    let played_rounds = histories.iter().map(Vec::len).max().unwrap_or(0);
    // Pairing numbers count the players still in the event.
    let mut ranks = vec![None; histories.len()];
    let mut next_rank = 0;
    for (id, history) in histories.iter().enumerate() {
        let took_part = history.iter().any(|&e| {
            over_the_board(e).is_some() || matches!(e, Entry::Forfeit { .. } | Entry::PairingBye)
        });
        if !absent[id] || took_part {
            ranks[id] = Some(next_rank);
            next_rank += 1;
        }
    }
    let mut seats: Vec<Seat> = (0..histories.len())
        .filter(|&id| !absent[id])
        .map(|id| Seat::new(id, ranks[id].unwrap_or(id), histories))
        .collect();
    seats.sort_by(|a, b| b.score.cmp(&a.score).then(a.rank.cmp(&b.rank)));
    let n = seats.len();
    if n == 0 {
        return Ok(Round::default());
    }
    if n == 1 {
        return if seats[0].bye_ok {
            Ok(Round {
                games: Vec::new(),
                bye: Some(seats[0].id),
            })
        } else {
            Err(Unpairable::NoPairing)
        };
    }
    let mut seat_of = vec![None; histories.len()];
    for (v, seat) in seats.iter().enumerate() {
        seat_of[seat.id] = Some(v);
    }
    let mut met = vec![vec![false; n]; n];
    for (v, seat) in seats.iter().enumerate() {
        for (opponent, _) in histories[seat.id].iter().filter_map(|&e| over_the_board(e)) {
            if let Some(u) = seat_of[opponent] {
                met[v][u] = true;
                met[u][v] = true;
            }
        }
    }
    // Each score group's sub-field, from the lowest score up.
    let mut shift = HashMap::new();
    let mut scores_bits = 0;
    let mut largest = 0;
    let mut i = n;
    while i > 0 {
        let score = seats[i - 1].score;
        let mut size = 0;
        while i > 0 && seats[i - 1].score == score {
            size += 1;
            i -= 1;
        }
        shift.insert(score, scores_bits);
        scores_bits += bits(size);
        largest = largest.max(size);
    }
    let problem = Problem {
        histories,
        seats,
        played_rounds,
        last_round: played_rounds + 1 >= rounds,
        met,
        group_bits: bits(largest),
        scores_bits,
        shift,
        first_white,
    };
    let needed = problem.field_bits() + 2 + 16;
    match needed.div_ceil(64) {
        0..=2 => solve::<2>(&problem),
        3..=4 => solve::<4>(&problem),
        5..=8 => solve::<8>(&problem),
        9..=16 => solve::<16>(&problem),
        17..=32 => solve::<32>(&problem),
        _ => solve::<64>(&problem),
    }
}

fn solve<const L: usize>(problem: &Problem) -> Result<Round, Unpairable> {
    let seats = &problem.seats;
    let n = seats.len();
    let (g, s) = (problem.group_bits, problem.scores_bits);
    let score = |v: usize| seats[v].score;
    let top = Wide::<L>::ones(problem.field_bits() + 2);
    let mut graph = Graph::<L> {
        n,
        weights: vec![Wide::ZERO; n * n],
    };
    let odd = n % 2 == 1;
    let none = HashMap::new();
    // First, any complete pairing, to learn who can have the bye.
    for p in 0..n {
        for o in 0..p {
            let w = if !odd {
                problem.weight(o, p, false, false, 0, false, &none)
            } else if problem.compatible(p, o) {
                let w = Wide::of(1 + u64::from(!seats[p].bye_ok) + u64::from(!seats[o].bye_ok));
                let w = w.shifted(s)
                    + Wide::of(u64::from(
                        problem.shift[&score(p)] + problem.shift[&score(o)],
                    ));
                w.shifted(g) + Wide::of(u64::from(score(p) >= score(0)))
            } else {
                Wide::ZERO
            };
            graph.set(p, o, w);
        }
    }
    let mut mate = graph.solve();
    let unmatched: Vec<usize> = (0..n).filter(|&v| mate[v] == v).collect();
    if unmatched.len() > 1 || unmatched.iter().any(|&v| !seats[v].bye_ok) {
        return Err(Unpairable::NoPairing);
    }
    let mut bye_score = 0;
    let mut single_bye = false;
    let mut unplayed = HashMap::new();
    if odd {
        bye_score = score(unmatched[0]);
        let best = score(0);
        single_bye = bye_score >= best
            && (0..n)
                .take_while(|&v| score(v) >= best)
                .all(|v| score(mate[v]) >= best);
        let mut counts: Vec<usize> = (0..n)
            .filter(|&v| score(v) == bye_score)
            .map(|v| seats[v].played)
            .collect();
        counts.sort_unstable_by(|a, b| b.cmp(a));
        for (rank, count) in counts.into_iter().enumerate() {
            unplayed.insert(count, rank as u64);
        }
        for p in 0..n {
            for o in 0..p {
                graph.set(
                    p,
                    o,
                    problem.weight(o, p, false, false, bye_score, single_bye, &unplayed),
                );
            }
        }
    }

    let mut partner: Vec<Option<usize>> = vec![None; n];
    let mut matched = vec![false; n];
    let top_group = (0..n).take_while(|&v| score(v) >= score(0)).count();
    // The bracket: moved-down players, then the score group, then the next group.
    let mut bracket: Vec<usize> = (0..top_group).collect();
    let mut next_at = top_group;
    let mut moved = 0;
    let mut group_from = 0;
    let mut guard = 0;
    while bracket.len() > 1 || next_at < n {
        guard += 1;
        if guard > 2 * n + 2 {
            return Err(Unpairable::NoPairing);
        }
        let residents_end = bracket.len();
        let group_to = group_from + (residents_end - moved);
        let next_group = next_at;
        while next_at < n && score(next_at) >= score(next_group) {
            bracket.push(next_at);
            next_at += 1;
        }
        let k = bracket.len();
        let mut base = vec![vec![Wide::<L>::ZERO; k]; k];
        for lo in moved..k {
            for hi in 0..lo {
                base[lo][hi] = problem.weight(
                    bracket[hi],
                    bracket[lo],
                    lo < residents_end,
                    lo >= residents_end,
                    bye_score,
                    single_bye,
                    &unplayed,
                );
                graph.set(bracket[lo], bracket[hi], base[lo][hi]);
            }
        }
        // A weight raised to prefer fewer exchanges, then the closest ones.
        let ordered = |base: &[Vec<Wide<L>>], hi: usize, lo: usize, place: usize, pairs: usize| {
            let w = base[lo][hi];
            if w.is_zero() {
                return w;
            }
            let first_half = Wide::<L>::of(u64::from(place < pairs)).shifted(2 * g);
            w + (first_half - Wide::of(place as u64)).shifted(1)
        };
        let resident = |v: usize| v >= group_from && v < group_to;
        mate = graph.solve();

        // Which moved-down players are paired in the bracket: as many of each score as can
        // be, the highest first.
        let (mut group_score, mut left, mut left_matched) = (0, 0, 0);
        for i in 0..moved {
            let v = bracket[i];
            if i == 0 || score(v) < group_score {
                group_score = score(v);
                left = 0;
                left_matched = 0;
                for &u in bracket[i..]
                    .iter()
                    .take_while(|&&u| score(u) >= group_score)
                {
                    left += 1;
                    left_matched += usize::from(resident(mate[u]));
                }
            }
            if left_matched == 0 {
                continue;
            }
            if left <= left_matched {
                matched[v] = true;
                continue;
            }
            left -= 1;
            if !resident(mate[v]) {
                for r in moved..residents_end {
                    let w = base[r][i];
                    if !w.is_zero() {
                        graph.set(v, bracket[r], w + Wide::of(1));
                    }
                }
                mate = graph.solve();
            }
            if resident(mate[v]) {
                matched[v] = true;
                left_matched -= 1;
                for r in moved..residents_end {
                    let w = base[r][i];
                    if !w.is_zero() {
                        graph.set(
                            v,
                            bracket[r],
                            w + Wide::of((residents_end - moved) as u64 + 1),
                        );
                    }
                }
            }
        }
        // Their opponents: the highest resident the rules allow, in turn.
        for i in 0..moved {
            let v = bracket[i];
            if !matched[v] {
                continue;
            }
            // The lowest allowed resident gets the least bonus, each higher one one more.
            let open = (moved..residents_end)
                .rev()
                .filter(|&r| !matched[bracket[r]]);
            let allowed = open.filter(|&r| !base[r][i].is_zero());
            let weighed = allowed
                .zip(k as u64..)
                .map(|(r, bonus)| (bracket[r], base[r][i] + Wide::of(bonus)));
            let m;
            (m, mate) = graph.pair_off(v, weighed.collect(), top);
            matched[m] = true;
        }

        // The remainder: residents not paired with a moved-down player, in two halves.
        let mut rest = Vec::new();
        let mut pairs = 0;
        for (r, &v) in bracket.iter().enumerate().take(residents_end).skip(moved) {
            if mate[v] < group_from {
                continue;
            }
            rest.push(r);
            if mate[v] < v {
                pairs += 1;
            }
        }
        for (j, &lo) in rest.iter().enumerate() {
            for (place, &hi) in rest[..j].iter().enumerate() {
                graph.set(
                    bracket[hi],
                    bracket[lo],
                    ordered(&base, hi, lo, place, pairs),
                );
            }
        }
        mate = graph.solve();
        let leading = |v: usize, mate: &[usize]| mate[v] > v && mate[v] < group_to;
        let exchanges = rest[..pairs]
            .iter()
            .filter(|&&r| !leading(bracket[r], &mate))
            .count();

        // Exchange the lowest players of the first half that can be.
        let mut left = exchanges;
        let mut at = pairs;
        while at > 0 && left > 0 {
            at -= 1;
            let (i, v) = (rest[at], bracket[rest[at]]);
            if leading(v, &mate) {
                for &r in &rest[at + 1..] {
                    let w = ordered(&base, i, r, at, pairs);
                    if !w.is_zero() {
                        graph.set(v, bracket[r], w - Wide::of(1));
                    }
                }
                mate = graph.solve();
            }
            let out = !leading(v, &mate);
            left -= usize::from(out);
            for &r in &rest[at + 1..] {
                if out {
                    base[r][i] = Wide::ZERO;
                }
                graph.set(v, bracket[r], ordered(&base, i, r, at, pairs));
            }
        }
        // And the highest players of the second half.
        let mut left = exchanges;
        for at in pairs..rest.len() {
            if left <= 1 {
                break;
            }
            let (i, v) = (rest[at], bracket[rest[at]]);
            let already = leading(v, &mate);
            if !already {
                for &r in &rest[at + 1..] {
                    let w = ordered(&base, i, r, at, pairs);
                    if !w.is_zero() {
                        graph.set(v, bracket[r], w + Wide::of(1));
                    }
                }
                mate = graph.solve();
            }
            if leading(v, &mate) {
                left -= 1;
                for &r in &rest[..at] {
                    base[i][r] = Wide::ZERO;
                    graph.set(v, bracket[r], Wide::ZERO);
                }
                for r in residents_end..k {
                    base[r][i] = Wide::ZERO;
                    graph.set(v, bracket[r], Wide::ZERO);
                }
            }
            if !already {
                for &r in &rest[at + 1..] {
                    graph.set(v, bracket[r], ordered(&base, i, r, at, pairs));
                }
            }
        }
        // Only games from the first half (as exchanged) to the second remain.
        for (j, &hi) in rest.iter().enumerate() {
            let v = bracket[hi];
            for &lo in &rest[j + 1..] {
                let u = bracket[lo];
                if !leading(v, &mate) || leading(u, &mate) {
                    base[lo][hi] = Wide::ZERO;
                }
                graph.set(v, u, base[lo][hi]);
            }
        }
        // Each of the first half meets the highest of the second the rules allow, in turn.
        for &hi in &rest {
            let v = bracket[hi];
            if !leading(v, &mate) {
                continue;
            }
            // Here the bonus counts every open player below, allowed or not.
            let open = rest
                .iter()
                .rev()
                .filter(|&&lo| lo > hi && !matched[bracket[lo]]);
            let weighed = open.zip(0u64..).filter(|&(&lo, _)| !base[lo][hi].is_zero());
            let weighed = weighed.map(|(&lo, bonus)| (bracket[lo], base[lo][hi] + Wide::of(bonus)));
            let m;
            (m, mate) = graph.pair_off(v, weighed.collect(), top);
            matched[v] = true;
            matched[m] = true;
        }

        // Whoever is left moves down into the next bracket.
        let mut carried = Vec::new();
        moved = 0;
        let mut still_single = odd && next_group < n && bye_score >= score(next_group);
        for (i, &v) in bracket.iter().enumerate() {
            if i < residents_end && matched[v] {
                partner[v] = Some(mate[v]);
                partner[mate[v]] = Some(v);
            } else {
                carried.push(v);
                if i < residents_end {
                    moved += 1;
                }
                if still_single && score(mate[v]) < score(next_group) {
                    still_single = false;
                }
            }
        }
        single_bye = still_single;
        bracket = carried;
        group_from = group_to;
    }

    let mut round = Round::default();
    let mut games = Vec::new();
    for v in 0..n {
        match partner[v] {
            Some(u) if seats[v].id < seats[u].id => {
                let white = problem.colour(v, u);
                let (w, b) = if white { (v, u) } else { (u, v) };
                games.push((w, b));
            }
            Some(_) => {}
            None if round.bye.is_none() => round.bye = Some(seats[v].id),
            None => return Err(Unpairable::NoPairing),
        }
    }
    // Board order: the higher player's score, the lower player's, the higher player's rank.
    let higher = |a: usize, b: usize| {
        if (score(a), seats[b].rank) < (score(b), seats[a].rank) {
            (b, a)
        } else {
            (a, b)
        }
    };
    games.sort_by_key(|&(w, b)| {
        let (h, l) = higher(w, b);
        (
            std::cmp::Reverse(score(h)),
            std::cmp::Reverse(score(l)),
            seats[h].rank,
        )
    });
    round.games = games
        .into_iter()
        .map(|(w, b)| Pairing {
            white: seats[w].id,
            black: seats[b].id,
        })
        .collect();
    Ok(round)
}
