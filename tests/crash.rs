//! A Herald process killed (SIGKILL) in the middle of a stream of moves leaves every game
//! whole: each move is stored entirely or not at all, and `herald db check` passes.

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

mod support;

use herald::app::{Service, SystemClock};
use herald::rules::VariantId;
use herald::store::Store;
use support::seeded::seeded_game;

#[test]
fn a_killed_process_leaves_whole_moves_only_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("herald.db").display());
    killed_mid_move(&dir, &url);
}

#[test]
fn a_killed_process_leaves_whole_moves_only_on_postgresql() {
    if !support::postgres::available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let url = runtime()
        .block_on(support::postgres::fresh_database())
        .unwrap();
    killed_mid_move(&dir, &url);
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// Six runs of `herald local`, each killed a little later in a stream of 400 moves.
fn killed_mid_move(dir: &tempfile::TempDir, url: &str) {
    let mut planned = 0;
    for run in 0..6u64 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_herald"))
            .args(["local", "--no-images", "--db", url, "--out"])
            .arg(dir.path().join("img"))
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("herald starts");
        let mut script = format!(
            "#run{run} alice: /challenge opponent:bob color:white days:3\n#run{run} bob: press Accept\n"
        );
        let line = seeded_game(VariantId::Epoch, run + 1, 400);
        planned += line.len();
        for (i, mv) in line.iter().enumerate() {
            let who = if i % 2 == 0 { "alice" } else { "bob" };
            script.push_str(&format!("#run{run} {who}: /move move:{mv}\n"));
        }
        let mut stdin = child.stdin.take().unwrap();
        // Feed the moves from another thread: the kill must not wait for the pipe.
        let feeder = std::thread::spawn(move || {
            let _ = stdin.write_all(script.as_bytes());
        });
        std::thread::sleep(Duration::from_millis(60 + 40 * run));
        child.kill().expect("SIGKILL");
        child.wait().unwrap();
        let _ = feeder.join();
    }

    runtime().block_on(async {
        let store = Store::open(url).await.unwrap();
        let service = Service::new(store, Arc::new(SystemClock), None);
        let (games, problems) = service.check_database().await.unwrap();
        assert!(problems.is_empty(), "{problems:?}");
        assert!(games >= 1, "at least one game was started before a kill");
        let stored: usize = {
            let mut n = 0;
            for g in service.store().all_games().await.unwrap() {
                n += service.store().moves(g.id).await.unwrap().len();
            }
            n
        };
        eprintln!("{games} games, {stored} moves stored before the kills");
        assert!(stored > 0, "moves were being stored when the kills came");
        assert!(
            stored < planned,
            "at least one kill came in the middle of its game"
        );
    });

    let check = Command::new(env!("CARGO_BIN_EXE_herald"))
        .args(["db", "check", "--db", url])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&check.stdout);
    assert!(check.status.success(), "{out}");
    assert!(out.contains("0 problems"), "{out}");
}
