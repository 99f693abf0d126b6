//! Moves through the whole game service (rules, SQLite, images) on a scratch database:
//! `cargo bench --bench service -- --games 1000 --moves 200`.

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

async fn run(games: usize, plies: usize) -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let url = format!("sqlite://{}", dir.path().join("bench.db").display());
    let store = Store::open(&url).await?;
    let clock = Arc::new(ManualClock::new(1_795_000_000));
    let with_images = Service::new(store.clone(), clock.clone(), Some(Options::default()));
    let text_only = Arc::new(Service::new(store.clone(), clock.clone(), None));

    // One game, every move with its board image.
    let line = seeded_game(VariantId::Epoch, 7, plies);
    start(&with_images, "images").await?;
    let mut times = Vec::new();
    for (ply, mv) in line.iter().enumerate() {
        let t = Instant::now();
        play(&with_images, "images", ply, mv).await?;
        times.push(t.elapsed().as_secs_f64());
    }
    println!(
        "a move with its image ({} moves of one game): median {:.2} ms, p99 {:.2} ms",
        times.len(),
        quantile(&mut times, 0.5) * 1e3,
        quantile(&mut times, 0.99) * 1e3
    );

    // One game, text only.
    start(&text_only, "text").await?;
    let t = Instant::now();
    for (ply, mv) in line.iter().enumerate() {
        play(&text_only, "text", ply, mv).await?;
    }
    println!(
        "moves stored on one game, no images: {:.0} moves per second",
        line.len() as f64 / t.elapsed().as_secs_f64()
    );

    // Many games, text only, eight at a time.
    for g in 0..games {
        start(&text_only, &format!("g{g}")).await?;
    }
    let opening = seeded_game(VariantId::Epoch, 11, 4);
    let t = Instant::now();
    let mut tasks = tokio::task::JoinSet::new();
    for worker in 0..8 {
        let service = text_only.clone();
        let opening = opening.clone();
        tasks.spawn(async move {
            let mut done = 0usize;
            for g in (worker..games).step_by(8) {
                for (ply, mv) in opening.iter().enumerate() {
                    if play(&service, &format!("g{g}"), ply, mv).await.is_ok() {
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
    println!(
        "moves stored across {games} games, no images, 8 at a time: {stored} moves, {:.0} moves per second",
        stored as f64 / t.elapsed().as_secs_f64()
    );
    store.close().await;
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let args = Args::read();
    let games = args.number("games", 1000, 8);
    let moves = args.number("moves", 200, 4);
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(run(games.max(1), moves))
}
