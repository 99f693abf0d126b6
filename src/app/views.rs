//! What a player can look at: the board, one piece's moves, their games, a game's history
//! and the rules.

use super::record::{movetext, record_file};
use super::{words, Handled, Refusal, Reply, Request, Service, Text};
use crate::rules::{Square, VariantId};

impl Service {
    pub(super) async fn board(
        &self,
        req: &Request,
        opponent: Option<&str>,
        flip: bool,
        private: bool,
    ) -> Handled {
        let row = self.find(req, opponent).await?;
        let game = self.rules_game(&row).await?;
        let mut reply = Reply::new(&req.channel, words::board_caption(&row, game.turn()));
        reply.image = self.image(&*game, None, flip).await;
        reply.ephemeral = private;
        Ok(vec![reply])
    }

    pub(super) async fn piece(
        &self,
        req: &Request,
        square: &str,
        opponent: Option<&str>,
    ) -> Handled {
        let row = self.find(req, opponent).await?;
        let game = self.rules_game(&row).await?;
        let board = game.board();
        let sq = Square::parse_on(square.trim(), board.files, board.ranks)
            .ok_or_else(|| Refusal::NotASquare(square.to_string()))?;
        let (_, piece) = board
            .pieces
            .iter()
            .find(|(s, _)| *s == sq)
            .ok_or(Refusal::NoPiece(sq))?;
        let moves = (piece.color == game.turn()).then(|| game.moves_from(sq).len());
        let mut reply = Reply::private(
            &req.channel,
            words::piece_caption(game.variant(), piece, &sq.to_string(), moves),
        );
        reply.image = self.image(&*game, Some(sq), false).await;
        Ok(vec![reply])
    }

    /// The rules of the variant named as the topic, else of the asker's game here, else Epoch's.
    pub(super) async fn rules(&self, req: &Request, topic: Option<&str>) -> Handled {
        if let Some(variant) = topic.and_then(|t| t.parse::<VariantId>().ok()) {
            return Ok(vec![Reply::private(
                &req.channel,
                crate::rules::help(variant, None),
            )]);
        }
        let games = self.store.active_games_in(&req.channel, &req.user).await?;
        let variant = match games.as_slice() {
            [g] => g.variant,
            _ => VariantId::Epoch,
        };
        Ok(vec![Reply::private(
            &req.channel,
            crate::rules::help(variant, topic),
        )])
    }

    pub(super) async fn games(&self, req: &Request) -> Handled {
        let games = self.store.games_of(&req.user, true).await?;
        if games.is_empty() {
            return Ok(vec![Reply::private(&req.channel, words::NO_GAMES)]);
        }
        let now = self.now();
        let mut lines = vec![Text::from(words::GAMES_HEADING)];
        for g in &games {
            let game = self.rules_game(g).await?;
            let yours = g.player(game.turn()) == req.user;
            let left = g.deadline.map(|d| words::time_left(d - now));
            lines.push(words::games_line(g, &req.user, yours, left));
        }
        Ok(vec![Reply::private(&req.channel, Text::lines(lines))])
    }

    pub(super) async fn history(&self, req: &Request, opponent: Option<&str>) -> Handled {
        let mut games = self.store.active_games_in(&req.channel, &req.user).await?;
        if let Some(o) = opponent {
            games.retain(|g| g.opponent_of(&req.user) == o);
        }
        let row = match (games.len(), opponent) {
            (1, _) => games.remove(0),
            (0, Some(o)) => self
                .store
                .last_game_between(&req.channel, &req.user, o)
                .await?
                .ok_or_else(|| Refusal::NeverPlayed(o.to_string()))?,
            (0, None) => return Err(Refusal::NoGameForHistory),
            _ => return self.find(req, opponent).await.map(|_| Vec::new()),
        };
        let moves = self.store.moves(row.id).await?;
        let game = self.rules_game(&row).await?;
        let text = movetext(&moves, &game.move_numbers());
        let mut reply = Reply::private(&req.channel, words::history(&row, &text));
        reply.attachment = Some(record_file(&row, &moves, &*game));
        Ok(vec![reply])
    }
}
