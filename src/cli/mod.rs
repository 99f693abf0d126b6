//! The `herald rules …`, `herald engine …` and `herald render` commands: legal moves,
//! perft, position status, the engine's move, matches, a PNG. Each returns its output as text
//! (or writes it to a writer) so tests can call it without a process.

pub mod matches;
pub mod uci;

use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;

use crate::engine::{self, Limits};
use crate::rules::{
    new_game_with, AnyGame, GameOptions, MoveError, OptionsError, Outcome, PositionError,
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

/// `herald rules perft`: with `divide`, a `move count` line per move; the total last. A
/// finished game prints 0 at any depth (chess: only a position with no legal move).
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

/// `herald rules show`: the position text, the status (the sides named as the variant names
/// them: `light wins: king captured` in AGEIOU), and whether the side to move is in check.
pub fn show(game: &dyn AnyGame) -> String {
    let status = match game.outcome() {
        Some(Outcome::Win { winner, reason }) => format!(
            "{} wins: {}",
            game.variant().side(winner).to_lowercase(),
            reason.name()
        ),
        Some(outcome) => outcome.to_string(),
        None => "ongoing".to_string(),
    };
    let check = if game.in_check() { "check" } else { "no check" };
    format!("{}\n{status}\n{check}\n", game.position_text())
}

/// What `herald render` makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picture {
    /// The position as a PNG, the last move highlighted.
    Png,
    /// The whole game as an animated GIF.
    Gif,
}

/// `herald render`: the position as a PNG, the last move highlighted; with `piece`, the moves
/// of the piece on that square; with [`Picture::Gif`], the whole game as an animation.
/// `players` labels the sides.
pub fn render(
    game: &dyn AnyGame,
    piece: Option<&str>,
    players: Option<&crate::render::Players>,
    picture: Picture,
    options: crate::render::Options,
) -> Result<Vec<u8>, CommandError> {
    let board = game.board();
    if picture == Picture::Gif {
        if piece.is_some() {
            return Err(CommandError::Usage(
                "--piece draws one position: it does not go with --gif".into(),
            ));
        }
        let timing = crate::render::Timing::default();
        return Ok(crate::render::render_gif(game, players, options, timing)?);
    }
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
    Ok(crate::render::render_game_with(
        game, piece, players, options,
    )?)
}

/// `herald rules bestmove`: the engine's move in coordinate form, then
/// `score S depth D nodes N time MS`. A finished game has no move to choose.
pub fn bestmove(game: &dyn AnyGame, limits: Limits) -> Result<String, CommandError> {
    let stop = AtomicBool::new(false);
    let found = engine::search(game, limits, &stop).ok_or_else(|| {
        CommandError::Usage(match game.outcome() {
            Some(outcome) => format!("the game is over ({outcome}): there is no move to choose"),
            None => "there is no legal move".to_string(),
        })
    })?;
    Ok(format!(
        "{}\nscore {} depth {} nodes {} time {}\n",
        found.mv,
        found.score,
        found.depth,
        found.nodes,
        found.time.as_millis()
    ))
}
