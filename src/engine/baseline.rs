//! The yardsticks the engine is measured against, and the match runner of `herald engine
//! match`: `random` plays a uniformly random legal move (seeded), `greedy` the move with the
//! best one-ply result (a move that wins on the spot, else the best material and placement by
//! the variant's evaluation after the move, never one that loses on the spot; ties broken by
//! the seeded generator), `engine` is the engine itself at the same time per move.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;

use super::{per_variant, search_game, Evaluate, Limits, Rng, MATE};
use crate::rules::{Color, Game, GameOptions, Outcome, VariantId};

/// Who the engine plays against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    Random,
    Greedy,
    Engine,
}

impl FromStr for Opponent {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(Opponent::Random),
            "greedy" => Ok(Opponent::Greedy),
            "engine" => Ok(Opponent::Engine),
            _ => Err(format!(
                "unknown opponent '{s}': expected random, greedy or engine"
            )),
        }
    }
}

impl fmt::Display for Opponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Opponent::Random => "random",
            Opponent::Greedy => "greedy",
            Opponent::Engine => "engine",
        })
    }
}

/// A match: the engine against `opponent` from the start position, colours alternating (the
/// engine is White in the first game).
#[derive(Clone, Copy, Debug)]
pub struct Match {
    pub variant: VariantId,
    pub options: GameOptions,
    pub games: u32,
    pub movetime_ms: u64,
    pub opponent: Opponent,
    pub seed: u64,
    /// Plies after which a game still going is drawn by adjudication.
    pub max_plies: usize,
}

/// How one game of a match ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// 1 for the first game.
    pub number: u32,
    pub engine: Color,
    /// The rules' result, or `None` when the ply limit adjudicated a draw.
    pub outcome: Option<Outcome>,
    pub plies: usize,
}

impl GameReport {
    /// 1 for an engine win, 0.5 for a draw, 0 for a loss.
    pub fn engine_points(&self) -> f64 {
        match self.outcome.and_then(Outcome::winner) {
            Some(w) if w == self.engine => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// Wins, draws and losses of the engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn add(&mut self, report: &GameReport) {
        match report.engine_points() {
            p if p > 0.75 => self.wins += 1,
            p if p < 0.25 => self.losses += 1,
            _ => self.draws += 1,
        }
    }
}

/// Plays the match, handing each game's report to `on_game` as it ends.
pub fn play_match(m: &Match, mut on_game: impl FnMut(&GameReport)) -> Tally {
    let mut tally = Tally::default();
    for number in 1..=m.games {
        let report = per_variant!(m.variant, play_game(m, number));
        tally.add(&report);
        on_game(&report);
    }
    tally
}

fn play_game<V: Evaluate>(m: &Match, number: u32) -> GameReport {
    let engine = if number % 2 == 1 {
        Color::White
    } else {
        Color::Black
    };
    let mut rng = Rng::new(m.seed.wrapping_add(u64::from(number)));
    let mut start = V::start();
    // The options were checked when the match was set up; the defaults suit every variant.
    if start.set_options(m.options).is_err() {
        start = V::start();
    }
    let mut game = Game::new(start);
    let stop = AtomicBool::new(false);
    let limits = Limits::movetime(m.movetime_ms);
    while game.outcome().is_none() && game.moves().len() < m.max_plies {
        let turn = game.position().turn();
        let mv = if turn == engine || m.opponent == Opponent::Engine {
            engine_move(&game, limits, &stop)
        } else if m.opponent == Opponent::Random {
            game.legal()[rng.below(game.legal().len())]
        } else {
            greedy_move(&game, &mut rng)
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    GameReport {
        number,
        engine,
        outcome: game.outcome(),
        plies: game.moves().len(),
    }
}

fn engine_move<V: Evaluate>(game: &Game<V>, limits: Limits, stop: &AtomicBool) -> V::Move {
    let found = search_game(game, limits, stop).and_then(|r| game.parse(&r.mv).ok());
    found.unwrap_or(game.legal()[0])
}

/// The greedy player's move: see the module's documentation.
pub fn greedy_move<V: Evaluate>(game: &Game<V>, rng: &mut Rng) -> V::Move {
    let turn = game.position().turn();
    let mut best = Vec::new();
    let mut best_score = i32::MIN;
    for &mv in game.legal() {
        let mut after = game.clone();
        if after.play(mv).is_err() {
            continue;
        }
        let score = match after.outcome() {
            Some(o) => match o.winner() {
                Some(w) if w == turn => MATE,
                Some(_) => -MATE,
                None => 0,
            },
            None if after.position().turn() == turn => after.position().evaluate(),
            None => -after.position().evaluate(),
        };
        if score > best_score {
            best_score = score;
            best.clear();
        }
        if score == best_score {
            best.push(mv);
        }
    }
    match best.len() {
        0 => game.legal()[0],
        n => best[rng.below(n)],
    }
}
