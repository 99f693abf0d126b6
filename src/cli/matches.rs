//! `herald engine match`: Herald's engine against a yardstick (random, greedy), itself, or
//! another engine over UCI (Fairy-Stockfish, another Herald binary), with colours alternating
//! and, when asked, each pair of games from its own opening.

use std::io::{self, Write};
use std::str::FromStr;
use std::sync::atomic::AtomicBool;

use super::uci::UciEngine;
use crate::app::Level;
use crate::engine::baseline::{greedy, random_move};
use crate::engine::{choose, Limits, Rng, Style};
use crate::rules::{new_game_with, AnyGame, Color, GameOptions, Outcome, VariantId};

/// Who Herald plays against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    Random,
    Greedy,
    /// Herald's engine itself, as Herald plays.
    Engine,
    /// A program that speaks UCI: its command line, and the options to set (name, value).
    Uci {
        command: String,
        options: Vec<(String, String)>,
    },
}

impl FromStr for Opponent {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(Opponent::Random),
            "greedy" => Ok(Opponent::Greedy),
            "engine" => Ok(Opponent::Engine),
            _ => Err(format!(
                "unknown opponent '{s}': expected random, greedy or engine (or --uci COMMAND)"
            )),
        }
    }
}

/// A match. Herald is White in odd games; games 2k - 1 and 2k start from the same opening.
#[derive(Clone, Debug)]
pub struct Match {
    pub variant: VariantId,
    pub options: GameOptions,
    pub games: u32,
    /// Herald's time a move (ignored with a level).
    pub movetime_ms: u64,
    /// Herald plays as this level instead of at `movetime_ms` (the level's own limits).
    pub level: Option<Level>,
    pub opponent: Opponent,
    /// The opponent's time a move, when it is not Herald's.
    pub opponent_movetime_ms: u64,
    /// Plies of each pair's opening, drawn by the seed among the moves near the best.
    pub openings: usize,
    pub seed: u64,
    /// Plies after which a game still going is drawn by adjudication.
    pub max_plies: usize,
    /// Stop once the 95% interval of the Elo difference lies wholly above or below this.
    pub until_clear: Option<f64>,
}

/// How one game of a match ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// 1 for the first game.
    pub number: u32,
    pub engine: Color,
    /// The rules' result, or `None` when the ply limit adjudicated a draw or a side forfeited.
    pub outcome: Option<Outcome>,
    /// A side that answered with a move the rules refused, and the move.
    pub forfeit: Option<(Color, String)>,
    pub plies: usize,
    /// The opening the game started from, in coordinate form.
    pub opening: Vec<String>,
}

impl GameReport {
    /// 1 for a Herald win, 0.5 for a draw, 0 for a loss.
    pub fn engine_points(&self) -> f64 {
        let winner = match &self.forfeit {
            Some((side, _)) => Some(!*side),
            None => self.outcome.and_then(Outcome::winner),
        };
        match winner {
            Some(w) if w == self.engine => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// Herald's wins, draws and losses.
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

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Herald's score, 0 to 1.
    pub fn score(&self) -> f64 {
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(self.games().max(1))
    }

    /// The Elo difference the score means, and its 95% interval (from the spread of the
    /// games' points; a score of 0 or 1 is read as half a game from it).
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = f64::from(self.games().max(1));
        let p = self.score();
        let spread = (f64::from(self.wins) * (1.0 - p).powi(2)
            + f64::from(self.draws) * (0.5 - p).powi(2)
            + f64::from(self.losses) * p.powi(2))
            / n;
        let margin = 1.96 * (spread / n).sqrt();
        let elo = |p: f64| {
            let p = p.clamp(0.5 / n, 1.0 - 0.5 / n);
            -400.0 * (1.0 / p - 1.0).log10()
        };
        (elo(p), elo(p - margin), elo(p + margin))
    }
}

/// A side of the board and how it chooses.
enum Player {
    Herald(Style),
    Random(Rng),
    Greedy(Rng),
    Uci(Box<UciEngine>, u64),
}

impl Player {
    fn choose(&mut self, game: &dyn AnyGame, seed: u64) -> io::Result<Option<String>> {
        Ok(match self {
            Player::Herald(style) => {
                choose(game, *style, seed, &AtomicBool::new(false)).map(|f| f.mv)
            }
            Player::Random(rng) => random_move(game, rng),
            Player::Greedy(rng) => greedy(game, rng),
            Player::Uci(engine, ms) => Some(engine.best_move(game, *ms)?),
        })
    }
}

/// The name an opponent goes by in the report.
fn name(opponent: &Opponent, uci: Option<&UciEngine>) -> String {
    match (opponent, uci) {
        (_, Some(engine)) => engine.name.clone(),
        (Opponent::Random, _) => "random".into(),
        (Opponent::Greedy, _) => "greedy".into(),
        _ => "engine".into(),
    }
}

/// Plays the match, writing a line per game as it ends and the sums at the end.
pub fn engine_match(m: &Match, out: &mut dyn Write) -> io::Result<Tally> {
    let herald = match m.level {
        Some(level) => level.style(),
        None => Style {
            limits: Limits::movetime(m.movetime_ms),
            leeway: 0,
        },
    };
    let mut opponent = match &m.opponent {
        Opponent::Random => Player::Random(Rng::new(m.seed)),
        Opponent::Greedy => Player::Greedy(Rng::new(m.seed)),
        Opponent::Engine => Player::Herald(Style {
            limits: Limits::movetime(m.opponent_movetime_ms),
            leeway: 0,
        }),
        Opponent::Uci { command, options } => Player::Uci(
            Box::new(UciEngine::start(command, options)?),
            m.opponent_movetime_ms,
        ),
    };
    let them = name(
        &m.opponent,
        match &opponent {
            Player::Uci(e, _) => Some(e),
            _ => None,
        },
    );
    let mut tally = Tally::default();
    let mut opening = Vec::new();
    for number in 1..=m.games {
        if number % 2 == 1 {
            opening = draw_opening(m, number)?;
        }
        if let Player::Uci(engine, _) = &mut opponent {
            engine.new_game(m.variant)?;
        }
        let report = play_game(m, number, &opening, herald, &mut opponent)?;
        tally.add(&report);
        writeln!(out, "{}", line(m, &them, &report))?;
        out.flush()?;
        if let Some(target) = m.until_clear {
            let (_, low, high) = tally.elo();
            if tally.games() >= 10 && (low > target || high < target) && number < m.games {
                writeln!(
                    out,
                    "stopped after {number} games: the 95% interval lies wholly {} {target:+}",
                    if low > target { "above" } else { "below" }
                )?;
                break;
            }
        }
    }
    let (elo, low, high) = tally.elo();
    writeln!(
        out,
        "wins {} draws {} losses {}\nscore {:.1}/{} ({:.1}%), Elo {elo:+.0} (95%: {low:+.0} to {high:+.0})",
        tally.wins,
        tally.draws,
        tally.losses,
        tally.score() * f64::from(tally.games()),
        tally.games(),
        100.0 * tally.score()
    )?;
    Ok(tally)
}

fn fresh(m: &Match) -> io::Result<Box<dyn AnyGame>> {
    new_game_with(m.variant, None, m.options)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))
}

/// The opening of games `number` and `number + 1`: each ply drawn by the seed among the moves
/// within 30 centipawns of the best at depth 4, none if the game would end in it.
fn draw_opening(m: &Match, number: u32) -> io::Result<Vec<String>> {
    let mut game = fresh(m)?;
    let style = Style {
        limits: Limits {
            movetime: Some(std::time::Duration::from_secs(5)),
            depth: Some(4),
        },
        leeway: 30,
    };
    let mut moves = Vec::new();
    for _ in 0..m.openings {
        let seed = m
            .seed
            .wrapping_mul(1_000_003)
            .wrapping_add(u64::from(number));
        let Some(found) = choose(&*game, style, seed, &AtomicBool::new(false)) else {
            break;
        };
        if game.play(&found.mv).is_err() || game.outcome().is_some() {
            return Ok(moves);
        }
        moves.push(found.mv);
    }
    Ok(moves)
}

fn play_game(
    m: &Match,
    number: u32,
    opening: &[String],
    herald: Style,
    opponent: &mut Player,
) -> io::Result<GameReport> {
    let engine = if number % 2 == 1 {
        Color::White
    } else {
        Color::Black
    };
    let mut game = fresh(m)?;
    for mv in opening {
        game.play(mv)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e.to_string()))?;
    }
    let mut herald = Player::Herald(herald);
    let seed = m.seed.wrapping_add(u64::from(number));
    let mut forfeit = None;
    while game.outcome().is_none() && game.moves_played().len() < m.max_plies {
        let turn = game.turn();
        let player = if turn == engine {
            &mut herald
        } else {
            &mut *opponent
        };
        let Some(mv) = player.choose(&*game, seed)? else {
            break;
        };
        if game.play(&mv).is_err() {
            forfeit = Some((turn, mv));
            break;
        }
    }
    Ok(GameReport {
        number,
        engine,
        outcome: game.outcome(),
        forfeit,
        plies: game.moves_played().len(),
        opening: opening.to_vec(),
    })
}

/// One game's line: its number, Herald's side, the result in PGN's form and in words, its
/// length and opening.
pub fn line(m: &Match, opponent: &str, report: &GameReport) -> String {
    let side = |c: Color| m.variant.side(c).to_lowercase();
    let pgn = |winner: Color| if winner == Color::White { "1-0" } else { "0-1" };
    let (result, words) = match (&report.forfeit, report.outcome) {
        (Some((loser, mv)), _) => (
            pgn(!*loser),
            format!("{} forfeits: the illegal move {mv}", side(*loser)),
        ),
        (None, Some(Outcome::Win { winner, reason })) => (
            pgn(winner),
            format!("{} wins: {}", side(winner), reason.name()),
        ),
        (None, Some(outcome @ Outcome::Draw { .. })) => ("1/2-1/2", outcome.to_string()),
        (None, None) => (
            "1/2-1/2",
            format!("draw: adjudicated after {} plies", m.max_plies),
        ),
    };
    let from = if report.opening.is_empty() {
        String::new()
    } else {
        format!(" from {}", report.opening.join(" "))
    };
    format!(
        "game {} engine {} vs {opponent} {}: {result} {words} ({} plies{from})",
        report.number,
        side(report.engine),
        side(!report.engine),
        report.plies
    )
}
