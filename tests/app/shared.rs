//! Several Herald processes on one database, as on PostgreSQL at scale: two services on the
//! same database (each with its own pool, cache and scheduler) stand for two processes. Every
//! test runs on SQLite and on PostgreSQL; `herald db copy` and a lost connection need
//! PostgreSQL.

use std::sync::Arc;

use herald::app::{Command, Reply, Service, DAY};
use herald::store::{GameStatus, Store};

use crate::service::{challenge_bob, on_both, open, public, request, table, Table};
use herald::app::ColorChoice;
use herald::rules::VariantId;

/// A second Herald on the table's database.
async fn second(t: &Table) -> Service {
    open(&t.url, t.clock.clone(), false).await
}

fn count(replies: &[Reply], words: &str) -> usize {
    replies
        .iter()
        .filter(|r| r.text.to_string().contains(words))
        .count()
}

/// Both processes' scheduler steps, at once.
async fn both(one: &Service, other: &Service) -> Vec<Reply> {
    let (mut a, b) = tokio::join!(one.tick(), other.tick());
    a.extend(b);
    a
}

fn board(opponent: &str) -> Command {
    Command::Board {
        opponent: Some(opponent.into()),
        game: None,
        flip: false,
        private: false,
    }
}

on_both! {
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn with_two_processes_each_reminder_time_out_and_expiry_is_posted_once() {
    let t = table(false).await;
    let other = second(&t).await;
    let one = &t.service;
    let id = t.game(1).await;
    public(&t.mv("alice", "e3e7").await);
    public(&t.mv("bob", "e11e8").await);
    // A challenge nobody answers.
    let r = t
        .say("carol", challenge_bob(VariantId::Chess, ColorChoice::White, 2))
        .await;
    public(&r);
    // Alice has a quarter of her day left.
    t.clock.advance(DAY * 3 / 4 + 60);
    let ticked = both(one, &other).await;
    assert_eq!(count(&ticked, "it is your move in game"), 1, "{ticked:?}");
    assert_eq!(both(one, &other).await.len(), 0, "nothing is posted twice");
    // Her time runs out, and the challenge expires.
    t.clock.advance(DAY * 14);
    let ticked = both(one, &other).await;
    assert_eq!(count(&ticked, "ran out of time"), 1, "{ticked:?}");
    assert_eq!(count(&ticked, "expired unanswered"), 1, "{ticked:?}");
    assert_eq!(both(one, &other).await.len(), 0, "nothing is posted twice");
    let game = other.store().game(id).await.unwrap().unwrap();
    assert_eq!(game.status, GameStatus::Finished);
    assert_eq!(other.store().events(id).await.unwrap().len(), 2);
}
}

on_both! {
#[tokio::test]
async fn a_move_made_through_one_process_is_the_board_the_other_shows() {
    let t = table(false).await;
    let other = second(&t).await;
    t.game(3).await;
    // The second process reads the game (and keeps it in its cache).
    let before = other.handle(&request("bob", board("alice"))).await;
    let text = public(&before).text.to_string();
    assert!(text.contains("White to move"), "{text}");
    public(&t.mv("alice", "e3e7").await);
    let after = other.handle(&request("bob", board("alice"))).await;
    let text = public(&after).text.to_string();
    assert!(text.contains("Black to move"), "{text}");
    // The second process plays on from there, and the first from the second's move.
    let r = other.handle(&request("bob", mv("e11e8"))).await;
    assert!(public(&r).text.to_string().contains("played **e8**"), "{r:?}");
    let r = t.mv("alice", "d3d7").await;
    assert!(public(&r).text.to_string().contains("played **d7**"), "{r:?}");
    let games = other.store().games_of("alice", true).await.unwrap();
    assert_eq!(games[0].ply, 3);
    let sans: Vec<String> = other.store().moves(games[0].id).await.unwrap().into_iter().map(|m| m.san).collect();
    assert_eq!(sans, ["e7", "e8", "d7"]);
}
}

fn mv(text: &str) -> Command {
    Command::Move {
        game: None,
        text: text.into(),
        opponent: None,
        confirm: false,
    }
}

on_both! {
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn fifty_moves_at_once_through_two_processes_land_once() {
    let t = table(false).await;
    let one = Arc::new(second(&t).await);
    let other = Arc::new(second(&t).await);
    let id = t.game(3).await;
    let mut tasks = Vec::new();
    for n in 0..50 {
        let service = if n % 2 == 0 { one.clone() } else { other.clone() };
        tasks.push(tokio::spawn(async move {
            service.handle(&request("alice", mv("e3e7"))).await
        }));
    }
    let mut landed = 0;
    for task in tasks {
        let replies = task.await.unwrap();
        if replies.len() == 1 && !replies[0].ephemeral {
            landed += 1;
        }
    }
    assert_eq!(landed, 1);
    let moves = one.store().moves(id).await.unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(other.store().game(id).await.unwrap().unwrap().ply, 1);
}
}

/// The tables of a database as text, row by row, for comparing two databases.
async fn contents(store: &Store) -> Vec<String> {
    let mut out = Vec::new();
    for g in store.all_games().await.unwrap() {
        out.push(format!("{g:?}"));
        out.push(format!("{:?}", store.moves(g.id).await.unwrap()));
        out.push(format!("{:?}", store.events(g.id).await.unwrap()));
        out.push(format!("{:?}", store.changes_of_game(g.id).await.unwrap()));
    }
    let ratings = store.stored_ratings().await.unwrap();
    out.push(format!("{:?}", ratings.standings));
    out
}

#[tokio::test]
async fn db_copy_moves_200_seeded_games_into_postgresql_and_back() {
    if !crate::support::postgres::available() {
        return;
    }
    let t = table(false).await;
    crate::ratings::seeded_history(&t).await;
    let postgres = crate::support::postgres::fresh_database().await.unwrap();
    let herald = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_herald"))
            .args(args)
            .env_remove("DATABASE_URL")
            .current_dir(t.dir.path())
            .output()
            .unwrap()
    };
    let copied = herald(&["db", "copy", "--from", &t.url, "--to", &postgres]);
    let said = String::from_utf8_lossy(&copied.stdout);
    assert!(
        copied.status.success(),
        "{said} {}",
        String::from_utf8_lossy(&copied.stderr)
    );
    assert!(said.contains("games 200, moves 400"), "{said}");
    let check = herald(&["db", "check", "--db", &postgres]);
    let report = String::from_utf8_lossy(&check.stdout);
    assert!(check.status.success(), "{report}");
    assert!(report.contains("200 games checked, 0 problems"), "{report}");
    // What is there is what was here; a second copy into it is refused, changing nothing.
    let source = t.service.store();
    let target = Store::open(&postgres).await.unwrap();
    assert_eq!(contents(&target).await, contents(source).await);
    let again = herald(&["db", "copy", "--from", &t.url, "--to", &postgres]);
    assert!(!again.status.success());
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("already holds"),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    // And back into a new SQLite file: the same again, and new games number on from there.
    let back = format!("sqlite://{}", t.dir.path().join("back.db").display());
    let returned = herald(&["db", "copy", "--from", &postgres, "--to", &back]);
    assert!(returned.status.success());
    let back = Store::open(&back).await.unwrap();
    assert_eq!(contents(&back).await, contents(source).await);
    let clock = t.clock.clone();
    let on_postgres = Service::new(target, clock, None);
    let r = on_postgres
        .handle(&request(
            "alice",
            challenge_bob(VariantId::Epoch, ColorChoice::White, 3),
        ))
        .await;
    let last = source.all_games().await.unwrap().last().unwrap().id;
    let accept = crate::service::button(&r, "Accept");
    public(
        &on_postgres
            .handle(&request("bob", Command::Press(accept)))
            .await,
    );
    let new = on_postgres.store().games_of("bob", true).await.unwrap();
    assert_eq!(new[0].id, last + 1);
}

/// A TCP relay to the database server that can be cut (every connection closed, new ones
/// refused) and restored, as a network or a database restart would.
struct Relay {
    address: String,
    up: Arc<std::sync::atomic::AtomicBool>,
    links: Arc<std::sync::Mutex<Vec<tokio::task::AbortHandle>>>,
}

impl Relay {
    async fn to(server: String) -> Relay {
        use std::sync::atomic::Ordering;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap().to_string();
        let up = Arc::new(std::sync::atomic::AtomicBool::new(true));
        let links: Arc<std::sync::Mutex<Vec<tokio::task::AbortHandle>>> = Default::default();
        let (on, all) = (up.clone(), links.clone());
        tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                if !on.load(Ordering::SeqCst) {
                    continue; // dropped: the connection is refused
                }
                let server = server.clone();
                let link = tokio::spawn(async move {
                    if let Ok(mut db) = tokio::net::TcpStream::connect(&server).await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut db).await;
                    }
                });
                all.lock().unwrap().push(link.abort_handle());
            }
        });
        Relay { address, up, links }
    }

    fn cut(&self) {
        self.up.store(false, std::sync::atomic::Ordering::SeqCst);
        for link in self.links.lock().unwrap().drain(..) {
            link.abort();
        }
    }

    fn restore(&self) {
        self.up.store(true, std::sync::atomic::Ordering::SeqCst);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_database_is_said_plainly_and_herald_recovers_when_it_returns() {
    if !crate::support::postgres::available() {
        return;
    }
    let url = crate::support::postgres::fresh_database().await.unwrap();
    // postgres://user@HOST:PORT/name, reached through the relay instead.
    let (head, rest) = url.split_once('@').unwrap();
    let (server, name) = rest.split_once('/').unwrap();
    let relay = Relay::to(server.to_string()).await;
    let through = format!("{head}@{}/{name}", relay.address);
    let t = table(false).await;
    let herald = open(&through, t.clock.clone(), false).await;
    let say = |user: &'static str, command: Command| {
        let herald = &herald;
        async move { herald.handle(&request(user, command)).await }
    };
    let r = say(
        "alice",
        challenge_bob(VariantId::Epoch, ColorChoice::White, 3),
    )
    .await;
    let accept = crate::service::button(&r, "Accept");
    public(&say("bob", Command::Press(accept)).await);
    public(&say("alice", mv("e3e7")).await);

    relay.cut();
    let r = say("bob", mv("e11e8")).await;
    let why = crate::service::refused(&r);
    assert!(
        why.contains("Herald could not reach its database; nothing was changed"),
        "{why}"
    );
    assert!(
        herald.tick().await.is_empty(),
        "the scheduler waits quietly"
    );

    relay.restore();
    public(&say("bob", mv("e11e8")).await);
    let game = &herald.store().games_of("bob", true).await.unwrap()[0];
    assert_eq!(
        game.ply, 2,
        "the refused move changed nothing, the next one landed"
    );
}

#[test]
fn a_database_server_that_is_down_at_start_is_one_line_and_status_1() {
    // Nothing listens on port 9 of the loopback: the connection is refused at once.
    let down = "postgres://herald:secret@127.0.0.1:9/herald";
    for args in [
        vec!["db", "check", "--db", down],
        vec!["local", "--db", down],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_herald"))
            .args(&args)
            .env_remove("DATABASE_URL")
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {said}");
        assert_eq!(said.trim().lines().count(), 1, "{said}");
        assert!(
            said.contains("the database at postgres://herald@127.0.0.1:9/herald cannot be opened"),
            "{said}"
        );
        assert!(
            !said.contains("secret"),
            "the password is never shown: {said}"
        );
    }
}

#[test]
fn processes_starting_at_once_on_a_new_sqlite_file_all_start() {
    for _ in 0..3 {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("new.db").display());
        let starting: Vec<_> = (0..6)
            .map(|_| {
                std::process::Command::new(env!("CARGO_BIN_EXE_herald"))
                    .args(["local", "--no-images", "--db", &url])
                    .stdin(std::process::Stdio::null())
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .expect("herald starts")
            })
            .collect();
        for process in starting {
            let out = process.wait_with_output().unwrap();
            let said = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success() && said.is_empty(), "{said}");
        }
    }
}

on_both! {
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn db_copy_while_a_bot_plays_on_the_source_is_one_consistent_snapshot() {
    let t = table(false).await;
    crate::ratings::seeded_history(&t).await;
    let playing = Arc::new(std::sync::atomic::AtomicBool::new(true));
    // A second process keeps starting games and playing in them while the copies run: a
    // challenge, its game, an event and a move land in different tables each time.
    let writer = {
        let other = Arc::new(second(&t).await);
        let playing = playing.clone();
        tokio::spawn(async move {
            let mut started = 0;
            while playing.load(std::sync::atomic::Ordering::Relaxed) {
                // Each game in a channel of its own (one unfinished game a pair per channel).
                let here = |user: &str, command: Command| {
                    let mut asked = request(user, command);
                    asked.channel = format!("room-{started}");
                    asked
                };
                let challenge = challenge_bob(VariantId::Chess, ColorChoice::White, 3);
                let asked = other.handle(&here("alice", challenge)).await;
                let accept = crate::service::button(&asked, "Accept");
                public(&other.handle(&here("bob", Command::Press(accept))).await);
                let e4 = Command::Move {
                    game: None,
                    text: "e4".into(),
                    opponent: Some("bob".into()),
                    confirm: false,
                };
                public(&other.handle(&here("alice", e4)).await);
                started += 1;
            }
            started
        })
    };
    for copy in 0..4 {
        let target = match crate::service::ON_POSTGRES.try_with(|p| *p).unwrap_or(false) {
            true => crate::support::postgres::fresh_database().await.unwrap(),
            false => format!("sqlite://{}", t.dir.path().join(format!("copy{copy}.db")).display()),
        };
        let target = Store::open(&target).await.unwrap();
        let copied = t.service.store().copy_into(&target).await;
        let copied = copied.unwrap_or_else(|e| panic!("copy {copy} failed: {e}"));
        let games = copied.iter().find(|(table, _)| *table == "games").unwrap().1;
        let checker = Service::new(target, t.clock.clone(), None);
        let (checked, problems) = checker.check_database().await.unwrap();
        assert_eq!(checked, games);
        assert!(problems.is_empty(), "copy {copy}: {problems:?}");
        // Every game copied has its move, and every accepted challenge its game.
        let store = checker.store();
        for game in store.all_games().await.unwrap() {
            assert_eq!(store.moves(game.id).await.unwrap().len() as i64, game.ply, "copy {copy}");
        }
    }
    playing.store(false, std::sync::atomic::Ordering::Relaxed);
    let started = writer.await.unwrap();
    assert!(started > 0, "the writer played while the copies ran");
}
}
