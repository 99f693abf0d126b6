//! Moves, and the swap on Black's first turn.

use super::{
    rematch_button, words, Action, Button, ButtonStyle, Handled, Refusal, Reply, Request, Service,
};
use crate::rules::{Color, Outcome};
use crate::store::{EndReason, EventKind, GameChange, GameResult, GameStatus, Played, StoredGame};

impl Service {
    /// Plays a move in `row`. A move that loses the game for its own player (Epoch's third
    /// repetition or stalemating the opponent, Empire's repetition) is only played with
    /// `confirm`; without it Herald warns and offers a Confirm button.
    pub(super) async fn play(
        &self,
        req: &Request,
        row: StoredGame,
        text: &str,
        confirm: bool,
    ) -> Handled {
        self.play_as(req, row, text, confirm, false).await
    }

    /// [`Service::play`], saying whether the move is one of the player's conditional lines.
    pub(super) async fn play_as(
        &self,
        req: &Request,
        row: StoredGame,
        text: &str,
        confirm: bool,
        conditional: bool,
    ) -> Handled {
        if !row.has_player(&req.user) {
            return Err(Refusal::NotAPlayer);
        }
        if row.status != GameStatus::Active {
            return Err(Refusal::Over);
        }
        let mut game = self.rules_game(&row).await?;
        let mover = game.turn();
        if mover != row.color_of(&req.user) {
            return Err(Refusal::NotYourTurn(row.player(mover).to_string()));
        }
        let info = game.play(text)?;
        if let Some(Outcome::Win { winner, reason }) = game.outcome() {
            if winner != mover && !confirm {
                return Ok(vec![self.self_defeat(req, &row, &info, reason).await?]);
            }
        }
        let now = self.now();
        let outcome = game.outcome();
        let mut change = GameChange::of(&row, now);
        change.fen = game.position_text();
        change.reminded = false;
        // The next player's clock: from now, or from the end of their leave.
        let away = self
            .away_until(row.player(!mover), row.guild.as_deref())
            .await;
        change.deadline = Some(super::vacation::clock_after(now, away, row.days));
        if change.draw_offer.as_deref().is_some_and(|o| o != req.user) {
            change.draw_offer = None;
        }
        if let Some(o) = outcome {
            change.status = GameStatus::Finished;
            change.result = Some(GameResult::of(o.winner()));
            change.reason = Some(EndReason::Rules(o.reason()));
            change.deadline = None;
            change.draw_offer = None;
        }
        change.played = Some(Played {
            coordinate: info.coordinate.clone(),
            san: info.san.clone(),
            player: req.user.clone(),
        });
        let saved = self.store.apply(&row, &change).await?;
        self.remember(&saved, &*game);
        tracing::info!(game = saved.id, ply = saved.ply, mv = %info.coordinate, "move");

        let turn = game.turn();
        let mut text = match (self.is_engine(&req.user), saved.engine_level) {
            (true, Some(level)) => words::engine_played(level, &info),
            _ if conditional => words::conditional_played(&req.user, &info),
            _ => words::played(&req.user, &info),
        };
        // What the move says when an answer follows at once (Herald's, or a conditional
        // reply): nobody is told it is their move, since the answer is already there.
        let mut answered = text.clone();
        answered.push(if game.in_check() { " Check!" } else { "" });
        let mut reply = match outcome {
            Some(o) => {
                text.push(" ");
                text.push(words::outcome_line(o, &saved, turn));
                Reply::new(&row.channel, text)
                    .alert(&saved, &[row.opponent_of(&req.user)])
                    .with_buttons(vec![rematch_button(saved.id)])
            }
            // Herald answers at once, below: nobody tells it it is its move, nor offers it
            // the swap.
            None if self.is_engine(saved.player(turn)) => {
                Reply::new(&row.channel, answered.clone()).with_buttons(super::card_buttons(
                    saved.id,
                    None,
                    self.offers_takebacks(&saved).await,
                ))
            }
            None => {
                let swap = game.swap_available() && !saved.swapped;
                text.push(words::next_to_move(&saved, turn, game.in_check(), swap));
                if let Some(ends) = away {
                    text.push(words::away(saved.player(turn), ends));
                }
                let swap = swap.then(|| {
                    Button::new("Swap sides", Action::Swap(saved.id), ButtonStyle::Secondary)
                });
                let takeback = self.offers_takebacks(&saved).await;
                let buttons = super::card_buttons(saved.id, swap, takeback);
                Reply::new(&row.channel, text)
                    .turn(&saved, &[saved.player(turn)])
                    .with_buttons(buttons)
            }
        };
        if outcome.is_some() {
            reply = self.with_ratings(reply, &saved).await;
        }
        // Against Herald, its answer follows at once, with the board after both moves; so
        // does the reply a conditional line of the opponent keeps. The move stands whatever
        // happens to the answer (the scheduler tries a line's reply again).
        let answer = match self.is_engine(&req.user) {
            true => Vec::new(),
            false if saved.engine_level.is_some() => self.engine_turn(&saved).await?,
            false => {
                let answer = self.conditional_turn(&saved).await.unwrap_or_else(|refusal| {
                    tracing::warn!(game = saved.id, reason = %refusal.text(), "a conditional reply waits");
                    Vec::new()
                });
                if !answer.is_empty() {
                    reply = Reply::new(&row.channel, answered);
                }
                answer
            }
        };
        if answer.is_empty() {
            reply.image = self.image(&saved, &*game, None, turn).await;
        }
        let mut replies = vec![reply];
        replies.extend(answer);
        if outcome.is_some() {
            replies.extend(self.tournament_after(&saved).await);
        }
        Ok(replies)
    }

    /// The warning before a move that loses the game for its own player, with a Confirm
    /// button that plays it. The button names the move by its place among the legal moves
    /// before it, which the cache still holds (only this rare warning pays for them).
    async fn self_defeat(
        &self,
        req: &Request,
        row: &StoredGame,
        info: &crate::rules::MoveInfo,
        reason: crate::rules::Reason,
    ) -> Result<Reply, Refusal> {
        let choice = self
            .rules_game(row)
            .await?
            .legal_coordinates()
            .iter()
            .position(|c| *c == info.coordinate)
            .unwrap_or_default() as i64;
        let confirm = Action::Confirm {
            game: row.id,
            ply: row.ply,
            choice,
        };
        Ok(
            Reply::private(&req.channel, words::self_defeat(info, reason, row.variant))
                .with_buttons(vec![Button::new("Confirm", confirm, ButtonStyle::Danger)]),
        )
    }

    pub(super) async fn swap(&self, req: &Request, row: StoredGame) -> Handled {
        if !row.has_player(&req.user) {
            return Err(Refusal::SwapNotPlayer);
        }
        if row.status != GameStatus::Active {
            return Err(Refusal::Over);
        }
        let game = self.rules_game(&row).await?;
        if !game.has_swap() {
            return Err(Refusal::NoSwapInVariant(row.variant));
        }
        if row.swapped || !game.swap_available() {
            return Err(Refusal::SwapUnavailable);
        }
        if row.color_of(&req.user) != Color::Black {
            return Err(Refusal::SwapNotBlack);
        }
        // The first mover plays Black now, and moves.
        let clock = self
            .clock_of(&row.white, row.guild.as_deref(), row.days)
            .await;
        let saved = self
            .change_with_event(&row, EventKind::Swap, Some(&req.user), |next, _| {
                std::mem::swap(&mut next.white, &mut next.black);
                next.swapped = true;
                next.deadline = Some(clock);
                next.reminded = false;
            })
            .await?;
        self.remember(&saved, &*game);
        let mut reply = Reply::new(&row.channel, words::swapped(&req.user, &saved))
            .turn(&saved, &[&saved.black]);
        reply.image = self.image(&saved, &*game, None, game.turn()).await;
        let mut replies = vec![reply];
        replies.extend(self.engine_turn(&saved).await?);
        Ok(replies)
    }
}
