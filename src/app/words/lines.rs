//! Conditional moves: the lines a player keeps, and the move Herald plays from one.

use crate::app::text::{user, Text};
use crate::rules::MoveInfo;
use crate::text;

/// The most lines a player keeps in one game.
pub const LINE_LIMIT: usize = 20;
/// The most moves (plies, both sides') in one line.
pub const LINE_MOVES: usize = 40;

/// "@alice played **Bb5** (a conditional move): bishop f1 to b5."
pub fn conditional_played(by: &str, info: &MoveInfo) -> Text {
    text![
        user(by),
        format!(
            " played **{}** (a conditional move): {}.",
            info.san, info.description
        )
    ]
}

/// The lines a player keeps in a game, one a line, as they stand from the game's position.
fn listed(lines: &[String]) -> String {
    lines.iter().map(|l| format!("\n- {l}")).collect::<String>()
}

/// Said when a line is kept: the lines now kept, and what happens next.
pub fn line_kept(game: i64, lines: &[String], longer: bool) -> Text {
    let how = match longer {
        true => "Kept (it continues a line you had, which it replaces)",
        false => "Kept",
    };
    format!(
        "{how}. Your conditional lines in game #{game}, which only you see:{}\n\
         When your opponent plays a line's first move, Herald plays your reply at once, and so on \
         along the line; lines the game leaves are dropped.",
        listed(lines)
    )
    .into()
}

/// Said when the line given is the beginning of one already kept.
pub fn line_already_kept(game: i64, lines: &[String]) -> Text {
    format!(
        "You keep that line already. Your conditional lines in game #{game}:{}",
        listed(lines)
    )
    .into()
}

/// `/conditional` alone: the lines kept, or how to keep one.
pub fn lines_shown(game: i64, lines: &[String]) -> Text {
    match lines.is_empty() {
        true => format!(
            "You keep no conditional lines in game #{game}. After your move, keep one with \
             `/conditional moves:` followed by your opponent's answer, your reply, and so on \
             (e.g. `Nc6 Bb5 a6 Ba4`)."
        )
        .into(),
        false => format!(
            "Your conditional lines in game #{game}, which only you see:{}",
            listed(lines)
        )
        .into(),
    }
}

/// `/conditional clear:true`.
pub fn lines_cleared(game: i64, count: u64) -> Text {
    match count {
        0 => format!("You kept no conditional lines in game #{game}: nothing to clear.").into(),
        1 => format!("Your conditional line in game #{game} is dropped.").into(),
        n => format!("Your {n} conditional lines in game #{game} are dropped.").into(),
    }
}
