//! The words of ratings: a result's rating changes, the leaderboard and the profile.

use super::super::text::{user, Text};
use crate::rating::{Change, Rating, Standing};
use crate::rules::VariantId;
use crate::store::{EndReason, StoredGame};
use crate::text;

/// "Ratings: alice 1523 (+12), bob 1488 (-12)." for a rated game's changes, White first;
/// "Casual game: ratings unchanged." for a finished casual one.
pub fn rating_line(game: &StoredGame, changes: &[Change]) -> Text {
    if !game.rated {
        return "Casual game: ratings unchanged.".into();
    }
    if game.reason == Some(EndReason::Forfeit) {
        return "Ratings unchanged: a forfeit is not rated.".into();
    }
    let mut t = text!["Ratings: "];
    for (i, player) in [&game.white, &game.black].into_iter().enumerate() {
        let Some(c) = changes.iter().find(|c| &c.player == player) else {
            continue;
        };
        if i > 0 {
            t.push(", ");
        }
        t.push(text![
            user(player),
            format!(" {} ({})", c.after.shown(), c.delta())
        ]);
    }
    t.push(".");
    t
}

/// "12 games: 8 wins, 2 draws, 2 losses"
pub fn record_words(games: i64, wins: i64, draws: i64, losses: i64) -> String {
    let n = |k: i64, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
    format!(
        "{}: {}, {}, {}",
        n(games, "game", "games"),
        n(wins, "win", "wins"),
        n(draws, "draw", "draws"),
        n(losses, "loss", "losses")
    )
}

/// One player on a leaderboard, with the rating as of now.
pub struct Ranked {
    pub player: String,
    pub standing: Standing,
    pub now: Rating,
}

/// A page of a leaderboard: `rows` are the page's players, `first` the rank of the first.
pub fn leaderboard(
    variant: VariantId,
    rows: &[Ranked],
    first: usize,
    page: i64,
    pages: i64,
    total: usize,
) -> Text {
    let mut t = text![format!(
        "**{} leaderboard** (rated games on this server; {total} player{}, page {page} of {pages}):",
        variant.title(),
        if total == 1 { "" } else { "s" }
    )];
    let mut provisional_heading = false;
    for (i, r) in rows.iter().enumerate() {
        if r.now.provisional() && !provisional_heading {
            t.push("\n*Provisional (RD 110 or more: few games, or long away):*");
            provisional_heading = true;
        }
        let s = &r.standing;
        t.push(text![
            format!("\n{}. ", first + i),
            user(&r.player),
            format!(
                " **{}** · {}",
                r.now.shown(),
                record_words(s.games, s.wins, s.draws, s.losses)
            )
        ]);
    }
    t
}

pub fn empty_leaderboard(variant: VariantId) -> Text {
    format!(
        "Nobody has finished a rated game of {} on this server yet. Start one with /challenge.",
        variant.title()
    )
    .into()
}

/// A player's current streak: "3 wins in a row".
pub fn streak_words(points: &[f64]) -> Option<String> {
    let first = *points.first()?;
    let n = points.iter().take_while(|&&p| p == first).count();
    let what = match (first, n == 1) {
        (p, true) if p > 0.75 => "win",
        (p, false) if p > 0.75 => "wins",
        (p, true) if p < 0.25 => "loss",
        (p, false) if p < 0.25 => "losses",
        (_, true) => "draw",
        (_, false) => "draws",
    };
    Some(format!("{n} {what} in a row"))
}

/// One line of a profile's recent games: "#12 Chess vs bob: won by checkmate, 1523 (+12)".
pub fn recent_line(game: &StoredGame, player: &str, change: Option<&Change>) -> Text {
    let outcome = outcome_words(game, player);
    let rating = match change {
        Some(c) => format!(", {} ({})", c.after.shown(), c.delta()),
        None if game.rated => ", unrated".to_string(),
        None => ", casual".to_string(),
    };
    text![
        format!("\n- #{} {} vs ", game.id, game.variant.title()),
        user(game.opponent_of(player)),
        format!(": {outcome}{rating}")
    ]
}

/// How a finished game went for `player`: "won by checkmate", "lost on time", "drew by
/// agreement".
pub fn outcome_words(game: &StoredGame, player: &str) -> String {
    let points = game.points_of(player).unwrap_or(0.5);
    let result = if points > 0.75 {
        "won"
    } else if points < 0.25 {
        "lost"
    } else {
        "drew"
    };
    let how = match game.reason {
        Some(EndReason::Time) => " on time".to_string(),
        Some(r) => format!(" by {}", r.word().replace('-', " ")),
        None => String::new(),
    };
    format!("{result}{how}")
}

/// A player's record from the points they scored in their finished games (1, ½ or 0 each):
/// "12 games: 7 wins, 2 draws, 3 losses"; none before the first.
pub fn points_record(points: &[f64]) -> Option<String> {
    let count = |keep: fn(f64) -> bool| points.iter().filter(|&&p| keep(p)).count() as i64;
    let (wins, draws) = (count(|p| p > 0.75), count(|p| p == 0.5));
    let games = points.len() as i64;
    (games > 0).then(|| record_words(games, wins, draws, games - wins - draws))
}

/// The head of a profile.
pub fn profile_head(player: &str, standings: &[(VariantId, Rating, Standing)]) -> Text {
    let mut t = text!["**Profile of ", user(player), "**"];
    if standings.is_empty() {
        t.push("\nNo rated games yet.");
    }
    for (variant, now, s) in standings {
        t.push(format!(
            "\n{}: **{}** (RD {}) · {}",
            variant.title(),
            now.shown(),
            now.deviation.round() as i64,
            record_words(s.games, s.wins, s.draws, s.losses)
        ));
    }
    t
}
