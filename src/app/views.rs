//! What a player or a spectator can look at: a board, one piece's moves, their games and
//! challenges, a game's history, and the rules.

use super::pictures::Replay;
use super::record::{movetext, record_file};
use super::{
    words, Action, Attachment, Button, ButtonStyle, Handled, Refusal, Reply, Request, Service, Text,
};
use crate::rules::{Color, Square, VariantId};
use crate::store::{GameStatus, StoredGame};

/// The side drawn at the bottom for `user` looking at a game: their own, White for a
/// spectator; `flip` turns it.
pub(super) fn viewer_side(row: &StoredGame, user: &str, flip: bool) -> Color {
    let own = if row.has_player(user) {
        row.color_of(user)
    } else {
        Color::White
    };
    if flip {
        !own
    } else {
        own
    }
}

impl Service {
    pub(super) async fn board(
        &self,
        req: &Request,
        opponent: Option<&str>,
        number: Option<i64>,
        flip: bool,
        private: bool,
    ) -> Handled {
        let row = self.look(req, opponent, number).await?;
        let game = self.rules_game(&row).await?;
        let caption = match row.status {
            GameStatus::Active => words::board_caption(&row, game.turn()),
            _ => words::final_caption(&row, game.turn()),
        };
        let mut reply = Reply::new(&req.channel, caption);
        if let Some(link) = self.page_link(&row).await {
            reply.text.push(format!("\nThe game's page: {link}"));
        }
        let bottom = viewer_side(&row, &req.user, flip);
        reply.image = self.image(&row, &*game, None, bottom).await;
        reply.ephemeral = private;
        // A player's own note comes with their board, for them alone.
        let mut replies = vec![reply];
        replies.extend(self.own_note(req, &row).await?);
        Ok(replies)
    }

    /// One piece's moves, at any time: during the other side's turn they are the moves it
    /// would have if its side were to move.
    pub(super) async fn piece(
        &self,
        req: &Request,
        square: &str,
        opponent: Option<&str>,
    ) -> Handled {
        let row = self.look(req, opponent, None).await?;
        let game = self.rules_game(&row).await?;
        let board = game.board();
        let sq = Square::parse_on(
            &square.trim().to_ascii_lowercase(),
            board.files,
            board.ranks,
        )
        .ok_or_else(|| Refusal::NotASquare(square.to_string()))?;
        let (_, piece) = board
            .pieces
            .iter()
            .find(|(s, _)| *s == sq)
            .ok_or(Refusal::NoPiece(sq))?;
        let turn = game.turn();
        let shown = match row.status {
            GameStatus::Active => game.with_turn(piece.color),
            _ => None,
        };
        let moves = match &shown {
            _ if row.status != GameStatus::Active => words::PieceMoves::GameOver,
            Some(g) if piece.color == turn => words::PieceMoves::Now(g.moves_from(sq).len()),
            Some(g) => words::PieceMoves::IfItsTurn(g.moves_from(sq).len(), turn),
            None => words::PieceMoves::Unknown(turn),
        };
        let mut reply = Reply::private(
            &req.channel,
            words::piece_caption(game.variant(), piece, &sq.to_string(), moves),
        );
        let bottom = viewer_side(&row, &req.user, false);
        let drawn = shown.as_deref().unwrap_or(&*game);
        reply.image = self.image(&row, drawn, Some(sq), bottom).await;
        Ok(vec![reply])
    }

    /// The rules of the variant named as the topic, else of the asker's game here, else of
    /// the game being played here, else Epoch's.
    pub(super) async fn rules(
        &self,
        req: &Request,
        asked: Option<VariantId>,
        topic: Option<&str>,
    ) -> Handled {
        let mine = self.store.games_in(&req.channel, &req.user).await?;
        let here = match mine.first() {
            Some(g) => g.variant,
            None => self
                .store
                .latest_game_in(&req.channel)
                .await?
                .map_or(VariantId::Epoch, |g| g.variant),
        };
        Ok(vec![Reply::private(
            &req.channel,
            crate::rules::rules_answer(here, asked, topic),
        )])
    }

    /// The asker's unfinished games, most urgent first (their move, then the least time
    /// left), and their open challenges, received and made.
    pub(super) async fn games(&self, req: &Request) -> Handled {
        let now = self.now();
        let (games, unreadable) = self.store.listed_games_of(&req.user, true).await?;
        let challenges = self.store.open_challenges_of(&req.user, now).await?;
        if games.is_empty() && unreadable.is_empty() && challenges.is_empty() {
            return Ok(vec![Reply::private(&req.channel, words::NO_GAMES)]);
        }
        let (rows, mut damaged) = self.by_urgency(&req.user, games).await;
        damaged.extend(unreadable.iter().filter_map(|row| row.id));
        damaged.sort_unstable();
        let mut lines = Vec::new();
        if !rows.is_empty() || !damaged.is_empty() {
            lines.push(Text::from(words::GAMES_HEADING));
        }
        for (yours, g) in &rows {
            let left = g.deadline.map(|d| words::time_left(d - now));
            let to_move = if *yours {
                req.user.as_str()
            } else {
                g.opponent_of(&req.user)
            };
            let away = self.away_until(to_move, g.guild.as_deref()).await;
            lines.push(words::games_line(g, &req.user, *yours, left, away));
        }
        for id in damaged {
            lines.push(words::damaged_line(id));
        }
        if !challenges.is_empty() {
            lines.push(Text::from(words::CHALLENGES_HEADING));
        }
        for c in &challenges {
            lines.push(words::challenge_line(c, &req.user));
        }
        let mut reply = Reply::private(&req.channel, Text::lines(lines));
        if !rows.is_empty() {
            let next = Button::new("Next game", Action::NextGame, ButtonStyle::Primary);
            reply.buttons = vec![next];
        }
        Ok(vec![reply])
    }

    /// A player's unfinished games, most urgent first: their move, then the least time left.
    /// Each with whether it is their move; and the numbers of those whose position cannot be
    /// read (damaged), which are left out rather than hiding the rest.
    pub(super) async fn by_urgency(
        &self,
        user: &str,
        games: Vec<StoredGame>,
    ) -> (Vec<(bool, StoredGame)>, Vec<i64>) {
        let mut rows = Vec::new();
        let mut damaged = Vec::new();
        for g in games {
            match self.rules_game(&g).await {
                Ok(game) => rows.push((g.player(game.turn()) == user, g)),
                Err(_) => damaged.push(g.id),
            }
        }
        rows.sort_by_key(|(yours, g)| (!*yours, g.deadline.unwrap_or(i64::MAX), g.id));
        (rows, damaged)
    }

    /// The "Next game" button: the board of the presser's most urgent game, for them alone,
    /// with where to play it.
    pub(super) async fn next_game(&self, req: &Request) -> Handled {
        let games = self.store.games_of(&req.user, true).await?;
        let Some((yours, row)) = self.by_urgency(&req.user, games).await.0.into_iter().next()
        else {
            return Ok(vec![Reply::private(&req.channel, words::NO_GAMES)]);
        };
        let game = self.rules_game(&row).await?;
        let text = words::next_game(&row, &req.user, yours, self.now());
        let mut reply = Reply::private(&req.channel, text);
        reply.image = self
            .image(&row, &*game, None, viewer_side(&row, &req.user, false))
            .await;
        Ok(vec![reply])
    }

    pub(super) async fn history(
        &self,
        req: &Request,
        opponent: Option<&str>,
        number: Option<i64>,
        gif: bool,
    ) -> Handled {
        let row = self.look(req, opponent, number).await?;
        let moves = self.store.moves(row.id).await?;
        let game = self.rules_game(&row).await?;
        let text = movetext(&moves, &game.move_numbers());
        let mut reply = Reply::private(&req.channel, words::history(&row, &text));
        if let Some(link) = self.page_link(&row).await {
            reply.text.push(format!("\nThe game's page: {link}"));
        }
        reply.attachment = Some(record_file(&row, &moves, &*game));
        let mut replies = vec![reply];
        if gif {
            let bottom = viewer_side(&row, &req.user, false);
            match self.replay_gif(&row, &*game, bottom).await {
                Some(Replay::Drawn(bytes)) => {
                    let mut animation = Reply::private(&req.channel, words::HISTORY_GIF);
                    animation.attachment = Some(Attachment {
                        name: format!("game-{}.gif", row.id),
                        bytes,
                    });
                    replies.push(animation);
                }
                Some(Replay::TooBig) => {
                    replies.push(Reply::private(&req.channel, words::HISTORY_GIF_TOO_BIG));
                }
                None => {}
            }
        }
        Ok(replies)
    }
}
