//! The `herald rules …` commands: legal moves, perft, position status and a speed benchmark.
//! Each returns its output as text so tests can call it without a process.

use std::fmt::Write as _;
use std::time::Instant;

use crate::rules::{
    new_game, new_game_with, AnyGame, GameOptions, MoveError, OptionsError, PositionError,
    SetupError, VariantId,
};

/// Why a rules command could not run; the binary prints it and exits with status 2.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    #[error(transparent)]
    Position(#[from] PositionError),
    /// Game options out of range, or given for a variant without options.
    #[error(transparent)]
    Options(#[from] OptionsError),
    #[error("move {number} ({text}): {error}")]
    Move {
        number: usize,
        text: String,
        error: MoveError,
    },
    #[error("{0}")]
    Usage(String),
    #[error(transparent)]
    Render(#[from] crate::render::RenderError),
}

/// Sets up the game a command works on: a start position or text, then the moves.
pub fn setup(
    variant: VariantId,
    fen: Option<&str>,
    moves: Option<&str>,
) -> Result<Box<dyn AnyGame>, CommandError> {
    setup_with(variant, fen, moves, GameOptions::default())
}

/// The game options from the `--portal-turns`, `--repetitions` and `--fifty` flags, each
/// defaulting when absent and checked against its range.
pub fn game_options(
    portal_turns: Option<u32>,
    repetitions: Option<u32>,
    fifty: Option<u32>,
) -> Result<GameOptions, CommandError> {
    let d = GameOptions::default();
    Ok(GameOptions::new(
        portal_turns.unwrap_or(d.portal_turns as u32),
        repetitions.unwrap_or(d.repetitions as u32),
        fifty.unwrap_or(d.fifty as u32),
    )?)
}

/// [`setup`] with game options.
pub fn setup_with(
    variant: VariantId,
    fen: Option<&str>,
    moves: Option<&str>,
    options: GameOptions,
) -> Result<Box<dyn AnyGame>, CommandError> {
    let mut game = new_game_with(variant, fen, options).map_err(|e| match e {
        SetupError::Position(e) => CommandError::Position(e),
        SetupError::Options(e) => CommandError::Options(e),
    })?;
    for (i, text) in moves.unwrap_or("").split_whitespace().enumerate() {
        game.play(text).map_err(|error| CommandError::Move {
            number: i + 1,
            text: text.to_string(),
            error,
        })?;
    }
    Ok(game)
}

/// `herald rules moves`: the legal moves, one a line, in byte order.
pub fn moves(game: &dyn AnyGame, san: bool) -> String {
    let mut lines: Vec<String> = if san {
        game.legal_moves().into_iter().map(|m| m.san).collect()
    } else {
        game.legal_coordinates()
    };
    lines.sort();
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// `herald rules perft`: with `divide`, a `move count` line per move; the total last.
pub fn perft(game: &dyn AnyGame, depth: u32, divide: bool) -> String {
    let mut out = String::new();
    if divide {
        let lines = game.divide(depth);
        let total: u64 = lines.iter().map(|(_, n)| n).sum();
        for (mv, n) in lines {
            let _ = writeln!(out, "{mv} {n}");
        }
        let _ = writeln!(out, "{}", if depth == 0 { game.perft(0) } else { total });
    } else {
        let _ = writeln!(out, "{}", game.perft(depth));
    }
    out
}

/// `herald rules show`: the position text, the status, and whether the side to move is in check.
pub fn show(game: &dyn AnyGame) -> String {
    let status = match game.outcome() {
        Some(outcome) => outcome.to_string(),
        None => "ongoing".to_string(),
    };
    let check = if game.in_check() { "check" } else { "no check" };
    format!("{}\n{status}\n{check}\n", game.position_text())
}

/// A busy Epoch middlegame for the benchmark (117 legal moves), reached by a seeded random game.
pub const EPOCH_MIDGAME: &str =
    "st1g1ep4ts/1h4a3g2/lla5llh2/3ll1ml2ll1/13/2l2l7/L2L2l3L1l/3MLL7/1L10L/6L4L1/2L4LLL3/S1HT4A4/1G2AEP2GHTS b Mam k6 - - - 0 23";

/// `herald rules bench`: medians of repeated timings, in release mode. The middlegame is
/// `EPOCH_MIDGAME` for Epoch and 40 seeded random plies from the start for the others.
pub fn bench(variant: VariantId, samples: usize) -> Result<String, CommandError> {
    let start = new_game(variant, None)?;
    let midgame = if variant == VariantId::Epoch {
        new_game(variant, Some(EPOCH_MIDGAME))?
    } else {
        let mut game = new_game(variant, None)?;
        // The moves come from the legal lists, so each one plays.
        for mv in seeded_game(variant, 7, 40) {
            if game.play(&mv).is_err() {
                break;
            }
        }
        game
    };
    let mut out = String::new();
    let median = |mut xs: Vec<f64>| {
        xs.sort_by(|a, b| a.total_cmp(b));
        xs[xs.len() / 2]
    };
    for (name, game) in [("start", &start), ("midgame", &midgame)] {
        let n_moves = game.legal_coordinates().len();
        let rounds = 2000;
        let times: Vec<f64> = (0..samples)
            .map(|_| {
                let t = Instant::now();
                for _ in 0..rounds {
                    std::hint::black_box(game.perft(1));
                }
                t.elapsed().as_secs_f64() / rounds as f64
            })
            .collect();
        let m = median(times);
        let _ = writeln!(
            out,
            "legal-move generation, {name} ({n_moves} moves): median {:.1} us",
            m * 1e6
        );
    }
    let mut leaves = 0;
    let times: Vec<f64> = (0..samples.clamp(1, 9))
        .map(|_| {
            let t = Instant::now();
            leaves = start.perft(3);
            t.elapsed().as_secs_f64()
        })
        .collect();
    let m = median(times);
    let _ = writeln!(
        out,
        "perft(3) from the start: {leaves} leaves, median {:.3} s, {:.2} million leaves per second",
        m,
        leaves as f64 / m / 1e6
    );
    Ok(out)
}

/// `herald render`: the position as a PNG, the last move highlighted; with `piece`, the moves
/// of the piece on that square.
pub fn render(
    game: &dyn AnyGame,
    piece: Option<&str>,
    options: crate::render::Options,
) -> Result<Vec<u8>, CommandError> {
    let board = game.board();
    let piece = match piece {
        None => None,
        Some(text) => {
            let square = crate::rules::Square::parse_on(text, board.files, board.ranks)
                .ok_or_else(|| {
                    CommandError::Usage(format!(
                        "--piece: '{text}' is not a square on this {}x{} board",
                        board.files, board.ranks
                    ))
                })?;
            if !board.pieces.iter().any(|(sq, _)| *sq == square) {
                return Err(CommandError::Usage(format!(
                    "--piece: there is no piece on {square}"
                )));
            }
            Some(square)
        }
    };
    Ok(crate::render::render_game(game, piece, options)?)
}

/// `herald render-bench`: medians of drawing and of PNG encoding for a crowded middlegame with
/// its last move, and the PNG's size.
pub fn render_bench(samples: usize, width: u32) -> Result<String, CommandError> {
    let mut game = new_game(VariantId::Epoch, Some(EPOCH_MIDGAME))?;
    let reply = game.legal_moves().into_iter().find(|m| m.marks.captures);
    if let Some(m) = reply {
        game.play(&m.coordinate)
            .map_err(|error| CommandError::Move {
                number: 1,
                text: m.coordinate.clone(),
                error,
            })?;
    }
    let (board, last, _) = crate::render::snapshot(&*game, None);
    let scene = crate::render::Scene {
        board: &board,
        last_move: last.as_ref(),
        focus: None,
        status: None,
    };
    let options = crate::render::Options { width, flip: false };
    // The first render fills the sprite cache; a running bot pays that once.
    let mut png = crate::render::render(&scene, options).png()?;
    let median = |mut xs: Vec<f64>| {
        xs.sort_by(|a, b| a.total_cmp(b));
        xs[xs.len() / 2]
    };
    let mut draw = Vec::new();
    let mut encode = Vec::new();
    let mut total = Vec::new();
    for _ in 0..samples {
        let t = Instant::now();
        let image = crate::render::render(&scene, options);
        let drawn = t.elapsed().as_secs_f64();
        png = image.png()?;
        let all = t.elapsed().as_secs_f64();
        draw.push(drawn);
        encode.push(all - drawn);
        total.push(all);
    }
    let image = crate::render::render(&scene, options);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "render {}x{} crowded middlegame ({} pieces): median draw {:.2} ms, encode {:.2} ms, total {:.2} ms; PNG {} bytes",
        image.width(),
        image.height(),
        board.pieces.len(),
        median(draw) * 1e3,
        median(encode) * 1e3,
        median(total) * 1e3,
        png.len()
    );
    Ok(out)
}

/// A legal game of up to `plies` moves from the start, chosen by a seeded generator.
pub fn seeded_game(variant: VariantId, seed: u64, plies: usize) -> Vec<String> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let Ok(mut game) = new_game(variant, None) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for _ in 0..plies {
        let moves = game.legal_coordinates();
        if moves.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mv = moves[(state % moves.len() as u64) as usize].clone();
        if game.play(&mv).is_err() {
            break;
        }
        out.push(mv);
    }
    out
}

/// `herald service-bench`: moves through the whole service on a scratch database.
pub async fn service_bench(games: usize, plies: usize) -> anyhow::Result<String> {
    use crate::app::{ManualClock, Service};
    use std::sync::Arc;

    let dir = std::env::temp_dir().join(format!("herald-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let url = format!("sqlite://{}", dir.join("bench.db").display());
    let store = crate::store::Store::open(&url).await?;
    let clock = Arc::new(ManualClock::new(1_795_000_000));
    let with_images = Service::new(
        store.clone(),
        clock.clone(),
        Some(crate::render::Options::default()),
    );
    let text_only = Arc::new(Service::new(store.clone(), clock.clone(), None));
    let mut out = String::new();
    // One game, every move with its board image.
    let line = seeded_game(VariantId::Epoch, 7, plies);
    bench_start(&with_images, "images").await?;
    let mut times = Vec::new();
    for (ply, mv) in line.iter().enumerate() {
        let t = Instant::now();
        bench_move(&with_images, "images", ply, mv).await?;
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(|a, b| a.total_cmp(b));
    let pct = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize] * 1e3;
    let _ = writeln!(
        out,
        "a move with its image ({} moves of one game): median {:.2} ms, p99 {:.2} ms",
        times.len(),
        pct(0.5),
        pct(0.99)
    );

    // One game, text only.
    bench_start(&text_only, "text").await?;
    let t = Instant::now();
    for (ply, mv) in line.iter().enumerate() {
        bench_move(&text_only, "text", ply, mv).await?;
    }
    let _ = writeln!(
        out,
        "moves stored on one game, no images: {:.0} moves per second",
        line.len() as f64 / t.elapsed().as_secs_f64()
    );

    // Many games, text only, eight at a time.
    for g in 0..games {
        bench_start(&text_only, &format!("g{g}")).await?;
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
                    if bench_move(&service, &format!("g{g}"), ply, mv)
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
    let _ = writeln!(
        out,
        "moves stored across {games} games, no images, 8 at a time: {stored} moves, {:.0} moves per second",
        stored as f64 / t.elapsed().as_secs_f64()
    );
    store.close().await;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(out)
}

fn bench_request(user: &str, channel: &str, command: crate::app::Command) -> crate::app::Request {
    crate::app::Request {
        user: user.into(),
        guild: None,
        channel: channel.into(),
        command,
    }
}

/// alice (White) challenges bob in `channel` and bob accepts.
async fn bench_start(service: &crate::app::Service, channel: &str) -> anyhow::Result<()> {
    use crate::app::Command;
    let r = service
        .handle(&bench_request(
            "alice",
            channel,
            Command::Challenge {
                opponent: "bob".into(),
                terms: crate::app::Terms {
                    color: crate::app::ColorChoice::White,
                    ..Default::default()
                },
            },
        ))
        .await;
    let accept = r
        .iter()
        .flat_map(|r| &r.buttons)
        .find(|b| b.label == "Accept")
        .map(|b| b.action)
        .ok_or_else(|| anyhow::anyhow!("no challenge: {:?}", r.first().map(|r| &r.text)))?;
    service
        .handle(&bench_request("bob", channel, Command::Press(accept)))
        .await;
    Ok(())
}

/// Plays ply `ply` (alice on even plies, bob on odd ones).
async fn bench_move(
    service: &crate::app::Service,
    channel: &str,
    ply: usize,
    mv: &str,
) -> anyhow::Result<()> {
    let who = if ply.is_multiple_of(2) {
        "alice"
    } else {
        "bob"
    };
    let r = service
        .handle(&bench_request(
            who,
            channel,
            crate::app::Command::Move {
                text: mv.to_string(),
                opponent: None,
            },
        ))
        .await;
    match r.first() {
        Some(reply) if !reply.ephemeral => Ok(()),
        other => anyhow::bail!("{mv} refused: {:?}", other.map(|r| &r.text)),
    }
}
