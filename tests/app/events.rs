//! Whole tournaments in `herald local`, as a person at a terminal plays them: one session a
//! round (the program ends and starts again between them, the database keeping everything),
//! every game played to mate with `/move game:N`, the next round paired when the last ends,
//! and the final standings printed.

use std::path::Path;

use herald::store::{GameStatus, Store, StoredGame};

use crate::local::herald_local;

const NAMES: [&str; 9] = [
    "ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal", "ivy",
];

/// The lines that mate in `game`: the fool's mate when White is to lose, else the scholar's
/// quicker cousin (1. e4 f6 2. d4 g5 3. Qh5#).
fn mate(game: &StoredGame, white_loses: bool) -> String {
    let moves: &[&str] = if white_loses {
        &["f3", "e5", "g4", "Qh4#"]
    } else {
        &["e4", "f6", "d4", "g5", "Qh5#"]
    };
    moves
        .iter()
        .enumerate()
        .map(|(i, mv)| {
            let who = if i % 2 == 0 { &game.white } else { &game.black };
            format!("{who}: /move game:{} move:{mv}\n", game.id)
        })
        .collect()
}

async fn active(dir: &Path) -> Vec<StoredGame> {
    let url = format!("sqlite://{}", dir.join("herald.db").display());
    let store = Store::open(&url).await.unwrap();
    let games = store.tournament_games(1).await.unwrap();
    games
        .into_iter()
        .filter(|g| g.status == GameStatus::Active)
        .collect()
}

/// A session of `herald local` in `dir` reading `script`: what it printed.
fn session(dir: &Path, script: &str) -> String {
    let out = herald_local(dir, &["--no-images"], script.as_bytes());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn open(name: &str, system: &str, extra: &str, players: &[&str]) -> String {
    let mut script = format!(
        "{0}: /tournament create name:\"{name}\" variant:chess system:{system}{extra}\n",
        players[0]
    );
    for p in players {
        script.push_str(&format!("{p}: /tournament join\n"));
    }
    script.push_str(&format!("{}: /tournament start\n", players[0]));
    script
}

#[tokio::test]
async fn a_nine_player_swiss_of_five_rounds_in_herald_local() {
    let dir = tempfile::tempdir().unwrap();
    let out = session(
        dir.path(),
        &open("Winter Swiss", "swiss", " rounds:5", &NAMES),
    );
    assert!(
        out.contains(
            "Tournament #1 **Winter Swiss** begins: 9 players, 5 rounds of a Swiss of Chess"
        ),
        "{out}"
    );
    for round in 1..=5 {
        let games = active(dir.path()).await;
        assert_eq!(games.len(), 4, "round {round}");
        let script: String = games
            .iter()
            .enumerate()
            .map(|(i, g)| mate(g, i % 2 == 0))
            .collect();
        let out = session(dir.path(), &format!("{script}ann: /tournament show\n"));
        assert!(out.contains("checkmate"), "{out}");
        if round < 5 {
            assert!(
                out.contains(&format!(
                    "Tournament #1 **Winter Swiss**: round {} of 5 is paired",
                    round + 1
                )),
                "{out}"
            );
            assert!(out.contains("has the bye (a point)."), "{out}");
        } else {
            assert!(
                out.contains("Tournament #1 **Winter Swiss** is over: @"),
                "{out}"
            );
            assert!(out.contains("Final standings (points, then Buchholz Cut-1, Buchholz, Sonneborn-Berger, wins):"), "{out}");
            assert!(out.contains("finished."), "the table shows it over: {out}");
        }
    }
    assert!(active(dir.path()).await.is_empty());
}

#[tokio::test]
async fn a_six_player_double_round_robin_in_herald_local() {
    let dir = tempfile::tempdir().unwrap();
    let out = session(
        dir.path(),
        &open("Twice Cup", "double-round-robin", "", &NAMES[..6]),
    );
    assert!(out.contains("Tournament #1 **Twice Cup** begins: 6 players, 10 rounds of a double round robin of Chess"), "{out}");
    let games = active(dir.path()).await;
    assert_eq!(games.len(), 30);
    // Both of a pair's games are here at once: the opponent cannot pick one of them.
    let which = session(dir.path(), "ann: /resign opponent:ben\n");
    assert!(which.contains("the opponent does not tell your games with the same player apart; name the game by its number, as `game:N`."), "{which}");
    // ann (start number 1, all being unrated and she first to join) wins every game.
    let script: String = games
        .iter()
        .map(|g| {
            mate(
                g,
                g.black == "ann" || (g.white != "ann" && g.white > g.black),
            )
        })
        .collect();
    let out = session(dir.path(), &script);
    assert!(
        out.contains("Tournament #1 **Twice Cup** is over: @ann wins with 10 points."),
        "{out}"
    );
    assert!(active(dir.path()).await.is_empty());
}

#[tokio::test]
async fn a_game_is_named_by_its_number_where_the_opponent_plays_two() {
    let dir = tempfile::tempdir().unwrap();
    session(
        dir.path(),
        &open("Pair Cup", "double-round-robin", "", &NAMES[..3]),
    );
    let games = active(dir.path()).await;
    let both: Vec<&StoredGame> = games
        .iter()
        .filter(|g| {
            [&g.white, &g.black].contains(&&"ann".to_string())
                && [&g.white, &g.black].contains(&&"ben".to_string())
        })
        .collect();
    assert_eq!(both.len(), 2, "ann and ben have two games at once");
    let out = session(
        dir.path(),
        &format!("ann: /resign game:{}\nann: /resign game:99\n", both[1].id),
    );
    assert!(
        out.contains("@ann resigns. @ben wins") && out.contains(&format!("(game #{})", both[1].id)),
        "{out}"
    );
    assert!(
        out.contains("game #99") || out.contains("#99"),
        "an unknown number is refused: {out}"
    );
    let left = active(dir.path()).await;
    assert!(
        left.iter().any(|g| g.id == both[0].id),
        "the other game goes on"
    );
}
