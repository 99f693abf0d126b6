//! The scheduler's step: challenges expire, players with a quarter of their time left are
//! reminded once, games whose time ran out end, and tournaments whose start time has come
//! start.

use super::tournament_table::MIN_PLAYERS;
use super::{rematch_button, words, Command, Refusal, Reply, Service, TournamentCommand};
use crate::store::{EndReason, EventKind, StoredGame, StoredTournament};

impl Service {
    /// Runs one step. Safe to run at any moment, any number of times. Each part, and each
    /// game in it, stands alone: a game that cannot be read is logged (once) and skipped,
    /// and what the rest of the step did is announced all the same.
    pub async fn tick(&self) -> Vec<Reply> {
        let mut replies = Vec::new();
        let r = &mut replies;
        logged("expire challenges", self.expire_challenges(r).await);
        // First the answers a restart kept back (Herald's moves, conditional replies): no
        // clock runs out on them.
        logged("look for answers due", self.catch_up(r).await);
        logged("look for games out of time", self.end_late_games(r).await);
        logged("look for reminders", self.remind(r).await);
        logged("settle tournaments", self.settle_tournaments(r).await);
        logged("start tournaments due", self.start_due_tournaments(r).await);
        self.deliver(replies).await
    }

    /// Tournaments whose start time has come: each started as its creator would start it,
    /// or, with too few players, left open without a time and its creator told. Each is
    /// claimed by its version: of two processes at it at once, one starts (or postpones) it
    /// and the other is refused, and says nothing.
    async fn start_due_tournaments(&self, replies: &mut Vec<Reply>) -> Result<(), Refusal> {
        for t in self.store.tournaments_due(self.now()).await? {
            let id = t.id;
            match self.start_when_due(t).await {
                Ok(done) => replies.extend(done),
                // Started, joined or postponed meanwhile: the next step looks again.
                Err(Refusal::TournamentBegun(_) | Refusal::Conflict) => {}
                Err(refusal) => {
                    tracing::warn!(tournament = id, reason = %refusal.text(), "scheduler: could not start a tournament")
                }
            }
        }
        Ok(())
    }

    /// Starts `t` at its time through the start its creator would ask for, in the channel it
    /// was made in; with fewer than [`MIN_PLAYERS`], drops its time instead and says so there.
    async fn start_when_due(&self, t: StoredTournament) -> Result<Vec<Reply>, Refusal> {
        let players = self.store.entrants(t.id).await?.len();
        if players < MIN_PLAYERS {
            if !self.store.postpone_tournament(&t).await? {
                return Ok(Vec::new());
            }
            tracing::info!(tournament = t.id, players, "tournament postponed");
            let said = words::tournament_postponed(&t, players);
            return Ok(vec![Reply::new(&t.channel, said).notify(&[&t.creator])]);
        }
        let mut req = self.on_behalf_of(&t);
        req.command = Command::Tournament(TournamentCommand::Start(Some(t.id)));
        match self.start_tournament(&req, t.clone()).await {
            // Refused for a reason a person must mend (a Swiss of more rounds than its players
            // allow): left open without a time, its creator told why, not tried every minute.
            Err(refusal)
                if !matches!(
                    refusal,
                    Refusal::TournamentBegun(_) | Refusal::Conflict | Refusal::Database
                ) =>
            {
                if !self.store.postpone_tournament(&t).await? {
                    return Ok(Vec::new());
                }
                tracing::info!(tournament = t.id, reason = %refusal.text(), "tournament not started at its time");
                let said = words::tournament_not_started(&t, refusal.text());
                Ok(vec![Reply::new(&t.channel, said).notify(&[&t.creator])])
            }
            started => started,
        }
    }

    /// Tournaments whose games have all ended but whose next round or end a crash kept back
    /// (the game's own process pairs it at once): settled now, once, whichever process does it.
    async fn settle_tournaments(&self, replies: &mut Vec<Reply>) -> Result<(), Refusal> {
        for t in self.store.settled_tournaments().await? {
            match self.settle(&t).await {
                Ok(done) => replies.extend(done),
                Err(refusal) => {
                    tracing::warn!(tournament = t.id, reason = %refusal.text(), "scheduler: could not settle a tournament")
                }
            }
        }
        Ok(())
    }

    /// Every answer due that a restart came between a move and: Herald's move in an engine
    /// game, the reply a conditional line keeps in another.
    async fn catch_up(&self, replies: &mut Vec<Reply>) -> Result<(), Refusal> {
        let mut due = self.store.active_engine_games().await?;
        due.extend(self.store.games_with_replies_due().await?);
        for row in due {
            if self.known_damaged(&row) {
                continue;
            }
            let answer = match row.engine_level {
                Some(_) => self.engine_turn(&row).await,
                None => self.conditional_turn(&row).await,
            };
            match answer {
                Ok(answer) => replies.extend(answer),
                // Moved meanwhile, by the player's request or by another Herald process.
                Err(Refusal::Conflict) => {}
                Err(other) => self.skip(&row, &other),
            }
        }
        Ok(())
    }

    /// Logs a game the scheduler could not act on, and goes on with the others. A game that
    /// cannot be read is logged once, and passed over until it changes (a repair); anything
    /// else (the database gone a moment) is tried again at the next step.
    pub(super) fn skip(&self, row: &StoredGame, refusal: &Refusal) {
        if !matches!(refusal, Refusal::Damaged(_) | Refusal::Setup(_)) {
            tracing::warn!(game = row.id, reason = %refusal.text(), "scheduler: skipped a game this step");
            return;
        }
        let mut damaged = self.damaged.lock().unwrap_or_else(|p| p.into_inner());
        if damaged.insert(row.id, row.version) != Some(row.version) {
            tracing::error!(game = row.id, reason = %refusal.text(), "scheduler: a game it cannot read is passed over until it changes; the others go on");
        }
    }

    /// Whether the scheduler found this game, as it stands, unreadable already.
    pub(super) fn known_damaged(&self, row: &StoredGame) -> bool {
        let damaged = self.damaged.lock().unwrap_or_else(|p| p.into_inner());
        damaged.get(&row.id) == Some(&row.version)
    }

    async fn expire_challenges(&self, replies: &mut Vec<Reply>) -> Result<(), Refusal> {
        for c in self.store.expire_challenges(self.now()).await? {
            replies.push(
                Reply::new(&c.offer.channel, words::expired(&c)).notify(&[&c.offer.challenger]),
            );
        }
        Ok(())
    }

    async fn end_late_games(&self, replies: &mut Vec<Reply>) -> Result<(), Refusal> {
        for row in self.store.games_due(self.now()).await? {
            if self.known_damaged(&row) {
                continue;
            }
            match self.end_late(&row).await {
                Ok(Some(reply)) => {
                    replies.push(reply);
                    replies.extend(self.tournament_after(&row).await);
                }
                Ok(None) => {}
                Err(refusal) => self.skip(&row, &refusal),
            }
        }
        Ok(())
    }

    /// Ends a game whose time ran out; none if it changed meanwhile (the next step looks
    /// again).
    async fn end_late(&self, row: &StoredGame) -> Result<Option<Reply>, Refusal> {
        let game = self.rules_game(row).await?;
        let late = game.turn();
        let who = row.player(late).to_string();
        // A player who never made a first move abandons the game: aborted, not lost. The
        // player to move has moved unless no move was made, or only the opponent's first
        // (after a swap, the player to move is the one who made it).
        if row.ply == 0 || (row.ply == 1 && !row.swapped) {
            let Ok(saved) = self.end_unplayed(row, None).await else {
                return Ok(None);
            };
            let reply = Reply::new(&saved.channel, words::abandoned(&saved, &who))
                .alert(&saved, &[&saved.white, &saved.black]);
            return Ok(Some(self.with_final_board(reply, &saved).await));
        }
        // Out of time: a loss, or a draw when the rules say the opponent cannot win.
        let winner = game.can_win(!late).then_some(!late);
        let finished = self
            .finish(row, winner, EndReason::Time, EventKind::Timeout, None)
            .await;
        let Ok(saved) = finished else {
            return Ok(None);
        };
        let bare = game
            .board()
            .pieces
            .iter()
            .filter(|(_, p)| p.color == !late)
            .count()
            <= 1;
        let reply = Reply::new(&saved.channel, words::timed_out(&saved, late, winner, bare))
            .alert(&saved, &[&saved.white, &saved.black])
            .with_buttons(vec![rematch_button(saved.id)]);
        Ok(Some(self.with_final_board(reply, &saved).await))
    }

    async fn remind(&self, replies: &mut Vec<Reply>) -> Result<(), Refusal> {
        let now = self.now();
        for row in self.store.games_to_remind(now).await? {
            if self.known_damaged(&row) {
                continue;
            }
            let game = match self.rules_game(&row).await {
                Ok(game) => game,
                Err(refusal) => {
                    self.skip(&row, &refusal);
                    continue;
                }
            };
            let who = row.player(game.turn()).to_string();
            // No reminders to a player away: the one due goes once they are back.
            if self.away_until(&who, row.guild.as_deref()).await.is_some() {
                continue;
            }
            let reminded =
                self.change_with_event(&row, EventKind::Reminder, Some(&who), |next, _| {
                    next.reminded = true;
                });
            if reminded.await.is_err() {
                continue;
            }
            let left = row
                .deadline
                .map(|d| words::time_left(d - now))
                .unwrap_or_default();
            let reminder = Reply::new(&row.channel, words::reminder(&row, &who, &left));
            replies.push(reminder.alert(&row, &[&who]));
        }
        Ok(())
    }
}

/// Logs a part of the step that could not be done (the rest goes on).
fn logged(what: &str, done: Result<(), Refusal>) {
    if let Err(refusal) = done {
        tracing::warn!(reason = %refusal.text(), "scheduler: could not {what}");
    }
}
