//! The `herald rules …` commands: legal moves, perft, position status and a speed benchmark.
//! Each returns its output as text so tests can call it without a process.

use std::fmt::Write as _;
use std::time::Instant;

use crate::rules::{new_game, AnyGame, MoveError, PositionError, VariantId};

/// Why a rules command could not run; the binary prints it and exits with status 2.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    #[error(transparent)]
    Position(#[from] PositionError),
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
    let mut game = new_game(variant, fen)?;
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

/// `herald rules bench`: medians of repeated timings, in release mode.
pub fn bench(samples: usize) -> Result<String, CommandError> {
    let start = new_game(VariantId::Epoch, None)?;
    let midgame = new_game(VariantId::Epoch, Some(EPOCH_MIDGAME))?;
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
