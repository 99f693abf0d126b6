//! Moves through the whole game service (rules, the database, images) on scratch databases:
//! `cargo bench --bench service -- --games 1000 --moves 200`, on a SQLite file and, when
//! HERALD_TEST_POSTGRES (or `--postgres URL`) names a PostgreSQL server, on a fresh database
//! there too, side by side; on PostgreSQL also with the games shared by two processes.

mod common;

use std::sync::Arc;
use std::time::Instant;

use common::{clock::ManualClock, quantile, seeded::seeded_game, Args};
use herald::app::{ColorChoice, Command, Request, Service, Terms};
use herald::render::Options;
use herald::rules::VariantId;
use herald::store::Store;

fn request(user: &str, channel: &str, command: Command) -> Request {
    Request {
        user: user.into(),
        guild: None,
        channel: channel.into(),
        manager: false,
        threads: Default::default(),
        command,
    }
}

/// alice (White) challenges bob in `channel` and bob accepts.
async fn start(service: &Service, channel: &str) -> anyhow::Result<()> {
    let terms = Terms {
        color: ColorChoice::White,
        ..Default::default()
    };
    let challenge = Command::Challenge {
        opponent: Some("bob".into()),
        terms,
    };
    let r = service.handle(&request("alice", channel, challenge)).await;
    let accept = r
        .iter()
        .flat_map(|r| &r.buttons)
        .find(|b| b.label == "Accept")
        .map(|b| b.action)
        .ok_or_else(|| anyhow::anyhow!("no challenge: {:?}", r.first().map(|r| &r.text)))?;
    service
        .handle(&request("bob", channel, Command::Press(accept)))
        .await;
    Ok(())
}

/// Plays ply `ply` (alice on even plies, bob on odd ones).
async fn play(service: &Service, channel: &str, ply: usize, mv: &str) -> anyhow::Result<()> {
    let who = if ply.is_multiple_of(2) {
        "alice"
    } else {
        "bob"
    };
    let command = Command::Move {
        game: None,
        text: mv.to_string(),
        opponent: None,
        confirm: false,
    };
    let r = service.handle(&request(who, channel, command)).await;
    match r.first() {
        Some(reply) if !reply.ephemeral => Ok(()),
        other => anyhow::bail!("{mv} refused: {:?}", other.map(|r| &r.text)),
    }
}

/// Every move of a seeded game, each with its board image: median and p99.
async fn with_images(service: &Service, plies: usize) -> anyhow::Result<String> {
    let line = seeded_game(VariantId::Epoch, 7, plies);
    start(service, "images").await?;
    let mut times = Vec::new();
    for (ply, mv) in line.iter().enumerate() {
        let t = Instant::now();
        play(service, "images", ply, mv).await?;
        times.push(t.elapsed().as_secs_f64());
    }
    Ok(format!(
        "a move with its image ({} moves of one game): median {:.2} ms, p99 {:.2} ms",
        times.len(),
        quantile(&mut times, 0.5) * 1e3,
        quantile(&mut times, 0.99) * 1e3
    ))
}

/// The opening every game of the many-games run plays.
fn opening() -> Vec<String> {
    seeded_game(VariantId::Epoch, 11, 4)
}

/// Plays the opening in games `part`, `part + parts`, … of `games` (in channels `prefix`
/// and the game's number), `workers` at a time; the moves stored.
async fn play_games(
    service: Arc<Service>,
    prefix: &'static str,
    games: usize,
    part: usize,
    parts: usize,
    workers: usize,
) -> anyhow::Result<usize> {
    let opening = opening();
    let mut tasks = tokio::task::JoinSet::new();
    for worker in 0..workers {
        let service = service.clone();
        let opening = opening.clone();
        tasks.spawn(async move {
            let mut done = 0usize;
            for g in (part + worker * parts..games).step_by(workers * parts) {
                for (ply, mv) in opening.iter().enumerate() {
                    if play(&service, &format!("{prefix}{g}"), ply, mv)
                        .await
                        .is_ok()
                    {
                        done += 1;
                    }
                }
            }
            done
        });
    }
    let mut stored = 0;
    while let Some(done) = tasks.join_next().await {
        stored += done?;
    }
    Ok(stored)
}

/// The same games played by two processes of this benchmark at once (`--child`), each four
/// at a time: the moves stored and the seconds from the start signal to the last one.
fn two_processes(url: &str, games: usize) -> anyhow::Result<(usize, f64)> {
    use std::io::{BufRead, BufReader, Write};
    let mut children = Vec::new();
    for part in 0..2 {
        let mut child = std::process::Command::new(std::env::current_exe()?)
            .args(["--bench", "--child", url, "--part", &part.to_string()])
            .args(["--games", &games.to_string()])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()?;
        let mut out = BufReader::new(child.stdout.take().expect("piped"));
        let mut ready = String::new();
        out.read_line(&mut ready)?;
        anyhow::ensure!(ready.trim() == "ready", "the child said {ready:?}");
        children.push((child, out));
    }
    let t = Instant::now();
    for (child, _) in &mut children {
        writeln!(child.stdin.as_mut().expect("piped"), "go")?;
    }
    let mut stored = 0;
    for (mut child, mut out) in children {
        let mut done = String::new();
        out.read_line(&mut done)?;
        stored += done.trim().parse::<usize>()?;
        child.wait()?;
    }
    Ok((stored, t.elapsed().as_secs_f64()))
}

/// A child of [`two_processes`]: opens the database, says ready, waits for go, plays its
/// half of the games and prints the moves it stored.
async fn child(url: &str, part: usize, games: usize) -> anyhow::Result<()> {
    let store = Store::open(url).await?;
    let clock = Arc::new(ManualClock::new(1_795_000_000));
    let service = Arc::new(Service::new(store.clone(), clock, None));
    println!("ready");
    let mut go = String::new();
    std::io::stdin().read_line(&mut go)?;
    let stored = play_games(service, "h", games, part, 2, 4).await?;
    println!("{stored}");
    store.close().await;
    Ok(())
}

/// Every figure on one database.
async fn run(name: &str, url: &str, games: usize, plies: usize) -> anyhow::Result<()> {
    let store = Store::open(url).await?;
    let clock = Arc::new(ManualClock::new(1_795_000_000));
    let images = Service::new(store.clone(), clock.clone(), Some(Options::default()));
    let text_only = Arc::new(Service::new(store.clone(), clock.clone(), None));
    println!("{name}: {}", with_images(&images, plies).await?);

    // One game, text only.
    let line = seeded_game(VariantId::Epoch, 7, plies);
    start(&text_only, "text").await?;
    let t = Instant::now();
    for (ply, mv) in line.iter().enumerate() {
        play(&text_only, "text", ply, mv).await?;
    }
    println!(
        "{name}: moves stored on one game, no images: {:.0} moves per second",
        line.len() as f64 / t.elapsed().as_secs_f64()
    );

    // Many games, text only, eight at a time; on PostgreSQL again with two processes.
    for g in 0..games {
        start(&text_only, &format!("g{g}")).await?;
    }
    let t = Instant::now();
    let stored = play_games(text_only.clone(), "g", games, 0, 1, 8).await?;
    println!(
        "{name}: moves stored across {games} games, no images, one process, 8 at a time: {stored} moves, {:.0} moves per second",
        stored as f64 / t.elapsed().as_secs_f64()
    );
    if store.backend() == herald::store::Backend::Postgres {
        for g in 0..games {
            start(&text_only, &format!("h{g}")).await?;
        }
        let (stored, seconds) = two_processes(url, games)?;
        println!(
            "{name}: moves stored across {games} games, no images, two processes, 4 at a time each: {stored} moves, {:.0} moves per second",
            stored as f64 / seconds
        );
    }
    store.close().await;
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let args = Args::read();
    let games = args.number("games", 1000, 8);
    let moves = args.number("moves", 200, 4);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    if let Some(url) = args.text("child") {
        return runtime.block_on(child(url, args.number("part", 0, 0), games));
    }
    let postgres = args
        .text("postgres")
        .map(str::to_string)
        .or_else(|| std::env::var("HERALD_TEST_POSTGRES").ok())
        .filter(|u| !u.is_empty());
    runtime.block_on(async {
        let dir = tempfile::tempdir()?;
        let sqlite = format!("sqlite://{}", dir.path().join("bench.db").display());
        run("SQLite", &sqlite, games.max(1), moves).await?;
        match postgres {
            Some(server) => {
                let url = common::postgres::fresh_database_on(&server).await?;
                run("PostgreSQL", &url, games.max(1), moves).await
            }
            None => {
                println!("PostgreSQL: not measured (set HERALD_TEST_POSTGRES or --postgres URL)");
                Ok(())
            }
        }
    })
}
