//! Reviewing a finished game: the engine scores every position of the game at a fixed depth,
//! and each move is judged by how much of its player's chance of winning it gave away.
//!
//! The score of the position before ply `i`, searched to the review's depth, is the best the
//! mover could get; the score of the position after it, searched one ply less deep and turned
//! to the mover's side, is what the move kept: both then look equally far ahead from the
//! position the move was played in, so neither side of the comparison gets the last word. The
//! loss is measured in win chance, `2 / (1 + exp(-0.00368208 cp)) - 1` (-1 a certain loss, 1 a
//! certain win), after the score is put on chess's scale ([`scale`]) and clamped to
//! ±[`CLAMP`] centipawns (a mate counts as the clamp): a drop of 0.1 is an inaccuracy `?!`,
//! 0.2 a mistake `?`, 0.3 a blunder `??`. A move that loses that much is searched again two
//! plies deeper (both positions), and the smaller of the two losses is the one judged: a move
//! is marked only when the deeper search agrees. A forced move (the only legal one) and the
//! engine's own choice are never marked. docs/engine.md gives the reasons; [`reviewer`] does
//! the searching.

pub mod reviewer;

use std::sync::atomic::{AtomicBool, Ordering};

use super::MATE_BOUND;
use crate::rules::{AnyGame, Color, VariantId};
use reviewer::Reviewer;

/// The analysis's version: raise it when the depths, the thresholds or the evaluations
/// change, so that reviews stored by an older analysis are made again.
pub const VERSION: u32 = 4;

/// Scores beyond this many centipawns (on chess's scale) count as this many: a won position
/// is won, however won.
pub const CLAMP: i32 = 1000;

/// The drops in win chance (on the -1 to 1 scale) that mark a move.
pub(crate) const INACCURACY: f64 = 0.1;
const MISTAKE: f64 = 0.2;
const BLUNDER: f64 = 0.3;

/// The depth a review searches each position of a game of `variant` to (and one less for
/// the move that led there; a move that looks like an error two more): as deep as keeps a
/// review of a 100-ply game within about 30 seconds on a two-core machine (docs/engine.md has
/// the figures).
pub fn depth(variant: VariantId) -> u32 {
    match variant {
        VariantId::Epoch => 4,
        VariantId::Chess => 10,
        VariantId::Empire => 8,
        VariantId::Fantastic => 4,
        VariantId::Ageiou => 7,
    }
}

/// How many of the variant's centipawns make one of chess's: Epoch's pieces are worth about
/// one and a half times chess's (a Herald or Templar 500-700 against a bishop's 330, a
/// Legionary 200 against a pawn's 100), so a piece lost costs the same win chance in both.
pub fn scale(variant: VariantId) -> f64 {
    match variant {
        VariantId::Epoch => 1.5,
        _ => 1.0,
    }
}

/// What a move gave away, by its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    /// The annotation after the move, as in PGN: `?!`, `?`, `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    fn of(loss: f64) -> Option<Mark> {
        match loss {
            l if l >= BLUNDER => Some(Mark::Blunder),
            l if l >= MISTAKE => Some(Mark::Mistake),
            l if l >= INACCURACY => Some(Mark::Inaccuracy),
            _ => None,
        }
    }
}

/// One position of the game, as the engine saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scored {
    /// Centipawns for the side to move at the review's depth (a win `n` plies away
    /// `MATE - n`); at the end of the game, the result's score.
    pub score: i32,
    /// The same one ply less deep: what the move that led here is judged by (the start's is
    /// its score).
    pub reply: i32,
    pub turn: Color,
    /// The side to move's legal moves.
    pub legal: usize,
    /// The engine's move (coordinate form) and its SAN; none once the game is over.
    pub best: Option<(String, String)>,
    /// How deep this position was searched: the review's depth, or less for the positions a
    /// review reached after its time ran out; 0 where that was not recorded (the review's).
    pub depth: u32,
    /// Two plies deeper than the review's depth, when the move played here looked like an
    /// error: the deeper look that must agree before the move is marked.
    pub deep: Option<i32>,
    /// The reply one ply deeper, when the move that led here looked like an error.
    pub deep_reply: Option<i32>,
}

/// One ply of the game, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    pub mover: Color,
    /// The best the mover could get, in centipawns for the mover.
    pub before: i32,
    /// What the move played kept, in centipawns for the mover.
    pub after: i32,
    /// The engine's choice, in SAN.
    pub best: Option<String>,
    pub forced: bool,
    /// The win chance given away, 0 to 2.
    pub loss: f64,
    /// The centipawns given away, on chess's scale and clamped.
    pub centipawns: i32,
    pub mark: Option<Mark>,
}

/// A player's moves in sum.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub moves: usize,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// The average centipawns given away a move (on chess's scale, clamped).
    pub average_loss: f64,
}

/// A whole game judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    pub variant: VariantId,
    pub depth: u32,
    /// One per ply.
    pub plies: Vec<Judged>,
    /// One per position (the start, then after each ply): White's win chance, -1 to 1.
    pub white_chances: Vec<f64>,
}

/// A score on chess's scale, clamped to ±[`CLAMP`] (a mate is the clamp).
pub fn centipawns(variant: VariantId, score: i32) -> i32 {
    if score.abs() > MATE_BOUND {
        return CLAMP * score.signum();
    }
    ((score as f64 / scale(variant)).round() as i32).clamp(-CLAMP, CLAMP)
}

/// The win chance of a score, -1 (lost) to 1 (won).
pub fn win_chance(variant: VariantId, score: i32) -> f64 {
    let cp = centipawns(variant, score) as f64;
    2.0 / (1.0 + (-0.003_682_08 * cp).exp()) - 1.0
}

/// Reviews a whole game at `depth` (see [`depth`] for each variant's) in one call. Pure and
/// blocking, like [`super::search`], and deterministic: the same game and depth always give
/// the same review. Setting `stop` ends the searching early, the rest one ply deep.
pub fn review(game: &dyn AnyGame, depth: u32, stop: &AtomicBool) -> Review {
    let mut reviewer = Reviewer::new(game, depth);
    while reviewer.step(4, stop.load(Ordering::Relaxed)) {}
    judge(game, &reviewer.scores(), depth)
}

/// What the move `played` (coordinate form) from position `now` to `next` gave away: the win
/// chance and chess's centipawns, the smaller of the review's look and the deeper one where
/// there is one; nothing for a forced move or the engine's own choice.
pub(crate) fn judge_pair(
    variant: VariantId,
    now: &Scored,
    next: &Scored,
    played: &str,
) -> (f64, i32) {
    let forced = now.legal == 1;
    let engine_choice = now.best.as_ref().is_some_and(|(c, _)| c == played);
    if forced || engine_choice {
        return (0.0, 0);
    }
    // A ply that keeps the turn (AGEIOU's placing of a captured king) is scored by the mover
    // again.
    let kept = |reply: i32| if next.turn == now.turn { reply } else { -reply };
    let lost = |before: i32, after: i32| {
        (
            (win_chance(variant, before) - win_chance(variant, after)).max(0.0),
            (centipawns(variant, before) - centipawns(variant, after)).max(0),
        )
    };
    let (loss, cp) = lost(now.score, kept(next.reply));
    match (now.deep, next.deep_reply) {
        (Some(before), Some(after)) => {
            let (deep_loss, deep_cp) = lost(before, kept(after));
            (loss.min(deep_loss), cp.min(deep_cp))
        }
        _ => (loss, cp),
    }
}

/// Judges every ply of `game` from the scores of its positions (one more than its plies).
pub fn judge(game: &dyn AnyGame, scored: &[Scored], depth: u32) -> Review {
    let variant = game.variant();
    let played = game.moves_played();
    let white = |s: &Scored| match s.turn {
        Color::White => s.score,
        Color::Black => -s.score,
    };
    let white_chances = scored
        .iter()
        .map(|s| win_chance(variant, white(s)))
        .collect();
    let plies = scored
        .windows(2)
        .zip(&played)
        .map(|(pair, mv)| {
            let (now, next) = (&pair[0], &pair[1]);
            let after = if next.turn == now.turn {
                next.reply
            } else {
                -next.reply
            };
            let (loss, centipawns) = judge_pair(variant, now, next, mv);
            Judged {
                mover: now.turn,
                before: now.score,
                after,
                best: now.best.as_ref().map(|(_, san)| san.clone()),
                forced: now.legal == 1,
                loss,
                centipawns,
                mark: Mark::of(loss),
            }
        })
        .collect();
    Review {
        variant,
        depth,
        plies,
        white_chances,
    }
}

impl Review {
    /// The moves of `color` in sum.
    pub fn tally(&self, color: Color) -> Tally {
        let mine: Vec<&Judged> = self.plies.iter().filter(|p| p.mover == color).collect();
        let count = |m: Mark| mine.iter().filter(|p| p.mark == Some(m)).count();
        let lost: i64 = mine.iter().map(|p| p.centipawns as i64).sum();
        Tally {
            moves: mine.len(),
            inaccuracies: count(Mark::Inaccuracy),
            mistakes: count(Mark::Mistake),
            blunders: count(Mark::Blunder),
            average_loss: if mine.is_empty() {
                0.0
            } else {
                lost as f64 / mine.len() as f64
            },
        }
    }
}

/// The scores of a game's positions as stored text: a line per position, its fields
/// separated by tabs (score, the reply's score, side to move, legal moves, the engine's move
/// and its SAN, the depth, the deeper score and reply or `-`).
pub fn encode(scored: &[Scored]) -> String {
    let mut out = String::new();
    for s in scored {
        let turn = match s.turn {
            Color::White => "w",
            Color::Black => "b",
        };
        let (mv, san) = s
            .best
            .as_ref()
            .map_or(("-", "-"), |(m, s)| (m.as_str(), s.as_str()));
        let or_dash = |v: Option<i32>| v.map_or("-".to_string(), |v| v.to_string());
        out.push_str(&format!(
            "{}\t{}\t{turn}\t{}\t{mv}\t{san}\t{}\t{}\t{}\n",
            s.score,
            s.reply,
            s.legal,
            s.depth,
            or_dash(s.deep),
            or_dash(s.deep_reply)
        ));
    }
    out
}

/// The scores [`encode`] wrote; `None` if the text is not such.
pub fn decode(text: &str) -> Option<Vec<Scored>> {
    text.lines()
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            // Reviews stored before the depth of each position was written have six fields,
            // before the deeper look seven.
            let deeper = |v: &str| match v {
                "-" => Some(None),
                v => v.parse().ok().map(Some),
            };
            let (fields, depth, deep, deep_reply) = match f.as_slice() {
                [rest @ .., depth, deep, reply] if rest.len() == 6 => {
                    (rest, depth.parse().ok()?, deeper(deep)?, deeper(reply)?)
                }
                [rest @ .., depth] if rest.len() == 6 => (rest, depth.parse().ok()?, None, None),
                rest => (rest, 0, None, None),
            };
            let [score, reply, turn, legal, mv, san] = fields else {
                return None;
            };
            let turn = match *turn {
                "w" => Color::White,
                "b" => Color::Black,
                _ => return None,
            };
            let best = (*mv != "-").then(|| (mv.to_string(), san.to_string()));
            Some(Scored {
                score: score.parse().ok()?,
                reply: reply.parse().ok()?,
                turn,
                legal: legal.parse().ok()?,
                best,
                depth,
                deep,
                deep_reply,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::MATE;

    #[test]
    fn win_chances_saturate_and_mates_clamp() {
        let v = VariantId::Chess;
        assert_eq!(win_chance(v, 0), 0.0);
        assert!((win_chance(v, 300) - 0.503).abs() < 0.01);
        assert_eq!(win_chance(v, MATE - 3), win_chance(v, 5000));
        assert_eq!(win_chance(v, -(MATE - 1)), win_chance(v, -CLAMP));
        assert!((win_chance(v, -CLAMP) + win_chance(v, CLAMP)).abs() < 1e-12);
        // Epoch's centipawns are worth two thirds of chess's.
        assert_eq!(centipawns(VariantId::Epoch, 450), 300);
        assert_eq!(Mark::of(0.05), None);
        assert_eq!(Mark::of(0.1), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of(0.25), Some(Mark::Mistake));
        assert_eq!(Mark::of(1.9), Some(Mark::Blunder));
    }

    #[test]
    fn stored_scores_read_back() {
        let scored = vec![
            Scored {
                score: -35,
                reply: -20,
                turn: Color::White,
                legal: 20,
                best: Some(("e2e4".into(), "e4".into())),
                depth: 6,
                deep: Some(-40),
                deep_reply: None,
            },
            Scored {
                score: MATE,
                reply: MATE,
                turn: Color::Black,
                legal: 0,
                best: None,
                depth: 1,
                deep: None,
                deep_reply: Some(MATE),
            },
        ];
        assert_eq!(decode(&encode(&scored)), Some(scored.clone()));
        // A review stored before each position's depth was: the review's own.
        let old = "-35\t-20\tw\t20\te2e4\te4\n";
        assert_eq!(decode(old).unwrap()[0].depth, 0);
        assert_eq!(decode("12\t12\tx\t3\t-\t-\n"), None);
    }
}
