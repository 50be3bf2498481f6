//! Tests against independent oracles: small games solved by plain exhaustive minimax with
//! the same repetition rule. Seeds are printed (`cargo test -- --nocapture`).

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use super::*;

/// SplitMix64: a seeded generator and a bijective key mixer.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn node_kind_of(b: bool) -> NodeKind {
    if b {
        NodeKind::Or
    } else {
        NodeKind::And
    }
}

fn outcome_of(b: bool) -> Outcome {
    if b {
        Outcome::Proven
    } else {
        Outcome::Disproven
    }
}

// ---------------------------------------------------------------------------------------
// Explicit game graphs.

#[derive(Clone, Debug)]
struct GNode {
    kind: NodeKind,
    terminal: Option<Outcome>,
    rep: Outcome,
    edges: Vec<usize>,
    init: (u32, u32),
}

/// A game on an explicit graph; moves are the target node ids. Keys are the node ids
/// mixed with a seed, so different seeds give unrelated keys.
#[derive(Clone, Debug)]
struct Graph {
    nodes: Vec<GNode>,
    stack: Vec<usize>,
    key_seed: u64,
    /// Every repetition has this value (`None`: it depends on the node).
    rep_value: Option<Outcome>,
}

impl Graph {
    fn at(&self) -> usize {
        self.stack.last().copied().unwrap_or(0)
    }

    fn random(seed: u64, n: usize, cyclic: bool) -> Graph {
        Graph::random_with(seed, n, cyclic, 4)
    }

    /// A random graph where about one state in `rarity` (besides dead ends) is terminal.
    fn random_with(seed: u64, n: usize, cyclic: bool, rarity: u64) -> Graph {
        let mut rng = Rng(seed);
        let global_rep = outcome_of(rng.below(2) == 0);
        let per_node_rep = rng.below(3) == 0;
        let mut nodes = Vec::new();
        for i in 0..n {
            let kind = node_kind_of(rng.below(2) == 0);
            let mut edges = Vec::new();
            let lo = if cyclic { 0 } else { i + 1 };
            if lo < n {
                for _ in 0..1 + rng.below(3) {
                    let j = lo + rng.below((n - lo) as u64) as usize;
                    if !edges.contains(&j) {
                        edges.push(j);
                    }
                }
            }
            let terminal = if i > 0 && (edges.is_empty() || rng.below(rarity) == 0) {
                Some(outcome_of(rng.below(2) == 0))
            } else {
                None
            };
            let rep = if per_node_rep {
                outcome_of(rng.below(2) == 0)
            } else {
                global_rep
            };
            let init = if rng.below(2) == 0 {
                (1, 1)
            } else {
                (1 + rng.below(4) as u32, 1 + rng.below(4) as u32)
            };
            nodes.push(GNode {
                kind,
                terminal,
                rep,
                edges,
                init,
            });
        }
        Graph {
            nodes,
            stack: vec![0],
            key_seed: seed ^ 0xABCD,
            rep_value: (!per_node_rep).then_some(global_rep),
        }
    }
}

impl Problem for Graph {
    type Move = usize;

    fn key(&self) -> u64 {
        mix(self.at() as u64 ^ self.key_seed)
    }

    fn node_kind(&self) -> NodeKind {
        self.nodes[self.at()].kind
    }

    fn terminal(&mut self) -> Option<Outcome> {
        self.nodes[self.at()].terminal
    }

    fn repetition(&self) -> Outcome {
        self.nodes[self.at()].rep
    }

    fn repetition_value(&self) -> Option<Outcome> {
        self.rep_value
    }

    fn moves(&mut self, moves: &mut Vec<usize>) {
        moves.extend(&self.nodes[self.at()].edges);
    }

    fn play(&mut self, mv: usize) {
        self.stack.push(mv);
    }

    fn undo(&mut self) {
        self.stack.pop();
    }

    fn initial_numbers(&mut self) -> (u32, u32) {
        self.nodes[self.at()].init
    }
}

/// Plain minimax with the repetition rule: the value of `node` with `path` above it.
fn graph_minimax(g: &Graph, node: usize, path: &mut Vec<usize>) -> Outcome {
    let n = &g.nodes[node];
    if path.contains(&node) {
        return n.rep;
    }
    if let Some(t) = n.terminal {
        return t;
    }
    path.push(node);
    let mut result = match n.kind {
        NodeKind::Or => Outcome::Disproven,
        NodeKind::And => Outcome::Proven,
    };
    for &c in &n.edges {
        let v = graph_minimax(g, c, path);
        if (n.kind == NodeKind::Or) == (v == Outcome::Proven) {
            result = v;
            break;
        }
    }
    path.pop();
    result
}

// ---------------------------------------------------------------------------------------
// An independent proof-tree verifier: replays the tree on the problem.

fn verify<P: Problem>(tree: &ProofTree<P::Move>, p: &mut P) -> Result<usize, String> {
    let mut path = Vec::new();
    let mut seen = HashMap::new();
    verify_node(tree, 0, p, &mut path, &mut seen)
}

/// Whether the subtree of `at` has no repetition leaf (transpositions followed).
fn clean<M>(tree: &ProofTree<M>, at: usize) -> bool {
    let mut stack = vec![at];
    while let Some(i) = stack.pop() {
        match tree.nodes[i].leaf {
            Some(Leaf::Repetition) => return false,
            Some(Leaf::Transposition(to)) if to < i => stack.push(to),
            Some(Leaf::Transposition(_)) => return false,
            _ => stack.extend(tree.nodes[i].children.iter().map(|&(_, c)| c)),
        }
    }
    true
}

fn verify_node<P: Problem>(
    tree: &ProofTree<P::Move>,
    at: usize,
    p: &mut P,
    path: &mut Vec<u64>,
    seen: &mut HashMap<usize, u64>,
) -> Result<usize, String> {
    let node = tree.nodes.get(at).ok_or("dangling child")?;
    if node.kind != p.node_kind() {
        return Err(format!("node {at}: wrong kind"));
    }
    let key = p.key();
    let repeated = path.contains(&key);
    seen.insert(at, key);
    match node.leaf {
        Some(Leaf::Transposition(to)) => {
            // An earlier node, already checked, with this state and a proof that no
            // repetition leaf ties to its own path.
            return if !repeated && to < at && seen.get(&to) == Some(&key) && clean(tree, to) {
                Ok(1)
            } else {
                Err(format!("node {at}: bad transposition to {to}"))
            };
        }
        Some(Leaf::Repetition) => {
            return if repeated && p.repetition() == tree.outcome {
                Ok(1)
            } else {
                Err(format!("node {at}: bad repetition leaf"))
            };
        }
        Some(Leaf::Terminal) => {
            return if !repeated && p.terminal() == Some(tree.outcome) {
                Ok(1)
            } else {
                Err(format!("node {at}: bad terminal leaf"))
            };
        }
        None => {}
    }
    if repeated || p.terminal().is_some() {
        return Err(format!("node {at}: inner node is a leaf"));
    }
    let mut legal = Vec::new();
    p.moves(&mut legal);
    let winner = matches!(
        (tree.outcome, node.kind),
        (Outcome::Proven, NodeKind::Or) | (Outcome::Disproven, NodeKind::And)
    );
    if winner {
        if node.children.len() != 1 || !legal.contains(&node.children[0].0) {
            return Err(format!("node {at}: winner needs one legal move"));
        }
    } else {
        let answered: Vec<_> = node.children.iter().map(|c| c.0).collect();
        if answered.len() != legal.len() || legal.iter().any(|m| !answered.contains(m)) {
            return Err(format!("node {at}: loser's moves not all answered"));
        }
    }
    path.push(key);
    let mut size = 1;
    for &(mv, c) in &node.children {
        p.play(mv);
        let r = verify_node(tree, c, p, path, seen);
        p.undo();
        size += r?;
    }
    path.pop();
    Ok(size)
}

fn small_config() -> Config {
    Config {
        nodes: Some(2_000_000),
        ..Config::default()
    }
}

fn check_graph(seed: u64, n: usize, cyclic: bool, config: &Config) {
    let mut g = Graph::random(seed, n, cyclic);
    let want = graph_minimax(&g, 0, &mut Vec::new());
    let mut solver = Solver::new(config.clone());
    let r = solver.solve(&mut g);
    assert_eq!(g.stack, vec![0], "seed {seed}: state not restored");
    assert_eq!(
        r.outcome,
        Some(want),
        "seed {seed} n {n} cyclic {cyclic}: {r:?}"
    );
    // Every root child, with the root on the path.
    let ch = solver.solve_children(&mut g);
    assert_eq!(ch.stopped, StopReason::Solved, "seed {seed}");
    for &(mv, v) in &ch.children {
        let want = graph_minimax(&g, mv, &mut vec![0]);
        assert_eq!(v, Some(want), "seed {seed}: child {mv}");
    }
    // A proof tree, checked independently.
    let tree = solver.proof_tree(&mut g);
    assert_eq!(g.stack, vec![0]);
    let tree = tree.unwrap_or_else(|| panic!("seed {seed}: no proof tree"));
    assert_eq!(tree.outcome, want);
    if let Err(e) = verify(&tree, &mut g) {
        panic!("seed {seed}: {e}");
    }
    let pv = tree.principal_variation();
    assert!(pv.len() < tree.nodes.len().max(1));
    // A principal line: legal, and without cycles every state on it has the root's value
    // with the line above it (with cycles a stored value may not hold on the line's path:
    // a line is a best effort there, the proof tree is the proof).
    let line = solver.principal_line(&mut g, None, 64);
    assert_eq!(g.stack, vec![0], "seed {seed}: state not restored");
    let mut path = vec![0];
    for &mv in &line {
        let at = path.last().copied().unwrap_or(0);
        assert!(
            g.nodes[at].edges.contains(&mv),
            "seed {seed}: line {line:?}"
        );
        if !cyclic {
            let v = graph_minimax(&g, mv, &mut path.clone());
            assert_eq!(v, want, "seed {seed}: line {line:?}");
        }
        path.push(mv);
    }
    if !cyclic {
        let end = path.last().copied().unwrap_or(0);
        assert!(
            g.nodes[end].terminal.is_some() || line.len() == 64,
            "seed {seed}"
        );
    }
}

#[test]
fn random_dags_match_minimax() {
    let base = 0x5EED_0001;
    println!("random DAGs: seeds {base}..+400");
    for i in 0..400 {
        let n = 2 + (i % 30) as usize;
        check_graph(base + i, n, false, &small_config());
    }
}

#[test]
fn random_cyclic_graphs_match_minimax() {
    let base = 0x5EED_1001;
    println!("random cyclic graphs: seeds {base}..+600");
    for i in 0..600 {
        let n = 2 + (i % 11) as usize;
        check_graph(base + i, n, true, &small_config());
    }
}

#[test]
fn shared_proof_trees_of_random_graphs_match_minimax() {
    let base = 0x5EED_7001;
    println!("random graphs (every other one cyclic), proofs with transpositions shared: seeds {base}..+400");
    let mut shared = 0;
    for i in 0..400 {
        let n = 6 + (i % 25) as usize;
        let seed = base + i;
        let mut g = Graph::random(seed, n, i % 2 == 0);
        let want = graph_minimax(&g, 0, &mut Vec::new());
        let mut solver = Solver::new(small_config());
        solver.share_proofs = true;
        let tree = solver
            .proof_tree(&mut g)
            .unwrap_or_else(|| panic!("seed {seed}: no proof tree"));
        assert_eq!(g.stack, vec![0], "seed {seed}: state not restored");
        assert_eq!(tree.outcome, want, "seed {seed}");
        if let Err(e) = verify(&tree, &mut g) {
            panic!("seed {seed}: {e}");
        }
        shared += tree
            .nodes
            .iter()
            .filter(|n| matches!(n.leaf, Some(Leaf::Transposition(_))))
            .count();
    }
    println!("{shared} transpositions");
    // Deterministic (seeded): 54 when written.
    assert!(shared >= 40, "{shared} transpositions");
}

/// A race on a grid: each move takes one step along `a` or along `b`, at most `n` steps
/// each; the prover wins when both are done. Every order of the same steps meets the same
/// state, so a proof written out in full is exponential and one with transpositions
/// shared is quadratic.
struct Grid {
    n: u32,
    steps: Vec<bool>,
}

impl Grid {
    fn at(&self) -> (u32, u32) {
        let b = self.steps.iter().filter(|&&s| s).count() as u32;
        (self.steps.len() as u32 - b, b)
    }
}

impl Problem for Grid {
    type Move = bool;
    fn key(&self) -> u64 {
        let (a, b) = self.at();
        mix(u64::from(a) << 32 | u64::from(b))
    }
    fn node_kind(&self) -> NodeKind {
        node_kind_of(self.steps.len() % 2 == 0)
    }
    fn terminal(&mut self) -> Option<Outcome> {
        (self.at() == (self.n, self.n)).then_some(Outcome::Proven)
    }
    fn repetition(&self) -> Outcome {
        Outcome::Disproven
    }
    fn moves(&mut self, moves: &mut Vec<bool>) {
        let (a, b) = self.at();
        if a < self.n {
            moves.push(false);
        }
        if b < self.n {
            moves.push(true);
        }
    }
    fn play(&mut self, mv: bool) {
        self.steps.push(mv);
    }
    fn undo(&mut self) {
        self.steps.pop();
    }
}

#[test]
fn a_proof_too_large_in_full_shares_its_transpositions() {
    // 1 MiB: at most 1024 states (`proof_state_limit`).
    let config = Config {
        memory_bytes: 1 << 20,
        ..Config::default()
    };
    let limit = proof_state_limit(config.memory_bytes);
    let transpositions = |t: &ProofTree<bool>| {
        t.nodes
            .iter()
            .filter(|n| matches!(n.leaf, Some(Leaf::Transposition(_))))
            .count()
    };
    // Small: a plain tree.
    let mut small = Grid {
        n: 3,
        steps: vec![],
    };
    let tree = Solver::new(config.clone()).proof_tree(&mut small).unwrap();
    assert_eq!(transpositions(&tree), 0);
    verify(&tree, &mut small).unwrap();
    // Large: the loser's every step doubles a tree written out in full.
    let mut big = Grid {
        n: 14,
        steps: vec![],
    };
    let mut solver = Solver::new(config);
    let tree = solver.proof_tree(&mut big).expect("a shared proof fits");
    assert_eq!(solver.proof_stopped(), StopReason::Solved);
    assert_eq!(tree.outcome, Outcome::Proven);
    assert!(tree.nodes.len() < limit, "{} states", tree.nodes.len());
    assert!(transpositions(&tree) > 0);
    assert_eq!(verify(&tree, &mut big), Ok(tree.nodes.len()));
    assert!(big.steps.is_empty());
    // The main line follows the transpositions down to the end.
    assert_eq!(tree.principal_variation().len(), 28);
}

#[test]
fn plain_dfpn_without_epsilon_matches_too() {
    let base = 0x5EED_2001;
    println!("epsilon 0: seeds {base}..+300");
    let config = Config {
        epsilon_percent: 0,
        ..small_config()
    };
    for i in 0..300 {
        check_graph(base + i, 2 + (i % 11) as usize, i % 2 == 0, &config);
    }
}

/// The graph-history interaction: C is proven through a repetition of A on the path
/// R-A-C, and disproven on R-B-C. A table that stores C's first value answers R wrongly.
fn ghi_graph(key_seed: u64) -> Graph {
    use NodeKind::{And, Or};
    use Outcome::{Disproven, Proven};
    let node = |kind, terminal, edges: &[usize], init| GNode {
        kind,
        terminal,
        rep: Proven,
        edges: edges.to_vec(),
        init,
    };
    // 0 R, 1 A, 2 B, 3 C, 4 L, 5 T. The initial numbers make df-pn search R-A-C first.
    Graph {
        nodes: vec![
            node(Or, None, &[1, 2], (1, 1)),
            node(And, None, &[3, 4], (1, 1)),
            node(And, None, &[3], (10, 1)),
            node(Or, None, &[1], (1, 1)),
            node(Or, None, &[5], (1, 5)),
            node(And, Some(Disproven), &[], (1, 1)),
        ],
        stack: vec![0],
        key_seed,
        rep_value: Some(Proven),
    }
}

#[test]
fn ghi_case_naive_table_is_wrong_ours_is_right() {
    let mut g = ghi_graph(7);
    assert_eq!(graph_minimax(&g, 0, &mut Vec::new()), Outcome::Disproven);
    let mut naive = Solver::new(Config::default());
    naive.naive_ghi = true;
    assert_eq!(
        naive.solve(&mut g).outcome,
        Some(Outcome::Proven),
        "naive should fail"
    );
    let mut solver = Solver::new(Config::default());
    assert_eq!(solver.solve(&mut g).outcome, Some(Outcome::Disproven));
    let tree = solver.proof_tree(&mut g).expect("tree");
    verify(&tree, &mut g).expect("verified");
}

#[test]
fn naive_table_fails_on_random_cyclic_graphs() {
    let base = 0x5EED_3001;
    let mut naive_wrong = Vec::new();
    for i in 0..1500 {
        let seed = base + i;
        let mut g = Graph::random(seed, 4 + (i % 10) as usize, true);
        let want = graph_minimax(&g, 0, &mut Vec::new());
        for eps in [0, 25] {
            let config = Config {
                epsilon_percent: eps,
                ..small_config()
            };
            let mut naive = Solver::new(config.clone());
            naive.naive_ghi = true;
            if naive.solve(&mut g).outcome != Some(want) {
                naive_wrong.push(seed);
            }
            let mut solver = Solver::new(config);
            assert_eq!(solver.solve(&mut g).outcome, Some(want), "seed {seed}");
        }
    }
    println!(
        "seeds {base}..+1500: naive table wrong {} times ({:?}...), ours never",
        naive_wrong.len(),
        &naive_wrong[..naive_wrong.len().min(5)]
    );
    assert!(!naive_wrong.is_empty());
}

// ---------------------------------------------------------------------------------------
// Take-away: take 1 to 3 from a pile, who takes the last wins. The prover moves first.

struct TakeAway {
    pile: u32,
    taken: Vec<u32>,
    key_seed: u64,
}

impl Problem for TakeAway {
    type Move = u32;

    fn key(&self) -> u64 {
        mix((u64::from(self.pile) << 1 | (self.taken.len() as u64 & 1)) ^ self.key_seed)
    }

    fn node_kind(&self) -> NodeKind {
        node_kind_of(self.taken.len() % 2 == 0)
    }

    fn terminal(&mut self) -> Option<Outcome> {
        (self.pile == 0).then(|| outcome_of(self.node_kind() == NodeKind::And))
    }

    fn repetition(&self) -> Outcome {
        Outcome::Disproven
    }

    fn moves(&mut self, moves: &mut Vec<u32>) {
        moves.extend((1..=3).filter(|&n| n <= self.pile));
    }

    fn play(&mut self, n: u32) {
        self.pile -= n;
        self.taken.push(n);
    }

    fn undo(&mut self) {
        if let Some(n) = self.taken.pop() {
            self.pile += n;
        }
    }
}

#[test]
fn take_away_known_values() {
    let mut solver = Solver::new(Config::default());
    for pile in 0..60 {
        let mut g = TakeAway {
            pile,
            taken: vec![],
            key_seed: 3,
        };
        let want = outcome_of(pile % 4 != 0);
        assert_eq!(solver.solve(&mut g).outcome, Some(want), "pile {pile}");
        // The only winning move takes pile % 4.
        let ch = solver.solve_children(&mut g);
        let winning: Vec<u32> = ch
            .children
            .iter()
            .filter(|c| c.1 == Some(Outcome::Proven))
            .map(|c| c.0)
            .collect();
        let expected: Vec<u32> = (pile % 4 != 0).then_some(pile % 4).into_iter().collect();
        assert_eq!(winning, expected, "pile {pile}");
        if pile > 24 {
            // Proof trees are trees: transpositions are written out again each time, so
            // they grow exponentially with the pile. The budget stops them.
            let mut limited = Solver::new(Config {
                nodes: Some(100_000),
                ..Config::default()
            });
            if pile % 4 == 0 && pile > 40 {
                assert!(limited.proof_tree(&mut g).is_none(), "pile {pile}");
                assert!(g.taken.is_empty());
            }
            continue;
        }
        let tree = solver.proof_tree(&mut g).expect("tree");
        verify(&tree, &mut g).expect("verified");
        if pile % 4 != 0 {
            assert_eq!(tree.principal_variation().first(), Some(&(pile % 4)));
        }
    }
}

// ---------------------------------------------------------------------------------------
// k-in-a-row on a w×w board (tic-tac-toe for w = k = 3). X moves first; the prover is
// `prover`.

#[derive(Clone)]
struct Connect {
    w: usize,
    k: usize,
    cells: Vec<u8>,
    moves: Vec<usize>,
    prover: u8,
    key_seed: u64,
}

impl Connect {
    fn new(w: usize, k: usize, prover: u8) -> Connect {
        Connect {
            w,
            k,
            cells: vec![0; w * w],
            moves: vec![],
            prover,
            key_seed: 11,
        }
    }

    fn to_move(&self) -> u8 {
        1 + (self.moves.len() % 2) as u8
    }

    fn won(&self, who: u8) -> bool {
        let (w, k) = (self.w as i64, self.k as i64);
        for y in 0..w {
            for x in 0..w {
                for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    if (0..k).all(|i| {
                        let (xx, yy) = (x + dx * i, y + dy * i);
                        (0..w).contains(&xx)
                            && (0..w).contains(&yy)
                            && self.cells[(yy * w + xx) as usize] == who
                    }) {
                        return true;
                    }
                }
            }
        }
        false
    }
}

impl Problem for Connect {
    type Move = usize;

    fn key(&self) -> u64 {
        let mut h = self.key_seed;
        for &c in &self.cells {
            h = mix(h ^ u64::from(c)).wrapping_add(1);
        }
        h
    }

    fn node_kind(&self) -> NodeKind {
        node_kind_of(self.to_move() == self.prover)
    }

    fn terminal(&mut self) -> Option<Outcome> {
        let other = 3 - self.prover;
        if self.won(self.prover) {
            Some(Outcome::Proven)
        } else if self.won(other) || self.moves.len() == self.cells.len() {
            Some(Outcome::Disproven)
        } else {
            None
        }
    }

    fn repetition(&self) -> Outcome {
        Outcome::Disproven
    }

    fn moves(&mut self, moves: &mut Vec<usize>) {
        moves.extend((0..self.cells.len()).filter(|&i| self.cells[i] == 0));
    }

    fn play(&mut self, mv: usize) {
        self.cells[mv] = self.to_move();
        self.moves.push(mv);
    }

    fn undo(&mut self) {
        if let Some(mv) = self.moves.pop() {
            self.cells[mv] = 0;
        }
    }
}

#[test]
fn tic_tac_toe_is_a_draw() {
    for prover in [1, 2] {
        for eps in [0, 25] {
            let mut g = Connect::new(3, 3, prover);
            let mut solver = Solver::new(Config {
                epsilon_percent: eps,
                ..Config::default()
            });
            let r = solver.solve(&mut g);
            println!("tic-tac-toe prover {prover} epsilon {eps}%: {r:?}");
            assert_eq!(r.outcome, Some(Outcome::Disproven));
            let tree = solver.proof_tree(&mut g).expect("tree");
            let size = verify(&tree, &mut g).expect("verified");
            println!(
                "  disproof tree: {size} states, pv {:?}",
                tree.principal_variation()
            );
            assert!(g.moves.is_empty());
        }
    }
    // 3 in a row on 4×4: the first player wins.
    let mut g = Connect::new(4, 3, 1);
    let mut solver = Solver::new(Config::default());
    let r = solver.solve(&mut g);
    println!("3-in-a-row 4x4: {r:?}");
    assert_eq!(r.outcome, Some(Outcome::Proven));
    let tree = solver.proof_tree(&mut g).expect("tree");
    verify(&tree, &mut g).expect("verified");
}

// ---------------------------------------------------------------------------------------
// Budgets, cancellation, memory, determinism.

/// 4 in a row on 5×5: far too big to solve in a test, good for budgets.
fn big() -> Connect {
    Connect::new(5, 4, 1)
}

#[test]
fn node_budget_is_honoured() {
    for limit in [1u64, 100, 5_000, 50_000] {
        let mut g = big();
        let mut solver = Solver::new(Config {
            nodes: Some(limit),
            ..Config::default()
        });
        let r = solver.solve(&mut g);
        println!("node limit {limit}: {r:?}");
        assert_eq!(r.outcome, None);
        assert_eq!(r.stopped, StopReason::NodeLimit);
        // At most one expansion (25 children) past the limit.
        assert!(r.nodes >= limit && r.nodes <= limit + 25, "{r:?}");
        assert!(g.moves.is_empty());
    }
}

#[test]
fn time_budget_is_honoured() {
    let mut g = big();
    let t = Duration::from_millis(200);
    let mut solver = Solver::new(Config {
        time: Some(t),
        ..Config::default()
    });
    let r = solver.solve(&mut g);
    println!("time limit {t:?}: {r:?}");
    assert_eq!(r.outcome, None);
    assert_eq!(r.stopped, StopReason::TimeLimit);
    // Loose upper bound: on a loaded machine (other jobs, a debug build) the clock moves
    // on while the search is descheduled; this checks that the limit stops the search,
    // not how fast it is.
    assert!(r.elapsed >= t && r.elapsed <= t * 10, "{:?}", r.elapsed);
    assert!(g.moves.is_empty());
}

#[test]
fn progress_is_reported_and_can_stop_the_search() {
    let mut g = big();
    let mut solver = Solver::new(Config::default());
    let mut seen = Vec::new();
    let r = solver.solve_reporting(&mut g, 10_000, &mut |n| {
        seen.push(n);
        seen.len() < 5
    });
    println!("reports at {seen:?}: {r:?}");
    assert_eq!((r.outcome, r.stopped), (None, StopReason::Cancelled));
    assert_eq!(seen.len(), 5);
    // About every 10,000 nodes (at most one expansion, 25 children, late), increasing.
    for (i, &n) in seen.iter().enumerate() {
        let due = 10_000 * (i as u64 + 1);
        assert!(n >= due && n <= due + 25 * (i as u64 + 1), "{seen:?}");
    }
    assert!(r.nodes <= seen[4] + 25);
    assert!(g.moves.is_empty());
    // Without a stop, the same search as `solve`.
    let (mut a, mut b) = (Connect::new(3, 3, 1), Connect::new(3, 3, 1));
    let ra = Solver::new(Config::default()).solve(&mut a);
    let mut count = 0;
    let rb = Solver::new(Config::default()).solve_reporting(&mut b, 100, &mut |_| {
        count += 1;
        true
    });
    assert_eq!((ra.outcome, ra.nodes), (rb.outcome, rb.nodes));
    assert!(
        count > 0 && count <= rb.nodes / 100,
        "{count} reports, {rb:?}"
    );
}

#[test]
fn cancellation_stops_the_search() {
    let flag = Arc::new(AtomicBool::new(true));
    let mut solver = Solver::new(Config {
        cancel: Some(flag.clone()),
        ..Config::default()
    });
    let r = solver.solve(&mut big());
    assert_eq!((r.outcome, r.stopped), (None, StopReason::Cancelled));
    assert!(r.nodes <= 25);

    flag.store(false, std::sync::atomic::Ordering::Relaxed);
    let setter = {
        let flag = flag.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            flag.store(true, std::sync::atomic::Ordering::Relaxed);
        })
    };
    let mut g = big();
    let r = solver.solve(&mut g);
    setter.join().expect("setter thread");
    println!("cancelled after 50 ms: {r:?}");
    assert_eq!((r.outcome, r.stopped), (None, StopReason::Cancelled));
    assert!(r.elapsed < Duration::from_secs(5));
    assert!(g.moves.is_empty());
}

#[test]
fn tiny_tables_give_right_answers_or_unknown() {
    let base = 0x5EED_4001;
    println!("tiny tables: seeds {base}..+300");
    for (i, memory) in [0usize, 100, 200, 1_000, 4_000]
        .into_iter()
        .cycle()
        .take(300)
        .enumerate()
    {
        let seed = base + i as u64;
        let mut g = Graph::random(seed, 2 + i % 11, i % 2 == 0);
        let want = graph_minimax(&g, 0, &mut Vec::new());
        let mut solver = Solver::new(Config {
            memory_bytes: memory,
            nodes: Some(200_000),
            ..Config::default()
        });
        let r = solver.solve(&mut g);
        assert!(
            r.outcome.is_none() || r.outcome == Some(want),
            "seed {seed}: {r:?}"
        );
        assert!(r.table_entries <= solver.table_capacity());
    }
    for memory in [0usize, 1_000, 16_000] {
        let mut g = Connect::new(3, 3, 1);
        let mut solver = Solver::new(Config {
            memory_bytes: memory,
            nodes: Some(3_000_000),
            ..Config::default()
        });
        let r = solver.solve(&mut g);
        println!(
            "tic-tac-toe, {memory} bytes ({} entries): {r:?}, {} collections",
            solver.table_capacity(),
            solver.table_collections()
        );
        assert!(r.outcome.is_none() || r.outcome == Some(Outcome::Disproven));
        assert!(r.table_entries <= solver.table_capacity());
    }
}

#[test]
fn results_do_not_depend_on_key_values() {
    let base = 0x5EED_5001;
    println!("key seeds: graphs {base}..+200");
    let strip = |r: SolveResult| (r.outcome, r.numbers, r.nodes, r.table_entries, r.stopped);
    for i in 0..200u64 {
        let seed = base + i;
        let config = Config {
            memory_bytes: [0usize, 300, 2_000, 1 << 20][(i % 4) as usize],
            nodes: Some([50u64, 1_000, 1_000_000][(i % 3) as usize]),
            ..Config::default()
        };
        let mut results = Vec::new();
        let mut others = Vec::new();
        for key_seed in [1u64, 0xFFFF_0000, seed] {
            let mut g = Graph::random(seed, 2 + (i % 13) as usize, i % 2 == 0);
            g.key_seed = key_seed;
            let mut solver = Solver::new(config.clone());
            results.push(strip(solver.solve(&mut g)));
            let ch = solver.solve_children(&mut g);
            let tree = solver.proof_tree(&mut g);
            others.push((ch.children, ch.nodes, tree));
        }
        assert!(
            results.windows(2).all(|w| w[0] == w[1]),
            "seed {seed}: {results:?}"
        );
        assert!(others.windows(2).all(|w| w[0] == w[1]), "seed {seed}");
    }
    // A real search with collections.
    let mut results = Vec::new();
    for key_seed in [5u64, 77] {
        let mut g = Connect::new(3, 3, 1);
        g.key_seed = key_seed;
        let mut solver = Solver::new(Config {
            memory_bytes: 20_000,
            ..Config::default()
        });
        results.push(strip(solver.solve(&mut g)));
        assert!(solver.table_collections() > 0);
    }
    println!("tic-tac-toe with a 20 kB table, two key seeds: {results:?}");
    assert_eq!(results[0], results[1]);
}

#[test]
fn no_moves_and_terminal_roots() {
    use NodeKind::{And, Or};
    let single = |kind, terminal| Graph {
        nodes: vec![GNode {
            kind,
            terminal,
            rep: Outcome::Proven,
            edges: vec![],
            init: (1, 1),
        }],
        stack: vec![0],
        key_seed: 0,
        rep_value: None,
    };
    let mut solver = Solver::new(Config::default());
    assert_eq!(
        solver.solve(&mut single(Or, None)).outcome,
        Some(Outcome::Disproven)
    );
    // Same key, another game: the table must be cleared.
    solver.clear_table();
    assert_eq!(
        solver.solve(&mut single(And, None)).outcome,
        Some(Outcome::Proven)
    );
    solver.clear_table();
    let mut t = single(Or, Some(Outcome::Proven));
    assert_eq!(solver.solve(&mut t).outcome, Some(Outcome::Proven));
    assert!(solver.solve_children(&mut t).children.is_empty());
    let tree = solver.proof_tree(&mut t).expect("tree");
    assert_eq!(tree.nodes.len(), 1);
    verify(&tree, &mut t).expect("verified");
}

#[test]
fn cyclic_graphs_end_in_every_mode() {
    let base = 0x5EED_1001;
    println!("cyclic graphs, solve and solve_children: seeds {base}..+1000");
    // Weak numbers without and with free children (two, and the tsumego searches' four),
    // and the move order's share of the initial numbers (the tsumego searches' i² / 2, at
    // most 16; and without a bound).
    for (weak, weak_free, rank_divisor, rank_cap) in [
        (false, 0, 0, 0),
        (true, 0, 0, 0),
        (true, 2, 0, 0),
        (true, 4, 2, 16),
        (false, 0, 1, u32::MAX),
    ] {
        for eps in [0, 25, 100] {
            let (mut unknown, mut nodes, mut fallbacks) = (0, 0, 0);
            for i in 0..1000u64 {
                let seed = base + i;
                let mut g = Graph::random(seed, 2 + (i % 11) as usize, true);
                let mut solver = Solver::new(Config {
                    weak,
                    weak_free,
                    rank_divisor,
                    rank_cap,
                    epsilon_percent: eps,
                    nodes: Some(1_000_000),
                    ..Config::default()
                });
                let r = solver.solve(&mut g);
                nodes += r.nodes;
                unknown += usize::from(r.outcome.is_none());
                let r = solver.solve_children(&mut g);
                nodes += r.nodes;
                unknown += usize::from(r.stopped != StopReason::Solved);
                fallbacks += solver.fallbacks();
            }
            println!(
                "  weak {weak} (free {weak_free}) rank i²/{rank_divisor} (at most {rank_cap}) \
                 epsilon {eps}%: {nodes} nodes, {fallbacks} fallbacks"
            );
            assert_eq!(
                unknown, 0,
                "weak {weak} free {weak_free} rank {rank_divisor} {rank_cap} epsilon {eps}"
            );
        }
    }
}

/// Figures for choosing the defaults: nodes per configuration (`-- --nocapture`).
#[test]
fn configurations_compared() {
    for weak in [false, true] {
        for eps in [0u32, 25, 50, 100] {
            let config = Config {
                weak,
                epsilon_percent: eps,
                nodes: Some(5_000_000),
                ..Config::default()
            };
            let mut figures = Vec::new();
            for (w, k, prover) in [(3, 3, 1), (3, 3, 2), (4, 3, 1)] {
                let mut g = Connect::new(w, k, prover);
                let r = Solver::new(config.clone()).solve(&mut g);
                assert!(r.outcome.is_some());
                figures.push(r.nodes);
            }
            let mut graphs = 0;
            for i in 0..300u64 {
                let mut g = Graph::random(0x5EED_6001 + i, 10 + (i % 30) as usize, i % 2 == 0);
                let r = Solver::new(config.clone()).solve(&mut g);
                assert!(r.outcome.is_some());
                graphs += r.nodes;
            }
            figures.push(graphs);
            println!(
                "weak {weak:5} epsilon {eps:3}%: ttt X {}, ttt O {}, 3-row 4x4 {}, 300 graphs {}",
                figures[0], figures[1], figures[2], figures[3]
            );
        }
    }
}

#[test]
fn budgets_in_children_and_proof_trees() {
    // Too small a budget: unknown children, no tree, the problem left as given.
    let mut g = Connect::new(4, 3, 1);
    let mut solver = Solver::new(Config {
        nodes: Some(2_000),
        ..Config::default()
    });
    let ch = solver.solve_children(&mut g);
    println!(
        "4x4 3-in-a-row children, 2000 nodes: {:?} {:?}",
        ch.stopped, ch.nodes
    );
    assert_eq!(ch.stopped, StopReason::NodeLimit);
    assert_eq!(ch.children.len(), 16);
    assert!(ch.children.iter().any(|c| c.1.is_none()));
    assert!(ch.nodes <= 2_000 + 16);
    assert!(g.moves.is_empty());
    assert!(solver.proof_tree(&mut g).is_none());
    assert!(g.moves.is_empty());

    // With enough budget, every child is known, and each agrees with a solve of the child.
    let mut solver = Solver::new(Config::default());
    let ch = solver.solve_children(&mut g);
    assert_eq!(ch.stopped, StopReason::Solved);
    let winning: Vec<usize> = ch
        .children
        .iter()
        .filter(|c| c.1 == Some(Outcome::Proven))
        .map(|c| c.0)
        .collect();
    println!(
        "4x4 3-in-a-row winning first moves: {winning:?}, {} nodes",
        ch.nodes
    );
    assert!(!winning.is_empty());
    for &(mv, v) in &ch.children {
        g.play(mv);
        let mut fresh = Solver::new(Config::default());
        assert_eq!(fresh.solve(&mut g).outcome, v, "move {mv}");
        g.undo();
    }
    // A tree that starts with one of them.
    let tree = solver.proof_tree(&mut g).expect("tree");
    verify(&tree, &mut g).expect("verified");
    assert!(winning.contains(&tree.nodes[0].children[0].0));
}

/// A problem that lists moves twice and gives out-of-range initial numbers.
struct Odd {
    inner: Graph,
    numbers: (u32, u32),
}

impl Problem for Odd {
    type Move = usize;
    fn key(&self) -> u64 {
        self.inner.key()
    }
    fn node_kind(&self) -> NodeKind {
        self.inner.node_kind()
    }
    fn terminal(&mut self) -> Option<Outcome> {
        self.inner.terminal()
    }
    fn repetition(&self) -> Outcome {
        self.inner.repetition()
    }
    fn moves(&mut self, moves: &mut Vec<usize>) {
        self.inner.moves(moves);
        let again = moves.clone();
        moves.extend(again);
    }
    fn play(&mut self, mv: usize) {
        self.inner.play(mv);
    }
    fn undo(&mut self) {
        self.inner.undo();
    }
    fn initial_numbers(&mut self) -> (u32, u32) {
        self.numbers
    }
}

#[test]
fn odd_inputs_do_not_panic() {
    let base = 0x5EED_7001;
    println!("odd inputs: seeds {base}..+200");
    for i in 0..200u64 {
        let seed = base + i;
        let inner = Graph::random(seed, 2 + (i % 11) as usize, i % 2 == 0);
        let want = graph_minimax(&inner, 0, &mut Vec::new());
        let numbers = [(0, 0), (u32::MAX, u32::MAX), (0, u32::MAX), (7, 1)][(i % 4) as usize];
        let mut p = Odd { inner, numbers };
        let mut solver = Solver::new(Config {
            epsilon_percent: [0, u32::MAX, 1_000_000][(i % 3) as usize],
            weak: i % 2 == 0,
            weak_free: [0, 2, u32::MAX][(i % 3) as usize],
            rank_divisor: [0, 1, 2, u32::MAX][(i / 3 % 4) as usize],
            rank_cap: [16, u32::MAX][(i / 2 % 2) as usize],
            nodes: Some(1_000_000),
            ..Config::default()
        });
        let r = solver.solve(&mut p);
        assert_eq!(r.outcome, Some(want), "seed {seed}: {r:?}");
        let tree = solver.proof_tree(&mut p).expect("tree");
        verify(&tree, &mut p).expect("verified");
    }
}

#[test]
fn larger_cyclic_graphs_with_small_tables() {
    let base = 0x5EED_8001;
    println!("larger cyclic graphs, small tables: seeds {base}..+1000");
    let (mut fallbacks, mut nodes, mut proven) = (0, 0, 0);
    for i in 0..1000u64 {
        let seed = base + i;
        let mut g = Graph::random_with(seed, 8 + (i % 15) as usize, true, 12);
        let want = graph_minimax(&g, 0, &mut Vec::new());
        let config = Config {
            memory_bytes: [500usize, 5_000, 1 << 20][(i % 3) as usize],
            nodes: Some(2_000_000),
            weak: i % 2 == 1,
            weak_free: [0, 4][(i / 2 % 2) as usize],
            rank_divisor: [0, 2][(i / 4 % 2) as usize],
            rank_cap: 16,
            ..Config::default()
        };
        let mut solver = Solver::new(config);
        let r = solver.solve(&mut g);
        assert_eq!(r.outcome, Some(want), "seed {seed}: {r:?}");
        let ch = solver.solve_children(&mut g);
        for &(mv, v) in &ch.children {
            assert_eq!(v, Some(graph_minimax(&g, mv, &mut vec![0])), "seed {seed}");
        }
        fallbacks += solver.fallbacks();
        nodes += r.nodes;
        proven += usize::from(want == Outcome::Proven);
        if let Some(tree) = solver.proof_tree(&mut g) {
            verify(&tree, &mut g).expect("verified");
        } else {
            panic!("seed {seed}: no tree");
        }
    }
    println!("  {proven} proven, {nodes} nodes in solve, {fallbacks} fallbacks");
}

/// The move of `p`'s current state that leads to the state keyed `child`.
fn move_to<P: Problem>(p: &mut P, child: u64) -> Option<P::Move> {
    let mut moves = Vec::new();
    p.moves(&mut moves);
    moves.into_iter().find(|&m| {
        p.play(m);
        let k = p.key();
        p.undo();
        k == child
    })
}

/// [`Solver::root_winning_child`]: the child a search's root frame found deciding the
/// root wins with the root on the path (minimax), on random cyclic graphs, every node a
/// root, one fresh table per root and then one table for all (where only an adopted or
/// first root may answer).
#[test]
fn the_root_s_deciding_child_wins() {
    let base = 0x5EED_D0C1;
    println!("deciding children: seeds {base}..+200");
    let (mut decided, mut given) = (0, 0);
    for i in 0..200u64 {
        let seed = base + i;
        let g = Graph::random_with(seed, 4 + (i % 12) as usize, true, 6 + i % 6);
        let mut shared = Solver::new(small_config());
        for root in 0..g.nodes.len() {
            for fresh in [true, false] {
                let mut h = g.clone();
                h.stack = vec![root];
                let mut own = Solver::new(small_config());
                let solver = if fresh { &mut own } else { &mut shared };
                let r = solver.solve(&mut h);
                let key = h.key();
                let kind = h.node_kind();
                let wins = matches!(
                    (kind, r.outcome),
                    (NodeKind::Or, Some(Outcome::Proven))
                        | (NodeKind::And, Some(Outcome::Disproven))
                );
                decided += usize::from(wins && fresh);
                let Some(child) = solver.root_winning_child(key) else {
                    continue;
                };
                assert!(
                    wins,
                    "seed {seed} root {root}: a deciding child of an undecided root"
                );
                given += usize::from(fresh);
                let mv = move_to(&mut h, child)
                    .unwrap_or_else(|| panic!("seed {seed} root {root}: no such child"));
                let want = graph_minimax(&h, mv, &mut vec![root]);
                assert_eq!(Some(want), r.outcome, "seed {seed} root {root} child {mv}");
            }
        }
    }
    println!("  {decided} roots won by the side to move, a deciding child for {given}");
    assert!(given * 2 > decided, "{given} of {decided}");
}

#[test]
fn one_table_serves_every_root() {
    let base = 0x5EED_9001;
    println!("every state as a root, one table: seeds {base}..+300");
    for i in 0..300u64 {
        let seed = base + i;
        let g = Graph::random_with(seed, 4 + (i % 10) as usize, true, 6 + i % 6);
        let mut solver = Solver::new(Config {
            nodes: Some(1_000_000),
            ..Config::default()
        });
        // Solves only, twice round, so that later roots meet entries stored from every
        // other root; then children too (which empty the table when the root changes).
        for round in 0..3 {
            for root in 0..g.nodes.len() {
                let mut h = g.clone();
                h.stack = vec![root];
                let want = graph_minimax(&h, root, &mut Vec::new());
                let r = solver.solve(&mut h);
                assert_eq!(
                    r.outcome,
                    Some(want),
                    "seed {seed} root {root} round {round}"
                );
                if round < 2 {
                    continue;
                }
                let ch = solver.solve_children(&mut h);
                if h.nodes[root].terminal.is_none() {
                    for &(mv, v) in &ch.children {
                        let want = graph_minimax(&h, mv, &mut vec![root]);
                        assert_eq!(v, Some(want), "seed {seed} root {root} child {mv}");
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Core values: a graph game with tokens that matter only at some states.

/// A move of [`Tokens`]: an edge of the graph, or spending a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TokenMove {
    Edge(usize),
    Spend,
}

/// A random graph game where each side holds tokens: at a **marked** node the side to move
/// may spend one to go to the node's `alt` instead of along an edge (as a ko threat is
/// offered only under a ko ban). The core of a state is its node.
struct Tokens {
    graph: Graph,
    marked: Vec<bool>,
    alt: Vec<usize>,
    /// Tokens of the side at OR nodes and of the side at AND nodes.
    tokens: [u32; 2],
    stack: Vec<(usize, Option<usize>)>,
    /// Whether states have a core ([`Problem::core_key`]: the node).
    cores: bool,
}

impl Tokens {
    fn random(seed: u64, n: usize, cyclic: bool, tokens: [u32; 2]) -> Tokens {
        let graph = Graph::random(seed, n, cyclic);
        let mut rng = Rng(seed ^ 0x70CE);
        let marked = (0..n).map(|_| rng.below(2) == 0).collect();
        let alt = (0..n).map(|_| rng.below(n as u64) as usize).collect();
        Tokens {
            graph,
            marked,
            alt,
            tokens,
            stack: Vec::new(),
            cores: true,
        }
    }

    fn at(&self) -> usize {
        self.graph.at()
    }

    fn side(&self) -> usize {
        usize::from(self.graph.nodes[self.at()].kind == NodeKind::And)
    }
}

impl Problem for Tokens {
    type Move = TokenMove;

    fn key(&self) -> u64 {
        mix(self.graph.key() ^ u64::from(self.tokens[0]) << 40 ^ u64::from(self.tokens[1]) << 50)
    }

    fn node_kind(&self) -> NodeKind {
        self.graph.node_kind()
    }

    fn terminal(&mut self) -> Option<Outcome> {
        self.graph.terminal()
    }

    fn repetition(&self) -> Outcome {
        self.graph.repetition()
    }

    fn repetition_value(&self) -> Option<Outcome> {
        self.graph.repetition_value()
    }

    fn moves(&mut self, moves: &mut Vec<TokenMove>) {
        let at = self.at();
        moves.extend(
            self.graph.nodes[at]
                .edges
                .iter()
                .map(|&e| TokenMove::Edge(e)),
        );
        if self.marked[at] && self.tokens[self.side()] > 0 {
            moves.push(TokenMove::Spend);
        }
    }

    fn play(&mut self, mv: TokenMove) {
        match mv {
            TokenMove::Edge(e) => {
                self.graph.play(e);
                self.stack.push((e, None));
            }
            TokenMove::Spend => {
                let side = self.side();
                self.tokens[side] -= 1;
                self.graph.play(self.alt[self.at()]);
                self.stack.push((usize::MAX, Some(side)));
            }
        }
    }

    fn undo(&mut self) {
        if let Some((_, spent)) = self.stack.pop() {
            self.graph.undo();
            if let Some(side) = spent {
                self.tokens[side] += 1;
            }
        }
    }

    fn initial_numbers(&mut self) -> (u32, u32) {
        self.graph.initial_numbers()
    }

    fn core_key(&self) -> Option<u64> {
        self.cores.then(|| mix(self.graph.key() ^ 0xC0DE))
    }

    fn core_moves(&self) -> bool {
        !self.marked[self.at()]
    }

    fn core_move(&self, mv: TokenMove) -> bool {
        mv != TokenMove::Spend
    }
}

/// Minimax of [`Tokens`] with the repetition rule, the path holding whole states.
fn tokens_minimax(t: &mut Tokens, path: &mut Vec<(usize, [u32; 2])>) -> Outcome {
    let node = t.at();
    let state = (node, t.tokens);
    if path.contains(&state) {
        return t.graph.nodes[node].rep;
    }
    if let Some(o) = t.graph.nodes[node].terminal {
        return o;
    }
    let kind = t.graph.nodes[node].kind;
    let mut moves = Vec::new();
    t.moves(&mut moves);
    path.push(state);
    let mut result = match kind {
        NodeKind::Or => Outcome::Disproven,
        NodeKind::And => Outcome::Proven,
    };
    for mv in moves {
        t.play(mv);
        let v = tokens_minimax(t, path);
        t.undo();
        if (kind == NodeKind::Or) == (v == Outcome::Proven) {
            result = v;
            break;
        }
    }
    path.pop();
    result
}

/// [`Solver::adopt_root`] where it holds: roots searched in the order of the threshold
/// walk of a ko problem (the OR side's tokens lowest first, the AND side's going down to
/// none, then the OR side's going up), one table. A root whose OR side has more tokens
/// than every root before it is adopted, and its children are checked against minimax
/// with the root on the path; at every root, so is the deciding child
/// ([`Solver::root_winning_child`]). Adopting every root instead fails this test
/// (children left unanswered within the budget). With cores and without: values read
/// under a core key may pass through the root ("Core values and the root's moves" in the
/// module documentation), and the test fails if the searches of the root's moves read
/// them.
#[test]
fn adopted_roots_children_match_minimax() {
    let base = 0x5EED_AD09;
    println!("token games, adopted roots: seeds {base}..+150, every node a root");
    let (mut checked, mut deciding, mut unfinished) = (0, 0, 0);
    for i in 0..6000u64 {
        let seed = base + i / 40;
        let n = 4 + ((i / 40) % 16) as usize;
        let start = (i % 20) as usize % n;
        let cores = i % 40 >= 20;
        let game = |tokens| {
            let mut t = Tokens::random(seed, n, true, tokens);
            t.cores = cores;
            t.graph.stack = vec![start];
            t
        };
        let mut solver = Solver::new(small_config());
        let mut most = 0;
        for (k, &tokens) in [[0, 3], [0, 1], [0, 0], [1, 0], [2, 0], [3, 0]]
            .iter()
            .enumerate()
        {
            let mut t = game(tokens);
            let want = tokens_minimax(&mut game(tokens), &mut Vec::new());
            let adopt = k > 0 && tokens[0] > most;
            most = most.max(tokens[0]);
            if adopt {
                solver.adopt_root(&t);
            }
            let r = solver.solve(&mut t);
            let Some(outcome) = r.outcome else {
                // Not finished within the budget (some cyclic token games are slow to
                // end): nothing to check, and the later roots would lack its entries.
                unfinished += 1;
                break;
            };
            let at = format!("seed {seed} root {start} tokens {tokens:?} cores {cores}");
            assert_eq!(outcome, want, "{at}");
            let root = (t.at(), t.tokens);
            if let Some(child) = solver.root_winning_child(t.key()) {
                let mv = move_to(&mut t, child).unwrap_or_else(|| panic!("{at}: no such child"));
                t.play(mv);
                let v = tokens_minimax(&mut t, &mut vec![root]);
                t.undo();
                assert_eq!(v, outcome, "{at}: deciding child {mv:?}");
                deciding += 1;
            }
            if !adopt {
                continue;
            }
            let ch = solver.solve_children(&mut t);
            for &(mv, v) in &ch.children {
                t.play(mv);
                let want = tokens_minimax(&mut t, &mut vec![root]);
                t.undo();
                assert_eq!(v, Some(want), "{at} move {mv:?}");
                checked += 1;
            }
        }
    }
    println!(
        "  {checked} children and {deciding} deciding children checked, \
         {unfinished} searches unfinished"
    );
    assert!(
        checked > 6000 && deciding > 6000 && unfinished < 60,
        "{checked} {deciding} {unfinished}"
    );
}

#[test]
fn core_values_shared_across_token_counts_match_minimax() {
    let base = 0x5EED_C0E0;
    println!("token games: seeds {base}..+300");
    let (mut differ, mut checked) = (0, 0);
    for i in 0..300u64 {
        let seed = base + i;
        let n = 4 + (i % 16) as usize;
        let cyclic = i % 2 == 1;
        let counts: Vec<[u32; 2]> = (0..3).flat_map(|a| (0..3).map(move |b| [a, b])).collect();
        let wants: Vec<Outcome> = counts
            .iter()
            .map(|&c| tokens_minimax(&mut Tokens::random(seed, n, cyclic, c), &mut Vec::new()))
            .collect();
        differ += usize::from(wants.iter().any(|w| *w != wants[0]));
        // One solver for every token count, in both orders.
        for order in [false, true] {
            let mut solver = Solver::new(small_config());
            for k in 0..counts.len() {
                let k = if order { counts.len() - 1 - k } else { k };
                let mut t = Tokens::random(seed, n, cyclic, counts[k]);
                let r = solver.solve(&mut t);
                assert_eq!(
                    r.outcome,
                    Some(wants[k]),
                    "seed {seed} n {n} cyclic {cyclic} tokens {:?}",
                    counts[k]
                );
                assert!(t.stack.is_empty());
                checked += 1;
                // The root's moves, in a table that served other roots (emptied first).
                let ch = solver.solve_children(&mut t);
                for &(mv, v) in &ch.children {
                    t.play(mv);
                    let mut path = vec![(0, counts[k])];
                    let want = tokens_minimax(&mut t, &mut path);
                    t.undo();
                    assert_eq!(v, Some(want), "seed {seed}: child {mv:?}");
                }
            }
        }
    }
    println!("{checked} solves, {differ} games whose value depends on the tokens");
    assert!(differ >= 15, "too few games where tokens matter: {differ}");
}

/// A table that served other roots, for the children of a new root: with one value for
/// every repetition it keeps the values of that outcome (`Solver::solve_children`),
/// else it is emptied; either way every child's value must be minimax's with the root on
/// the path.
#[test]
fn children_after_other_roots_match_minimax() {
    let base = 0x5EED_4001;
    println!("random cyclic graphs, children after other roots: seeds {base}..+600");
    let mut kept = 0;
    for i in 0..600u64 {
        let seed = base + i;
        let n = 3 + (i % 20) as usize;
        let mut g = Graph::random(seed, n, true);
        let mut solver = Solver::new(small_config());
        // Fill the table from other roots: each node in turn.
        for r in 1..n.min(6) {
            g.stack = vec![r];
            solver.solve(&mut g);
        }
        g.stack = vec![0];
        let before = solver.table_entries();
        let ch = solver.solve_children(&mut g);
        if g.rep_value.is_some() && before > 0 && solver.table_entries() > 0 {
            kept += 1;
        }
        assert_eq!(ch.stopped, StopReason::Solved, "seed {seed}");
        for &(mv, v) in &ch.children {
            let want = graph_minimax(&g, mv, &mut vec![0]);
            assert_eq!(v, Some(want), "seed {seed}: child {mv}");
        }
    }
    println!("{kept} searches kept entries of other roots");
    assert!(kept >= 100, "{kept}");
}

// Threads: the answers of one thread, whatever the thread count.

/// Solves `g` on `threads` threads and checks the root and its children against minimax
/// and the proof tree built from the table the helpers fed.
fn check_graph_threads(seed: u64, n: usize, cyclic: bool, threads: usize) {
    let mut g = Graph::random(seed, n, cyclic);
    let want = graph_minimax(&g, 0, &mut Vec::new());
    let mut solver = Solver::new(Config {
        threads,
        ..small_config()
    });
    let r = solver.solve_threads(&mut g, u64::MAX, &mut |_| true);
    assert_eq!(g.stack, vec![0], "seed {seed}: state not restored");
    assert_eq!(
        r.outcome,
        Some(want),
        "seed {seed} n {n} cyclic {cyclic} threads {threads}: {r:?}"
    );
    let ch = solver.solve_children(&mut g);
    assert_eq!(ch.stopped, StopReason::Solved, "seed {seed}");
    for &(mv, v) in &ch.children {
        let want = graph_minimax(&g, mv, &mut vec![0]);
        assert_eq!(v, Some(want), "seed {seed} threads {threads}: child {mv}");
    }
    let tree = solver
        .proof_tree(&mut g)
        .unwrap_or_else(|| panic!("seed {seed}: no proof tree"));
    assert_eq!(tree.outcome, want);
    if let Err(e) = verify(&tree, &mut g) {
        panic!("seed {seed} threads {threads}: {e}");
    }
}

#[test]
fn random_graphs_match_minimax_on_threads() {
    // More threads than this machine's cores: the threads interleave at random, which
    // is the point (a stress test of what they share).
    let base = 0x5EED_7001;
    println!("threads on random graphs: seeds {base}..+300");
    for i in 0..300u64 {
        let threads = 2 + (i % 4) as usize;
        let cyclic = i % 3 != 0;
        let n = if cyclic {
            2 + (i % 11) as usize
        } else {
            2 + (i % 30) as usize
        };
        check_graph_threads(base + i, n, cyclic, threads);
    }
}

#[test]
fn tic_tac_toe_on_threads_is_a_draw() {
    for threads in [2, 3, 8] {
        let mut g = Connect::new(3, 3, 1);
        let mut solver = Solver::new(Config {
            threads,
            ..Config::default()
        });
        let r = solver.solve_threads(&mut g, u64::MAX, &mut |_| true);
        println!("tic-tac-toe on {threads} threads: {r:?}");
        assert_eq!(r.outcome, Some(Outcome::Disproven));
        assert!(g.moves.is_empty());
    }
}

#[test]
fn budgets_cover_every_thread() {
    // Nodes: every thread counts toward one limit, each at most a batch and an
    // expansion late.
    for (threads, limit) in [(2usize, 50_000u64), (4, 200_000)] {
        let mut g = big();
        let mut solver = Solver::new(Config {
            nodes: Some(limit),
            threads,
            ..Config::default()
        });
        let r = solver.solve_threads(&mut g, u64::MAX, &mut |_| true);
        println!("{threads} threads, node limit {limit}: {r:?}");
        assert_eq!((r.outcome, r.stopped), (None, StopReason::NodeLimit));
        let slack = threads as u64 * (search::SYNC_NODES + 25);
        assert!(r.nodes >= limit && r.nodes <= limit + slack, "{r:?}");
        assert!(g.moves.is_empty());
    }
    // Time.
    let t = Duration::from_millis(200);
    let mut solver = Solver::new(Config {
        time: Some(t),
        threads: 3,
        ..Config::default()
    });
    let r = solver.solve_threads(&mut big(), u64::MAX, &mut |_| true);
    println!("3 threads, time limit {t:?}: {r:?}");
    assert_eq!((r.outcome, r.stopped), (None, StopReason::TimeLimit));
    assert!(r.elapsed >= t && r.elapsed <= t * 10, "{:?}", r.elapsed);
    // Cancellation, from another thread, stops them all.
    let flag = Arc::new(AtomicBool::new(false));
    let mut solver = Solver::new(Config {
        cancel: Some(flag.clone()),
        threads: 3,
        ..Config::default()
    });
    let setter = {
        let flag = flag.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            flag.store(true, std::sync::atomic::Ordering::Relaxed);
        })
    };
    let r = solver.solve_threads(&mut big(), u64::MAX, &mut |_| true);
    setter.join().expect("setter thread");
    println!("3 threads cancelled after 50 ms: {r:?}");
    assert_eq!((r.outcome, r.stopped), (None, StopReason::Cancelled));
    assert!(r.elapsed < Duration::from_secs(5));
}

#[test]
fn memory_is_shared_out_between_threads() {
    for memory in [30 << 20, 256 << 20, 1000 << 20] {
        for threads in [1usize, 2, 3, 4, 8] {
            let solver = Solver::new(Config {
                memory_bytes: memory,
                threads,
                ..Config::default()
            });
            let (tables, store) = super::search::memory_plan(memory, threads);
            assert_eq!(tables.len(), threads);
            assert_eq!(solver.table_capacity(), table::capacity_for(tables[0]));
            if threads == 1 {
                assert_eq!((tables[0], store), (memory, 0));
                continue;
            }
            // Every table is as large as it will ever get, and with the store they fit.
            for &t in &tables {
                assert_eq!(table::footprint(t), t);
            }
            let used: usize = tables.iter().sum();
            assert_eq!(used + store, memory, "{memory} {threads}");
            assert!(store >= memory / 8, "{memory} {threads}: store {store}");
            // No table could be doubled within seven eighths of the memory, and the main
            // thread's is the largest.
            let smallest = *tables.iter().min().unwrap();
            assert!(used + smallest > memory - memory / 8, "{tables:?}");
            assert_eq!(tables[0], *tables.iter().max().unwrap());
            // At two threads, each table holds at least half of what one thread's would
            // (an equal third each held as little as a quarter).
            if threads == 2 {
                let whole = table::capacity_for(memory);
                assert!(2 * table::capacity_for(tables[1]) >= whole, "{tables:?}");
            }
        }
    }
}
