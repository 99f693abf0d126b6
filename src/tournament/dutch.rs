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

use super::standings::Entry;
use super::wide::Wide;
use super::{Pairing, Round};
use std::collections::HashMap;

/// Why no round can be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unpairable {
    /// Every pairing breaks an absolute criterion: rematches, colours or the bye.
    NoPairing,
}

/// Which way a player floated in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Float {
    Down,
    Up,
    No,
}

/// The points a round gave, in halves.
fn halves(entry: Entry) -> u32 {
    match entry {
        Entry::Played { halves, .. } => u32::from(halves),
        Entry::Forfeit { won, .. } => 2 * u32::from(won),
        Entry::PairingBye | Entry::FullBye => 2,
        Entry::HalfBye => 1,
        Entry::Pending { .. } | Entry::ZeroBye | Entry::Rest => 0,
    }
}

/// The opponent and colour of a game played over the board (a forfeit is not one).
fn over_the_board(entry: Entry) -> Option<(usize, bool)> {
    match entry {
        Entry::Played {
            opponent, white, ..
        }
        | Entry::Pending { opponent, white } => Some((opponent, white)),
        _ => None,
    }
}

/// A player to be paired, as the rules see them.
struct Seat {
    /// The start number (counted from 0).
    id: usize,
    /// The pairing number among the players still in the event (counted from 0).
    rank: usize,
    score: u32,
    /// The colour they should have (`Some(true)` White).
    preference: Option<bool>,
    /// How many more games they have had with one colour than the other.
    imbalance: u32,
    /// The colour of their last two games when it was the same.
    repeated: Option<bool>,
    strong: bool,
    played: usize,
    /// Whether they may have the bye: they have had no point without playing.
    bye_ok: bool,
}

impl Seat {
    fn new(id: usize, rank: usize, history: &[Entry]) -> Seat {
        let (mut white, mut black, mut run, mut last) = (0u32, 0u32, 0u32, None);
        for (_, is_white) in history.iter().filter_map(|&e| over_the_board(e)) {
            *(if is_white { &mut white } else { &mut black }) += 1;
            run = if last == Some(is_white) { run + 1 } else { 1 };
            last = Some(is_white);
        }
        let fewer = white <= black;
        let imbalance = white.abs_diff(black);
        let preference = if imbalance > 1 {
            Some(fewer)
        } else if run > 1 {
            last.map(|c| !c)
        } else if imbalance > 0 {
            Some(fewer)
        } else {
            last.map(|c| !c)
        };
        let mut seat = Seat {
            id,
            rank,
            score: history.iter().map(|&e| halves(e)).sum(),
            preference,
            imbalance,
            repeated: if run > 1 { last } else { None },
            strong: false,
            played: history
                .iter()
                .filter(|&&e| over_the_board(e).is_some())
                .count(),
            bye_ok: !history.iter().any(|&e| {
                over_the_board(e).is_none() && (halves(e) >= 2 || e == Entry::PairingBye)
            }),
        };
        seat.strong = !seat.absolute() && imbalance > 0;
        seat
    }

    fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    fn absolute(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }
}

/// Whether two preferences can both be met.
fn preferences_fit(a: Option<bool>, b: Option<bool>) -> bool {
    a != b || a.is_none()
}

/// The number of bits `value` takes.
fn bits(value: usize) -> u32 {
    usize::BITS - value.leading_zeros()
}

/// One round's pairing problem.
struct Problem<'a> {
    /// Every player's rounds so far, by start number.
    histories: &'a [Vec<Entry>],
    /// The players to pair, best score first, then by pairing number.
    seats: Vec<Seat>,
    played_rounds: usize,
    last_round: bool,
    /// Opponents met over the board, by seat.
    met: Vec<Vec<bool>>,
    /// Bits of a field counting players of one score group.
    group_bits: u32,
    /// Bits of a field with a sub-field per score group, and where each group's sub-field
    /// starts.
    scores_bits: u32,
    shift: HashMap<u32, u32>,
    first_white: bool,
}

impl Problem<'_> {
    fn score_before(&self, id: usize, back: usize) -> u32 {
        let history = &self.histories[id];
        let total: u32 = history.iter().map(|&e| halves(e)).sum();
        total
            - history[self.played_rounds - back..self.played_rounds]
                .iter()
                .map(|&e| halves(e))
                .sum::<u32>()
    }

    /// How the player floated `back` rounds ago.
    fn float(&self, seat: &Seat, back: usize) -> Float {
        let entry = self.histories[seat.id][self.played_rounds - back];
        let Some((opponent, _)) = over_the_board(entry) else {
            return if halves(entry) > 0 {
                Float::Down
            } else {
                Float::No
            };
        };
        let mine = self.score_before(seat.id, back);
        let theirs = self.score_before(opponent, back);
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => Float::Down,
            std::cmp::Ordering::Less => Float::Up,
            std::cmp::Ordering::Equal => Float::No,
        }
    }

    /// The absolute criteria: not met before, and no clash of absolute colour preferences
    /// (allowed in the last round for a player above half the possible points).
    fn compatible(&self, a: usize, b: usize) -> bool {
        let (p, q) = (&self.seats[a], &self.seats[b]);
        let top = self.played_rounds as u32;
        !self.met[a][b]
            && (!p.absolute()
                || !q.absolute()
                || p.preference != q.preference
                || (self.last_round && (p.score > top || q.score > top)))
    }

    fn bye_candidate(&self, seat: &Seat, bye_score: u32) -> bool {
        seat.bye_ok && seat.score <= bye_score
    }

    /// The width of all the fields below the top one (the completion and bye field).
    fn field_bits(&self) -> u32 {
        let (g, s) = (self.group_bits, self.scores_bits);
        let floats = match self.played_rounds {
            0 => 0,
            1 => 2 * g + 2 * s,
            _ => 4 * g + 4 * s,
        };
        g + s + g + s + 2 * g + 4 * g + floats + 3 * g + 1
    }

    /// The weight of a game between the seats `hi` and `lo` (`hi` first in the order): zero
    /// if the absolute criteria forbid it, otherwise the quality criteria scored from the
    /// highest bit down. `in_bracket` and `in_next` say where `lo` stands in the bracket being
    /// paired; the criteria of the bracket weigh only for games in it.
    #[allow(clippy::too_many_arguments)]
    fn weight<const L: usize>(
        &self,
        hi: usize,
        lo: usize,
        in_bracket: bool,
        in_next: bool,
        bye_score: u32,
        single_bye: bool,
        ranks: &HashMap<usize, u64>,
    ) -> Wide<L> {
        if !self.compatible(hi, lo) {
            return Wide::ZERO;
        }
        let (h, l) = (&self.seats[hi], &self.seats[lo]);
        let (g, s) = (self.group_bits, self.scores_bits);
        let on = |yes: bool| Wide::<L>::of(u64::from(yes));
        let at = |score: u32| Wide::<L>::bit(self.shift[&score]);
        // Completion, and the bye to a player who may have it.
        let mut w = Wide::of(
            1 + u64::from(!self.bye_candidate(h, bye_score))
                + u64::from(!self.bye_candidate(l, bye_score)),
        );
        // The most pairs, and the highest scores, in this bracket and then in the next.
        w = w.shifted(g) + on(in_bracket);
        w = w.shifted(s);
        if in_bracket {
            w += at(h.score);
        }
        w = w.shifted(g) + on(in_next);
        w = w.shifted(s);
        if in_next {
            w += at(h.score);
        }
        // The bye to the player with the fewest unplayed games.
        w = w.shifted(2 * g);
        if single_bye {
            for seat in [h, l] {
                if seat.score == bye_score {
                    w += Wide::of(ranks[&seat.played]);
                }
            }
        }
        // Colour preferences: absolute imbalances, absolute preferences, all preferences,
        // strong preferences.
        let (p, o) = (l, h);
        let same = p.preference == o.preference;
        w = w.shifted(g)
            + on(in_bracket && (!p.absolute_imbalance() || !o.absolute_imbalance() || !same));
        let repeat_ok = if p.imbalance == o.imbalance {
            p.repeated.is_none() || p.repeated != o.repeated
        } else {
            let lesser = if p.imbalance > o.imbalance { o } else { p };
            lesser.repeated != p.preference.map(|c| !c)
        };
        w = w.shifted(g) + on(in_bracket && (!p.absolute() || !o.absolute() || !same || repeat_ok));
        w = w.shifted(g) + on(in_bracket && preferences_fit(p.preference, o.preference));
        w = w.shifted(g)
            + on(in_bracket
                && ((!p.strong && !p.absolute())
                    || (!o.strong && !o.absolute())
                    || (p.absolute() && o.absolute())
                    || !same));
        // Floats repeated from one and two rounds before: how many, then their scores.
        let backs: &[usize] = match self.played_rounds {
            0 => &[],
            1 => &[1],
            _ => &[1, 2],
        };
        for &back in backs {
            w = w.shifted(g);
            if in_bracket {
                w += on(self.float(l, back) == Float::Down);
                w += on(h.score <= l.score && self.float(h, back) == Float::Down);
            }
            w = w.shifted(g);
            if in_bracket {
                w += on(!(h.score > l.score && self.float(l, back) == Float::Up));
            }
        }
        for &back in backs {
            w = w.shifted(s);
            if in_bracket {
                if self.float(l, back) == Float::Down {
                    w += at(l.score);
                }
                if self.float(h, back) == Float::Down {
                    w += at(h.score);
                }
            }
            w = w.shifted(s);
            if in_bracket && !(self.float(l, back) == Float::Up && h.score > l.score) {
                w += at(h.score);
            }
        }
        // Room for the order of exchanges and transpositions.
        w.shifted(3 * g + 1)
    }

    /// The colour `a` gets against `b` (`true` White): the rules' colour allocation.
    fn colour(&self, a: usize, b: usize) -> bool {
        let (p, o) = (&self.seats[a], &self.seats[b]);
        if let Some(colour) = self.neutral_colour(p, o) {
            return colour;
        }
        // `p` ranks below `o`?
        let lower = (p.score, o.rank) < (o.score, p.rank);
        match p.preference {
            None if lower => {
                if o.rank % 2 == 1 {
                    self.first_white
                } else {
                    !self.first_white
                }
            }
            None => {
                if p.rank % 2 == 1 {
                    !self.first_white
                } else {
                    self.first_white
                }
            }
            Some(_) if lower => !o.preference.expect("both prefer a colour"),
            Some(preferred) => preferred,
        }
    }

    /// The colour the preferences decide, if they do.
    fn neutral_colour(&self, p: &Seat, o: &Seat) -> Option<bool> {
        if preferences_fit(p.preference, o.preference) {
            return p.preference.or(o.preference.map(|c| !c));
        }
        let pref = p.preference.expect("clashing preferences exist");
        if p.absolute() && (p.imbalance > o.imbalance || !o.absolute()) {
            return Some(pref);
        }
        if o.absolute() && (o.imbalance > p.imbalance || !p.absolute()) {
            return Some(!pref);
        }
        if p.strong && !o.strong {
            return Some(pref);
        }
        if o.strong && !p.strong {
            return Some(!pref);
        }
        // Alternate from the latest round in which their colours differed.
        let mine = self.histories[p.id]
            .iter()
            .rev()
            .filter_map(|&e| over_the_board(e));
        let theirs = self.histories[o.id]
            .iter()
            .rev()
            .filter_map(|&e| over_the_board(e));
        mine.zip(theirs)
            .find(|((_, x), (_, y))| x != y)
            .map(|(_, (_, theirs))| theirs)
    }
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
        .map(|id| Seat::new(id, ranks[id].unwrap_or(id), &histories[id]))
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
