//! The engine through its public entry point: mates in one, two and three in every variant (each
//! position checked by brute force to be what it claims), repetition avoided in Epoch, a free
//! piece taken, only legal moves across seeded positions, the time limit kept, and the same
//! move at a fixed depth.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use herald::engine::{search, Limits, SearchResult, MATE};
use herald::rules::{new_game, AnyGame, Color, VariantId};

use crate::support::seeded::seeded_game;

fn game(variant: VariantId, text: &str) -> Box<dyn AnyGame> {
    new_game(variant, Some(text)).unwrap_or_else(|e| panic!("{variant} {text}: {e}"))
}

fn best(game: &dyn AnyGame, limits: Limits) -> SearchResult {
    let stop = AtomicBool::new(false);
    search(game, limits, &stop).expect("a move")
}

fn after(game: &dyn AnyGame, mv: &str) -> Box<dyn AnyGame> {
    let mut next = game.clone_box();
    next.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    next
}

/// Whether `color` has won the game as it stands.
fn won(game: &dyn AnyGame, color: Color) -> bool {
    game.outcome().and_then(|o| o.winner()) == Some(color)
}

/// Whether the side to move wins by one of its moves at once.
fn wins_in_one(game: &dyn AnyGame) -> bool {
    wins_within(game, 1)
}

/// Whether the side to move forces a win within `n` of its moves.
fn wins_within(game: &dyn AnyGame, n: usize) -> bool {
    game.legal_coordinates()
        .iter()
        .any(|mv| move_wins_within(game, mv, n))
}

/// Whether `mv` forces a win within `n` moves of its side: the move itself wins, or every
/// reply (the turn passes after each) leaves a win within `n - 1`.
fn move_wins_within(game: &dyn AnyGame, mv: &str, n: usize) -> bool {
    let us = game.turn();
    let next = after(game, mv);
    if won(&*next, us) {
        return true;
    }
    n > 1
        && next.outcome().is_none()
        && next
            .legal_coordinates()
            .iter()
            .all(|reply| wins_within(&*after(&*next, reply), n - 1))
}

/// Each variant's mates: (variant, mate in one, mate in two), all with the winner to move.
const MATES: [(VariantId, &str, &str); 5] = [
    (
        VariantId::Chess,
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "r5k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1",
    ),
    (
        VariantId::Empire,
        "r3k3/8/8/8/8/8/5PPP/6K1 b - - 0 1",
        "1k1r4/3r4/8/8/8/8/5PPP/T5K1 b - - 0 1",
    ),
    (
        VariantId::Epoch,
        "p12/13/13/13/13/13/13/13/13/3M9/1S11/13/2S3P6 w - - - - - 0 1",
        "p12/13/7S5/13/13/12M/13/13/13/13/13/3S9/6P6 w - - - - - 0 1",
    ),
    (
        VariantId::Fantastic,
        "k12/pp11/3H9/13/13/13/13/13/13/13/13/13/6K6 w - - 0 1",
        "k12/13/13/13/13/13/13/O12/13/13/13/13/4C1K6 w - - 0 1",
    ),
    (
        VariantId::Ageiou,
        "5k4/10/10/10/10/10/10/10/10/K4B4 w - - - 0 1",
        "9k/8pp/10/10/10/10/10/10/B9/K9 w - - - 0 1",
    ),
];

#[test]
fn finds_a_mate_in_one_in_every_variant() {
    for (variant, one, _) in MATES {
        let g = game(variant, one);
        assert!(wins_in_one(&*g), "{variant}: the fixture is a win in one");
        let found = best(&*g, Limits::depth(2));
        assert!(
            won(&*after(&*g, &found.mv), g.turn()),
            "{variant}: {} does not win at once",
            found.mv
        );
        assert_eq!(found.score, MATE - 1, "{variant}");
    }
}

#[test]
fn finds_a_mate_in_two_in_every_variant() {
    for (variant, _, two) in MATES {
        let g = game(variant, two);
        assert!(
            !wins_in_one(&*g),
            "{variant}: the fixture has no win in one"
        );
        let found = best(&*g, Limits::depth(4));
        assert!(
            move_wins_within(&*g, &found.mv, 2),
            "{variant}: {} does not force a win in two",
            found.mv
        );
        assert_eq!(found.score, MATE - 3, "{variant}");
    }
}

/// Each variant's mate in three, the winner to move.
const MATES_IN_THREE: [(VariantId, &str); 5] = [
    (VariantId::Chess, "5k2/pp6/p7/8/2R5/8/8/4K2R w - - 0 1"),
    (VariantId::Empire, "3k4/4r3/8/8/8/2r5/5P1P/6K1 b - - 0 1"),
    (
        VariantId::Epoch,
        "10p2/12l/3l1P7/1M11/13/13/13/10S2/4S8/13/13/13/13 w - - - - - 0 1",
    ),
    (
        VariantId::Fantastic,
        "k12/7p5/8p4/13/8O4/3H9/7K5/13/13/13/13/13/13 w - - 0 1",
    ),
    (
        VariantId::Ageiou,
        "k9/9p/K2p6/10/10/10/10/3C5B/10/10 w - - - 0 1",
    ),
];

#[test]
fn finds_a_mate_in_three_in_every_variant() {
    for (variant, three) in MATES_IN_THREE {
        let g = game(variant, three);
        assert!(
            !wins_within(&*g, 2),
            "{variant}: the fixture has no win in two"
        );
        let found = best(&*g, Limits::depth(6));
        assert_eq!(found.score, MATE - 5, "{variant}: {}", found.mv);
        // Every reply leaves a win in two, which the engine finds and brute force confirms.
        let next = after(&*g, &found.mv);
        assert!(next.outcome().is_none(), "{variant}");
        for reply in next.legal_coordinates() {
            let then = after(&*next, &reply);
            let second = best(&*then, Limits::depth(4));
            assert!(
                move_wins_within(&*then, &second.mv, 2),
                "{variant}: after {} {reply}, {} does not force a win in two",
                found.mv,
                second.mv
            );
        }
    }
}

#[test]
fn takes_a_free_piece() {
    for (variant, text, capture) in [
        (
            VariantId::Chess,
            "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1",
            "d2d5",
        ),
        (
            VariantId::Epoch,
            "p12/13/13/13/1s11/13/13/13/13/13/1S11/13/6P6 w - - - - - 0 1",
            "b3b9",
        ),
        (
            VariantId::Empire,
            "k7/8/8/3T4/8/8/3r4/6K1 b - - 0 1",
            "d2d5",
        ),
        (
            VariantId::Fantastic,
            "k12/13/13/13/13/13/13/3n9/13/13/3O9/13/6K6 w - - 0 1",
            "d3d6",
        ),
        (
            VariantId::Ageiou,
            "k9/10/10/10/3q6/10/10/3B6/10/6K3 w - - - 0 1",
            "d3d6",
        ),
    ] {
        let found = best(&*game(variant, text), Limits::depth(3));
        assert_eq!(found.mv, capture, "{variant}");
        assert!(found.score > 300, "{variant}: {}", found.score);
    }
}

/// The reverse of a piece's quiet move in coordinates (`d4f5` -> `f5d4`).
fn reverse(mv: &str) -> String {
    let split = mv[1..]
        .find(|c: char| c.is_ascii_alphabetic())
        .expect("two squares")
        + 1;
    format!("{}{}", &mv[split..], &mv[..split])
}

#[test]
fn avoids_the_move_that_loses_by_repetition_in_epoch() {
    let x = "p5t6/13/13/13/13/13/13/13/13/13/13/12M/1T4P6 w - - - - - 0 1";
    let depth = Limits::depth(3);
    let m = best(&*game(VariantId::Epoch, x), depth).mv;
    // Start where White's favourite move leads, and go round twice: X (White to move) then
    // occurs twice and m would make the position after it occur for the third time.
    let y = after(&*game(VariantId::Epoch, x), &m).position_text();
    let start = game(VariantId::Epoch, &y);
    let history = start.legal_coordinates().into_iter().find_map(|b| {
        let line = [b.clone(), reverse(&m), reverse(&b), m.clone()];
        let mut g = start.clone_box();
        for mv in line.iter().chain(&line[..3]) {
            if g.play(mv).is_err() || g.outcome().is_some() {
                return None;
            }
        }
        Some(g)
    });
    let history = history.expect("a black move and its reverse around White's");
    assert!(
        won(&*after(&*history, &m), Color::Black),
        "{m} repeats a third time"
    );
    // Without the history, the same placement still draws White to m ...
    let fresh = game(VariantId::Epoch, &history.position_text());
    assert_eq!(best(&*fresh, depth).mv, m);
    // ... with it, the engine plays something else and does not think it is lost.
    let found = best(&*history, depth);
    assert_ne!(found.mv, m);
    assert!(found.score > -MATE / 2, "{}", found.score);
}

#[test]
fn plays_only_legal_moves_in_seeded_random_positions() {
    for variant in VariantId::ALL {
        for seed in 0..6 {
            let mut g = new_game(variant, None).unwrap();
            for mv in seeded_game(variant, 100 + seed, 20 + 15 * seed as usize) {
                g.play(&mv).unwrap();
            }
            let legal = g.legal_coordinates();
            let stop = AtomicBool::new(false);
            match search(&*g, Limits::depth(2), &stop) {
                Some(found) => assert!(
                    legal.contains(&found.mv),
                    "{variant} seed {seed}: {} is not legal",
                    found.mv
                ),
                None => assert!(legal.is_empty() && g.outcome().is_some()),
            }
        }
    }
}

#[test]
fn keeps_its_time_limit_and_stops_when_told() {
    let g = new_game(VariantId::Epoch, None).unwrap();
    let t = Instant::now();
    let found = best(&*g, Limits::movetime(50));
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    assert!(g.legal_coordinates().contains(&found.mv));
    // No limit but the stop flag, set from another thread.
    let stop = AtomicBool::new(false);
    let t = Instant::now();
    let found = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(50));
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        });
        search(&*g, Limits::default(), &stop)
    });
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    assert!(g.legal_coordinates().contains(&found.expect("a move").mv));
    // Stopped before it starts: still a legal move.
    let stop = AtomicBool::new(true);
    let found = search(&*g, Limits::default(), &stop).expect("a move");
    assert!(g.legal_coordinates().contains(&found.mv));
}

#[test]
fn gives_the_same_answer_at_a_fixed_depth() {
    for variant in [VariantId::Epoch, VariantId::Chess, VariantId::Ageiou] {
        let g = new_game(variant, None).unwrap();
        let a = best(&*g, Limits::depth(3));
        let b = best(&*g, Limits::depth(3));
        assert_eq!(
            (a.mv, a.score, a.depth, a.nodes),
            (b.mv, b.score, b.depth, b.nodes)
        );
    }
}

#[test]
fn a_finished_game_has_no_move() {
    let g = game(VariantId::Chess, "7k/5QQ1/8/8/8/8/8/K7 b - - 0 1");
    assert!(g.outcome().is_some());
    assert_eq!(search(&*g, Limits::depth(2), &AtomicBool::new(false)), None);
}

#[test]
fn two_threads_share_a_timed_search_and_leave_a_fixed_depth_alone() {
    let fixed: Vec<SearchResult> = VariantId::ALL
        .iter()
        .map(|&v| best(&*new_game(v, None).unwrap(), Limits::depth(3)))
        .collect();
    /// Back to the machine's threads however the test ends.
    struct Threads;
    impl Drop for Threads {
        fn drop(&mut self) {
            herald::engine::set_threads(0);
        }
    }
    herald::engine::set_threads(2);
    let _reset = Threads;
    for (&variant, alone) in VariantId::ALL.iter().zip(&fixed) {
        let g = new_game(variant, None).unwrap();
        let found = best(&*g, Limits::movetime(100));
        assert!(g.legal_coordinates().contains(&found.mv), "{variant}");
        // A depth limit searches on one thread: the same answer, node for node.
        let again = best(&*g, Limits::depth(3));
        assert_eq!(
            (&again.mv, again.score, again.nodes),
            (&alone.mv, alone.score, alone.nodes),
            "{variant}"
        );
    }
    // The mates are found by both threads' search too.
    for (variant, one, _) in MATES {
        let g = game(variant, one);
        let found = best(&*g, Limits::movetime(200));
        assert!(won(&*after(&*g, &found.mv), g.turn()), "{variant}");
    }
}
