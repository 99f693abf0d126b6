//! Moves, and the swap on Black's first turn.

use super::{
    rematch_button, words, Action, Button, ButtonStyle, Handled, Refusal, Reply, Request, Service,
    DAY,
};
use crate::rules::Color;
use crate::store::{
    EndReason, EventKind, GameChange, GameResult, GameStatus, StoredGame, StoredMove,
};

impl Service {
    pub(super) async fn play(&self, req: &Request, text: &str, opponent: Option<&str>) -> Handled {
        let row = self.find(req, opponent).await?;
        let mut game = self.rules_game(&row).await?;
        if game.turn() != row.color_of(&req.user) {
            return Err(Refusal::NotYourTurn(row.player(game.turn()).to_string()));
        }
        let info = game.play(text)?;
        let now = self.now();
        let outcome = game.outcome();
        let mut next = row.clone();
        next.fen = game.position_text();
        next.ply = row.ply + 1;
        next.updated_at = now;
        next.reminded = false;
        next.deadline = Some(now + row.days * DAY);
        if next.draw_offer.as_deref().is_some_and(|o| o != req.user) {
            next.draw_offer = None;
        }
        if let Some(o) = outcome {
            next.status = GameStatus::Finished;
            next.result = Some(GameResult::of(o.winner()));
            next.reason = Some(EndReason::Rules(o.reason()));
            next.deadline = None;
            next.draw_offer = None;
        }
        let new_move = StoredMove {
            ply: row.ply + 1,
            coordinate: info.coordinate.clone(),
            san: info.san.clone(),
            fen_after: next.fen.clone(),
            player: req.user.clone(),
            played_at: now,
        };
        let change = GameChange {
            next,
            new_move: Some(new_move),
            event: None,
        };
        let saved = self.store.apply(&row, &change).await?;
        self.remember(&saved, &*game);
        tracing::info!(game = saved.id, ply = saved.ply, mv = %info.coordinate, "move");

        let turn = game.turn();
        let mut text = words::played(&req.user, &info);
        let mut reply = match outcome {
            Some(o) => {
                text.push(" ");
                text.push(words::outcome_line(o, &saved, turn));
                Reply::new(&row.channel, text)
                    .notify(&[row.opponent_of(&req.user)])
                    .with_buttons(vec![rematch_button(saved.id)])
            }
            None => {
                let swap = game.swap_available() && !saved.swapped;
                text.push(words::next_to_move(&saved, turn, game.in_check(), swap));
                let buttons = if swap {
                    vec![Button::new(
                        "Swap sides",
                        Action::Swap(saved.id),
                        ButtonStyle::Secondary,
                    )]
                } else {
                    Vec::new()
                };
                Reply::new(&row.channel, text)
                    .notify(&[saved.player(turn)])
                    .with_buttons(buttons)
            }
        };
        reply.image = self.image(&*game, None, false).await;
        Ok(vec![reply])
    }

    pub(super) async fn swap(&self, req: &Request, row: StoredGame) -> Handled {
        if !row.has_player(&req.user) {
            return Err(Refusal::SwapNotPlayer);
        }
        if row.status != GameStatus::Active {
            return Err(Refusal::Over);
        }
        let game = self.rules_game(&row).await?;
        if row.swapped || !game.swap_available() {
            return Err(Refusal::SwapUnavailable);
        }
        if row.color_of(&req.user) != Color::Black {
            return Err(Refusal::SwapNotBlack);
        }
        let saved = self
            .change_with_event(&row, EventKind::Swap, Some(&req.user), |next, now| {
                std::mem::swap(&mut next.white, &mut next.black);
                next.swapped = true;
                next.deadline = Some(now + row.days * DAY);
                next.reminded = false;
            })
            .await?;
        self.remember(&saved, &*game);
        let mut reply =
            Reply::new(&row.channel, words::swapped(&req.user, &saved)).notify(&[&saved.black]);
        reply.image = self.image(&*game, None, false).await;
        Ok(vec![reply])
    }
}
