//! `/review`: a finished game's moves judged by the engine (`?!`, `?`, `??` in the record),
//! each player's sum, and a chart of the evaluation. The engine scores every position of the
//! game on the engine's worker, a few positions at a time so that Herald's own moves in other
//! games are not held up for long; the scores are stored, so a second review of the game is
//! read back, instant and the same.

use std::sync::atomic::Ordering;

use super::record::number_before;
use super::{words, Attachment, Handled, Refusal, Reply, Request, Service, Text};
use crate::engine::review::reviewer::Reviewer;
use crate::engine::review::{self, Judged, Mark, Review, Scored};
use crate::render::eval_chart::{eval_chart, EvalChart, Marker};
use crate::rules::{AnyGame, Color};
use crate::store::{GameStatus, StoredGame, StoredMove};

/// Positions scored per turn on the engine's worker, in each of the review's lanes.
const CHUNK: usize = 4;

/// The engine time one review may take: within Discord's 15 minutes for an answer, and short
/// enough for `herald local`. The positions a review reaches after it are searched one ply
/// deep, and the review says from which move.
pub(super) const REVIEW_BUDGET: std::time::Duration = std::time::Duration::from_secs(90);

impl Service {
    /// Makes `/review` search every position to `depth` instead of each variant's own depth
    /// (a shallow one for tests); 0 goes back to the variants' depths.
    pub fn set_review_depth(&self, depth: u32) {
        self.review_depth.store(depth, Ordering::Relaxed);
    }

    /// Gives `/review` `budget` of engine time instead of [`REVIEW_BUDGET`] (a short one for
    /// tests).
    pub fn set_review_budget(&self, budget: std::time::Duration) {
        self.review_budget
            .store(budget.as_millis() as u64, Ordering::Relaxed);
    }

    /// The engine time a review may take.
    fn review_budget(&self) -> std::time::Duration {
        std::time::Duration::from_millis(self.review_budget.load(Ordering::Relaxed))
    }

    /// The review of a finished game: refused while the game is being played (a review
    /// would be the engine's help), and for a game that ended before any move.
    pub(super) async fn review(
        &self,
        req: &Request,
        opponent: Option<&str>,
        number: Option<i64>,
    ) -> Handled {
        let row = self.look(req, opponent, number).await?;
        match row.status {
            GameStatus::Active => return Err(Refusal::ReviewLive(row.id)),
            GameStatus::Aborted => return Err(Refusal::NothingToReview(row.id, true)),
            GameStatus::Finished if row.ply == 0 => {
                return Err(Refusal::NothingToReview(row.id, false))
            }
            GameStatus::Finished => {}
        }
        let moves = self.store.moves(row.id).await?;
        let game = self.rules_game(&row).await?;
        let depth = match self.review_depth.load(Ordering::Relaxed) {
            0 => review::depth(row.variant),
            d => d,
        };
        let scored = self.scores(&row, &*game, depth).await?;
        let judged = review::judge(&*game, &scored, depth);
        // The first position searched less deep than the review's depth, if its time ran out.
        let shallow = scored.iter().position(|s| s.depth != 0 && s.depth < depth);
        let mut text = review_text(&row, &moves, &*game, &judged);
        if let Some(position) = shallow {
            let numbers = game.move_numbers();
            let from = numbers
                .get(position.saturating_sub(1))
                .map_or(1, |(n, _)| *n);
            text = Text::lines(vec![
                text,
                words::review_shallow(from, self.review_budget()),
            ]);
        }
        let mut reply = Reply::new(&req.channel, text);
        if self.images.is_some() {
            let chart = chart_of(&row, &*game, &judged);
            if let Some(png) = self
                .picture("the review chart", move || eval_chart(&chart))
                .await
            {
                reply.attachment = Some(Attachment {
                    name: format!("review-{}.png", row.id),
                    bytes: png,
                });
            }
        }
        Ok(vec![reply])
    }

    /// The scores of every position of the game at `depth`: stored ones, else the engine's,
    /// then stored.
    async fn scores(
        &self,
        row: &StoredGame,
        game: &dyn AnyGame,
        depth: u32,
    ) -> Result<Vec<Scored>, Refusal> {
        let positions = row.ply as usize + 1;
        if let Some(text) = self.store.review(row.id, depth, review::VERSION).await? {
            match review::decode(&text) {
                Some(scored) if scored.len() == positions => return Ok(scored),
                _ => tracing::warn!(game = row.id, "a stored review does not read back; redone"),
            }
        }
        let started = std::time::Instant::now();
        let budget = self.review_budget();
        let mut reviewer = Reviewer::new(game, depth);
        let mut first = true;
        loop {
            // Out of time: the rest one ply deep, which takes moments however long the game.
            let hurry = !first && started.elapsed() >= budget;
            first = false;
            let (back, more) = self
                .on_engine(game, move |_| {
                    let more = reviewer.step(CHUNK, hurry);
                    (reviewer, more)
                })
                .await?
                .ok_or_else(|| {
                    tracing::error!(game = row.id, "the review failed");
                    Refusal::Database
                })?;
            reviewer = back;
            if !more {
                break;
            }
        }
        let scored = reviewer.scores();
        if scored.len() != positions {
            tracing::error!(
                game = row.id,
                "the review scored the wrong number of positions"
            );
            return Err(Refusal::Damaged(row.id));
        }
        tracing::info!(
            game = row.id,
            depth,
            plies = row.ply,
            ms = started.elapsed().as_millis() as u64,
            "game reviewed"
        );
        let encoded = review::encode(&scored);
        self.store
            .save_review(row.id, depth, review::VERSION, &encoded, self.now())
            .await?;
        Ok(scored)
    }
}

/// The review's text: the head, the moves with their marks, each player's sum, the costliest
/// moves with the engine's choice, and what the marks mean.
fn review_text(
    row: &StoredGame,
    moves: &[StoredMove],
    game: &dyn AnyGame,
    judged: &Review,
) -> Text {
    let numbers = game.move_numbers();
    let mut record = Vec::new();
    let mut moments = Vec::new();
    for (i, (m, ply)) in moves.iter().zip(&judged.plies).enumerate() {
        let number = number_before(&numbers, i, false);
        let mark = ply.mark.map_or("", Mark::symbol);
        record.extend(number.clone());
        record.push(format!("{}{mark}", m.san));
        if ply.mark >= Some(Mark::Mistake) {
            let (n, side) = numbers[i];
            let label = match side {
                Color::White => format!("{n}."),
                Color::Black => format!("{n}..."),
            };
            moments.push((format!("{label} {}{mark}", m.san), better(ply, &m.san)));
        }
    }
    let mut lines = vec![
        words::review_head(row, judged.depth),
        Text::from(format!(
            "{} {}",
            record.join(" "),
            row.result.map_or("*", |r| r.word())
        )),
    ];
    for color in [Color::White, Color::Black] {
        lines.push(words::review_tally(row, color, &judged.tally(color)));
    }
    if let Some(m) = words::review_moments(&moments) {
        lines.push(Text::from(m));
    }
    lines.push(Text::from(words::REVIEW_LEGEND));
    Text::lines(lines)
}

/// The engine's choice, when it is not the move played.
pub(super) fn better(ply: &Judged, played: &str) -> Option<String> {
    ply.best.clone().filter(|b| b != played)
}

/// The chart of a review: White's chances, a dot on each mistake and blunder.
pub(super) fn chart_of(row: &StoredGame, game: &dyn AnyGame, judged: &Review) -> EvalChart {
    let numbers: Vec<u32> = game.move_numbers().iter().map(|(n, _)| *n).collect();
    let last = numbers.last().copied().unwrap_or(1);
    let marks = judged
        .plies
        .iter()
        .enumerate()
        .filter_map(|(i, p)| match p.mark {
            Some(Mark::Blunder) => Some((i + 1, Marker::Blunder)),
            Some(Mark::Mistake) => Some((i + 1, Marker::Mistake)),
            _ => None,
        })
        .collect();
    EvalChart {
        title: format!(
            "Game #{}: {}'s chances, move by move",
            row.id,
            row.variant.side(Color::White)
        ),
        chances: judged.white_chances.clone(),
        marks,
        numbers: numbers.into_iter().chain([last]).collect(),
    }
}
