//! The game record as a PGN file (read back by python-chess for chess games), and
//! `herald db check` on databases damaged by hand.

use std::io::Write;
use std::process::{Command as Process, Stdio};
use std::str::FromStr;

use crate::service::{public, table, url, Table};
use herald::app::Command;
use herald::rules::{GameOptions, VariantId};
use herald::store::StoredMove;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, Executor};

/// Set to anything but `0` to skip the python-chess test (on a machine without python3 or
/// the chess package); unset, a missing python3 or chess fails the test.
const SKIP_PYTHON: &str = "HERALD_SKIP_PYTHON_CHESS";

impl Table {
    /// Plays the moves in turn, alice first.
    pub(crate) async fn play(&self, moves: &str) {
        self.play_from("alice", moves).await;
    }

    /// Plays the moves in turn, `first` first (alice or bob).
    pub(crate) async fn play_from(&self, first: &str, moves: &str) {
        for (i, m) in moves.split_whitespace().enumerate() {
            let who = match (i % 2 == 0, first == "alice") {
                (true, true) | (false, false) => "alice",
                _ => "bob",
            };
            public(&self.mv(who, m).await);
        }
    }

    /// The record file `/history` attaches, by its name and text.
    async fn record(&self, user: &str, opponent: &str) -> (String, String) {
        let r = self
            .say(
                user,
                Command::History {
                    opponent: Some(opponent.into()),
                    game: None,
                    gif: false,
                },
            )
            .await;
        let file = r[0].attachment.as_ref().expect("a record file");
        (
            file.name.clone(),
            String::from_utf8(file.bytes.clone()).unwrap(),
        )
    }

    async fn problems(&self) -> Vec<String> {
        self.service.check_database().await.unwrap().1
    }

    /// Runs SQL on the database directly, as damage from outside Herald; `foreign_keys` off
    /// lets a row name a game that does not exist.
    async fn damage(&self, sql: &str, foreign_keys: bool) {
        let mut c = SqliteConnectOptions::from_str(&url(&self.dir))
            .unwrap()
            .foreign_keys(foreign_keys)
            .connect()
            .await
            .unwrap();
        c.execute(sql).await.unwrap();
        c.close().await.unwrap();
    }
}

/// Reads a PGN with python-chess: prints the Result tag, then each move in UCI with the FEN
/// after it, then python-chess's own result of the final position. Fails on any error
/// python-chess reports, or on a second game in the text.
const READ_PGN: &str = r#"
import io, sys
import chess, chess.pgn
text = sys.stdin.read()
stream = io.StringIO(text)
game = chess.pgn.read_game(stream)
if game is None:
    sys.exit("python-chess found no game")
if game.errors:
    sys.exit("python-chess: %r" % game.errors)
if chess.pgn.read_game(stream) is not None:
    sys.exit("python-chess found a second game")
print(game.headers["Result"])
board = game.board()
for move in game.mainline_moves():
    board.push(move)
    print(move.uci(), board.fen(en_passant="fen"))
print("end", board.result())
"#;

/// What [`READ_PGN`] prints for a record, or None when the test is opted out with
/// [`SKIP_PYTHON`]. A missing python3 or chess package fails, saying how to install it.
fn python_chess(pgn: &str) -> Option<Vec<String>> {
    if std::env::var(SKIP_PYTHON).is_ok_and(|v| v != "0") {
        eprintln!("{SKIP_PYTHON} is set: the record is not read back with python-chess");
        return None;
    }
    let hint = format!(
        "install python-chess (`apt-get install python3-chess` or `python3 -m pip install \
         chess`; .ci/run does it), or set {SKIP_PYTHON}=1 to skip this test"
    );
    let mut child = Process::new("python3")
        .args(["-c", READ_PGN])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("python3 does not run ({e}): {hint}"));
    child
        .stdin
        .take()
        .unwrap()
        .write_all(pgn.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("No module named 'chess'"),
        "python3 has no chess package: {hint}"
    );
    assert!(
        out.status.success(),
        "python-chess could not read the record:\n{stderr}\n{pgn}"
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    Some(stdout.lines().map(str::to_string).collect())
}

/// The record's tag names in order.
fn tag_names(pgn: &str) -> Vec<&str> {
    pgn.lines()
        .take_while(|l| l.starts_with('['))
        .map(|l| l[1..].split(' ').next().unwrap())
        .collect()
}

/// Reads a chess record back with python-chess and checks its moves, positions and result
/// against what Herald stored.
pub(crate) fn reads_back(pgn: &str, stored: &[StoredMove], result: &str, board_result: &str) {
    let Some(lines) = python_chess(pgn) else {
        return;
    };
    let expected: Vec<String> = std::iter::once(result.to_string())
        .chain(
            stored
                .iter()
                .map(|m| format!("{} {}", m.coordinate, m.fen_after)),
        )
        .chain([format!("end {board_result}")])
        .collect();
    assert_eq!(lines, expected, "{pgn}");
}

#[tokio::test]
async fn chess_records_read_back_in_python_chess_with_the_same_moves_and_result() {
    let t = table(false).await;

    // The fool's mate, bob with Black.
    let id = t.game_of(VariantId::Chess, GameOptions::default()).await;
    t.play("f3 e5 g4 Qh4#").await;
    let (name, pgn) = t.record("alice", "bob").await;
    assert_eq!(name, format!("game-{id}.pgn"));
    assert_eq!(
        tag_names(&pgn),
        [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Result",
            "TimeControl",
            "Termination",
            "PlyCount"
        ],
        "{pgn}"
    );
    assert!(pgn.contains("[Date \"2026.11.18\"]"), "{pgn}");
    assert!(pgn.contains("[TimeControl \"1/259200\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"normal\"]"), "{pgn}");
    assert!(
        pgn.ends_with("\n\n1. f3 e5 2. g4 Qh4# {Black wins by checkmate.} 0-1\n"),
        "{pgn}"
    );
    let stored = t.service.store().moves(id).await.unwrap();
    reads_back(&pgn, &stored, "0-1", "0-1");

    // A longer game: en passant, promotion with a capture, castling on both sides, checks;
    // then Black (bob) resigns.
    let id = t.game_of(VariantId::Chess, GameOptions::default()).await;
    t.play("e4 d5 e5 f5 exf6 Nc6 fxg7 Nf6 gxh8=Q Bf5 Nf3 Qd6 Be2 O-O-O O-O Qxh2+ Kxh2 Ng4+ Kg3")
        .await;
    public(
        &t.say(
            "bob",
            Command::Resign {
                opponent: None,
                game: None,
            },
        )
        .await,
    );
    let (_, pgn) = t.record("bob", "alice").await;
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"normal\"]"), "{pgn}");
    assert!(pgn.contains("[PlyCount \"19\"]"), "{pgn}");
    let flat = pgn.replace('\n', " ");
    assert!(flat.contains("5. gxh8=Q Bf5"), "{pgn}");
    assert!(flat.contains("7. Be2 O-O-O 8. O-O Qxh2+"), "{pgn}");
    assert!(flat.ends_with("{Black resigned.} 1-0 "), "{pgn}");
    assert!(pgn.lines().all(|l| l.len() <= 79), "{pgn}");
    let stored = t.service.store().moves(id).await.unwrap();
    assert_eq!(stored[4].coordinate, "e5f6", "en passant");
    reads_back(&pgn, &stored, "1-0", "*");
}

#[tokio::test]
async fn the_record_of_a_swapped_game_says_who_played_the_first_move() {
    let t = table(false).await;
    t.game_of(VariantId::Epoch, GameOptions::default()).await;
    public(&t.mv("alice", "e3e7").await);
    public(
        &t.say(
            "bob",
            Command::Swap {
                opponent: None,
                game: None,
            },
        )
        .await,
    );
    // alice now has Black and moves.
    public(&t.mv("alice", "e11e8").await);
    public(&t.mv("bob", "Hc1-e3").await);
    let (_, pgn) = t.record("alice", "bob").await;
    assert!(pgn.contains("[White \"bob\"]\n[Black \"alice\"]"), "{pgn}");
    assert!(pgn.contains("[Variant \"Chess 13: Epoch\"]"), "{pgn}");
    assert!(
        pgn.contains("[Swap \"yes\"]\n[FirstMoveBy \"alice\"]"),
        "{pgn}"
    );
    assert!(!pgn.contains("[FEN "), "a standard start has no FEN: {pgn}");
    assert!(
        pgn.contains(
            "1. e7 {White's first move, by alice; then bob swapped: bob plays White, alice\n\
             plays Black.} 1... e8 2. He3 *"
        ),
        "{pgn}"
    );
    assert!(pgn.contains("[Termination \"unterminated\"]"), "{pgn}");
}

#[tokio::test]
async fn ageiou_records_number_full_moves_around_a_kings_placement() {
    let t = table(false).await;
    let options = GameOptions::new(2, 4, 100).unwrap();
    t.game_of(VariantId::Ageiou, options).await;
    // Dark's knight walks to Light's king and takes it; Light has two bishops, so its next
    // turn starts by placing the king (a ply that keeps the move number), then moves.
    t.play("a3a4 h10f9 a4a5 f9g7 a5a6 g7f5 a6a7 f5e3 b3b4 e3f1")
        .await;
    public(&t.mv("alice", "@d1").await);
    public(&t.mv("alice", "b4b5").await);
    public(&t.mv("bob", "b8a7").await);
    let (_, pgn) = t.record("alice", "bob").await;
    assert!(pgn.contains("[Variant \"AGEIOU\"]"), "{pgn}");
    assert!(
        pgn.contains("[Options \"portal-turns=2 repetitions=4 fifty=100\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("5. b4 Nxf1 6. K@d1 6. b5 bxa7 *"), "{pgn}");
}

#[tokio::test]
async fn an_aborted_game_is_abandoned_with_no_result() {
    let t = table(false).await;
    t.game_of(VariantId::Chess, GameOptions::default()).await;
    public(&t.mv("alice", "e4").await);
    public(
        &t.say(
            "bob",
            Command::Abort {
                opponent: None,
                game: None,
            },
        )
        .await,
    );
    let (_, pgn) = t.record("bob", "alice").await;
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"abandoned\"]"), "{pgn}");
    assert!(
        pgn.ends_with("\n1. e4 {Aborted before each side had moved: no result.} *\n"),
        "{pgn}"
    );
}

/// A game with a few moves and a clean check, for each kind of damage below.
async fn checked_game() -> (Table, i64) {
    let t = table(false).await;
    let id = t.game_of(VariantId::Epoch, GameOptions::default()).await;
    t.play("e3e7 e11e8 Hc1-e3").await;
    assert_eq!(t.problems().await, Vec::<String>::new());
    (t, id)
}

#[tokio::test]
async fn db_check_reports_a_move_by_someone_who_is_not_a_player() {
    let (t, id) = checked_game().await;
    t.damage(
        &format!("UPDATE moves SET player = 'mallory' WHERE game_id = {id} AND ply = 2"),
        true,
    )
    .await;
    assert_eq!(
        t.problems().await,
        [format!(
            "game #{id}: ply 2 was played by mallory, who is not a player of the game"
        )]
    );
}

#[tokio::test]
async fn db_check_reports_a_result_on_an_active_game() {
    let (t, id) = checked_game().await;
    t.damage(
        &format!("UPDATE games SET result = '1-0' WHERE id = {id}"),
        true,
    )
    .await;
    assert_eq!(
        t.problems().await,
        [format!(
            "game #{id}: the game is active but has the result 1-0"
        )]
    );
}

#[tokio::test]
async fn db_check_reports_a_finished_game_without_a_result() {
    let (t, id) = checked_game().await;
    t.damage(
        &format!(
            "UPDATE games SET status = 'finished', reason = 'resignation', deadline = NULL \
             WHERE id = {id}"
        ),
        true,
    )
    .await;
    assert_eq!(
        t.problems().await,
        [format!(
            "game #{id}: the game is finished but has no result"
        )]
    );
}

#[tokio::test]
async fn db_check_reports_moves_of_a_game_that_does_not_exist() {
    let (t, id) = checked_game().await;
    t.damage(
        "INSERT INTO moves (game_id, ply, coordinate, san, fen_after, player, played_at) \
         VALUES (99, 1, 'e3e7', 'e7', '-', 'alice', 0), (99, 2, 'e11e8', 'e8', '-', 'bob', 0)",
        false,
    )
    .await;
    assert_eq!(
        t.problems().await,
        ["game #99: 2 moves stored for a game that does not exist"]
    );
    // The command says so too, and fails.
    t.service.store().close().await;
    let out = Process::new(env!("CARGO_BIN_EXE_herald"))
        .args(["db", "check", "--db", &url(&t.dir)])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{stdout}");
    assert_eq!(
        stdout,
        "game #99: 2 moves stored for a game that does not exist\n1 game checked, 1 problem\n"
    );
    let _ = id;
}
