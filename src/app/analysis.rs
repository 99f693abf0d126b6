//! `/analyse`: a private board after moves tried from a game's position, a position text or
//! a variant's start. Nothing is stored; no game changes.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::words::{self, AnalysisStart};
use super::{Analysis, Choice, Handled, Refusal, Reply, Request, Service};
use crate::engine::{review, Limits};
use crate::rules::{new_game_with, AnyGame, Color, GameOptions, VariantId};
use crate::store::GameStatus;

/// The longest the engine thinks for an analysis.
const ANALYSIS_TIME: Duration = Duration::from_secs(5);

/// The moves of a typed line, without move numbers: "1. e4 e5 2.Nf3" is e4, e5, Nf3.
pub(super) fn line_words(line: &str) -> impl Iterator<Item = &str> {
    line.split_whitespace()
        .map(|word| {
            let digits = word.trim_start_matches(|c: char| c.is_ascii_digit());
            match digits.starts_with('.') && digits.len() < word.len() {
                true => digits.trim_start_matches('.'),
                false => word,
            }
        })
        .filter(|word| !word.is_empty())
}

/// The board an analysis starts from.
pub(super) struct Board {
    pub game: Box<dyn AnyGame>,
    pub start: AnalysisStart,
    /// The stored game it comes from, for the board's labels and side.
    pub row: Option<crate::store::StoredGame>,
}

impl Service {
    /// Where `asked` starts: the numbered game (one of this server's, or the asker's own from
    /// anywhere), a position text, a variant's start, or the asker's game here.
    pub(super) async fn analysis_board(
        &self,
        req: &Request,
        asked: &Analysis,
    ) -> Result<Board, Refusal> {
        let fen = asked
            .fen
            .as_deref()
            .map(str::trim)
            .filter(|f| !f.is_empty());
        if let Some(text) = fen {
            if asked.game.is_some() {
                return Err(Refusal::TwoStarts);
            }
            let game = match asked.variant {
                Some(v) => new_game_with(v, Some(text), GameOptions::default())
                    .map_err(|e| Refusal::Setup(format!("Not a {} position: {e}.", v.title())))?,
                None => VariantId::ALL
                    .into_iter()
                    .find_map(|v| new_game_with(v, Some(text), GameOptions::default()).ok())
                    .ok_or(Refusal::NoVariantReads)?,
            };
            return Ok(Board {
                game,
                start: AnalysisStart::Position,
                row: None,
            });
        }
        let row = match (asked.game, asked.variant) {
            (Some(n), _) => {
                let row = self.store.game(n).await?.ok_or(Refusal::NoSuchGame(n))?;
                // Another server's game is only its players' to see.
                if row.guild != req.guild && !row.has_player(&req.user) {
                    return Err(Refusal::NoSuchGame(n));
                }
                if asked.variant.is_some_and(|v| v != row.variant) {
                    return Err(Refusal::TwoStarts);
                }
                row
            }
            (None, Some(v)) => {
                let game = new_game_with(v, None, GameOptions::default())
                    .map_err(|e| Refusal::Setup(e.to_string()))?;
                return Ok(Board {
                    game,
                    start: AnalysisStart::Start,
                    row: None,
                });
            }
            (None, None) => match self.look(req, None, None).await {
                Err(Refusal::NoGameToShow) => return Err(Refusal::NothingToAnalyse),
                found => found?,
            },
        };
        let game = self.rules_game(&row).await?;
        Ok(Board {
            game,
            start: AnalysisStart::Game(row.id),
            row: Some(row),
        })
    }

    /// Plays the line on the board; a move it cannot play is named by its place in the line.
    pub(super) fn play_line(
        game: &mut dyn AnyGame,
        line: &str,
    ) -> Result<Vec<crate::rules::MoveInfo>, Refusal> {
        let mut played = Vec::new();
        for (i, word) in line_words(line).enumerate() {
            let info = game.play(word).map_err(|error| Refusal::LineMove {
                number: i + 1,
                error,
            })?;
            played.push(info);
        }
        Ok(played)
    }

    pub(super) async fn analyse(&self, req: &Request, asked: &Analysis) -> Handled {
        let Board {
            mut game,
            start,
            row,
        } = self.analysis_board(req, asked).await?;
        // The engine is help a game still being played must do without.
        let live = row.as_ref().filter(|r| r.status == GameStatus::Active);
        if let (true, Some(live)) = (asked.engine, live) {
            return Err(Refusal::EngineDuringGame(live.id));
        }
        let sans: Vec<String> = Self::play_line(&mut *game, asked.moves.as_deref().unwrap_or(""))?
            .into_iter()
            .map(|m| m.san)
            .collect();
        let numbers = game.move_numbers();
        let line = words::line_text(&numbers[numbers.len() - sans.len()..], &sans);
        let variant = game.variant();
        let to_move = game.turn();
        let mut text = words::analysis_head(&start, variant, &line, game.outcome(), to_move);
        if asked.engine && game.outcome().is_none() {
            let limits = Limits {
                movetime: Some(ANALYSIS_TIME),
                depth: Some(review::depth(variant)),
            };
            let found = self
                .on_engine(&*game, move |g| {
                    crate::engine::search(g, limits, &AtomicBool::new(false))
                })
                .await?
                .flatten();
            if let Some(found) = found {
                let best = game
                    .parse_move(&found.mv)
                    .map_or(found.mv.clone(), |m| m.san);
                text.push(' ');
                text.push_str(&words::analysis_engine(
                    variant,
                    to_move,
                    found.score,
                    found.depth,
                    &best,
                ));
            }
        }
        let mut reply = Reply::private(&req.channel, text);
        let bottom = match &row {
            Some(row) => super::views::viewer_side(row, &req.user, asked.flip),
            None if asked.flip => Color::Black,
            None => Color::White,
        };
        reply.image = self.board_image(row.as_ref(), &*game, bottom).await;
        Ok(vec![reply])
    }
}

impl Service {
    /// Suggestions for `/analyse`'s moves as `req`'s user types `typed`: the line so far with
    /// each legal next move that matches its last word. When there is none, the only choice
    /// says why.
    pub async fn suggest_line(&self, req: &Request, asked: &Analysis, typed: &str) -> Vec<Choice> {
        let explain = |label: String| {
            vec![Choice {
                label,
                value: typed.to_string(),
            }]
        };
        let (done, last) = match typed.trim_start().rsplit_once(char::is_whitespace) {
            Some((done, last)) => (done.trim_end(), last),
            None => ("", typed.trim_start()),
        };
        let mut game = match self.analysis_board(req, asked).await {
            Ok(board) => board.game,
            Err(Refusal::NothingToAnalyse) => {
                return explain("no game here: choose a game, position or variant first".into())
            }
            Err(_) => return explain("that start cannot be analysed".into()),
        };
        if let Err(Refusal::LineMove { number, .. }) = Self::play_line(&mut *game, done) {
            return explain(format!("move {number} of the line is not legal"));
        }
        if game.outcome().is_some() {
            return explain("the line already ends the game".into());
        }
        let choices = super::matching(&*game, last);
        if choices.is_empty() {
            return explain(format!(
                "no legal move matches '{}'",
                crate::rules::shown(last)
            ));
        }
        let head = match done.is_empty() {
            true => String::new(),
            false => format!("{done} "),
        };
        choices
            .into_iter()
            .map(|c| Choice {
                label: format!("{head}{}", c.label),
                value: format!("{head}{}", c.value),
            })
            .collect()
    }
}
