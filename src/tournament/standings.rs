//! How the players of a tournament stand: points, then FIDE's tie-breaks (Handbook C.07, the
//! 2024 regulations). Scores are in points (a draw 0.5); every value here is a sum of halves
//! and products of halves, so floating point holds it exactly.
//!
//! A round robin treats a forfeit as a game like any other (C.07 15.2) and a round a player
//! rests in as no round at all. A Swiss applies Article 16 to rounds not played: an opponent's
//! requested byes after their last round played count as draws in the score used for your
//! Buchholz (16.3), and each round you did not play counts as a game against a dummy opponent
//! with your own final score (16.4), cut first by Buchholz Cut-1 when you chose not to play it
//! (a requested bye or a forfeit loss, 16.5).

/// What a player had in one round, as a TRF file writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A game played to its end: the opponent, whether the player had White, and what they
    /// scored in halves (2 a win, 1 a draw, 0 a loss).
    Played {
        opponent: usize,
        white: bool,
        halves: u8,
    },
    /// A game paired but not played: won (`+`) or lost (`-`) by forfeit.
    Forfeit {
        opponent: usize,
        white: bool,
        won: bool,
    },
    /// A game paired and still being played: it counts nothing yet.
    Pending {
        opponent: usize,
        white: bool,
    },
    /// The bye the pairing gave a player left over (`U`, a win's points).
    PairingBye,
    /// A full-point bye (`F`), a half-point bye (`H`), a zero-point bye or absence (`Z`).
    FullBye,
    HalfBye,
    ZeroBye,
    /// No game this round by the schedule (a round robin of an odd number, `-` in the table).
    Rest,
}

impl Entry {
    /// The points the round gave.
    pub fn points(self) -> f64 {
        match self {
            Entry::Played { halves, .. } => f64::from(halves) / 2.0,
            Entry::Forfeit { won, .. } => f64::from(u8::from(won)),
            Entry::PairingBye | Entry::FullBye => 1.0,
            Entry::HalfBye => 0.5,
            Entry::Pending { .. } | Entry::ZeroBye | Entry::Rest => 0.0,
        }
    }

    /// The opponent paired, if any.
    pub fn opponent(self) -> Option<usize> {
        match self {
            Entry::Played { opponent, .. }
            | Entry::Forfeit { opponent, .. }
            | Entry::Pending { opponent, .. } => Some(opponent),
            _ => None,
        }
    }

    /// A voluntarily unplayed round (C.07 16.1.2): a requested bye or a forfeit loss.
    fn voluntary(self) -> bool {
        matches!(
            self,
            Entry::HalfBye | Entry::ZeroBye | Entry::Forfeit { won: false, .. }
        )
    }

    /// Whether the round gave a win's points, played or not (C.07 7.1).
    fn win(self) -> bool {
        self.points() == 1.0
    }
}

/// How the pairings were made, which decides how unplayed rounds count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum System {
    RoundRobin,
    Swiss,
}

/// A tie-break of FIDE's list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieBreak {
    /// The opponents' scores added (C.07 8.1).
    Buchholz,
    /// Buchholz without its least significant value (C.07 14.1, 16.5).
    BuchholzCut1,
    /// Each opponent's score times the points scored against them (C.07 9.1).
    SonnebornBerger,
    /// The points scored among the players still tied (C.07 6): a rank, 1 the best.
    DirectEncounter,
    /// The rounds won, played or not (C.07 7.1).
    Wins,
}

impl TieBreak {
    /// Its short name, as standings and TRF files write it.
    pub fn code(self) -> &'static str {
        match self {
            TieBreak::Buchholz => "BH",
            TieBreak::BuchholzCut1 => "BH-C1",
            TieBreak::SonnebornBerger => "SB",
            TieBreak::DirectEncounter => "DE",
            TieBreak::Wins => "WIN",
        }
    }

    /// Its name in words.
    pub fn name(self) -> &'static str {
        match self {
            TieBreak::Buchholz => "Buchholz",
            TieBreak::BuchholzCut1 => "Buchholz Cut-1",
            TieBreak::SonnebornBerger => "Sonneborn-Berger",
            TieBreak::DirectEncounter => "direct encounter",
            TieBreak::Wins => "wins",
        }
    }

    /// Whether more is better (a direct-encounter rank is better lower).
    fn higher_is_better(self) -> bool {
        self != TieBreak::DirectEncounter
    }
}

impl System {
    /// The tie-breaks Herald ranks by, in order.
    pub fn tiebreaks(self) -> &'static [TieBreak] {
        match self {
            System::RoundRobin => &[
                TieBreak::SonnebornBerger,
                TieBreak::DirectEncounter,
                TieBreak::Wins,
            ],
            System::Swiss => &[
                TieBreak::BuchholzCut1,
                TieBreak::Buchholz,
                TieBreak::SonnebornBerger,
                TieBreak::Wins,
            ],
        }
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The player's start number, from 0.
    pub player: usize,
    /// The place, from 1; players tied on everything share one.
    pub place: usize,
    pub points: f64,
    /// The values of [`System::tiebreaks`], in its order.
    pub tiebreaks: Vec<f64>,
}

/// The results of a tournament: for each player (by start number), each round's entry.
pub struct Results<'a> {
    pub system: System,
    pub rounds: &'a [Vec<Entry>],
}

impl<'a> Results<'a> {
    pub fn new(system: System, rounds: &'a [Vec<Entry>]) -> Results<'a> {
        Results { system, rounds }
    }

    /// A player's points.
    pub fn points(&self, p: usize) -> f64 {
        total(self.rounds[p].iter().map(|e| e.points()))
    }

    /// The score of `p` as it counts in an opponent's Buchholz: in a Swiss, requested byes
    /// after p's last round not chosen away count as draws (C.07 16.3.2).
    fn adjusted(&self, p: usize) -> f64 {
        let entries = &self.rounds[p];
        if self.system == System::RoundRobin {
            return self.points(p);
        }
        let last = entries.iter().rposition(|e| !e.voluntary());
        total(entries.iter().enumerate().map(|(i, e)| match e {
            Entry::HalfBye | Entry::ZeroBye if last.is_none_or(|l| i > l) => 0.5,
            e => e.points(),
        }))
    }

    /// Each round's part of `p`'s Buchholz and Sonneborn-Berger, with whether p chose not to
    /// play it: the opponent's score (and it times p's points), or in a Swiss for a round not
    /// played, p's own score (16.4). Rounds with no part (a rest; a round robin's byes) none.
    fn contributions(&self, p: usize) -> Vec<(f64, f64, bool)> {
        let own = self.points(p);
        self.rounds[p]
            .iter()
            .filter_map(|e| {
                let opponent = match (self.system, e) {
                    (_, Entry::Played { opponent, .. } | Entry::Pending { opponent, .. }) => {
                        Some(*opponent)
                    }
                    (System::RoundRobin, Entry::Forfeit { opponent, .. }) => Some(*opponent),
                    (System::RoundRobin, _) | (_, Entry::Rest) => return None,
                    (System::Swiss, _) => None,
                };
                let score = opponent.map_or(own, |o| self.adjusted(o));
                Some((score, score * e.points(), e.voluntary()))
            })
            .collect()
    }

    fn buchholz(&self, p: usize, cut: bool) -> f64 {
        let parts = self.contributions(p);
        let all = total(parts.iter().map(|c| c.0));
        if !cut || parts.is_empty() {
            return all;
        }
        // The lowest part from a round p chose not to play goes first (16.5.1); else the lowest.
        let chosen = parts.iter().filter(|c| c.2).map(|c| c.0).reduce(f64::min);
        let lowest = parts.iter().map(|c| c.0).fold(f64::INFINITY, f64::min);
        all - chosen.unwrap_or(lowest)
    }

    fn sonneborn_berger(&self, p: usize) -> f64 {
        total(self.contributions(p).iter().map(|c| c.1))
    }

    fn wins(&self, p: usize) -> f64 {
        self.rounds[p].iter().filter(|e| e.win()).count() as f64
    }

    /// The direct-encounter ranks of the players of `group` (tied so far): the points each
    /// scored against the others (a pair met more than once counts its average; in a Swiss,
    /// forfeits do not count), ranking those all met by it (C.07 6.2), else placing a player
    /// first only when no missing game could catch them (6.3); the still tied share a rank.
    pub fn direct_encounter(&self, group: &[usize]) -> Vec<(usize, f64)> {
        let mut ranked = Vec::new();
        self.rank_encounters(group, 1, &mut ranked);
        ranked
    }

    fn rank_encounters(&self, group: &[usize], first: usize, out: &mut Vec<(usize, f64)>) {
        if group.len() == 1 {
            out.push((group[0], first as f64));
            return;
        }
        // For each player: points against the rest of the group, and the most they could have
        // with the games they did not play against it won.
        let scored: Vec<(usize, f64, f64)> = group
            .iter()
            .map(|&p| {
                let (mut points, mut missing) = (0.0, 0);
                for &q in group.iter().filter(|&&q| q != p) {
                    let games: Vec<f64> = self.rounds[p]
                        .iter()
                        .filter(|e| match e {
                            Entry::Played { opponent, .. } => *opponent == q,
                            Entry::Forfeit { opponent, .. } => {
                                *opponent == q && self.system == System::RoundRobin
                            }
                            _ => false,
                        })
                        .map(|e| e.points())
                        .collect();
                    match games.len() {
                        0 => missing += 1,
                        n => points += games.iter().sum::<f64>() / n as f64,
                    }
                }
                (p, points, points + f64::from(missing))
            })
            .collect();
        let mut order = scored.clone();
        order.sort_by(|a, b| b.1.total_cmp(&a.1).then(b.2.total_cmp(&a.2)));
        // Split off players placed beyond doubt, from the top.
        let mut rank = first;
        let mut rest: &[(usize, f64, f64)] = &order;
        while let Some((top, others)) = rest.split_first() {
            let best_other = others.iter().map(|o| o.2).fold(f64::NEG_INFINITY, f64::max);
            if others.is_empty() || top.1 > best_other {
                out.push((top.0, rank as f64));
                rank += 1;
                rest = others;
                continue;
            }
            break;
        }
        if rest.is_empty() {
            return;
        }
        let all_met = rest.iter().all(|r| r.1 == r.2);
        if all_met {
            // Everyone met: groups of equal score, each ranked again among itself.
            let mut i = 0;
            while i < rest.len() {
                let j = i + rest[i..].iter().take_while(|r| r.1 == rest[i].1).count();
                let sub: Vec<usize> = rest[i..j].iter().map(|r| r.0).collect();
                if sub.len() < group.len() {
                    self.rank_encounters(&sub, rank + i, out);
                } else {
                    out.extend(sub.iter().map(|&p| (p, (rank + i) as f64)));
                }
                i = j;
            }
        } else if rest.len() < group.len() {
            let sub: Vec<usize> = rest.iter().map(|r| r.0).collect();
            self.rank_encounters(&sub, rank, out);
        } else {
            out.extend(rest.iter().map(|r| (r.0, rank as f64)));
        }
    }

    /// A tie-break's value for `p` alone (direct encounter depends on the group: it is 0).
    fn value(&self, tiebreak: TieBreak, p: usize) -> f64 {
        match tiebreak {
            TieBreak::Buchholz => self.buchholz(p, false),
            TieBreak::BuchholzCut1 => self.buchholz(p, true),
            TieBreak::SonnebornBerger => self.sonneborn_berger(p),
            TieBreak::Wins => self.wins(p),
            TieBreak::DirectEncounter => 0.0,
        }
    }

    /// The standings: by points, then each tie-break in turn among the players still tied.
    /// Every value is shown, needed or not; direct encounter is ranked within each group.
    pub fn standings(&self) -> Vec<Standing> {
        let tiebreaks = self.system.tiebreaks();
        let mut lines: Vec<Standing> = (0..self.rounds.len())
            .map(|p| Standing {
                player: p,
                place: 0,
                points: self.points(p),
                tiebreaks: tiebreaks.iter().map(|&t| self.value(t, p)).collect(),
            })
            .collect();
        lines.sort_by(|a, b| b.points.total_cmp(&a.points).then(a.player.cmp(&b.player)));
        // Groups tied so far, best first.
        let mut groups = tied(lines, |l| l.points);
        for (k, &tiebreak) in tiebreaks.iter().enumerate() {
            let mut next = Vec::new();
            for mut group in groups {
                if tiebreak == TieBreak::DirectEncounter {
                    let members: Vec<usize> = group.iter().map(|l| l.player).collect();
                    for (p, rank) in self.direct_encounter(&members) {
                        group.iter_mut().find(|l| l.player == p).unwrap().tiebreaks[k] = rank;
                    }
                }
                let better = |a: &Standing, b: &Standing| match tiebreak.higher_is_better() {
                    true => b.tiebreaks[k].total_cmp(&a.tiebreaks[k]),
                    false => a.tiebreaks[k].total_cmp(&b.tiebreaks[k]),
                };
                group.sort_by(|a, b| better(a, b).then(a.player.cmp(&b.player)));
                next.extend(tied(group, |l| l.tiebreaks[k]));
            }
            groups = next;
        }
        let mut place = 1;
        let mut out = Vec::new();
        for group in groups {
            let size = group.len();
            out.extend(group.into_iter().map(|line| Standing { place, ..line }));
            place += size;
        }
        out
    }
}

/// A sum of values, 0 for none (a float `sum` of nothing is -0, which writes as "-0.0").
fn total(values: impl Iterator<Item = f64>) -> f64 {
    values.fold(0.0, |sum, v| sum + v)
}

/// Sorted lines cut into runs of equal `key`.
fn tied(lines: Vec<Standing>, key: impl Fn(&Standing) -> f64) -> Vec<Vec<Standing>> {
    let mut runs: Vec<Vec<Standing>> = Vec::new();
    for line in lines {
        match runs.last_mut() {
            Some(run) if key(&run[0]) == key(&line) => run.push(line),
            _ => runs.push(vec![line]),
        }
    }
    runs
}
