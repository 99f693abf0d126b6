//! The nodes of the search: a full-width node with its pruning, quiescence, and the order in
//! which a node tries its moves.

use super::{Searcher, INF, MAX_PLY};
use crate::engine::see::see;
use crate::engine::tt::{from_table, to_table, Bound, Entry};
use crate::engine::{Evaluate, MATE, MATE_BOUND};
use crate::rules::key::occurrences;
use crate::rules::{Color, Outcome};

/// Quiescence skips a capture that cannot bring the score back to alpha by this margin.
const DELTA: i32 = 300;
/// Reverse futility: a node this far above beta a ply (chess's centipawns) is cut.
const RFP_MARGIN: i32 = 80;
/// Futility: quiet moves are skipped where the static score this far below alpha (plus as
/// much a ply) cannot climb back.
const FUTILITY_MARGIN: i32 = 100;
/// The history's bound either way: a move's record moves towards it by each reward or
/// penalty, in proportion to how far it still is.
const HISTORY_MAX: i32 = 1 << 14;
/// The order of a capture that loses the exchange: after every quiet move.
const BAD_CAPTURE: i32 = -(1 << 20);

/// The late-move reduction for a move `i`th in the list at `depth`: `0.75 + ln d ln i / 2.25`.
fn reduction(depth: i32, i: usize) -> i32 {
    let (d, i) = (depth.max(1) as f64, i.max(1) as f64);
    (0.75 + d.ln() * i.ln() / 2.25) as i32
}

/// How many moves a node near the leaves searches before it prunes the quiet rest.
fn late_move_limit(depth: i32) -> usize {
    (4 + 2 * depth * depth) as usize
}

/// A position being searched, with what the search knows of it: how deep in the tree it is
/// (`ply`), its legal moves, and how many legal moves the other side had when last to move.
pub(super) struct Node<'n, V: Evaluate> {
    pos: &'n V,
    ply: usize,
    moves: &'n [V::Move],
    opp: usize,
}

fn outcome_score(outcome: Outcome, turn: Color, ply: usize) -> i32 {
    match outcome.winner() {
        Some(w) if w == turn => MATE - ply as i32,
        Some(_) => -(MATE - ply as i32),
        None => 0,
    }
}

impl<V: Evaluate> Searcher<'_, V> {
    /// Searches `child`, reached by a move of `turn`, from the mover's point of view: negated
    /// when the turn passed, as is when it did not (AGEIOU's king placement). `here` is the
    /// number of moves of the node moved from and `opp` that of the last node of the other side.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn child(
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
    pub(super) fn order_score(
        &self,
        pos: &V,
        mv: &V::Move,
        tt_move: Option<V::Move>,
        ply: usize,
    ) -> i32 {
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
        self.history[self.history_slot(pos, mv)] + gain
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
            if noisy_only && !pos.noisy(mv) {
                continue;
            }
            let mut score = self.order_score(pos, mv, tt_move, ply);
            // A capture that loses the exchange waits until the quiet moves are tried.
            if !noisy_only
                && ((1 << 24)..(1 << 30)).contains(&score)
                && pos.mover_value(mv) > pos.gain(mv)
                && see(pos, mv, &mut self.exchange) < 0
            {
                score = BAD_CAPTURE + pos.gain(mv);
            }
            list.push((*mv, score));
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
            tt_move = e.mv.and_then(|i| moves.get(i).copied());
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
        let pv = beta - alpha > 1;
        let in_check = pos.in_check();
        let eval = self.static_eval(pos, moves.len(), opp);
        let quiet_node = !pv && !in_check && beta.abs() < MATE_BOUND;
        if quiet_node && depth <= 6 && eval - RFP_MARGIN * V::PAWN / 100 * depth >= beta {
            return eval;
        }
        if quiet_node && depth >= 3 && eval >= beta && !self.nulled[ply] {
            if let Some(passed) = pos.null_move() {
                let r = 3 + depth / 4;
                self.keys.push(passed.repetition_key());
                self.nulled[ply + 1] = true;
                let s = -self.node(
                    &passed,
                    depth - 1 - r,
                    -beta,
                    -beta + 1,
                    ply + 1,
                    moves.len(),
                );
                self.nulled[ply + 1] = false;
                self.keys.pop();
                if self.aborted {
                    return 0;
                }
                if s >= beta {
                    return if s > MATE_BOUND { beta } else { s };
                }
            }
        }
        // Without a move from the table, a node deep enough searches a ply less: its order
        // is a guess, and the next iteration will find the table's move here.
        let depth = if depth >= 4 && tt_move.is_none() && !in_check {
            depth - 1
        } else {
            depth
        };
        let stored_depth = depth;
        let depth = if in_check { depth + 1 } else { depth };
        let near_leaves = !pv && !in_check && depth <= 3;
        let futile = near_leaves && eval + FUTILITY_MARGIN * V::PAWN / 100 * (depth + 1) <= alpha;
        let turn = pos.turn();
        let list = self.order(pos, moves, tt_move, ply, false);
        let alpha_start = alpha;
        let (mut best, mut best_move) = (-INF, list[0].0);
        let mut tried = std::mem::take(&mut self.tried[ply]);
        tried.clear();
        for (i, &(mv, order)) in list.iter().enumerate() {
            let quiet = order < (1 << 24) && !pos.noisy(&mv);
            // Quiet moves that do not check, late in the list or hopeless, near the leaves.
            let prunable = i > 0 && quiet && best > -MATE_BOUND;
            let mut child = pos.clone();
            child.play(&mv);
            let gives_check = child.in_check();
            if prunable && !gives_check && (futile || near_leaves && i >= late_move_limit(depth)) {
                continue;
            }
            self.keys.push(child.repetition_key());
            let n = moves.len();
            let s = if i == 0 {
                self.child(&child, turn, depth - 1, alpha, beta, ply, n, opp)
            } else {
                let r = if depth >= 3 && i >= 2 && quiet && !in_check && !gives_check {
                    let killer = order >= (1 << 22) - 1;
                    // A move with a good record is reduced less, a bad one more.
                    let record = if killer {
                        0
                    } else {
                        self.history[self.history_slot(pos, &mv)] / (HISTORY_MAX / 2)
                    };
                    (reduction(depth, i) - i32::from(pv) - i32::from(killer) - record)
                        .clamp(0, depth - 2)
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
                self.tried[ply] = tried;
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
                    self.reward(pos, mv, &tried, depth, ply);
                }
                break;
            }
            if quiet {
                tried.push(mv);
            }
        }
        self.scored[ply] = list;
        self.tried[ply] = tried;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_start {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key,
            depth: stored_depth,
            score: to_table(best, ply),
            bound,
            mv: moves.iter().position(|m| *m == best_move),
        });
        best
    }

    /// A quiet move that refuted its siblings: a killer at this ply, and a better record in
    /// the history; the quiet moves tried before it and failed get a worse one.
    fn reward(&mut self, pos: &V, mv: V::Move, tried: &[V::Move], depth: i32, ply: usize) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let bonus = (depth * depth).min(400);
        self.record(pos, &mv, bonus);
        for other in tried {
            self.record(pos, other, -bonus);
        }
    }

    /// Moves a history record by `bonus` towards [`HISTORY_MAX`] (or its negative), less the
    /// nearer it is.
    fn record(&mut self, pos: &V, mv: &V::Move, bonus: i32) {
        let slot = self.history_slot(pos, mv);
        let h = self.history[slot];
        self.history[slot] = h + bonus - h * bonus.abs() / HISTORY_MAX;
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
            // A capture by a piece worth more than its victim may lose the exchange.
            if pos.mover_value(&mv) > pos.gain(&mv) && see(pos, &mv, &mut self.exchange) < 0 {
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
