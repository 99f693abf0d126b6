//! The Dutch system against a FIDE-endorsed pairing program: every round of the generated
//! tournaments in `tests/fixtures/dutch` (written by bbpPairings, see the README there) is
//! paired again from the rounds before it and must come out game for game, colour for
//! colour, bye for bye as the program paired it. Then the cases a reader can check by hand.

use super::dutch::{pair, Unpairable};
use super::standings::Entry;
use super::{trf, Pairing};
use std::collections::BTreeSet;
use std::path::Path;

/// The colour the top player had in round 1, as the file tells it: the first player with a
/// colour that round, reversed for every player above them who had the bye.
fn first_colour(report: &trf::Report) -> bool {
    let mut above = 0;
    for player in &report.players {
        match player.rounds.first() {
            Some(
                Entry::Played { white, .. }
                | Entry::Forfeit { white, .. }
                | Entry::Pending { white, .. },
            ) => return *white == (above % 2 == 0),
            Some(Entry::PairingBye) => above += 1,
            _ => {}
        }
    }
    true
}

/// What one fixture round holds: its games (white, black), its bye, and how many players sat
/// it out by choice.
struct Expected {
    games: BTreeSet<(usize, usize)>,
    bye: Option<usize>,
}

fn expected(report: &trf::Report, round: usize) -> Expected {
    let mut games = BTreeSet::new();
    let mut bye = None;
    for (p, player) in report.players.iter().enumerate() {
        match player.rounds.get(round) {
            Some(
                Entry::Played {
                    opponent,
                    white: true,
                    ..
                }
                | Entry::Forfeit {
                    opponent,
                    white: true,
                    ..
                },
            ) => {
                games.insert((p, *opponent));
            }
            Some(Entry::PairingBye) => bye = Some(p),
            _ => {}
        }
    }
    Expected { games, bye }
}

#[test]
fn every_generated_round_is_paired_as_bbp_pairings_paired_it() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dutch");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    let (mut rounds, mut byes, mut requested, mut forfeits, mut largest) = (0, 0, 0, 0, 0);
    let mut wrong = Vec::new();
    for file in &files {
        let report = trf::read(&std::fs::read_to_string(file).unwrap()).unwrap();
        let played = report.players.iter().map(|p| p.rounds.len()).max().unwrap();
        let total = if report.rounds > 0 {
            report.rounds
        } else {
            played
        };
        largest = largest.max(report.players.len());
        let first_white = first_colour(&report);
        for round in 0..played {
            let histories: Vec<Vec<Entry>> = report
                .players
                .iter()
                .map(|p| {
                    let mut h: Vec<Entry> = p.rounds.iter().take(round).copied().collect();
                    h.resize(round, Entry::ZeroBye);
                    h
                })
                .collect();
            let absent: Vec<bool> = report
                .players
                .iter()
                .map(|p| {
                    matches!(
                        p.rounds.get(round).copied().unwrap_or(Entry::ZeroBye),
                        Entry::HalfBye | Entry::FullBye | Entry::ZeroBye
                    )
                })
                .collect();
            let want = expected(&report, round);
            rounds += 1;
            byes += usize::from(want.bye.is_some());
            requested += absent.iter().filter(|&&a| a).count();
            forfeits += report
                .players
                .iter()
                .filter(|p| matches!(p.rounds.get(round), Some(Entry::Forfeit { won: true, .. })))
                .count();
            let got = pair(&histories, &absent, total, first_white).unwrap();
            let games: BTreeSet<_> = got.games.iter().map(|g| (g.white, g.black)).collect();
            if games != want.games || got.bye != want.bye {
                let name = file.file_name().unwrap().to_string_lossy().to_string();
                wrong.push(format!(
                    "{name} round {}: {:?} bye {:?}, expected {:?} bye {:?}",
                    round + 1,
                    games,
                    got.bye,
                    want.games,
                    want.bye
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} rounds differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    // The fixtures are what they claim: many rounds, with every kind of unplayed round.
    assert!(rounds >= 200, "only {rounds} rounds");
    assert!(byes >= 100 && requested >= 100 && forfeits >= 100 && largest >= 100);
}

#[test]
fn round_one_pairs_the_top_half_with_the_bottom_half_colours_alternating() {
    let round = pair(&vec![Vec::new(); 7], &[false; 7], 5, true).unwrap();
    let games = |white: usize, black: usize| Pairing { white, black };
    assert_eq!(
        round.games,
        vec![games(0, 3), games(4, 1), games(2, 5)],
        "1-4, 5-2, 3-6 by the start numbers"
    );
    assert_eq!(round.bye, Some(6), "the lowest-ranked player has the bye");
    // Drawn the other way, every colour turns.
    let round = pair(&vec![Vec::new(); 6], &[false; 6], 5, false).unwrap();
    assert_eq!(round.games, vec![games(3, 0), games(1, 4), games(5, 2)]);
    assert_eq!(round.bye, None);
}

#[test]
fn an_absent_player_is_left_out_and_the_rest_paired() {
    let absent = [false, true, false, false, false];
    let round = pair(&vec![Vec::new(); 5], &absent, 4, true).unwrap();
    let players: BTreeSet<usize> = round
        .games
        .iter()
        .flat_map(|g| [g.white, g.black])
        .collect();
    assert_eq!(players, BTreeSet::from([0, 2, 3, 4]));
    assert_eq!(round.bye, None);
}

#[test]
fn winners_meet_winners_and_nobody_meets_twice() {
    // Round 1 was 1-3 (1-0) and 4-2 (0-1): the winners 1 and 2 meet, and the losers.
    let played = |opponent, white, halves| Entry::Played {
        opponent,
        white,
        halves,
    };
    let histories = vec![
        vec![played(2, true, 2)],
        vec![played(3, false, 2)],
        vec![played(0, false, 0)],
        vec![played(1, true, 0)],
    ];
    let round = pair(&histories, &[false; 4], 3, true).unwrap();
    // 2 had Black, so has White now; 3 had Black, so has White against 4.
    assert_eq!(
        round.games,
        vec![
            Pairing { white: 1, black: 0 },
            Pairing { white: 2, black: 3 }
        ]
    );
}

#[test]
fn a_round_nobody_can_pair_is_refused() {
    // Three players who have met each other and all had the bye.
    let played = |opponent, white| Entry::Played {
        opponent,
        white,
        halves: 1,
    };
    let histories = vec![
        vec![played(1, true), played(2, false), Entry::PairingBye],
        vec![played(0, false), Entry::PairingBye, played(2, true)],
        vec![Entry::PairingBye, played(0, true), played(1, false)],
    ];
    assert_eq!(
        pair(&histories, &[false; 3], 5, true),
        Err(Unpairable::NoPairing)
    );
    // A lone player has the bye, unless they had it already.
    let lone = pair(&[Vec::new()], &[false], 3, true).unwrap();
    assert_eq!(lone.bye, Some(0));
    assert_eq!(
        pair(&[vec![Entry::PairingBye]], &[false], 3, true),
        Err(Unpairable::NoPairing)
    );
}
