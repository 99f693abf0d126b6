//! The search: iterative deepening negamax with alpha-beta in aspiration windows (principal
//! variation search, a check extension), a transposition table, killer and history ordering,
//! and quiescence on noisy moves with static exchange pruning. Away from the principal line it
//! prunes as modern engines do: reverse futility (a static score far above beta), null moves
//! (where the variant allows passing), futility and late-move pruning of quiet moves near the
//! leaves, and late-move reductions by a logarithmic table. Every node generates the legal
//! moves and asks the variant's own outcome with the game's repetition count, so no ending is
//! guessed.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

mod node;

use super::tt::{to_table, Bound, Entry, Table};
use super::{Evaluate, Limits, SearchResult, MATE, MATE_BOUND};
use crate::rules::Game;

/// The deepest line searched, quiescence included.
const MAX_PLY: usize = 96;
const INF: i32 = MATE + 1;
/// The aspiration window's first half-width (chess's centipawns).
const ASPIRATION: i32 = 30;
/// What a search remembers and may hand to the next: the transposition table and the history
/// of quiet cutoffs. A review keeps one from each position of a game to the next.
pub struct Memory<V: Evaluate> {
    tt: Table,
    /// Per side, `from * SQUARES + to`: a quiet move's record of cutoffs (up by depth² each
    /// time it refuted its siblings, down each time it was tried before the move that did).
    history: Vec<i32>,
    variant: PhantomData<V>,
}

impl<V: Evaluate> Memory<V> {
    /// A memory with a table of `2^bits` entries.
    pub fn new(bits: u32) -> Memory<V> {
        Memory {
            tt: Table::new(bits),
            history: fresh_history::<V>(),
            variant: PhantomData,
        }
    }
}

fn fresh_history<V: Evaluate>() -> Vec<i32> {
    vec![0; 2 * V::SQUARES * V::SQUARES]
}

/// The threads a timed search runs on: both cores of a two-core machine (set by
/// [`set_threads`]). A search with a depth limit always runs on one, so that its answer is
/// the same every time.
static THREADS: AtomicUsize = AtomicUsize::new(0);

/// Sets the threads of every timed search from now on (at least one); 0 goes back to the
/// machine's cores, at most two.
pub fn set_threads(n: usize) {
    THREADS.store(n, Ordering::Relaxed);
}

fn threads() -> usize {
    match THREADS.load(Ordering::Relaxed) {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get().min(2)),
        n => n,
    }
}

/// The best move of `game`'s side to move within `limits`; `None` when the game is over.
pub fn search_game<V: Evaluate>(
    game: &Game<V>,
    limits: Limits,
    stop: &AtomicBool,
) -> Option<SearchResult> {
    search_with(&mut Memory::new(table_bits(limits)), game, limits, stop)
}

/// [`search_game`] with the table and history of earlier searches, which it leaves for the
/// next. The same memory, game and depth limit always give the same answer.
pub fn search_with<V: Evaluate>(
    mem: &mut Memory<V>,
    game: &Game<V>,
    limits: Limits,
    stop: &AtomicBool,
) -> Option<SearchResult> {
    if game.legal().is_empty() {
        return None;
    }
    let keys = history_keys(game);
    let (pos, legal) = (game.position(), game.legal());
    let helpers = match limits.depth {
        None if limits.movetime.is_some() => threads() - 1,
        _ => 0,
    };
    let tt = &mem.tt;
    let history = std::mem::take(&mut mem.history);
    // Lazy SMP: helpers search the same position one iteration ahead, sharing the table;
    // only the main thread's answer counts, and they stop when it is done.
    let done = AtomicBool::new(false);
    let (result, history) = std::thread::scope(|scope| {
        for _ in 0..helpers {
            let keys = keys.clone();
            let done = &done;
            scope.spawn(move || {
                let mut helper = Searcher::<V>::new(tt, fresh_history::<V>(), keys, limits, done);
                helper.first_depth = 2;
                helper.iterate(pos, legal);
            });
        }
        let mut searcher = Searcher::<V>::new(tt, history, keys, limits, stop);
        let result = searcher.iterate(pos, legal);
        done.store(true, Ordering::Relaxed);
        (result, searcher.history)
    });
    mem.history = history;
    Some(result)
}

/// The repetition keys of every position of the game, the current one last.
fn history_keys<V: Evaluate>(game: &Game<V>) -> Vec<u64> {
    let mut replay = game.start_position().clone();
    let mut keys = vec![replay.repetition_key()];
    for mv in game.moves() {
        replay.play(mv);
        keys.push(replay.repetition_key());
    }
    keys
}

/// Each legal move with its score.
pub type MoveScores<V> = Vec<(<V as crate::rules::Rules>::Move, i32)>;

/// Every legal move of `game`'s side to move with its score, searched to the same depth
/// within `limits` (the deepest iteration completed for all of them), in the order the rules
/// generate them; the summary's move is the best. `None` when the game is over.
pub fn score_moves<V: Evaluate>(
    game: &Game<V>,
    limits: Limits,
    stop: &AtomicBool,
) -> Option<(MoveScores<V>, SearchResult)> {
    if game.legal().is_empty() {
        return None;
    }
    let tt = Table::new(table_bits(limits));
    let mut searcher =
        Searcher::<V>::new(&tt, fresh_history::<V>(), history_keys(game), limits, stop);
    let pos = game.position();
    let n = game.legal().len();
    let mut scores: Vec<(V::Move, i32)> = game.legal().iter().map(|m| (*m, 0)).collect();
    let mut depth = 0;
    let max_depth = limits.depth.unwrap_or(Limits::MAX_DEPTH).max(1);
    for d in 1..=max_depth.min(Limits::MAX_DEPTH) {
        let mut these = scores.clone();
        let mut searched = 0;
        for entry in &mut these {
            let mut child = pos.clone();
            child.play(&entry.0);
            searcher.keys.push(child.repetition_key());
            entry.1 = searcher.child(&child, pos.turn(), d as i32 - 1, -INF, INF, 0, n, n);
            searcher.keys.pop();
            if searcher.aborted {
                break;
            }
            searched += 1;
        }
        if searcher.aborted && d > 1 {
            break;
        }
        // Stopped in the first iteration: only the moves it scored count.
        these.truncate(searched.max(1));
        scores = these;
        depth = d;
        if searcher.aborted {
            break;
        }
        if let Some(t) = limits.movetime {
            if searcher.started.elapsed() * 2 > t {
                break;
            }
        }
    }
    let best = scores.iter().max_by_key(|s| s.1).copied()?;
    let summary = SearchResult {
        mv: pos.coordinate(&best.0),
        score: best.1,
        depth,
        nodes: searcher.nodes,
        time: searcher.started.elapsed(),
    };
    Some((scores, summary))
}

struct Searcher<'a, V: Evaluate> {
    /// The repetition keys of the game and of the line being searched, the current node last.
    keys: Vec<u64>,
    tt: &'a Table,
    history: Vec<i32>,
    /// The first iteration's depth: 1, or 2 for a helper thread.
    first_depth: u32,
    killers: Vec<[Option<V::Move>; 2]>,
    /// A legal-move list and a scored list per ply, reused across siblings.
    moves: Vec<Vec<V::Move>>,
    scored: Vec<Vec<(V::Move, i32)>>,
    /// The quiet moves a node has searched without a cutoff, per ply.
    tried: Vec<Vec<V::Move>>,
    /// Whether the move into each ply was a null move (no two in a row).
    nulled: Vec<bool>,
    /// Move lists of the static exchanges.
    exchange: Vec<V::Move>,
    nodes: u64,
    started: Instant,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
    aborted: bool,
    limits: Limits,
}

/// Where the transposition table's size comes from: more time, more slots.
fn table_bits(limits: Limits) -> u32 {
    match (limits.movetime, limits.depth) {
        (Some(t), _) if t >= Duration::from_secs(1) => 20,
        (Some(t), _) if t >= Duration::from_millis(100) => 18,
        (Some(_), _) => 16,
        (None, Some(d)) if d <= 4 => 16,
        (None, _) => 20,
    }
}

impl<'a, V: Evaluate> Searcher<'a, V> {
    fn new(
        tt: &'a Table,
        history: Vec<i32>,
        keys: Vec<u64>,
        limits: Limits,
        stop: &'a AtomicBool,
    ) -> Self {
        let started = Instant::now();
        Searcher {
            keys,
            tt,
            history,
            first_depth: 1,
            killers: vec![[None; 2]; MAX_PLY + 1],
            moves: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            scored: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            tried: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            nulled: vec![false; MAX_PLY + 2],
            exchange: Vec::with_capacity(128),
            nodes: 0,
            started,
            deadline: limits.movetime.map(|t| started + t),
            stop,
            aborted: false,
            limits,
        }
    }

    fn out_of_time(&mut self) -> bool {
        if !self.aborted
            && (self.stop.load(Ordering::Relaxed)
                || self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Deeper and deeper iterations until a limit; the answer of the last one completed (or
    /// the best move of an interrupted one whose first move was searched through).
    fn iterate(&mut self, pos: &V, legal: &[V::Move]) -> SearchResult {
        let mut root: Vec<(V::Move, i32)> = legal
            .iter()
            .map(|mv| (*mv, self.order_score(pos, mv, None, 0)))
            .collect();
        // Stable, so equal scores keep the rules' order: deterministic.
        root.sort_by_key(|entry| std::cmp::Reverse(entry.1));
        let max_depth = self.limits.depth.unwrap_or(Limits::MAX_DEPTH).max(1);
        let (mut best, mut score, mut depth) = (root[0].0, 0i32, 0);
        for d in self.first_depth..=max_depth.min(Limits::MAX_DEPTH) {
            // From depth 4, a window around the last score, widened on each side it fails.
            let mut width = ASPIRATION * V::PAWN / 100;
            let narrow = d >= 4 && score.abs() < MATE_BOUND;
            let (mut alpha, mut beta) = if narrow {
                (score - width, score + width)
            } else {
                (-INF, INF)
            };
            loop {
                let found = self.root(pos, d as i32, alpha, beta, &mut root);
                match found {
                    Some((mv, s)) if s >= beta && !self.aborted => {
                        best = mv;
                        width *= 2;
                        beta = if width > 8 * V::PAWN { INF } else { s + width };
                    }
                    None if !self.aborted => {
                        width *= 2;
                        alpha = if width > 8 * V::PAWN {
                            -INF
                        } else {
                            alpha - width
                        };
                    }
                    Some((mv, s)) => {
                        best = mv;
                        score = s;
                        break;
                    }
                    None => break,
                }
            }
            if self.aborted {
                break;
            }
            depth = d;
            // A forced win or loss found with full width needs no deeper look.
            if score.abs() > MATE_BOUND && MATE - score.abs() <= d as i32 {
                break;
            }
            // A timed search uses all its time: an iteration cut short still answers with
            // its best move once the last one's was searched again. Only a forced move is
            // played at once.
            if legal.len() == 1 {
                break;
            }
        }
        SearchResult {
            mv: pos.coordinate(&best),
            score,
            depth,
            nodes: self.nodes,
            time: self.started.elapsed(),
        }
    }

    /// One iteration at the root in the window (`alpha`, `beta`). Returns the best move among
    /// those searched through that rose above alpha (stopping at the first that reaches beta),
    /// if any; puts it first in `root` for the next iteration.
    fn root(
        &mut self,
        pos: &V,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        root: &mut [(V::Move, i32)],
    ) -> Option<(V::Move, i32)> {
        let turn = pos.turn();
        let n = root.len();
        let mut best: Option<(usize, i32)> = None;
        for (i, &(mv, _)) in root.iter().enumerate() {
            let mut child = pos.clone();
            child.play(&mv);
            self.keys.push(child.repetition_key());
            let s = if i == 0 {
                self.child(&child, turn, depth - 1, alpha, beta, 0, n, n)
            } else {
                let s = self.child(&child, turn, depth - 1, alpha, alpha + 1, 0, n, n);
                if s > alpha && s < beta && !self.aborted {
                    self.child(&child, turn, depth - 1, alpha, beta, 0, n, n)
                } else {
                    s
                }
            };
            self.keys.pop();
            if self.aborted {
                break;
            }
            if s > alpha {
                alpha = s;
                best = Some((i, s));
                if s >= beta {
                    break;
                }
            }
        }
        let (i, s) = best?;
        root[..=i].rotate_right(1);
        // An interrupted iteration's best is only the best of the moves it reached.
        if self.aborted {
            return Some((root[0].0, s));
        }
        self.tt.store(Entry {
            key: self.current_tt_key(pos),
            depth,
            score: to_table(s, 0),
            bound: if s >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            },
            mv: {
                let mut legal = Vec::new();
                pos.legal_moves(&mut legal);
                legal.iter().position(|m| *m == root[0].0)
            },
        });
        Some((root[0].0, s))
    }

    fn current_tt_key(&self, pos: &V) -> u64 {
        let key = *self.keys.last().expect("the root's key");
        key ^ pos.tt_extra().wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}
