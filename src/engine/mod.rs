//! Herald's own engine: one search for every variant, pure like [`crate::rules`] (no I/O, no
//! async, no Discord, no SQL).
//!
//! The search ([`search`]) is iterative deepening negamax with alpha-beta over a variant's own
//! [`MoveGen`](crate::rules::MoveGen): a transposition table keyed by the rules' repetition key,
//! captures first by victim and attacker value, killer moves and a history table, and a
//! quiescence search on captures, promotions and Epoch's blasts. Every node asks the variant's
//! [`Rules::outcome`](crate::rules::Rules::outcome) with the repetition count the game itself
//! would give ([`occurrences`](crate::rules::key::occurrences) over the game's history and the
//! line searched), so each variant's endings are exactly its own: Epoch's stalemated side wins
//! and its repeating player loses, AGEIOU's kings are captured, Empire Chess's campmate.
//!
//! Each variant's evaluation ([`Evaluate`]) lives in its own file, with the reasoning for its
//! values; docs/engine.md has the overview. [`baseline`] holds the yardstick players (random,
//! greedy) and the match runner of `herald engine match`.

mod ageiou;
pub mod baseline;
mod board8;
mod chess;
mod empire;
mod epoch;
mod fantastic;
pub mod review;
mod search;
mod see;
mod tt;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::rules::{AnyGame, Game, Variant};

pub use search::{score_moves, search_game, set_threads};

/// What the engine needs of a variant beyond its rules: a static evaluation and the material
/// a move wins, both in centipawns of that variant's own scale.
pub trait Evaluate: Variant {
    /// Centipawns per legal move of mobility (the search knows the move counts of both sides
    /// from the nodes it visits; see docs/engine.md).
    const MOBILITY: i32;

    /// The number of squares, for the history table (`from * SQUARES + to`).
    const SQUARES: usize;

    /// This variant's centipawns worth one of chess's: the pruning margins and a level's
    /// leeway are set in chess's centipawns and scaled by it (Epoch's pieces are worth about
    /// one and a half times chess's).
    const PAWN: i32 = 100;

    /// The position's worth for the side to move (material and placement; mobility is added by
    /// the search).
    fn evaluate(&self) -> i32;

    /// What the move wins at once (the victims' worth, with a promotion's gain; for Epoch's
    /// blast, the enemy pieces destroyed less its own); 0 for a quiet move.
    fn gain(&self, mv: &Self::Move) -> i32;

    /// The worth of the piece that moves, for ordering captures (least valuable attacker first).
    fn mover_value(&self, mv: &Self::Move) -> i32;

    /// Whether quiescence searches the move: captures, blasts and promotions.
    fn noisy(&self, mv: &Self::Move) -> bool;

    /// The history table's index for a move: `from * SQUARES + to`.
    fn history_index(&self, mv: &Self::Move) -> usize;

    /// The square a capture lands on when the capturer ends on its victim's square, for the
    /// static exchange (which follows the recaptures there); `None` for any other move.
    fn capture_square(&self, _mv: &Self::Move) -> Option<u16> {
        None
    }

    /// The position with the turn passed, for null-move pruning; `None` where passing could
    /// be the best move (zugzwang: only king and pawns left; AGEIOU) or is meaningless.
    fn null_move(&self) -> Option<Self> {
        None
    }

    /// What the transposition table's key adds to the repetition key: state the repetition
    /// identity leaves out but the search cares about (by default nothing).
    fn tt_extra(&self) -> u64 {
        0
    }
}

/// [`Evaluate::history_index`] and [`Evaluate::capture_square`] for a variant whose moves go
/// from one square to another and whose captures are `Move::Normal { capture: true, .. }`
/// landing on the victim (chess, Empire Chess, Fantastic XIII, AGEIOU): `$squares` is the
/// board's number of squares.
macro_rules! square_moves {
    ($move:ty, $squares:expr) => {
        fn history_index(&self, mv: &$move) -> usize {
            mv.from() as usize * $squares + mv.to() as usize
        }

        fn capture_square(&self, mv: &$move) -> Option<u16> {
            match *mv {
                Move::Normal {
                    to, capture: true, ..
                } => Some(u16::from(to)),
                _ => None,
            }
        }
    };
}
pub(crate) use square_moves;

/// How long the engine may think: a time budget, a depth, or both (whichever ends first).
/// With neither, the search stops at [`Limits::MAX_DEPTH`] or when the stop flag is set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub movetime: Option<Duration>,
    pub depth: Option<u32>,
}

impl Limits {
    /// The deepest iteration the search ever starts.
    pub const MAX_DEPTH: u32 = 64;

    pub fn movetime(ms: u64) -> Limits {
        Limits {
            movetime: Some(Duration::from_millis(ms)),
            depth: None,
        }
    }

    pub fn depth(depth: u32) -> Limits {
        Limits {
            movetime: None,
            depth: Some(depth),
        }
    }
}

/// The engine's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The chosen move in coordinate form, as the rules' notation reads it back.
    pub mv: String,
    /// Centipawns for the side to move; a won or lost game is [`MATE`] less the plies to it.
    pub score: i32,
    /// The deepest iteration completed (1 at least, unless stopped before it finished).
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
}

/// The score of a game won on the spot; a win `n` plies away scores `MATE - n`.
pub const MATE: i32 = 30_000;

/// Scores beyond this are wins or losses.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// Calls the generic function `$f::<V>` with the position type of variant `$id`.
macro_rules! per_variant {
    ($id:expr, $f:ident($($arg:expr),*)) => {
        match $id {
            $crate::rules::VariantId::Epoch => $f::<$crate::rules::epoch::Position>($($arg),*),
            $crate::rules::VariantId::Chess => $f::<$crate::rules::chess::Position>($($arg),*),
            $crate::rules::VariantId::Empire => $f::<$crate::rules::empire::Position>($($arg),*),
            $crate::rules::VariantId::Fantastic => $f::<$crate::rules::fantastic::Position>($($arg),*),
            $crate::rules::VariantId::Ageiou => $f::<$crate::rules::ageiou::Position>($($arg),*),
        }
    };
}
pub(crate) use per_variant;

/// The best move of the side to move in `game`, within `limits`, or `None` when the game is
/// over. Blocking and pure: call it from a worker thread; setting `stop` makes it return soon
/// with the best move found so far (still a legal move). The same position and depth limit
/// always give the same answer.
pub fn search(game: &dyn AnyGame, limits: Limits, stop: &AtomicBool) -> Option<SearchResult> {
    fn typed<V: Evaluate>(
        game: &dyn AnyGame,
        limits: Limits,
        stop: &AtomicBool,
    ) -> Option<SearchResult> {
        search_game(&replay::<V>(game)?, limits, stop)
    }
    per_variant!(game.variant(), typed(game, limits, stop))
}

/// How a level plays: its search limits, and how far (in chess's centipawns) a move may fall
/// short of the best and still be chosen; 0 always plays the best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    pub limits: Limits,
    pub leeway: i32,
}

/// The move `style` plays in `game`, or `None` when the game is over. With no leeway, the
/// search's best move. With leeway, every move is scored and one is drawn by `seed` among
/// those within the leeway of the best, the nearer the best the likelier (a weight of the
/// leeway left, plus one): the same game, position and seed always draw the same move, and
/// another seed often another; a mate found is always played. The result's score is the
/// chosen move's.
pub fn choose(
    game: &dyn AnyGame,
    style: Style,
    seed: u64,
    stop: &AtomicBool,
) -> Option<SearchResult> {
    fn typed<V: Evaluate>(
        game: &dyn AnyGame,
        style: Style,
        seed: u64,
        stop: &AtomicBool,
    ) -> Option<SearchResult> {
        let game = replay::<V>(game)?;
        if style.leeway <= 0 {
            return search_game(&game, style.limits, stop);
        }
        let (scores, mut result) = score_moves(&game, style.limits, stop)?;
        let best = scores.iter().map(|s| s.1).max()?;
        // A mate found is played: no leeway between a mate and a slower one.
        let leeway = if best > MATE_BOUND {
            0
        } else {
            style.leeway * V::PAWN / 100
        };
        let near: Vec<(usize, i32)> = scores
            .iter()
            .enumerate()
            .filter(|(_, s)| s.1 >= best - leeway)
            .map(|(i, s)| (i, leeway - (best - s.1) + 1))
            .collect();
        let total: i32 = near.iter().map(|n| n.1).sum();
        let ply = game.moves().len() as u64;
        let mut rng = Rng::new(seed ^ ply.wrapping_mul(0x0100_0000_01B3));
        let mut draw = rng.below(total.max(1) as usize) as i32;
        let pick = near
            .iter()
            .find(|n| {
                draw -= n.1;
                draw < 0
            })
            .map_or(near[0].0, |n| n.0);
        result.mv = game.position().coordinate(&scores[pick].0);
        result.score = scores[pick].1;
        Some(result)
    }
    per_variant!(game.variant(), typed(game, style, seed, stop))
}

/// The typed game behind a dynamic one: its start position and options, and the moves played,
/// so the history of repetition keys is the game's own. `None` if the game cannot be rebuilt
/// (it always can for a game the rules made).
pub fn replay<V: Variant>(game: &dyn AnyGame) -> Option<Game<V>> {
    if game.variant() != V::ID {
        return None;
    }
    let mut start = V::from_text(&game.start_text()).ok()?;
    start.set_options(game.options()).ok()?;
    let mut typed = Game::new(start);
    for text in game.moves_played() {
        let mv = typed.parse(&text).ok()?;
        typed.play(mv).ok()?;
    }
    Some(typed)
}

/// Herald's one seeded generator (xorshift64*): the baseline players and matches, and the
/// random games of the tests and benchmarks, so each replays exactly from its seed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number from 0 to `n - 1` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
