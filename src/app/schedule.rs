//! The scheduler's step: challenges expire, players with a quarter of their time left are
//! reminded once, and games whose time ran out end.

use super::{rematch_button, words, Handled, Reply, Service};
use crate::store::{EndReason, EventKind};

impl Service {
    /// Runs one step. Safe to run at any moment, any number of times.
    pub async fn tick(&self) -> Vec<Reply> {
        match self.tick_inner().await {
            Ok(replies) => self.deliver(replies).await,
            Err(refusal) => {
                tracing::warn!(reason = %refusal.text(), "scheduler step failed");
                Vec::new()
            }
        }
    }

    async fn tick_inner(&self) -> Handled {
        let now = self.now();
        let mut replies = Vec::new();
        for c in self.store.expire_challenges(now).await? {
            replies.push(
                Reply::new(&c.offer.channel, words::expired(&c)).notify(&[&c.offer.challenger]),
            );
        }
        // Herald answers first any move it missed (a restart in between): it never runs out of
        // time.
        replies.extend(self.engine_catch_up().await?);
        for row in self.store.games_due(now).await? {
            let game = self.rules_game(&row).await?;
            let late = game.turn();
            let who = row.player(late).to_string();
            // A player who never made a first move abandons the game: aborted, not lost. The
            // player to move has moved unless no move was made, or only the opponent's first
            // (after a swap, the player to move is the one who made it).
            if row.ply == 0 || (row.ply == 1 && !row.swapped) {
                let Ok(saved) = self.end_unplayed(&row, None).await else {
                    continue; // changed meanwhile: the next tick looks again
                };
                let reply = Reply::new(&saved.channel, words::abandoned(&saved, &who))
                    .alert(&saved, &[&saved.white, &saved.black]);
                replies.push(self.with_final_board(reply, &saved).await);
                continue;
            }
            // Out of time: a loss, or a draw when the rules say the opponent cannot win.
            let winner = game.can_win(!late).then_some(!late);
            let finished = self
                .finish(&row, winner, EndReason::Time, EventKind::Timeout, None)
                .await;
            let Ok(saved) = finished else {
                continue;
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
            replies.push(self.with_final_board(reply, &saved).await);
        }
        for row in self.store.games_to_remind(now).await? {
            let game = self.rules_game(&row).await?;
            let who = row.player(game.turn()).to_string();
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
        Ok(replies)
    }
}
