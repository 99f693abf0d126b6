//! Scoring a game's positions for its review: every position searched to the review's depth
//! (and the move that led there one ply less), each lane of positions on its own core with
//! its own memory kept from one position to the next; then every move that looks like an
//! error searched again two plies deeper, so that only a loss the deeper search agrees with
//! is marked.

use std::sync::atomic::AtomicBool;

use super::{judge_pair, Scored, INACCURACY};
use crate::engine::search::{search_with, Memory};
use crate::engine::{per_variant, replay, Evaluate, Limits, MATE};
use crate::rules::{AnyGame, Game};

/// The lanes a review's positions are split into, each searched on its own thread: two, so
/// a machine with two cores uses both. The number is fixed, not the machine's, so that the
/// same game is reviewed the same everywhere.
pub const LANES: usize = 2;

/// The transposition table of each lane: 2^18 entries.
const TABLE_BITS: u32 = 18;

/// A review being made, a few positions at a time: [`Reviewer::step`] until it says it is done,
/// then [`Reviewer::scores`].
pub struct Reviewer {
    work: Box<dyn Work>,
}

trait Work: Send {
    fn step(&mut self, count: usize, hurry: bool) -> bool;
    fn scores(&self) -> Vec<Scored>;
}

impl Reviewer {
    /// A review of `game` at `depth`.
    pub fn new(game: &dyn AnyGame, depth: u32) -> Reviewer {
        fn typed<V: Evaluate>(game: &dyn AnyGame, depth: u32) -> Box<dyn Work> {
            match replay::<V>(game) {
                Some(whole) => Box::new(Typed::new(whole, depth)),
                None => Box::new(Nothing),
            }
        }
        Reviewer {
            work: per_variant!(game.variant(), typed(game, depth)),
        }
    }

    /// Searches the next `count` positions of each lane at once (one ply deep once `hurry`
    /// is set, which also skips the deeper second look). Returns whether work is left.
    pub fn step(&mut self, count: usize, hurry: bool) -> bool {
        self.work.step(count, hurry)
    }

    /// The scores of every position, the start first (once [`Reviewer::step`] is done).
    pub fn scores(&self) -> Vec<Scored> {
        self.work.scores()
    }
}

/// A game that could not be rebuilt: nothing to score.
struct Nothing;

impl Work for Nothing {
    fn step(&mut self, _: usize, _: bool) -> bool {
        false
    }
    fn scores(&self) -> Vec<Scored> {
        Vec::new()
    }
}

/// One lane: its memory, the positions still to search, in order, and the game as it stood
/// at the last position searched (a lane's positions follow one another, so each is one ply
/// on from the last, not replayed from the start).
struct Lane<V: Evaluate> {
    mem: Memory<V>,
    todo: std::collections::VecDeque<Task>,
    now: Game<V>,
}

impl<V: Evaluate> Lane<V> {
    /// The game as it stood after its first `k` plies.
    fn at(&mut self, whole: &Game<V>, k: usize) -> Game<V> {
        if self.now.moves().len() > k {
            self.now = Game::new(whole.start_position().clone());
        }
        while self.now.moves().len() < k {
            let mv = whole.moves()[self.now.moves().len()];
            if self.now.play(mv).is_err() {
                break;
            }
        }
        self.now.clone()
    }
}

#[derive(Clone, Copy, Debug)]
enum Task {
    /// Position `k` at the review's depth (and one less for the move into it).
    Score(usize),
    /// The move from position `k`: its position two plies deeper, the next one ply deeper.
    Confirm(usize),
}

struct Typed<V: Evaluate> {
    whole: Game<V>,
    depth: u32,
    scored: Vec<Option<Scored>>,
    lanes: Vec<Lane<V>>,
    confirming: bool,
}

impl<V: Evaluate> Typed<V> {
    fn new(whole: Game<V>, depth: u32) -> Self {
        let positions = whole.moves().len() + 1;
        let per_lane = positions.div_ceil(LANES);
        let lanes = (0..LANES)
            .map(|l| Lane {
                mem: Memory::new(TABLE_BITS),
                todo: (l * per_lane..((l + 1) * per_lane).min(positions))
                    .map(Task::Score)
                    .collect(),
                now: Game::new(whole.start_position().clone()),
            })
            .collect();
        Typed {
            whole,
            depth,
            scored: vec![None; positions],
            lanes,
            confirming: false,
        }
    }
}

/// The score of the side to move at `depth` with `mem`; a finished game's is its result.
fn searched<V: Evaluate>(mem: &mut Memory<V>, game: &Game<V>, depth: u32) -> i32 {
    if let Some(outcome) = game.outcome() {
        return match outcome.winner() {
            Some(w) if w == game.position().turn() => MATE,
            Some(_) => -MATE,
            None => 0,
        };
    }
    let stop = AtomicBool::new(false);
    search_with(mem, game, Limits::depth(depth), &stop).map_or(0, |f| f.score)
}

/// Position `k` scored at `depth`, the move into it one ply less deep first (so that it is
/// not read from the deeper search's table).
fn score_one<V: Evaluate>(mem: &mut Memory<V>, now: &Game<V>, depth: u32) -> Scored {
    let k = now.moves().len();
    let turn = now.position().turn();
    let reply = (k > 0 && depth >= 2).then(|| searched(mem, now, depth - 1));
    let found = match now.outcome() {
        Some(_) => None,
        None => search_with(mem, now, Limits::depth(depth), &AtomicBool::new(false)),
    };
    let score = found
        .as_ref()
        .map_or_else(|| searched(mem, now, depth), |f| f.score);
    let best = found.as_ref().and_then(|f| {
        let mv = now.parse(&f.mv).ok()?;
        Some((f.mv.clone(), now.san(&mv)))
    });
    Scored {
        score,
        reply: reply.unwrap_or(score),
        turn,
        legal: now.legal().len(),
        best,
        depth,
        deep: None,
        deep_reply: None,
    }
}

impl<V: Evaluate> Work for Typed<V> {
    fn step(&mut self, count: usize, hurry: bool) -> bool {
        if hurry && self.confirming {
            for lane in &mut self.lanes {
                lane.todo.clear();
            }
        }
        let (whole, depth) = (&self.whole, self.depth);
        let results: Vec<Vec<Done>> = std::thread::scope(|scope| {
            let handles: Vec<_> = self
                .lanes
                .iter_mut()
                .map(|lane| {
                    let tasks: Vec<Task> =
                        (0..count).map_while(|_| lane.todo.pop_front()).collect();
                    scope.spawn(move || {
                        tasks
                            .into_iter()
                            .map(|task| run(lane, whole, task, depth, hurry))
                            .collect()
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a review lane panicked"))
                .collect()
        });
        for done in results.into_iter().flatten() {
            match done {
                Done::Scored(k, scored) => self.scored[k] = Some(scored),
                Done::Confirmed(k, deep, deep_reply) => {
                    if let Some(s) = &mut self.scored[k] {
                        s.deep = Some(deep);
                    }
                    if let Some(s) = &mut self.scored[k + 1] {
                        s.deep_reply = Some(deep_reply);
                    }
                }
            }
        }
        if self.lanes.iter().any(|l| !l.todo.is_empty()) {
            return true;
        }
        if self.confirming || hurry {
            return false;
        }
        // Every position scored: the moves that look like errors get a deeper look.
        self.confirming = true;
        let per_lane = self.scored.len().div_ceil(LANES);
        let scored = self.scores();
        let mut now = self.whole.start_position().clone();
        for (k, mv) in self.whole.moves().iter().enumerate() {
            let played = now.coordinate(mv);
            if judge_pair(V::ID, &scored[k], &scored[k + 1], &played).0 >= INACCURACY {
                self.lanes[k / per_lane].todo.push_back(Task::Confirm(k));
            }
            now.play(mv);
        }
        self.lanes.iter().any(|l| !l.todo.is_empty())
    }

    fn scores(&self) -> Vec<Scored> {
        self.scored.iter().flatten().cloned().collect()
    }
}

/// What a task found: a position's scores, or a move's two deeper scores (the position it
/// was played in at two plies deeper, the next one ply deeper).
enum Done {
    Scored(usize, Scored),
    Confirmed(usize, i32, i32),
}

fn run<V: Evaluate>(
    lane: &mut Lane<V>,
    whole: &Game<V>,
    task: Task,
    depth: u32,
    hurry: bool,
) -> Done {
    match task {
        Task::Score(k) => {
            let depth = if hurry { depth.min(1) } else { depth };
            let now = lane.at(whole, k);
            Done::Scored(k, score_one(&mut lane.mem, &now, depth))
        }
        Task::Confirm(k) => {
            let before = lane.at(whole, k);
            let mut after = before.clone();
            let _ = after.play(whole.moves()[k]);
            let deep_reply = searched(&mut lane.mem, &after, depth + 1);
            let deep = searched(&mut lane.mem, &before, depth + 2);
            Done::Confirmed(k, deep, deep_reply)
        }
    }
}
