//! Standings and the report file: FIDE's reference values on Swiss events, a round robin
//! worked by hand, and a file read back as written.

use super::berger;
use super::standings::{Entry, Results, System};
use super::trf::{self, Player, Report};

fn fixture(name: &str) -> &'static str {
    match name {
        "swiss" => include_str!("../../tests/fixtures/tiebreaks/swiss.trf"),
        "swiss-withdrawal" => include_str!("../../tests/fixtures/tiebreaks/swiss-withdrawal.trf"),
        "swiss.expected" => include_str!("../../tests/fixtures/tiebreaks/swiss.expected"),
        _ => include_str!("../../tests/fixtures/tiebreaks/swiss-withdrawal.expected"),
    }
}

fn rounds_of(report: &Report) -> Vec<Vec<Entry>> {
    report.players.iter().map(|p| p.rounds.clone()).collect()
}

#[test]
fn swiss_tie_breaks_are_fides_reference_values() {
    for name in ["swiss", "swiss-withdrawal"] {
        let report = trf::read(fixture(name)).unwrap();
        assert_eq!(
            (report.name.as_str(), report.rounds),
            ("Sample Open 2024", 5)
        );
        let rounds = rounds_of(&report);
        let results = Results::new(System::Swiss, &rounds);
        let standings = results.standings();
        let expected = fixture(&format!("{name}.expected"));
        for line in expected.lines() {
            let v: Vec<f64> = line.split(' ').map(|w| w.parse().unwrap()).collect();
            let player = v[0] as usize - 1;
            let s = standings.iter().find(|s| s.player == player).unwrap();
            assert_eq!(
                s.points, report.players[player].points,
                "{name}: the file's points"
            );
            // Swiss order: Buchholz Cut-1, Buchholz, Sonneborn-Berger, wins.
            let got = [
                s.points,
                s.tiebreaks[1],
                s.tiebreaks[0],
                s.tiebreaks[2],
                s.tiebreaks[3],
            ];
            assert_eq!(got.as_slice(), &v[1..], "{name}, player {}", player + 1);
        }
    }
}

#[test]
fn swiss_standings_go_by_points_then_buchholz_cut_1() {
    let report = trf::read(fixture("swiss")).unwrap();
    let rounds = rounds_of(&report);
    let results = Results::new(System::Swiss, &rounds);
    let order: Vec<(usize, usize)> = results
        .standings()
        .iter()
        .map(|s| (s.place, s.player + 1))
        .collect();
    // 3 and 4 have 2.5 and the same Cut-1 (4.5); 3's Buchholz is higher. 1 and 5 have 2.0:
    // 1's Cut-1 is 5.0. 6 and 7 are tied on Cut-1 and Buchholz; 7's Sonneborn-Berger wins.
    assert_eq!(
        order,
        [(1, 3), (2, 4), (3, 1), (4, 5), (5, 7), (6, 6), (7, 2)]
    );
}

#[test]
fn direct_encounter_ranks_only_what_the_games_decide() {
    let report = trf::read(fixture("swiss")).unwrap();
    let rounds = rounds_of(&report);
    let results = Results::new(System::Swiss, &rounds);
    // 1 beat 5: 1 first. 3 and 4 never met: tied, whatever they might have done.
    assert_eq!(results.direct_encounter(&[0, 4]), [(0, 1.0), (4, 2.0)]);
    assert_eq!(results.direct_encounter(&[2, 3]), [(2, 1.0), (3, 1.0)]);
}

/// Four players by the Berger table: A (1) beats D, draws B, loses to C; B beats C and D;
/// C draws D. A and C have 1.5 and the same Sonneborn-Berger (1.75); C beat A. B's
/// Sonneborn-Berger: C's 1.5 + half of A's 1.5 + D's 0.5 = 2.75.
fn worked_round_robin() -> Vec<Vec<Entry>> {
    // Each round's games from the table, with White's halves.
    let halves = [[2, 2], [1, 1], [2, 2]];
    let mut rounds = vec![Vec::new(); 4];
    for (round, scores) in berger::single(4).iter().zip(halves) {
        for (g, h) in round.games.iter().zip(scores) {
            rounds[g.white].push(Entry::Played {
                opponent: g.black,
                white: true,
                halves: h,
            });
            rounds[g.black].push(Entry::Played {
                opponent: g.white,
                white: false,
                halves: 2 - h,
            });
        }
    }
    rounds
}

#[test]
fn a_round_robin_worked_by_hand_goes_to_direct_encounter() {
    let rounds = worked_round_robin();
    let results = Results::new(System::RoundRobin, &rounds);
    let lines: Vec<(usize, usize, f64, Vec<f64>)> = results
        .standings()
        .into_iter()
        .map(|s| (s.place, s.player, s.points, s.tiebreaks))
        .collect();
    // Round robin order: Sonneborn-Berger, direct encounter, wins.
    assert_eq!(
        lines,
        [
            (1, 1, 2.5, vec![2.75, 1.0, 2.0]),
            (2, 2, 1.5, vec![1.75, 1.0, 1.0]),
            (3, 0, 1.5, vec![1.75, 2.0, 1.0]),
            (4, 3, 0.5, vec![0.75, 1.0, 0.0]),
        ]
    );
}

#[test]
fn in_a_round_robin_a_forfeit_counts_as_a_game_and_a_rest_as_nothing() {
    // Three players: 1 beats 2 by forfeit, 3 beats 1; 2 and 3 draw; each rests once.
    let rounds = vec![
        vec![
            Entry::Forfeit {
                opponent: 1,
                white: true,
                won: true,
            },
            Entry::Rest,
            Entry::Played {
                opponent: 2,
                white: false,
                halves: 0,
            },
        ],
        vec![
            Entry::Forfeit {
                opponent: 0,
                white: false,
                won: false,
            },
            Entry::Played {
                opponent: 2,
                white: true,
                halves: 1,
            },
            Entry::Rest,
        ],
        vec![
            Entry::Rest,
            Entry::Played {
                opponent: 1,
                white: false,
                halves: 1,
            },
            Entry::Played {
                opponent: 0,
                white: true,
                halves: 2,
            },
        ],
    ];
    let results = Results::new(System::RoundRobin, &rounds);
    let s = results.standings();
    // 3: 1.5, SB 0.5 x 0.5 + 1 x 1 = 1.25; 1: 1, SB 0.5 x 1 = 0.5; 2: 0.5, SB 1.5 x 0.5.
    let got: Vec<(usize, f64, f64)> = s
        .iter()
        .map(|l| (l.player, l.points, l.tiebreaks[0]))
        .collect();
    assert_eq!(got, [(2, 1.5, 1.25), (0, 1.0, 0.5), (1, 0.5, 0.75)]);
}

#[test]
fn a_report_reads_back_as_written() {
    let rounds = worked_round_robin();
    let results = Results::new(System::RoundRobin, &rounds);
    let standings = results.standings();
    let names = ["Ann", "Bob the Builder", "Chloé", "Dmitri"];
    let report = Report {
        name: "Herald Autumn Round Robin".into(),
        headers: vec![("092".into(), "Individual: round robin".into())],
        rounds: 3,
        players: (0..4)
            .map(|p| Player {
                name: names[p].into(),
                rating: Some(1500 + p as u32 * 10),
                points: results.points(p),
                rank: standings.iter().find(|s| s.player == p).unwrap().place,
                rounds: rounds[p].clone(),
            })
            .collect(),
    };
    let text = trf::write(&report);
    assert!(
        text.ends_with("\r\n") && !text.replace("\r\n", "").contains(['\r', '\n']),
        "CR LF line ends"
    );
    let line = text.lines().find(|l| l.starts_with("001    2")).unwrap();
    assert_eq!(&line[14..29], "Bob the Builder");
    assert_eq!(&line[48..52], "1510", "rating in columns 49-52");
    assert_eq!(&line[80..84], " 2.5", "points in columns 81-84");
    assert_eq!(&line[85..89], "   1", "rank in columns 86-89");
    assert_eq!(&line[91..99], "   3 w 1", "round 1: beat 3 with White");
    assert!(text.contains("\r\nXXR 3\r\n"), "{text}");
    let back = trf::read(&text).unwrap();
    let mut expected = report.clone();
    expected.players[2].name = "Chlo?".into();
    assert_eq!(back, expected);
}

#[test]
fn a_bad_report_is_refused_with_the_place_named() {
    let mut report = trf::read(fixture("swiss")).unwrap();
    report.players.truncate(1);
    let good = trf::write(&report);
    let line = good.lines().find(|l| l.starts_with("001")).unwrap();
    assert_eq!(&line[98..99], "1");
    let bad = format!("{}X{}", &line[..98], &line[99..]);
    assert_eq!(
        trf::read(&bad).unwrap_err(),
        "player 1, round 1: no result code 'X'"
    );
}
