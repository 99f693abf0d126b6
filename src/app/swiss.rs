//! Swiss tournaments: the first round paired at the start, each later one by FIDE's Dutch
//! system as soon as the last game of the round before ends: in the process where that game
//! ended, or (after a crash or restart in between) at the scheduler's next step. A round is
//! written with its games in one transaction guarded by the round before it, so however many
//! processes try, it is paired once.

use super::tournament_table::Table;
use super::{Refusal, Reply, Service};
use crate::store::{StoreError, StoredTournament};
use crate::tournament::dutch;
use crate::tournament::standings::Entry;
use crate::tournament::Round;

/// The rounds of a Swiss of `players` players when none were asked: enough for one player to
/// stand alone at the top (the players' binary logarithm, rounded up) and one more, and fewer
/// than the players, so that nobody need meet anyone twice.
pub fn default_rounds(players: usize) -> i64 {
    let needed = usize::BITS - players.saturating_sub(1).leading_zeros();
    (needed as i64 + 1).min(players as i64 - 1).max(1)
}

/// The first round of a Swiss of `players`, by start number, with `rounds` in all: the top
/// half against the bottom half, the top player White.
pub fn first_round(players: usize, rounds: i64) -> Result<Round, Refusal> {
    let none = vec![Vec::new(); players];
    dutch::pair(&none, &vec![false; players], rounds as usize, true)
        .map_err(|_| Refusal::TooManyRounds(rounds, players))
}

impl Service {
    /// Pairs and begins the round after `t`'s last, from its table: the replies announcing
    /// it, nothing when another process paired it first, or `None` when no pairing is
    /// possible (every pairing would repeat a game or give a second bye).
    pub(super) async fn next_swiss_round(
        &self,
        t: &StoredTournament,
        table: &Table,
    ) -> Result<Option<Vec<Reply>>, Refusal> {
        let number = t.round + 1;
        let histories: Vec<Vec<Entry>> = table
            .rounds
            .iter()
            .map(|rounds| {
                rounds
                    .iter()
                    .take(t.round as usize)
                    .map(|&e| match e {
                        Entry::Rest => Entry::ZeroBye,
                        e => e,
                    })
                    .collect()
            })
            .collect();
        let absent: Vec<bool> = table.entrants.iter().map(|e| !e.plays_in(number)).collect();
        let total = t.rounds.unwrap_or(number) as usize;
        let Ok(round) = dutch::pair(&histories, &absent, total, true) else {
            return Ok(None);
        };
        let players: Vec<String> = table.entrants.iter().map(|e| e.player.clone()).collect();
        let planned = self.plan_round(t, &players, number, &round).await?;
        let games = match self
            .store
            .begin_round(t, number, &planned, self.now())
            .await
        {
            Ok(games) => games,
            Err(StoreError::Conflict) => return Ok(Some(Vec::new())),
            Err(e) => return Err(e.into()),
        };
        tracing::info!(
            tournament = t.id,
            round = number,
            games = games.len(),
            "Swiss round paired"
        );
        let bye = round.bye.map(|b| players[b].as_str());
        let mut replies = vec![Reply::new(
            &t.channel,
            super::words::swiss_round(t, number, &planned, bye, table),
        )];
        replies.extend(
            self.open_games(&self.on_behalf_of(t), t, games, &planned)
                .await?,
        );
        Ok(Some(replies))
    }
}
