//! The time from Discord sending a move's INTERACTION_CREATE to Herald's answer with the board
//! PNG arriving back, measured through the fake Discord on loopback with the real serenity
//! client, service, SQLite store and renderer in between, each game in its own thread:
//! `cargo bench --bench discord -- --games 100 --moves 20 --think-ms 2000`.

mod common;
#[path = "../tests/support/fake.rs"]
mod fake;

use std::sync::Arc;
use std::time::Duration;

use common::{quantile, seeded::seeded_game, Args};
use fake::{opt, user_opt, Fake, Recorded, Sent};
use herald::app::{Service, SystemClock};
use herald::discord::Config;
use herald::rules::VariantId;

const WAIT: Duration = Duration::from_secs(30);

struct Table {
    white: u64,
    black: u64,
    channel: u64,
}

/// Starts a game between the table's players; returns once Black has accepted, with the
/// table moved to the game's thread.
async fn start_game(fake: &Fake, t: &mut Table) -> anyhow::Result<()> {
    let sent = fake.slash(
        t.white,
        t.channel,
        "challenge",
        vec![
            user_opt("opponent", t.black),
            opt("variant", "epoch"),
            opt("color", "white"),
        ],
    );
    let challenge = answer(fake, &sent).await?;
    let accept = challenge
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("accept:"))
        .ok_or_else(|| anyhow::anyhow!("the challenge came without an Accept button"))?;
    let message = challenge
        .message
        .ok_or_else(|| anyhow::anyhow!("no message id"))?;
    let threads = fake.threads().len();
    let pressed = fake.press(t.black, message, &accept);
    let started = answer(fake, &pressed).await?;
    anyhow::ensure!(
        !started.ephemeral(),
        "accepting was refused: {}",
        started.content()
    );
    t.channel = fake
        .wait_thread(threads + 1, WAIT)
        .await
        .ok_or_else(|| anyhow::anyhow!("the game got no thread"))?;
    Ok(())
}

async fn answer(fake: &Fake, sent: &Sent) -> anyhow::Result<Recorded> {
    fake.callback(sent, WAIT)
        .await
        .ok_or_else(|| anyhow::anyhow!("Herald did not answer interaction {}", sent.id))
}

/// Plays `moves` in the table's game, each after a pause drawn from 0 to twice `think`
/// (seeded); the latency of each answer in seconds.
async fn play(
    fake: &Fake,
    t: &Table,
    moves: &[String],
    think: Duration,
    seed: u64,
) -> anyhow::Result<Vec<f64>> {
    let mut out = Vec::with_capacity(moves.len());
    let mut rng = herald::engine::Rng::new(seed);
    for (i, mv) in moves.iter().enumerate() {
        if !think.is_zero() {
            let pause = think.mul_f64(rng.below(2001) as f64 / 1000.0);
            tokio::time::sleep(pause).await;
        }
        let who = if i % 2 == 0 { t.white } else { t.black };
        let sent = fake.slash(who, t.channel, "move", vec![opt("move", mv.as_str())]);
        let got = answer(fake, &sent).await?;
        anyhow::ensure!(
            !got.ephemeral() && got.png().is_some(),
            "move {mv} was not answered with a board: {}",
            got.content()
        );
        out.push(got.at.duration_since(sent.at).as_secs_f64());
    }
    Ok(out)
}

/// Plays in all `tables` at once; the latencies and the wall time.
async fn play_all(
    fake: &Arc<Fake>,
    tables: Vec<Table>,
    plies: usize,
    think: Duration,
    seed: u64,
) -> anyhow::Result<(Vec<f64>, f64)> {
    let clock = std::time::Instant::now();
    let mut tasks = Vec::new();
    for (i, t) in tables.into_iter().enumerate() {
        let fake = fake.clone();
        let game_seed = seed + i as u64;
        let moves = seeded_game(VariantId::Epoch, game_seed, plies);
        tasks.push(tokio::spawn(async move {
            play(&fake, &t, &moves, think, game_seed).await
        }));
    }
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await??);
    }
    Ok((all, clock.elapsed().as_secs_f64()))
}

fn summary(name: &str, mut xs: Vec<f64>, wall: f64) -> String {
    let mut at = |q: f64| quantile(&mut xs, q) * 1000.0;
    let (median, p99, max) = (at(0.5), at(0.99), at(1.0));
    format!(
        "{name}: {} moves, median {median:.1} ms, p99 {p99:.1} ms, max {max:.1} ms, {:.0} moves/s\n",
        xs.len(),
        xs.len() as f64 / wall
    )
}

/// Runs the benchmark: `plies` moves in one game; then in `games` games all moving at once
/// with no pause (the saturation figure); then in `games` other games where each player
/// pauses about `think` before each move.
async fn run(games: usize, plies: usize, think: Duration) -> anyhow::Result<String> {
    let dir = tempfile::tempdir()?;
    let url = format!("sqlite://{}", dir.path().join("bench.db").display());
    let store = herald::store::Store::open(&url).await?;
    let service = Arc::new(Service::new(
        store,
        Arc::new(SystemClock),
        Some(herald::render::Options::default()),
    ));
    let fake = Fake::start("bench-token").await?;
    let config = Config {
        token: "bench-token".into(),
        dev_guild: None,
        api_base: Some(fake.api_base().to_string()),
        tick: Duration::from_secs(60),
        timeout: herald::discord::TIMEOUT,
        shards: Default::default(),
    };
    let bot = tokio::spawn(herald::discord::run(service.clone(), config));
    anyhow::ensure!(
        fake.wait_ready(1, WAIT).await,
        "the bot did not connect to the fake Discord"
    );
    let mut tables: Vec<Table> = (0..=2 * games as u64)
        .map(|g| Table {
            white: 10_000 + 2 * g,
            black: 10_001 + 2 * g,
            channel: 50_000 + g,
        })
        .collect();
    for t in &mut tables {
        start_game(&fake, t).await?;
    }
    let mut tables = tables.into_iter();
    let first = tables.next().expect("one table");
    let mut out = String::new();
    let moves = seeded_game(VariantId::Epoch, 1, plies);
    let clock = std::time::Instant::now();
    let one = play(&fake, &first, &moves, Duration::ZERO, 1).await?;
    out += &summary(
        "1 game, moves back to back",
        one,
        clock.elapsed().as_secs_f64(),
    );

    let fake = Arc::new(fake);
    let burst: Vec<Table> = tables.by_ref().take(games).collect();
    // Meanwhile a player of the first game keeps asking for autocomplete.
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let probe = {
        let (fake, done) = (fake.clone(), done.clone());
        let (user, channel) = (first.white, first.channel);
        tokio::spawn(async move {
            let mut waits = Vec::new();
            while !done.load(std::sync::atomic::Ordering::SeqCst) {
                let sent = fake.autocomplete(user, channel, "move", "move", "", Vec::new());
                if let Ok(got) = answer(&fake, &sent).await {
                    waits.push(got.at.duration_since(sent.at).as_secs_f64());
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            waits
        })
    };
    let (all, wall) = play_all(&fake, burst, plies, Duration::ZERO, 100).await?;
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    let waits = probe.await?;
    out += &summary(
        &format!("{games} games, all moving at once with no pause"),
        all,
        wall,
    );
    if !waits.is_empty() {
        let mut w = waits;
        out += &format!(
            "  autocomplete meanwhile: {} answers, median {:.1} ms, p99 {:.1} ms\n",
            w.len(),
            quantile(&mut w, 0.5) * 1000.0,
            quantile(&mut w, 0.99) * 1000.0
        );
    }
    let paced: Vec<Table> = tables.take(games).collect();
    let (all, wall) = play_all(&fake, paced, plies, think, 1000).await?;
    out += &summary(
        &format!(
            "{games} games, each player pausing 0-{:.1} s before a move",
            2.0 * think.as_secs_f64()
        ),
        all,
        wall,
    );
    bot.abort();
    service.store().close().await;
    Ok(out)
}

fn main() -> anyhow::Result<()> {
    let args = Args::read();
    let games = args.number("games", 100, 2);
    let moves = args.number("moves", 20, 2);
    let think = Duration::from_millis(args.number("think-ms", 2000, 10));
    let text = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(run(games.max(1), moves, think))?;
    print!("{text}");
    Ok(())
}
