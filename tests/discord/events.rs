//! Whole tournaments through Discord, played to their ends: a Swiss of nine players and five
//! rounds, each round paired when the last ends, and a double round robin of six, every game
//! at once; each game played in its own thread with `/move` and `/resign`, the rounds and the
//! final standings posted where the tournament was made.

use super::*;
use herald::store::{GameStatus, Store, StoredGame};
use std::collections::BTreeSet;

/// Nine members of the server.
const PLAYERS: [u64; 9] = [
    400_000_000_000_000_101,
    400_000_000_000_000_102,
    400_000_000_000_000_103,
    400_000_000_000_000_104,
    400_000_000_000_000_105,
    400_000_000_000_000_106,
    400_000_000_000_000_107,
    400_000_000_000_000_108,
    400_000_000_000_000_109,
];

fn sub(name: &str, options: Vec<serde_json::Value>) -> Vec<serde_json::Value> {
    vec![serde_json::json!({"name": name, "type": 1, "options": options})]
}

/// The bot's database, read beside it.
async fn store_of(dir: &Path) -> Store {
    let url = format!("sqlite://{}", dir.join("v.db").display());
    Store::open(&url).await.unwrap()
}

/// The tournament's unfinished games, once there are `n` (the bot may still be writing).
async fn active(store: &Store, n: usize) -> Vec<StoredGame> {
    for _ in 0..300 {
        let games: Vec<StoredGame> = store
            .tournament_games(1)
            .await
            .unwrap()
            .into_iter()
            .filter(|g| g.status == GameStatus::Active)
            .collect();
        if games.len() == n {
            return games;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the tournament never had {n} games being played");
}

/// A game played in its thread: a move each, then `loser` resigns.
async fn play_out(fake: &Fake, game: &StoredGame, white_loses: bool) {
    assert!(game.home.is_some(), "game #{} is in a thread", game.id);
    let room: u64 = game.channel.parse().unwrap();
    let (white, black): (u64, u64) = (game.white.parse().unwrap(), game.black.parse().unwrap());
    for (who, mv) in [(white, "e4"), (black, "e5")] {
        let moved = answer(fake, &fake.slash(who, room, "move", vec![opt("move", mv)])).await;
        assert!(!moved.ephemeral(), "{}", moved.content());
    }
    let loser = if white_loses { white } else { black };
    answer(fake, &fake.slash(loser, room, "resign", vec![])).await;
}

/// The posts in the lobby that contain `words`, once there are `n`.
async fn posts_saying(fake: &Fake, words: &str, n: usize) -> Vec<String> {
    fake.wait(WAIT, || {
        let posts: Vec<String> = fake
            .posts_in(LOBBY)
            .iter()
            .map(|p| p.content().to_string())
            .filter(|c| c.contains(words))
            .collect();
        (posts.len() >= n).then_some(posts)
    })
    .await
    .unwrap_or_else(|| panic!("no {n} posts saying {words:?} in the lobby"))
}

/// Asserts the tournament `name` had `games` threads in each of its `rounds`, each named for
/// it and the round.
fn threads_a_round(fake: &Fake, name: &str, rounds: usize, games: usize) {
    let names: Vec<String> = fake.threads().into_iter().map(|(_, _, n)| n).collect();
    for round in 1..=rounds {
        let prefix = format!("{name} R{round} · ");
        let here = names.iter().filter(|n| n.starts_with(&prefix)).count();
        assert_eq!(here, games, "threads for round {round}: {names:?}");
    }
}

/// The tournament made with `options` by the first of `players`, joined by them all and
/// started by its maker, whose summary says `begins`.
async fn create_join_start(
    fake: &Fake,
    options: Vec<serde_json::Value>,
    players: &[u64],
    begins: &str,
) {
    let maker = players[0];
    let made = answer(
        fake,
        &fake.slash(maker, LOBBY, "tournament", sub("create", options)),
    )
    .await;
    assert!(
        made.content().contains("made tournament #1"),
        "{}",
        made.content()
    );
    for &who in players {
        let joined = answer(
            fake,
            &fake.slash(who, LOBBY, "tournament", sub("join", vec![])),
        )
        .await;
        assert!(
            joined.content().contains("joins tournament #1"),
            "{}",
            joined.content()
        );
    }
    let started = answer(
        fake,
        &fake.slash(maker, LOBBY, "tournament", sub("start", vec![])),
    )
    .await;
    assert!(started.content().contains(begins), "{}", started.content());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_nine_player_swiss_is_played_to_its_end_through_discord() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, _bot) = bot_in_process(dir.path()).await;
    let options = vec![
        opt("name", "Winter Swiss"),
        opt("variant", "chess"),
        opt("system", "swiss"),
        opt("rounds", 5),
    ];
    create_join_start(
        &fake,
        options,
        &PLAYERS,
        "begins: 9 players, 5 rounds of a Swiss",
    )
    .await;
    let store = store_of(dir.path()).await;
    let mut met = BTreeSet::new();
    for round in 1..=5 {
        let games = active(&store, 4).await;
        for (i, game) in games.iter().enumerate() {
            assert!(
                met.insert((
                    game.white.clone().min(game.black.clone()),
                    game.white.clone().max(game.black.clone())
                )),
                "a rematch in round {round}"
            );
            play_out(&fake, game, i % 2 == 1).await;
        }
        if round < 5 {
            let paired =
                posts_saying(&fake, &format!("round {} of 5 is paired", round + 1), 1).await;
            assert!(
                paired[0].contains("has the bye (a point)."),
                "{}",
                paired[0]
            );
        }
    }
    let over = posts_saying(&fake, "is over", 1).await;
    assert!(
        over[0].starts_with("Tournament #1 **Winter Swiss** is over: <@"),
        "{}",
        over[0]
    );
    assert!(
        over[0].contains(
            "Final standings (points, then Buchholz Cut-1, Buchholz, Sonneborn-Berger, wins):"
        ),
        "{}",
        over[0]
    );
    threads_a_round(&fake, "Winter Swiss", 5, 4);
    let byes: BTreeSet<String> = store
        .pairings(1)
        .await
        .unwrap()
        .into_iter()
        .filter(|p| p.black.is_none())
        .map(|p| p.white.clone())
        .collect();
    assert_eq!(byes.len(), 5, "five players had the bye, each once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_six_player_double_round_robin_is_played_to_its_end_through_discord() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, _bot) = bot_in_process(dir.path()).await;
    let options = vec![
        opt("name", "Twice Cup"),
        opt("variant", "chess"),
        opt("system", "double-round-robin"),
    ];
    create_join_start(
        &fake,
        options,
        &PLAYERS[..6],
        "begins: 6 players, 10 rounds of a double round robin",
    )
    .await;
    let store = store_of(dir.path()).await;
    let games = active(&store, 30).await;
    // Each pair meets twice, once with each colour.
    let pairs: BTreeSet<(String, String)> = games
        .iter()
        .map(|g| (g.white.clone(), g.black.clone()))
        .collect();
    assert_eq!(pairs.len(), 30);
    assert!(pairs
        .iter()
        .all(|(w, b)| pairs.contains(&(b.clone(), w.clone()))));
    // The lower start number wins every game: the first player takes all ten.
    let number = |p: &str| PLAYERS.iter().position(|q| q.to_string() == p).unwrap();
    for game in &games {
        play_out(&fake, game, number(&game.white) > number(&game.black)).await;
    }
    let over = posts_saying(&fake, "is over", 1).await;
    assert!(
        over[0].starts_with(&format!(
            "Tournament #1 **Twice Cup** is over: <@{}> wins with 10 points.",
            PLAYERS[0]
        )),
        "{}",
        over[0]
    );
    threads_a_round(&fake, "Twice Cup", 10, 3);
}
