//! `/review` in words: the head, each player's sum, the moves that cost the most.

use super::super::text::{user, Text};
use super::{plural, versus};
use crate::engine::review::Tally;
use crate::rules::Color;
use crate::store::StoredGame;
use crate::text;

/// What the marks mean, under every review.
pub const REVIEW_LEGEND: &str = "?! an inaccuracy, ? a mistake, ?? a blunder: a move that gave \
    away a tenth, a fifth, or three tenths or more of its player's chances (from -1, lost, to \
    1, won). A forced move is never marked.";

/// The first line: which game, who played, the result and how deep the engine looked.
pub fn review_head(game: &StoredGame, depth: u32) -> Text {
    text![
        format!("Review of game #{} ({}): ", game.id, game.variant.title()),
        versus(game),
        format!(
            ", {}. Herald's engine looked {depth} plies deep at every move.",
            game.result.map_or("*", |r| r.word())
        )
    ]
}

/// Said under a review whose time ran out before its end: from which move it looked one
/// ply deep only.
pub fn review_shallow(from_move: u32, budget: std::time::Duration) -> Text {
    format!(
        "This game is long: a review may take {} seconds of the engine's time, so from move {from_move} on it looked only one ply deep, and its marks there are rougher.",
        budget.as_secs()
    )
    .into()
}

/// `2 blunders`, `no mistakes`, `1 inaccuracy`.
fn count(n: usize, one: &str, many: &str) -> String {
    match n {
        0 => format!("no {many}"),
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

/// One player's line: their side, their marks and their average loss.
pub fn review_tally(game: &StoredGame, color: Color, tally: &Tally) -> Text {
    text![
        format!("{}, ", game.variant.side(color)),
        user(game.player(color)),
        format!(": {}", tally_words(tally))
    ]
}

/// A player's marks and average loss, e.g. "1 inaccuracy, no mistakes, no blunders in 12
/// moves; on average 18 centipawns lost a move."
pub fn tally_words(tally: &Tally) -> String {
    format!(
        "{}, {}, {} in {} move{}; on average {:.0} centipawns lost a move.",
        count(tally.inaccuracies, "inaccuracy", "inaccuracies"),
        count(tally.mistakes, "mistake", "mistakes"),
        count(tally.blunders, "blunder", "blunders"),
        tally.moves,
        plural(tally.moves as i64),
        tally.average_loss
    )
}

/// The mistakes and blunders with the engine's choice instead, e.g. `3. Qxg6+?? (exf5 was
/// better)`; none when there were none.
pub fn review_moments(moments: &[(String, Option<String>)]) -> Option<String> {
    if moments.is_empty() {
        return None;
    }
    let shown: Vec<String> = moments
        .iter()
        .map(|(played, best)| match best {
            Some(best) => format!("{played} ({best} was better)"),
            None => played.clone(),
        })
        .collect();
    Some(format!("Mistakes and blunders: {}.", shown.join(", ")))
}
