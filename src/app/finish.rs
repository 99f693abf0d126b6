//! Games ended by the players: resignation, draws by agreement, and abort.

use super::{
    rematch_button, words, Action, Button, ButtonStyle, Handled, Refusal, Reply, Request, Service,
};
use crate::rules::Color;
use crate::store::{EndReason, EventKind, GameResult, GameStatus, StoredGame};

impl Service {
    /// Ends a game with a result that does not come from the board.
    pub(super) async fn finish(
        &self,
        row: &StoredGame,
        winner: Option<Color>,
        reason: EndReason,
        event: EventKind,
        by: Option<&str>,
    ) -> Result<StoredGame, Refusal> {
        self.change_with_event(row, event, by, |next, _| {
            next.status = GameStatus::Finished;
            next.result = Some(GameResult::of(winner));
            next.reason = Some(reason);
            next.deadline = None;
            next.draw_offer = None;
        })
        .await
    }

    /// The game card's Resign button: the presser is asked to confirm, privately.
    pub(super) async fn ask_resign(&self, req: &Request, id: i64) -> Handled {
        let row = self.own_active_game(req, id).await?;
        self.may_resign(&row, &req.user).await?;
        let confirm = Button::new(
            "Yes, resign",
            Action::ConfirmResign(row.id),
            ButtonStyle::Danger,
        );
        Ok(vec![Reply::private(
            &req.channel,
            words::resign_sure(&row, &req.user),
        )
        .with_buttons(vec![confirm])])
    }

    /// A game by number, which must be the asker's and unfinished (a game card's buttons).
    pub(super) async fn own_active_game(
        &self,
        req: &Request,
        id: i64,
    ) -> Result<StoredGame, Refusal> {
        let row = self.store.game(id).await?.ok_or(Refusal::GameGone)?;
        Self::own_active(req, row)
    }

    /// Acts on the asker's game that `opponent` or `game` names (see [`Self::pick_game`]).
    pub(super) async fn on_game(
        &self,
        req: &Request,
        (opponent, game): (&Option<String>, &Option<i64>),
        act: impl AsyncFnOnce(StoredGame) -> Handled,
    ) -> Handled {
        act(self.pick_game(req, opponent.as_deref(), *game).await?).await
    }

    /// The game a command acts on: the one numbered (`game:N`), which must be the asker's and
    /// unfinished, wherever it is played; else the asker's game here, with `opponent` if named.
    pub(super) async fn pick_game(
        &self,
        req: &Request,
        opponent: Option<&str>,
        game: Option<i64>,
    ) -> Result<StoredGame, Refusal> {
        match game {
            Some(id) => self.own_active_numbered(req, id).await,
            None => self.find(req, opponent).await,
        }
    }

    /// A game typed by number (`/move game:N`), which must be the asker's and unfinished.
    pub(super) async fn own_active_numbered(
        &self,
        req: &Request,
        id: i64,
    ) -> Result<StoredGame, Refusal> {
        let row = self.store.game(id).await?.ok_or(Refusal::NoSuchGame(id))?;
        Self::own_active(req, row)
    }

    fn own_active(req: &Request, row: StoredGame) -> Result<StoredGame, Refusal> {
        if !row.has_player(&req.user) {
            return Err(Refusal::NotInGame(row.id));
        }
        if row.status != GameStatus::Active {
            return Err(Refusal::Over);
        }
        Ok(row)
    }

    /// A player may resign once they have moved in the game; before that it can only be
    /// aborted, as on lichess, and counts for nothing.
    async fn may_resign(&self, row: &StoredGame, user: &str) -> Result<(), Refusal> {
        let moves = self.store.moves(row.id).await?;
        if moves.iter().any(|m| m.player == user) {
            return Ok(());
        }
        // A tournament's game cannot be aborted (its table counts every game): it may be
        // resigned before a move is made.
        match self.store.tournament_of_game(row.id).await? {
            Some(_) => Ok(()),
            None => Err(Refusal::ResignBeforeMoving(row.id)),
        }
    }

    pub(super) async fn resign_game(&self, req: &Request, row: StoredGame) -> Handled {
        self.may_resign(&row, &req.user).await?;
        let winner = !row.color_of(&req.user);
        let saved = self
            .finish(
                &row,
                Some(winner),
                EndReason::Resignation,
                EventKind::Resign,
                Some(&req.user),
            )
            .await?;
        let reply = Reply::new(&row.channel, words::resigned(&req.user, &saved, winner))
            .alert(&saved, &[row.opponent_of(&req.user)])
            .with_buttons(vec![rematch_button(saved.id)]);
        let mut replies = vec![self.with_final_board(reply, &saved).await];
        replies.extend(self.tournament_after(&saved).await);
        Ok(replies)
    }

    /// A message that ends a game, with the ratings it changed and the final position's
    /// board (the side to move at the bottom).
    pub(super) async fn with_final_board(&self, reply: Reply, row: &StoredGame) -> Reply {
        let mut reply = self.with_ratings(reply, row).await;
        if let Ok(game) = self.rules_game(row).await {
            reply.image = self.image(row, &*game, None, game.turn()).await;
        }
        reply
    }

    /// Whether `user` has offered a draw since their opponent last moved (declined, or taken
    /// back by their own move): one offer a move, so an offer cannot be repeated to ping.
    async fn offered_since_their_move(
        &self,
        row: &StoredGame,
        user: &str,
    ) -> Result<bool, Refusal> {
        let events = self.store.events(row.id).await?;
        let last_offer = events
            .iter()
            .filter(|e| e.kind == EventKind::DrawOffer && e.player.as_deref() == Some(user))
            .map(|e| e.ply)
            .max();
        let Some(at) = last_offer else {
            return Ok(false);
        };
        let moves = self.store.moves(row.id).await?;
        Ok(!moves.iter().any(|m| m.ply > at && m.player != user))
    }

    /// Offers a draw in a game, or accepts the opponent's open offer.
    pub(super) async fn draw_in(&self, req: &Request, row: StoredGame) -> Handled {
        let other = row.opponent_of(&req.user).to_string();
        match row.draw_offer.as_deref() {
            Some(o) if o == other => return self.agree_draw(req, &row).await,
            Some(_) => return Err(Refusal::OfferOpen),
            None => {}
        }
        if self.offered_since_their_move(&row, &req.user).await? {
            return Err(Refusal::OfferedAlready(other));
        }
        let saved = self
            .change_with_event(&row, EventKind::DrawOffer, Some(&req.user), |next, _| {
                next.draw_offer = Some(req.user.clone());
            })
            .await?;
        if self.is_engine(&other) {
            // Herald answers at once: the offer, then its acceptance or refusal.
            let offer = Reply::new(&row.channel, words::draw_offered(&req.user, &other));
            let mut replies = vec![offer];
            replies.extend(self.engine_answers_draw(&saved).await?);
            return Ok(replies);
        }
        Ok(vec![Reply::new(
            &row.channel,
            words::draw_offered(&req.user, &other),
        )
        .turn(&saved, &[&other])
        .with_buttons(super::answer_buttons(
            "draw",
            Action::AcceptDraw(saved.id),
            Action::DeclineDraw(saved.id),
        ))])
    }

    async fn agree_draw(&self, req: &Request, row: &StoredGame) -> Handled {
        let saved = self
            .finish(
                row,
                None,
                EndReason::Agreement,
                EventKind::DrawAccept,
                Some(&req.user),
            )
            .await?;
        let other = row.opponent_of(&req.user);
        let reply = Reply::new(&row.channel, words::draw_agreed(&req.user, other, saved.id))
            .alert(&saved, &[other])
            .with_buttons(vec![rematch_button(saved.id)]);
        let mut replies = vec![self.with_final_board(reply, &saved).await];
        replies.extend(self.tournament_after(&saved).await);
        Ok(replies)
    }

    pub(super) async fn answer_draw(&self, req: &Request, id: i64, accept: bool) -> Handled {
        let row = self.store.game(id).await?.ok_or(Refusal::GameGone)?;
        if !row.has_player(&req.user) {
            return Err(Refusal::DrawNotPlayer);
        }
        if row.status != GameStatus::Active {
            return Err(Refusal::Over);
        }
        let offerer = row.draw_offer.clone().ok_or(Refusal::NoOffer)?;
        if offerer == req.user {
            return Err(Refusal::OwnOffer);
        }
        if accept {
            return self.agree_draw(req, &row).await;
        }
        self.change_with_event(&row, EventKind::DrawDecline, Some(&req.user), |next, _| {
            next.draw_offer = None;
        })
        .await?;
        Ok(vec![Reply::new(
            &row.channel,
            words::draw_declined(&req.user),
        )
        .turn(&row, &[&offerer])])
    }

    pub(super) async fn abort(&self, req: &Request, row: StoredGame) -> Handled {
        if row.ply >= 2 {
            return Err(Refusal::AbortTooLate);
        }
        // A tournament's game counts for its table: it is played, resigned or forfeited.
        if let Some(t) = self.store.tournament_of_game(row.id).await? {
            return Err(Refusal::TournamentAbort(row.id, t.id));
        }
        let saved = self.end_unplayed(&row, Some(&req.user)).await?;
        let reply = Reply::new(&row.channel, words::aborted(&req.user, row.id))
            .alert(&saved, &[row.opponent_of(&req.user)]);
        Ok(vec![self.with_final_board(reply, &saved).await])
    }

    /// Aborts a game before each side has moved: no result.
    pub(super) async fn end_unplayed(
        &self,
        row: &StoredGame,
        by: Option<&str>,
    ) -> Result<StoredGame, Refusal> {
        self.change_with_event(row, EventKind::Abort, by, |next, _| {
            next.status = GameStatus::Aborted;
            next.deadline = None;
            next.draw_offer = None;
        })
        .await
    }
}
