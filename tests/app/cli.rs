//! The `herald rules` commands, run as a player or a test tool runs them.

use std::process::{Command, Output};

fn herald(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_herald"))
        .args(args)
        .output()
        .expect("the herald binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("utf-8")
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("utf-8")
}

/// Runs `herald` with `args`, which must succeed; what it printed.
fn succeeds(args: &[&str]) -> String {
    let out = herald(args);
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out)
}

const START: &str = "sthgaepmaghts/13/lllllllllllll/13/13/13/13/13/13/13/LLLLLLLLLLLLL/13/STHGAEPMAGHTS w AMam - - - - 0 1";

#[test]
fn show_prints_the_start_position_status_and_check() {
    let out = herald(&["rules", "show"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), format!("{START}\nongoing\nno check\n"));
}

#[test]
fn show_after_moves_and_with_an_explicit_variant() {
    let out = herald(&[
        "rules",
        "show",
        "--variant",
        "epoch",
        "--moves",
        "e3e7 e11e8 Ae1-e6",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let first = text.lines().next().unwrap();
    assert!(first.contains(" b AMam - - - - 1 2"), "{first}");
    assert!(
        first.starts_with("sthgaepmaghts/13/llll1llllllll/13/13/4l8/4L8/4A8/"),
        "{first}"
    );
}

#[test]
fn moves_lists_81_coordinate_moves_in_byte_order() {
    let out = herald(&["rules", "moves"]);
    let lines: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(lines.len(), 81);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(lines.contains(&"e3e7".to_string()) && lines.contains(&"b1d4".to_string()));
}

#[test]
fn moves_with_san_uses_san_in_byte_order() {
    let out = herald(&["rules", "moves", "--san"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 81);
    assert!(lines.contains(&"e7") && lines.contains(&"Td4") && lines.contains(&"Pg2"));
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
}

#[test]
fn perft_and_divide_agree() {
    let out = herald(&["rules", "perft", "--depth", "2"]);
    assert_eq!(stdout(&out), "6548\n");
    let out = herald(&["rules", "perft", "--depth", "2", "--divide"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 82);
    assert_eq!(*lines.last().unwrap(), "6548");
    let sum: u64 = lines[..81]
        .iter()
        .map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 6548);
    // Each White advance to rank 7 leaves the Black Legionary facing it three squares.
    assert!(lines.contains(&"e3e7 80"), "{text}");
    assert!(lines.contains(&"e3e6 81"), "{text}");
}

#[test]
fn perft_depth_one_after_moves() {
    let out = herald(&["rules", "perft", "--depth", "1", "--moves", "e3e7"]);
    assert_eq!(stdout(&out), "80\n");
}

#[test]
fn an_illegal_move_exits_2_naming_the_move_and_why() {
    let out = herald(&["rules", "show", "--moves", "e3e7 Hc13-c10"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    let err = stderr(&out);
    assert!(err.contains("move 2 (Hc13-c10)"), "{err}");
    assert!(err.contains("no Herald can reach c10"), "{err}");

    let out = herald(&["rules", "moves", "--moves", "zz9"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("move 1 (zz9): cannot read 'zz9'"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_bad_position_text_exits_2_naming_the_field() {
    let out = herald(&["rules", "show", "--fen", "13/13 w - - - - - 0 1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("field 1 (placement)"), "{err}");
    assert!(err.contains("expected 13"), "{err}");
}

#[test]
fn an_unknown_variant_is_refused() {
    let out = herald(&["rules", "show", "--variant", "xiangqi"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown variant 'xiangqi'"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn checkmate_shows_the_winner_and_prints_no_moves() {
    // The Marshal on g7 checks along the diagonal; Templars on c9 and e11 take a12 and b13.
    let fen = crate::support::fen("pa13 Te11 Tc9 Mg7 Pg1", "b - - - - - 0 1");
    let out = herald(&["rules", "show", "--fen", &fen]);
    assert_eq!(
        stdout(&out),
        format!("{fen}\nwhite wins: checkmate\ncheck\n")
    );
    let out = herald(&["rules", "moves", "--fen", &fen]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "");
    let out = herald(&["rules", "perft", "--depth", "3", "--fen", &fen]);
    assert_eq!(stdout(&out), "0\n");
}

#[test]
fn perft_of_a_finished_game_is_0_at_any_depth() {
    // At the deepest depth allowed, memory follows the levels the tree really has.
    let fen = crate::support::fen("pa13 Te11 Tc9 Mg7 Pg1", "b - - - - - 0 1");
    let out = herald(&["rules", "perft", "--depth", "15", "--fen", &fen]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "0\n");
    let mate = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1";
    for divide in [false, true] {
        let mut args = vec!["rules", "perft", "--variant", "chess", "--fen", mate];
        args.extend(["--depth", "15"]);
        if divide {
            args.push("--divide");
        }
        let out = herald(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(stdout(&out), "0\n");
    }
}

#[test]
fn chess_perft_counts_on_through_draws_and_the_others_stop_there() {
    // Bare kings: chess counts their moves as the published tables do ...
    let out = herald(&[
        "rules",
        "perft",
        "--variant",
        "chess",
        "--fen",
        "8/8/4k3/8/8/4K3/8/8 w - - 0 1",
        "--depth",
        "2",
    ]);
    assert_eq!(stdout(&out), "57\n", "{}", stderr(&out));
    // ... Fantastic XIII ends the count where its game ends.
    let bare = "6k6/13/13/13/13/13/13/13/13/13/13/13/6K6 w - - 0 1";
    let out = herald(&[
        "rules",
        "perft",
        "--variant",
        "fantastic",
        "--fen",
        bare,
        "--depth",
        "2",
    ]);
    assert_eq!(stdout(&out), "0\n", "{}", stderr(&out));
}

#[test]
fn refusals_name_no_discord_command() {
    for variant in ["epoch", "chess", "empire", "fantastic", "ageiou"] {
        for input in ["Zz9", "Kf5", "Qd5", "Tg9", "h8", "O-O", "a1a1"] {
            let out = herald(&["rules", "moves", "--variant", variant, "--moves", input]);
            let err = stderr(&out);
            if out.status.success() {
                continue;
            }
            assert!(
                err.starts_with("herald: move 1"),
                "{variant} {input}: {err}"
            );
            assert!(!err.contains(" /"), "{variant} {input}: {err}");
        }
    }
}

#[test]
fn stalemate_is_a_win_for_the_side_that_cannot_move() {
    let fen = crate::support::fen("pa13 Td10 Te10 Pg1", "b - - - - - 0 1");
    let out = herald(&["rules", "show", "--fen", &fen]);
    assert_eq!(
        stdout(&out),
        format!("{fen}\nblack wins: stalemate\nno check\n")
    );
}

#[test]
fn herald_without_a_subcommand_is_the_bot_and_says_what_it_needs() {
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_herald"))
        .current_dir(dir.path())
        .env_remove("DISCORD_TOKEN")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = stderr(&out);
    assert!(text.contains("DISCORD_TOKEN is not set"), "{text}");
    assert!(text.contains("herald local"), "{text}");
}

#[test]
fn the_bots_web_address_is_checked_before_it_connects() {
    let dir = tempfile::tempdir().unwrap();
    for (flag, env, said) in [
        (
            Some("nowhere"),
            None,
            "--web is 'nowhere', which is no address to serve on",
        ),
        (
            None,
            Some("x:y"),
            "HERALD_WEB is 'x:y', which is no address to serve on",
        ),
    ] {
        let mut command = Command::new(env!("CARGO_BIN_EXE_herald"));
        command
            .current_dir(dir.path())
            .env("DISCORD_TOKEN", "not.a.token")
            .env("DISCORD_API_BASE", "http://127.0.0.1:9")
            .env_remove("HERALD_WEB");
        if let Some(flag) = flag {
            command.args(["--web", flag]);
        }
        if let Some(env) = env {
            command.env("HERALD_WEB", env);
        }
        let out = command.output().unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert!(stderr(&out).contains(said), "{}", stderr(&out));
    }
}

#[test]
fn render_writes_a_png_of_the_requested_width() {
    let dir = std::env::temp_dir().join(format!("herald-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("board.png");
    let run = herald(&[
        "render",
        "--moves",
        "e3e7 e11e8",
        "--flip",
        "--size",
        "640",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
    let bytes = std::fs::read(&out).unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let reader = decoder.read_info().expect("a PNG");
    assert_eq!(reader.info().width, 640);

    let piece = dir.join("piece.png");
    let run = herald(&["render", "--piece", "d1", "--out", piece.to_str().unwrap()]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(std::fs::metadata(&piece).unwrap().len() > 1000);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn render_refuses_a_piece_square_without_a_piece() {
    let run = herald(&["render", "--piece", "e5", "--out", "unused.png"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(
        stderr(&run).contains("there is no piece on e5"),
        "{}",
        stderr(&run)
    );
    let run = herald(&["render", "--piece", "z99", "--out", "unused.png"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("not a square"), "{}", stderr(&run));
    assert!(!std::path::Path::new("unused.png").exists());
}

#[test]
fn a_database_url_that_names_no_file_is_refused_at_start() {
    let dir = tempfile::tempdir().unwrap();
    for url in ["sqlite://", "sqlite::memory:", "postgress://x/y"] {
        let out = Command::new(env!("CARGO_BIN_EXE_herald"))
            .args(["db", "check"])
            .current_dir(dir.path())
            .env("DATABASE_URL", url)
            .output()
            .expect("the herald binary runs");
        assert_eq!(out.status.code(), Some(1), "{url}");
        let why = stderr(&out);
        assert!(
            why.contains(url) && why.contains("sqlite://herald.db"),
            "{why}"
        );
    }
    // Nothing was created on the way.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn ageiou_results_name_light_and_dark() {
    let out = herald(&[
        "rules",
        "show",
        "--variant",
        "ageiou",
        "--fen",
        "10/10/10/10/10/4k5/4Q5/10/10/4K5 w - - - 0 1",
        "--moves",
        "e4e5",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out).lines().nth(1),
        Some("light wins: king captured")
    );
}

#[test]
fn bestmove_prints_a_legal_move_and_its_search() {
    let text = succeeds(&["rules", "bestmove", "--depth", "2"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    let legal = stdout(&herald(&["rules", "moves"]));
    assert!(legal.lines().any(|l| l == lines[0]), "{}", lines[0]);
    let words: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(words.len(), 8, "{}", lines[1]);
    assert_eq!(
        [words[0], words[2], words[3], words[4], words[6]],
        ["score", "depth", "2", "nodes", "time"]
    );
    assert!(words[1].parse::<i32>().is_ok() && words[5].parse::<u64>().unwrap() > 0);
    // A mate in one in chess, found within a time budget too.
    let printed = succeeds(&[
        "rules",
        "bestmove",
        "--variant",
        "chess",
        "--fen",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "--movetime",
        "200",
    ]);
    assert!(
        printed.starts_with("a1a8\nscore 29999 depth "),
        "{}",
        printed
    );
}

#[test]
fn bestmove_needs_one_limit_and_a_game_not_over() {
    let out = herald(&["rules", "bestmove"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let out = herald(&["rules", "bestmove", "--depth", "2", "--movetime", "100"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let mated = "7k/5QQ1/8/8/8/8/8/K7 b - - 0 1";
    let out = herald(&[
        "rules",
        "bestmove",
        "--variant",
        "chess",
        "--fen",
        mated,
        "--depth",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("the game is over"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn engine_match_plays_its_games_and_tallies_them() {
    let text = succeeds(&[
        "engine",
        "match",
        "--variant",
        "chess",
        "--games",
        "2",
        "--movetime",
        "10",
        "--opponent",
        "random",
        "--seed",
        "3",
        "--max-plies",
        "40",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        lines[0].starts_with("game 1 engine white vs random black: "),
        "{text}"
    );
    assert!(
        lines[1].starts_with("game 2 engine black vs random white: "),
        "{text}"
    );
    let tally: Vec<u32> = lines[2]
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    assert!(
        lines[2].starts_with("wins ") && tally.iter().sum::<u32>() == 2,
        "{text}"
    );
    assert!(
        lines[3].starts_with("score ") && lines[3].contains("Elo"),
        "{text}"
    );
    // AGEIOU takes its options here too, and an unknown opponent is refused.
    let printed = succeeds(&[
        "engine",
        "match",
        "--variant",
        "ageiou",
        "--games",
        "1",
        "--movetime",
        "5",
        "--opponent",
        "greedy",
        "--max-plies",
        "6",
        "--repetitions",
        "4",
    ]);
    assert!(
        printed.contains("draw: adjudicated after 6 plies"),
        "{}",
        printed
    );
    let out = herald(&[
        "engine",
        "match",
        "--games",
        "1",
        "--movetime",
        "5",
        "--opponent",
        "stockfish",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_database_password_is_never_printed_whatever_the_error() {
    let dir = tempfile::tempdir().unwrap();
    let target = format!("sqlite://{}", dir.path().join("copy.db").display());
    for url in [
        // Nothing listens on port 1: the connection is refused.
        "postgres://herald:hunter2@127.0.0.1:1/herald",
        "postgresql://127.0.0.1:1/herald?user=herald&password=hunter2",
        "postgres://herald:hunt%65r2@127.0.0.1:1/herald",
        // A mistyped scheme, and a URL naming no server.
        "postgre://herald:hunter2@db.example/herald",
        "postgres://herald:hunter2@/herald",
    ] {
        for args in [
            vec!["db", "check", "--db", url],
            vec!["db", "copy", "--from", url, "--to", target.as_str()],
            vec!["db", "rerate", "--db", url],
        ] {
            let out = herald(&args);
            assert_eq!(out.status.code(), Some(1), "{args:?}");
            let (said, printed) = (stderr(&out), stdout(&out));
            assert!(!said.is_empty(), "{args:?} says why");
            for secret in ["hunter2", "hunt%65r2"] {
                assert!(
                    !said.contains(secret) && !printed.contains(secret),
                    "{args:?}: {said}"
                );
            }
        }
    }
}

#[test]
fn a_mistyped_database_path_is_refused_not_created_empty() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("hreald.db");
    let url = format!("sqlite://{}", missing.display());
    let target = format!("sqlite://{}", dir.path().join("copy.db").display());
    for args in [
        vec!["db", "check", "--db", url.as_str()],
        vec![
            "db",
            "copy",
            "--from",
            url.as_str(),
            "--to",
            target.as_str(),
        ],
    ] {
        let out = herald(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stdout(&out));
        assert!(
            stderr(&out).contains("there is no database at sqlite://")
                && stderr(&out).contains("hreald.db: check the path"),
            "{}",
            stderr(&out)
        );
        assert!(!missing.exists(), "{args:?} created the file");
    }
}

#[test]
fn sizes_and_depths_out_of_range_are_refused_not_clamped() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("board.png");
    let out = out.to_str().unwrap();
    for size in ["0", "159", "4001", "4294967295"] {
        let r = herald(&["render", "--variant", "chess", "--size", size, "--out", out]);
        assert_eq!(r.status.code(), Some(2), "--size {size}");
        assert!(stderr(&r).contains("160..=4000"), "{}", stderr(&r));
    }
    assert!(!std::path::Path::new(out).exists(), "nothing drawn");
    succeeds(&[
        "render",
        "--variant",
        "chess",
        "--size",
        "160",
        "--out",
        out,
    ]);
    let r = herald(&["rules", "perft", "--variant", "chess", "--depth", "100000"]);
    assert_eq!(r.status.code(), Some(2));
    assert!(stderr(&r).contains("0..=15"), "{}", stderr(&r));
}
