//! The terminal adapter, `herald local`, playing the newer variants from challenge to result.

use std::sync::Arc;

use crate::support::clock::ManualClock;
use herald::app::Service;

async fn session(script: &str) -> (String, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("l.db").display());
    let store = herald::store::Store::open(&url).await.unwrap();
    let service = Service::new(
        store,
        Arc::new(ManualClock::new(1_795_000_000)),
        Some(herald::render::Options::default()),
    );
    let mut out = Vec::new();
    herald::local::run(
        &service,
        &dir.path().join("images"),
        std::io::Cursor::new(script),
        &mut out,
    )
    .await
    .unwrap();
    (String::from_utf8(out).unwrap(), dir)
}

#[tokio::test]
async fn fantastic_xiii_from_challenge_to_resignation_in_a_terminal() {
    let (out, dir) = session(
        "alice: /challenge opponent:bob variant:fantastic color:white\n\
         bob: press Accept\n\
         alice: /move move:g3g6\n\
         bob: /move move:Tg8\n\
         alice: /history\n\
         alice: /resign\n",
    )
    .await;
    assert!(out.contains("Fantastic XIII"), "{out}");
    assert!(!out.contains("??"), "{out}");
    assert!(out.contains("played **Tg6**"), "{out}");
    assert!(out.contains("1. Tg6 Tg8"), "{out}");
    assert!(out.contains("@alice resigns. @bob wins as Black"), "{out}");
    let images = std::fs::read_dir(dir.path().join("images"))
        .unwrap()
        .count();
    assert!(images >= 3, "a board for the start and each move: {images}");
}

#[tokio::test]
async fn ageiou_with_options_from_challenge_to_result_in_a_terminal() {
    let (out, _dir) = session(
        "alice: /challenge opponent:bob variant:ageiou color:white portal-turns:1 fifty:60\n\
         bob: press Accept\n\
         alice: /move move:b1b1\n\
         bob: /move move:\"K<>Cd10\"\n\
         alice: /history\n\
         bob: /draw\n\
         alice: press Accept draw\n",
    )
    .await;
    assert!(!out.contains("??"), "{out}");
    assert!(out.contains("portals take 1 turn to build"), "{out}");
    assert!(out.contains("@alice plays Light, @bob plays Dark"), "{out}");
    assert!(out.contains("(Dark to play"), "{out}");
    assert!(out.contains("60 moves each"), "{out}");
    assert!(out.contains("drawn by agreement"), "{out}");
}

#[tokio::test]
async fn options_are_refused_with_their_range_or_for_other_variants() {
    let (out, _dir) = session(
        "alice: /challenge opponent:bob variant:ageiou portal-turns:9\n\
         alice: /challenge opponent:bob variant:epoch repetitions:5\n",
    )
    .await;
    assert!(
        out.contains("portal-turns must be from 1 to 7, not 9"),
        "{out}"
    );
    assert!(out.contains("epoch has no game options"), "{out}");
    assert!(!out.contains("challenges @bob"), "{out}");
}

#[tokio::test]
async fn a_chess_stalemate_is_announced_as_a_draw() {
    // Sam Loyd's ten-move stalemate.
    let moves = [
        "e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+", "Kf7", "Qxb7",
        "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6",
    ];
    let mut script = String::from(
        "alice: /challenge opponent:bob variant:chess color:white\nbob: press Accept\n",
    );
    for (i, m) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { "alice" } else { "bob" };
        script.push_str(&format!("{who}: /move move:{m}\n"));
    }
    let (out, _dir) = session(&script).await;
    assert!(!out.contains("??"), "{out}");
    let last = out.lines().rev().find(|l| l.contains("Qe6")).unwrap();
    assert!(last.contains("Draw by stalemate."), "{last}");
    assert!(!last.contains("wins"), "{last}");
}
