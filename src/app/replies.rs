//! How Herald words things.

use crate::rules::{Color, Outcome, Reason, VariantId};

/// A mention of a user, as chat platforms write it.
pub fn at(user: &str) -> String {
    format!("<@{user}>")
}

/// "1-0", "0-1" or "1/2-1/2".
pub fn result_code(outcome: Option<Color>) -> &'static str {
    match outcome {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    }
}

/// Why a game ended, in words. `winner_to_move` says whether the winner is the side that
/// was to move when it ended: the rules of each variant decide who wins a stalemate or a
/// repetition, and the words follow them.
pub fn reason_words(reason: Reason, winner_to_move: Option<bool>) -> &'static str {
    match (reason, winner_to_move) {
        (Reason::Checkmate, _) => "checkmate",
        (Reason::Stalemate, None) => "stalemate",
        (Reason::Stalemate, Some(true)) => "stalemate: the side with no legal move wins",
        (Reason::Stalemate, Some(false)) => "stalemate: the side with no legal move loses",
        (Reason::Repetition, Some(true)) => {
            "repetition: the player who repeated the position loses"
        }
        (Reason::Repetition, _) => "repetition of the position",
        (Reason::NoProgress, _) => "the no-progress limit",
        (Reason::InsufficientMaterial, _) => "insufficient material",
        (Reason::Campmate, _) => "campmate: a king reached the far rank",
        (Reason::KingCaptured, _) => "the king was captured with no bishop left to save it",
    }
}

/// The line announcing a result from the rules; `to_move` is the side to move at the end.
pub fn outcome_line(
    outcome: Outcome,
    variant: VariantId,
    to_move: Color,
    white: &str,
    black: &str,
) -> String {
    match outcome {
        Outcome::Win { winner, reason } => {
            let who = match winner {
                Color::White => white,
                Color::Black => black,
            };
            format!(
                "{} wins as {} by {}.",
                at(who),
                variant.side(winner),
                reason_words(reason, Some(winner == to_move))
            )
        }
        Outcome::Draw { reason } => format!("Draw by {}.", reason_words(reason, None)),
    }
}

pub fn days_text(days: i64) -> String {
    if days == 1 {
        "1 day".into()
    } else {
        format!("{days} days")
    }
}

/// A variant's name for players.
pub fn variant_title(key: &str) -> String {
    key.parse::<VariantId>()
        .map(|v| v.title().to_string())
        .unwrap_or_else(|_| key.to_string())
}

/// The time left before a deadline, roughly ("2 days 3 hours", "40 minutes").
pub fn time_left(seconds: i64) -> String {
    let s = seconds.max(0);
    let (d, h, m) = (s / 86_400, (s % 86_400) / 3600, (s % 3600) / 60);
    match (d, h) {
        (0, 0) => format!("{} minute{}", m.max(1), if m == 1 { "" } else { "s" }),
        (0, h) => format!("{h} hour{}", if h == 1 { "" } else { "s" }),
        (d, 0) => days_text(d),
        (d, h) => format!("{} {h} hour{}", days_text(d), if h == 1 { "" } else { "s" }),
    }
}
