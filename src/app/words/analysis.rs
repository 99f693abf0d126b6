//! `/analyse` in words: where the board starts, the line tried on it, and the engine's view.

use super::reason_words;
use crate::engine::{review, MATE, MATE_BOUND};
use crate::rules::{Color, Outcome, VariantId};

/// Where an analysis starts, for its first words.
pub enum AnalysisStart {
    /// A game's position after its moves so far: its number.
    Game(i64),
    /// A position text.
    Position,
    /// The variant's start.
    Start,
}

/// The moves of a line with their numbers: "24... Nc6 25. Bb5". `numbered` holds each
/// move's number and the side that played it.
pub fn line_text(numbered: &[(u32, Color)], sans: &[String]) -> String {
    let mut out = String::new();
    for (i, ((number, color), san)) in numbered.iter().zip(sans).enumerate() {
        if !out.is_empty() {
            out.push(' ');
        }
        match (color, i) {
            (Color::White, _) => out.push_str(&format!("{number}. ")),
            (Color::Black, 0) => out.push_str(&format!("{number}... ")),
            (Color::Black, _) => {}
        }
        out.push_str(san);
    }
    out
}

/// The head of an analysis: "Analysis of game #12 (Chess) after 24... Nc6 25. Bb5, not
/// played: White to move." `line` is the line's text, empty when none was given.
pub fn analysis_head(
    start: &AnalysisStart,
    variant: VariantId,
    line: &str,
    outcome: Option<Outcome>,
    to_move: Color,
) -> String {
    let from = match start {
        AnalysisStart::Game(n) => format!("Analysis of game #{n} ({})", variant.title()),
        AnalysisStart::Position => format!("Analysis of a {} position", variant.title()),
        AnalysisStart::Start => format!("Analysis of {} from its start", variant.title()),
    };
    let after = match (line.is_empty(), start) {
        (true, AnalysisStart::Game(_)) => " at its position now".to_string(),
        (true, _) => String::new(),
        (false, _) => format!(" after {line}, not played in any game"),
    };
    let state = match outcome {
        Some(Outcome::Win { winner, reason }) => format!(
            "the line ends the game: {} wins by {}",
            variant.side(winner),
            reason_words(reason, Some(winner == to_move))
        ),
        Some(Outcome::Draw { reason }) => {
            format!(
                "the line ends the game: a draw by {}",
                reason_words(reason, None)
            )
        }
        None => format!("{} to move", variant.side(to_move)),
    };
    format!("{from}{after}: {state}.")
}

/// The engine's view of a position: "Engine, 6 plies deep: +0.35 for White; best Nf3."
/// `score` is for the side to move, on the engine's own scale.
pub fn analysis_engine(
    variant: VariantId,
    to_move: Color,
    score: i32,
    depth: u32,
    best: &str,
) -> String {
    let white = match to_move {
        Color::White => score,
        Color::Black => -score,
    };
    let view = if white.abs() > MATE_BOUND {
        let moves = (MATE - white.abs() + 1) / 2;
        let winner = if white > 0 {
            Color::White
        } else {
            Color::Black
        };
        format!("{} mates in {moves}", variant.side(winner))
    } else {
        let cp = review::centipawns(variant, white);
        match cp {
            0 => "level".to_string(),
            _ => {
                let side = if cp > 0 { Color::White } else { Color::Black };
                let pawns = f64::from(cp.abs()) / 100.0;
                format!("{} is ahead by {pawns:.2} pawns", variant.side(side))
            }
        }
    };
    let plies = match depth {
        1 => "1 ply".to_string(),
        n => format!("{n} plies"),
    };
    format!("Engine, {plies} deep: {view}; best {best}.")
}
