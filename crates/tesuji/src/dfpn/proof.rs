//! Proof trees: the strategy that wins, extracted after a solve.

use super::search::{Budget, Found, Path, Solver, StopReason};
use super::{NodeKind, Outcome, Problem};

/// Why a proof-tree leaf needs no move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Leaf {
    /// [`Problem::rules_terminal`] gives the tree's outcome.
    Terminal,
    /// The state repeats one earlier on the path from the root, and
    /// [`Problem::repetition`] gives the tree's outcome.
    Repetition,
    /// A transposition: the state is the one of the node at this index of
    /// [`ProofTree::nodes`], an earlier node whose subtree proves it without any
    /// [`Leaf::Repetition`]; that subtree serves here too. Only trees too large to be
    /// written out in full have these (see [`Solver::proof_tree`]).
    Transposition(usize),
}

/// One state of a [`ProofTree`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProofNode<M> {
    /// Whose turn it is.
    pub kind: NodeKind,
    /// Set on leaves.
    pub leaf: Option<Leaf>,
    /// The moves the tree answers, each with the index of the state it leads to in
    /// [`ProofTree::nodes`]: one move where the winner is to move, every legal move where
    /// the loser is.
    pub children: Vec<(M, usize)>,
}

/// A proof (of [`Outcome::Proven`]) or disproof (of [`Outcome::Disproven`]) as a tree of
/// moves from the root: at the winner's turns one move, at the loser's turns every legal
/// move, every leaf decided by the rules or by a repetition of the path, or a
/// transposition ([`Leaf::Transposition`]) of an earlier node. The winner is the prover
/// for a proof, the opponent for a disproof. Stored flat (no recursion to drop).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProofTree<M> {
    /// What the tree shows.
    pub outcome: Outcome,
    /// The states; `nodes[0]` is the root and a child always comes after its parent.
    pub nodes: Vec<ProofNode<M>>,
}

impl<M: Copy> ProofTree<M> {
    /// Whether the winner of this tree moves at nodes of `kind`.
    pub fn winner_moves_at(&self, kind: NodeKind) -> bool {
        matches!(
            (self.outcome, kind),
            (Outcome::Proven, NodeKind::Or) | (Outcome::Disproven, NodeKind::And)
        )
    }

    /// The number of states under each node, itself included.
    pub fn subtree_sizes(&self) -> Vec<usize> {
        let mut size = vec![1usize; self.nodes.len()];
        for i in (0..self.nodes.len()).rev() {
            let below: usize = self.nodes[i]
                .children
                .iter()
                .filter_map(|&(_, c)| size.get(c).copied())
                .sum();
            size[i] = size[i].saturating_add(below);
        }
        size
    }

    /// The principal variation: the winner's moves, and at the loser's turns the move with
    /// the largest subtree (the longest resistance), down to a leaf; a transposition is
    /// followed to the node it names (its size counts as one state in the choice).
    pub fn principal_variation(&self) -> Vec<M> {
        let size = self.subtree_sizes();
        let mut pv = Vec::new();
        let mut at = 0;
        // Children come after their parent, and a transposition names a node finished
        // before it was made, so this walk ends; the cap is a guard.
        let mut steps = 0;
        while let Some(node) = self.nodes.get(at) {
            steps += 1;
            if steps > self.nodes.len() {
                break;
            }
            if let Some(Leaf::Transposition(to)) = node.leaf {
                at = to;
                continue;
            }
            let next = node
                .children
                .iter()
                .filter(|&&(_, c)| c > at)
                .max_by_key(|&&(_, c)| (size.get(c).copied().unwrap_or(0), usize::MAX - c));
            match next {
                Some(&(mv, c)) => {
                    pv.push(mv);
                    at = c;
                }
                None => break,
            }
        }
        pv
    }
}

/// The most states a proof tree may have under a memory bound: 1 KiB a state, which covers
/// what becomes of a proof, not only the tree itself (about 96 bytes a state: the node,
/// its share of the children lists, the moves it tried) but its SGF game tree (a few
/// hundred bytes a node, and up to about two nodes a state where ko threats are written),
/// the SGF text and the game tree read back from it to be verified
/// (`tsumego::verified_proof_text`). The transposition table the tree was read from is
/// bounded separately, by the same figure. A proof written as a tree writes each
/// transposition out again, so a hard problem's tree can be far larger than its search;
/// [`Solver::proof_tree`] then builds it again with transpositions shared
/// ([`Leaf::Transposition`]), and stops with [`StopReason::MemoryLimit`] when even that
/// outgrows the bound (gop/14140's proof of capture, written in full, outgrows any
/// memory).
pub fn proof_state_limit(memory_bytes: usize) -> usize {
    (memory_bytes / PROOF_STATE_BYTES).max(1024)
}

/// The memory a state of a proof tree is counted for (see [`proof_state_limit`]).
const PROOF_STATE_BYTES: usize = 1024;

/// A state of the tree being built.
struct Build<M> {
    idx: usize,
    winner: bool,
    moves: Vec<M>,
    next: usize,
    done: bool,
    /// For the winner: where the nodes of the move being tried start in the tree.
    attempt: usize,
    /// The state's key ([`Problem::key`]).
    key: u64,
}

/// What a tree with shared transpositions keeps while it is built: the finished nodes
/// whose subtrees have no [`Leaf::Repetition`] (those prove their state whatever the path
/// above it), by key.
#[derive(Default)]
struct Shared {
    /// Whether each node of the tree (by index) is such a node (leaves: not a repetition).
    clean: Vec<bool>,
    /// Finished clean nodes by key.
    by_key: std::collections::HashMap<u64, usize>,
    /// The keys of `by_key` in the order they were added, with their nodes, to take back
    /// those of an abandoned attempt.
    log: Vec<(u64, usize)>,
}

impl Shared {
    /// Forgets everything about nodes from index `len` on (an abandoned attempt; they
    /// were all made, and finished, after the nodes before `len`).
    fn truncate(&mut self, len: usize) {
        self.clean.truncate(len);
        while let Some(&(key, idx)) = self.log.last() {
            if idx < len {
                break;
            }
            self.log.pop();
            self.by_key.remove(&key);
        }
    }
}

impl Solver {
    /// Solves the current state of `p` and extracts a proof tree of its value: at the
    /// winner's turns a move whose value is re-checked with the path from the root (using
    /// the table, or searching again where it has no final entry), at the loser's turns every
    /// legal move. The tree is checked while it is built (every leaf decided by
    /// [`Problem::rules_terminal`] or by a repetition of the path; states that only
    /// knowledge decides are not leaves, the tree goes on below them with
    /// [`Problem::strategy_move`] first), so a tree returned is a
    /// proof. A winner's move whose table value does not extend to a proof on this path (a
    /// stored result may pass through a state that is now on the path, see the module
    /// documentation) is abandoned and the next one tried. `None` when the value is unknown
    /// within the budget (which covers the whole call), or when no tree was found.
    ///
    /// A tree that outgrows the memory bound ([`proof_state_limit`]) is built again with
    /// **transpositions shared**: a state met again (not on the path) whose first proof in
    /// the tree has no [`Leaf::Repetition`] below it becomes a [`Leaf::Transposition`]
    /// naming that node, instead of its proof written out once more. Such a proof holds
    /// whatever the path above the state: a repetition leaf is the only part of a proof
    /// that depends on the path. (A line through the shared proof may meet a state of the
    /// new path; the rules then end it there as a repetition, which is the defender's
    /// success: for a proof of life that ends the line sooner, and a proof of capture has
    /// no repetition leaf at all, so the part from the second meeting proves the first
    /// one and cutting there, again and again, leaves a tree without repeats, as in the
    /// module documentation's argument for the table.) Only large trees are shared, so
    /// that a proof that fits reads as a plain tree of variations.
    ///
    /// ```
    /// use tesuji::dfpn::{Config, NodeKind, Outcome, Problem, Solver};
    /// # struct Take { stones: u32, taken: Vec<u32> }
    /// # impl Problem for Take {
    /// #     type Move = u32;
    /// #     fn key(&self) -> u64 { u64::from(self.stones) * 2 + self.taken.len() as u64 % 2 }
    /// #     fn node_kind(&self) -> NodeKind {
    /// #         if self.taken.len() % 2 == 0 { NodeKind::Or } else { NodeKind::And }
    /// #     }
    /// #     fn terminal(&mut self) -> Option<Outcome> {
    /// #         (self.stones == 0).then(|| match self.node_kind() {
    /// #             NodeKind::And => Outcome::Proven,
    /// #             NodeKind::Or => Outcome::Disproven,
    /// #         })
    /// #     }
    /// #     fn repetition(&self) -> Outcome { Outcome::Disproven }
    /// #     fn moves(&mut self, moves: &mut Vec<u32>) {
    /// #         moves.extend((1..=2).filter(|&n| n <= self.stones));
    /// #     }
    /// #     fn play(&mut self, n: u32) { self.stones -= n; self.taken.push(n); }
    /// #     fn undo(&mut self) { if let Some(n) = self.taken.pop() { self.stones += n; } }
    /// # }
    /// // The Take game of `Solver::solve`, from 4 stones: take 1, then answer 1 with 2 and
    /// // 2 with 1.
    /// let mut solver = Solver::new(Config::default());
    /// let tree = solver.proof_tree(&mut Take { stones: 4, taken: vec![] }).unwrap();
    /// assert_eq!(tree.outcome, Outcome::Proven);
    /// assert_eq!(tree.nodes[0].children.len(), 1);
    /// assert_eq!(tree.principal_variation()[0], 1);
    /// ```
    pub fn proof_tree<P: Problem>(&mut self, p: &mut P) -> Option<ProofTree<P::Move>> {
        self.proof_tree_reporting(p, u64::MAX, &mut |_| true)
    }

    /// As [`Solver::proof_tree`], calling `progress` with the nodes so far about every
    /// `every` nodes; when it returns `false` the search stops as if cancelled.
    pub fn proof_tree_reporting<P: Problem>(
        &mut self,
        p: &mut P,
        every: u64,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Option<ProofTree<P::Move>> {
        self.nodes = 0;
        self.note_root(p);
        let mut budget = Budget::reporting(&self.config, every, progress);
        let mut path = Path::default();
        self.proof_stopped = StopReason::Solved;
        let outcome = match self.search(p, &mut path, None, &mut budget) {
            Found::Final(o, _) => o,
            Found::Open(..) => {
                self.proof_stopped = budget.reason();
                return None;
            }
        };
        let mut tree = ProofTree {
            outcome,
            nodes: Vec::new(),
        };
        if p.rules_terminal().is_some() {
            tree.nodes.push(ProofNode {
                kind: p.node_kind(),
                leaf: Some(Leaf::Terminal),
                children: Vec::new(),
            });
            return Some(tree);
        }
        path.push(p.key());
        let mut shared = self.share_proofs.then(Shared::default);
        loop {
            let mut stack = vec![self.open(p, &mut tree, &mut shared)];
            let ok = self.build(
                p,
                &mut path,
                &mut tree,
                &mut stack,
                &mut budget,
                &mut shared,
            );
            // Back to the root whatever happened.
            for _ in 1..stack.len() {
                p.undo();
            }
            if !ok && shared.is_none() && budget.stopped == Some(StopReason::MemoryLimit) {
                // Too large written out in full: again, with transpositions shared.
                budget.stopped = None;
                tree.nodes.clear();
                path = Path::default();
                path.push(p.key());
                shared = Some(Shared::default());
                continue;
            }
            self.proof_stopped = budget.reason();
            return ok.then_some(tree);
        }
    }

    /// A principal line from the current state of `p`: at each state, the value is found
    /// by a search with the line so far as its path (so no table entry is read as if the
    /// path did not matter, and nothing is cleared: the table serves every step); where
    /// the side to move wins, its move is the first whose state has that value on this
    /// path ([`Problem::strategy_move`] first, then the children the table holds as won,
    /// least work first, then the others); where it loses, the move whose state the table
    /// spent the most work on (the longest resistance), a pass ([`Problem::is_pass`]) only
    /// when nothing else is legal (states that knowledge decides record no work, so a pass
    /// that lets the winner play on could otherwise look like the longest resistance).
    /// The line ends at a state the rules
    /// decide ([`Problem::rules_terminal`]), at a repetition, after `max_len` moves, or when
    /// the budget runs out. With `first`, the line starts with that move (a legal move of
    /// the current state). `p` is left as it was given.
    ///
    /// Where no repetition is involved, every state of the line has the root's value with
    /// the line above it. Where cycles are, a value the table stored as a root's may not
    /// hold below the line's path (the graph-history interaction, see the module
    /// documentation), and the line is a best effort, not a proof: [`Solver::proof_tree`]
    /// checks every step and is the proof.
    pub fn principal_line<P: Problem>(
        &mut self,
        p: &mut P,
        first: Option<P::Move>,
        max_len: usize,
    ) -> Vec<P::Move> {
        self.principal_line_reporting(p, first, max_len, u64::MAX, &mut |_| true)
    }

    /// As [`Solver::principal_line`], calling `progress` with the nodes so far about every
    /// `every` nodes; when it returns `false` the line ends there.
    pub fn principal_line_reporting<P: Problem>(
        &mut self,
        p: &mut P,
        first: Option<P::Move>,
        max_len: usize,
        every: u64,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Vec<P::Move> {
        self.nodes = 0;
        self.note_root(p);
        let mut budget = Budget::reporting(&self.config, every, progress);
        let mut path = Path::default();
        let mut line = Vec::new();
        if let Some(mv) = first {
            path.push(p.key());
            p.play(mv);
            line.push(mv);
        }
        while line.len() < max_len {
            let key = p.key();
            if p.rules_terminal().is_some() || path.get(key).is_some() {
                break;
            }
            let value = match self.search(p, &mut path, None, &mut budget) {
                Found::Final(o, _) => o,
                Found::Open(..) => break,
            };
            let mover_wins = matches!(
                (p.node_kind(), value),
                (NodeKind::Or, Outcome::Proven) | (NodeKind::And, Outcome::Disproven)
            );
            path.push(key);
            let mut moves = Vec::new();
            p.moves(&mut moves);
            let chosen = if mover_wins {
                let strategy = p.strategy_move();
                // Candidates: the strategy's move, the children known as won (least work
                // first), then the rest in move order.
                let mut known: Vec<(u64, usize, P::Move)> = Vec::new();
                let mut rest = Vec::new();
                for (i, &mv) in moves.iter().enumerate() {
                    if Some(mv) == strategy {
                        continue;
                    }
                    p.play(mv);
                    let v = self.table.get(p.key()).map(|e| {
                        let won = if value == Outcome::Proven {
                            e.pn == 0
                        } else {
                            e.dn == 0
                        };
                        (won, e.work)
                    });
                    p.undo();
                    match v {
                        Some((true, work)) => known.push((work, i, mv)),
                        _ => rest.push(mv),
                    }
                }
                known.sort_unstable_by_key(|k| (k.0, k.1));
                let order: Vec<P::Move> = strategy
                    .into_iter()
                    .chain(known.into_iter().map(|k| k.2))
                    .chain(rest)
                    .collect();
                let mut found = None;
                for mv in order {
                    p.play(mv);
                    let k = p.key();
                    let v = if path.get(k).is_some() {
                        Some(p.repetition())
                    } else if let Some(o) = p.terminal() {
                        Some(o)
                    } else {
                        match self.search(p, &mut path, None, &mut budget) {
                            Found::Final(o, _) => Some(o),
                            Found::Open(..) => None,
                        }
                    };
                    p.undo();
                    if v == Some(value) {
                        found = Some(mv);
                        break;
                    }
                    if budget.stopped.is_some() {
                        break;
                    }
                }
                found
            } else {
                let mut best: Option<((bool, u64), P::Move)> = None;
                for &mv in &moves {
                    p.play(mv);
                    let work = if p.terminal().is_some() {
                        0
                    } else {
                        self.table.get(p.key()).map_or(0, |e| e.work)
                    };
                    p.undo();
                    // A pass only if nothing else is legal.
                    let rank = (!p.is_pass(mv), work);
                    if best.is_none_or(|(r, _)| rank > r) {
                        best = Some((rank, mv));
                    }
                }
                best.map(|b| b.1)
            };
            let Some(mv) = chosen else {
                path.pop();
                break;
            };
            p.play(mv);
            line.push(mv);
        }
        for _ in 0..line.len() {
            p.undo();
        }
        line
    }

    /// Adds a node for the current (non-leaf) state.
    fn open<P: Problem>(
        &self,
        p: &mut P,
        tree: &mut ProofTree<P::Move>,
        shared: &mut Option<Shared>,
    ) -> Build<P::Move> {
        let kind = p.node_kind();
        let idx = tree.nodes.len();
        tree.nodes.push(ProofNode {
            kind,
            leaf: None,
            children: Vec::new(),
        });
        if let Some(sh) = shared {
            // Settled when the node is finished.
            sh.clean.push(false);
        }
        let mut moves = Vec::new();
        let winner = tree.winner_moves_at(kind);
        // Below a state that knowledge decides, the strategy's move first.
        let first = if winner { p.strategy_move() } else { None };
        p.moves(&mut moves);
        if let Some(m) = first {
            if let Some(i) = moves.iter().position(|&x| x == m) {
                moves.remove(i);
                moves.insert(0, m);
            }
        }
        Build {
            idx,
            winner,
            moves,
            next: 0,
            done: false,
            attempt: 0,
            key: p.key(),
        }
    }

    /// Abandons the state on top of `stack`, which failed, and the states above it up to
    /// the nearest winner's turn, which will try its next move; `false` if there is none.
    fn backtrack<P: Problem>(
        p: &mut P,
        path: &mut Path,
        tree: &mut ProofTree<P::Move>,
        stack: &mut Vec<Build<P::Move>>,
        shared: &mut Option<Shared>,
    ) -> bool {
        loop {
            stack.pop();
            path.pop();
            let Some(parent) = stack.last_mut() else {
                return false;
            };
            p.undo();
            if parent.winner {
                tree.nodes.truncate(parent.attempt);
                if let Some(sh) = shared {
                    sh.truncate(parent.attempt);
                }
                if let Some(node) = tree.nodes.get_mut(parent.idx) {
                    node.children.pop();
                }
                parent.done = false;
                return true;
            }
        }
    }

    /// Builds the tree depth-first; `false` on failure, with `stack` left as it was then.
    fn build<P: Problem>(
        &mut self,
        p: &mut P,
        path: &mut Path,
        tree: &mut ProofTree<P::Move>,
        stack: &mut Vec<Build<P::Move>>,
        budget: &mut Budget<'_>,
        shared: &mut Option<Shared>,
    ) -> bool {
        let want = tree.outcome;
        while let Some(top) = stack.last_mut() {
            let finished = if top.winner {
                top.done
            } else {
                top.next >= top.moves.len()
            };
            if finished {
                if let (Some(sh), Some(node)) = (shared.as_mut(), tree.nodes.get(top.idx)) {
                    let clean = node
                        .children
                        .iter()
                        .all(|&(_, c)| sh.clean.get(c).copied().unwrap_or(false));
                    if let Some(slot) = sh.clean.get_mut(top.idx) {
                        *slot = clean;
                    }
                    if clean {
                        if let std::collections::hash_map::Entry::Vacant(e) =
                            sh.by_key.entry(top.key)
                        {
                            e.insert(top.idx);
                            sh.log.push((top.key, top.idx));
                        }
                    }
                }
                stack.pop();
                path.pop();
                if !stack.is_empty() {
                    p.undo();
                }
                continue;
            }
            if budget.check(self.nodes) {
                return false;
            }
            if tree.nodes.len() >= proof_state_limit(self.config.memory_bytes) {
                budget.stopped = Some(StopReason::MemoryLimit);
                return false;
            }
            let Some(&mv) = top.moves.get(top.next) else {
                // A winner without a winning move on this path.
                if !Self::backtrack(p, path, tree, stack, shared) {
                    return false;
                }
                continue;
            };
            top.next += 1;
            let parent = top.idx;
            let winner = top.winner;
            p.play(mv);
            self.nodes += 1;
            let key = p.key();
            // The child's value on this path, and whether it is a leaf.
            let (value, leaf) = if path.get(key).is_some() {
                (Some(p.repetition()), Some(Leaf::Repetition))
            } else if let Some(o) = p.rules_terminal() {
                (Some(o), Some(Leaf::Terminal))
            } else if let Some(&to) = shared.as_ref().and_then(|sh| sh.by_key.get(&key)) {
                // Proven below an earlier node, without a repetition: whatever the path.
                (Some(want), Some(Leaf::Transposition(to)))
            } else if winner {
                match self.search(p, path, None, budget) {
                    Found::Final(o, _) => (Some(o), None),
                    Found::Open(..) => {
                        p.undo();
                        return false;
                    }
                }
            } else {
                // The loser's moves are all checked by building below them.
                (None, None)
            };
            if value.is_some_and(|v| v != want) {
                p.undo();
                if winner {
                    continue;
                }
                // The loser escapes here: this state does not extend to a proof.
                if !Self::backtrack(p, path, tree, stack, shared) {
                    return false;
                }
                continue;
            }
            let child = tree.nodes.len();
            if let Some(t) = stack.last_mut() {
                t.done = winner;
                t.attempt = child;
            }
            if let Some(node) = tree.nodes.get_mut(parent) {
                node.children.push((mv, child));
            }
            if let Some(leaf) = leaf {
                tree.nodes.push(ProofNode {
                    kind: p.node_kind(),
                    leaf: Some(leaf),
                    children: Vec::new(),
                });
                if let Some(sh) = shared {
                    sh.clean.push(leaf != Leaf::Repetition);
                }
                p.undo();
            } else {
                path.push(key);
                let b = self.open(p, tree, shared);
                stack.push(b);
            }
        }
        true
    }
}
