//! The search: iterative deepening negamax with alpha-beta (principal variation search, late
//! move reductions for quiet moves, a check extension), a transposition table, killer and
//! history ordering, and quiescence on noisy moves. Every node generates the legal moves and
//! asks the variant's own outcome with the game's repetition count, so no ending is guessed.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::tt::{from_table, to_table, Bound, Entry, Table};
use super::{Evaluate, Limits, SearchResult, MATE, MATE_BOUND};
use crate::rules::key::occurrences;
use crate::rules::{Color, Game, Outcome};

/// The deepest line searched, quiescence included.
const MAX_PLY: usize = 96;
const INF: i32 = MATE + 1;
/// Quiescence skips a capture that cannot bring the score back to alpha by this margin.
const DELTA: i32 = 300;

/// The best move of `game`'s side to move within `limits`; `None` when the game is over.
pub fn search_game<V: Evaluate>(
    game: &Game<V>,
    limits: Limits,
    stop: &AtomicBool,
) -> Option<SearchResult> {
    if game.legal().is_empty() {
        return None;
    }
    let mut replay = game.start_position().clone();
    let mut keys = vec![replay.repetition_key()];
    for mv in game.moves() {
        replay.play(mv);
        keys.push(replay.repetition_key());
    }
    let mut searcher = Searcher::<V>::new(keys, limits, stop);
    Some(searcher.iterate(game.position(), game.legal()))
}

/// A position being searched, with what the search knows of it: how deep in the tree it is
/// (`ply`), its legal moves, and how many legal moves the other side had when last to move.
struct Node<'n, V: Evaluate> {
    pos: &'n V,
    ply: usize,
    moves: &'n [V::Move],
    opp: usize,
}

struct Searcher<'a, V: Evaluate> {
    /// The repetition keys of the game and of the line being searched, the current node last.
    keys: Vec<u64>,
    tt: Table<V::Move>,
    killers: Vec<[Option<V::Move>; 2]>,
    /// Per side, `from * SQUARES + to`: how often a quiet move caused a cutoff, by depth².
    history: Vec<i32>,
    /// A legal-move list and a scored list per ply, reused across siblings.
    moves: Vec<Vec<V::Move>>,
    scored: Vec<Vec<(V::Move, i32)>>,
    nodes: u64,
    started: Instant,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
    aborted: bool,
    limits: Limits,
}

fn outcome_score(outcome: Outcome, turn: Color, ply: usize) -> i32 {
    match outcome.winner() {
        Some(w) if w == turn => MATE - ply as i32,
        Some(_) => -(MATE - ply as i32),
        None => 0,
    }
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
    fn new(keys: Vec<u64>, limits: Limits, stop: &'a AtomicBool) -> Self {
        let started = Instant::now();
        Searcher {
            keys,
            tt: Table::new(table_bits(limits)),
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * V::SQUARES * V::SQUARES],
            moves: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            scored: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
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
        let (mut best, mut score, mut depth) = (root[0].0, 0, 0);
        for d in 1..=max_depth.min(Limits::MAX_DEPTH) {
            let found = self.root(pos, d as i32, &mut root);
            if let Some((mv, s)) = found {
                best = mv;
                score = s;
            }
            if self.aborted {
                break;
            }
            depth = d;
            // A forced win or loss found with full width needs no deeper look.
            if score.abs() > MATE_BOUND && MATE - score.abs() <= d as i32 {
                break;
            }
            if let Some(t) = self.limits.movetime {
                if self.started.elapsed() * 2 > t {
                    break;
                }
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

    /// One iteration at the root. Returns the best move among those searched through, if any;
    /// puts it first in `root` for the next iteration.
    fn root(&mut self, pos: &V, depth: i32, root: &mut [(V::Move, i32)]) -> Option<(V::Move, i32)> {
        let turn = pos.turn();
        let n = root.len();
        let (mut alpha, beta) = (-INF, INF);
        let mut best: Option<(usize, i32)> = None;
        for (i, &(mv, _)) in root.iter().enumerate() {
            let mut child = pos.clone();
            child.play(&mv);
            self.keys.push(child.repetition_key());
            let s = if i == 0 {
                self.child(&child, turn, depth - 1, alpha, beta, 0, n, n)
            } else {
                let s = self.child(&child, turn, depth - 1, alpha, alpha + 1, 0, n, n);
                if s > alpha && !self.aborted {
                    self.child(&child, turn, depth - 1, alpha, beta, 0, n, n)
                } else {
                    s
                }
            };
            self.keys.pop();
            if self.aborted {
                break;
            }
            // The first move is searched with the full window, so it always raises alpha.
            if s > alpha {
                alpha = s;
                best = Some((i, s));
            }
        }
        let (i, s) = best?;
        root[..=i].rotate_right(1);
        self.tt.store(Entry {
            key: self.current_tt_key(pos),
            depth,
            score: to_table(s, 0),
            bound: Bound::Exact,
            mv: Some(root[0].0),
        });
        Some((root[0].0, s))
    }

    fn current_tt_key(&self, pos: &V) -> u64 {
        let key = *self.keys.last().expect("the root's key");
        key ^ pos.tt_extra().wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// Searches `child`, reached by a move of `turn`, from the mover's point of view: negated
    /// when the turn passed, as is when it did not (AGEIOU's king placement). `here` is the
    /// number of moves of the node moved from and `opp` that of the last node of the other side.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        child: &V,
        turn: Color,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        here: usize,
        opp: usize,
    ) -> i32 {
        if child.turn() != turn {
            -self.node(child, depth, -beta, -alpha, ply + 1, here)
        } else {
            self.node(child, depth, alpha, beta, ply + 1, opp)
        }
    }

    /// The score of `pos` for its side to move; `opp` is the number of legal moves the other
    /// side had at the last node it was to move.
    fn node(&mut self, pos: &V, depth: i32, alpha: i32, beta: i32, ply: usize, opp: usize) -> i32 {
        self.nodes += 1;
        if self.nodes & 1023 == 0 && self.out_of_time() {
            return 0;
        }
        if self.aborted {
            return 0;
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        pos.legal_moves(&mut moves);
        let occ = occurrences(&self.keys, pos.reversible_plies());
        let score = if let Some(outcome) = pos.outcome(!moves.is_empty(), occ) {
            outcome_score(outcome, pos.turn(), ply)
        } else if ply >= MAX_PLY - 1 {
            self.static_eval(pos, moves.len(), opp)
        } else if depth <= 0 {
            self.quiesce(
                Node {
                    pos,
                    ply,
                    moves: &moves,
                    opp,
                },
                alpha,
                beta,
            )
        } else {
            self.full(
                Node {
                    pos,
                    ply,
                    moves: &moves,
                    opp,
                },
                depth,
                alpha,
                beta,
            )
        };
        self.moves[ply] = moves;
        score
    }

    fn static_eval(&self, pos: &V, own: usize, opp: usize) -> i32 {
        pos.evaluate() + V::MOBILITY * (own as i32 - opp as i32)
    }

    /// How promising a move looks before it is searched.
    fn order_score(&self, pos: &V, mv: &V::Move, tt_move: Option<V::Move>, ply: usize) -> i32 {
        if tt_move == Some(*mv) {
            return 1 << 30;
        }
        let gain = pos.gain(mv);
        if gain > 0 {
            return (1 << 24) + gain * 16 - pos.mover_value(mv) / 16;
        }
        if self.killers[ply][0] == Some(*mv) {
            return 1 << 22;
        }
        if self.killers[ply][1] == Some(*mv) {
            return (1 << 22) - 1;
        }
        let h = self.history[self.history_slot(pos, mv)].min(1 << 21);
        h + gain
    }

    fn history_slot(&self, pos: &V, mv: &V::Move) -> usize {
        pos.turn().index() * V::SQUARES * V::SQUARES + pos.history_index(mv)
    }

    /// Sorts `moves` into this ply's scored list, best first (stable: deterministic).
    fn order(
        &mut self,
        pos: &V,
        moves: &[V::Move],
        tt_move: Option<V::Move>,
        ply: usize,
        noisy_only: bool,
    ) -> Vec<(V::Move, i32)> {
        let mut list = std::mem::take(&mut self.scored[ply]);
        list.clear();
        for mv in moves {
            if !noisy_only || pos.noisy(mv) {
                list.push((*mv, self.order_score(pos, mv, tt_move, ply)));
            }
        }
        list.sort_by_key(|entry| std::cmp::Reverse(entry.1));
        list
    }

    /// A full-width node at `depth` > 0 (it has at least one legal move).
    fn full(&mut self, node: Node<V>, depth: i32, mut alpha: i32, beta: i32) -> i32 {
        let (pos, ply, moves, opp) = (node.pos, node.ply, node.moves, node.opp);
        let key = self.current_tt_key(pos);
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.mv;
            let s = from_table(e.score, ply);
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if e.depth >= depth && usable {
                return s;
            }
        }
        let in_check = pos.in_check();
        let depth = if in_check { depth + 1 } else { depth };
        let turn = pos.turn();
        let list = self.order(pos, moves, tt_move, ply, false);
        let alpha_start = alpha;
        let (mut best, mut best_move) = (-INF, list[0].0);
        for (i, &(mv, order)) in list.iter().enumerate() {
            let quiet = order < (1 << 24) && !pos.noisy(&mv);
            let mut child = pos.clone();
            child.play(&mv);
            self.keys.push(child.repetition_key());
            let n = moves.len();
            let s = if i == 0 {
                self.child(&child, turn, depth - 1, alpha, beta, ply, n, opp)
            } else {
                let r = if depth >= 3 && i >= 3 && quiet && !in_check {
                    1 + i32::from(i >= 10 && depth >= 5)
                } else {
                    0
                };
                let mut s = self.child(&child, turn, depth - 1 - r, alpha, alpha + 1, ply, n, opp);
                if s > alpha && (r > 0 || s < beta) && !self.aborted {
                    s = self.child(&child, turn, depth - 1, alpha, beta, ply, n, opp);
                }
                s
            };
            self.keys.pop();
            if self.aborted {
                self.scored[ply] = list;
                return 0;
            }
            if s > best {
                best = s;
                best_move = mv;
            }
            if s > alpha {
                alpha = s;
            }
            if alpha >= beta {
                if quiet {
                    self.reward(pos, mv, depth, ply);
                }
                break;
            }
        }
        self.scored[ply] = list;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_start {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key,
            depth,
            score: to_table(best, ply),
            bound,
            mv: Some(best_move),
        });
        best
    }

    /// A quiet move that refuted its siblings: a killer at this ply, and history.
    fn reward(&mut self, pos: &V, mv: V::Move, depth: i32, ply: usize) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let slot = self.history_slot(pos, &mv);
        self.history[slot] = (self.history[slot] + depth * depth).min(1 << 20);
    }

    /// Quiescence: the side to move may stand on the static score or try a noisy move.
    fn quiesce(&mut self, node: Node<V>, mut alpha: i32, beta: i32) -> i32 {
        let (pos, ply, moves, opp) = (node.pos, node.ply, node.moves, node.opp);
        let stand = self.static_eval(pos, moves.len(), opp);
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let turn = pos.turn();
        let list = self.order(pos, moves, None, ply, true);
        for &(mv, _) in &list {
            if stand + pos.gain(&mv) + DELTA < alpha {
                continue;
            }
            let mut child = pos.clone();
            child.play(&mv);
            self.keys.push(child.repetition_key());
            let s = self.child(&child, turn, 0, alpha, beta, ply, moves.len(), opp);
            self.keys.pop();
            if self.aborted {
                break;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.scored[ply] = list;
        best
    }
}
