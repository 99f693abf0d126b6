//! Round robins by FIDE's Berger tables (Handbook C.05, Annex 1). The table for an even number
//! `n` of players has `n - 1` rounds; an odd number plays the table of the next even number,
//! whose highest number is the bye. In round `r` the highest number meets the player `p` with
//! `2p = r + 1` modulo `n - 1` (White in odd rounds, Black in even ones), and the others pair off
//! around `p` on a circle of the numbers `1..n`: `p + k` (White) against `p - k`.

use super::{Pairing, Round};

/// The rounds of a single round robin of `players` (at least 2).
pub fn single(players: usize) -> Vec<Round> {
    assert!(players >= 2, "a round robin needs two players");
    let n = players + players % 2;
    let circle = n - 1;
    let highest = n - 1;
    (1..n)
        .map(|r| {
            // `p` as a table number (from 1), then positions on the circle from 0.
            let p = if r % 2 == 1 {
                r.div_ceil(2)
            } else {
                (r + n) / 2
            };
            let at = |k: isize| (p as isize - 1 + k).rem_euclid(circle as isize) as usize;
            let against_highest = match r % 2 {
                1 => Pairing {
                    white: p - 1,
                    black: highest,
                },
                _ => Pairing {
                    white: highest,
                    black: p - 1,
                },
            };
            let mut round = Round::default();
            if highest < players {
                round.games.push(against_highest);
            } else {
                round.bye = Some(p - 1);
            }
            for k in 1..(n / 2) as isize {
                round.games.push(Pairing {
                    white: at(k),
                    black: at(-k),
                });
            }
            round
        })
        .collect()
}

/// The rounds of a double round robin: the first cycle with its last two rounds exchanged, as
/// FIDE recommends so that nobody has one colour three times running where the cycles meet,
/// then the whole table again in its order with the colours reversed.
pub fn double(players: usize) -> Vec<Round> {
    let mut rounds = single(players);
    let len = rounds.len();
    if len >= 2 {
        rounds.swap(len - 2, len - 1);
    }
    rounds.extend(single(players).into_iter().map(|round| Round {
        games: round.games.into_iter().map(Pairing::reversed).collect(),
        bye: round.bye,
    }));
    rounds
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// The published tables: for each even number of players, its rounds.
    fn published() -> Vec<(usize, Vec<Vec<Pairing>>)> {
        let text = include_str!("../../tests/fixtures/berger.txt");
        let mut tables: Vec<(usize, Vec<Vec<Pairing>>)> = Vec::new();
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let mut words = line.split_whitespace();
            match words.next() {
                Some("players") => {
                    let n = words.next().unwrap().parse().unwrap();
                    tables.push((n, Vec::new()));
                }
                Some(_) => {
                    let games = words
                        .map(|g| {
                            let (w, b) = g.split_once('-').unwrap();
                            Pairing {
                                white: w.parse::<usize>().unwrap() - 1,
                                black: b.parse::<usize>().unwrap() - 1,
                            }
                        })
                        .collect();
                    tables.last_mut().unwrap().1.push(games);
                }
                None => {}
            }
        }
        tables
    }

    #[test]
    fn the_tables_are_fides_for_3_to_14_players() {
        let tables = published();
        assert_eq!(tables.len(), 6, "4, 6, ..., 14 players");
        for (n, rounds) in tables {
            let even: Vec<Vec<Pairing>> = single(n).into_iter().map(|r| r.games).collect();
            assert_eq!(even, rounds, "{n} players");
            // One fewer: the same table without the highest number, whose opponent rests.
            for (r, (round, published)) in single(n - 1).iter().zip(&rounds).enumerate() {
                let rest: Vec<Pairing> = published
                    .iter()
                    .copied()
                    .filter(|g| !g.has(n - 1))
                    .collect();
                assert_eq!(round.games, rest, "{} players, round {}", n - 1, r + 1);
                let resting = published.iter().find(|g| g.has(n - 1)).unwrap();
                let other = resting.white + resting.black - (n - 1);
                assert_eq!(round.bye, Some(other), "{} players, round {}", n - 1, r + 1);
            }
        }
    }

    /// Each pair meets once (twice in a double round robin, once with each colour), each
    /// player plays once a round or rests, and the colours are as even as they can be.
    fn check(players: usize, rounds: &[Round], cycles: usize) {
        let n = players + players % 2;
        assert_eq!(rounds.len(), cycles * (n - 1), "{players} players");
        let mut met = HashSet::new();
        for round in rounds {
            let mut seen = HashSet::new();
            for g in &round.games {
                assert!(
                    seen.insert(g.white) && seen.insert(g.black),
                    "{players}: {round:?}"
                );
                assert!(met.insert(*g), "{players}: {g:?} twice");
            }
            seen.extend(round.bye);
            assert_eq!(seen.len(), players, "{players}: everyone plays or rests");
        }
        let pairs = players * (players - 1) / 2;
        assert_eq!(met.len(), cycles * pairs);
        for p in 0..players {
            let whites = met.iter().filter(|g| g.white == p).count() as isize;
            let blacks = met.iter().filter(|g| g.black == p).count() as isize;
            assert!((whites - blacks).abs() <= 1, "{players}: player {p}");
        }
    }

    #[test]
    fn every_table_from_2_to_16_players_pairs_everyone_once_with_balanced_colours() {
        for players in 2..=16 {
            check(players, &single(players), 1);
        }
    }

    #[test]
    fn a_double_round_robin_gives_nobody_one_colour_three_times_running() {
        for players in 3..=16 {
            let rounds = double(players);
            check(players, &rounds, 2);
            for p in 0..players {
                let colours: Vec<bool> = rounds
                    .iter()
                    .filter_map(|r| r.games.iter().find(|g| g.has(p)))
                    .map(|g| g.white == p)
                    .collect();
                assert!(
                    colours.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2])),
                    "{players} players, player {}: {colours:?}",
                    p + 1
                );
            }
        }
    }

    #[test]
    fn a_double_round_robin_of_four_exchanges_the_first_cycles_last_two_rounds() {
        let rounds = double(4);
        let table = |r: &Round| -> Vec<(usize, usize)> {
            r.games.iter().map(|g| (g.white + 1, g.black + 1)).collect()
        };
        let shown: Vec<_> = rounds.iter().map(table).collect();
        assert_eq!(
            shown,
            [
                vec![(1, 4), (2, 3)],
                vec![(2, 4), (3, 1)],
                vec![(4, 3), (1, 2)],
                vec![(4, 1), (3, 2)],
                vec![(3, 4), (2, 1)],
                vec![(4, 2), (1, 3)],
            ]
        );
    }
}
