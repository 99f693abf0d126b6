//! The game record (tag pairs and numbered SAN, as chess programs read them) and the
//! database check that replays every stored game.

use super::seat::replay;
use super::words::days_text;
use super::{Service, DAY};
use crate::rules::Color;
use crate::store::{GameStatus, StoreError, StoredGame, StoredMove};

/// The moves as numbered SAN, `1. e4 e5 2. Nf3 `, numbered by the rules (a game may start
/// with Black to move, and a ply may not pass the turn): `numbers` gives each ply's move
/// number and side.
pub fn movetext(moves: &[StoredMove], numbers: &[(u32, Color)]) -> String {
    let mut text = String::new();
    let mut previous: Option<(u32, Color)> = None;
    for (m, &(n, side)) in moves.iter().zip(numbers) {
        let continues = previous.is_some_and(|(pn, _)| pn == n);
        match side {
            Color::White if previous != Some((n, Color::White)) => text.push_str(&format!("{n}. ")),
            Color::Black if !continues => text.push_str(&format!("{n}... ")),
            _ => {}
        }
        text.push_str(&m.san);
        text.push(' ');
        previous = Some((n, side));
    }
    text
}

/// The date of a Unix time, `2026.11.29`.
fn date(t: i64) -> String {
    let (y, m, d) = civil_from_days(t.div_euclid(DAY));
    format!("{y:04}.{m:02}.{d:02}")
}

/// The game record: tag pairs, then the moves.
pub fn record(row: &StoredGame, movetext: &str) -> String {
    let result = row.result.map_or("*", |r| r.word());
    let termination = match (row.reason, row.status) {
        (Some(r), _) => r.word(),
        (None, GameStatus::Aborted) => "aborted",
        (None, _) => "unterminated",
    };
    let options = if row.variant.has_options() {
        row.options.to_string()
    } else {
        String::new()
    };
    let tags = [
        ("Event", format!("Herald game {}", row.id)),
        ("Site", format!("channel {}", row.channel)),
        ("Date", date(row.created_at)),
        ("Variant", row.variant.title().to_string()),
        ("White", row.white.clone()),
        ("Black", row.black.clone()),
        ("Result", result.to_string()),
        ("Termination", termination.to_string()),
        ("TimeControl", format!("{} per move", days_text(row.days))),
        ("Swap", if row.swapped { "yes" } else { "no" }.to_string()),
        ("FEN", row.start_fen.clone()),
        ("Options", options),
    ];
    let mut out = String::new();
    for (k, v) in tags.into_iter().filter(|(_, v)| !v.is_empty()) {
        out.push_str(&format!("[{k} \"{}\"]\n", v.replace('"', "'")));
    }
    out.push('\n');
    out.push_str(movetext);
    out.push_str(result);
    out.push('\n');
    out
}

/// The civil date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

impl Service {
    /// Replays every stored game from its start position and compares each move's SAN and
    /// position, the stored position and the ply count. One line per problem; none is good.
    pub async fn check_database(&self) -> Result<(usize, Vec<String>), StoreError> {
        let games = self.store.all_games().await?;
        let mut problems = Vec::new();
        for row in &games {
            let mut found = Vec::new();
            let moves = self.store.moves(row.id).await?;
            match replay(row, &moves, Some(&mut |p| found.push(p))) {
                Ok(game) => {
                    if moves.len() as i64 != row.ply {
                        found.push(format!(
                            "{} moves stored but the game says ply {}",
                            moves.len(),
                            row.ply
                        ));
                    }
                    if game.position_text() != row.fen {
                        found.push(
                            "the game's current position differs from the replay of its moves"
                                .into(),
                        );
                    }
                    if game.outcome().is_some() && row.status == GameStatus::Active {
                        found.push(
                            "the rules say the game is over but it is still marked active".into(),
                        );
                    }
                }
                Err(e) => found.push(e.0),
            }
            problems.extend(found.into_iter().map(|p| format!("game #{}: {p}", row.id)));
        }
        Ok((games.len(), problems))
    }
}

#[cfg(test)]
mod tests {
    use super::civil_from_days;

    #[test]
    fn dates_from_day_counts() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_786), (2026, 11, 29));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }
}
