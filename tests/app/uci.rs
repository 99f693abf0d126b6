//! `herald engine uci` answers the protocol's core as any UCI engine does, and `herald engine
//! match --uci` plays another engine over it: here another Herald, so no program but ours is
//! needed.

use std::io::Write;
use std::process::{Command, Stdio};

use herald::rules::{new_game, VariantId};

fn herald() -> &'static str {
    env!("CARGO_BIN_EXE_herald")
}

/// What `herald engine uci` prints for `input` (then the end of its input).
fn uci(input: &str) -> String {
    let mut child = Command::new(herald())
        .args(["engine", "uci"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the herald binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

fn bestmove(out: &str) -> &str {
    out.lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap_or_else(|| panic!("no bestmove in {out}"))
}

#[test]
fn herald_answers_uci_for_every_variant() {
    let out = uci("uci\nisready\n");
    assert!(out.contains("id name Herald"), "{out}");
    assert!(
        out.contains("option name UCI_Variant type combo default chess var epoch"),
        "{out}"
    );
    assert!(out.contains("uciok") && out.contains("readyok"), "{out}");

    // A position of the flagship, moves in Herald's coordinate form: the answer is a legal
    // move of the side to move, with the search's figures before it.
    let out = uci(
        "setoption name UCI_Variant value epoch\nposition startpos moves g3g7\ngo depth 2\nquit\n",
    );
    let mut game = new_game(VariantId::Epoch, None).unwrap();
    game.play("g3g7").unwrap();
    let mv = bestmove(&out);
    assert!(game.legal_coordinates().iter().any(|m| m == mv), "{out}");
    assert!(out.contains("info depth 2 score cp "), "{out}");

    // Chess from a position text: the mate in one is found and said as a mate.
    let out = uci("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 3\nquit\n");
    assert_eq!(bestmove(&out), "a1a8", "{out}");
    assert!(out.contains("score mate 1"), "{out}");

    // Bad input is answered, and changes nothing else.
    let out = uci(
        "position startpos moves e2e5\nsetoption name UCI_Variant value go\nflip\ngo depth 1\nquit\n",
    );
    assert!(out.contains("info string move e2e5"), "{out}");
    assert!(out.contains("info string unknown variant 'go'"), "{out}");
    assert!(out.contains("info string unknown command 'flip'"), "{out}");
    let chess = new_game(VariantId::Chess, None).unwrap();
    assert!(chess
        .legal_coordinates()
        .iter()
        .any(|m| m == bestmove(&out)));
}

#[test]
fn a_level_draws_its_moves_by_the_seed() {
    let at = |seed: u32| {
        let out = uci(&format!(
            "setoption name Level value 1\nsetoption name Seed value {seed}\nposition startpos\ngo\nquit\n"
        ));
        bestmove(&out).to_string()
    };
    // The same seed, the same move; over several seeds, more than one move.
    assert_eq!(at(7), at(7));
    let moves: std::collections::BTreeSet<String> = (1..=8).map(at).collect();
    assert!(moves.len() > 1, "{moves:?}");
}

/// `herald engine match` of chess with `args` after the variant.
fn chess_match(args: &[&str]) -> std::process::Output {
    Command::new(herald())
        .args(["engine", "match", "--variant", "chess"])
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn a_match_against_another_herald_over_uci() {
    let opponent = format!("{} engine uci", herald());
    let out = chess_match(&[
        "--games",
        "2",
        "--movetime",
        "20",
        "--uci",
        &opponent,
        "--openings",
        "2",
        "--max-plies",
        "24",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("game 1 engine white vs Herald "),
        "{text}"
    );
    assert!(
        lines[1].starts_with("game 2 engine black vs Herald "),
        "{text}"
    );
    // Both games of the pair start from the same two-ply opening.
    let opening = |line: &str| line.split(" from ").nth(1).map(str::to_string);
    assert!(opening(lines[0]).is_some(), "{text}");
    assert_eq!(opening(lines[0]), opening(lines[1]), "{text}");
    assert!(lines[2].starts_with("wins "), "{text}");
    assert!(
        lines[3].starts_with("score ") && lines[3].contains("/2 "),
        "{text}"
    );

    // A program that is not there is said so.
    let out = chess_match(&[
        "--games",
        "1",
        "--movetime",
        "5",
        "--uci",
        "/nonexistent/engine",
    ]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("cannot start /nonexistent/engine"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
