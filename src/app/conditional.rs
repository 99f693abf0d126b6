//! Conditional moves: lines a player keeps after moving ("if Nc6 then Bb5, then if a6 then
//! Ba4"), each checked legal when kept, and played for them as far as their opponent follows
//! one. Lines sharing a beginning make a tree; a line replying differently to the same move
//! as one kept is refused. Only their keeper ever sees them.

use super::engine::as_player;
use super::words::{self, LINE_LIMIT, LINE_MOVES};
use super::{Analysis, Choice, Handled, Refusal, Reply, Request, Service};
use crate::rules::{AnyGame, Outcome};
use crate::store::{GameStatus, StoredGame, StoredLine, StoredMove};

/// How far the game has followed `line`: the place in it of its next move, while every move
/// since the line was kept is the line's and the line goes on.
fn reached(line: &StoredLine, moves: &[StoredMove]) -> Option<usize> {
    let played = moves.get(usize::try_from(line.ply).ok()?..)?;
    let coordinates = line.coordinates();
    let followed = played
        .iter()
        .zip(&coordinates)
        .all(|(m, c)| m.coordinate == *c);
    (followed && played.len() < coordinates.len()).then_some(played.len())
}

/// The moves of `line` still to come, when the game follows it.
fn ahead<'a>(line: &'a StoredLine, moves: &[StoredMove]) -> Option<Vec<&'a str>> {
    reached(line, moves).map(|k| line.coordinates().split_off(k))
}

/// Lines as they stand from `game`'s position (their moves still to come), in words.
fn lines_in_words(game: &dyn AnyGame, lines: &[(StoredLine, Vec<String>)]) -> Vec<String> {
    lines
        .iter()
        .map(|(_, rest)| line_in_words(game, rest))
        .collect()
}

/// `coordinates` played on from `game`'s position, in SAN with move numbers.
fn line_in_words(game: &dyn AnyGame, coordinates: &[impl AsRef<str>]) -> String {
    let mut trial = game.clone_box();
    let sans: Vec<String> = coordinates
        .iter()
        .map_while(|c| trial.play(c.as_ref()).ok().map(|info| info.san))
        .collect();
    let numbers = trial.move_numbers();
    words::line_text(&numbers[numbers.len() - sans.len()..], &sans)
}

impl Service {
    /// `/conditional`: keeps a line, drops them all, or lists them.
    pub(super) async fn conditional(
        &self,
        req: &Request,
        opponent: Option<&str>,
        moves: Option<&str>,
        clear: bool,
    ) -> Handled {
        let row = self.find(req, opponent).await?;
        let said = match (clear, moves) {
            (true, _) => {
                let dropped = self.store.clear_lines(row.id, &req.user).await?;
                words::lines_cleared(row.id, dropped)
            }
            (false, None) => {
                let game = self.rules_game(&row).await?;
                let kept = self.kept_lines(&row, &req.user).await?;
                words::lines_shown(row.id, &lines_in_words(&*game, &kept))
            }
            (false, Some(line)) => self.keep_line(req, &row, line).await?,
        };
        Ok(vec![Reply::private(&req.channel, said)])
    }

    /// The keeper's lines in `row` that the game still follows, each with the moves it has
    /// still to come. Lines the game left are dropped on the way. The game's moves are read
    /// only when the keeper has lines: a move in a game without any costs one small query.
    async fn kept_lines(
        &self,
        row: &StoredGame,
        keeper: &str,
    ) -> Result<Vec<(StoredLine, Vec<String>)>, Refusal> {
        let lines = self.store.lines(row.id, keeper).await?;
        if lines.is_empty() {
            return Ok(Vec::new());
        }
        let moves = self.store.moves(row.id).await?;
        let mut alive = Vec::new();
        let mut left = Vec::new();
        for line in lines {
            match ahead(&line, &moves) {
                Some(rest) => {
                    let rest: Vec<String> = rest.into_iter().map(String::from).collect();
                    alive.push((line, rest));
                }
                None => left.push(line),
            }
        }
        if !left.is_empty() {
            self.store.drop_lines(row.id, keeper, &left).await?;
        }
        Ok(alive)
    }

    /// Keeps `line` for the asker in `row`, after checking every move of it in the position
    /// it would be played in and against the lines kept.
    async fn keep_line(
        &self,
        req: &Request,
        row: &StoredGame,
        line: &str,
    ) -> Result<super::text::Text, Refusal> {
        if row.engine_level.is_some() {
            return Err(Refusal::LineAgainstEngine);
        }
        let game = self.rules_game(row).await?;
        if row.player(game.turn()) == req.user {
            return Err(Refusal::LineOnYourMove(row.id));
        }
        let played = Self::play_line(&mut *game.clone_box(), line)?;
        if played.len() < 2 {
            return Err(Refusal::LineTooShort);
        }
        if played.len() > LINE_MOVES {
            return Err(Refusal::LineTooLong(played.len()));
        }
        let new: Vec<&str> = played.iter().map(|m| m.coordinate.as_str()).collect();
        let mut kept = self.kept_lines(row, &req.user).await?;
        let mut replaced = Vec::new();
        for (old, rest) in &kept {
            let same = rest.iter().zip(&new).take_while(|(a, b)| a == b).count();
            if same == new.len() {
                let shown = lines_in_words(&*game, &kept);
                return Ok(words::line_already_kept(row.id, &shown));
            }
            if same == rest.len() {
                replaced.push(old.clone());
            } else if same % 2 == 1 {
                // They part on the keeper's own reply: two answers to one move.
                return Err(Refusal::LineConflict(line_in_words(&*game, rest)));
            }
        }
        if kept.len() - replaced.len() >= LINE_LIMIT {
            return Err(Refusal::TooManyLines);
        }
        let stored = StoredLine {
            ply: row.ply,
            moves: new.join(" "),
        };
        self.store
            .add_line(row, &req.user, &stored, &replaced, self.now())
            .await?;
        // The lines now kept, as the store holds them: the old ones in their order, less
        // those the new one continues, then the new one.
        kept.retain(|(line, _)| !replaced.contains(line));
        kept.push((stored, new.iter().map(|c| c.to_string()).collect()));
        let shown = lines_in_words(&*game, &kept);
        Ok(words::line_kept(row.id, &shown, !replaced.is_empty()))
    }

    /// The reply a line keeps for the player to move in `row`, played for them, when their
    /// opponent's last move is the one the line foresaw; lines the move left are dropped.
    /// Nothing when no line follows the game. A reply that would lose the game for its own
    /// player (a third repetition, say) is not played unasked: the lines are dropped instead.
    pub(super) async fn conditional_turn(&self, row: &StoredGame) -> Handled {
        if row.status != GameStatus::Active || row.engine_level.is_some() {
            return Ok(Vec::new());
        }
        let game = self.rules_game(row).await?;
        let keeper = row.player(game.turn()).to_string();
        let kept = self.kept_lines(row, &keeper).await?;
        // The keeper is to move, so every line still followed has the keeper's reply next
        // (one reply to a move, as kept).
        let Some(reply) = kept.first().map(|(_, rest)| rest[0].clone()) else {
            return Ok(Vec::new());
        };
        let mut trial = game.clone_box();
        let loses = match trial.play(&reply) {
            Ok(_) => {
                matches!(trial.outcome(), Some(Outcome::Win { winner, .. }) if winner != game.turn())
            }
            Err(_) => true,
        };
        if loses {
            let lines: Vec<StoredLine> = kept.into_iter().map(|(line, _)| line).collect();
            self.store.drop_lines(row.id, &keeper, &lines).await?;
            return Ok(Vec::new());
        }
        let keeper_asks = as_player(row, &keeper);
        Box::pin(self.play_as(&keeper_asks, row.clone(), &reply, true, true)).await
    }

    /// Suggestions for `/conditional`'s moves: the legal moves of the line typed so far, from
    /// the asker's game here.
    pub async fn suggest_conditional(
        &self,
        req: &Request,
        opponent: Option<&str>,
        typed: &str,
    ) -> Vec<Choice> {
        let game = match self.find(req, opponent).await {
            Ok(row) => Some(row.id),
            Err(_) => None,
        };
        let asked = Analysis {
            game,
            ..Analysis::default()
        };
        self.suggest_line(req, &asked, typed).await
    }
}
