//! What the Dutch system weighs: each player as the rules see them (score, colour
//! preference, floats, bye eligibility), the absolute criteria between two players, the
//! weight of a possible game with the quality criteria in their order, and the colour
//! allocation.

use super::super::standings::Entry;
use super::super::wide::Wide;
use std::collections::HashMap;

/// Which way a player floated in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Float {
    Down,
    Up,
    No,
}

/// The points a round gave, in halves.
pub(super) fn halves(entry: Entry) -> u32 {
    match entry {
        Entry::Played { halves, .. } => u32::from(halves),
        Entry::Forfeit { won, .. } => 2 * u32::from(won),
        Entry::PairingBye | Entry::FullBye => 2,
        Entry::HalfBye => 1,
        Entry::Pending { .. } | Entry::ZeroBye | Entry::Rest => 0,
    }
}

/// The opponent and colour of a game played over the board (a forfeit is not one).
pub(super) fn over_the_board(entry: Entry) -> Option<(usize, bool)> {
    match entry {
        Entry::Played {
            opponent, white, ..
        }
        | Entry::Pending { opponent, white } => Some((opponent, white)),
        _ => None,
    }
}

/// A player to be paired, as the rules see them.
pub(super) struct Seat {
    /// The start number (counted from 0).
    pub(super) id: usize,
    /// The pairing number among the players still in the event (counted from 0).
    pub(super) rank: usize,
    pub(super) score: u32,
    /// The colour they should have (`Some(true)` White).
    pub(super) preference: Option<bool>,
    /// How many more games they have had with one colour than the other.
    pub(super) imbalance: u32,
    /// The colour of their last two games when it was the same.
    pub(super) repeated: Option<bool>,
    pub(super) strong: bool,
    /// How they floated one and two rounds before.
    pub(super) floats: [Float; 2],
    pub(super) played: usize,
    /// Whether they may have the bye: they have had no point without playing.
    pub(super) bye_ok: bool,
}

impl Seat {
    /// Player `id` (counted from 0) of `histories`, at pairing number `rank`.
    pub(super) fn new(id: usize, rank: usize, histories: &[Vec<Entry>]) -> Seat {
        let history = &histories[id];
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
            floats: [1, 2].map(|back| float(histories, id, back)),
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

    pub(super) fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    pub(super) fn absolute(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }
}

/// A player's score before the last `back` rounds.
fn score_before(histories: &[Vec<Entry>], id: usize, back: usize) -> u32 {
    let history = &histories[id];
    let before = history.len().saturating_sub(back);
    history[..before].iter().map(|&e| halves(e)).sum()
}

/// How player `id` floated `back` rounds ago (no float before the first round).
fn float(histories: &[Vec<Entry>], id: usize, back: usize) -> Float {
    let history = &histories[id];
    let Some(&entry) = history.len().checked_sub(back).and_then(|r| history.get(r)) else {
        return Float::No;
    };
    let Some((opponent, _)) = over_the_board(entry) else {
        return if halves(entry) > 0 {
            Float::Down
        } else {
            Float::No
        };
    };
    let mine = score_before(histories, id, back);
    let theirs = score_before(histories, opponent, back);
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => Float::Down,
        std::cmp::Ordering::Less => Float::Up,
        std::cmp::Ordering::Equal => Float::No,
    }
}

/// Whether two preferences can both be met.
pub(super) fn preferences_fit(a: Option<bool>, b: Option<bool>) -> bool {
    a != b || a.is_none()
}

/// The number of bits `value` takes.
pub(super) fn bits(value: usize) -> u32 {
    usize::BITS - value.leading_zeros()
}

/// One round's pairing problem.
pub(super) struct Problem<'a> {
    /// Every player's rounds so far, by start number.
    pub(super) histories: &'a [Vec<Entry>],
    /// The players to pair, best score first, then by pairing number.
    pub(super) seats: Vec<Seat>,
    pub(super) played_rounds: usize,
    pub(super) last_round: bool,
    /// Opponents met over the board, by seat.
    pub(super) met: Vec<Vec<bool>>,
    /// Bits of a field counting players of one score group.
    pub(super) group_bits: u32,
    /// Bits of a field with a sub-field per score group, and where each group's sub-field
    /// starts.
    pub(super) scores_bits: u32,
    pub(super) shift: HashMap<u32, u32>,
    pub(super) first_white: bool,
}

impl Problem<'_> {
    /// The absolute criteria: not met before, and no clash of absolute colour preferences
    /// (allowed in the last round for a player above half the possible points).
    pub(super) fn compatible(&self, a: usize, b: usize) -> bool {
        let (p, q) = (&self.seats[a], &self.seats[b]);
        let top = self.played_rounds as u32;
        !self.met[a][b]
            && (!p.absolute()
                || !q.absolute()
                || p.preference != q.preference
                || (self.last_round && (p.score > top || q.score > top)))
    }

    pub(super) fn bye_candidate(&self, seat: &Seat, bye_score: u32) -> bool {
        seat.bye_ok && seat.score <= bye_score
    }

    /// The width of all the fields below the top one (the completion and bye field).
    pub(super) fn field_bits(&self) -> u32 {
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
    pub(super) fn weight<const L: usize>(
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
                w += on(l.floats[back - 1] == Float::Down);
                w += on(h.score <= l.score && h.floats[back - 1] == Float::Down);
            }
            w = w.shifted(g);
            if in_bracket {
                w += on(!(h.score > l.score && l.floats[back - 1] == Float::Up));
            }
        }
        for &back in backs {
            w = w.shifted(s);
            if in_bracket {
                if l.floats[back - 1] == Float::Down {
                    w += at(l.score);
                }
                if h.floats[back - 1] == Float::Down {
                    w += at(h.score);
                }
            }
            w = w.shifted(s);
            if in_bracket && !(l.floats[back - 1] == Float::Up && h.score > l.score) {
                w += at(h.score);
            }
        }
        // Room for the order of exchanges and transpositions.
        w.shifted(3 * g + 1)
    }

    /// The colour `a` gets against `b` (`true` White): the rules' colour allocation.
    pub(super) fn colour(&self, a: usize, b: usize) -> bool {
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
    pub(super) fn neutral_colour(&self, p: &Seat, o: &Seat) -> Option<bool> {
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
