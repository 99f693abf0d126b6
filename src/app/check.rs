//! `herald db check`: every stored game replayed and compared with what is stored.

use super::seat::replay;
use super::Service;
use crate::store::{EndReason, GameStatus, StoreError, StoredGame, StoredLine};

impl Service {
    /// Replays every stored game from its start position and compares each move's SAN and
    /// position, the stored position and the ply count; checks that every move was played by
    /// one of the game's players, that a game's status agrees with its result, that every
    /// stored review is of a finished game and scores each of its positions, and that no
    /// move belongs to a game that does not exist. One line per problem; none is good.
    /// A game whose row cannot be read is one problem, named by its number, and the check goes
    /// on with the rest.
    pub async fn check_database(&self) -> Result<(usize, Vec<String>), StoreError> {
        let (games, unreadable) = self.store.every_readable_game().await?;
        let mut problems: Vec<String> = unreadable
            .iter()
            .map(|row| format!("{row}: the row is damaged"))
            .collect();
        for row in &games {
            let mut found = Vec::new();
            let moves = self.store.moves(row.id).await?;
            for m in moves.iter().filter(|m| !row.has_player(&m.player)) {
                found.push(format!(
                    "ply {} was played by {}, who is not a player of the game",
                    m.ply, m.player
                ));
            }
            found.extend(status_problems(row));
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
        let stored = self.store.stored_ratings().await?;
        problems.extend(
            self.store
                .ledger()
                .await?
                .differences(&stored)
                .into_iter()
                .map(|p| format!("ratings: {p} (`herald db rerate` rebuilds them from the games)")),
        );
        for (id, depth, positions) in self.store.review_sizes().await? {
            let game = games.iter().find(|g| g.id == id);
            if let Some(why) = review_problem(game, positions) {
                problems.push(format!("game #{id}: its review at depth {depth} {why}"));
            }
        }
        for (id, player, line) in self.store.all_lines().await? {
            let game = games.iter().find(|g| g.id == id);
            if let Some(why) = line_problem(game, &player, &line) {
                problems.push(format!("game #{id}: a conditional line of {player} {why}"));
            }
        }
        for leave in self.store.all_leaves().await? {
            let days = (leave.ends_at - leave.starts_at).div_euclid(super::DAY);
            let why = match leave.ends_at - leave.starts_at {
                d if d < 0 => "ends before it begins".to_string(),
                _ if days > 366 => format!("lasts {days} days, more than a year"),
                _ => continue,
            };
            problems.push(format!(
                "a leave of {} from {} {why}",
                leave.player,
                crate::calendar::utc_minute(leave.starts_at)
            ));
        }
        for (id, count) in self.store.moves_without_game().await? {
            problems.push(format!(
                "game #{id}: {count} move{} stored for a game that does not exist",
                if count == 1 { "" } else { "s" }
            ));
        }
        Ok((games.len() + unreadable.len(), problems))
    }
}

/// What is wrong with a stored review of `game` scoring `positions` positions, if anything:
/// one position more than the game's plies, of a finished game.
fn review_problem(game: Option<&StoredGame>, positions: i64) -> Option<String> {
    match game {
        None => Some("belongs to no game".into()),
        Some(g) if g.status != GameStatus::Finished => {
            Some(format!("is of a game that is {}", g.status.word()))
        }
        Some(g) if positions != g.ply + 1 => Some(format!(
            "scores {positions} positions but the game has {} plies",
            g.ply
        )),
        Some(_) => None,
    }
}

/// Where a game's status and its result disagree: a result (or an end reason) on a game
/// still active or aborted, a finished game without a result.
fn status_problems(row: &StoredGame) -> Vec<String> {
    let mut found = Vec::new();
    let status = row.status.word();
    match row.status {
        GameStatus::Active | GameStatus::Aborted => {
            if let Some(r) = row.result {
                found.push(format!("the game is {status} but has the result {r}"));
            }
            if let Some(r) = row.reason {
                found.push(format!("the game is {status} but has the end reason {r}"));
            }
        }
        GameStatus::Finished => {
            let forfeit = row.reason == Some(EndReason::Forfeit);
            if row.rated && row.result.is_some() && row.rated_order.is_none() && !forfeit {
                found.push("the game is finished and rated but was never rated".into());
            }
            if row.result.is_none() {
                found.push("the game is finished but has no result".into());
            }
            if row.reason.is_none() {
                found.push("the game is finished but has no end reason".into());
            }
        }
    }
    found
}

/// What is wrong with a stored conditional line, if anything: lines belong to a player of a
/// game in play (the game's end drops them), and start no later than the game stands.
fn line_problem(game: Option<&StoredGame>, player: &str, line: &StoredLine) -> Option<String> {
    let Some(game) = game else {
        return Some("is kept for a game that does not exist".into());
    };
    if !game.has_player(player) {
        return Some("is kept by someone who does not play the game".into());
    }
    if game.status != GameStatus::Active {
        return Some("outlived the game's end".into());
    }
    if line.ply > game.ply {
        return Some(format!(
            "starts at ply {}, after the game's ply {}",
            line.ply, game.ply
        ));
    }
    if line.coordinates().len() < 2 {
        return Some("has fewer than two moves".into());
    }
    None
}
